/**
 * Property-based tests of the review endpoints with hostile input (see ./fuzz.ts):
 * /api/programs/:id/reviews, /api/reviews (POST, GET), /api/reviews/:id (PUT, DELETE),
 * /api/reviews/:id/report, /api/admin/reviews/:id and /api/provider/reviews/:id/response. Never a
 * 5xx, a documented status, the error shape and headers, and no row written by a refused request.
 */
import type { Context } from '@netlify/functions';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminReviews, { config as adminConfig } from '../../netlify/functions/admin-reviews.mts';
import providerReviews, { config as providerConfig } from '../../netlify/functions/provider-reviews.mts';
import reviews, { config as reviewsConfig } from '../../netlify/functions/reviews.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { REVIEW_BODY_MAX_BYTES, SMALL_BODY_MAX_BYTES } from '../../src/api/contracts/reviews.ts';
import {
  controlChar,
  deepJson,
  entries,
  fuzzEndpoint,
  garbageAuthorization,
  hostileHeaders,
  invalidUtf8,
  invisibleText,
  inside,
  loneSurrogate,
  megabyteString,
  notAString,
  otherContentType,
  otherMethod,
  protoKey,
  Raw,
  jsonText,
  tooLarge,
  type FuzzReport,
  type Handler,
  type HostileCase,
} from './fuzz.ts';
import { SEED, adminSql, confirmedUser, signIn } from './helpers.ts';

const RUNS = 150;
const TIMEOUT = 120_000;

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const TABLES = ['program_reviews', 'review_responses', 'review_reports'];

/** The router of Netlify and `npm start`: `config.path` as URLPatterns, params in the context. */
function routed(handler: Handler, paths: string | string[] | undefined): Handler {
  const patterns = ([] as string[]).concat(paths ?? []).map((pathname) => new URLPattern({ pathname }));
  return (req: Request, context: Context) => {
    for (const pattern of patterns) {
      const match = pattern.exec(req.url);
      if (!match) continue;
      const params = Object.fromEntries(
        Object.entries(match.pathname.groups).filter((e): e is [string, string] => e[1] !== undefined),
      );
      return handler(req, { ...context, params });
    }
    throw new Error(`not routed to the function: ${req.url}`);
  };
}
const reviewsApi = routed(reviews, reviewsConfig.path);
const adminApi = routed(adminReviews, adminConfig.path);
const providerApi = routed(providerReviews, providerConfig.path);

/** A program file: reviews are written here. */
const PROGRAM = 'northgate-ocd-inpatient';

/** Ids a careless or hostile client puts in a path segment (always routed: no `/`). */
const hostileSegment: fc.Arbitrary<string> = fc
  .oneof(
    fc.uuid(),
    fc.constantFrom(PROGRAM, 'mclean', 'test-program-001', 'no-such-program'),
    fc.stringMatching(/^[a-z0-9-]{1,120}$/),
    fc.string({ minLength: 1, maxLength: 30 }),
    controlChar().map((c) => `a${c}b`),
    loneSurrogate.map((c) => `a${c}`),
    invisibleText,
    protoKey,
    fc.constantFrom("' or 1=1 --", '%00', '..', 'null', '[object Object]'),
    fc.integer({ min: 100, max: 5_000 }).map((n) => 'a'.repeat(n)),
  )
  .map((s) => encodeURIComponent(s.toWellFormed()))
  .filter((s) => s !== '' && s !== '.' && s !== '..');

/** A value that a text field must refuse or take as text. */
const hostileText: fc.Arbitrary<unknown> = fc.oneof(
  notAString,
  fc.string({ maxLength: 200 }),
  inside(controlChar({ allowLineBreaks: false })),
  inside(loneSurrogate),
  inside(fc.constantFrom('\u202e', '\u2066', '\u202a')),
  invisibleText,
  fc.constantFrom('', ' ', '<script>alert(1)</script>', 'maria@example.org', '555-010-0199'),
  fc.integer({ min: 4_001, max: 9_000 }).map((n) => 'x'.repeat(n)),
);

const VALID = {
  program_id: PROGRAM,
  rating: 3,
  title: 'Hard, and it helped',
  body: 'The exposure work was hard, and the staff explained every step to us.',
  relationship: 'former_resident',
  stay_year: 2024,
  name_choice: 'a_parent',
  connected_to_program: false,
} as const;

