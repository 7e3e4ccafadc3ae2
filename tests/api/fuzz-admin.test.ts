/**
 * Property-based tests of the admin decision endpoints with hostile input (see ./fuzz.ts):
 * `PATCH /api/admin/verification-requests/:id` and `PATCH /api/admin/listings/:id`. Never a 5xx,
 * the documented status for each caller, body and target, the error shape and headers, and no
 * notification written by a refused request. The decision schemas are the oracle for bodies.
 *
 * The target of each case (a pending row, a decided one, an unknown id, not an id) is chosen when
 * the request is sent, since a successful decision uses the pending row up: the wrapper below
 * routes `?target=` to the current row's id, as Netlify's router would fill `context.params.id`.
 */
import type { Context } from '@netlify/functions';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import listingsAdmin from '../../netlify/functions/admin-listings.mts';
import requestsAdmin from '../../netlify/functions/admin-verification-requests.mts';
import providers from '../../netlify/functions/providers.mts';
import { listingDecisionSchema, verificationDecisionSchema } from '../../src/api/contracts/admin-schemas.ts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { programIndex } from '../../netlify/functions/_shared/programs.ts';
import {
  controlChar,
  entries,
  fuzzEndpoint,
  garbageAuthorization,
  hostileHeaders,
  inside,
  invisibleText,
  jsonText,
  loneSurrogate,
  megabyteString,
  notAString,
  otherContentType,
  otherMethod,
  protoKey,
  type FuzzReport,
  type Handler,
  type HostileCase,
  tooLarge,
} from './fuzz.ts';
import { SEED, adminSql, confirmedUser, ctx, signIn, type TestUser } from './helpers.ts';
import type { ProviderResponse } from '../../src/api/contracts/providers.ts';

/** The program files' index, as the functions load it. */
const files = await programIndex();

const RUNS = 200;
const TIMEOUT = 180_000;

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

function expectCovered(report: FuzzReport, statuses: readonly number[]): void {
  expect(report.runs).toBeGreaterThanOrEqual(RUNS);
  for (const status of statuses)
    expect(report.statuses[status] ?? 0, `status ${status} was exercised`).toBeGreaterThan(0);
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

let adminToken = '';
let family: TestUser;
let providerUser: TestUser;
let provider = '';

beforeAll(async () => {
  [adminToken, family, providerUser] = await Promise.all([
    signIn(SEED.admin.email, SEED.admin.password),
    confirmedUser('fuzz-admin-family', 'fuzz-admin-pass-1'),
    confirmedUser('fuzz-admin-provider', 'fuzz-admin-pass-1'),
  ]);
  const res = await providers(
    new Request('http://localhost/api/providers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${providerUser.token}` },
      body: JSON.stringify({
        organization_name: 'Fuzz Admin Org',
        contact_name: 'Fay',
        email: providerUser.email,
      }),
    }),
    ctx(),
  );
  expect(res.status).toBe(201);
  provider = ((await res.json()) as ProviderResponse).provider.id;
});

type Target = 'pending' | 'decided' | 'unknown' | 'not-an-id';
type Who = 'admin' | 'family' | 'provider' | 'none' | 'garbage';

/** Stands for the target's current revision in a generated body (the version the admin's list shows). */
const SEEN = '"__seen__"';
/** A revision no row has: a decision on a version older than the row's. */
const STALE = 2147483000;

/**
 * Calls `handler` with `context.params.id` set from `?target=` (see the header), and `SEEN` in
 * the body replaced by the target's revision in `table`.
 */
function targeted(handler: Handler, ids: () => Record<Target, string>, table: string): Handler {
  return async (req: Request, context: Context) => {
    const target = (new URL(req.url).searchParams.get('target') ?? 'unknown') as Target;
    const id = ids()[target];
    const text = req.body === null ? null : await req.text();
    let sent = text;
    if (text?.includes(SEEN)) {
      const rows = /^[0-9a-f-]{36}$/.test(id)
        ? await sql.unsafe<{ revision: number }[]>(`select revision from ${table} where id = $1`, [id])
        : [];
      sent = text.replaceAll(SEEN, String(rows[0]?.revision ?? 1));
    }
    const forwarded = new Request(req.url, {
      method: req.method,
      headers: req.headers,
      ...(sent === null ? {} : { body: sent }),
    });
    return handler(forwarded, { ...context, params: { id } });
  };
}

const notesValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    arbitrary: fc.constantFrom('Looks good.', '  Please add your license.\nThanks ', 'Zoë <b>ok</b>'),
    weight: 4,
  },
  { arbitrary: fc.constantFrom('', '   ', null), weight: 2 },
  { arbitrary: invisibleText, weight: 1 },
  { arbitrary: inside(controlChar()), weight: 1 },
  { arbitrary: loneSurrogate.map((c) => `n${c}`), weight: 1 },
  { arbitrary: fc.integer({ min: 4990, max: 5010 }).map((n) => 'n'.repeat(n)), weight: 1 },
  { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
  { arbitrary: notAString, weight: 1 },
);
const statusValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom('approved', 'rejected'), weight: 6 },
  { arbitrary: fc.constantFrom('pending', 'draft', 'APPROVED', '', null), weight: 1 },
  { arbitrary: notAString, weight: 1 },
);

/** True `yes` times in `yes + no`. */
function chance(yes: number, no: number): fc.Arbitrary<boolean> {
  return fc.oneof(
    { arbitrary: fc.constant(true), weight: yes },
    { arbitrary: fc.constant(false), weight: no },
  );
}

/** `arb` once in `1 + odds` cases, else null. */
function rarely<T>(arb: fc.Arbitrary<T>, odds: number): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: fc.constant(null), weight: odds }, { arbitrary: arb, weight: 1 });
}

function bodies(withProgramId: boolean): fc.Arbitrary<string> {
  const programId = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 4 },
    { arbitrary: fc.constant('__fresh__'), weight: 2 },
    { arbitrary: fc.constant(files.entries[0]?.id ?? 'x'), weight: 1 },
    { arbitrary: fc.constantFrom('Not A Slug', '-x', '', 'a/b', null), weight: 1 },
    { arbitrary: notAString, weight: 1 },
  );
  return fc
    .record({
      status: chance(10, 1),
      statusValue,
      notes: chance(1, 1),
      notesValue,
      programId: withProgramId ? programId : fc.constant(undefined),
      extra: rarely(
        fc.tuple(fc.oneof(protoKey, fc.constantFrom('reviewed_by', 'provider_id')), fc.string()),
        8,
      ),
      notObject: rarely(fc.constantFrom('[]', '"approved"', '42', 'null'), 20),
      revision: fc.oneof(
        { arbitrary: fc.constant('__seen__'), weight: 12 },
        { arbitrary: fc.constant(undefined), weight: 1 },
        { arbitrary: fc.constant(STALE), weight: 1 },
        { arbitrary: fc.constantFrom(0, -1, 1.5, '7', null), weight: 1 },
      ),
    })
    .map(
      ({
        status,
        statusValue: statusGiven,
        notes,
        notesValue: notesGiven,
        programId,
        extra,
        notObject,
        revision,
      }) => {
        if (notObject !== null) return notObject;
        const pairs: [string, unknown][] = [];
        if (revision !== undefined) pairs.push(['revision', revision]);
        if (status) pairs.push(['status', statusGiven]);
        if (notes) pairs.push(['reviewer_notes', notesGiven]);
        if (programId !== undefined)
          pairs.push([
            'published_program_id',
            programId === '__fresh__' ? `fuzz-${randomUUID().slice(0, 8)}` : programId,
          ]);
        if (extra !== null) pairs.push(extra);
        return jsonText(entries(pairs));
      },
    );
}

