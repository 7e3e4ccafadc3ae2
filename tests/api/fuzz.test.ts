/**
 * Property-based tests of every endpoint with malformed and hostile input (see ./fuzz.ts): never
 * a 5xx, the documented status, the error shape and headers, and no row written by a refused
 * request. Each property runs RUNS generated requests.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import contact from '../../netlify/functions/contact.mts';
import engagement from '../../netlify/functions/engagement.mts';
import health from '../../netlify/functions/health.mts';
import me from '../../netlify/functions/me.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { programIndex } from '../../netlify/functions/_shared/programs.ts';
import { ENGAGEMENT_EVENT_TYPES, TEST_PROGRAM_ID } from '../../src/lib/vocabulary.ts';
import {
  controlChar,
  deepJson,
  entries,
  formText,
  fuzzEndpoint,
  garbageAuthorization,
  hostileHeaders,
  inside,
  invalidUtf8Escapes,
  invisibleText,
  jsonText,
  loneSurrogate,
  megabyteString,
  notAString,
  otherContentType,
  otherMethod,
  protoKey,
  withInvalidUtf8,
  type Entries,
  type FuzzReport,
  type HostileCase,
} from './fuzz.ts';
import { adminSql } from './helpers.ts';

/** The program files' index, as the functions load it. */
const files = await programIndex();

const RUNS = 250;
const TIMEOUT = 60_000;

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

/** Sometimes adds hostile headers that must not change the answer. */
function maybeHostileHeaders(base: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  return fc.option(hostileHeaders, { freq: 3 }).map((extra) => ({ ...(extra ?? {}), ...base }));
}

/** Text that `JSON.parse` refuses. */
const notJson: fc.Arbitrary<string> = fc
  .oneof(
    fc.string(),
    fc.constantFrom(
      '',
      '{',
      '{"name":',
      "{'name':'x'}",
      '{"a":1,}',
      'NaN',
      '[1,]',
      '{"a":"\u0000"}',
      '\u00a0{}',
    ),
  )
  .filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });

/**
 * Without a content type, fetch labels a string body `text/plain;charset=UTF-8`; bytes stay
 * unlabelled, which is the request meant.
 */
function untyped(type: string, body: string): string | Uint8Array<ArrayBuffer> {
  return type ? body : new TextEncoder().encode(body);
}

function expectCovered(report: FuzzReport, statuses: readonly number[]): void {
  expect(report.runs).toBeGreaterThanOrEqual(RUNS);
  for (const status of statuses)
    expect(report.statuses[status] ?? 0, `status ${status} was exercised`).toBeGreaterThan(0);
}

// ---- POST /api/contact ----

type ContactField = 'name' | 'email' | 'phone' | 'subject' | 'message';
const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'subject', 'message'];
const VALID_CONTACT: Readonly<Record<ContactField, string>> = {
  name: 'Dana Example',
  email: 'dana@example.com',
  phone: '555 0142',
  subject: 'A question',
  message: 'Hello,\nthanks.',
};

function contactWith(field: string, value: unknown): Entries {
  return entries([
    ...CONTACT_FIELDS.filter((f) => f !== field).map((f) => [f, VALID_CONTACT[f]] as const),
    [field, value],
  ]);
}

/** A string value that makes `field` invalid, with the status that follows. */
function badContactString(field: ContactField, form: boolean): fc.Arbitrary<[unknown, number]> {
  const options: fc.Arbitrary<[unknown, number]>[] = [
    inside(controlChar({ allowLineBreaks: field === 'message' })).map(status(400)),
    megabyteString.map(status(413)),
  ];
  // A form cannot carry a lone surrogate: the browser's encoder turns it into U+FFFD.
  if (!form) options.push(inside(loneSurrogate).map(status(400)));
  // A blank optional phone is "not given"; a required field of invisible characters is not filled in.
  if (field !== 'phone') options.push(invisibleText.map(status(400)));
  if (field === 'email') options.push(inside(fc.constantFrom('@', ' ', '\u0085', '\u200b')).map(status(400)));
  return fc.oneof(...options);
}

