/**
 * "Report an error" through the API (netlify/functions/listing-reports.mts) against the local
 * backend: a family's report is stored (201) for a program file or a published listing, with the
 * listing and provider derived by the database; an unknown program is a 404 with its message;
 * bad input is a 400 per field and stores nothing; administrators list (with the address and the
 * program's page) and resolve reports (409 the second time); the provider reads the reports on
 * its own listings only (never the address); everyone else gets 401/403/404.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reports, { config, PER_EMAIL } from '../../netlify/functions/listing-reports.mts';
import providers from '../../netlify/functions/providers.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { forgetPublishedListings } from '../../netlify/functions/_shared/programs.ts';
import { ADMIN_MESSAGES } from '../../src/api/contracts/admin.ts';
import { NO_PROFILE, type ProviderResponse } from '../../src/api/contracts/providers.ts';
import {
  REPORT_MESSAGES as M,
  type AdminReportResponse,
  type AdminReportsResponse,
  type ProviderReportsResponse,
  type ReportResponse,
} from '../../src/api/contracts/reports.ts';
import { uniqueIp } from './fuzz.ts';
import {
  REQUIRED_HEADERS,
  SEED,
  adminSql,
  body,
  confirmedUser,
  ctx as ctxAt,
  signIn,
  type ApiError,
  type TestUser,
} from './helpers.ts';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

/** The seed's demo provider, whose approved listing is published as the test program's id. */
const DEMO_PROVIDER = '44444444-4444-4444-8444-444444444444';
const DEMO_LISTING = '55555555-5555-4555-8555-555555555555';
const DEMO_PROGRAM = 'test-program-001';
/** A program file with no listing behind it: only administrators read its reports. */
const FILE_PROGRAM = 'silver-creek-ranch';
/** The seed's demo administrator. */
const ADMIN_USER_ID = '11111111-1111-4111-8111-111111111111';

/** Calls the function the way Netlify routes it (`config.path`), from a fresh IP unless given. */
function call(
  method: string,
  path: string,
  options: { token?: string; payload?: unknown; raw?: string; type?: string; ip?: string } = {},
): Promise<Response> {
  const url = `http://localhost${path}`;
  let params: Record<string, string> = {};
  for (const pathname of ([] as string[]).concat(config.path ?? [])) {
    const match = new URLPattern({ pathname }).exec(url);
    if (match) {
      params = Object.fromEntries(
        Object.entries(match.pathname.groups).filter((e): e is [string, string] => e[1] !== undefined),
      );
      break;
    }
  }
  const headers: Record<string, string> = {};
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  const payload =
    options.raw ?? (options.payload === undefined ? undefined : JSON.stringify(options.payload));
  if (payload !== undefined) headers['content-type'] = options.type ?? 'application/json';
  const req = new Request(url, { method, headers, ...(payload === undefined ? {} : { body: payload }) });
  return reports(req, { ...ctxAt(options.ip ?? uniqueIp()), params });
}

const send = (payload: unknown, options: { token?: string; ip?: string } = {}) =>
  call('POST', '/api/reports', { ...options, payload });

/** A report text no other test sends (so rows can be found by it). */
const what = (label = 'phone') => `The ${label} on this page is out of date (${randomUUID()}).`;

async function stored(text: string) {
  return sql<
    {
      program_id: string;
      listing_id: string | null;
      provider_id: string | null;
      email: string | null;
      status: string;
    }[]
  >`select program_id, listing_id, provider_id, email, status from listing_reports where what = ${text}`;
}

let adminToken = '';
let providerToken = '';
let family: TestUser;
let otherProvider: TestUser;

