/**
 * Property-based tests of "Report an error" with hostile input (harness: ./fuzz.ts):
 * POST /api/reports and PATCH /api/admin/reports/:id never answer a 5xx, answer only documented
 * statuses with the error shape and headers, and a refused request stores or changes nothing.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reports from '../../netlify/functions/listing-reports.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import {
  controlChar,
  deepJson,
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
  tooLarge,
  uniqueIp,
  withInvalidUtf8,
  type Entries,
  type FuzzReport,
  type HostileCase,
} from './fuzz.ts';
import { adminSql, ctx, jsonRequest, SEED, signIn } from './helpers.ts';
import { REPORT_BODY_MAX_BYTES } from '../../src/api/contracts/reports.ts';
import { MAX_BODY_BYTES } from '../../netlify/functions/_shared/http.ts';

const RUNS = 250;
const TIMEOUT = 90_000;

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const JSON_TYPE = { 'content-type': 'application/json' };

function expectCovered(report: FuzzReport, statuses: readonly number[]): void {
  expect(report.runs).toBeGreaterThanOrEqual(RUNS);
  for (const status of statuses)
    expect(report.statuses[status] ?? 0, `status ${status} was exercised`).toBeGreaterThan(0);
}

const status =
  (code: number) =>
  <T>(value: T): [T, number[]] => [value, [code]];

const notJson: fc.Arbitrary<string> = fc
  .oneof(fc.string(), fc.constantFrom('', '{', '{"what":', "{'what':'x'}", '{"a":1,}', 'NaN', '[1,]'))
  .filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });

// ---- POST /api/reports ----

type Field = 'program_id' | 'what' | 'email';
const FIELDS: readonly Field[] = ['program_id', 'what', 'email'];

/** A valid report, each with its own address so the per-address limit never trips. */
function valid(): Record<Field, string> {
  return {
    program_id: 'tidemark-ocd-residential',
    what: `The phone number on this page is out of date.\nIt changed last month (${randomUUID()}).`,
    email: `fuzz-${randomUUID()}@example.com`,
  };
}

function withField(field: string, value: unknown): Entries {
  const base = valid();
  return entries([...FIELDS.filter((f) => f !== field).map((f) => [f, base[f]] as const), [field, value]]);
}

/** A value that makes `field` invalid, with the status that follows. */
function badValue(field: Field): fc.Arbitrary<[unknown, number[]]> {
  const options: fc.Arbitrary<[unknown, number[]]>[] = [
    inside(controlChar({ allowLineBreaks: field === 'what' })).map(status(400)),
    megabyteString.map(status(413)),
    inside(loneSurrogate).map(status(400)),
    inside(fc.constantFrom('\u202a', '\u202e', '\u2066', '\u2069')).map(status(400)),
  ];
  // Invisible text: a text or program id is missing (400); an e-mail of white space only trims to
  // "none given" (201), one with other invisible characters is no address (400).
  options.push(
    invisibleText.map((v): [unknown, number[]] => [v, field === 'email' ? [200, 201, 400] : [400]]),
  );
  if (field === 'what') {
    options.push(fc.string({ maxLength: 9 }).map(status(400)));
    options.push(
      fc.integer({ min: 2001, max: 3000 }).map((n) => ['x'.repeat(n), [400]] as [unknown, number[]]),
    );
  }
  if (field === 'email')
    options.push(inside(fc.constantFrom('@', ' ', ',', '\u0085', '\u200b', '=?')).map(status(400)));
  if (field === 'program_id') {
    options.push(
      fc.stringMatching(/^[a-z0-9-]{1,30}$/).map((id) => [`no-such-${id}`, [404]] as [unknown, number[]]),
    );
    options.push(fc.stringMatching(/^[A-Z./ ]{1,20}$/).map(status(400)));
  }
  return fc.oneof(...options);
}