function contactJsonCases(): fc.Arbitrary<HostileCase> {
  const fieldDefect = fc
    .constantFrom(...CONTACT_FIELDS)
    .chain((field) =>
      fc.oneof(
        badContactString(field, false).map(([v, status]) => ({
          label: `bad ${field}`,
          body: contactWith(field, v),
          status,
        })),
        notAString
          .filter((v) => !(field === 'phone' && v === null))
          .map((v) => ({ label: `${field} of the wrong type`, body: contactWith(field, v), status: 400 })),
        fc.constant({
          label: `missing ${field}`,
          body: entries(CONTACT_FIELDS.filter((f) => f !== field).map((f) => [f, VALID_CONTACT[f]])),
          // Phone is optional: leaving it out is valid, so make the body invalid another way.
          status: field === 'phone' ? -1 : 400,
        }),
      ),
    )
    .filter((c) => c.status !== -1);
  const extraKey = fc
    .tuple(
      fc.oneof(
        protoKey,
        fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !(CONTACT_FIELDS as string[]).includes(k)),
      ),
      fc.oneof(fc.string(), notAString),
    )
    .map(([key, value]) => ({
      label:
        `extra key ${key === '__proto__' || key === 'constructor' || key === 'prototype' ? key : ''}`.trim(),
      body: entries([...CONTACT_FIELDS.map((f) => [f, VALID_CONTACT[f]] as const), [key, value]]),
      status: 400,
    }));
  const notAnObject = fc
    .oneof(notAString, deepJson)
    .map((v) => ({ label: 'body not an object', body: v, status: 400 }));
  const jsonBodies = fc.oneof(fieldDefect, extraKey, notAnObject).chain(({ label, body, status }) =>
    maybeHostileHeaders(JSON_TYPE).map((headers): HostileCase => ({
      label,
      method: 'POST',
      headers,
      body: jsonText(body),
      expect: [status],
    })),
  );
  const invalidBytes = withInvalidUtf8('{"name":"', `","email":"a@b.co","subject":"s","message":"m"}`).map(
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
  const wrongType = otherContentType(['application/json', 'application/x-www-form-urlencoded']).map(
    (type): HostileCase => ({
      label: 'wrong content type',
      method: 'POST',
      headers: type ? { 'content-type': type } : {},
      body: untyped(type, jsonText(contactWith('name', 'Dana'))),
      expect: [415],
      html: type.split(';')[0]?.trim().toLowerCase() === 'multipart/form-data',
    }),
  );
  const wrongMethod = otherMethod(['POST']).map((method): HostileCase => ({
    label: 'wrong method',
    method,
    headers: JSON_TYPE,
    body: jsonText(contactWith('name', 'Dana')),
    expect: [405],
  }));
  return fc.oneof(
    { arbitrary: jsonBodies, weight: 6 },
    { arbitrary: invalidBytes, weight: 1 },
    { arbitrary: broken, weight: 1 },
    { arbitrary: wrongType, weight: 1 },
    { arbitrary: wrongMethod, weight: 1 },
  );
}

