/**
 * Property-based tests of the provider API with hostile input (see ./fuzz.ts): generated bodies,
 * ids in the path, methods, content types, tokens and headers for `POST /api/providers`,
 * `GET /api/provider/dashboard`, `PATCH /api/provider/inquiries/:id` and
 * `POST /api/provider/verification-requests`. Never a 5xx, the documented status, the error
 * shape and headers, nothing stored by a refused request, and nobody else's data ever read or
 * changed.
 *
 * The request schemas are the oracle for bodies: whatever they accept must be stored by the
 * database without a 5xx (and exactly as the schema cleaned it), whatever they refuse is a 400.
 */
import type { Context } from '@netlify/functions';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dashboard from '../../netlify/functions/provider-dashboard.mts';
import inquiries, { config as inquiriesConfig } from '../../netlify/functions/provider-inquiries.mts';
import verification from '../../netlify/functions/provider-verification-requests.mts';
import providers from '../../netlify/functions/providers.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import {
  inquiryStatusSchema,
  providerProfileSchema,
  verificationRequestSchema,
} from '../../src/lib/provider-schemas.ts';
import {
  controlChar,
  deepJson,
  entries,
  fuzzEndpoint,
  garbageAuthorization,
  hostileHeaders,
  inside,
  invalidUtf8,
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
import { adminSql, confirmedUser, ctx, type TestUser } from './helpers.ts';
import type { DashboardResponse, ProviderResponse } from '../../src/api/contracts/providers.ts';

const RUNS = 220;
const TIMEOUT = 120_000;

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

/** Bodies over 64 KB are refused before they are parsed (docs/api.md). */

function maybeHostileHeaders(): fc.Arbitrary<Record<string, string>> {
  return fc.option(hostileHeaders, { freq: 3 }).map((extra) => extra ?? {});
}

/** `arb` in a quarter of the cases, else null (fc.option would give it in most). */
function rarely<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: arb, weight: 1 });
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Text values for a field: plausible ones and every kind of hostile one. */
const textValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    arbitrary: fc.constantFrom('Harbor House', '  Pine Hollow  ', 'Zoë Müller', '北京 Center', 'A'),
    weight: 4,
  },
  { arbitrary: fc.string({ maxLength: 30 }), weight: 2 },
  { arbitrary: invisibleText, weight: 1 },
  { arbitrary: inside(controlChar()), weight: 1 },
  { arbitrary: loneSurrogate.map((c) => `a${c}b`), weight: 1 },
  { arbitrary: fc.integer({ min: 190, max: 400 }).map((n) => 'x'.repeat(n)), weight: 1 },
  { arbitrary: fc.constantFrom('', "' or 1=1 --", '<script>alert(1)</script>', '😀'.repeat(201)), weight: 1 },
  { arbitrary: notAString, weight: 2 },
);
const emailValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom('org@example.com', ' org@example.com ', 'josé@bücher.example'), weight: 4 },
  { arbitrary: fc.constantFrom('', 'no-at-sign', 'a@b', 'a b@c.d', 'a@@b.c', 'a@b.c\u200b'), weight: 2 },
  { arbitrary: fc.integer({ min: 300, max: 400 }).map((n) => `${'a'.repeat(n)}@example.com`), weight: 1 },
  { arbitrary: textValue, weight: 1 },
);
const phoneValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('(555) 010-0199', '+1 555 010 0199', '5550100', 'call me', '', null, '1'.repeat(41)),
  textValue,
);

/** A registration body as entries: each field present or not, plus sometimes a key it must refuse. */
const profileBody: fc.Arbitrary<string> = fc
  .record({
    organization_name: fc.option(textValue, { freq: 8, nil: undefined }),
    contact_name: fc.option(textValue, { freq: 8, nil: undefined }),
    email: fc.option(emailValue, { freq: 8, nil: undefined }),
    phone: fc.option(phoneValue, { freq: 2, nil: undefined }),
    extra: rarely(
      fc.tuple(
        fc.oneof(
          protoKey,
          fc.constantFrom('subscription_plan', 'verification_status', 'user_id', 'trial_ends_at'),
        ),
        fc.constantFrom('pro', 'verified', '00000000-0000-0000-0000-000000000000', '2099-01-01'),
      ),
    ),
  })
  .map(({ extra, ...fields }) => {
    const pairs: [string, unknown][] = Object.entries(fields).filter(([, v]) => v !== undefined);
    if (extra) pairs.push(extra);
    return jsonText(entries(pairs));
  });