beforeAll(async () => {
  [adminToken, providerToken, family, otherProvider] = await Promise.all([
    signIn(SEED.admin.email, SEED.admin.password),
    signIn(SEED.provider.email, SEED.provider.password),
    confirmedUser('report-family', 'report-test-pass-1'),
    confirmedUser('report-other-provider', 'report-test-pass-1'),
  ]);
  const res = await providers(
    new Request('http://localhost/api/providers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${otherProvider.token}` },
      body: JSON.stringify({
        organization_name: 'Other Report Provider',
        contact_name: 'Olive',
        email: otherProvider.email,
      }),
    }),
    ctxAt(uniqueIp()),
  );
  expect(res.status).toBe(201);
  expect((await body<ProviderResponse>(res)).provider.id).toBeTruthy();
});

describe('POST /api/reports', () => {
  it('stores a report on a published listing’s program: 201, the listing and provider derived', async () => {
    const text = what();
    const res = await send({ program_id: DEMO_PROGRAM, what: text, email: ' dana@example.com ' });
    expect(res.status).toBe(201);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    const answer = await body<ReportResponse>(res);
    expect(answer).toEqual({
      id: expect.any(String) as string,
      outcome: 'stored',
      message: null,
      program_sees_it: true,
    });
    expect(await stored(text)).toEqual([
      {
        program_id: DEMO_PROGRAM,
        listing_id: DEMO_LISTING,
        provider_id: DEMO_PROVIDER,
        email: 'dana@example.com',
        status: 'open',
      },
    ]);
  });

  it('stores a report on a program file without an e-mail: nobody but the site team reads it', async () => {
    const text = what('insurance');
    const res = await send({ program_id: FILE_PROGRAM, what: `  ${text}\n` });
    expect(res.status).toBe(201);
    expect((await body<ReportResponse>(res)).program_sees_it).toBe(false);
    expect(await stored(text)).toEqual([
      { program_id: FILE_PROGRAM, listing_id: null, provider_id: null, email: null, status: 'open' },
    ]);
  });

  it('accepts a signed-in family, a blank or null e-mail, and a stale token alike (reports name nobody)', async () => {
    for (const [email, token] of [
      ['', family.token],
      [null, undefined],
      ['   ', 'not-a-token'],
    ] as const) {
      const text = what('age groups');
      const res = await send(
        { program_id: FILE_PROGRAM, what: text, email },
        token === undefined ? {} : { token },
      );
      expect(res.status).toBe(201);
      expect((await stored(text))[0]?.email).toBeNull();
    }
  });

  it('404 in words for a program that is not in the directory; nothing stored', async () => {
    const text = what();
    const res = await send({ program_id: 'no-such-program', what: text });
    expect(res.status).toBe(404);
    const { error } = await body<ApiError>(res);
    expect(error).toEqual({ code: 'not_found', message: M.unknownProgram });
    expect(await stored(text)).toEqual([]);
  });

  const INVALID: [string, Record<string, unknown>, Record<string, string>][] = [
    ['no text', { program_id: FILE_PROGRAM }, { what: M.whatMissing }],
    ['blank text', { program_id: FILE_PROGRAM, what: '   \n ' }, { what: M.whatMissing }],
    ['invisible text only', { program_id: FILE_PROGRAM, what: '\u200b'.repeat(12) }, { what: M.whatMissing }],
    ['text that is not text', { program_id: FILE_PROGRAM, what: 42 }, { what: M.whatType }],
    ['9 characters', { program_id: FILE_PROGRAM, what: '  Wrong nb  ' }, { what: M.whatTooShort }],
    ['2001 characters', { program_id: FILE_PROGRAM, what: 'x'.repeat(2001) }, { what: M.whatTooLong }],
    [
      'a control character',
      { program_id: FILE_PROGRAM, what: 'Wrong phone\u0000 number' },
      { what: M.whatControl },
    ],
    [
      'a direction override',
      { program_id: FILE_PROGRAM, what: 'Wrong phone \u202enumber' },
      { what: M.whatBidi },
    ],
    [
      'a lone surrogate',
      { program_id: FILE_PROGRAM, what: 'Wrong phone \ud800 number' },
      { what: M.whatUnicode },
    ],
    [
      'an invalid e-mail',
      { program_id: FILE_PROGRAM, what: what(), email: 'dana@' },
      { email: M.emailInvalid },
    ],
    [
      'two addresses',
      { program_id: FILE_PROGRAM, what: what(), email: 'a@b.co,c@d.co' },
      { email: M.emailInvalid },
    ],
    [
      'an e-mail that is not text',
      { program_id: FILE_PROGRAM, what: what(), email: 7 },
      { email: M.emailType },
    ],
    ['a bad program id', { program_id: '../etc/passwd', what: what() }, { program_id: M.programId }],
    ['no program id', { what: what() }, { program_id: M.programId }],
    [
      'an unknown key',
      { program_id: FILE_PROGRAM, what: what(), provider_id: DEMO_PROVIDER },
      { _: expect.any(String) as string },
    ],
    [
      'two problems',
      { program_id: FILE_PROGRAM, what: 'short', email: 'x' },
      { what: M.whatTooShort, email: M.emailInvalid },
    ],
  ];

  it.each(INVALID)('400 for %s, one message per field; nothing stored', async (_, payload, fields) => {
    const before = await sql<{ n: number }[]>`select count(*)::int as n from listing_reports`;
    const res = await send(payload);
    expect(res.status).toBe(400);
    const { error } = await body<ApiError>(res);
    expect(error.code).toBe('invalid_input');
    expect(error.fields).toEqual(fields);
    const after = await sql<{ n: number }[]>`select count(*)::int as n from listing_reports`;
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('2000 characters of four-byte text fit (16 KB body limit); more bytes are a 413 in words', async () => {
    const ok = await send({ program_id: FILE_PROGRAM, what: `${'😀'.repeat(1964)}${randomUUID()}` });
    expect(ok.status).toBe(201);
    const big = await send({ program_id: FILE_PROGRAM, what: 'x'.repeat(17 * 1024) });
    expect(big.status).toBe(413);
    expect((await body<ApiError>(big)).error.message).toBe(M.tooLarge);
  });

  it.each([
    ['not JSON', '{"program_id":', 'application/json', 400],
    ['a JSON array', '[1,2]', 'application/json', 400],
    ['a form post', 'program_id=mclean&what=Wrong+phone+number', 'application/x-www-form-urlencoded', 415],
  ])('refuses %s', async (_, raw, type, status) => {
    const res = await call('POST', '/api/reports', { raw, type });
    expect(res.status).toBe(status);
    expect((await body<ApiError>(res)).error.message).toBeTruthy();
  });

  it('405 for other methods', async () => {
    const res = await call('GET', '/api/reports');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('429 in words after 5 reports a minute from one IP, and after 5 an hour from one address', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await send({ program_id: FILE_PROGRAM, what: what() }, { ip })).status);
    // One open report per reporter and program: the next four are "already reported" (200),
    // and still count against the address's limit.
    expect(statuses).toEqual([201, 200, 200, 200, 200, 429]);
    const last = await send({ program_id: FILE_PROGRAM, what: what() }, { ip });
    expect((await body<ApiError>(last)).error.message).toBe(M.tooMany);

    // Below the program's cap of open reports, so that only the address's limit refuses.
    await sql`update listing_reports set status = 'resolved' where program_id = ${FILE_PROGRAM} and status = 'open'`;
    const email = `limit-${randomUUID()}@example.com`;
    const byAddress: number[] = [];
    for (let i = 0; i <= PER_EMAIL.windowLimit; i += 1)
      byAddress.push((await send({ program_id: FILE_PROGRAM, what: what(), email })).status);
    expect(byAddress).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await send({ program_id: FILE_PROGRAM, what: what(), email: email.toUpperCase() });
    expect((await body<ApiError>(refused)).error.message).toBe(M.tooManyFromAddress);
  });
});

describe('a program published only from a listing', () => {
  const programId = `report-listing-${randomUUID().slice(0, 8)}`;
  let listingId = '';
  beforeAll(async () => {
    const [row] = await sql<{ id: string }[]>`
      insert into provider_listings (provider_id, center_name, description, phone, status, published_program_id,
        address, city, state, zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance)
      values (${DEMO_PROVIDER}, 'Report Test Residence', 'A residential OCD program.', '555-010-0123', 'approved',
        ${programId}, '1 Main Street', 'Belmont', 'MA', '02478', ${['Adults']}, 'Co-ed', 'Residential',
        '45-60 days', ${['ERP']}, ${['Private Pay']})
      returning id`;
    listingId = row?.id ?? '';
    forgetPublishedListings();
  });
  afterAll(async () => {
    await sql`delete from listing_reports where program_id = ${programId}`;
    await sql`delete from provider_listings where id = ${listingId}`;
  });

  it('is reported like any program; the admin list names it and links its page', async () => {
    const text = what('website');
    const res = await send({ program_id: programId, what: text });
    expect(res.status).toBe(201);
    expect((await body<ReportResponse>(res)).program_sees_it).toBe(true);
    const list = await call('GET', '/api/admin/reports?status=open', { token: adminToken });
    const report = (await body<AdminReportsResponse>(list)).reports.find((r) => r.what === text);
    expect(report?.program).toEqual({
      id: programId,
      name: 'Report Test Residence',
      path: `/program/${programId}`,
    });
    expect(report?.listing).toEqual({ id: listingId, center_name: 'Report Test Residence' });
  });
});

describe('GET and PATCH /api/admin/reports', () => {
  let listingReport = '';
  let fileReport = '';
  const listingText = what('admissions email');
  const fileText = what('length of stay');

  beforeAll(async () => {
    // Room below each program's cap of open reports (other tests report on them too).
    await sql`update listing_reports set status = 'resolved' where program_id in (${DEMO_PROGRAM}, 'mclean') and status = 'open'`;
    const a = await send({ program_id: DEMO_PROGRAM, what: listingText, email: 'parent@example.com' });
    const b = await send({ program_id: 'mclean', what: fileText });
    listingReport = (await body<ReportResponse>(a)).id ?? '';
    fileReport = (await body<ReportResponse>(b)).id ?? '';
  });

  it('lists reports with the program, its page, the listing, the provider and the address; open first', async () => {
    const res = await call('GET', '/api/admin/reports', { token: adminToken });
    expect(res.status).toBe(200);
    const { reports: list } = await body<AdminReportsResponse>(res);
    const byId = new Map(list.map((r) => [r.id, r]));
    expect(byId.get(listingReport)).toMatchObject({
      program_id: DEMO_PROGRAM,
      what: listingText,
      email: 'parent@example.com',
      status: 'open',
      resolved_at: null,
      resolution_note: null,
      program: { id: DEMO_PROGRAM, name: 'Test Program - DO NOT DISPLAY LIVE' },
      listing: { id: DEMO_LISTING, center_name: 'Harbor Demo Treatment Center' },
      provider: { id: DEMO_PROVIDER },
    });
    // McLean has a page of its own.
    expect(byId.get(fileReport)).toMatchObject({
      email: null,
      program: { id: 'mclean', path: '/mclean' },
      listing: null,
      provider: null,
    });
    const statuses = list.map((r) => r.status);
    expect(statuses).toEqual([...statuses].sort((x, y) => (x === y ? 0 : x === 'open' ? -1 : 1)));
    expect(Date.parse(byId.get(listingReport)?.created_at ?? '')).not.toBeNaN();
  });

  /** The report's revision, as the admin list answers it. */
  const revisionOf = async (id: string): Promise<number> => {
    const { reports: list } = await body<AdminReportsResponse>(
      await call('GET', '/api/admin/reports', { token: adminToken }),
    );
    const report = list.find((r) => r.id === id);
    if (!report) throw new Error(`report ${id} not in the list`);
    return report.revision;
  };

  it('resolves a report with a note (date stamped), then 409 the second time', async () => {
    const revision = await revisionOf(listingReport);
    expect(revision).toBeGreaterThan(0);
    const res = await call('PATCH', `/api/admin/reports/${listingReport}`, {
      token: adminToken,
      payload: { status: 'resolved', note: '  Phone number corrected with the program.  ', revision },
    });
    expect(res.status).toBe(200);
    const { report } = await body<AdminReportResponse>(res);
    expect(report).toMatchObject({
      id: listingReport,
      status: 'resolved',
      resolution_note: 'Phone number corrected with the program.',
    });
    expect(Date.parse(report.resolved_at ?? '')).not.toBeNaN();
    const [row] = await sql`select resolved_by from listing_reports where id = ${listingReport}`;
    expect(row?.resolved_by).toBe(ADMIN_USER_ID);

    expect(report.revision).toBeGreaterThan(revision);

    const again = await call('PATCH', `/api/admin/reports/${listingReport}`, {
      token: adminToken,
      payload: { status: 'resolved', revision: report.revision },
    });
    expect(again.status).toBe(409);
    expect((await body<ApiError>(again)).error.message).toBe(M.alreadyResolved);
  });

  it('409 with fields.revision when the report was resolved and reopened since it was read', async () => {
    const [created] = await sql<{ id: string; revision: number }[]>`
      insert into listing_reports (program_id, what) values ('mclean', ${what('reopened since read')})
      returning id, revision`;
    const id = created?.id ?? '';
    const read = await revisionOf(id);
    // Another administrator resolves it, and it is reopened (as Studio does).
    await sql`update listing_reports set status = 'resolved', resolution_note = 'Checked' where id = ${id}`;
    await sql`update listing_reports set status = 'open' where id = ${id}`;
    const res = await call('PATCH', `/api/admin/reports/${id}`, {
      token: adminToken,
      payload: { status: 'resolved', note: 'Closed on the old version', revision: read },
    });
    expect(res.status).toBe(409);
    expect((await body<ApiError>(res)).error).toMatchObject({
      message: M.reportChanged,
      fields: { revision: M.reportChanged },
    });
    // Nothing written: still open, with the other administrator's note.
    const [row] = await sql`select status, resolution_note from listing_reports where id = ${id}`;
    expect(row).toEqual({ status: 'open', resolution_note: 'Checked' });
    // The version now shown resolves it.
    const now = await revisionOf(id);
    expect(now).toBeGreaterThan(read);
    const ok = await call('PATCH', `/api/admin/reports/${id}`, {
      token: adminToken,
      payload: { status: 'resolved', revision: now },
    });
    expect(ok.status).toBe(200);
  });

  it('filters by status; another status is a 400 in words', async () => {
    const open = await body<AdminReportsResponse>(
      await call('GET', '/api/admin/reports?status=open', { token: adminToken }),
    );
    const resolved = await body<AdminReportsResponse>(
      await call('GET', '/api/admin/reports?status=resolved', { token: adminToken }),
    );
    expect(open.reports.every((r) => r.status === 'open')).toBe(true);
    expect(open.reports.some((r) => r.id === fileReport)).toBe(true);
    expect(resolved.reports.every((r) => r.status === 'resolved')).toBe(true);
    expect(resolved.reports.some((r) => r.id === listingReport)).toBe(true);
    const bad = await call('GET', '/api/admin/reports?status=closed', { token: adminToken });
    expect(bad.status).toBe(400);
    expect((await body<ApiError>(bad)).error.fields).toEqual({ status: M.statusFilter });
  });

  it.each([
    ['another status', { status: 'open', revision: 1 }, { status: M.resolveStatus }],
    ['no status', { note: 'x', revision: 1 }, { status: M.resolveStatus }],
    ['no revision', { status: 'resolved' }, { revision: M.revisionRequired }],
    [
      'a revision that is not a number',
      { status: 'resolved', revision: '7' },
      { revision: M.revisionRequired },
    ],
    ['a note too long', { status: 'resolved', note: 'n'.repeat(2001), revision: 1 }, { note: M.noteTooLong }],
    [
      'a note with a direction override',
      { status: 'resolved', note: 'Done \u202e', revision: 1 },
      { note: M.noteBidi },
    ],
    ['a note that is not text', { status: 'resolved', note: 5, revision: 1 }, { note: M.noteType }],
  ])('400 for %s; the report stays open', async (_, payload, fields) => {
    const res = await call('PATCH', `/api/admin/reports/${fileReport}`, { token: adminToken, payload });
    expect(res.status).toBe(400);
    expect((await body<ApiError>(res)).error.fields).toEqual(fields);
    const [row] = await sql`select status, resolution_note from listing_reports where id = ${fileReport}`;
    expect(row).toEqual({ status: 'open', resolution_note: null });
  });

  it('404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await call('PATCH', `/api/admin/reports/${id}`, {
        token: adminToken,
        payload: { status: 'resolved', revision: 1 },
      });
      expect(res.status).toBe(404);
      expect((await body<ApiError>(res)).error.message).toBe(M.reportNotFound);
    }
  });

  it.each([
    ['GET', '/api/admin/reports', undefined],
    ['PATCH', `/api/admin/reports/${randomUUID()}`, { status: 'resolved', revision: 1 }],
  ] as const)(
    '%s %s: 401 without a token, 403 for a family and a provider',
    async (method, path, payload) => {
      const anonymous = await call(method, path, { payload });
      expect(anonymous.status).toBe(401);
      for (const token of [family.token, providerToken, otherProvider.token]) {
        const res = await call(method, path, { token, payload });
        expect(res.status).toBe(403);
        expect((await body<ApiError>(res)).error.message).toBe(ADMIN_MESSAGES.notAdmin);
      }
      const [row] = await sql`select status from listing_reports where id = ${fileReport}`;
      expect(row?.status).toBe('open');
    },
  );
});

