/**
 * Property-based tests of /api/account with hostile input (see ./fuzz.ts): generated methods,
 * tokens, headers, query strings and bodies on both paths. Never a 5xx, the documented status,
 * the error shape and headers; a refused request writes nothing; what a user reads is only
 * ever their own; and a deletion, whatever else the request carries (another user's id in the
 * query or the body, spoofed headers), removes the token's own account and nobody else's.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import {
  fuzzEndpoint,
  garbageAuthorization,
  hostileHeaders,
  jsonText,
  notAString,
  otherMethod,
  protoKey,
  entries,
  type FuzzReport,
  type HostileCase,
} from './fuzz.ts';
import { SEED, adminSql, signIn } from './helpers.ts';
import type { AccountExport, AccountResponse } from '../../src/api/contracts/account.ts';

const RUNS = 250;
const DELETE_RUNS = 25;
const TIMEOUT = 120_000;
const TABLES = ['user_favorites', 'provider_inquiries', 'user_roles'] as const;
/** supabase/seed.sql's demo provider. */
const SEED_PROVIDER_USER = '22222222-2222-4222-8222-222222222222';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

interface User {
  id: string;
  email: string;
  token: string;
}

/**
 * A confirmed user made directly in the database (bcrypt cost 4, so hundreds are cheap) with a
 * saved program and a sent request, signed in through the auth server for a real token.
 */
async function seededUser(label: string): Promise<User> {
  const id = randomUUID();
  const email = `acct-fuzz-${label}-${id.slice(0, 8)}@example.com`;
  const password = 'account-fuzz-1';
  await sql.begin(async (tx) => {
    await tx`insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
             values (${id}, 'authenticated', 'authenticated', ${email},
                     extensions.crypt(${password}, extensions.gen_salt('bf', 4)), now(),
                     '{"provider":"email","providers":["email"]}', '{}')`;
    await tx`insert into auth.identities (provider_id, user_id, identity_data, provider)
             values (${id}, ${id}, ${sql.json({ sub: id, email })}, 'email')`;
    await tx`insert into user_roles (user_id, role) values (${id}, 'user')`;
    await tx`insert into user_favorites (user_id, program_id, program_name) values (${id}, 'mclean', 'McLean')`;
    await tx`insert into provider_inquiries (program_id, type, name, email, phone, message, program_name)
             values ('mclean', 'info', ${`${label} Person`}, ${email}, '(555) 010-0100', ${`secret of ${id}`}, 'McLean')`;
    // Senders are set by the trigger from the inserting user; the superuser sets it afterwards.
    await tx`update provider_inquiries set sender_id = ${id} where email = ${email}`;
  });
  return { id, email, token: await signIn(email, password) };
}

/** What the database holds for a user: rows in each table, and whether the auth user exists. */
async function holdings(userId: string) {
  const [row] = await sql<{ user: number; favourites: number; named: number }[]>`
    select (select count(*)::int from auth.users where id = ${userId}) as user,
           (select count(*)::int from user_favorites where user_id = ${userId}) as favourites,
           (select count(*)::int from provider_inquiries where sender_id = ${userId} and name is not null) as named`;
  return row;
}

const query: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '?user_id=00000000-0000-0000-0000-000000000000',
    '?sub=33333333-3333-4333-8333-333333333333',
    '?__proto__[admin]=1',
    '?download=1&format=csv',
  ),
  fc.string({ maxLength: 20 }).map((s) => `?${encodeURIComponent(s.toWellFormed())}`),
);

/** A body the endpoint ignores: no field of it ever chooses whose account is read or deleted. */
function ignoredBody(victim: () => string): fc.Arbitrary<{ body?: string; headers: Record<string, string> }> {
  return fc.oneof(
    fc.constant({ headers: {} }),
    fc
      .tuple(fc.oneof(notAString, fc.string()), fc.constantFrom('application/json', 'text/plain', ''))
      .map(([v, type]) => ({
        body: jsonText(
          entries([
            ['user_id', victim()],
            ['sub', victim()],
            ['confirm', v],
          ]),
        ),
        headers: type ? { 'content-type': type } : {},
      })),
    protoKey.map((k) => ({
      body: jsonText(entries([[k, { sub: victim(), role: 'service_role' }]])),
      headers: { 'content-type': 'application/json' },
    })),
  );
}

function maybeHostileHeaders(): fc.Arbitrary<Record<string, string>> {
  return fc.option(hostileHeaders, { freq: 3 }).map((extra) => extra ?? {});
}

function expectCovered(report: FuzzReport, statuses: readonly number[], runs = RUNS): void {
  expect(report.runs).toBeGreaterThanOrEqual(runs);
  for (const status of statuses)
    expect(report.statuses[status] ?? 0, `status ${status} was exercised`).toBeGreaterThan(0);
}

let reader: User;
let victim: User;
beforeAll(async () => {
  [reader, victim] = await Promise.all([seededUser('reader'), seededUser('victim')]);
});

