/**
 * The admin API against the local backend: every /api/admin/* endpoint refuses anonymous callers
 * (401) and families and providers (403); the demo admin reviews verification requests and
 * listings (approve / reject with notes, 409 on a second decision), the decision e-mails are in
 * the outbox after the drain, a decision made in Studio (a plain UPDATE) reaches the same state
 * and mail, and an approved listing gets a unique program id that no content/programs file uses.
 */
import type { Context } from '@netlify/functions';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import listingsAdmin, { config as listingsConfig } from '../../netlify/functions/admin-listings.mts';
import overview, { config as overviewConfig } from '../../netlify/functions/admin-overview.mts';
import requestsAdmin, {
  config as requestsConfig,
} from '../../netlify/functions/admin-verification-requests.mts';
import providers from '../../netlify/functions/providers.mts';
import verification from '../../netlify/functions/provider-verification-requests.mts';
import { grantAdmin } from '../../scripts/admin-grant.ts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { drainNotifications } from '../../netlify/functions/_shared/notifications.ts';
import { programIndex } from '../../netlify/functions/_shared/programs.ts';
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
  withSeenRevision,
} from './helpers.ts';
import {
  type AdminListingResponse,
  type AdminListingsResponse,
  type AdminOverview,
  type AdminVerificationRequestResponse,
  type AdminVerificationRequestsResponse,
  ADMIN_MESSAGES,
} from '../../src/api/contracts/admin.ts';
import type { ProviderResponse } from '../../src/api/contracts/providers.ts';

/** The program files' index, as the functions load it. */
const files = await programIndex();

type Handler = (req: Request, context: Context) => Promise<Response>;

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const ROUTES: [Handler, string | string[] | undefined][] = [
  [requestsAdmin, requestsConfig.path],
  [listingsAdmin, listingsConfig.path],
  [overview, overviewConfig.path],
];

/**
 * Routes `path` like Netlify does (by each function's `config.path`) and calls the handler. A
 * decision carries the revision the admin's list shows (`withSeenRevision`) unless it names one.
 */
async function call(method: string, path: string, token?: string, sent?: unknown): Promise<Response> {
  const url = `http://localhost${path}`;
  const payload = method === 'PATCH' ? await withSeenRevision(sql, path, sent) : sent;
  for (const [handler, paths] of ROUTES) {
    for (const pathname of ([] as string[]).concat(paths ?? [])) {
      const match = new URLPattern({ pathname }).exec(url);
      if (!match) continue;
      const params = Object.fromEntries(
        Object.entries(match.pathname.groups).filter((e): e is [string, string] => e[1] !== undefined),
      );
      const headers: Record<string, string> = {};
      if (token) headers['authorization'] = `Bearer ${token}`;
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const req = new Request(url, {
        method,
        headers,
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      return handler(req, { ...ctx(), params });
    }
  }
  throw new Error(`not routed: ${path}`);
}

let adminToken = '';
let family: TestUser;
let providerUser: TestUser;

async function register(user: TestUser, organization: string): Promise<string> {
  const res = await providers(
    new Request('http://localhost/api/providers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ organization_name: organization, contact_name: 'Pat', email: user.email }),
    }),
    ctx(),
  );
  expect(res.status).toBe(201);
  return (await body<ProviderResponse>(res)).provider.id;
}

/** A new provider account with a pending verification request sent through the API. */
async function providerWithRequest(
  prefix: string,
): Promise<{ user: TestUser; provider: string; request: string }> {
  const user = await confirmedUser(prefix, 'admin-test-pass-1');
  const provider = await register(user, `${prefix} House`);
  const res = await verification(
    new Request('http://localhost/api/provider/verification-requests', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ documents: ['State license', 'Insurance certificate'] }),
    }),
    ctx(),
  );
  expect(res.status).toBe(201);
  const { request } = await body<{ request: { id: string } }>(res);
  return { user, provider, request: request.id };
}