describe('GET /api/provider/reports', () => {
  const text = what('schooling');
  beforeAll(async () => {
    expect(
      (await send({ program_id: DEMO_PROGRAM, what: text, email: 'secret-parent@example.com' })).status,
    ).toBe(201);
    expect((await send({ program_id: FILE_PROGRAM, what: what('not theirs') })).status).toBe(201);
  });

  it('answers the reports on the caller’s listings, never the reporter’s address', async () => {
    const res = await call('GET', '/api/provider/reports', { token: providerToken });
    expect(res.status).toBe(200);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    const { reports: list } = await body<ProviderReportsResponse>(res);
    const mine = list.find((r) => r.what === text);
    expect(mine).toEqual({
      id: expect.any(String) as string,
      program_id: DEMO_PROGRAM,
      listing_id: DEMO_LISTING,
      center_name: 'Harbor Demo Treatment Center',
      what: text,
      created_at: expect.any(String) as string,
      status: 'open',
      resolved_at: null,
      resolution_note: null,
    });
    expect(list.every((r) => r.listing_id !== null && r.program_id !== FILE_PROGRAM)).toBe(true);
    expect(JSON.stringify(list)).not.toContain('secret-parent@example.com');
  });

  it('another provider sees none of them; a family has no provider profile (404); signed out is a 401', async () => {
    const other = await call('GET', '/api/provider/reports', { token: otherProvider.token });
    expect(other.status).toBe(200);
    expect((await body<ProviderReportsResponse>(other)).reports).toEqual([]);
    const fam = await call('GET', '/api/provider/reports', { token: family.token });
    expect(fam.status).toBe(404);
    expect((await body<ApiError>(fam)).error.message).toBe(NO_PROFILE);
    expect((await call('GET', '/api/provider/reports')).status).toBe(401);
    expect((await call('POST', '/api/provider/reports', { token: providerToken, payload: {} })).status).toBe(
      405,
    );
  });
});
