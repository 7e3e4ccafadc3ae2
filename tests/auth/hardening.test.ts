/**
 * Defects an outside tester found in the local auth server: characters Postgres cannot store,
 * oversized user metadata (whose access token no longer fits in a request header) and demo
 * accounts whose bcrypt cost made them answer faster than everyone else.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_USER_METADATA_BYTES } from '../../supabase/local/auth/input.ts';
import { BCRYPT_COST, DUMMY_PASSWORD_HASH } from '../../supabase/local/auth/store.ts';
import { api, authUrl, anonKey, confirmedUser, db, settle, uniqueEmail } from './helpers.ts';

const sql = db();
afterAll(async () => {
  await sql.end();
});

async function userRows(email: string): Promise<number> {
  const rows = await sql<
    { n: number }[]
  >`select count(*)::int as n from auth.users where lower(email) = lower(${email})`;
  return rows[0]?.n ?? -1;
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await api('/token?grant_type=password', { body: { email, password } });
  expect(res.status).toBe(200);
  return res.body['access_token'] as string;
}

/** `$2a$10$…` → 10: the cost field of a bcrypt hash. */
function bcryptCost(hash: string): number {
  const match = /^\$2[abxy]?\$(\d\d)\$/.exec(hash);
  if (match?.[1] === undefined) throw new Error(`not a bcrypt hash: ${hash.slice(0, 7)}`);
  return Number(match[1]);
}

function expectSupabaseError(res: Awaited<ReturnType<typeof api>>, status: number, code: string): void {
  expect({ status: res.status, code: res.body['code'] }).toEqual({ status, code });
  expect(res.body['error_code']).toBe(code);
  expect(typeof res.body['msg']).toBe('string');
  expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
}

describe('characters Postgres cannot store', () => {
  it.each([
    ['a NUL character', { full_name: 'Dana\u0000Harbor' }],
    ['an unpaired high surrogate', { full_name: 'Dana \ud800' }],
    ['an unpaired low surrogate', { full_name: '\udc00' }],
    ['a NUL character in a key', { 'full\u0000name': 'Dana' }],
    ['a NUL character deep inside', { address: { lines: ['ok', 'x\u0000'] } }],
  ])('sign-up data with %s answers 400 validation_failed and creates no user', async (_label, data) => {
    const email = uniqueEmail('nul');
    const res = await api('/signup', { body: { email, password: 'long-enough-1', data } });
    expectSupabaseError(res, 400, 'validation_failed');
    expect(res.body['msg']).toMatch(/data/);
    expect(await userRows(email)).toBe(0);
  });

  it.each([
    ['/signup', { email: 'dana\u0000@example.com', password: 'long-enough-1' }],
    ['/signup', { email: uniqueEmail('nulpw'), password: 'long-\u0000-enough' }],
    ['/token?grant_type=password', { email: 'dana\u0000@example.com', password: 'long-enough-1' }],
    ['/token?grant_type=password', { email: 'admin@example.org', password: 'admin\u0000demo-1' }],
    ['/otp', { email: 'dana\u0000@example.com' }],
    ['/otp', { email: uniqueEmail('nulotp'), data: { name: '\ud83d' } }],
    ['/recover', { email: 'dana\u0000@example.com' }],
    ['/resend', { email: 'dana\u0000@example.com', type: 'signup' }],
    ['/verify', { email: 'dana\u0000@example.com', token: '123456', type: 'email' }],
    [
      '/signup?redirect_to=http%3A%2F%2Flocalhost%3A4321%2F%00',
      { email: uniqueEmail('q'), password: 'long-enough-1' },
    ],
  ])('%s with %j answers 400 validation_failed', async (path, body) => {
    expectSupabaseError(await api(path, { body }), 400, 'validation_failed');
  });

  it('PUT /user with a NUL or a lone surrogate in data or password answers 400 and changes nothing', async () => {
    const email = await confirmedUser('long-enough-1', 'nulput');
    const token = await signIn(email, 'long-enough-1');
    for (const body of [
      { data: { bio: 'a\u0000b' } },
      { data: { bio: '\udfff' } },
      { password: 'new-\u0000-password' },
    ]) {
      expectSupabaseError(await api('/user', { method: 'PUT', token, body }), 400, 'validation_failed');
    }
    const rows = await sql<{ meta: Record<string, unknown> }[]>`
      select raw_user_meta_data as meta from auth.users where email = ${email}`;
    expect(rows[0]?.meta).toEqual({});
  });

  it('e-mail addresses with control or invisible characters are refused as invalid', async () => {
    for (const email of [`dana\u200b@example.com`, `da\u0007na@example.com`, `\u202edana@example.com`]) {
      const res = await api('/signup', { body: { email, password: 'long-enough-1' } });
      expectSupabaseError(res, 400, 'validation_failed');
      expect(await userRows(email)).toBe(0);
    }
  });

  it('a type of __proto__ or constructor is a validation error, not a crash', async () => {
    for (const type of ['__proto__', 'constructor', 'toString']) {
      const res = await api('/verify', { body: { token_hash: 'f'.repeat(56), type } });
      expectSupabaseError(res, 400, 'validation_failed');
    }
  });
});

