/**
 * /api/account: the family's own account page data, its JSON export and account deletion.
 * Each test user is signed up, confirmed through the outbox link and signed in here, saves a
 * program through /api/favorites and sends a request through /api/inquiries, as the page would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account, { config } from '../../netlify/functions/account.mts';
import favorites from '../../netlify/functions/favorites.mts';
import inquiries from '../../netlify/functions/inquiries.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { uniqueIp } from './fuzz.ts';
import {
  REQUIRED_HEADERS,
  SEED,
  adminSql,
  anonKey,
  body,
  confirmedUser,
  ctx,
  jsonRequest,
  signIn,
  supabaseUrl,
  type ApiError,
  type TestUser,
} from './helpers.ts';
import { NOT_DELETABLE, type AccountExport, type AccountResponse } from '../../src/api/contracts/account.ts';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const PROGRAM = { id: 'silver-creek-ranch', name: 'Silver Creek Ranch for Young Men' };
const OTHER_PROGRAM = { id: 'mclean', name: '' };
const PASSWORD = 'account-pass-1';

/** A fresh confirmed family with a display name. */
function freshUser(label: string): Promise<TestUser> {
  return confirmedUser(`acct-${label}`, PASSWORD, { full_name: `${label} Parent` });
}

function call(method: string, path = '/api/account', token?: string): Promise<Response> {
  const req = new Request(`http://localhost${path}`, {
    method,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  return account(req, ctx(uniqueIp()));
}

async function save(user: TestUser, programId: string): Promise<void> {
  const req = new Request(`http://localhost/api/favorites/${programId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${user.token}` },
  });
  const res = await favorites(req, Object.assign(ctx(uniqueIp()), { params: { programId } }));
  expect(res.status).toBe(204);
}

/** Sends a request as the signed-in user; returns its id. */
async function sendRequest(user: TestUser, type: 'info' | 'call', extra: Record<string, string> = {}) {
  const req = jsonRequest(
    '/api/inquiries',
    {
      program_id: PROGRAM.id,
      type,
      name: `${user.email.split('@')[0] ?? ''} Name`,
      email: user.email,
      phone: '(555) 010-0142',
      message: `Private message from ${user.email}`,
      ...extra,
    },
    { headers: { authorization: `Bearer ${user.token}` } },
  );
  const res = await inquiries(req, ctx(uniqueIp()));
  expect(res.status).toBe(201);
  return (await body<{ id: string }>(res)).id;
}

let alice: TestUser;
let bob: TestUser;
let aliceRequest = '';
beforeAll(async () => {
  [alice, bob] = await Promise.all([freshUser('alice'), freshUser('bob')]);
  await save(alice, PROGRAM.id);
  aliceRequest = await sendRequest(alice, 'call');
  await save(bob, OTHER_PROGRAM.id);
  await sendRequest(bob, 'info');
});

describe('/api/account without a valid token', () => {
  it.each([
    ['GET', '/api/account'],
    ['GET', '/api/account/export'],
    ['DELETE', '/api/account'],
  ])('%s %s with no token → 401 Please sign in.', async (method, path) => {
    const res = await call(method, path);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    expect(await body<ApiError>(res)).toEqual({
      error: { code: 'unauthorized', message: 'Please sign in.' },
    });
  });

  it.each(['not-a-jwt', 'a.b.c', ''])('a bad token (%j) → 401 everywhere, nothing deleted', async (token) => {
    for (const [method, path] of [
      ['GET', '/api/account'],
      ['GET', '/api/account/export'],
      ['DELETE', '/api/account'],
    ] as const) {
      const res = await call(method, path, token);
      expect(res.status).toBe(401);
      expect((await body<ApiError>(res)).error.code).toBe('unauthorized');
    }
  });

  it("a token with an altered signature cannot delete (alice's account survives)", async () => {
    const [header, payload] = alice.token.split('.') as [string, string];
    const res = await call('DELETE', '/api/account', `${header}.${payload}.${'A'.repeat(86)}`);
    expect(res.status).toBe(401);
    expect(await sql`select id from auth.users where id = ${alice.id}`).toHaveLength(1);
  });
});

