/**
 * The internal testing suite's API (/api/test-tools/*) against the local backend: every endpoint
 * refuses anonymous callers (401), families and providers (403); the demo admin creates a real
 * test provider account (auth user + providers row with the test label and a 30-day trial), is
 * refused a test inquiry while no test provider exists, then sends one, records engagement, reads
 * the counts and cleans up (inquiries and engagement go, providers stay); and none of it reaches
 * the admin overview's totals.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import overview from '../../netlify/functions/admin-overview.mts';
import testTools, { config } from '../../netlify/functions/test-tools.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { TEST_PROVIDER, TEST_PROVIDER_EMAIL_LIKE } from '../../netlify/functions/_shared/test-tools.ts';
import { MESSAGES } from '../../src/lib/schemas.ts';
import { TEST_PROGRAM_ID, TEST_PROGRAM_LABEL } from '../../src/lib/vocabulary.ts';
import {
  REQUIRED_HEADERS,
  SEED,
  adminSql,
  body,
  confirmedUser,
  ctx,
  signIn,
  type ApiError,
} from './helpers.ts';
import type { AdminOverview } from '../../src/api/contracts/admin.ts';
import {
  type TestCleanupResult,
  type TestEngagementEvent,
  type TestInquiry,
  type TestProvider,
  type TestToolsOverview,
  TEST_TOOLS_MESSAGES,
} from '../../src/api/contracts/test-tools.ts';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const ENDPOINTS: [string, string][] = [
  ['GET', '/api/test-tools/overview'],
  ['GET', '/api/test-tools/providers'],
  ['POST', '/api/test-tools/providers'],
  ['POST', '/api/test-tools/inquiries'],
  ['POST', '/api/test-tools/engagement'],
  ['POST', '/api/test-tools/cleanup'],
];

function request(method: string, path: string, token?: string, payload?: unknown): Request {
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Request(`http://localhost${path}`, {
    method,
    headers,
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
}

/** Calls the handler that `config.path` routes `path` to (the way Netlify does). */
function call(method: string, path: string, token?: string, payload?: unknown): Promise<Response> {
  const paths = ([] as string[]).concat(config.path ?? []);
  if (!paths.includes(path)) throw new Error(`not routed: ${path}`);
  return testTools(request(method, path, token, payload), ctx());
}

let adminToken = '';
let familyToken = '';
let providerToken = '';
let baseline = { inquiries: 0, engagement: 0 };

/** Test inquiries and test engagement in the database, counted directly. */
async function testCounts(): Promise<{ inquiries: number; engagement: number }> {
  const [row] = await sql<{ inquiries: number; engagement: number }[]>`
    select (select count(*)::int from provider_inquiries
            where program_id = ${TEST_PROGRAM_ID} or program_name = ${TEST_PROGRAM_LABEL}) as inquiries,
           (select count(*)::int from program_engagement where program_id = ${TEST_PROGRAM_ID}) as engagement`;
  return row ?? { inquiries: 0, engagement: 0 };
}

beforeAll(async () => {
  const family = await confirmedUser('tt-family', 'tt-family-pass-1');
  familyToken = family.token;
  [adminToken, providerToken] = await Promise.all([
    signIn(SEED.admin.email, SEED.admin.password),
    signIn(SEED.provider.email, SEED.provider.password),
  ]);
  // Test providers are made by this file alone: start from none. The seed's demo inquiries and
  // engagement of the test program stay (other files read them); counts are taken relative to them.
  await sql`delete from auth.users where email like ${TEST_PROVIDER_EMAIL_LIKE}`;
  baseline = await testCounts();
});

describe('config', () => {
  it('is a v2 function whose paths and rate limit Netlify can read (as tests/api/config.test.ts)', async () => {
    const zisi = import.meta.resolve('@netlify/zip-it-and-ship-it');
    const { parseSource } = (await import(
      new URL('./runtimes/node/in_source_config/index.js', zisi).href
    )) as {
      parseSource: (
        source: string,
        options: { functionName: string },
      ) => { config: { path?: string[]; rateLimit?: unknown }; runtimeAPIVersion: number };
    };
    const source = await readFile(new URL('../../netlify/functions/test-tools.mts', import.meta.url), 'utf8');
    const parsed = parseSource(source, { functionName: 'test-tools' });
    expect(parsed.runtimeAPIVersion).toBe(2);
    expect(parsed.config.path).toEqual(
      ENDPOINTS.map(([, path]) => path).filter((p, i, all) => all.indexOf(p) === i),
    );
    expect(parsed.config.rateLimit).toEqual(config.rateLimit);
  });
});