/** Registration bodies the schema accepts, so every run stores (and checks) several profiles. */
const validProfileBody: fc.Arbitrary<string> = fc
  .record({
    organization_name: fc.constantFrom('Harbor House', '  Pine Hollow  ', 'Zoë Müller Center', '北京 Center'),
    contact_name: fc.constantFrom('Ana', ' Jo Smith ', 'Łukasz'),
    email: fc.constantFrom('org@example.com', ' org@example.com ', 'josé@bücher.example'),
    phone: fc.constantFrom(undefined, null, '', '(555) 010-0199', ' +1 555 010 0199 '),
  })
  .map(({ phone, ...fields }) =>
    jsonText(entries(Object.entries(phone === undefined ? fields : { ...fields, phone }))),
  );

/** Bodies that are not a JSON object of the schema at all. */
const brokenBody: fc.Arbitrary<{ label: string; body: string | Uint8Array<ArrayBuffer>; expect: number[] }> =
  fc.oneof(
    deepJson.map((raw) => ({ label: 'deep JSON', body: raw.text, expect: [400] })),
    fc.constantFrom('', '{', 'null', '[]', '"text"', '{"a":1', 'NaN').map((body) => ({
      label: 'not an object',
      body,
      expect: [400],
    })),
    invalidUtf8.map((body) => ({ label: 'invalid UTF-8', body, expect: [400] })),
    megabyteString.map((s) => ({
      label: 'oversized',
      body: jsonText(entries([['organization_name', s]])),
      expect: [413],
    })),
  );

/** The router of Netlify and scripts/lib/functions.ts for the inquiry item path. */
const INQUIRY_PATTERNS = ([] as string[])
  .concat(inquiriesConfig.path ?? [])
  .map((pathname) => new URLPattern({ pathname }));
function inquiryRoute(url: string): Record<string, string> | null {
  for (const pattern of INQUIRY_PATTERNS) {
    const match = pattern.exec(url);
    if (match)
      return Object.fromEntries(
        Object.entries(match.pathname.groups).filter((e): e is [string, string] => e[1] !== undefined),
      );
  }
  return null;
}
const routedInquiries: Handler = (req: Request, context: Context) => {
  const params = inquiryRoute(req.url);
  if (params === null) throw new Error(`not routed to the function: ${req.url}`);
  return inquiries(req, { ...context, params });
};

async function register(user: TestUser, label: string): Promise<string> {
  const res = await providers(
    new Request('http://localhost/api/providers', {
      method: 'POST',
      headers: { ...JSON_HEADERS, authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ organization_name: `${label} House`, contact_name: label, email: user.email }),
    }),
    ctx(),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as ProviderResponse).provider.id;
}

let registrant: TestUser;
let owner: TestUser;
let other: TestUser;
let nobody: TestUser;
let ownerProvider = '';
let otherProvider = '';
let ownerInquiry = '';
let otherInquiry = '';

beforeAll(async () => {
  [registrant, owner, other, nobody] = await Promise.all([
    confirmedUser('provfuzz-reg', 'provider-fuzz-1'),
    confirmedUser('provfuzz-owner', 'provider-fuzz-1'),
    confirmedUser('provfuzz-other', 'provider-fuzz-1'),
    confirmedUser('provfuzz-nobody', 'provider-fuzz-1'),
  ]);
  ownerProvider = await register(owner, 'Owner');
  otherProvider = await register(other, 'Other');
  const rows = await sql<{ id: string; provider_id: string }[]>`
    insert into provider_inquiries (provider_id, type, name, email, program_name)
    values (${ownerProvider}, 'info', 'Owner Family', 'owner-family@example.com', 'Owner House'),
           (${otherProvider}, 'call', 'Other Family', 'other-family@example.com', 'Other House')
    returning id, provider_id`;
  ownerInquiry = rows.find((r) => r.provider_id === ownerProvider)?.id ?? '';
  otherInquiry = rows.find((r) => r.provider_id === otherProvider)?.id ?? '';
});

