/**
 * The internal testing suite's API (/comprehensive-testing; docs/product-rules.md#testing-suite).
 * Administrators only.
 *
 * - `GET /api/test-tools/overview` → 200 `TestToolsOverview`: the counts (test providers, test
 *   inquiries, test engagement events), the test providers (newest first, 100), the test
 *   inquiries (newest first, 100) and the newest test engagement events (50; the page shows 10
 *   and "and N more" from the count).
 * - `GET /api/test-tools/providers` → 200 `{ providers }`: the test providers, newest first.
 * - `POST /api/test-tools/providers` (no body needed) → 201 `{ provider }`: a REAL test provider
 *   account: an auth user (`private.create_test_user`, migration 20261122001500) and a providers
 *   row with the fixed contact name, organisation "Test Program - DO NOT DISPLAY LIVE", a
 *   timestamped `test-provider-…@test-provider.invalid` address, the fixed phone, plan free,
 *   status trial and a 30-day trial. Failures carry these texts: `Auth error: {message}`,
 *   `No user created`, `Provider creation error: {message}` (500).
 * - `POST /api/test-tools/inquiries` `{ name, email, phone?, message?, type? }` → 201
 *   `{ inquiry }`: an inquiry about the test program (program_id test-program-001, program_name
 *   the test label, urgency medium for `info`) addressed to the newest test provider. 409 with
 *   "Please create a test provider first …" when there is none.
 * - `POST /api/test-tools/engagement` `{ event_type }` → 201 `{ event }`: one program_engagement
 *   row for test-program-001.
 * - `POST /api/test-tools/cleanup` → 200 `{ inquiries_removed, engagement_removed }`: removes the
 *   test inquiries and the test engagement; test providers and the test program stay.
 *
 * Every endpoint: 401 without a valid token; 403 for anyone who is not an administrator, as
 * `private.is_admin()` says in the same `withClaims` transaction that then reads or writes
 * (through RLS, as the administrator: nothing here runs as the service role); 405 for other
 * methods; 429 over the limit. The browser never writes to the database itself.
 */
import type { Config, Context } from '@netlify/functions';
import { z } from 'zod';
import {
  TEST_TOOLS_MESSAGES,
  type TestCleanupResult,
  type TestEngagementEvent,
  type TestInquiry,
  type TestProvider,
  type TestToolsOverview,
} from '../../src/api/contracts/test-tools.ts';
import { inquirySchema, MESSAGES } from '../../src/lib/schemas.ts';
import { ENGAGEMENT_EVENT_TYPES } from '../../src/lib/vocabulary.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims, type Tx } from './_shared/db.ts';
import {
  allowMethods,
  badRequestFromZod,
  conflict,
  forbidden,
  handle,
  HttpError,
  json,
  notFound,
  readJson,
} from './_shared/http.ts';
import { RateLimiter } from './_shared/rate-limit.ts';
import {
  isTestInquirySql,
  isTestProviderSql,
  TEST_PROGRAM_ID,
  TEST_PROGRAM_LABEL,
  TEST_PROVIDER,
  TEST_PROVIDER_TRIAL_DAYS,
  testProviderEmail,
} from './_shared/test-tools.ts';

const ROUTES = ['overview', 'providers', 'inquiries', 'engagement', 'cleanup'] as const;
type Route = (typeof ROUTES)[number];
const METHODS: Record<Route, string[]> = {
  overview: ['GET'],
  providers: ['GET', 'POST'],
  inquiries: ['POST'],
  engagement: ['POST'],
  cleanup: ['POST'],
};
const PATH = /^\/api\/test-tools\/([a-z]+)\/?$/;

/** The same 403 as /api/admin/*, made in SQL in the caller's own transaction. */
async function assertTestAdmin(tx: Tx): Promise<void> {
  const [row] = await tx<{ admin: boolean }[]>`select private.is_admin() as admin`;
  if (row?.admin !== true) throw forbidden(TEST_TOOLS_MESSAGES.notAdmin);
}

