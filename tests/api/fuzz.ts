/**
 * A small harness for property-based tests of API handlers with hostile input.
 *
 * Arbitraries below produce the values a careless or malicious client sends (control and
 * invisible characters, broken Unicode, 1 MB strings, 10,000-level nesting, invalid UTF-8
 * bytes, prototype keys, wrong types, methods, content types and headers). An endpoint's test
 * combines them into `HostileCase`s, each naming the statuses the contract allows for it, and
 * `fuzzEndpoint()` sends each case in-process and checks the contract: never a 5xx, a documented
 * status, the error shape and headers, and no row written to the watched tables.
 *
 * A new endpoint gets the same treatment in a few lines:
 *
 * ```ts
 * await fuzzEndpoint({
 *   handler: favourites, path: '/api/favourites', sql, tables: ['user_favorites'],
 *   cases: fc.oneof(wrongMethod(['POST', 'DELETE']), jsonCase(badFavouriteBody, [400])),
 * });
 * ```
 */
import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import fc from 'fast-check';
import type postgres from 'postgres';
import { expect } from 'vitest';
import { MAX_BODY_BYTES } from '../../netlify/functions/_shared/http.ts';
import { INVISIBLE_RANGES } from '../../src/lib/schemas.ts';
import { REQUIRED_HEADERS, ctx } from './helpers.ts';

// ---- Request shapes ----

/** One request to send and what the contract allows as the answer. */
export interface HostileCase {
  /** What kind of input this is, shown when a case fails. */
  label: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Appended to the path as is, e.g. `?a=b`. */
  query?: string;
  /** Statuses the documentation allows for this input. */
  expect: readonly number[];
  /** A browser form post: error answers are HTML pages, not JSON. */
  html?: boolean;
}

/** A JSON value spliced into a body as raw text (deep nesting, duplicate keys…). */
export class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** A body as ordered entries, so keys like `__proto__` stay plain keys and order is kept. */
export type Entries = readonly (readonly [string, unknown])[];

/** Serializes entries as a JSON object; values may be `Raw`. Lone surrogates become `\udXXX`. */
export function jsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (isEntries(value)) return `{${value.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map((v) => jsonText(v)).join(',')}]`;
  // JSON.stringify answers undefined (not text) for undefined, whatever its type says.
  return value === undefined ? 'null' : JSON.stringify(value);
}

const ENTRIES = Symbol('entries');
/** Marks an array of `[key, value]` pairs as an object for `jsonText`. */
export function entries(pairs: readonly (readonly [string, unknown])[]): Entries {
  return Object.assign([...pairs], { [ENTRIES]: true });
}
function isEntries(value: unknown): value is Entries {
  return Array.isArray(value) && (value as unknown as Record<symbol, unknown>)[ENTRIES] === true;
}

/** Form encoding of string entries (what a browser sends for `application/x-www-form-urlencoded`). */
export function formText(pairs: Entries): string {
  return new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString();
}

// ---- Hostile values ----

const char = (codePoint: number) => String.fromCodePoint(codePoint);

/** A C0 or C1 control or DEL; `allowLineBreaks` leaves out tab, LF and CR (fine in a message). */
export function controlChar(options: { allowLineBreaks?: boolean } = {}): fc.Arbitrary<string> {
  const keep = options.allowLineBreaks ? [0x09, 0x0a, 0x0d] : [];
  return fc
    .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
    .filter((c) => !keep.includes(c))
    .map(char);
}

/** One invisible but valid character: white space, zero-width, format, filler (no surrogates). */
export const invisibleChar: fc.Arbitrary<string> = fc
  .constantFrom(...INVISIBLE_RANGES.filter(([a]) => a !== 0xd800))
  .chain(([a, b]) => fc.integer({ min: a, max: b }))
  .map(char);

/** Text made only of invisible characters (and no controls, so only "blank" applies). */
export const invisibleText: fc.Arbitrary<string> = fc
  .array(
    invisibleChar.filter((c) => !/\p{Cc}/u.test(c)),
    { minLength: 1, maxLength: 12 },
  )
  .map((cs) => cs.join(''));

/** Half of a surrogate pair, alone: not Unicode text. */
export const loneSurrogate: fc.Arbitrary<string> = fc.integer({ min: 0xd800, max: 0xdfff }).map(char);