describe('POST /api/providers with hostile input', () => {
  it(
    `${RUNS} generated requests: what the schema accepts is stored as cleaned (201, then 200), the rest refused`,
    async () => {
      const bodyCase = fc
        .tuple(fc.oneof({ arbitrary: profileBody, weight: 3 }, validProfileBody), maybeHostileHeaders())
        .map(([text, headers]): HostileCase => {
          const ok = providerProfileSchema.safeParse(parsedOrUndefined(text)).success;
          return {
            label: ok ? 'valid profile' : 'invalid profile',
            method: 'POST',
            headers: { ...headers, ...JSON_HEADERS, authorization: `Bearer ${registrant.token}` },
            body: text,
            expect: tooLarge(text) ? [413] : ok ? [200, 201] : [400],
          };
        });
      const broken = brokenBody.map((b): HostileCase => ({
        label: b.label,
        method: 'POST',
        headers: { ...JSON_HEADERS, authorization: `Bearer ${registrant.token}` },
        body: b.body,
        expect: b.expect,
      }));
      const wrongType = otherContentType(['application/json']).map((type): HostileCase => ({
        label: 'wrong content type',
        method: 'POST',
        headers: { ...(type ? { 'content-type': type } : {}), authorization: `Bearer ${registrant.token}` },
        body: '{"organization_name":"A","contact_name":"B","email":"a@b.co"}',
        expect: [415],
      }));
      const noToken = fc
        .tuple(fc.option(garbageAuthorization, { freq: 3 }), profileBody)
        .map(([authorization, text]): HostileCase => ({
          label: 'no valid token',
          method: 'POST',
          headers: { ...JSON_HEADERS, ...(authorization === null ? {} : { authorization }) },
          body: text,
          expect: [401],
        }));
      const wrongMethod = otherMethod(['POST']).map((method): HostileCase => ({
        label: 'wrong method',
        method,
        headers: { authorization: `Bearer ${registrant.token}` },
        expect: [405],
      }));
      const report = await fuzzEndpoint({
        handler: providers,
        path: '/api/providers',
        sql,
        tables: ['providers', 'user_roles'],
        numRuns: RUNS,
        cases: fc.oneof(
          { arbitrary: bodyCase, weight: 10 },
          { arbitrary: broken, weight: 2 },
          { arbitrary: wrongType, weight: 1 },
          { arbitrary: noToken, weight: 2 },
          { arbitrary: wrongMethod, weight: 1 },
        ),
        onSuccess: async (res, sent) => {
          const { provider } = (await res.json()) as ProviderResponse;
          const [row] = await sql<
            Record<string, unknown>[]
          >`select * from providers where user_id = ${registrant.id}`;
          expect(row?.['id']).toBe(provider.id);
          expect(provider).toMatchObject({ subscription_plan: 'free', subscription_status: 'trial' });
          if (res.status === 201) {
            const input = providerProfileSchema.parse(JSON.parse(String(sent.body)));
            expect(row).toMatchObject({
              organization_name: input.organization_name,
              contact_name: input.contact_name,
              email: input.email,
              phone: input.phone ?? null,
              verification_status: 'unverified',
            });
            // Start over, so the next valid body is a first registration again.
            await sql`delete from providers where user_id = ${registrant.id}`;
          }
        },
      });
      expectCovered(report, [201, 400, 401, 405, 413, 415]);
    },
    TIMEOUT,
  );
});

describe('GET /api/provider/dashboard with hostile input', () => {
  it(
    `${RUNS} generated requests: only ever the caller's own dashboard; 404 without a profile; 401; 405`,
    async () => {
      const query = fc.oneof(
        fc.constant(''),
        fc.constantFrom(
          `?provider_id=${'0'.repeat(8)}`,
          '?user_id=x',
          '?__proto__[admin]=1',
          '?limit=100000',
        ),
        fc.string({ maxLength: 20 }).map((s) => `?${encodeURIComponent(s.toWellFormed())}`),
      );
      const who = fc.constantFrom('owner', 'other', 'nobody', 'garbage', 'none');
      const cases = fc
        .tuple(who, query, maybeHostileHeaders(), garbageAuthorization, fc.boolean())
        .map(([w, q, headers, garbage, wrong]): HostileCase => {
          const token = w === 'owner' ? owner.token : w === 'other' ? other.token : nobody.token;
          const authorization = w === 'garbage' ? garbage : w === 'none' ? undefined : `Bearer ${token}`;
          const base = { ...headers, ...(authorization === undefined ? {} : { authorization }) };
          if (wrong)
            return { label: 'wrong method', method: 'DELETE', headers: base, query: q, expect: [405] };
          const status = w === 'garbage' || w === 'none' ? 401 : w === 'nobody' ? 404 : 200;
          return { label: `GET as ${w}`, method: 'GET', headers: base, query: q, expect: [status] };
        });
      const report = await fuzzEndpoint({
        handler: dashboard,
        path: '/api/provider/dashboard',
        sql,
        tables: ['providers', 'provider_inquiries', 'provider_verification_requests'],
        numRuns: RUNS,
        cases,
        onSuccess: async (res, sent) => {
          const data = (await res.json()) as DashboardResponse;
          const mine = sent.label === 'GET as owner' ? ownerProvider : otherProvider;
          expect(data.provider.id).toBe(mine);
          const ids = data.inquiries.map((i) => i.id);
          expect(ids).toEqual(mine === ownerProvider ? [ownerInquiry] : [otherInquiry]);
        },
      });
      expectCovered(report, [200, 401, 404, 405]);
    },
    TIMEOUT,
  );
});

