/**
 * PATCH /api/provider/profile (profile fields and contact settings) against the local backend,
 * and what the contact settings change: the `inquiry` e-mail about a program published from the
 * provider's listing goes to its inquiry address (else its profile address), the family's
 * confirmation shows its inquiry phone, and nothing about the provider reaches the response.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import inquiries from '../../netlify/functions/inquiries.mts';
import me from '../../netlify/functions/me.mts';
import dashboard from '../../netlify/functions/provider-dashboard.mts';
import profile from '../../netlify/functions/provider-profile.mts';
import providers from '../../netlify/functions/providers.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { env } from '../../netlify/functions/_shared/env.ts';
import { programIndex } from '../../netlify/functions/_shared/programs.ts';
import { PROVIDER_COLUMNS } from '../../netlify/functions/_shared/provider-profile.ts';
import { PROVIDER_MESSAGES } from '../../src/lib/provider-schemas.ts';
import {
  REQUIRED_HEADERS,
  adminSql,
  body,
  confirmedUser,
  ctx,
  jsonRequest,
  outboxFor,
  type ApiError,
  type TestUser,
} from './helpers.ts';
import {
  NO_PROFILE,
  type DashboardResponse,
  type ProviderProfileResponse,
  type ProviderResponse,
} from '../../src/api/contracts/providers.ts';

/** The program files' index, as the functions load it. */
const files = await programIndex();

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const patch = (token: string | undefined, payload: unknown, type = 'application/json') =>
  profile(
    new Request('http://localhost/api/provider/profile', {
      method: 'PATCH',
      headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: typeof payload === 'string' ? payload : JSON.stringify(payload),
    }),
    ctx(),
  );

async function register(user: TestUser, label: string): Promise<string> {
  const res = await providers(
    jsonRequest(
      '/api/providers',
      { organization_name: `${label} House`, contact_name: label, email: user.email, phone: '555-010-0123' },
      { headers: { authorization: `Bearer ${user.token}` } },
    ),
    ctx(),
  );
  expect(res.status).toBe(201);
  return (await body<ProviderResponse>(res)).provider.id;
}

let owner: TestUser;
let other: TestUser;
let nobody: TestUser;
let ownerProvider = '';
let otherProvider = '';

const row = async (id: string) =>
  (await sql<Record<string, unknown>[]>`select * from providers where id = ${id}`)[0] ?? {};

beforeAll(async () => {
  [owner, other, nobody] = await Promise.all([
    confirmedUser('profile-owner', 'profile-pass-1'),
    confirmedUser('profile-other', 'profile-pass-1'),
    confirmedUser('profile-nobody', 'profile-pass-1'),
  ]);
  ownerProvider = await register(owner, 'Owner');
  otherProvider = await register(other, 'Other');
});