describe('/api/account methods', () => {
  it.each([
    ['POST', '/api/account', 'GET, DELETE'],
    ['PUT', '/api/account', 'GET, DELETE'],
    ['DELETE', '/api/account/export', 'GET'],
    ['POST', '/api/account/export', 'GET'],
  ])('%s %s → 405 with Allow: %s', async (method, path, allow) => {
    const res = await call(method, path, alice.token);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect((await body<ApiError>(res)).error.code).toBe('method_not_allowed');
  });

  it('declares its rate limit for both paths', () => {
    expect(config.path).toEqual(['/api/account', '/api/account/export']);
    expect(config.rateLimit).toEqual({ windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] });
  });
});

describe('GET /api/account', () => {
  it('returns the user, the saved program and the sent request with its status, in the API headers', async () => {
    const res = await call('GET', '/api/account', alice.token);
    expect(res.status).toBe(200);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const data = await body<AccountResponse>(res);
    expect(data.user).toEqual({ id: alice.id, email: alice.email, metadata: expect.any(Object) as object });
    expect(data.user.metadata['full_name']).toBe('alice Parent');
    expect(data.favorites).toEqual([
      {
        program_id: PROGRAM.id,
        program_name: PROGRAM.name,
        program_path: `/program/${PROGRAM.id}`,
        program_listed: true,
        created_at: expect.stringMatching(/Z$/) as string,
      },
    ]);
    expect(data.requests).toEqual([
      {
        id: aliceRequest,
        program_id: PROGRAM.id,
        program_name: PROGRAM.name,
        program_path: `/program/${PROGRAM.id}`,
        program_listed: true,
        type: 'call',
        status: 'new',
        // The program's admissions e-mail went out right after the request: Delivered.
        stage: 'delivered',
        status_path: `/request?id=${aliceRequest}`,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) as string,
        updated_at: expect.stringMatching(/Z$/) as string,
        delivered_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) as string,
      },
    ]);
    // The page shows no personal details of the request: only the export carries them.
    expect(JSON.stringify(data.requests)).not.toContain('Private message');
  });

  it('shows the status as the program updates it', async () => {
    await sql`update provider_inquiries set status = 'contacted' where id = ${aliceRequest}`;
    const data = await body<AccountResponse>(await call('GET', '/api/account', alice.token));
    expect(data.requests.map((r) => [r.status, r.stage])).toEqual([['contacted', 'contacted']]);
  });

  it("never shows another user's data", async () => {
    const data = await body<AccountResponse>(await call('GET', '/api/account', bob.token));
    expect(data.user.id).toBe(bob.id);
    expect(data.favorites.map((f) => f.program_id)).toEqual([OTHER_PROGRAM.id]);
    // McLean has a page of its own.
    expect(data.favorites.map((f) => f.program_path)).toEqual(['/mclean']);
    expect(data.requests).toHaveLength(1);
    expect(data.requests[0]?.id).not.toBe(aliceRequest);
    expect(JSON.stringify(data)).not.toContain(alice.email);
    expect(JSON.stringify(data)).not.toContain(alice.id);
  });

  it("an administrator (who may read every row) sees only their own, not the families'", async () => {
    const token = await signIn(SEED.admin.email, SEED.admin.password);
    const data = await body<AccountResponse>(await call('GET', '/api/account', token));
    expect(data.roles).toContain('admin');
    expect(data.favorites).toEqual([]);
    expect(data.requests).toEqual([]);
  });
});