/** A review body with one field replaced (or removed, or an extra key). */
/** A review body (`base`) with one field replaced (or removed, or an extra key), or `base` itself. */
function mutated(base: Readonly<Record<string, unknown>>): fc.Arbitrary<string> {
  const mutation = fc
    .tuple(
      fc.constantFrom(
        ...Object.keys(base),
        'first_name',
        'last_initial',
        'connection_note',
        'status',
        'user_id',
        'program_id',
      ),
      fc.oneof(
        hostileText,
        fc.constantFrom(undefined, 0, 6, 4.5, -1, 1989, 3000, 'published', true, 'contacted_admissions'),
        protoKey.map((k) => entries([[k, { polluted: true }]])),
      ),
    )
    .map(([key, value]) =>
      jsonText(
        entries([
          ...Object.entries(base).filter(([k]) => k !== key),
          ...(value === undefined ? [] : [[key, value] as const]),
        ]),
      ),
    );
  return fc.oneof({ arbitrary: mutation, weight: 9 }, { arbitrary: fc.constant(jsonText(base)), weight: 1 });
}
const reviewBody = mutated(VALID);
const { program_id: _, ...EDIT } = VALID;
const editBody = mutated(EDIT);

/** A body for any endpoint: a hostile document, or a review-shaped one. */
function bodies(specific: fc.Arbitrary<string>, accepted = 'application/json') {
  return fc.oneof(
    {
      arbitrary: specific.map((b) => ({ body: b, type: accepted })),
      weight: 6,
    },
    {
      arbitrary: fc
        .oneof(deepJson, fc.constantFrom(new Raw('[]'), new Raw('null'), new Raw('"x"'), new Raw('{')))
        .map((raw) => ({ body: raw.text, type: accepted })),
      weight: 1,
    },
    {
      arbitrary: megabyteString.map((s) => ({
        body: jsonText({ body: s }),
        type: accepted,
      })),
      weight: 1,
    },
    {
      arbitrary: invalidUtf8.map((bytes) => ({
        body: new Uint8Array([
          ...new TextEncoder().encode('{"title":"'),
          ...bytes,
          ...new TextEncoder().encode('"}'),
        ]),
        type: accepted,
      })),
      weight: 1,
    },
    {
      arbitrary: otherContentType([accepted]).map((type) => ({
        body: jsonText(VALID),
        type,
      })),
      weight: 1,
    },
  );
}

/** The statuses a body allows besides the endpoint's own answers. */
function bodyStatuses(
  sent: { body: string | Uint8Array<ArrayBuffer>; type: string },
  limit: number,
  accepted = 'application/json',
): number[] {
  const type = sent.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== accepted) return [415];
  if (typeof sent.body === 'string' && tooLarge(sent.body, limit)) return [413];
  return [];
}

function maybeHostileHeaders(base: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  return fc.option(hostileHeaders, { freq: 3 }).map((extra) => ({ ...(extra ?? {}), ...base }));
}

function expectCovered(report: FuzzReport, statuses: readonly number[]): void {
  expect(report.runs).toBeGreaterThanOrEqual(RUNS);
  for (const status of statuses)
    expect(report.statuses[status] ?? 0, `status ${String(status)} was exercised`).toBeGreaterThan(0);
}

let family = { token: '', id: '' };
let adminToken = '';
let providerToken = '';
let ownReview = '';
beforeAll(async () => {
  const [f, a, p] = await Promise.all([
    confirmedUser('review-fuzz', 'review-fuzz-pass-1'),
    signIn(SEED.admin.email, SEED.admin.password),
    signIn(SEED.provider.email, SEED.provider.password),
  ]);
  family = { token: f.token, id: f.id };
  adminToken = a;
  providerToken = p;
  // One published review of the family's on another program, for PUT, reports, decisions and responses.
  const [row] = await sql<{ id: string }[]>`
    insert into program_reviews (program_id, user_id, rating, title, body, relationship, public_name, status)
    values ('mclean', ${f.id}, 2, 'Slow to answer', 'Admissions took two weeks to call us back.', 'parent_or_guardian',
            'A parent', 'published') returning id`;
  ownReview = row?.id ?? '';
});

/** The family's review back to published (an edit sends it to pending, a decision may reject it). */
async function publishOwnReview(): Promise<void> {
  await sql`update program_reviews set status = 'published', rejection_rule = null where id = ${ownReview}`;
}

