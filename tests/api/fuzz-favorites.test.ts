/**
 * Property-based tests of /api/favorites with hostile input (see ./fuzz.ts): generated ids in the
 * path, methods, tokens, headers, query strings and bodies. Never a 5xx, the documented status,
 * the error shape and headers, and no row written by a refused request.
 *
 * Requests go through the same routing as Netlify and `npm start`: the function's `config.path`
 * patterns pick the `:programId` out of the path and hand it over in `context.params`.
 */
import type { Context } from '@netlify/functions';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import favorites, { config } from '../../netlify/functions/favorites.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { programIndex } from '../../netlify/functions/_shared/programs.ts';
import { TEST_PROGRAM_ID } from '../../src/lib/vocabulary.ts';
import {
  controlChar,
  garbageAuthorization,
  hostileHeaders,
  invisibleText,
  jsonText,
  loneSurrogate,
  notAString,
  otherContentType,
  otherMethod,
  protoKey,
  fuzzEndpoint,
  type FuzzReport,
  type Handler,
  type HostileCase,
} from './fuzz.ts';
import { adminSql, confirmedUser } from './helpers.ts';
import { PROGRAM_ID_PATTERN } from '../../src/lib/program-id.ts';

/** The program files' index, as the functions load it. */
const files = await programIndex();

const RUNS = 250;
const TIMEOUT = 90_000;

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const LISTED = files.entries.filter((p) => !p.test).map((p) => p.id);

/** The router of Netlify and scripts/lib/functions.ts: `config.path` as URLPatterns. */
const PATTERNS = ([] as string[]).concat(config.path ?? []).map((pathname) => new URLPattern({ pathname }));
function routeParams(url: string): Record<string, string> | null {
  for (const pattern of PATTERNS) {
    const match = pattern.exec(url);
    if (!match) continue;
    return Object.fromEntries(
      Object.entries(match.pathname.groups).filter((e): e is [string, string] => e[1] !== undefined),
    );
  }
  return null;
}
const routed: Handler = (req: Request, context: Context) => {
  const params = routeParams(req.url);
  // fuzzEndpoint only sends paths the router delivers (see `segment` below).
  if (params === null) throw new Error(`not routed to the function: ${req.url}`);
  return favorites(req, { ...context, params });
};

/** The path segment a client sends for `id`, and the `:programId` the router hands over; null if not routed. */
function segment(id: string): { path: string; param: string } | null {
  const path = `/api/favorites/${encodeURIComponent(id.toWellFormed())}`;
  const param = routeParams(`http://localhost${path}`)?.['programId'];
  return param === undefined ? null : { path, param };
}

/** The contract for an id with a valid token: 400 malformed, 404 not a listed program, else success. */
function statusFor(param: string, success: number): number {
  if (!PROGRAM_ID_PATTERN.test(param)) return 400;
  const program = files.find(param);
  return program === undefined || program.test ? 404 : success;
}

/** Ids a hostile or careless client puts in the path. */
const hostileId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...LISTED),
  fc.constant(TEST_PROGRAM_ID),
  fc.stringMatching(/^[a-z0-9-]{1,120}$/),
  fc.stringMatching(/^[A-Za-z0-9_.~-]{1,20}$/),
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }),
  fc.constantFrom(...LISTED).map((id) => id.toUpperCase()),
  fc.constantFrom(...LISTED).map((id) => `${id} `),
  fc.constantFrom(...LISTED).map((id) => `${id}\u200b`),
  controlChar().map((c) => `a${c}b`),
  loneSurrogate.map((c) => `a${c}`),
  invisibleText,
  protoKey,
  fc.constantFrom("' or 1=1 --", '${1}', '%00', '%2F', '..%2F', 'null', 'undefined', '[object Object]'),
  fc.integer({ min: 100, max: 10_000 }).map((n) => 'a'.repeat(n)),
);

const query: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc.constantFrom('?program_id=other', '?__proto__[x]=1', '?user_id=00000000-0000-0000-0000-000000000000'),
  fc.string({ maxLength: 20 }).map((s) => `?${encodeURIComponent(s.toWellFormed())}`),
);

function maybeHostileHeaders(base: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  return fc.option(hostileHeaders, { freq: 3 }).map((extra) => ({ ...(extra ?? {}), ...base }));
}

/** A body the endpoint ignores (PUT and DELETE take none; the name comes from the server). */
const ignoredBody: fc.Arbitrary<{ body?: string; headers: Record<string, string> }> = fc.oneof(
  fc.constant({ headers: {} }),
  fc
    .tuple(fc.oneof(notAString, fc.string()), fc.constantFrom('application/json', 'text/plain'))
    .map(([v, type]) => ({
      body: jsonText({ program_name: v, user_id: '00000000-0000-0000-0000-000000000000' }),
      headers: { 'content-type': type },
    })),
  otherContentType([]).map((type) => ({
    body: '{"program_name":"<script>alert(1)</script>"}',
    headers: type ? { 'content-type': type } : {},
  })),
);