async function pendingListing(provider: string, centerName: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into provider_listings (provider_id, center_name, description, phone, status, address, city, state,
      zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance)
    values (${provider}, ${centerName}, 'A residential OCD program.', '555-010-0123', 'pending',
      '1 Main Street', 'Belmont', 'MA', '02478', ${['Adults']}, 'Co-ed', 'Residential', '45-60 days',
      ${['ERP']}, ${['Private Pay']}) returning id`;
  return row?.id ?? '';
}

async function notifications(subject: string) {
  return sql<{ kind: string; notes: string | null; sent: boolean }[]>`
    select kind, notes, sent_at is not null as sent from notifications where subject_id = ${subject}`;
}

async function providerState(id: string) {
  const [row] = await sql<{ verification_status: string; verified: boolean; verified_by: string | null }[]>`
    select verification_status, verified_at is not null as verified, verified_by from providers where id = ${id}`;
  return row;
}

beforeAll(async () => {
  [adminToken, family, providerUser] = await Promise.all([
    signIn(SEED.admin.email, SEED.admin.password),
    confirmedUser('admin-family', 'admin-test-pass-1'),
    confirmedUser('admin-provider', 'admin-test-pass-1'),
  ]);
  await register(providerUser, 'Admin Test Provider');
});

const SOME_ID = randomUUID();
const ENDPOINTS: [string, string, unknown][] = [
  ['GET', '/api/admin/verification-requests', undefined],
  ['GET', '/api/admin/verification-requests?status=pending', undefined],
  ['PATCH', `/api/admin/verification-requests/${SOME_ID}`, { status: 'approved' }],
  ['GET', '/api/admin/listings', undefined],
  ['PATCH', `/api/admin/listings/${SOME_ID}`, { status: 'approved' }],
  ['GET', '/api/admin/overview', undefined],
];

describe('every /api/admin endpoint', () => {
  it.each(ENDPOINTS)('%s %s: 401 without a token', async (method, path, payload) => {
    const res = await call(method, path, undefined, payload);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect((await body<ApiError>(res)).error.code).toBe('unauthorized');
  });

  it.each(ENDPOINTS)('%s %s: 401 with a garbage token', async (method, path, payload) => {
    expect((await call(method, path, 'not-a-token', payload)).status).toBe(401);
  });

  it.each(ENDPOINTS)('%s %s: 403 for a family and a provider', async (method, path, payload) => {
    for (const token of [family.token, providerUser.token]) {
      const res = await call(method, path, token, payload);
      expect(res.status).toBe(403);
      for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
      expect(await body<ApiError>(res)).toEqual({
        error: { code: 'forbidden', message: ADMIN_MESSAGES.notAdmin },
      });
    }
  });

  it.each(ENDPOINTS)(
    '%s %s: the admin gets past the check (200, or 404 for an unknown id)',
    async (method, path, payload) => {
      const res = await call(method, path, adminToken, payload);
      expect(res.status).toBe(method === 'GET' ? 200 : 404);
    },
  );

  it('405 for other methods; 400 for an unknown status filter; 404 for an id that is not a uuid', async () => {
    expect((await call('DELETE', '/api/admin/verification-requests', adminToken)).status).toBe(405);
    expect((await call('POST', '/api/admin/overview', adminToken)).status).toBe(405);
    expect((await call('GET', `/api/admin/listings/${SOME_ID}`, adminToken)).status).toBe(404);
    expect((await call('PUT', `/api/admin/listings/${SOME_ID}`, adminToken)).status).toBe(405);
    expect((await call('GET', '/api/admin/listings?status=nope', adminToken)).status).toBe(400);
    expect((await call('GET', '/api/admin/verification-requests?status=x', adminToken)).status).toBe(400);
    expect((await call('PATCH', '/api/admin/listings/abc', adminToken, { status: 'approved' })).status).toBe(
      404,
    );
  });
});

describe('verification requests', () => {
  it('lists pending requests with the provider and its license files', async () => {
    const p = await providerWithRequest('admin-list');
    const upload = randomUUID();
    await sql`
      insert into provider_uploads (id, provider_id, kind, content_type, size_bytes, sha256, original_name, blob_key)
      values (${upload}, ${p.provider}, 'license', 'application/pdf', 100, ${'b'.repeat(64)}, 'license.pdf',
              ${`${p.provider}/${upload}`})`;
    const res = await call('GET', '/api/admin/verification-requests?status=pending', adminToken);
    expect(res.status).toBe(200);
    const { requests } = await body<AdminVerificationRequestsResponse>(res);
    expect(requests.every((r) => r.status === 'pending')).toBe(true);
    const mine = requests.find((r) => r.id === p.request);
    expect(mine).toEqual({
      id: p.request,
      revision: expect.any(Number) as number,
      status: 'pending',
      documents_submitted: ['State license', 'Insurance certificate'],
      requested_at: expect.any(String) as string,
      reviewed_at: null,
      reviewer_notes: null,
      provider: {
        id: p.provider,
        organization_name: 'admin-list House',
        contact_name: 'Pat',
        email: p.user.email,
        phone: null,
        verification_status: 'pending',
      },
      license_uploads: [
        {
          id: upload,
          url: `/api/provider/uploads/${upload}`,
          original_name: 'license.pdf',
          content_type: 'application/pdf',
        },
      ],
    });
    // Without a filter: pending ones first.
    const all = (
      await body<AdminVerificationRequestsResponse>(
        await call('GET', '/api/admin/verification-requests', adminToken),
      )
    ).requests;
    const firstDecided = all.findIndex((r) => r.status !== 'pending');
    const lastPending = all.map((r) => r.status).lastIndexOf('pending');
    if (firstDecided >= 0) expect(lastPending).toBeLessThan(firstDecided);
  });

  it('approve: the provider is verified, one notification, the e-mail with the notes; a second decision is 409', async () => {
    const p = await providerWithRequest('admin-approve');
    const res = await call('PATCH', `/api/admin/verification-requests/${p.request}`, adminToken, {
      status: 'approved',
      reviewer_notes: 'License checked <ok>',
    });
    expect(res.status).toBe(200);
    const { request } = await body<AdminVerificationRequestResponse>(res);
    expect(request).toMatchObject({
      id: p.request,
      status: 'approved',
      reviewer_notes: 'License checked <ok>',
      provider: { id: p.provider, verification_status: 'verified' },
    });
    expect(request.reviewed_at).not.toBeNull();
    const [admin] = await sql<{ id: string }[]>`select id from auth.users where email = ${SEED.admin.email}`;
    expect(await providerState(p.provider)).toEqual({
      verification_status: 'verified',
      verified: true,
      verified_by: admin?.id,
    });
    expect(await notifications(p.request)).toEqual([
      { kind: 'verification_approved', notes: 'License checked <ok>', sent: true },
    ]);
    const [mail, ...more] = await outboxFor(p.user.email);
    expect(more.filter((m) => m.subject.includes('verified'))).toEqual([]);
    expect(mail?.subject).toBe('admin-approve House is now verified');
    expect(mail?.text).toContain('License checked <ok>');
    expect(mail?.html).toContain('License checked &lt;ok&gt;');

    const again = await call('PATCH', `/api/admin/verification-requests/${p.request}`, adminToken, {
      status: 'rejected',
      reviewer_notes: 'Changed my mind',
    });
    expect(again.status).toBe(409);
    expect((await body<ApiError>(again)).error.code).toBe('conflict');
    expect(await notifications(p.request)).toHaveLength(1);
    expect((await providerState(p.provider))?.verification_status).toBe('verified');
  });

  it('reject: notes are required; with notes the provider is rejected and mailed "needs updates"', async () => {
    const p = await providerWithRequest('admin-reject');
    for (const notes of [undefined, '', '   ']) {
      const res = await call('PATCH', `/api/admin/verification-requests/${p.request}`, adminToken, {
        status: 'rejected',
        ...(notes === undefined ? {} : { reviewer_notes: notes }),
      });
      expect(res.status).toBe(400);
      expect((await body<ApiError>(res)).error).toEqual({
        code: 'invalid_input',
        message: ADMIN_MESSAGES.notesRequired,
        fields: { reviewer_notes: ADMIN_MESSAGES.notesRequired },
      });
    }
    expect(await notifications(p.request)).toEqual([]);
    const res = await call('PATCH', `/api/admin/verification-requests/${p.request}`, adminToken, {
      status: 'rejected',
      reviewer_notes: 'The license scan is unreadable.',
    });
    expect(res.status).toBe(200);
    expect((await body<AdminVerificationRequestResponse>(res)).request.provider.verification_status).toBe(
      'rejected',
    );
    expect(await notifications(p.request)).toEqual([
      { kind: 'verification_rejected', notes: 'The license scan is unreadable.', sent: true },
    ]);
    const [mail] = await outboxFor(p.user.email);
    expect(mail?.subject).toBe('Your verification request for admin-reject House needs updates');
    expect(mail?.text).toContain('The license scan is unreadable.');
  });

  it('a decision made in Studio (a plain UPDATE) reaches the same state and the same e-mail after a drain', async () => {
    const viaApi = await providerWithRequest('admin-same-api');
    const viaStudio = await providerWithRequest('admin-same-studio');
    expect(
      (
        await call('PATCH', `/api/admin/verification-requests/${viaApi.request}`, adminToken, {
          status: 'approved',
          reviewer_notes: 'Same notes',
        })
      ).status,
    ).toBe(200);
    await sql`
      update provider_verification_requests set status = 'approved', reviewer_notes = 'Same notes'
      where id = ${viaStudio.request}`;
    expect(await notifications(viaStudio.request)).toEqual([
      { kind: 'verification_approved', notes: 'Same notes', sent: false },
    ]);
    const drained = await drainNotifications();
    expect(drained.sent).toBeGreaterThanOrEqual(1);
    expect(await notifications(viaStudio.request)).toEqual([
      { kind: 'verification_approved', notes: 'Same notes', sent: true },
    ]);
    const api = await providerState(viaApi.provider);
    const studio = await providerState(viaStudio.provider);
    expect({ ...studio, verified_by: null }).toEqual({ ...api, verified_by: null });
    const [a] = await outboxFor(viaApi.user.email);
    const [s] = await outboxFor(viaStudio.user.email);
    expect(s?.text).toBe(a?.text);
    // A second drain sends nothing again.
    await drainNotifications();
    expect(
      (await outboxFor(viaStudio.user.email)).filter((m) => m.subject.includes('verified')),
    ).toHaveLength(1);
  });

  it('two drains at the same time send each e-mail once', async () => {
    const ps = await Promise.all([providerWithRequest('admin-race-1'), providerWithRequest('admin-race-2')]);
    for (const p of ps)
      await sql`update provider_verification_requests set status = 'approved' where id = ${p.request}`;
    await Promise.all([drainNotifications(), drainNotifications(), drainNotifications()]);
    for (const p of ps) {
      const mails = (await outboxFor(p.user.email)).filter((m) => m.subject.includes('verified'));
      expect(mails).toHaveLength(1);
    }
  });
});

describe('listings', () => {
  let provider = '';
  let providerEmail = '';
  beforeAll(async () => {
    const user = await confirmedUser('admin-listing', 'admin-test-pass-1');
    providerEmail = user.email;
    provider = await register(user, 'Listing Owner Org');
  });

  it('lists submitted listings (not drafts) with the provider; status filter', async () => {
    const id = await pendingListing(provider, 'Listed Center');
    const [draft] = await sql<{ id: string }[]>`
      insert into provider_listings (provider_id, center_name) values (${provider}, 'A draft') returning id`;
    const res = await call('GET', '/api/admin/listings', adminToken);
    expect(res.status).toBe(200);
    const { listings } = await body<AdminListingsResponse>(res);
    const mine = listings.find((l) => l.id === id);
    expect(mine).toMatchObject({
      id,
      provider_id: provider,
      center_name: 'Listed Center',
      status: 'pending',
      reviewed_by: null,
      published_program_id: null,
      provider: {
        id: provider,
        organization_name: 'Listing Owner Org',
        email: providerEmail,
        verification_status: 'unverified',
      },
    });
    expect(Object.keys(mine ?? {})).toEqual(
      expect.arrayContaining(['modalities', 'insurance', 'submitted_at', 'created_at']),
    );
    expect(listings.some((l) => l.id === draft?.id)).toBe(false);
    const drafts = (
      await body<AdminListingsResponse>(await call('GET', '/api/admin/listings?status=draft', adminToken))
    ).listings;
    expect(drafts.some((l) => l.id === draft?.id)).toBe(true);
    expect(drafts.every((l) => l.status === 'draft')).toBe(true);
  });

  it('approval publishes under a unique id that no content/programs file uses, mails the provider, 409 again', async () => {
    const program = files.entries.find((p) => !p.test);
    if (!program) throw new Error('no program in content/programs');
    // A center name whose slug is exactly an existing program's id.
    const name = program.id.replace(/-/g, ' ').toUpperCase();
    const first = await pendingListing(provider, name);
    const second = await pendingListing(provider, name);

    const res = await call('PATCH', `/api/admin/listings/${first}`, adminToken, {
      status: 'approved',
      reviewer_notes: 'Looks good',
    });
    expect(res.status).toBe(200);
    const { listing } = await body<AdminListingResponse>(res);
    expect(listing).toMatchObject({ id: first, status: 'approved', reviewer_notes: 'Looks good' });
    expect(listing.reviewed_at).not.toBeNull();
    expect(listing.reviewed_by).not.toBeNull();
    const firstId = listing.published_program_id ?? '';
    expect(firstId).toMatch(new RegExp(`^${program.id}-\\d+$`));
    expect(files.has(firstId)).toBe(false);

    const res2 = await call('PATCH', `/api/admin/listings/${second}`, adminToken, { status: 'approved' });
    expect(res2.status).toBe(200);
    const secondId = (await body<AdminListingResponse>(res2)).listing.published_program_id ?? '';
    expect(secondId).toMatch(new RegExp(`^${program.id}-\\d+$`));
    expect(secondId).not.toBe(firstId);
    expect(files.has(secondId)).toBe(false);

    expect(await notifications(first)).toEqual([
      { kind: 'listing_approved', notes: 'Looks good', sent: true },
    ]);
    const mails = (await outboxFor(providerEmail)).filter((m) => m.subject.includes('is approved'));
    expect(mails).toHaveLength(2);
    const forFirst = mails.find((m) => m.text.includes(`/program/${firstId}\n`));
    expect(forFirst?.text).toContain('Looks good');

    const again = await call('PATCH', `/api/admin/listings/${first}`, adminToken, {
      status: 'rejected',
      reviewer_notes: 'No',
    });
    expect(again.status).toBe(409);
    expect(await notifications(first)).toHaveLength(1);
  });

  it('a given program id is used, unless a content program or another listing has it (409)', async () => {
    const taken = files.entries[0]?.id ?? '';
    const id = await pendingListing(provider, 'Chosen Id Center');
    const refused = await call('PATCH', `/api/admin/listings/${id}`, adminToken, {
      status: 'approved',
      published_program_id: taken,
    });
    expect(refused.status).toBe(409);
    expect((await body<ApiError>(refused)).error.message).toBe(ADMIN_MESSAGES.programIdTaken);
    const bad = await call('PATCH', `/api/admin/listings/${id}`, adminToken, {
      status: 'approved',
      published_program_id: 'Not A Slug',
    });
    expect(bad.status).toBe(400);
    const chosen = `chosen-${randomUUID().slice(0, 8)}`;
    const ok = await call('PATCH', `/api/admin/listings/${id}`, adminToken, {
      status: 'approved',
      published_program_id: chosen,
    });
    expect(ok.status).toBe(200);
    expect((await body<AdminListingResponse>(ok)).listing.published_program_id).toBe(chosen);
    const other = await pendingListing(provider, 'Other Chosen');
    const clash = await call('PATCH', `/api/admin/listings/${other}`, adminToken, {
      status: 'approved',
      published_program_id: chosen,
    });
    expect(clash.status).toBe(409);
  });

  it('rejection needs notes; the provider is mailed "needs updates" with them; no program id', async () => {
    const id = await pendingListing(provider, 'Rejected Center');
    const missing = await call('PATCH', `/api/admin/listings/${id}`, adminToken, { status: 'rejected' });
    expect(missing.status).toBe(400);
    expect((await body<ApiError>(missing)).error.fields).toEqual({
      reviewer_notes: ADMIN_MESSAGES.notesRequired,
    });
    const res = await call('PATCH', `/api/admin/listings/${id}`, adminToken, {
      status: 'rejected',
      reviewer_notes: 'Please add your license.',
    });
    expect(res.status).toBe(200);
    expect((await body<AdminListingResponse>(res)).listing).toMatchObject({
      status: 'rejected',
      reviewer_notes: 'Please add your license.',
      published_program_id: null,
    });
    const mail = (await outboxFor(providerEmail)).find(
      (m) => m.subject === 'Your listing Rejected Center needs updates',
    );
    expect(mail?.text).toContain('Please add your license.');
    expect(await notifications(id)).toEqual([
      { kind: 'listing_rejected', notes: 'Please add your license.', sent: true },
    ]);
  });
});

describe('overview', () => {
  it('answers providers, inquiry counts and 30-day engagement', async () => {
    const res = await call('GET', '/api/admin/overview', adminToken);
    expect(res.status).toBe(200);
    const data = await body<AdminOverview>(res);
    expect(Object.keys(data).sort()).toEqual([
      'engagement',
      'inquiries',
      'providers',
      'publishing',
      'waiting',
    ]);
    const seed = data.providers.find((p) => p.email === 'provider@example.org');
    expect(seed).toEqual({
      id: expect.any(String) as string,
      organization_name: expect.any(String) as string,
      email: 'provider@example.org',
      subscription_status: expect.any(String) as string,
      trial_ends_at: expect.anything() as unknown,
      verification_status: 'verified',
      created_at: expect.any(String) as string,
    });
    expect(Object.keys(data.inquiries.by_status).sort()).toEqual(['closed', 'contacted', 'new']);
    // Test inquiries (the testing suite's, and the seed's about the test program) are left out.
    const [inquiries] = await sql<{ n: number }[]>`
      select count(*)::int as n from provider_inquiries i
      where i.program_id is distinct from 'test-program-001'
        and i.program_name is distinct from 'Test Program - DO NOT DISPLAY LIVE'
        and not exists (select 1 from providers p where p.id = i.provider_id and p.email like 'test-provider-%')`;
    const total = Object.values(data.inquiries.by_status).reduce((a, b) => a + b, 0);
    expect(total).toBe(inquiries?.n);
    for (const p of data.inquiries.by_program)
      expect(p).toEqual({
        program_id: p.program_id,
        program_name: p.program_name,
        count: expect.any(Number) as number,
      });
    for (const e of data.engagement)
      expect(Object.keys(e).sort()).toEqual([
        'call_clicks',
        'info_requests',
        'program_id',
        'program_name',
        'views',
        'website_clicks',
      ]);
  });

  it('names each program of the engagement list: a file, an approved listing, or null', async () => {
    const file = files.entries.find((p) => !p.test);
    const gone = `gone-${randomUUID().slice(0, 8)}`;
    const listed = `listed-${randomUUID().slice(0, 8)}`;
    const owner = await confirmedUser('overview-names', 'admin-test-pass-1');
    const provider = await register(owner, 'Overview Names House');
    await sql`
      insert into provider_listings (provider_id, center_name, description, phone, status, address, city, state,
        zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance, published_program_id)
      values (${provider}, 'Named Listing Center', 'A program.', '555-010-0199', 'pending', '1 Road',
        'Belmont', 'MA', '02478', ${['Adults']}, 'Co-ed', 'Residential', '30 days', ${['ERP']}, ${['Private Pay']},
        ${listed})`;
    await sql`update provider_listings set status = 'approved' where published_program_id = ${listed}`;
    for (const id of [file?.id ?? '', gone, listed])
      await sql`insert into program_engagement (program_id, event_type) values (${id}, 'view')`;
    const data = await body<AdminOverview>(await call('GET', '/api/admin/overview', adminToken));
    const name = (id: string) => data.engagement.find((e) => e.program_id === id)?.program_name;
    expect(name(file?.id ?? '')).toBe(file?.name);
    expect(name(listed)).toBe('Named Listing Center');
    expect(name(gone)).toBeNull();
  });
});

describe('npm run admin:grant', () => {
  it('makes an existing user an administrator, once; unknown e-mails are refused', async () => {
    const person = await confirmedUser('admin-grant', 'admin-test-pass-1');
    expect((await call('GET', '/api/admin/overview', person.token)).status).toBe(403);
    expect(await grantAdmin(sql, person.email.toUpperCase())).toBe('granted');
    expect(await grantAdmin(sql, person.email)).toBe('already-admin');
    expect(await grantAdmin(sql, `nobody-${randomUUID()}@example.org`)).toBe('unknown-user');
    // The role is read by private.is_admin() at each request: the same token now passes.
    expect((await call('GET', '/api/admin/overview', person.token)).status).toBe(200);
    const [roles] = await sql<{ n: number }[]>`
      select count(*)::int as n from user_roles where user_id = ${person.id} and role = 'admin'`;
    expect(roles?.n).toBe(1);
  });

  it('the script prints what it did and exits 0, 1 for an unknown e-mail, 2 without one', async () => {
    const person = await confirmedUser('admin-grant-cli', 'admin-test-pass-1');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['scripts/admin-grant.ts', ...args], {
        env: { ...process.env, DATABASE_URL: process.env['DATABASE_URL'] },
        encoding: 'utf8',
      });
    const first = run('--', person.email);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`${person.email} is now an administrator.`);
    const again = run(person.email);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('is already an administrator.');
    const unknown = run('nobody@example.invalid');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account uses nobody@example.invalid');
    expect(run().status).toBe(2);
  });
});