/** `inner` placed between two visible characters, so trimming can never remove it. */
export function inside(inner: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.string({ minLength: 1, maxLength: 8 }).filter((s) => /^[\p{L}\p{N}]+$/u.test(s)),
      inner,
    )
    .map(([text, bad]) => `${text}${bad}${text}`)
    .filter((s) => s.length > 0);
}

/** About 1 MB of text (over every body limit), of one of a few kinds of character. */
export const megabyteString: fc.Arbitrary<string> = fc
  .constantFrom('x', 'é', '😀', '\u200b', '\u0000', '"')
  .map((c) => c.repeat(Math.ceil((1 << 20) / new TextEncoder().encode(c).byteLength)));

/** True when `text` is over a body limit, so a handler answers 413 once it reads the body. */
export function tooLarge(text: string, limit: number = MAX_BODY_BYTES): boolean {
  return new TextEncoder().encode(text).byteLength > limit;
}

/** The keys that mean something to JavaScript's object model. */
export const protoKey: fc.Arbitrary<string> = fc.constantFrom('__proto__', 'constructor', 'prototype');

/**
 * JSON text nested 10,000 levels deep as arrays (20 KB) or objects (60 KB), or 4,000 levels of
 * `__proto__` objects (56 KB): deep, yet under the 64 KB body limit, so the parser and the
 * schema see it rather than the size check.
 */
export const deepJson: fc.Arbitrary<Raw> = fc.constantFrom('array', 'object', 'proto').map((kind) => {
  if (kind === 'array') return new Raw(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
  const [key, depth] = kind === 'proto' ? ['__proto__', 4_000] : ['a', 10_000];
  return new Raw(`${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`);
});

/** A JSON value that is not a string: the wrong type for any text field. */
export const notAString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc
    .dictionary(fc.oneof(fc.string(), protoKey), fc.string(), { maxKeys: 3 })
    .map((o) => entries(Object.entries(o))),
  protoKey.map((k) => entries([[k, { polluted: true }]])),
  deepJson,
);

/** Byte sequences that are not UTF-8: stray continuation bytes, overlongs, encoded surrogates… */
export const invalidUtf8: fc.Arbitrary<Uint8Array<ArrayBuffer>> = fc
  .array(
    fc.constantFrom(
      [0xff],
      [0xfe],
      [0x80],
      [0xbf],
      [0xc0, 0x80],
      [0xc1, 0xbf],
      [0xe0, 0x80, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf8, 0x88, 0x80, 0x80, 0x80],
      [0xe2, 0x82],
      [0xc3],
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => new Uint8Array(parts.flat()))
  // Two broken halves can make a whole character ([0xc3] + [0x80] is "À"): keep only real garbage.
  .filter((bytes) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return false;
    } catch {
      return true;
    }
  });

/** `before` + invalid bytes + `after`, e.g. inside a JSON string. */
export function withInvalidUtf8(before: string, after: string): fc.Arbitrary<Uint8Array<ArrayBuffer>> {
  const enc = new TextEncoder();
  return invalidUtf8.map((bad) => new Uint8Array([...enc.encode(before), ...bad, ...enc.encode(after)]));
}

/** The same escapes in a form body: `%ED%A0%80` decodes to bytes that are not UTF-8. */
export const invalidUtf8Escapes: fc.Arbitrary<string> = invalidUtf8.map((bytes) =>
  [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
);

const FETCH_NORMALIZED = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'];
// `fetch` refuses these outright; a server would never route them to a function.
const FORBIDDEN_METHODS = ['CONNECT', 'TRACE', 'TRACK'];

/** Any method token the endpoint does not serve (lower-case spellings that fetch normalises are excluded). */
export function otherMethod(allowed: readonly string[]): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom(
        'GET',
        'HEAD',
        'POST',
        'PUT',
        'PATCH',
        'DELETE',
        'OPTIONS',
        'post',
        'get',
        'PROPFIND',
        'X',
      ),
      fc.stringMatching(/^[A-Za-z!#$%&'*+.^_`|~-]{1,12}$/),
    )
    .filter((m) => !FORBIDDEN_METHODS.includes(m.toUpperCase()))
    .filter((m) => {
      const sent = FETCH_NORMALIZED.includes(m.toUpperCase()) ? m.toUpperCase() : m;
      return !allowed.includes(sent);
    });
}

/** A content type other than the accepted ones (parameters and case do not make one accepted). */
export function otherContentType(accepted: readonly string[]): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom(
        'text/html',
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'application/json-patch+json',
        'application/jsonx',
        'json',
        'application/octet-stream',
        '*/*',
        '',
        ';',
        'application/json, text/plain',
        'APPLICATION/JAVASCRIPT',
      ),
      fc.stringMatching(/^[a-z]{1,8}\/[a-z+.-]{1,12}(; ?charset=[a-z0-9-]{1,8})?$/),
    )
    .filter((t) => !accepted.includes(t.split(';')[0]?.trim().toLowerCase() ?? ''));
}

