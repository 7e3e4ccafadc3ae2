/**
 * Property-based tests of POST /api/inquiries and GET /api/requests/:token with hostile input
 * (harness: ./fuzz.ts): never a 5xx, only documented statuses, the error shape and headers, and
 * nothing stored by a refused request.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import inquiries, { MAX_BODY_BYTES } from '../../netlify/functions/inquiries.mts';
import requests from '../../netlify/functions/requests.mts';
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
  withInvalidUtf8,
  type Entries,
  type FuzzReport,
  type HostileCase,
  uniqueIp,
  tooLarge,
} from './fuzz.ts';
import { adminSql, ctx, jsonRequest, outboxFor } from './helpers.ts';

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

// ---- POST /api/inquiries ----

type Field = 'program_id' | 'type' | 'name' | 'email' | 'phone' | 'message';
const FIELDS: readonly Field[] = ['program_id', 'type', 'name', 'email', 'phone', 'message'];

/** A valid call request (phone required), each with its own address so per-address limits never trip. */
function valid(): Record<Field, string> {
  return {
    program_id: 'silver-creek-ranch',
    type: 'call',
    name: 'Dana Example',
    email: `fuzz-${randomUUID()}@example.com`,
    phone: '(555) 010-0142',
    message: 'Hello,\nplease call after 5pm.',
  };
}

function withField(field: string, value: unknown): Entries {
  const base = valid();
  return entries([...FIELDS.filter((f) => f !== field).map((f) => [f, base[f]] as const), [field, value]]);
}

const status =
  (code: number) =>
  <T>(value: T): [T, number] => [value, code];

/** A string that makes `field` invalid, with the status that follows. */
function badString(field: Field): fc.Arbitrary<[unknown, number]> {
  const options: fc.Arbitrary<[unknown, number]>[] = [
    inside(controlChar({ allowLineBreaks: field === 'message' })).map(status(400)),
    megabyteString.map(status(413)),
    inside(loneSurrogate).map(status(400)),
  ];
  // An optional message of invisible characters is "not given", which is valid.
  if (field !== 'message') options.push(invisibleText.map(status(400)));
  if (field === 'email') options.push(inside(fc.constantFrom('@', ' ', '\u0085', '\u200b')).map(status(400)));
  if (field === 'phone') options.push(fc.stringMatching(/^[a-z() +-]{1,20}$/).map(status(400)));
  if (field === 'program_id')
    options.push(
      fc.stringMatching(/^[a-z0-9-]{1,30}$/).map((id) => [`no-such-${id}`, 400] as [unknown, number]),
    );
  if (field === 'type')
    options.push(
      fc
        .string({ maxLength: 10 })
        .filter((t) => t !== 'info' && t !== 'call')
        .map(status(400)),
    );
  return fc.oneof(...options);
}

const notJson: fc.Arbitrary<string> = fc
  .oneof(fc.string(), fc.constantFrom('', '{', '{"name":', "{'name':'x'}", '{"a":1,}', 'NaN', '[1,]'))
  .filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });

function inquiryCases(): fc.Arbitrary<HostileCase> {
  const fieldDefect = fc.constantFrom(...FIELDS).chain((field) =>
    fc.oneof(
      badString(field).map(([v, code]) => ({ label: `bad ${field}`, body: withField(field, v), code })),
      notAString
        .filter((v) => !((field === 'phone' || field === 'message') && v === null))
        .map((v) => ({ label: `${field} of the wrong type`, body: withField(field, v), code: 400 })),
      fc.constant({
        label: `missing ${field}`,
        body: entries(FIELDS.filter((f) => f !== field).map((f) => [f, valid()[f]])),
        // Without a message the request is still valid; a call without a phone is not.
        code: field === 'message' ? -1 : 400,
      }),
    ),
  );
  const honeypot = fc
    .oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.integer(), fc.boolean())
    .map((v) => ({ label: 'honeypot filled', body: withField('fax', v), code: 400 }));
  const extraKey = fc
    .tuple(
      fc.oneof(
        protoKey,
        fc.constantFrom('urgency', 'status', 'sender_id', 'provider_id', 'status_token_hash', 'id'),
        fc.string({ minLength: 1, maxLength: 20 }).filter((k) => ![...FIELDS, 'fax'].includes(k)),
      ),
      fc.oneof(fc.string(), notAString),
    )
    .map(([key, value]) => ({ label: 'extra key', body: withField(key, value), code: 400 }));
  const notAnObject = fc
    .oneof(notAString, deepJson)
    .map((v) => ({ label: 'body not an object', body: v, code: 400 }));
  const jsonBodies = fc
    .oneof(fieldDefect, honeypot, extraKey, notAnObject)
    .filter((c) => c.code !== -1)
    .chain(({ label, body, code }) =>
      fc.option(hostileHeaders, { freq: 3 }).map((extra): HostileCase => ({
        label,
        method: 'POST',
        headers: { ...(extra ?? {}), ...JSON_TYPE },
        body: jsonText(body),
        // Whatever is wrong inside, a body over the size limit is refused for its size first.
        expect: [tooLarge(jsonText(body), MAX_BODY_BYTES) ? 413 : code],
      })),
    );
  // A valid request with hostile headers is still served (and stored: that is no refusal).
  const validWithHostileHeaders = hostileHeaders.map((headers): HostileCase => ({
    label: 'valid, hostile headers',
    method: 'POST',
    headers: { ...headers, ...JSON_TYPE },
    body: JSON.stringify(valid()),
    expect: [201],
  }));
  // Any Authorization header that is not a valid token is refused, never treated as a visitor.
  const badAuth = garbageAuthorization.map((authorization): HostileCase => ({
    label: 'garbage Authorization',
    method: 'POST',
    headers: { ...JSON_TYPE, authorization },
    body: JSON.stringify(valid()),
    expect: [401],
  }));
  const invalidBytes = withInvalidUtf8(
    '{"program_id":"silver-creek-ranch","type":"info","name":"',
    '","email":"a@b.co"}',
  ).map((body): HostileCase => ({
    label: 'invalid UTF-8',
    method: 'POST',
    headers: JSON_TYPE,
    body,
    expect: [400],
  }));
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
    { arbitrary: badAuth, weight: 1 },
    { arbitrary: invalidBytes, weight: 1 },
    { arbitrary: broken, weight: 1 },
    { arbitrary: wrongType, weight: 1 },
    { arbitrary: wrongMethod, weight: 1 },
  );
}