describe('/api/account with hostile input', () => {
  it(
    `${RUNS} generated requests signed in: reads are 200 and only ever the reader's own; wrong methods 405`,
    async () => {
      const readCase = fc
        .tuple(
          fc.boolean(),
          query,
          ignoredBody(() => victim.id),
          maybeHostileHeaders(),
        )
        .map(([exporting, q, extra, headers]): HostileCase => ({
          label: exporting ? 'GET the export' : 'GET the account',
          method: 'GET',
          headers: { ...headers, ...extra.headers, authorization: `Bearer ${reader.token}` },
          query: `${exporting ? '/export' : ''}${q}`,
          expect: [200],
        }));
      const wrongMethod = fc.boolean().chain((exporting) =>
        otherMethod(exporting ? ['GET'] : ['GET', 'DELETE']).map((method): HostileCase => ({
          label: `wrong method on ${exporting ? 'the export' : 'the account'}`,
          method,
          headers: { authorization: `Bearer ${reader.token}` },
          body: '{}',
          query: exporting ? '/export' : '',
          expect: [405],
        })),
      );
      const report = await fuzzEndpoint({
        handler: account,
        path: '/api/account',
        sql,
        tables: TABLES,
        cases: fc.oneof({ arbitrary: readCase, weight: 4 }, { arbitrary: wrongMethod, weight: 1 }),
        numRuns: RUNS,
        onSuccess: async (res, sent) => {
          const text = await res.text();
          expect(text).not.toContain(victim.id);
          expect(text).not.toContain(victim.email);
          if (sent.query?.startsWith('/export')) {
            expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+\.json"$/);
            const data = JSON.parse(text) as AccountExport;
            expect(data.account.id).toBe(reader.id);
            expect(data.requests.map((r) => r.email)).toEqual([reader.email]);
          } else {
            const data = JSON.parse(text) as AccountResponse;
            expect(Object.keys(data)).toEqual(['user', 'roles', 'favorites', 'requests']);
            expect(data.user.id).toBe(reader.id);
            expect(data.favorites.map((f) => f.program_id)).toEqual(['mclean']);
            expect(data.requests).toHaveLength(1);
          }
        },
      });
      expectCovered(report, [200, 405]);
      expect(await holdings(reader.id)).toEqual({ user: 1, favourites: 1, named: 1 });
      expect(await holdings(victim.id)).toEqual({ user: 1, favourites: 1, named: 1 });
    },
    TIMEOUT,
  );

  it(
    `${RUNS} generated requests without a valid token: 401 on every path and method it serves, nothing changed`,
    async () => {
      const cases = fc
        .tuple(
          fc.option(garbageAuthorization, { freq: 4 }),
          fc.constantFrom(['GET', ''], ['GET', '/export'], ['DELETE', '']),
          query,
          ignoredBody(() => victim.id),
          maybeHostileHeaders(),
        )
        .map(([authorization, [method, sub], q, extra, headers]): HostileCase => ({
          label: `${authorization === null ? 'no' : 'garbage'} token, ${method} ${sub || '/'}`,
          method,
          headers: {
            ...headers,
            ...extra.headers,
            ...(authorization === null ? {} : { authorization }),
          },
          ...(extra.body === undefined ? {} : { body: extra.body }),
          query: `${sub}${q}`,
          expect: [401],
        }));
      const report = await fuzzEndpoint({
        handler: account,
        path: '/api/account',
        sql,
        tables: TABLES,
        cases,
        numRuns: RUNS,
      });
      expectCovered(report, [401]);
      expect(await holdings(victim.id)).toEqual({ user: 1, favourites: 1, named: 1 });
    },
    TIMEOUT,
  );

  it(
    `${RUNS} generated deletions by a provider: always 403, nothing changed`,
    async () => {
      const token = await signIn(SEED.provider.email, SEED.provider.password);
      const cases = fc
        .tuple(
          query,
          ignoredBody(() => victim.id),
          maybeHostileHeaders(),
        )
        .map(([q, extra, headers]): HostileCase => ({
          label: 'provider deletes',
          method: 'DELETE',
          headers: { ...headers, ...extra.headers, authorization: `Bearer ${token}` },
          ...(extra.body === undefined ? {} : { body: extra.body }),
          query: q,
          expect: [403],
        }));
      const report = await fuzzEndpoint({
        handler: account,
        path: '/api/account',
        sql,
        tables: TABLES,
        cases,
        numRuns: RUNS,
      });
      expectCovered(report, [403]);
      expect(await holdings(SEED_PROVIDER_USER)).toMatchObject({ user: 1 });
    },
    TIMEOUT,
  );

  it(
    `${DELETE_RUNS} generated deletions, each by a new user naming another in the query and body: only the token's own account goes`,
    async () => {
      let current: User | null = null;
      const cases = fc
        .tuple(
          query,
          ignoredBody(() => victim.id),
          maybeHostileHeaders(),
        )
        .map(([q, extra, headers]): HostileCase => ({
          label: 'a user deletes their account',
          method: 'DELETE',
          // The token is filled in per run (below), once the run's user exists.
          headers: { ...headers, ...extra.headers },
          ...(extra.body === undefined ? {} : { body: extra.body }),
          query: q,
          expect: [204],
        }));
      const report = await fuzzEndpoint({
        handler: async (req, context) => {
          current = await seededUser('deleter');
          const headers = new Headers(req.headers);
          headers.set('authorization', `Bearer ${current.token}`);
          const body = req.body === null ? null : await req.arrayBuffer();
          return account(new Request(req.url, { method: req.method, headers, body }), context);
        },
        path: '/api/account',
        sql,
        cases,
        numRuns: DELETE_RUNS,
        onSuccess: async (res) => {
          expect(await res.text()).toBe('');
          const gone = current;
          if (gone === null) throw new Error('no user for this run');
          expect(await holdings(gone.id)).toEqual({ user: 0, favourites: 0, named: 0 });
          expect(await sql`select 1 from provider_inquiries where email = ${gone.email}`).toEqual([]);
          expect(await holdings(victim.id)).toEqual({ user: 1, favourites: 1, named: 1 });
          expect(await holdings(reader.id)).toEqual({ user: 1, favourites: 1, named: 1 });
        },
      });
      expectCovered(report, [204], DELETE_RUNS);
    },
    TIMEOUT,
  );
});