function cases(
  schema: typeof verificationDecisionSchema | typeof listingDecisionSchema,
  withProgramId: boolean,
): fc.Arbitrary<HostileCase> {
  const who = fc.oneof(
    { arbitrary: fc.constant<Who>('admin'), weight: 8 },
    { arbitrary: fc.constantFrom<Who>('family', 'provider', 'none', 'garbage'), weight: 3 },
  );
  const target = fc.constantFrom<Target>(
    'pending',
    'pending',
    'pending',
    'decided',
    'decided',
    'unknown',
    'not-an-id',
  );
  const takenId = files.entries[0]?.id;
  const json = fc
    .tuple(who, target, bodies(withProgramId), garbageAuthorization, fc.option(hostileHeaders, { freq: 4 }))
    .map(([w, t, text, garbage, extraHeaders]): HostileCase => {
      const auth: Record<string, string> =
        w === 'none'
          ? {}
          : {
              authorization:
                w === 'garbage'
                  ? garbage
                  : `Bearer ${w === 'admin' ? adminToken : w === 'family' ? family.token : providerUser.token}`,
            };
      // The model reads the body with the revision the target will have (any valid number stands in).
      const parsed = schema.safeParse(parsedOrUndefined(text.replaceAll(SEEN, '7')));
      const stale = parsed.success && parsed.data.revision === STALE;
      const givenTaken =
        parsed.success &&
        'published_program_id' in parsed.data &&
        parsed.data.published_program_id === takenId;
      // The body is read (and its size checked) before the administrator check.
      const status =
        w === 'none' || w === 'garbage'
          ? 401
          : tooLarge(text)
            ? 413
            : w !== 'admin'
              ? 403
              : !parsed.success
                ? 400
                : t === 'unknown' || t === 'not-an-id'
                  ? 404
                  : stale || t === 'decided'
                    ? 409
                    : parsed.data.status === 'approved' && givenTaken
                      ? 409
                      : 200;
      return {
        label: `${w} → ${t}: ${String(status)}`,
        method: 'PATCH',
        headers: { ...(extraHeaders ?? {}), 'content-type': 'application/json', ...auth },
        body: text,
        query: `?target=${t}`,
        expect: [status],
      };
    });
  const wrongMethod = otherMethod(['PATCH', 'GET']).map((method): HostileCase => ({
    label: 'wrong method',
    method,
    headers: { authorization: `Bearer ${adminToken}` },
    query: '?target=pending',
    expect: [405],
  }));
  const wrongType = fc
    .tuple(otherContentType(['application/json']), fc.constantFrom<Who>('admin', 'family'))
    .map(([type, w]): HostileCase => ({
      label: 'wrong content type',
      method: 'PATCH',
      headers: { 'content-type': type, authorization: `Bearer ${w === 'admin' ? adminToken : family.token}` },
      body: '{"status":"approved"}',
      query: '?target=pending',
      expect: [415],
    }));
  const huge = fc
    .tuple(megabyteString, fc.constantFrom<Who>('admin', 'family'))
    .map(([notes, w]): HostileCase => ({
      label: 'too large',
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${w === 'admin' ? adminToken : family.token}`,
      },
      body: jsonText(
        entries([
          ['status', 'approved'],
          ['reviewer_notes', notes],
        ]),
      ),
      query: '?target=pending',
      expect: [413],
    }));
  return fc.oneof(
    { arbitrary: json, weight: 12 },
    { arbitrary: wrongMethod, weight: 1 },
    { arbitrary: wrongType, weight: 1 },
    { arbitrary: huge, weight: 1 },
  );
}

/**
 * Cases sent before the generated ones, so the rarer documented answers are always exercised: a
 * decision on the pending row as read (200), on an unknown id (404), and a body that is not JSON
 * (415). The generators reach some of these only a few times in 200 runs.
 */
function alwaysSent(): HostileCase[] {
  const decision = `{"revision":${SEEN},"status":"rejected","reviewer_notes":"Please add your license."}`;
  const admin = { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` };
  return [
    {
      label: 'admin → pending: 200 (always sent)',
      method: 'PATCH',
      headers: admin,
      body: decision,
      query: '?target=pending',
      expect: [200],
    },
    {
      label: 'admin → unknown: 404 (always sent)',
      method: 'PATCH',
      headers: admin,
      body: decision,
      query: '?target=unknown',
      expect: [404],
    },
    {
      label: 'wrong content type (always sent)',
      method: 'PATCH',
      headers: { ...admin, 'content-type': 'text/plain' },
      body: '{"status":"approved"}',
      query: '?target=pending',
      expect: [415],
    },
  ];
}

async function newRequest(status: 'pending' | 'approved'): Promise<string> {
  await sql`delete from provider_verification_requests where provider_id = ${provider} and status = 'pending'`;
  await sql`update providers set verification_status = 'unverified', verified_at = null, verified_by = null where id = ${provider}`;
  const [row] = await sql<{ id: string }[]>`
    insert into provider_verification_requests (provider_id, documents_submitted)
    values (${provider}, ${['Fuzz license']}) returning id`;
  const id = row?.id ?? '';
  if (status === 'approved')
    await sql`update provider_verification_requests set status = 'approved' where id = ${id}`;
  return id;
}

async function newListing(status: 'pending' | 'approved'): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into provider_listings (provider_id, center_name, description, phone, status, address, city, state,
      zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance)
    values (${provider}, 'Fuzz Center', 'A program.', '555-010-0199', 'pending', '1 Fuzz Road', 'Belmont', 'MA',
      '02478', ${['Adults']}, 'Co-ed', 'Residential', '30 days', ${['ERP']}, ${['Private Pay']}) returning id`;
  const id = row?.id ?? '';
  // With its program id: an approved listing must be publishable (migration 20261125000300).
  if (status === 'approved')
    await sql`update provider_listings set status = 'approved', published_program_id = ${`fuzz-${id}`} where id = ${id}`;
  return id;
}

async function notificationCount(subject: string): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`select count(*)::int as n from notifications where subject_id = ${subject}`;
  return row?.n ?? 0;
}

describe('PATCH /api/admin/verification-requests/:id with hostile input', () => {
  it(
    `${String(RUNS)} generated requests: only the admin decides a pending request, once; nothing else writes a notification`,
    async () => {
      const decided = await newRequest('approved');
      let pending = await newRequest('pending');
      const ids = () => ({ pending, decided, unknown: randomUUID(), 'not-an-id': 'not-an-id' });
      const report = await fuzzEndpoint({
        handler: targeted(requestsAdmin, ids, 'provider_verification_requests'),
        path: '/api/admin/verification-requests/x',
        sql,
        tables: ['notifications', 'provider_verification_requests'],
        numRuns: RUNS,
        examples: alwaysSent(),
        cases: cases(verificationDecisionSchema, false),
        onSuccess: async (res, sent) => {
          const input = verificationDecisionSchema.parse(JSON.parse(String(sent.body).replaceAll(SEEN, '7')));
          const { request } = (await res.json()) as {
            request: { id: string; status: string; reviewer_notes: string | null };
          };
          expect(request).toMatchObject({
            id: pending,
            status: input.status,
            reviewer_notes: input.reviewer_notes || null,
          });
          expect(await notificationCount(pending)).toBe(1);
          pending = await newRequest('pending');
        },
      });
      expectCovered(report, [200, 400, 401, 403, 404, 405, 409, 413, 415]);
    },
    TIMEOUT,
  );
});

describe('PATCH /api/admin/listings/:id with hostile input', () => {
  it(
    `${String(RUNS)} generated requests: only the admin decides a pending listing, once; nothing else writes a notification`,
    async () => {
      const decided = await newListing('approved');
      let pending = await newListing('pending');
      const ids = () => ({ pending, decided, unknown: randomUUID(), 'not-an-id': 'not-an-id' });
      const report = await fuzzEndpoint({
        handler: targeted(listingsAdmin, ids, 'provider_listings'),
        path: '/api/admin/listings/x',
        sql,
        tables: ['notifications', 'provider_listings'],
        numRuns: RUNS,
        examples: alwaysSent(),
        cases: cases(listingDecisionSchema, true),
        onSuccess: async (res, sent) => {
          const input = listingDecisionSchema.parse(JSON.parse(String(sent.body).replaceAll(SEEN, '7')));
          const { listing } = (await res.json()) as {
            listing: { id: string; status: string; published_program_id: string | null };
          };
          expect(listing).toMatchObject({ id: pending, status: input.status });
          if (input.status === 'approved')
            expect(listing.published_program_id).toBe(input.published_program_id ?? 'fuzz-center');
          else expect(listing.published_program_id).toBeNull();
          expect(await notificationCount(pending)).toBe(1);
          // The approved listing gives its program id back, so the next approval may use it.
          await sql`delete from provider_listings where id = ${pending}`;
          pending = await newListing('pending');
        },
      });
      expectCovered(report, [200, 400, 401, 403, 404, 405, 409, 413, 415]);
    },
    TIMEOUT,
  );
});