describe('PATCH /api/provider/inquiries/:id with hostile input', () => {
  it(
    `${RUNS} generated requests: only the owner changes its own inquiry; everything else 400/401/404/405/415`,
    async () => {
      const id = fc.oneof(
        { arbitrary: fc.constant(() => ownerInquiry), weight: 4 },
        { arbitrary: fc.constant(() => otherInquiry), weight: 3 },
        { arbitrary: fc.uuid().map((u) => () => u), weight: 1 },
        {
          arbitrary: fc
            .oneof(
              fc.string({ minLength: 1, maxLength: 40 }),
              fc.constantFrom("' or 1=1 --", '%00', '..', 'null', '__proto__'),
              fc.constant(() => ownerInquiry.toUpperCase()).map((f) => f()),
            )
            .filter(
              (s) =>
                inquiryRoute(
                  `http://localhost/api/provider/inquiries/${encodeURIComponent(s.toWellFormed())}`,
                ) !== null,
            )
            .map((s) => () => s),
          weight: 2,
        },
      );
      const statusBody = fc.oneof(
        {
          arbitrary: fc
            .constantFrom('new', 'contacted', 'closed')
            .map((s) => jsonText(entries([['status', s]]))),
          weight: 5,
        },
        {
          arbitrary: fc
            .tuple(fc.oneof(fc.constantFrom('done', 'NEW', ' new', ''), notAString), rarely(protoKey))
            .map(([s, k]) =>
              jsonText(
                entries(
                  k === null
                    ? [['status', s]]
                    : [
                        ['status', 'new'],
                        [k, 'x'],
                      ],
                ),
              ),
            ),
          weight: 2,
        },
        {
          arbitrary: fc.constantFrom(
            jsonText(
              entries([
                ['status', 'closed'],
                ['provider_id', '00000000-0000-0000-0000-000000000000'],
              ]),
            ),
            '{}',
            '[]',
          ),
          weight: 1,
        },
      );
      const who = fc.constantFrom('owner', 'owner', 'other', 'nobody', 'none');
      const cases = fc
        .tuple(
          who,
          id,
          statusBody,
          maybeHostileHeaders(),
          fc.nat({ max: 19 }),
          otherContentType(['application/json']),
        )
        .map(([w, idOf, text, headers, roll, type]): HostileCase => {
          const raw = idOf();
          const path = `/${encodeURIComponent(raw.toWellFormed())}`;
          const param = inquiryRoute(`http://localhost/api/provider/inquiries${path}`)?.['id'] ?? '';
          const token = w === 'owner' ? owner.token : w === 'other' ? other.token : nobody.token;
          const auth = w === 'none' ? {} : { authorization: `Bearer ${token}` };
          if (roll === 0)
            return {
              label: 'wrong method',
              method: 'POST',
              headers: auth,
              query: path,
              body: text,
              expect: [405],
            };
          if (roll === 1)
            return {
              label: 'wrong content type',
              method: 'PATCH',
              headers: { ...auth, ...(type ? { 'content-type': type } : {}) },
              query: path,
              body: text,
              expect: [w === 'none' ? 401 : 415],
            };
          const valid = inquiryStatusSchema.safeParse(parsedOrUndefined(text)).success;
          const mine =
            (w === 'owner' && param.toLowerCase() === ownerInquiry) ||
            (w === 'other' && param.toLowerCase() === otherInquiry)
              ? 200
              : 404;
          const status = w === 'none' ? 401 : tooLarge(text) ? 413 : !valid ? 400 : mine;
          return {
            label: `${w}: ${status}`,
            method: 'PATCH',
            headers: { ...headers, ...JSON_HEADERS, ...auth },
            query: path,
            body: text,
            expect: [status],
          };
        });
      const report = await fuzzEndpoint({
        handler: routedInquiries,
        path: '/api/provider/inquiries',
        sql,
        tables: ['provider_inquiries'],
        numRuns: RUNS,
        cases,
        onSuccess: async (res, sent) => {
          const { inquiry } = (await res.json()) as { inquiry: { id: string; status: string } };
          const sentStatus = (JSON.parse(String(sent.body)) as { status: string }).status;
          expect(inquiry.status).toBe(sentStatus);
          const [row] = await sql<{ status: string; provider_id: string }[]>`
            select status, provider_id from provider_inquiries where id = ${inquiry.id}`;
          expect(row?.status).toBe(sentStatus);
          expect(row?.provider_id).toBe(sent.label.startsWith('owner') ? ownerProvider : otherProvider);
        },
      });
      expectCovered(report, [200, 400, 401, 404, 405, 415]);
    },
    TIMEOUT,
  );
});