function expectCovered(report: FuzzReport, statuses: readonly number[]): void {
  expect(report.runs).toBeGreaterThanOrEqual(RUNS);
  for (const status of statuses)
    expect(report.statuses[status] ?? 0, `status ${status} was exercised`).toBeGreaterThan(0);
}

let token = '';
let userId = '';
beforeAll(async () => {
  ({ token, id: userId } = await confirmedUser('fav-fuzz', 'favourite-fuzz-1'));
});

describe('/api/favorites with hostile input', () => {
  it(
    `${RUNS} generated requests signed in: ids in the path → 204, 400 or 404; wrong methods 405; the stored rows follow`,
    async () => {
      const itemCase = fc
        .tuple(
          fc.constantFrom('PUT', 'DELETE'),
          hostileId.map(segment).filter((s) => s !== null),
          query,
          ignoredBody,
          maybeHostileHeaders({}),
        )
        .map(([method, seg, q, extra, headers]): HostileCase => {
          const status = statusFor(seg.param, 204);
          return {
            label: `${method} ${status === 204 ? 'listed' : status === 404 ? 'unknown' : 'malformed'} id`,
            method,
            headers: { ...headers, ...extra.headers, authorization: `Bearer ${token}` },
            ...(extra.body === undefined ? {} : { body: extra.body }),
            query: `${seg.path.slice('/api/favorites'.length)}${q}`,
            expect: [status],
          };
        });
      const listCase = fc.tuple(query, maybeHostileHeaders({})).map(([q, headers]): HostileCase => ({
        label: 'GET the list',
        method: 'GET',
        headers: { ...headers, authorization: `Bearer ${token}` },
        query: q,
        expect: [200],
      }));
      const wrongMethod = fc.tuple(fc.boolean(), fc.constantFrom(...LISTED)).chain(([item, id]) =>
        otherMethod(item ? ['PUT', 'DELETE'] : ['GET']).map((method): HostileCase => ({
          label: `wrong method on the ${item ? 'item' : 'collection'}`,
          method,
          headers: { authorization: `Bearer ${token}` },
          body: '{}',
          query: item ? `/${id}` : '',
          expect: [405],
        })),
      );
      const report = await fuzzEndpoint({
        handler: routed,
        path: '/api/favorites',
        sql,
        tables: ['user_favorites'],
        cases: fc.oneof(
          { arbitrary: itemCase, weight: 8 },
          { arbitrary: listCase, weight: 1 },
          { arbitrary: wrongMethod, weight: 1 },
        ),
        numRuns: RUNS,
        onSuccess: async (res, sent) => {
          if (res.status === 204) {
            expect(await res.text()).toBe('');
            const id = decodeURIComponent((sent.query ?? '').slice(1).split('?')[0] ?? '');
            const [row] = await sql<{ program_name: string }[]>`
              select program_name from user_favorites where user_id = ${userId} and program_id = ${id}`;
            if (sent.method === 'PUT') expect(row?.program_name).toBe(files.find(id)?.name);
            else expect(row).toBeUndefined();
            return;
          }
          const data = (await res.json()) as { favorites: Record<string, unknown>[] };
          expect(Object.keys(data)).toEqual(['favorites']);
          for (const f of data.favorites) {
            expect(LISTED).toContain(f['program_id']);
            expect(f['program_name']).toBe(files.find(String(f['program_id']))?.name);
          }
        },
      });
      expectCovered(report, [200, 204, 400, 404, 405]);
      // Only this user's rows exist for this user, and only listed programs were ever stored.
      const rows = await sql<
        { program_id: string }[]
      >`select program_id from user_favorites where user_id = ${userId}`;
      for (const row of rows) expect(LISTED).toContain(row.program_id);
    },
    TIMEOUT,
  );

  it(
    `${RUNS} generated requests without a valid token: 401 for every id and method it serves, nothing stored`,
    async () => {
      const cases = fc
        .tuple(
          fc.option(garbageAuthorization, { freq: 4 }),
          fc.constantFrom('GET', 'PUT', 'DELETE'),
          hostileId.map(segment).filter((s) => s !== null),
          query,
          maybeHostileHeaders({}),
        )
        .map(([authorization, method, seg, q, headers]): HostileCase => ({
          label: `${authorization === null ? 'no' : 'garbage'} token, ${method}`,
          method,
          headers: authorization === null ? headers : { ...headers, authorization },
          query: method === 'GET' ? q : `${seg.path.slice('/api/favorites'.length)}${q}`,
          expect: [401],
        }));
      const report = await fuzzEndpoint({
        handler: routed,
        path: '/api/favorites',
        sql,
        tables: ['user_favorites'],
        cases,
        numRuns: RUNS,
      });
      expectCovered(report, [401]);
    },
    TIMEOUT,
  );
});