describe('GET /api/account/export', () => {
  it('is a JSON attachment with the account, the favourite and the request with its details', async () => {
    const res = await call('GET', '/api/account/export', alice.token);
    expect(res.status).toBe(200);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ocd-directory-account-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = await body<AccountExport>(res);
    expect(Object.keys(data)).toEqual([
      'exported_at',
      'about',
      'account',
      'favorites',
      'requests',
      'reviews',
      'contact_messages',
      'error_reports',
      'review_reports',
      'requests_sent_signed_out',
    ]);
    // Her reviews: none written (tests/api/reviews.test.ts exports one); nothing else sent
    // (tests/api/account-data.test.ts exports those).
    expect(data.reviews).toEqual([]);
    expect(data.account).toMatchObject({ id: alice.id, email: alice.email });
    expect(data.favorites.map((f) => f.program_id)).toEqual([PROGRAM.id]);
    expect(data.requests).toEqual([
      expect.objectContaining({
        id: aliceRequest,
        program_id: PROGRAM.id,
        type: 'call',
        status: 'contacted',
        stage: 'contacted',
        best_time_to_call: null,
        name: `${alice.email.split('@')[0] ?? ''} Name`,
        email: alice.email,
        phone: '(555) 010-0142',
        message: `Private message from ${alice.email}`,
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain(bob.email);
  });
});

describe('DELETE /api/account', () => {
  it('refuses a provider account (403) and removes nothing', async () => {
    const token = await signIn(SEED.provider.email, SEED.provider.password);
    const res = await call('DELETE', '/api/account', token);
    expect(res.status).toBe(403);
    expect(await body<ApiError>(res)).toEqual({ error: { code: 'forbidden', message: NOT_DELETABLE } });
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from auth.users u join providers p on p.user_id = u.id where u.email = ${SEED.provider.email}`;
    expect(row?.n).toBe(1);
  });

  it('a token of a signed-out session → 401, and the account stays', async () => {
    const carol = await freshUser('carol');
    const out = await fetch(`${supabaseUrl}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${carol.token}` },
    });
    expect(out.status).toBe(204);
    const res = await call('DELETE', '/api/account', carol.token);
    expect(res.status).toBe(401);
    expect((await body<ApiError>(res)).error.message).toBe('Your session has ended. Please sign in again.');
    expect(await sql`select id from auth.users where id = ${carol.id}`).toHaveLength(1);
  });

  it("removes the favourites, scrubs the request (the record stays), deletes the user; the old token is then 401; bob's data stays", async () => {
    const bobBefore = await sql`
      select (select count(*)::int from user_favorites where user_id = ${bob.id}) as favourites,
             (select count(*)::int from provider_inquiries where sender_id = ${bob.id} and name is not null) as requests`;

    const res = await call('DELETE', '/api/account', alice.token);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);

    expect(await sql`select 1 from user_favorites where user_id = ${alice.id}`).toEqual([]);
    expect(await sql`select 1 from auth.users where id = ${alice.id}`).toEqual([]);
    expect(await sql`select 1 from auth.sessions where user_id = ${alice.id}`).toEqual([]);
    const [request] = await sql<Record<string, unknown>[]>`
      select program_id, program_name, type, status, name, email, phone, message, sender_id,
             status_token_hash, personal_data_removed_at is not null as scrubbed
      from provider_inquiries where id = ${aliceRequest}`;
    expect(request).toEqual({
      program_id: PROGRAM.id,
      program_name: PROGRAM.name,
      type: 'call',
      status: 'contacted',
      name: null,
      email: null,
      phone: null,
      message: '',
      sender_id: null,
      status_token_hash: null,
      scrubbed: true,
    });
    expect(await sql`select 1 from provider_inquiries where email = ${alice.email}`).toEqual([]);

    for (const [method, path] of [
      ['GET', '/api/account'],
      ['GET', '/api/account/export'],
      ['DELETE', '/api/account'],
    ] as const) {
      const again = await call(method, path, alice.token);
      expect(again.status, `${method} ${path} with the old token`).toBe(401);
    }
    await expect(signIn(alice.email, PASSWORD)).rejects.toThrow(/sign-in .* failed: 400/);

    const bobAfter = await sql`
      select (select count(*)::int from user_favorites where user_id = ${bob.id}) as favourites,
             (select count(*)::int from provider_inquiries where sender_id = ${bob.id} and name is not null) as requests`;
    expect(bobAfter).toEqual(bobBefore);
    const data = await body<AccountResponse>(await call('GET', '/api/account', bob.token));
    expect(data.favorites).toHaveLength(1);
    expect(data.requests).toHaveLength(1);
  });
});