describe('POST /api/provider/verification-requests with hostile input', () => {
  it(
    `${RUNS} generated requests: a valid list makes one pending request (201), anything else stores nothing`,
    async () => {
      const doc = fc.oneof(
        {
          arbitrary: fc.constantFrom('State license.pdf', ' Accreditation ', 'Insurance certificate'),
          weight: 4,
        },
        { arbitrary: fc.constantFrom('', '   '), weight: 2 },
        { arbitrary: invisibleText, weight: 1 },
        { arbitrary: inside(controlChar()), weight: 1 },
        { arbitrary: loneSurrogate.map((c) => `doc${c}`), weight: 1 },
        { arbitrary: fc.integer({ min: 490, max: 700 }).map((n) => 'd'.repeat(n)), weight: 1 },
        { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
        { arbitrary: notAString, weight: 1 },
      );
      const documents = fc.oneof(
        { arbitrary: fc.array(doc, { maxLength: 5 }), weight: 6 },
        {
          arbitrary: fc.array(fc.constantFrom('State license.pdf', ' Accreditation ', ''), { maxLength: 4 }),
          weight: 6,
        },
        {
          arbitrary: fc
            .integer({ min: 49, max: 60 })
            .map((n) => Array.from({ length: n }, (_, i) => `d${i}`)),
          weight: 1,
        },
        { arbitrary: notAString, weight: 1 },
      );
      const body = fc
        .tuple(
          documents,
          rarely(fc.tuple(fc.oneof(protoKey, fc.constantFrom('status', 'provider_id')), fc.string())),
        )
        .map(([docs, extra]) =>
          jsonText(entries(extra === null ? [['documents', docs]] : [['documents', docs], extra])),
        );
      const who = fc.constantFrom('owner', 'owner', 'owner', 'nobody', 'none', 'garbage');
      const cases = fc
        .tuple(who, body, maybeHostileHeaders(), garbageAuthorization, fc.nat({ max: 14 }))
        .map(([w, text, headers, garbage, roll]): HostileCase => {
          const auth =
            w === 'none'
              ? {}
              : {
                  authorization:
                    w === 'garbage' ? garbage : `Bearer ${w === 'owner' ? owner.token : nobody.token}`,
                };
          if (roll === 0)
            return { label: 'wrong method', method: 'PUT', headers: auth, body: text, expect: [405] };
          const valid = verificationRequestSchema.safeParse(parsedOrUndefined(text)).success;
          const status =
            w === 'none' || w === 'garbage'
              ? 401
              : tooLarge(text)
                ? 413
                : !valid
                  ? 400
                  : w === 'nobody'
                    ? 404
                    : 201;
          return {
            label: `${w}: ${status}`,
            method: 'POST',
            headers: { ...headers, ...JSON_HEADERS, ...auth },
            body: text,
            expect: [status],
          };
        });
      const report = await fuzzEndpoint({
        handler: verification,
        path: '/api/provider/verification-requests',
        sql,
        tables: ['provider_verification_requests'],
        numRuns: RUNS,
        cases,
        onSuccess: async (res, sent) => {
          const { request } = (await res.json()) as {
            request: { id: string; documents_submitted: string[] };
          };
          const input = verificationRequestSchema.parse(JSON.parse(String(sent.body)));
          const [row] = await sql<{ provider_id: string; status: string; documents_submitted: string[] }[]>`
            select provider_id, status, documents_submitted from provider_verification_requests where id = ${request.id}`;
          expect(row).toEqual({
            provider_id: ownerProvider,
            status: 'pending',
            documents_submitted: input.documents,
          });
          const [p] = await sql<{ verification_status: string }[]>`
            select verification_status from providers where id = ${ownerProvider}`;
          expect(p?.verification_status).toBe('pending');
          // Start over, so the next valid body is a first request again.
          await sql`delete from provider_verification_requests where id = ${request.id}`;
          await sql`update providers set verification_status = 'unverified' where id = ${ownerProvider}`;
        },
      });
      expectCovered(report, [201, 400, 401, 404, 405]);
    },
    TIMEOUT,
  );
});