function contactFormCases(): fc.Arbitrary<HostileCase> {
  const post = (
    label: string,
    body: string | Uint8Array<ArrayBuffer>,
    status: number,
    headers: Record<string, string> = FORM_TYPE,
  ) => ({ label, method: 'POST', headers, body, expect: [status], html: true }) satisfies HostileCase;
  const fieldDefect = fc.constantFrom(...CONTACT_FIELDS).chain((field) =>
    fc.oneof(
      badContactString(field, true).map(([v, status]) =>
        post(`bad ${field}`, formText(contactWith(field, v)), status),
      ),
      invalidUtf8Escapes.map((escapes) =>
        post(
          `percent-escaped invalid UTF-8 in ${field}`,
          `${formText(contactWith(field, 'x'))}${escapes}`,
          400,
        ),
      ),
    ),
  );
  const missing = fc
    .constantFrom<ContactField>('name', 'email', 'subject', 'message')
    .map((field) =>
      post(
        `missing ${field}`,
        formText(entries(CONTACT_FIELDS.filter((f) => f !== field).map((f) => [f, VALID_CONTACT[f]]))),
        400,
      ),
    );
  const extraKey = fc
    .oneof(
      protoKey,
      fc.stringMatching(/^[a-z_]{1,12}$/).filter((k) => !(CONTACT_FIELDS as string[]).includes(k)),
    )
    .map((key) =>
      post(
        `extra key`,
        formText(entries([...CONTACT_FIELDS.map((f) => [f, VALID_CONTACT[f]] as const), [key, 'x']])),
        400,
      ),
    );
  const rawBytes = withInvalidUtf8('name=', '&email=a%40b.co&subject=s&message=m').map((body) =>
    post('invalid UTF-8', body, 400),
  );
  // Other ways a browser posts a form: another enctype, or a navigation with any body.
  const otherEnctype = fc.constantFrom(
    post('multipart form', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nDana\r\n--x--', 415, {
      'content-type': 'multipart/form-data; boundary=x',
    }),
    post('text/plain form', 'name=Dana\r\nemail=a@b.co', 415, {
      'content-type': 'text/plain',
      'sec-fetch-mode': 'navigate',
    }),
    post('navigation without a type', 'name=Dana', 415, { 'sec-fetch-mode': 'navigate' }),
  );
  return fc
    .oneof(
      { arbitrary: fieldDefect, weight: 5 },
      { arbitrary: missing, weight: 1 },
      { arbitrary: extraKey, weight: 1 },
      { arbitrary: rawBytes, weight: 1 },
      { arbitrary: otherEnctype, weight: 1 },
    )
    .chain((c) => maybeHostileHeaders(c.headers).map((headers) => ({ ...c, headers })));
}

describe('POST /api/contact with hostile input', () => {
  it(
    `JSON: ${RUNS} generated requests, never a 5xx, documented answers, nothing stored`,
    async () => {
      const report = await fuzzEndpoint({
        handler: contact,
        path: '/api/contact',
        sql,
        tables: ['contact_messages'],
        cases: contactJsonCases(),
        numRuns: RUNS,
      });
      expectCovered(report, [400, 405, 413, 415]);
    },
    TIMEOUT,
  );

  it(
    `form post: ${RUNS} generated requests, every failure an HTML page, nothing stored`,
    async () => {
      const report = await fuzzEndpoint({
        handler: contact,
        path: '/api/contact',
        sql,
        tables: ['contact_messages'],
        cases: contactFormCases(),
        numRuns: RUNS,
      });
      expectCovered(report, [400, 413, 415]);
    },
    TIMEOUT,
  );
});

// ---- POST /api/engagement ----

const PROGRAM = 'tidemark-ocd-residential';
const goodEvent = entries([
  ['program_id', PROGRAM],
  ['event_type', 'view'],
]);

/** An events list with one bad event among good ones: the batch must be refused whole. */
function eventsWith(bad: unknown): fc.Arbitrary<unknown[]> {
  return fc
    .tuple(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 10 }))
    .map(([before, after]) => [
      ...Array<Entries>(before).fill(goodEvent),
      bad,
      ...Array<Entries>(after).fill(goodEvent),
    ]);
}

/** Pairs a generated value with the status it must get. */
const status =
  (code: number) =>
  (value: unknown): [unknown, number] => [value, code];

const badProgramId: fc.Arbitrary<[unknown, number]> = fc.oneof(
  inside(controlChar()).map(status(400)),
  inside(loneSurrogate).map(status(400)),
  invisibleText.map(status(400)),
  protoKey.map(status(400)),
  fc
    .string({ maxLength: 200 })
    .filter((v) => !files.has(v.trim()))
    .map(status(400)),
  fc
    .constantFrom(`${PROGRAM}\u0000`, `${PROGRAM}\u200b`, PROGRAM.toUpperCase(), ` ${TEST_PROGRAM_ID}x`)
    .map(status(400)),
  notAString.map(status(400)),
  megabyteString.map(status(413)),
);

const badEventType: fc.Arbitrary<unknown> = fc.oneof(
  fc.string().filter((v) => !(ENGAGEMENT_EVENT_TYPES as readonly string[]).includes(v)),
  protoKey,
  notAString,
  fc.constantFrom('VIEW', 'view ', 'view\u0000', 'view\u200b'),
);