describe('review endpoints with hostile input', () => {
  it(
    `${String(RUNS)} generated POST /api/reviews bodies signed in: 201 once, then 409; 400/404/413/415 write nothing`,
    async () => {
      const cases = fc
        .tuple(bodies(reviewBody), maybeHostileHeaders({}))
        .map(([sent, headers]): HostileCase => {
          const special = bodyStatuses(sent, REVIEW_BODY_MAX_BYTES);
          return {
            label: `POST ${special[0] === undefined ? 'body' : String(special[0])}`,
            method: 'POST',
            headers: { ...headers, 'content-type': sent.type, authorization: `Bearer ${family.token}` },
            body: sent.body,
            expect: special.length > 0 ? special : [201, 400, 404, 409],
          };
        });
      const wrong = otherMethod(['GET', 'POST']).map((method): HostileCase => ({
        label: 'wrong method',
        method,
        headers: { authorization: `Bearer ${family.token}` },
        expect: [405],
      }));
      const report = await fuzzEndpoint({
        handler: reviewsApi,
        path: '/api/reviews',
        sql,
        tables: TABLES,
        cases: fc.oneof({ arbitrary: cases, weight: 9 }, { arbitrary: wrong, weight: 1 }),
        numRuns: RUNS,
      });
      expectCovered(report, [400, 405, 413, 415]);
      // At most one review of the program by this account, whatever was sent.
      const rows =
        await sql`select id from program_reviews where user_id = ${family.id} and program_id = ${PROGRAM}`;
      expect(rows.length).toBeLessThanOrEqual(1);
    },
    TIMEOUT,
  );

  it(
    `${String(RUNS)} generated PUT/DELETE /api/reviews/:id and GET /api/programs/:id/reviews: documented answers only`,
    async () => {
      const put = fc
        .tuple(fc.oneof(fc.constant(ownReview), hostileSegment), bodies(editBody))
        .map(([id, sent]): HostileCase => {
          const special = bodyStatuses(sent, REVIEW_BODY_MAX_BYTES);
          return {
            label: `PUT ${id === ownReview ? 'own' : 'other'} ${special[0] === undefined ? '' : String(special[0])}`,
            method: 'PUT',
            headers: { 'content-type': sent.type, authorization: `Bearer ${family.token}` },
            body: sent.body,
            query: `/${id}`,
            expect: special.length > 0 ? special : id === ownReview ? [200, 400] : [400, 404],
          };
        });
      const del = hostileSegment.map((id): HostileCase => ({
        label: 'DELETE another id',
        method: 'DELETE',
        headers: { authorization: `Bearer ${family.token}` },
        query: `/${id}`,
        expect: [404],
      }));
      const read = fc
        .tuple(
          hostileSegment,
          fc.constantFrom('', '?offset=0', '?offset=20', '?offset=-1', '?offset=x', '?offset=9999999'),
          fc.boolean(),
        )
        .map(([id, q, signedIn]): HostileCase => ({
          label: 'GET a program’s reviews',
          method: 'GET',
          headers: signedIn ? { authorization: `Bearer ${family.token}` } : {},
          query: `/${id}/reviews${q}`,
          expect: [200, 400, 404],
        }));
      const edits = await fuzzEndpoint({
        handler: reviewsApi,
        path: '/api/reviews',
        sql,
        tables: ['review_reports', 'review_responses'],
        cases: fc.oneof({ arbitrary: put, weight: 4 }, { arbitrary: del, weight: 1 }),
        numRuns: RUNS,
        // The family's unchanged edit of its own review, so the 200 is always exercised.
        examples: [
          {
            label: 'PUT own (always sent)',
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${family.token}` },
            body: jsonText(EDIT),
            query: `/${ownReview}`,
            expect: [200],
          },
        ],
      });
      expectCovered(edits, [200, 400, 404]);
      const report = await fuzzEndpoint({
        handler: reviewsApi,
        path: '/api/programs',
        sql,
        tables: TABLES,
        cases: read,
        numRuns: RUNS,
        examples: [
          {
            label: 'GET a listed program’s reviews (always sent)',
            method: 'GET',
            headers: {},
            query: '/mclean/reviews',
            expect: [200],
          },
        ],
      });
      expectCovered(report, [200, 400, 404]);
    },
    TIMEOUT,
  );

  it(
    `${String(RUNS)} generated reports by visitors: 201 for a published review with a reason, else 400/404/413/415 and nothing stored`,
    async () => {
      await publishOwnReview();
      const reason = fc
        .oneof(hostileText, fc.constantFrom('It names a member of staff.', 'Spam with a link to a clinic.'))
        .map((v) => jsonText(entries(v === undefined ? [] : [['reason', v]])));
      const cases = fc
        .tuple(
          fc.oneof(fc.constant(ownReview), hostileSegment),
          bodies(reason),
          fc.option(garbageAuthorization, { freq: 5 }),
        )
        .map(([id, sent, auth]): HostileCase => {
          const special = bodyStatuses(sent, SMALL_BODY_MAX_BYTES);
          const authorized = auth === null ? {} : { authorization: auth };
          return {
            label: `report ${id === ownReview ? 'published' : 'other'}`,
            method: 'POST',
            headers: { 'content-type': sent.type, ...authorized },
            body: sent.body,
            query: `/${id}/report`,
            // 200: the review has its cap of open reports (counted, not stored).
            expect: special.length > 0 ? special : id === ownReview ? [200, 201, 400] : [400, 404],
          };
        });
      const report = await fuzzEndpoint({
        handler: reviewsApi,
        path: '/api/reviews',
        sql,
        tables: ['program_reviews', 'review_responses'],
        cases,
        numRuns: RUNS,
      });
      expectCovered(report, [201, 400, 404]);
    },
    TIMEOUT,
  );

  it(
    `${String(RUNS)} generated moderator decisions and provider responses: documented answers, refusals write nothing`,
    async () => {
      const decision = fc
        .tuple(
          fc.oneof(fc.constantFrom('publish', 'reject'), hostileText),
          fc.oneof(fc.constantFrom('spam', 'threats', 'low-rating', undefined), hostileText),
          // The version read: often missing or not a version (400), else one the row may not have (409).
          fc.oneof(fc.constantFrom(undefined, 1, 2147483000, 0, '1'), hostileText),
        )
        .map(([d, rule, revision]) =>
          jsonText(
            entries([
              ['decision', d],
              ...(rule === undefined ? [] : [['rule', rule] as const]),
              ...(revision === undefined ? [] : [['revision', revision] as const]),
            ]),
          ),
        );
      const decide = fc
        .tuple(fc.oneof(fc.constant(ownReview), hostileSegment), bodies(decision), fc.boolean())
        .map(([id, sent, response]): HostileCase => {
          const special = bodyStatuses(sent, 64 * 1024);
          return {
            label: `decide ${response ? 'response' : 'review'}`,
            method: 'PATCH',
            headers: { 'content-type': sent.type, authorization: `Bearer ${adminToken}` },
            body: sent.body,
            query: `/${id}${response ? '/response' : ''}`,
            expect: special.length > 0 ? special : [200, 400, 404, 409],
          };
        });
      const adminReport = await fuzzEndpoint({
        handler: adminApi,
        path: '/api/admin/reviews',
        sql,
        tables: TABLES,
        cases: decide,
        numRuns: RUNS,
        // A well-formed decision on an id that names no review: its 404 needs a valid body and an
        // unknown id at once, which the generators reach only a few times in 150 runs.
        examples: [
          {
            label: 'decide an unknown review (always sent)',
            method: 'PATCH',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
            body: jsonText({ decision: 'publish', revision: 1 }),
            query: '/00000000-0000-4000-8000-000000000000',
            expect: [404],
          },
        ],
      });
      expectCovered(adminReport, [400, 404]);

      await publishOwnReview();
      const answer = fc
        .oneof(hostileText, fc.constant('Thank you for writing to us.'))
        .map((v) => jsonText(entries(v === undefined ? [] : [['body', v]])));
      const respond = fc
        .tuple(
          fc.oneof(fc.constant(ownReview), hostileSegment),
          bodies(answer),
          fc.constantFrom('PUT', 'POST', 'DELETE'),
        )
        .map(([id, sent, method]): HostileCase => {
          const special = method === 'DELETE' ? [] : bodyStatuses(sent, SMALL_BODY_MAX_BYTES);
          return {
            label: `${method} a response`,
            method,
            headers: { 'content-type': sent.type, authorization: `Bearer ${providerToken}` },
            ...(method === 'DELETE' ? {} : { body: sent.body }),
            query: `/${id}/response`,
            // The demo provider does not publish mclean: never its response.
            expect: special.length > 0 ? special : [400, 403, 404],
          };
        });
      const providerReport = await fuzzEndpoint({
        handler: providerApi,
        path: '/api/provider/reviews',
        sql,
        tables: TABLES,
        cases: respond,
        numRuns: RUNS,
      });
      expectCovered(providerReport, [400, 403, 404]);
    },
    TIMEOUT,
  );

  it(
    `${String(RUNS)} generated requests without a valid token: 401 wherever an account is needed, nothing stored`,
    async () => {
      const cases = fc
        .tuple(
          fc.option(garbageAuthorization, { freq: 4 }),
          fc.constantFrom(
            { method: 'GET', query: '' },
            { method: 'POST', query: '' },
            { method: 'PUT', query: `/${ownReview}` },
            { method: 'DELETE', query: `/${ownReview}` },
          ),
        )
        .map(([auth, { method, query }]): HostileCase => ({
          label: `${auth === null ? 'no' : 'garbage'} token, ${method}`,
          method,
          headers: { 'content-type': 'application/json', ...(auth === null ? {} : { authorization: auth }) },
          ...(method === 'POST' || method === 'PUT' ? { body: jsonText(VALID) } : {}),
          query,
          expect: [401],
        }));
      const report = await fuzzEndpoint({
        handler: reviewsApi,
        path: '/api/reviews',
        sql,
        tables: TABLES,
        cases,
        numRuns: RUNS,
      });
      expectCovered(report, [401]);
    },
    TIMEOUT,
  );
});
