/**
 * The provider API: registration (`POST /api/providers`), the dashboard
 * (`GET /api/provider/dashboard`), inquiry status (`PATCH /api/provider/inquiries/:id`) and
 * verification requests (`POST /api/provider/verification-requests`), each with no token, another
 * provider's token and the owner's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dashboard from '../../netlify/functions/provider-dashboard.mts';
import inquiries from '../../netlify/functions/provider-inquiries.mts';
import verification from '../../netlify/functions/provider-verification-requests.mts';
import providers from '../../netlify/functions/providers.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { PROVIDER_MESSAGES } from '../../src/lib/provider-schemas.ts';
import {
  REQUIRED_HEADERS,
  SEED,
  adminSql,
  body,
  confirmedUser,
  ctx,
  outboxFor,
  signIn,
  type ApiError,
  type TestUser,
} from './helpers.ts';
import {
  NO_PROFILE,
  type DashboardResponse,
  NO_INQUIRY,
  ALREADY_PENDING,
  ALREADY_VERIFIED,
  type ProviderResponse,
} from '../../src/api/contracts/providers.ts';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const DAY_MS = 24 * 60 * 60 * 1000;
/** supabase/seed.sql's demo provider (verified, with the published test program). */
const SEED_PROVIDER_ID = '44444444-4444-4444-8444-444444444444';

type Handler = typeof providers;

function call(
  handler: Handler,
  path: string,
  method: string,
  options: { token?: string; payload?: unknown; params?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  if (options.payload !== undefined) headers['content-type'] = 'application/json';
  const req = new Request(`http://localhost${path}`, {
    method,
    headers,
    ...(options.payload === undefined ? {} : { body: JSON.stringify(options.payload) }),
  });
  const context = ctx();
  if (options.params) Object.assign(context, { params: options.params });
  return handler(req, context);
}

const register = (token: string | undefined, payload: unknown) =>
  call(providers, '/api/providers', 'POST', { ...(token === undefined ? {} : { token }), payload });
const getDashboard = (token?: string) =>
  call(dashboard, '/api/provider/dashboard', 'GET', token === undefined ? {} : { token });
const patchInquiry = (id: string, token: string | undefined, payload: unknown) =>
  call(inquiries, `/api/provider/inquiries/${id}`, 'PATCH', {
    ...(token === undefined ? {} : { token }),
    payload,
    params: { id },
  });
const requestVerification = (token: string | undefined, payload: unknown) =>
  call(verification, '/api/provider/verification-requests', 'POST', {
    ...(token === undefined ? {} : { token }),
    payload,
  });

function profile(label: string) {
  return {
    organization_name: `  ${label} Recovery House  `,
    contact_name: ` ${label} Admin `,
    email: ` ${label.toLowerCase()}-org@example.com `,
    phone: ' (555) 010-0199 ',
  };
}

async function expectError(res: Response, status: number, code: string, message?: string): Promise<ApiError> {
  expect(res.status).toBe(status);
  for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name), name).toBe(value);
  const data = await body<ApiError>(res);
  expect(data.error.code).toBe(code);
  if (message !== undefined) expect(data.error.message).toBe(message);
  return data;
}

let alice: TestUser;
let bob: TestUser;
let nobody: TestUser;
let aliceProvider: ProviderResponse['provider'];
let bobProvider: ProviderResponse['provider'];

beforeAll(async () => {
  [alice, bob, nobody] = await Promise.all([
    confirmedUser('prov-alice', 'provider-pass-1'),
    confirmedUser('prov-bob', 'provider-pass-1'),
    confirmedUser('prov-nobody', 'provider-pass-1'),
  ]);
  const a = await register(alice.token, profile('Alice'));
  expect(a.status).toBe(201);
  aliceProvider = (await body<ProviderResponse>(a)).provider;
  const b = await register(bob.token, profile('Bob'));
  expect(b.status).toBe(201);
  bobProvider = (await body<ProviderResponse>(b)).provider;
});