function engagementCases(contentType: string): fc.Arbitrary<HostileCase> {
  const type = { 'content-type': contentType };
  const badEvent: fc.Arbitrary<[unknown, number]> = fc.oneof(
    badProgramId.map(([v, code]): [unknown, number] => [
      entries([
        ['program_id', v],
        ['event_type', 'view'],
      ]),
      code,
    ]),
    badEventType.map((v): [unknown, number] => [
      entries([
        ['program_id', PROGRAM],
        ['event_type', v],
      ]),
      400,
    ]),
    fc
      .tuple(fc.oneof(protoKey, fc.constantFrom('user_id', 'id', 'created_at')), fc.jsonValue())
      .map(([k, v]): [unknown, number] => [
        entries([
          ['program_id', PROGRAM],
          ['event_type', 'view'],
          [k, v],
        ]),
        400,
      ]),
    fc.constantFrom<[unknown, number]>(
      [entries([['event_type', 'view']]), 400],
      [entries([['program_id', PROGRAM]]), 400],
    ),
    fc.oneof(notAString, fc.string()).map(status(400)),
  );
  const bodies: fc.Arbitrary<{ label: string; body: unknown; status: number }> = fc.oneof(
    badEvent.chain(([event, status]) =>
      eventsWith(event).map((list) => ({ label: 'a bad event', body: entries([['events', list]]), status })),
    ),
    fc
      .oneof(notAString, fc.string(), deepJson)
      .map((v) => ({ label: 'events of the wrong type', body: entries([['events', v]]), status: 400 })),
    fc.constantFrom({ label: 'no events', body: entries([['events', []]]), status: 400 }),
    // Up to 400 events stay under 64 KB: the count, not the size, is what is wrong.
    fc.integer({ min: 51, max: 400 }).map((n) => ({
      label: 'too many events',
      body: entries([['events', Array<Entries>(n).fill(goodEvent)]]),
      status: 400,
    })),
    fc.tuple(fc.oneof(protoKey, fc.constantFrom('user_id', 'event')), fc.jsonValue()).map(([k, v]) => ({
      label: 'an extra key',
      body: entries([
        ['events', [goodEvent]],
        [k, v],
      ]),
      status: 400,
    })),
    fc.oneof(notAString, deepJson).map((v) => ({ label: 'body not an object', body: v, status: 400 })),
  );
  const hostileBodies = bodies.chain(({ label, body, status }) =>
    maybeHostileHeaders(type).map((headers): HostileCase => ({
      label,
      method: 'POST',
      headers,
      body: jsonText(body),
      expect: [status],
    })),
  );
  // A good batch with a bad token is refused (401) and not stored.
  const badToken = garbageAuthorization.map((authorization): HostileCase => ({
    label: 'garbage token',
    method: 'POST',
    headers: { ...type, authorization },
    body: jsonText(entries([['events', [goodEvent]]])),
    expect: [401],
  }));
  const huge = megabyteString.map((v): HostileCase => ({
    label: 'a 1 MB body',
    method: 'POST',
    headers: type,
    body: jsonText(
      entries([
        [
          'events',
          [
            entries([
              ['program_id', PROGRAM],
              ['event_type', v],
            ]),
          ],
        ],
      ]),
    ),
    expect: [413],
  }));
  const invalidBytes = withInvalidUtf8(`{"events":[{"program_id":"`, `","event_type":"view"}]}`).map(
    (body): HostileCase => ({ label: 'invalid UTF-8', method: 'POST', headers: type, body, expect: [400] }),
  );
  const broken = notJson.map((body): HostileCase => ({
    label: 'not JSON',
    method: 'POST',
    headers: type,
    body,
    expect: [400],
  }));
  const wrongType = otherContentType(['application/json', 'text/plain']).map((t): HostileCase => ({
    label: 'wrong content type',
    method: 'POST',
    headers: t ? { 'content-type': t } : {},
    body: untyped(t, jsonText(entries([['events', [goodEvent]]]))),
    expect: [415],
  }));
  const wrongMethod = otherMethod(['POST']).map((method): HostileCase => ({
    label: 'wrong method',
    method,
    headers: type,
    body: jsonText(entries([['events', [goodEvent]]])),
    expect: [405],
  }));
  return fc.oneof(
    { arbitrary: hostileBodies, weight: 6 },
    { arbitrary: badToken, weight: 1 },
    { arbitrary: huge, weight: 1 },
    { arbitrary: invalidBytes, weight: 1 },
    { arbitrary: broken, weight: 1 },
    { arbitrary: wrongType, weight: 1 },
    { arbitrary: wrongMethod, weight: 1 },
  );
}