describe('PATCH /api/provider/profile', () => {
  it('401 without a token; 404 without a provider profile; nothing changed', async () => {
    const before = await sql`select * from providers order by id`;
    const res = await patch(undefined, { inquiry_email: 'x@example.org' });
    expect(res.status).toBe(401);
    const none = await patch(nobody.token, { inquiry_email: 'x@example.org' });
    expect(none.status).toBe(404);
    expect((await body<ApiError>(none)).error).toEqual({ code: 'not_found', message: NO_PROFILE });
    expect(await sql`select * from providers order by id`).toEqual(before);
  });

  it('200: sets the contact settings of the caller only, and changes nothing it was not sent', async () => {
    const before = await row(ownerProvider);
    const theirs = await row(otherProvider);
    const res = await patch(owner.token, {
      inquiry_email: ' intake@owner.example ',
      inquiry_phone: '(555) 010-0188',
    });
    expect(res.status).toBe(200);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    const { provider } = await body<ProviderProfileResponse>(res);
    expect(Object.keys(provider).sort()).toEqual([...PROVIDER_COLUMNS].sort());
    expect(provider).toMatchObject({
      id: ownerProvider,
      inquiry_email: 'intake@owner.example',
      inquiry_phone: '(555) 010-0188',
      organization_name: 'Owner House',
      phone: '555-010-0123',
    });
    const after = await row(ownerProvider);
    expect(after).toMatchObject({ inquiry_email: 'intake@owner.example', inquiry_phone: '(555) 010-0188' });
    expect({ ...after, inquiry_email: null, inquiry_phone: null, updated_at: null }).toEqual({
      ...before,
      updated_at: null,
    });
    expect(await row(otherProvider)).toEqual(theirs);
  });

  it('200: edits the profile fields; null or blank clears an optional one', async () => {
    const res = await patch(owner.token, {
      organization_name: ' Owner Residence ',
      website: 'https://owner.example',
      description: 'Line one.\nLine two.',
      location: 'Bend',
      state: 'Oregon',
      phone: null,
      inquiry_phone: '',
    });
    expect(res.status).toBe(200);
    const { provider } = await body<ProviderProfileResponse>(res);
    expect(provider).toMatchObject({
      organization_name: 'Owner Residence',
      website: 'https://owner.example',
      description: 'Line one.\nLine two.',
      phone: null,
      inquiry_phone: null,
      inquiry_email: 'intake@owner.example',
    });
  });

  it.each([
    ['an empty body', {}, PROVIDER_MESSAGES.nothingToUpdate],
    ['an invalid inquiry e-mail', { inquiry_email: 'intake@' }, PROVIDER_MESSAGES.invalidEmail],
    ['an inquiry phone without digits', { inquiry_phone: 'call us' }, PROVIDER_MESSAGES.invalidPhone],
    ['a blank organization name', { organization_name: '  ' }, PROVIDER_MESSAGES.organizationMissing],
    ['a cleared e-mail', { email: '' }, PROVIDER_MESSAGES.emailMissing],
    ['a website that is not http(s)', { website: 'ftp://x.example' }, PROVIDER_MESSAGES.invalidWebsite],
  ])('400 for %s, nothing changed', async (_label, payload, message) => {
    const before = await row(ownerProvider);
    const res = await patch(owner.token, payload);
    expect(res.status).toBe(400);
    const { error } = await body<ApiError>(res);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(message);
    expect(await row(ownerProvider)).toEqual(before);
  });

  it.each([
    ['verification_status', 'verified'],
    ['subscription_plan', 'pro'],
    ['trial_ends_at', '2099-01-01'],
    ['user_id', randomUUID()],
    ['id', randomUUID()],
  ])('400 for a protected field (%s), nothing changed', async (key, value) => {
    const before = await row(ownerProvider);
    const res = await patch(owner.token, { inquiry_email: 'x@example.org', [key]: value });
    expect(res.status).toBe(400);
    expect(await row(ownerProvider)).toEqual(before);
  });

  it('415 for a body that is not JSON; 405 for other methods', async () => {
    expect(
      (await patch(owner.token, 'inquiry_email=x%40example.org', 'application/x-www-form-urlencoded')).status,
    ).toBe(415);
    const res = await profile(
      new Request('http://localhost/api/provider/profile', {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.token}` },
      }),
      ctx(),
    );
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('PATCH');
  });

  it('/api/me and the dashboard show the contact settings', async () => {
    const auth = { authorization: `Bearer ${owner.token}` };
    const mine = await body<{ provider: Record<string, unknown> }>(
      await me(new Request('http://localhost/api/me', { headers: auth }), ctx()),
    );
    expect(mine.provider).toMatchObject({ inquiry_email: 'intake@owner.example', inquiry_phone: null });
    const dash = await body<DashboardResponse>(
      await dashboard(new Request('http://localhost/api/provider/dashboard', { headers: auth }), ctx()),
    );
    expect(dash.provider.inquiry_email).toBe('intake@owner.example');
  });
});

describe("inquiries about a program published from the provider's listing", () => {
  // A directory program no other test file sends inquiries to.
  const PROGRAM = 'granite-pines-ocd-lodge';
  let listingId = '';

  beforeAll(async () => {
    expect(files.find(PROGRAM)).toBeDefined();
    // Complete: an approved listing must be publishable (migration 20261125000300).
    const [listing] = await sql<{ id: string }[]>`
      insert into provider_listings (provider_id, center_name, description, phone, status, published_program_id,
        address, city, state, zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance)
      values (${ownerProvider}, 'Granite Pines', 'Published.', '555-010-0144', 'approved', ${PROGRAM},
        '1 Granite Road', 'Concord', 'NH', '03301', ${['Adults']}, 'Co-ed', 'Residential', '30-60 days',
        ${['ERP']}, ${['Private Pay']})
      returning id`;
    listingId = listing?.id ?? '';
  });
  afterAll(async () => {
    await sql`delete from provider_listings where id = ${listingId}`;
  });

  async function send(name: string): Promise<{ res: Response; family: string }> {
    const family = `family-${randomUUID().slice(0, 8)}@example.com`;
    const res = await inquiries(
      jsonRequest('/api/inquiries', {
        program_id: PROGRAM,
        type: 'info',
        name,
        email: family,
        message: 'Hello',
      }),
      ctx(),
    );
    return { res, family };
  }

  it("goes to the provider's inquiry address; the confirmation shows the phone the profile shows", async () => {
    await patch(owner.token, { inquiry_email: 'intake@owner.example', inquiry_phone: '(555) 010-0177' });
    const name = `Routed ${randomUUID().slice(0, 6)}`;
    const { res, family } = await send(name);
    expect(res.status).toBe(201);
    const answer = await body<Record<string, unknown>>(res);
    expect(Object.keys(answer).sort()).toEqual(['id', 'routed']);
    expect(answer['routed']).toBe('program');
    expect(JSON.stringify(answer)).not.toContain('owner.example');

    const mails = (await outboxFor('intake@owner.example')).filter((m) => m.text.includes(name));
    expect(mails).toHaveLength(1);
    const program = files.find(PROGRAM);
    if (program?.email)
      expect((await outboxFor(program.email)).filter((m) => m.text.includes(name))).toEqual([]);
    // One admissions phone per program (src/lib/admissions-phone.ts): the profile's, never the
    // provider's old inquiry phone setting nor an unpublished number.
    const [confirmation] = await outboxFor(family);
    const shown = program?.phone ?? '';
    expect(shown).toMatch(/^\(555\) 010-\d{4}$/);
    expect(confirmation?.text).toContain(`at ${shown}.`);
    expect(confirmation?.text).not.toContain('(555) 010-0177');
    expect(confirmation?.text).not.toContain('010-0144');

    const [stored] = await sql`select provider_id from provider_inquiries where id = ${String(answer['id'])}`;
    expect(stored?.['provider_id']).toBe(ownerProvider);
  });

  it("without an inquiry address, goes to the provider's profile e-mail", async () => {
    await patch(owner.token, { inquiry_email: null, inquiry_phone: null });
    const name = `Fallback ${randomUUID().slice(0, 6)}`;
    const { res, family } = await send(name);
    expect(res.status).toBe(201);
    expect((await outboxFor(owner.email)).filter((m) => m.text.includes(name))).toHaveLength(1);
    expect((await outboxFor('intake@owner.example')).filter((m) => m.text.includes(name))).toEqual([]);
    const [confirmation] = await outboxFor(family);
    expect(confirmation?.text).not.toContain('(555) 010-0177');
    expect(confirmation?.text).toContain(`at ${files.find(PROGRAM)?.phone ?? '?'}.`);
  });

  it("once the listing is no longer published, the program's own address gets it again", async () => {
    await patch(owner.token, { inquiry_email: 'intake@owner.example' });
    // Taken down (an edit waiting for review would not change where requests go).
    await sql`update listing_publications set state = 'unpublished', state_reason = 'Closed' where listing_id = ${listingId}`;
    const name = `Unpublished ${randomUUID().slice(0, 6)}`;
    const { res } = await send(name);
    expect(res.status).toBe(201);
    expect((await outboxFor('intake@owner.example')).filter((m) => m.text.includes(name))).toEqual([]);
    const program = files.find(PROGRAM);
    const to = program?.email ?? env().SITE_INBOX_EMAIL;
    expect((await outboxFor(to)).filter((m) => m.text.includes(name))).toHaveLength(1);
  });
});