describe('request bodies, as GoTrue answers them', () => {
  const raw = (body: string | Uint8Array<ArrayBuffer>, contentType = 'application/json') =>
    fetch(`${authUrl}/signup`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': contentType },
      body,
    });

  it.each([
    ['broken JSON', '{"email": '],
    ['an array', '[1, 2]'],
    ['a string', '"email"'],
    ['a form body', 'email=a%40b.co&password=long-enough-1'],
    ['too deep nesting', `{"data": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
  ])('%s answers 400 bad_json', async (_label, body) => {
    const res = await raw(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad_json', error_code: 'bad_json' });
  });

  it('a wrongly typed field answers 400 bad_json, like Go decoding into a struct', async () => {
    const res = await api('/signup', { body: { email: 42, password: 'long-enough-1' } });
    expectSupabaseError(res, 400, 'bad_json');
  });

  it('a body over 1 MB answers 413 request_entity_too_large', async () => {
    const res = await raw(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1 << 21) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'request_entity_too_large' });
  });

  it('invalid UTF-8 bytes are read as U+FFFD, as Go does, and never crash', async () => {
    const email = uniqueEmail('utf8');
    const body = Buffer.concat([
      Buffer.from(`{"email":"${email}","password":"long-enough-1","data":{"name":"`),
      Buffer.from([0xff, 0xc0, 0x80, 0xed, 0xa0, 0x80]),
      Buffer.from('"}}'),
    ]);
    const res = await raw(new Uint8Array(body));
    expect(res.status).toBe(200);
    const rows = await sql<{ name: string }[]>`
      select raw_user_meta_data->>'name' as name from auth.users where email = ${email}`;
    expect(rows[0]?.name).toMatch(/^\ufffd+$/);
  });
});

describe('user metadata size', () => {
  const metadataOf = (bytes: number) => {
    const base = JSON.stringify({ bio: '' });
    return { bio: 'x'.repeat(bytes - Buffer.byteLength(base)) };
  };

  it('sign-up with metadata over the cap answers 400 validation_failed and stores nothing', async () => {
    const email = uniqueEmail('bigmeta');
    const data = metadataOf(MAX_USER_METADATA_BYTES + 1);
    const res = await api('/signup', { body: { email, password: 'long-enough-1', data } });
    expectSupabaseError(res, 400, 'validation_failed');
    expect(res.body['msg']).toMatch(/metadata/i);
    expect(await userRows(email)).toBe(0);
  });

  it('60 KB of metadata (the tester’s case) is refused', async () => {
    const email = uniqueEmail('bigmeta');
    const res = await api('/signup', {
      body: { email, password: 'long-enough-1', data: { blob: 'é'.repeat(30_000) } },
    });
    expectSupabaseError(res, 400, 'validation_failed');
    expect(await userRows(email)).toBe(0);
  });

  it('metadata at the cap is accepted and its token stays under 4 KB, even with the longest address', async () => {
    const suffix = uniqueEmail('cap');
    const email = `${'a'.repeat(254 - suffix.length - 1)}.${suffix}`;
    const res = await api('/signup', {
      body: { email, password: 'long-enough-1', data: metadataOf(MAX_USER_METADATA_BYTES) },
    });
    expect(res.status).toBe(200);
    await sql`update auth.users set email_confirmed_at = now() where email = ${email}`;
    const token = await signIn(email, 'long-enough-1');
    expect(email).toHaveLength(254);
    expect(token.length).toBeLessThan(4 * 1024);
  });

  it('PUT /user merging past the cap answers 400 and keeps the stored metadata', async () => {
    const email = await confirmedUser('long-enough-1', 'bigput');
    const token = await signIn(email, 'long-enough-1');
    const half = metadataOf(Math.floor(MAX_USER_METADATA_BYTES / 2) + 10).bio;
    const first = await api('/user', { method: 'PUT', token, body: { data: { a: half } } });
    expect(first.status).toBe(200);
    const second = await api('/user', { method: 'PUT', token, body: { data: { b: half } } });
    expectSupabaseError(second, 400, 'validation_failed');
    const rows = await sql<{ meta: Record<string, unknown> }[]>`
      select raw_user_meta_data as meta from auth.users where email = ${email}`;
    expect(rows[0]?.meta).toEqual({ a: half });
    // Removing a key (null) and adding another within the cap is fine.
    const third = await api('/user', { method: 'PUT', token, body: { data: { a: null, b: half } } });
    expect(third.status).toBe(200);
  });
});