function reportCases(): fc.Arbitrary<HostileCase> {
  const fieldDefect = fc.constantFrom(...FIELDS).chain((field) =>
    fc.oneof(
      badValue(field).map(([v, code]) => ({ label: `bad ${field}`, body: withField(field, v), code })),
      notAString
        .filter((v) => !(field === 'email' && v === null))
        .map((v) => ({ label: `${field} of the wrong type`, body: withField(field, v), code: [400] })),
      fc.constant({
        label: `missing ${field}`,
        body: entries(FIELDS.filter((f) => f !== field).map((f) => [f, valid()[f]])),
        // Without an e-mail the report is still valid (200 once the program has its cap of open
        // reports: counted, not stored).
        code: field === 'email' ? [200, 201] : [400],
      }),
    ),
  );
  const extraKey = fc
    .tuple(
      fc.oneof(
        protoKey,
        fc.constantFrom(
          'listing_id',
          'provider_id',
          'status',
          'resolved_at',
          'resolved_by',
          'id',
          'created_at',
        ),
        fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !(FIELDS as readonly string[]).includes(k)),
      ),
      fc.oneof(fc.string(), notAString),
    )
    .map(([key, value]) => ({ label: 'extra key', body: withField(key, value), code: [400] }));
  const notAnObject = fc
    .oneof(notAString, deepJson)
    .map((v) => ({ label: 'body not an object', body: v, code: [400] }));
  const jsonBodies = fc.oneof(fieldDefect, extraKey, notAnObject).chain(({ label, body, code }) =>
    fc.option(hostileHeaders, { freq: 3 }).map((extra): HostileCase => ({
      label,
      method: 'POST',
      headers: { ...(extra ?? {}), ...JSON_TYPE },
      body: jsonText(body),
      // Whatever is wrong inside, a body over the size limit is refused for its size first.
      expect: tooLarge(jsonText(body), REPORT_BODY_MAX_BYTES) ? [413] : code,
    })),
  );
  // A valid report with hostile headers or any Authorization is still served (reports name nobody).
  const validWithHostileHeaders = fc
    .tuple(hostileHeaders, fc.option(garbageAuthorization, { freq: 2 }))
    .map(([headers, authorization]): HostileCase => ({
      label: 'valid, hostile headers',
      method: 'POST',
      headers: { ...headers, ...(authorization === null ? {} : { authorization }), ...JSON_TYPE },
      body: JSON.stringify(valid()),
      expect: [200, 201],
    }));
  // Well-formed ids of no program (also inside the field cases, but rare there).
  const unknownProgram = fc.stringMatching(/^[a-z0-9-]{1,30}$/).map((id): HostileCase => ({
    label: 'unknown program',
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify({ ...valid(), program_id: `no-such-${id}` }),
    expect: [404],
  }));
  const invalidBytes = withInvalidUtf8('{"program_id":"tidemark-ocd-residential","what":"', '"}').map(
    (body): HostileCase => ({
      label: 'invalid UTF-8',
      method: 'POST',
      headers: JSON_TYPE,
      body,
      expect: [400],
    }),
  );
  const broken = notJson.map((body): HostileCase => ({
    label: 'not JSON',
    method: 'POST',
    headers: JSON_TYPE,
    body,
    expect: [400],
  }));
  const wrongType = otherContentType(['application/json']).map((type): HostileCase => ({
    label: 'wrong content type',
    method: 'POST',
    headers: type ? { 'content-type': type } : {},
    body: new TextEncoder().encode(JSON.stringify(valid())),
    expect: [415],
  }));
  const wrongMethod = otherMethod(['POST']).map((method): HostileCase => ({
    label: 'wrong method',
    method,
    headers: JSON_TYPE,
    body: JSON.stringify(valid()),
    expect: [405],
  }));
  return fc.oneof(
    { arbitrary: jsonBodies, weight: 8 },
    { arbitrary: validWithHostileHeaders, weight: 1 },
    { arbitrary: unknownProgram, weight: 1 },
    { arbitrary: invalidBytes, weight: 1 },
    { arbitrary: broken, weight: 1 },
    { arbitrary: wrongType, weight: 1 },
    { arbitrary: wrongMethod, weight: 1 },
  );
}

describe('POST /api/reports with hostile input', () => {
  // The program takes OPEN_REPORTS_CAP open reports, then counts the rest (200): start below it.
  beforeAll(async () => {
    await sql`update listing_reports set status = 'resolved' where program_id = ${valid().program_id} and status = 'open'`;
  });

  it(
    `${String(RUNS)} generated requests: never a 5xx, documented answers, nothing stored on refusal`,
    async () => {
      const report = await fuzzEndpoint({
        handler: reports,
        path: '/api/reports',
        sql,
        tables: ['listing_reports'],
        cases: reportCases(),
        numRuns: RUNS,
        onSuccess: async (res) => {
          const data = (await res.json()) as { id?: unknown; program_sees_it?: unknown };
          expect(data.program_sees_it).toBe(false);
          // 200: the program has its cap of open reports; this one was counted, not stored.
          if (res.status === 200) return;
          const [row] =
            await sql`select status, listing_id, provider_id from listing_reports where id = ${String(data.id)}`;
          expect(row).toEqual({ status: 'open', listing_id: null, provider_id: null });
        },
      });
      expectCovered(report, [201, 400, 404, 405, 413, 415]);
    },
    TIMEOUT,
  );
});

