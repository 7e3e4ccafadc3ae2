/**
 * Property-based test of the auth server's input handling: hostile bodies (control and invisible
 * characters, unpaired surrogates, 1 MB strings, deep nesting, raw invalid UTF-8, wrong types,
 * extra and missing fields, `__proto__`/`constructor` keys, wrong content types) must never get a
 * 5xx, and every 4xx must be in Supabase's error shape, which supabase-js turns into an AuthError.
 *
 * Each property run sends a batch of requests at once, so 200+ bodies per endpoint take seconds.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonKey, api, authUrl, confirmedUser } from './helpers.ts';

const BATCH = 10;
const RUNS = 20; // BATCH × RUNS = 200 bodies per endpoint

// ---- strings ---------------------------------------------------------------------------------------

/** Characters Postgres can store but that are easy to mishandle: control, invisible, bidi, emoji. */
const oddChar = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      '\u0007',
      '\u001b',
      '\u007f',
      '\u200b',
      '\u200d',
      '\u202e',
      '\ufeff',
      '\u2028',
    ),
    weight: 2,
  },
  { arbitrary: fc.constantFrom('\u00a0', '\ufffd', '\uffff', '😀', 'é', '"', '\\', '%', "'"), weight: 1 },
);

/** Also the ones Postgres refuses: U+0000 and unpaired surrogates. */
const hostileChar = fc.oneof(
  { arbitrary: oddChar, weight: 6 },
  { arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), weight: 1 },
  { arbitrary: fc.constant('\u0000'), weight: 1 },
);

const hostileString = fc.oneof(
  { arbitrary: fc.string({ unit: oddChar, maxLength: 30 }), weight: 5 },
  { arbitrary: fc.string({ unit: hostileChar, maxLength: 30 }), weight: 3 },
  {
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '__proto__',
      'constructor',
      'null',
      "' or 1=1 --",
      '<script>alert(1)</script>',
      '%00',
      '\u0000',
      '\ud800',
      'x\udfff',
      '\u200b',
    ),
    weight: 3,
  },
  // A 1 MB string makes the body too large; one just under the limit is read and refused on its merits.
  { arbitrary: fc.constantFrom('x'.repeat(1 << 20), 'é'.repeat(400_000), 'a'.repeat(100_000)), weight: 1 },
);

/** Looks like an address, with something hostile mixed in now and then. */
const emailish = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('fuzz', 'Fuzz', 'f.u+zz'),
      fc.integer({ min: 0, max: 30 }),
      fc.oneof({ arbitrary: fc.constant(''), weight: 3 }, { arbitrary: oddChar, weight: 1 }),
    )
    .map(([local, n, extra]) => `${local}${extra}-${n}@example.com`),
  fc.constantFrom(
    'admin@example.org',
    'provider@example.org',
    ' FAMILY@example.org ',
    'a@b',
    '@',
    'a@b.co\u0000',
  ),
);

// ---- JSON values, written as text so duplicate and `__proto__` keys survive ------------------------

const jsonKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'email', 'data'),
  hostileString.filter((s) => s.length < 1000),
);

const number = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.constantFrom('1e999', '-1e999', '-0', '1.5e-400', '123456789012345678901234567890', '0.1e1'),
);

const leaf = fc.oneof(
  { arbitrary: hostileString.map((s) => JSON.stringify(s)), weight: 4 },
  { arbitrary: number, weight: 1 },
  { arbitrary: fc.constantFrom('true', 'false', 'null'), weight: 1 },
);

