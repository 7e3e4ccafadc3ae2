import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import favorites, { config } from '../../netlify/functions/favorites.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { programIndex } from '../../netlify/functions/_shared/programs.ts';
import { TEST_PROGRAM_ID } from '../../src/lib/vocabulary.ts';
import {
  REQUIRED_HEADERS,
  SEED,
  adminSql,
  body,
  confirmedUser,
  ctx,
  signIn,
  type ApiError,
  type TestUser,
} from './helpers.ts';
import type { FavoritesResponse } from '../../src/api/contracts/favorites.ts';

/** The program files' index, as the functions load it. */
const files = await programIndex();

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const listed = files.entries.filter((p) => !p.test);
const [first, second, third] = listed as [(typeof listed)[0], (typeof listed)[0], (typeof listed)[0]];

/** A user no other test shares. */
function freshUser(label: string): Promise<TestUser> {
  return confirmedUser(`fav-${label}`, 'favourite-pass-1');
}

function call(method: string, programId?: string, token?: string): Promise<Response> {
  const path = programId === undefined ? '/api/favorites' : `/api/favorites/${programId}`;
  const req = new Request(`http://localhost${path}`, {
    method,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  // The router hands `:programId` over in context.params, as Netlify and scripts/start.ts do.
  const context = ctx();
  if (programId !== undefined) Object.assign(context, { params: { programId } });
  return favorites(req, context);
}

async function list(token: string): Promise<FavoritesResponse['favorites']> {
  const res = await call('GET', undefined, token);
  expect(res.status).toBe(200);
  return (await body<FavoritesResponse>(res)).favorites;
}

async function rowsOf(userId: string): Promise<{ program_id: string; program_name: string }[]> {
  return sql<{ program_id: string; program_name: string }[]>`
    select program_id, program_name from user_favorites where user_id = ${userId} order by program_id`;
}

let alice: Awaited<ReturnType<typeof freshUser>>;
let bob: Awaited<ReturnType<typeof freshUser>>;
beforeAll(async () => {
  [alice, bob] = await Promise.all([freshUser('alice'), freshUser('bob')]);
});

describe('/api/favorites without a valid token', () => {
  it.each([
    ['GET', undefined],
    ['PUT', 'x'],
    ['DELETE', 'x'],
  ] as const)('%s with no token → 401 Please sign in.', async (method, which) => {
    const res = await call(method, which === undefined ? undefined : first.id);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await body<ApiError>(res)).toEqual({
      error: { code: 'unauthorized', message: 'Please sign in.' },
    });
  });

  it.each(['not-a-jwt', 'a.b.c', ''])('a bad token (%j) → 401 and nothing stored', async (token) => {
    const before = await sql`select count(*)::int as n from user_favorites`;
    for (const [method, id] of [
      ['GET', undefined],
      ['PUT', first.id],
      ['DELETE', first.id],
    ] as const) {
      const res = await call(method, id, token);
      expect(res.status).toBe(401);
      expect((await body<ApiError>(res)).error.code).toBe('unauthorized');
    }
    expect(await sql`select count(*)::int as n from user_favorites`).toEqual(before);
  });

  it('a token whose signature was altered → 401', async () => {
    const [header, payload] = alice.token.split('.') as [string, string];
    const res = await call('PUT', first.id, `${header}.${payload}.${'A'.repeat(86)}`);
    expect(res.status).toBe(401);
    expect(await rowsOf(alice.id)).toEqual([]);
  });
});

describe('/api/favorites with a valid token', () => {
  it('starts empty, with the security headers', async () => {
    const res = await call('GET', undefined, bob.token);
    expect(res.status).toBe(200);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await body<FavoritesResponse>(res)).toEqual({ favorites: [] });
  });

  it('PUT saves with the name from the program index; again is a no-op (idempotent)', async () => {
    const res = await call('PUT', first.id, alice.token);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    const again = await call('PUT', first.id, alice.token);
    expect(again.status).toBe(204);
    expect(await rowsOf(alice.id)).toEqual([{ program_id: first.id, program_name: first.name }]);
  });

  it('GET lists newest first with program_id, program_name and an ISO created_at', async () => {
    await call('PUT', second.id, alice.token);
    // A distinct time for the third, whatever the clock's resolution.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call('PUT', third.id, alice.token);
    const saved = await list(alice.token);
    expect(saved.map((f) => f.program_id)).toEqual([third.id, second.id, first.id]);
    expect(saved[0]).toMatchObject({ program_id: third.id, program_name: third.name });
    for (const f of saved) {
      expect(Object.keys(f).sort()).toEqual(['created_at', 'program_id', 'program_name']);
      expect(new Date(f.created_at).toISOString().slice(0, 19)).toBe(f.created_at.slice(0, 19));
      expect(f.created_at).toMatch(/Z$/);
    }
    const times = saved.map((f) => Date.parse(f.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('saving again keeps the original time (it does not move to the top)', async () => {
    const before = await list(alice.token);
    expect((await call('PUT', first.id, alice.token)).status).toBe(204);
    expect(await list(alice.token)).toEqual(before);
  });

  it("another user's rows are invisible and cannot be removed by them", async () => {
    expect(await list(bob.token)).toEqual([]);
    expect((await call('DELETE', first.id, bob.token)).status).toBe(204);
    expect((await rowsOf(alice.id)).map((r) => r.program_id)).toContain(first.id);
    // Bob saving the same program makes his own row, not a conflict with Alice's.
    expect((await call('PUT', first.id, bob.token)).status).toBe(204);
    expect((await list(bob.token)).map((f) => f.program_id)).toEqual([first.id]);
    expect((await list(alice.token)).map((f) => f.program_id)).toEqual([third.id, second.id, first.id]);
  });

  it('an admin, who may read every row through RLS, still gets only their own list', async () => {
    const token = await signIn(SEED.admin.email, SEED.admin.password);
    const ids = (await list(token)).map((f) => f.program_id);
    const [adminRow] = await sql<
      { id: string }[]
    >`select id from auth.users where email = ${SEED.admin.email}`;
    const own = await sql<{ program_id: string }[]>`
      select program_id from user_favorites where user_id = ${adminRow?.id ?? ''} order by created_at desc`;
    expect(ids).toEqual(own.map((r) => r.program_id));
    expect(ids).not.toContain(third.id);
  });

  it('DELETE removes it (204) and is 204 again when it is no longer saved', async () => {
    const res = await call('DELETE', second.id, alice.token);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await list(alice.token)).map((f) => f.program_id)).toEqual([third.id, first.id]);
    expect((await call('DELETE', second.id, alice.token)).status).toBe(204);
    expect((await list(alice.token)).map((f) => f.program_id)).toEqual([third.id, first.id]);
  });

  it('the program id also works when the router passes no params (read from the path)', async () => {
    const req = new Request(`http://localhost/api/favorites/${second.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect((await favorites(req, ctx())).status).toBe(204);
    expect((await rowsOf(bob.id)).map((r) => r.program_id).sort()).toEqual([first.id, second.id].sort());
  });
});

describe('/api/favorites refuses ids that are not listed programs', () => {
  it.each([
    ['unknown-program-xyz', 404],
    ['a', 404],
    [TEST_PROGRAM_ID, 404],
  ])('PUT and DELETE %s → %i, nothing stored', async (id, status) => {
    for (const method of ['PUT', 'DELETE']) {
      const res = await call(method, id, alice.token);
      expect(res.status).toBe(status);
      expect(await body<ApiError>(res)).toEqual({
        error: { code: 'not_found', message: 'Unknown program.' },
      });
    }
    expect((await rowsOf(alice.id)).map((r) => r.program_id)).not.toContain(id);
  });

  it.each([
    'UPPER-case',
    '-leading-hyphen',
    'has_underscore',
    'x'.repeat(101),
    '%2e%2e',
    'caf%C3%A9',
    'a%2Fb',
    '%00',
    'has%20space',
    "o'brien",
  ])('malformed id %j → 400 invalid_input with the program_id field', async (id) => {
    const before = await rowsOf(alice.id);
    for (const method of ['PUT', 'DELETE']) {
      const res = await call(method, id, alice.token);
      expect(res.status).toBe(400);
      const data = await body<ApiError>(res);
      expect(data.error.code).toBe('invalid_input');
      expect(Object.keys(data.error.fields ?? {})).toEqual(['program_id']);
    }
    expect(await rowsOf(alice.id)).toEqual(before);
  });
});

describe('/api/favorites other methods', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s on the collection → 405 Allow: GET', async (method) => {
    const res = await call(method, undefined, alice.token);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect((await body<ApiError>(res)).error.code).toBe('method_not_allowed');
  });

  it.each(['GET', 'POST', 'PATCH', 'HEAD'])('%s on an item → 405 Allow: PUT, DELETE', async (method) => {
    const res = await call(method, first.id, alice.token);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('PUT, DELETE');
  });
});

describe('/api/favorites rate limit', () => {
  it('answers 429 with Retry-After after 120 requests a minute from one address', async () => {
    const context = ctx();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      const res = await favorites(new Request('http://localhost/api/favorites', { method: 'GET' }), context);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 120).every((s) => s === 401)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});

describe('netlify/functions/favorites.mts config', () => {
  it('is a v2 function whose paths and rate limit Netlify can read statically', async () => {
    const zisi = import.meta.resolve('@netlify/zip-it-and-ship-it');
    const { parseSource } = (await import(
      new URL('./runtimes/node/in_source_config/index.js', zisi).href
    )) as {
      parseSource: (
        source: string,
        options: { functionName: string },
      ) => { config: { path?: string[]; rateLimit?: unknown }; runtimeAPIVersion: number };
    };
    const source = await readFile(new URL('../../netlify/functions/favorites.mts', import.meta.url), 'utf8');
    const parsed = parseSource(source, { functionName: 'favorites' });
    expect(parsed.runtimeAPIVersion).toBe(2);
    expect(parsed.config.path).toEqual(['/api/favorites', '/api/favorites/:programId']);
    expect(parsed.config.rateLimit).toEqual(config.rateLimit);
    expect(parsed.config.rateLimit).toMatchObject({ aggregateBy: ['ip', 'domain'] });
  });
});