describe('POST /api/engagement with hostile input', () => {
  it.each(['application/json', 'text/plain;charset=UTF-8'])(
    `%s: ${RUNS} generated requests, never a 5xx, documented answers, no event stored`,
    async (contentType) => {
      const report = await fuzzEndpoint({
        handler: engagement,
        path: '/api/engagement',
        sql,
        tables: ['program_engagement'],
        cases: engagementCases(contentType),
        numRuns: RUNS,
      });
      expectCovered(report, [400, 401, 405, 413, 415]);
    },
    TIMEOUT,
  );
});

// ---- GET /api/me ----

const query: fc.Arbitrary<string | undefined> = fc.option(
  fc.oneof(
    fc.constantFrom(
      '?__proto__[admin]=1',
      '?constructor.prototype.admin=1',
      '?a=%00',
      '?%ff%fe',
      `?x=${'y'.repeat(10_000)}`,
    ),
    fc.string().map((s) => `?${encodeURIComponent(s)}`),
  ),
  { nil: undefined },
);

describe('GET /api/me with hostile input', () => {
  it(
    `${RUNS} generated requests: 401 for any token that is not one, 405 for other methods`,
    async () => {
      const getWith = fc
        .tuple(fc.option(garbageAuthorization, { freq: 5 }), maybeHostileHeaders({}), query)
        .map(([authorization, headers, q]): HostileCase => ({
          label: authorization === null ? 'no token' : 'garbage token',
          method: 'GET',
          headers: authorization === null ? headers : { ...headers, authorization },
          ...(q ? { query: q } : {}),
          expect: [401],
        }));
      const wrongMethod = fc
        .tuple(otherMethod(['GET']), fc.option(garbageAuthorization))
        .map(([method, authorization]): HostileCase => ({
          label: 'wrong method',
          method,
          headers: authorization === null ? {} : { authorization },
          body: '{}',
          expect: [405],
        }));
      const report = await fuzzEndpoint({
        handler: me,
        path: '/api/me',
        sql,
        tables: ['providers', 'user_roles'],
        cases: fc.oneof({ arbitrary: getWith, weight: 4 }, { arbitrary: wrongMethod, weight: 1 }),
        numRuns: RUNS,
      });
      expectCovered(report, [401, 405]);
    },
    TIMEOUT,
  );
});

// ---- GET /api/health ----

describe('GET /api/health with hostile input', () => {
  it(
    `${RUNS} generated requests: 200 and nothing disclosed whatever the headers, 405 for other methods`,
    async () => {
      const getWith = fc
        .tuple(maybeHostileHeaders({}), fc.option(garbageAuthorization), query)
        .map(([headers, authorization, q]): HostileCase => ({
          label: 'hostile headers',
          method: 'GET',
          headers: authorization === null ? headers : { ...headers, authorization },
          ...(q ? { query: q } : {}),
          expect: [200],
        }));
      const wrongMethod = otherMethod(['GET']).map((method): HostileCase => ({
        label: 'wrong method',
        method,
        headers: JSON_TYPE,
        body: 'x'.repeat(100),
        expect: [405],
      }));
      const report = await fuzzEndpoint({
        handler: health,
        path: '/api/health',
        sql,
        cases: fc.oneof({ arbitrary: getWith, weight: 3 }, { arbitrary: wrongMethod, weight: 1 }),
        numRuns: RUNS,
        onSuccess: async (res) => {
          expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
          expect(await res.json()).toEqual({ ok: true, database: 'ok', auth: 'ok' });
        },
      });
      expectCovered(report, [200, 405]);
    },
    TIMEOUT,
  );
});