/** A header value a client might send: Latin-1 only, no CR/LF/NUL (fetch refuses those). */
const headerText = (maxLength: number) =>
  fc
    .string({ unit: fc.integer({ min: 0x20, max: 0xff }).map(char), maxLength })
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** Garbage in Authorization: never a valid token, never absent. */
export const garbageAuthorization: fc.Arbitrary<string> = fc.oneof(
  headerText(200),
  headerText(200).map((s) => `Bearer ${s}`),
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Basic YWRtaW46YWRtaW4=',
    'bearer null',
    'Bearer undefined',
    'Token x',
  ),
  // JWT-shaped: three base64url parts, with headers asking for `none`, HS256, unknown keys.
  fc
    .tuple(
      fc.constantFrom(
        { alg: 'none', typ: 'JWT' },
        { alg: 'HS256', typ: 'JWT' },
        { alg: 'ES256', kid: 'not-a-key' },
        { alg: 'RS256', kid: '../../etc/passwd' },
        { alg: 'ES256', jku: 'http://127.0.0.1:1/jwks.json' },
        { alg: 'ES256', crit: ['exp'] },
        { __proto__: { alg: 'none' } },
      ),
      fc.constantFrom(
        { sub: 'x', role: 'service_role', exp: 4102444800 },
        { sub: '', aud: 'authenticated' },
        { sub: '00000000-0000-0000-0000-000000000000', exp: 1 },
        { constructor: { prototype: { admin: true } } },
      ),
      fc.string({ maxLength: 40 }),
    )
    .map(([head, claims, sig]) =>
      ['Bearer', [head, claims].map((p) => Buffer.from(JSON.stringify(p)).toString('base64url')).join('.')]
        .join(' ')
        .concat('.', Buffer.from(sig).toString('base64url')),
    ),
  fc.integer({ min: 8_000, max: 64_000 }).map((n) => `Bearer ${'A'.repeat(n)}`),
);

/** Headers that should not change any answer: spoofed client addresses, huge and garbage values. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'x-forwarded-for': fc.oneof(headerText(60), fc.constant('127.0.0.1, ::1, 10.0.0.1')),
      'x-nf-client-connection-ip': headerText(60),
      'x-huge': fc.integer({ min: 8_000, max: 100_000 }).map((n) => 'h'.repeat(n)),
      cookie: headerText(300),
      origin: fc.constantFrom('null', 'http://evil.example', 'javascript:alert(1)'),
      'accept-charset': headerText(40),
      'content-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x-garbage'),
      'transfer-encoding-x': headerText(40),
    },
    { requiredKeys: [] },
  )
  .map((h): Record<string, string> => Object.fromEntries(Object.entries(h)));

/**
 * A client address no other request of any test file has used: a random address in the IPv6
 * documentation range. The rate limiter's counts live in Postgres and outlast a test file,
 * while helpers' `freshIp()` counts from the same start in every file, so its addresses repeat
 * across files within one limiter window.
 */
export function uniqueIp(): string {
  const groups = randomBytes(12).toString('hex').match(/.{4}/g) ?? [];
  return `2001:db8:${groups.join(':')}`;
}

// ---- The contract ----

/** Error code per status (docs/api.md). */
export const ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