describe('access', () => {
  it.each(ENDPOINTS)('%s %s: 401 without a token, 403 for a family and a provider', async (method, path) => {
    const payload = method === 'POST' ? { event_type: 'view', name: 'X', email: 'x@example.org' } : undefined;
    const anonymous = await call(method, path, undefined, payload);
    expect(anonymous.status).toBe(401);
    for (const [name, value] of REQUIRED_HEADERS) expect(anonymous.headers.get(name)).toBe(value);
    const bad = await call(method, path, 'not-a-token', payload);
    expect(bad.status).toBe(401);
    for (const token of [familyToken, providerToken]) {
      const res = await call(method, path, token, payload);
      expect(res.status).toBe(403);
      expect((await body<ApiError>(res)).error.message).toBe(TEST_TOOLS_MESSAGES.notAdmin);
    }
    // Nothing was written by the refused calls.
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from providers where email like ${TEST_PROVIDER_EMAIL_LIKE}`;
    expect(row?.n).toBe(0);
    expect(await testCounts()).toEqual(baseline);
  });

  it('other methods are 405', async () => {
    expect((await call('GET', '/api/test-tools/cleanup', adminToken)).status).toBe(405);
    expect((await call('DELETE', '/api/test-tools/providers', adminToken)).status).toBe(405);
  });
});

describe('the admin runs the suite', () => {
  let provider: TestProvider;

  it('a test inquiry is refused while no test provider exists', async () => {
    const res = await call('POST', '/api/test-tools/inquiries', adminToken, {
      name: 'Test User',
      email: 'test-user@example.org',
    });
    expect(res.status).toBe(409);
    expect((await body<ApiError>(res)).error.message).toBe(
      'Please create a test provider first before submitting test inquiries.',
    );
  });

  it('creates a real test provider account: auth user, providers row, 30-day trial', async () => {
    const before = Date.now();
    const res = await call('POST', '/api/test-tools/providers', adminToken);
    expect(res.status).toBe(201);
    provider = (await body<{ provider: TestProvider }>(res)).provider;
    expect(provider).toMatchObject({
      organization_name: TEST_PROGRAM_LABEL,
      contact_name: TEST_PROVIDER.contactName,
      phone: TEST_PROVIDER.phone,
      subscription_plan: 'free',
      subscription_status: 'trial',
      verification_status: 'unverified',
    });
    const stamp = /^test-provider-(\d{13})-[0-9a-f]{4}@test-provider\.invalid$/.exec(provider.email);
    expect(stamp, provider.email).not.toBeNull();
    expect(Number(stamp?.[1])).toBeGreaterThanOrEqual(before - 1000);
    expect(Number(stamp?.[1])).toBeLessThanOrEqual(Date.now() + 1000);

    const [row] = await sql<{ days: number; email: string; has_password: boolean; role: string | null }[]>`
      select extract(epoch from p.trial_ends_at - p.created_at) / 86400 as days, u.email,
             coalesce(u.encrypted_password, '') <> '' as has_password,
             (select r.role from user_roles r where r.user_id = u.id) as role
      from providers p join auth.users u on u.id = p.user_id where p.id = ${provider.id}`;
    expect(Number(row?.days)).toBe(30);
    expect(row?.email).toBe(provider.email);
    expect(row?.has_password).toBe(false);
    expect(row?.role).toBe('provider');
    const [identity] = await sql`select 1 from auth.identities where user_id = ${provider.user_id}`;
    expect(identity).toBeDefined();
  });

  it('lists the test providers, newest first', async () => {
    const second = await call('POST', '/api/test-tools/providers', adminToken);
    expect(second.status).toBe(201);
    const newest = (await body<{ provider: TestProvider }>(second)).provider;
    expect(newest.email).not.toBe(provider.email);
    const res = await call('GET', '/api/test-tools/providers', adminToken);
    expect(res.status).toBe(200);
    const { providers } = await body<{ providers: TestProvider[] }>(res);
    expect(providers.map((p) => p.id)).toEqual([newest.id, provider.id]);
    provider = newest;
  });

  it('the auth-user step only makes test addresses, for administrators', async () => {
    await expect(
      sql.begin(async (tx) => {
        await tx`select set_config('role', 'authenticated', true)`;
        await tx`select private.create_test_user('test-provider-1-aaaa@test-provider.invalid', '{}'::jsonb)`;
      }),
    ).rejects.toThrow(/Only administrators/);
    const admin = JSON.stringify({ sub: '11111111-1111-4111-8111-111111111111', role: 'authenticated' });
    await expect(
      sql.begin(async (tx) => {
        await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${admin}, true)`;
        await tx`select private.create_test_user('someone@example.org', '{}'::jsonb)`;
      }),
    ).rejects.toThrow(/test-provider-/);
  });

  it('stores a test inquiry for the newest test provider (not mailed), and validates it', async () => {
    const invalid = await call('POST', '/api/test-tools/inquiries', adminToken, { email: 'x@example.org' });
    expect(invalid.status).toBe(400);
    const res = await call('POST', '/api/test-tools/inquiries', adminToken, {
      name: 'Test User',
      email: 'test-user@example.org',
      phone: '(555) 010-0123',
      message: 'A test inquiry.',
      program_id: 'some-real-program',
    });
    expect(res.status).toBe(201);
    const { inquiry } = await body<{ inquiry: TestInquiry }>(res);
    expect(inquiry).toMatchObject({
      provider_id: provider.id,
      program_id: TEST_PROGRAM_ID,
      program_name: TEST_PROGRAM_LABEL,
      type: 'info',
      urgency: 'medium',
      status: 'new',
      name: 'Test User',
      email: 'test-user@example.org',
    });
  });

  it('records test engagement for the test program', async () => {
    for (const event_type of ['view', 'website_click', 'call_click', 'info_request']) {
      const res = await call('POST', '/api/test-tools/engagement', adminToken, { event_type });
      expect(res.status).toBe(201);
      const { event } = await body<{ event: TestEngagementEvent }>(res);
      expect(event).toMatchObject({ program_id: TEST_PROGRAM_ID, event_type });
    }
    const invalid = await call('POST', '/api/test-tools/engagement', adminToken, { event_type: 'purchase' });
    expect(invalid.status).toBe(400);
    expect((await body<ApiError>(invalid)).error.message).toBe(MESSAGES.eventType);
  });

  it('the overview counts and lists the test data', async () => {
    const res = await call('GET', '/api/test-tools/overview', adminToken);
    expect(res.status).toBe(200);
    const data = await body<TestToolsOverview>(res);
    expect(data.status).toBe('Ready');
    expect(data.counts).toEqual({
      providers: 2,
      inquiries: baseline.inquiries + 1,
      engagement: baseline.engagement + 4,
    });
    expect(data.providers).toHaveLength(2);
    expect(data.inquiries[0]?.name).toBe('Test User');
    const notTest = data.inquiries.filter(
      (i) => i.program_id !== TEST_PROGRAM_ID && i.program_name !== TEST_PROGRAM_LABEL,
    );
    expect(notTest).toEqual([]);
    expect(
      data.engagement
        .slice(0, 4)
        .map((e) => e.event_type)
        .sort(),
    ).toEqual(['call_click', 'info_request', 'view', 'website_click']);
  });

  it('test data is left out of the admin overview', async () => {
    const res = await overview(request('GET', '/api/admin/overview', adminToken), ctx());
    expect(res.status).toBe(200);
    const data = await body<AdminOverview>(res);
    expect(data.providers.filter((p) => p.organization_name === TEST_PROGRAM_LABEL)).toEqual([]);
    expect(data.providers.some((p) => p.email === 'provider@example.org')).toBe(true);
    expect(data.inquiries.by_program.filter((p) => p.program_id === TEST_PROGRAM_ID)).toEqual([]);
    expect(data.engagement.filter((e) => e.program_id === TEST_PROGRAM_ID)).toEqual([]);
    // The status totals are exactly the inquiries that are not test data (files run one at a time).
    const [real] = await sql<{ n: number; test: number }[]>`
      select count(*) filter (where not is_test)::int as n, count(*) filter (where is_test)::int as test
      from (
        select i.program_id is not distinct from ${TEST_PROGRAM_ID}
            or i.program_name is not distinct from ${TEST_PROGRAM_LABEL}
            or exists (select 1 from providers p where p.id = i.provider_id and p.email like ${TEST_PROVIDER_EMAIL_LIKE})
            as is_test
        from provider_inquiries i
      ) t`;
    const { new: fresh, contacted, closed } = data.inquiries.by_status;
    expect(real?.test).toBe(baseline.inquiries + 1);
    expect(fresh + contacted + closed).toBe(real?.n);
  });

  it('cleanup removes test inquiries and engagement, keeps providers and the test program', async () => {
    const res = await call('POST', '/api/test-tools/cleanup', adminToken);
    expect(res.status).toBe(200);
    expect(await body<TestCleanupResult>(res)).toEqual({
      inquiries_removed: baseline.inquiries + 1,
      engagement_removed: baseline.engagement + 4,
    });
    const after = await body<TestToolsOverview>(await call('GET', '/api/test-tools/overview', adminToken));
    expect(after.counts).toEqual({ providers: 2, inquiries: 0, engagement: 0 });
    expect(after.inquiries).toEqual([]);
    expect(after.engagement).toEqual([]);
    const [left] = await sql<{ n: number }[]>`
      select count(*)::int as n from providers where email like ${TEST_PROVIDER_EMAIL_LIKE}`;
    expect(left?.n).toBe(2);
  });
});