describe('POST /api/inquiries with hostile input', () => {
  it(
    `${String(RUNS)} generated requests: never a 5xx, documented answers, nothing stored on refusal`,
    async () => {
      const report = await fuzzEndpoint({
        handler: inquiries,
        path: '/api/inquiries',
        sql,
        tables: ['provider_inquiries'],
        cases: inquiryCases(),
        numRuns: RUNS,
        onSuccess: async (res) => {
          const data = (await res.json()) as { id?: unknown; routed?: unknown };
          expect(typeof data.id).toBe('string');
          const [row] =
            await sql`select urgency, sender_id from provider_inquiries where id = ${String(data.id)}`;
          expect(row).toEqual({ urgency: 'high', sender_id: null });
        },
      });
      expectCovered(report, [201, 400, 401, 405, 413, 415]);
    },
    TIMEOUT,
  );
});

// ---- GET /api/requests/:token ----

describe('GET /api/requests/:token with hostile input', () => {
  let realToken = '';
  beforeAll(async () => {
    const payload = { ...valid(), type: 'info' };
    const res = await inquiries(jsonRequest('/api/inquiries', payload), ctx(uniqueIp()));
    expect(res.status).toBe(201);
    const [mail] = await outboxFor(payload.email);
    realToken = /\/request\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(realToken).toHaveLength(43);
  });

  function tokenCases(): fc.Arbitrary<HostileCase> {
    const get = (
      label: string,
      suffix: string,
      expectStatus: number[],
      headers: Record<string, string> = {},
    ) => ({ label, method: 'GET', headers, query: suffix, expect: expectStatus }) satisfies HostileCase;
    const shaped = fc
      .stringMatching(/^[A-Za-z0-9_-]{43}$/)
      .filter((t) => t !== realToken)
      .map((t) => get('well-formed unknown token', `/${t}`, [404]));
    const near = fc
      .tuple(fc.integer({ min: 0, max: 42 }), fc.constantFrom('A', '_', '-', '0'))
      .map(([i, c]) =>
        realToken[i] === c
          ? `${realToken.slice(0, i)}B${realToken.slice(i + 1)}`
          : `${realToken.slice(0, i)}${c}${realToken.slice(i + 1)}`,
      )
      .map((t) => get('the real token with one character changed', `/${t}`, [404]));
    const lengths = fc
      .oneof(fc.integer({ min: 0, max: 42 }), fc.integer({ min: 44, max: 5000 }))
      .map((n) => get('wrong length', `/${'A'.repeat(n)}`, [404]));
    const anyText = fc
      .string({ unit: 'binary', maxLength: 80 })
      .map((s) => get('any text, percent-encoded', `/${encodeURIComponent(s.toWellFormed())}`, [404]));
    const sqlish = fc
      .constantFrom(
        "'%20or%201=1--",
        '%27',
        '..%2F..%2Fetc%2Fpasswd',
        '%00',
        '*',
        `${realToken}%00`,
        `%20${realToken}`,
      )
      .map((s) => get('injection-shaped', `/${s}`, [404]));
    const extraSegments = fc
      .string({ maxLength: 10 })
      .map((s) => get('extra segments', `/${realToken}/${encodeURIComponent(s.toWellFormed())}x`, [404]));
    const real = fc
      .option(hostileHeaders, { freq: 2 })
      .map((h) => get('the real token', `/${realToken}`, [200], h ?? {}));
    const wrongMethod = otherMethod(['GET']).map((method): HostileCase => ({
      label: 'wrong method',
      method,
      headers: {},
      query: `/${realToken}`,
      expect: [405],
    }));
    return fc.oneof(shaped, near, lengths, anyText, sqlish, extraSegments, real, wrongMethod);
  }

  it(
    `${String(RUNS)} generated requests: never a 5xx, 404 for anything but the real token, nothing written`,
    async () => {
      const report = await fuzzEndpoint({
        handler: requests,
        path: '/api/requests',
        sql,
        tables: ['provider_inquiries'],
        cases: tokenCases(),
        numRuns: RUNS,
        onSuccess: async (res) => {
          const data = (await res.json()) as Record<string, unknown>;
          expect(Object.keys(data).sort()).toEqual([
            'created_at',
            'delivery',
            'program',
            'stage',
            'status',
            'type',
            'updated_at',
          ]);
          expect(JSON.stringify(data)).not.toMatch(/@/);
        },
      });
      expectCovered(report, [200, 404, 405]);
    },
    TIMEOUT,
  );
});