describe('password hashing cost', () => {
  async function storedHash(email: string): Promise<string> {
    const rows = await sql<
      { hash: string }[]
    >`select encrypted_password as hash from auth.users where email = ${email}`;
    const hash = rows[0]?.hash;
    if (hash === undefined) throw new Error(`no user ${email}`);
    return hash;
  }

  it('the seed hashes demo passwords with the cost the auth server uses', async () => {
    const email = uniqueEmail('cost');
    expect((await api('/signup', { body: { email, password: 'long-enough-1' } })).status).toBe(200);
    const serverCost = bcryptCost(await storedHash(email));
    expect(serverCost).toBe(BCRYPT_COST);

    // The seed's users statement, run into a scratch table: the stored demo rows may already have
    // been re-hashed by a sign-in, the seed file itself must be right.
    const seed = await readFile(new URL('../../supabase/seed.sql', import.meta.url), 'utf8');
    const insertUsers = /insert into auth\.users[\s\S]*?on conflict \(id\) do nothing;/.exec(seed)?.[0];
    expect(insertUsers).toBeDefined();
    const costs = await sql.begin(async (tx) => {
      await tx`create temp table seed_users (like auth.users including all) on commit drop`;
      await tx.unsafe(
        (insertUsers ?? '').replace('insert into auth.users', 'insert into pg_temp.seed_users'),
      );
      return tx<{ hash: string }[]>`select encrypted_password as hash from pg_temp.seed_users`;
    });
    expect(costs).toHaveLength(3);
    for (const { hash } of costs) expect(bcryptCost(hash)).toBe(serverCost);
    for (const demo of ['admin@example.org', 'provider@example.org', 'family@example.org']) {
      expect(bcryptCost(await storedHash(demo))).toBe(serverCost);
    }
  });

  it('the hash an unknown address is checked against has the same cost', () => {
    expect(bcryptCost(DUMMY_PASSWORD_HASH)).toBe(BCRYPT_COST);
  });

  it('a signed-in account with a cheaper hash is re-hashed at the server’s cost, as GoTrue does', async () => {
    const email = await confirmedUser('long-enough-1', 'rehash');
    await sql`update auth.users set encrypted_password = extensions.crypt('long-enough-1', extensions.gen_salt('bf', 4))
              where email = ${email}`;
    expect(bcryptCost(await storedHash(email))).toBe(4);
    await signIn(email, 'long-enough-1');
    expect(bcryptCost(await storedHash(email))).toBe(BCRYPT_COST);
    await signIn(email, 'long-enough-1');
  });
});

describe('simultaneous requests for a new address', () => {
  it.each([
    ['sign-ups', '/signup', (email: string) => ({ email, password: 'race-password-1' })],
    ['magic-link requests', '/otp', (email: string) => ({ email, create_user: true })],
  ])('%s create one user and never answer 5xx', async (_label, path, body) => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 8 }, () => api(path, { body: body(email) })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses).toContain(200);
    // /otp creates the user after answering: wait for it.
    await expect.poll(() => userRows(email)).toBe(1);
    await settle();
    expect(await userRows(email)).toBe(1);
  });
});