const deep = fc
  .tuple(fc.integer({ min: 20, max: 20_000 }), fc.boolean())
  .map(([n, arrays]) => (arrays ? '['.repeat(n) + ']'.repeat(n) : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`));

const { value: jsonValue } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }).map((xs) => `[${xs.join(',')}]`),
  object: fc
    .array(fc.tuple(jsonKey, tie('value')), { maxLength: 4 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
}));

const anyValue = fc.oneof({ arbitrary: jsonValue, weight: 6 }, { arbitrary: deep, weight: 1 });

// ---- bodies per endpoint -----------------------------------------------------------------------------

/** Plausible values for the fields an endpoint reads, so requests get past the first check too. */
const plausible: Record<string, fc.Arbitrary<unknown>> = {
  email: emailish,
  password: fc.constantFrom('long-enough-1', 'fuzz-password-2', 'short', 'admin-demo-1', 'x'.repeat(80)),
  data: fc.constantFrom({}, { full_name: 'Fuzz Tester' }, { a: null }, { nested: { deeper: [1, 2, 3] } }),
  type: fc.oneof(
    { arbitrary: fc.constant('signup'), weight: 3 },
    fc.constantFrom('magiclink', 'recovery', 'email', 'invite', 'email_change', '__proto__'),
  ),
  token: fc.constantFrom('123456', '000000', ' 123456 ', '12345a'),
  token_hash: fc.constantFrom('f'.repeat(56), '', 'not-a-hash'),
  create_user: fc.constantFrom(true, false, 'no', 0),
  code_challenge: fc.constantFrom(null, null, 'a'.repeat(43), 'short', ''),
  code_challenge_method: fc.constantFrom('s256', 'plain', 'S256', 'md5'),
  redirect_to: fc.constantFrom('http://localhost:4321/x', 'https://evil.example/', 'javascript:alert(1)'),
  gotrue_meta_security: fc.constantFrom({}, { captcha_token: null }),
};

type Endpoint = { name: string; method: 'POST' | 'PUT'; path: string; fields: string[] };

const endpoints: Endpoint[] = [
  {
    name: 'signup',
    method: 'POST',
    path: '/signup',
    fields: ['email', 'password', 'data', 'code_challenge', 'code_challenge_method'],
  },
  {
    name: 'token (password)',
    method: 'POST',
    path: '/token?grant_type=password',
    fields: ['email', 'password'],
  },
  {
    name: 'recover',
    method: 'POST',
    path: '/recover',
    fields: ['email', 'code_challenge', 'code_challenge_method'],
  },
  {
    name: 'otp',
    method: 'POST',
    path: '/otp',
    fields: ['email', 'data', 'create_user', 'code_challenge_method'],
  },
  { name: 'resend', method: 'POST', path: '/resend', fields: ['email', 'type'] },
  { name: 'verify', method: 'POST', path: '/verify', fields: ['email', 'token', 'token_hash', 'type'] },
  { name: 'user (PUT)', method: 'PUT', path: '/user', fields: ['email', 'password', 'data'] },
];

function fieldValue(field: string): fc.Arbitrary<string> {
  const good = plausible[field] ?? fc.constant(null);
  return fc.oneof(
    { arbitrary: good.map((v) => JSON.stringify(v)), weight: 3 },
    { arbitrary: anyValue, weight: 2 },
  );
}

const objectText = (entries: readonly (readonly [string, string])[]): string =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;

/** Any mix of known and unknown fields, each plausible or hostile. */
function mixedBody(fields: string[]): fc.Arbitrary<string> {
  const known = fc
    .constantFrom(...fields, ...Object.keys(plausible))
    .chain((f) => fieldValue(f).map((v) => [f, v] as const));
  const extra = fc.tuple(jsonKey, anyValue);
  return fc
    .array(fc.oneof({ arbitrary: known, weight: 4 }, { arbitrary: extra, weight: 1 }), { maxLength: 6 })
    .map(objectText);
}

/**
 * Every field the endpoint reads, plausible, with at most one of them made hostile, dropped or
 * joined by a hostile extra key: these get past the first checks and reach the database.
 */
function nearlyValidBody(fields: string[]): fc.Arbitrary<string> {
  const values = fc.tuple(
    ...fields.map((f) => (plausible[f] ?? fc.constant(null)).map((v) => [f, JSON.stringify(v)] as const)),
  );
  const mutation = fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: anyValue }),
    fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('extra' as const), key: jsonKey, value: anyValue }),
  );
  return fc.tuple(values, mutation).map(([entries, m]) => {
    const at = 'at' in m ? m.at % entries.length : -1;
    if (m.kind === 'replace') return objectText(entries.map((e, i) => (i === at ? [e[0], m.value] : e)));
    if (m.kind === 'drop') return objectText(entries.filter((_, i) => i !== at));
    if (m.kind === 'extra') return objectText([...entries, [m.key, m.value]]);
    return objectText(entries);
  });
}

const notAnObject = fc.oneof(
  fc.constantFrom(
    '',
    '[]',
    'null',
    '1',
    '"email"',
    'true',
    '{',
    '{"email":',
    '{"a":1}}',
    '\u0000',
    '\ufeff{}',
  ),
  fc.constantFrom(
    'email=a%40b.co&password=long-enough-1',
    '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--',
  ),
  anyValue,
);

/** Raw bytes that are not UTF-8, spliced into the body somewhere. */
const badBytes = fc.constantFrom(
  [0xff],
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0x00],
);

type Hostile = {
  body: Uint8Array<ArrayBuffer>;
  contentType: string | null;
  query: string;
  auth: 'user' | 'garbage' | 'none';
};

function hostileRequest(fields: string[]): fc.Arbitrary<Hostile> {
  const text = fc.oneof(
    { arbitrary: nearlyValidBody(fields), weight: 5 },
    { arbitrary: mixedBody(fields), weight: 4 },
    { arbitrary: notAnObject, weight: 1 },
  );
  const bytes = fc.oneof(
    { arbitrary: text.map((t) => new Uint8Array(Buffer.from(t, 'utf8'))), weight: 5 },
    {
      arbitrary: fc.tuple(text, badBytes, fc.double({ min: 0, max: 1, noNaN: true })).map(([t, bad, at]) => {
        const utf8 = Buffer.from(t, 'utf8');
        const cut = Math.floor(utf8.length * at);
        return new Uint8Array(Buffer.concat([utf8.subarray(0, cut), Buffer.from(bad), utf8.subarray(cut)]));
      }),
      weight: 1,
    },
  );
  return fc.record({
    body: bytes,
    contentType: fc.constantFrom(
      'application/json',
      'application/json;charset=UTF-8',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      null,
    ),
    query: fc.oneof(
      { arbitrary: fc.constant(''), weight: 4 },
      {
        arbitrary: fc
          .tuple(
            fc.constantFrom('redirect_to', 'type', 'scope', '__proto__'),
            hostileString.filter((s) => s.length < 200),
          )
          .map(([k, v]) => new URLSearchParams([[k, v.isWellFormed() ? v : v.toWellFormed()]]).toString()),
        weight: 1,
      },
    ),
    auth: fc.constantFrom('user', 'user', 'user', 'garbage', 'none'),
  });
}

// ---- sending and checking ----------------------------------------------------------------------------

let userToken = '';

const GARBAGE_BEARERS = [
  'Bearer ',
  'Bearer x.y.z',
  'Basic Zm9vOmJhcg==',
  `Bearer ${'a'.repeat(4000)}`,
  'Bearer eyJ.eyJ.sig',
];

async function send(endpoint: Endpoint, req: Hostile, i: number): Promise<string | null> {
  const url = `${authUrl}${endpoint.path}${req.query === '' ? '' : (endpoint.path.includes('?') ? '&' : '?') + req.query}`;
  const headers: Record<string, string> = { apikey: anonKey };
  if (req.contentType !== null) headers['content-type'] = req.contentType;
  if (endpoint.method === 'PUT' && req.auth === 'user') headers['authorization'] = `Bearer ${userToken}`;
  if (req.auth === 'garbage') headers['authorization'] = GARBAGE_BEARERS[i % GARBAGE_BEARERS.length] ?? '';
  const res = await fetch(url, { method: endpoint.method, headers, body: req.body });
  const text = await res.text();
  const shown = `${endpoint.method} ${url} (${req.contentType ?? 'no content type'}) ${Buffer.from(req.body).toString('utf8').slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`;
  if (res.status >= 500) return `server error: ${shown}`;
  if (res.status >= 400) {
    if (!/^application\/json/.test(res.headers.get('content-type') ?? '')) return `not JSON: ${shown}`;
    if (res.headers.get('x-supabase-api-version') !== '2024-01-01') return `no API version header: ${shown}`;
    const body = JSON.parse(text) as Record<string, unknown>;
    const shaped =
      typeof body['code'] === 'string' &&
      body['code'] !== '' &&
      body['error_code'] === body['code'] &&
      typeof body['msg'] === 'string' &&
      body['msg'] !== '';
    if (!shaped) return `not Supabase's error shape: ${shown}`;
  }
  return null;
}

beforeAll(async () => {
  const email = await confirmedUser('fuzz-password-1', 'fuzzput');
  const res = await api('/token?grant_type=password', { body: { email, password: 'fuzz-password-1' } });
  userToken = res.body['access_token'] as string;
  expect(userToken).toMatch(/^ey/);
});

describe('hostile request bodies never get a 5xx and always get an error in Supabase’s shape', () => {
  it.each(endpoints)(
    '$name',
    async (endpoint) => {
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileRequest(endpoint.fields), { minLength: BATCH, maxLength: BATCH }),
          async (batch) => {
            const problems = await Promise.all(batch.map((req, i) => send(endpoint, req, i)));
            sent += batch.length;
            const first = problems.find((p) => p !== null);
            if (first !== undefined) throw new Error(first);
          },
        ),
        { numRuns: RUNS },
      );
      expect(sent).toBeGreaterThanOrEqual(BATCH * RUNS);
    },
    120_000,
  );

  it('GET /verify with hostile query parameters answers a redirect or a 4xx, never a 5xx', async () => {
    const param = fc.oneof(
      hostileString.filter((s) => s.length < 500),
      fc.constantFrom('signup', 'email', 'recovery'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ type: param, token: param, redirect_to: param }, { requiredKeys: [] }), {
          minLength: BATCH,
          maxLength: BATCH,
        }),
        async (batch) => {
          const statuses = await Promise.all(
            batch.map(async (query) => {
              const qs = new URLSearchParams(
                Object.entries(query).map(([k, v]) => [k, v.isWellFormed() ? v : v.toWellFormed()]),
              );
              const res = await fetch(`${authUrl}/verify?${qs.toString()}`, { redirect: 'manual' });
              await res.arrayBuffer();
              return { status: res.status, query: qs.toString().slice(0, 300) };
            }),
          );
          for (const s of statuses)
            if (s.status >= 500) throw new Error(`${s.status} for /verify?${s.query}`);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