function selectProviders(tx: Tx, limit: number) {
  return tx<TestProvider[]>`
    select id, user_id, organization_name, contact_name, email, phone, subscription_plan,
           subscription_status, trial_ends_at, verification_status, created_at
    from providers p
    where ${isTestProviderSql(tx, 'p')}
    order by created_at desc, id limit ${limit}`;
}

async function overview(tx: Tx): Promise<TestToolsOverview> {
  const [counts] = await tx<TestToolsOverview['counts'][]>`
    select
      (select count(*)::int from providers p where ${isTestProviderSql(tx, 'p')}) as providers,
      (select count(*)::int from provider_inquiries i where ${isTestInquirySql(tx, 'i')}) as inquiries,
      (select count(*)::int from program_engagement where program_id = ${TEST_PROGRAM_ID}) as engagement`;
  const providers = await selectProviders(tx, 100);
  const inquiries = await tx<TestInquiry[]>`
    select id, provider_id, program_id, type, name, email, phone, message, program_name, urgency,
           status, created_at
    from provider_inquiries i
    where ${isTestInquirySql(tx, 'i')}
    order by created_at desc, id limit 100`;
  const engagement = await tx<TestEngagementEvent[]>`
    select id, program_id, event_type, created_at from program_engagement
    where program_id = ${TEST_PROGRAM_ID}
    order by created_at desc, id limit 50`;
  return {
    status: 'Ready',
    counts: counts ?? { providers: 0, inquiries: 0, engagement: 0 },
    providers: [...providers],
    inquiries: [...inquiries],
    engagement: [...engagement],
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'unknown error';
}

/**
 * A real test provider account. Two steps, each with its own error text: the auth user, then
 * the providers row (inserted through the "Admins create provider profiles" policy, then given
 * the test provider's free plan and 30-day trial, which only an administrator may set). One
 * transaction: a failed step leaves neither behind.
 */
async function createProvider(tx: Tx): Promise<TestProvider> {
  const email = testProviderEmail();
  let userId: string | null;
  try {
    const metadata = {
      full_name: TEST_PROVIDER.contactName,
      name: TEST_PROVIDER.contactName,
      organization_name: TEST_PROVIDER.organizationName,
      phone: TEST_PROVIDER.phone,
    };
    const [row] = await tx<{ id: string | null }[]>`
      select private.create_test_user(${email}, ${JSON.stringify(metadata)}::jsonb) as id`;
    userId = row?.id ?? null;
  } catch (error) {
    throw new HttpError(500, 'server_error', TEST_TOOLS_MESSAGES.authError(messageOf(error)));
  }
  if (userId === null) throw new HttpError(500, 'server_error', TEST_TOOLS_MESSAGES.noUser);
  try {
    const [inserted] = await tx<{ id: string }[]>`
      insert into providers (user_id, organization_name, contact_name, email, phone)
      values (${userId}, ${TEST_PROVIDER.organizationName}, ${TEST_PROVIDER.contactName}, ${email},
              ${TEST_PROVIDER.phone})
      returning id`;
    if (!inserted) throw new Error('the insert returned no row');
    const [provider] = await tx<TestProvider[]>`
      update providers
      set subscription_plan = 'free', subscription_status = 'trial',
          trial_ends_at = created_at + make_interval(days => ${TEST_PROVIDER_TRIAL_DAYS}::int)
      where id = ${inserted.id}
      returning id, user_id, organization_name, contact_name, email, phone, subscription_plan,
                subscription_status, trial_ends_at, verification_status, created_at`;
    if (!provider) throw new Error('the trial could not be set');
    return provider;
  } catch (error) {
    throw new HttpError(500, 'server_error', TEST_TOOLS_MESSAGES.providerError(messageOf(error)));
  }
}

/** The test inquiry form's fields; the program and type are fixed here (type may be `call`). */
const testInquiryBody = z.record(z.string(), z.unknown(), { error: MESSAGES.bodyObject });

/**
 * A test inquiry, stored for the newest test provider. It is NOT mailed: the test provider's
 * address is a reserved `.invalid` one that no mail can reach, and a test must never write to a
 * real program's admissions inbox. Storing the row is the delivery: it appears in the suite's
 * list (and in that provider's dashboard, were anyone able to sign in as it).
 */
async function createInquiry(tx: Tx, raw: unknown): Promise<TestInquiry> {
  const object = testInquiryBody.safeParse(raw);
  if (!object.success) throw badRequestFromZod(object.error);
  const parsed = inquirySchema.safeParse({ type: 'info', ...object.data, program_id: TEST_PROGRAM_ID });
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  const [provider] = await selectProviders(tx, 1);
  if (!provider) throw conflict(TEST_TOOLS_MESSAGES.noTestProvider);
  const input = parsed.data;
  const [inquiry] = await tx<TestInquiry[]>`
    insert into provider_inquiries (provider_id, program_id, type, name, email, phone, message, program_name)
    values (${provider.id}, ${TEST_PROGRAM_ID}, ${input.type}, ${input.name}, ${input.email},
            ${input.phone ?? null}, ${input.message ?? ''}, ${TEST_PROGRAM_LABEL})
    returning id, provider_id, program_id, type, name, email, phone, message, program_name, urgency,
              status, created_at`;
  if (!inquiry) throw new Error('the inquiry insert returned no row');
  return inquiry;
}

const engagementBody = z.strictObject(
  { event_type: z.enum(ENGAGEMENT_EVENT_TYPES, { error: MESSAGES.eventType }) },
  { error: MESSAGES.bodyObject },
);

async function createEvent(tx: Tx, raw: unknown): Promise<TestEngagementEvent> {
  const parsed = engagementBody.safeParse(raw);
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  const [event] = await tx<TestEngagementEvent[]>`
    insert into program_engagement (program_id, event_type)
    values (${TEST_PROGRAM_ID}, ${parsed.data.event_type})
    returning id, program_id, event_type, created_at`;
  if (!event) throw new Error('the engagement insert returned no row');
  return event;
}

/** Test inquiries and test engagement go; test providers and the test program stay. */
async function cleanup(tx: Tx): Promise<TestCleanupResult> {
  const inquiries = await tx`delete from provider_inquiries i where ${isTestInquirySql(tx, 'i')}`;
  const engagement = await tx`delete from program_engagement where program_id = ${TEST_PROGRAM_ID}`;
  return { inquiries_removed: inquiries.count, engagement_removed: engagement.count };
}

export default handle('test-tools', async (req: Request, context: Context) => {
  const name = PATH.exec(new URL(req.url).pathname)?.[1];
  const route = ROUTES.find((r) => r === name);
  if (route === undefined) throw notFound();
  allowMethods(req, METHODS[route]);
  await limiter.check(context);
  const claims = await requireUser(req);

  return withClaims(claims, async (tx) => {
    await assertTestAdmin(tx);
    switch (route) {
      case 'overview':
        return json((await overview(tx)) satisfies TestToolsOverview);
      case 'providers':
        if (req.method === 'GET') return json({ providers: [...(await selectProviders(tx, 100))] });
        return json({ provider: await createProvider(tx) }, 201);
      case 'inquiries':
        return json({ inquiry: await createInquiry(tx, await readJson(req)) }, 201);
      case 'engagement':
        return json({ event: await createEvent(tx, await readJson(req)) }, 201);
      case 'cleanup':
        return json((await cleanup(tx)) satisfies TestCleanupResult);
    }
  });
});

export const config: Config = {
  // Literal, as Netlify reads `config` without running the module; one entry per ROUTES name.
  path: [
    '/api/test-tools/overview',
    '/api/test-tools/providers',
    '/api/test-tools/inquiries',
    '/api/test-tools/engagement',
    '/api/test-tools/cleanup',
  ],
  // A person clicking through the suite; the engagement buttons may be pressed quickly.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('test-tools', config.rateLimit);