// ---- PATCH /api/admin/reports/:id ----

describe('PATCH /api/admin/reports/:id with hostile input', () => {
  let token = '';
  let target = '';
  beforeAll(async () => {
    token = await signIn(SEED.admin.email, SEED.admin.password);
    // Room below the program's cap of open reports (the test above may have reached it).
    await sql`update listing_reports set status = 'resolved' where program_id = ${valid().program_id} and status = 'open'`;
    const res = await reports(jsonRequest('/api/reports', valid()), ctx(uniqueIp()));
    expect(res.status).toBe(201);
    target = ((await res.json()) as { id: string }).id;
  });

  function resolveCases(): fc.Arbitrary<HostileCase> {
    const auth = () => ({ authorization: `Bearer ${token}`, ...JSON_TYPE });
    const badNote = fc
      .oneof(
        inside(controlChar({ allowLineBreaks: true })).map(status(400)),
        inside(loneSurrogate).map(status(400)),
        inside(fc.constantFrom('\u202a', '\u202e', '\u2066')).map(status(400)),
        fc.integer({ min: 2001, max: 3000 }).map((n) => ['n'.repeat(n), [400]] as [unknown, number[]]),
        megabyteString.map(status(413)),
        notAString.filter((v) => v !== null).map(status(400)),
      )
      .map(([note, [code]]): HostileCase => {
        const body = jsonText(
          entries([
            ['status', 'resolved'],
            ['note', note],
          ]),
        );
        return {
          label: 'bad note',
          method: 'PATCH',
          headers: auth(),
          query: `/${target}`,
          body,
          expect: [tooLarge(body, MAX_BODY_BYTES) ? 413 : (code ?? 400)],
        };
      });
    const badStatus = fc
      .oneof(
        fc.string({ maxLength: 12 }).filter((s) => s !== 'resolved'),
        notAString,
      )
      .map((value): HostileCase => ({
        label: 'bad status',
        method: 'PATCH',
        headers: auth(),
        query: `/${target}`,
        body: jsonText(entries([['status', value]])),
        expect: [400],
      }));
    const extraKey = fc
      .oneof(protoKey, fc.constantFrom('what', 'email', 'resolved_by', 'resolved_at', 'provider_id'))
      .map((key): HostileCase => ({
        label: 'extra key',
        method: 'PATCH',
        headers: auth(),
        query: `/${target}`,
        body: jsonText(
          entries([
            ['status', 'resolved'],
            [key, 'x'],
          ]),
        ),
        expect: [400],
      }));
    const badId = fc
      .oneof(
        fc.uuid(),
        fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s.toWellFormed()) || 'x'),
      )
      .map((id): HostileCase => ({
        label: 'unknown id',
        method: 'PATCH',
        headers: auth(),
        query: `/${id}`,
        body: JSON.stringify({ status: 'resolved', revision: 1 }),
        expect: [404],
      }));
    const badAuth = garbageAuthorization.map((authorization): HostileCase => ({
      label: 'garbage Authorization',
      method: 'PATCH',
      headers: { ...JSON_TYPE, authorization },
      query: `/${target}`,
      body: JSON.stringify({ status: 'resolved' }),
      expect: [401],
    }));
    return fc.oneof(badNote, badStatus, extraKey, badId, badAuth);
  }

  it(
    `${String(RUNS)} generated requests: never a 5xx, documented answers, the report stays open`,
    async () => {
      const report = await fuzzEndpoint({
        handler: reports,
        path: '/api/admin/reports',
        sql,
        cases: resolveCases(),
        numRuns: RUNS,
      });
      expectCovered(report, [400, 401, 404, 413]);
      const [row] = await sql`select status, resolution_note from listing_reports where id = ${target}`;
      expect(row).toEqual({ status: 'open', resolution_note: null });
    },
    TIMEOUT,
  );
});