describe('POST /api/providers', () => {
  it('creates a trimmed profile on the free plan, in a 14-day trial, unverified', async () => {
    expect(aliceProvider).toMatchObject({
      user_id: alice.id,
      organization_name: 'Alice Recovery House',
      contact_name: 'Alice Admin',
      email: 'alice-org@example.com',
      phone: '(555) 010-0199',
      subscription_plan: 'free',
      subscription_status: 'trial',
      verification_status: 'unverified',
      verified_at: null,
    });
    const trial = Date.parse(String(aliceProvider.trial_ends_at)) - Date.parse(aliceProvider.created_at);
    expect(Math.abs(trial - 14 * DAY_MS)).toBeLessThan(60_000);
    const [role] = await sql`select role from user_roles where user_id = ${alice.id} and role = 'provider'`;
    expect(role).toBeDefined();
    const mail = await outboxFor('alice-org@example.com');
    expect(mail[0]?.subject).toMatch(/14-day free trial/);
  });

  it('is idempotent: a second call answers 200 with the existing profile, unchanged', async () => {
    const again = await register(alice.token, { ...profile('Other'), phone: null });
    expect(again.status).toBe(200);
    const { provider } = await body<ProviderResponse>(again);
    expect(provider.id).toBe(aliceProvider.id);
    expect(provider.organization_name).toBe('Alice Recovery House');
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from providers where user_id = ${alice.id}`;
    expect(row?.n).toBe(1);
  });

  it('simultaneous first calls create one profile', async () => {
    const carol = await confirmedUser('prov-carol', 'provider-pass-1');
    const answers = await Promise.all([1, 2, 3].map(() => register(carol.token, profile('Carol'))));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from providers where user_id = ${carol.id}`;
    expect(row?.n).toBe(1);
  });

  it('401 without a token, 405 with Allow for other methods', async () => {
    await expectError(await register(undefined, profile('Anon')), 401, 'unauthorized');
    const res = await call(providers, '/api/providers', 'GET', { token: alice.token });
    await expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('400 with the form messages; protected fields cannot be given; nothing stored', async () => {
    const dave = await confirmedUser('prov-dave', 'provider-pass-1');
    const cases: [unknown, string, string][] = [
      [
        { ...profile('Dave'), organization_name: '   ' },
        'organization_name',
        PROVIDER_MESSAGES.organizationMissing,
      ],
      [{ ...profile('Dave'), contact_name: undefined }, 'contact_name', PROVIDER_MESSAGES.contactMissing],
      [{ ...profile('Dave'), email: '' }, 'email', PROVIDER_MESSAGES.emailMissing],
      [{ ...profile('Dave'), email: 'not-an-email' }, 'email', PROVIDER_MESSAGES.invalidEmail],
      [{ ...profile('Dave'), phone: 'call me' }, 'phone', PROVIDER_MESSAGES.invalidPhone],
    ];
    for (const [payload, field, message] of cases) {
      const data = await expectError(await register(dave.token, payload), 400, 'invalid_input', message);
      expect(data.error.fields?.[field]).toBe(message);
    }
    for (const extra of [
      { subscription_plan: 'pro' },
      { verification_status: 'verified' },
      { user_id: alice.id },
    ]) {
      await expectError(await register(dave.token, { ...profile('Dave'), ...extra }), 400, 'invalid_input');
    }
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from providers where user_id = ${dave.id}`;
    expect(row?.n).toBe(0);
  });
});

describe('GET /api/provider/dashboard', () => {
  let older: string;
  let newer: string;
  beforeAll(async () => {
    const rows = await sql<{ id: string }[]>`
      insert into provider_inquiries (provider_id, type, name, email, message, program_name, created_at)
      values (${aliceProvider.id}, 'info', 'Older Family', 'older@example.com', 'first', 'Alice Recovery House', now() - interval '2 hours'),
             (${aliceProvider.id}, 'call', 'Newer Family', 'newer@example.com', 'second', 'Alice Recovery House', now() - interval '1 hour')
      returning id`;
    [older, newer] = rows.map((r) => r.id) as [string, string];
  });

  it("returns the owner's profile, verification, inquiries newest first, listings and engagement", async () => {
    const res = await getDashboard(alice.token);
    expect(res.status).toBe(200);
    const data = await body<DashboardResponse>(res);
    expect(Object.keys(data).sort()).toEqual([
      'engagement',
      'inquiries',
      'listings',
      'provider',
      'verification',
    ]);
    expect(data.provider.id).toBe(aliceProvider.id);
    expect(data.verification.status).toBe(data.provider.verification_status);
    expect(data.inquiries.map((i) => i.id)).toEqual([newer, older]);
    expect(data.inquiries[0]).toMatchObject({ type: 'call', urgency: 'high', status: 'new' });
    expect(data.inquiries[0]).not.toHaveProperty('sender_id');
    expect(data.listings).toEqual([]);
    expect(data.engagement).toEqual([]);
  });

  it('another provider sees none of it', async () => {
    const data = await body<DashboardResponse>(await getDashboard(bob.token));
    expect(data.provider.id).toBe(bobProvider.id);
    expect(data.inquiries.map((i) => i.id)).not.toContain(older);
    expect(data.inquiries).toEqual([]);
  });

  it('counts 30 days of engagement per published program (the seed provider)', async () => {
    const token = await signIn(SEED.provider.email, SEED.provider.password);
    await sql`insert into program_engagement (program_id, event_type, created_at)
              values ('test-program-001', 'call_click', now() - interval '40 days')`;
    const data = await body<DashboardResponse>(await getDashboard(token));
    expect(data.provider.id).toBe(SEED_PROVIDER_ID);
    expect(data.verification.status).toBe('verified');
    expect(data.listings.length).toBeGreaterThan(0);
    expect(data.listings[0]).not.toHaveProperty('reviewed_by');
    const [counts] = await sql<
      { views: number; website_clicks: number; call_clicks: number; info_requests: number }[]
    >`
      select count(*) filter (where event_type = 'view')::int as views,
             count(*) filter (where event_type = 'website_click')::int as website_clicks,
             count(*) filter (where event_type = 'call_click')::int as call_clicks,
             count(*) filter (where event_type = 'info_request')::int as info_requests
      from program_engagement where program_id = 'test-program-001' and created_at >= now() - interval '30 days'`;
    expect(data.engagement).toContainEqual({ program_id: 'test-program-001', ...counts });
  });

  it('404 without a provider profile, 401 without a token, 405 for other methods', async () => {
    await expectError(await getDashboard(nobody.token), 404, 'not_found', NO_PROFILE);
    await expectError(await getDashboard(), 401, 'unauthorized');
    const res = await call(dashboard, '/api/provider/dashboard', 'POST', { token: alice.token, payload: {} });
    await expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET');
  });
});

describe('PATCH /api/provider/inquiries/:id', () => {
  let inquiryId: string;
  beforeAll(async () => {
    const [row] = await sql<{ id: string }[]>`
      insert into provider_inquiries (provider_id, type, name, email, program_name)
      values (${aliceProvider.id}, 'info', 'Patch Family', 'patch@example.com', 'Alice Recovery House')
      returning id`;
    inquiryId = row?.id ?? '';
  });
  const statusOf = async () =>
    (await sql<{ status: string }[]>`select status from provider_inquiries where id = ${inquiryId}`)[0]
      ?.status;

  it('the owner changes the status: 200 with the updated row', async () => {
    const res = await patchInquiry(inquiryId, alice.token, { status: 'contacted' });
    expect(res.status).toBe(200);
    const { inquiry } = await body<{ inquiry: { id: string; status: string } }>(res);
    expect(inquiry).toMatchObject({ id: inquiryId, status: 'contacted' });
    expect(await statusOf()).toBe('contacted');
    expect((await patchInquiry(inquiryId, alice.token, { status: 'closed' })).status).toBe(200);
    expect(await statusOf()).toBe('closed');
  });

  it("another provider's token, a user without a profile, an unknown or malformed id: 404, unchanged", async () => {
    await expectError(
      await patchInquiry(inquiryId, bob.token, { status: 'new' }),
      404,
      'not_found',
      NO_INQUIRY,
    );
    await expectError(await patchInquiry(inquiryId, nobody.token, { status: 'new' }), 404, 'not_found');
    await expectError(
      await patchInquiry('00000000-0000-4000-8000-000000000000', alice.token, { status: 'new' }),
      404,
      'not_found',
    );
    await expectError(await patchInquiry('not-a-uuid', alice.token, { status: 'new' }), 404, 'not_found');
    expect(await statusOf()).toBe('closed');
  });

  it('401 without a token, 400 for a bad status, 405 for other methods', async () => {
    await expectError(await patchInquiry(inquiryId, undefined, { status: 'new' }), 401, 'unauthorized');
    for (const payload of [{ status: 'done' }, {}, { status: 'new', provider_id: bobProvider.id }]) {
      await expectError(await patchInquiry(inquiryId, alice.token, payload), 400, 'invalid_input');
    }
    const res = await call(inquiries, `/api/provider/inquiries/${inquiryId}`, 'DELETE', {
      token: alice.token,
      params: { id: inquiryId },
    });
    await expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('PATCH');
    expect(await statusOf()).toBe('closed');
  });
});

describe('POST /api/provider/verification-requests', () => {
  const requestsOf = (providerId: string) =>
    sql<{ status: string; documents_submitted: string[] }[]>`
      select status, documents_submitted from provider_verification_requests where provider_id = ${providerId}`;

  it('400 Missing Documents without a non-empty entry; nothing stored', async () => {
    for (const payload of [
      { documents: [] },
      { documents: ['', '   ', '\u200b'] },
      {},
      { documents: 'license.pdf' },
    ]) {
      await expectError(
        await requestVerification(bob.token, payload),
        400,
        'invalid_input',
        PROVIDER_MESSAGES.documentsMissing,
      );
    }
    await expectError(
      await requestVerification(bob.token, { documents: Array.from({ length: 51 }, (_, i) => `doc ${i}`) }),
      400,
      'invalid_input',
    );
    expect(await requestsOf(bobProvider.id)).toEqual([]);
  });

  it('201 for the owner (blank entries dropped); the provider becomes pending; a second is refused with 409', async () => {
    const res = await requestVerification(bob.token, {
      documents: [' State license.pdf ', '', 'Accreditation.pdf'],
    });
    expect(res.status).toBe(201);
    const { request } = await body<{ request: { status: string; documents_submitted: string[] } }>(res);
    expect(request).toMatchObject({
      status: 'pending',
      documents_submitted: ['State license.pdf', 'Accreditation.pdf'],
    });
    const dash = await body<DashboardResponse>(await getDashboard(bob.token));
    expect(dash.verification.status).toBe('pending');
    expect(dash.verification.requests).toHaveLength(1);

    await expectError(
      await requestVerification(bob.token, { documents: ['Again.pdf'] }),
      409,
      'conflict',
      ALREADY_PENDING,
    );
    expect(await requestsOf(bobProvider.id)).toHaveLength(1);
    // Alice's dashboard does not show Bob's request.
    const alices = await body<DashboardResponse>(await getDashboard(alice.token));
    expect(alices.verification.requests).toEqual([]);
  });

  it('409 for a verified provider', async () => {
    const token = await signIn(SEED.provider.email, SEED.provider.password);
    await expectError(
      await requestVerification(token, { documents: ['x.pdf'] }),
      409,
      'conflict',
      ALREADY_VERIFIED,
    );
  });

  it('404 without a provider profile, 401 without a token, 405 for other methods', async () => {
    await expectError(
      await requestVerification(nobody.token, { documents: ['x.pdf'] }),
      404,
      'not_found',
      NO_PROFILE,
    );
    await expectError(await requestVerification(undefined, { documents: ['x.pdf'] }), 401, 'unauthorized');
    const res = await call(verification, '/api/provider/verification-requests', 'GET', { token: bob.token });
    await expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('POST');
  });
});