/** Checks an error answer: JSON shape `{ error: { code, message, fields? } }` or, for a form post, an HTML page. */
export async function expectErrorAnswer(res: Response, html = false): Promise<void> {
  for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name), name).toBe(value);
  if (res.status === 405) expect(res.headers.get('allow')).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
  if (res.status === 429) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  if (html) {
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await res.text();
    expect(page).toMatch(/^<!doctype html>.*<h1>[^<]+<\/h1>/s);
    return;
  }
  if (res.status === 401) expect(res.headers.get('www-authenticate')).toBe('Bearer');
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const data = (await res.json()) as { error?: Record<string, unknown> };
  expect(Object.keys(data)).toEqual(['error']);
  const error = data.error ?? {};
  expect(Object.keys(error).filter((k) => !['code', 'message', 'fields'].includes(k))).toEqual([]);
  expect(error['code']).toBe(ERROR_CODES[res.status]);
  expect(typeof error['message']).toBe('string');
  expect(String(error['message']).length).toBeGreaterThan(0);
  if ('fields' in error) {
    // 400: the body's fields; 409: what refused a valid decision (a listing's missing facts, or
    // `revision` when the item changed since the administrator opened it).
    expect([400, 409]).toContain(res.status);
    const fields = error['fields'] as Record<string, unknown>;
    expect(Object.values(fields).length).toBeGreaterThan(0);
    for (const message of Object.values(fields)) expect(typeof message).toBe('string');
    // The top-level message is a field's, or one sentence naming every field's (what approval
    // still needs), so a toast can show it as is.
    const message = String(error['message']);
    const messages = Object.values(fields) as string[];
    if (!messages.includes(message)) for (const m of messages) expect(message).toContain(m);
  }
}

export type Handler = (req: Request, context: Context) => Promise<Response>;

export interface FuzzOptions {
  handler: Handler;
  path: string;
  cases: fc.Arbitrary<HostileCase>;
  /** Superuser connection for counting rows. */
  sql: postgres.Sql;
  /** Tables a refused request must not write to. */
  tables?: readonly string[];
  numRuns?: number;
  /**
   * Cases sent before the generated ones, so a rare but documented answer is always exercised
   * (a generator that reaches it only now and then makes the coverage check flaky).
   */
  examples?: readonly HostileCase[];
  /** Extra checks on a successful (2xx/3xx) answer. */
  onSuccess?: (res: Response, sent: HostileCase) => Promise<void> | void;
}

export interface FuzzReport {
  runs: number;
  /** How often each status was answered, to show the run covered what it meant to. */
  statuses: Record<number, number>;
  labels: Record<string, number>;
}

async function countRows(sql: postgres.Sql, tables: readonly string[]): Promise<Record<string, number>> {
  if (tables.length === 0) return {};
  for (const t of tables) if (!/^[a-z_]+$/.test(t)) throw new Error(`not a table name: ${t}`);
  const [row] = await sql.unsafe<Record<string, string>[]>(
    `select ${tables.map((t) => `(select count(*) from public.${t}) as ${t}`).join(', ')}`,
  );
  return Object.fromEntries(tables.map((t) => [t, Number(row?.[t])]));
}

export function toRequest(path: string, c: HostileCase): Request {
  const bodyAllowed = c.method.toUpperCase() !== 'GET' && c.method.toUpperCase() !== 'HEAD';
  const init: RequestInit = { method: c.method, headers: c.headers };
  if (bodyAllowed && c.body !== undefined) init.body = c.body;
  return new Request(`http://localhost${path}${c.query ?? ''}`, init);
}

/**
 * Sends every generated case to the handler and checks the contract. Returns what was seen, so
 * the test can assert the generators reached each kind of answer.
 */
export async function fuzzEndpoint(options: FuzzOptions): Promise<FuzzReport> {
  const { handler, path, cases, sql, tables = [], numRuns = 200, examples = [] } = options;
  const report: FuzzReport = { runs: 0, statuses: {}, labels: {} };
  const details = await fc.check(
    fc.asyncProperty(cases, async (c) => {
      const before = await countRows(sql, tables);
      const res = await handler(toRequest(path, c), ctx(uniqueIp()));
      report.runs += 1;
      report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
      report.labels[c.label] = (report.labels[c.label] ?? 0) + 1;
      expect(res.status, `${c.label}: never a 5xx`).toBeLessThan(500);
      expect(c.expect, `${c.label}: a documented status`).toContain(res.status);
      if (res.status >= 400) {
        await expectErrorAnswer(res, c.html);
        expect(await countRows(sql, tables), `${c.label}: a refused request writes nothing`).toEqual(before);
      } else {
        await options.onSuccess?.(res, c);
        if (!res.bodyUsed) await res.body?.cancel();
      }
    }),
    { numRuns, examples: examples.map((c): [HostileCase] => [c]) },
  );
  if (details.failed) {
    // Counterexamples hold 1 MB strings; repeated characters are shortened so the report stays readable.
    const message = (fc.defaultReportMessage(details) ?? 'property failed').replace(
      /(.)\1{99,}/gsu,
      (run, c: string) => `${c}…(×${run.length})`,
    );
    throw new Error(message, { cause: details.errorInstance });
  }
  return report;
}
