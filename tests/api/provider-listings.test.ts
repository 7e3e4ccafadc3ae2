/**
 * GET/POST /api/provider/listings and PUT /api/provider/listings/:id against the local backend:
 * no token, a user with no provider profile, another provider and the owner;
 * "Missing Required Information" with nothing stored; options and file references checked; every
 * ranged number (src/lib/listing-ranges.ts) and hostile values refused with field messages;
 * resubmitting a rejected (and an approved) listing; Save Draft (`draft: true`) on the server, and
 * a draft of a published listing leaving the published version as it was.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dashboard from '../../netlify/functions/provider-dashboard.mts';
import listings, { config } from '../../netlify/functions/provider-listings.mts';
import providers from '../../netlify/functions/providers.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { listingRangeMessage, OUTCOME_MESSAGES, PROVIDER_MESSAGES } from '../../src/lib/provider-schemas.ts';
import { LISTING_RANGES, rangeOf, type RangedField } from '../../src/lib/listing-ranges.ts';
import { listingSubmitErrors } from '../../src/lib/provider-rules.ts';
import { approvalNeedsMessage, publishingProblems } from '../../src/lib/listing/publish-rule.ts';
import {
  REQUIRED_HEADERS,
  adminSql,
  body,
  confirmedUser,
  ctx,
  type ApiError,
  type TestUser,
} from './helpers.ts';
import type { Listing, ListingResponse, ListingsResponse } from '../../src/api/contracts/listings.ts';
import {
  NO_PROFILE,
  type DashboardResponse,
  type ProviderResponse,
} from '../../src/api/contracts/providers.ts';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const PATTERNS = ([] as string[]).concat(config.path ?? []).map((pathname) => new URLPattern({ pathname }));

/** Calls the handler the way the router does: `context.params` from the matched `config.path`. */
function call(method: string, path: string, token?: string, payload?: unknown): Promise<Response> {
  const url = `http://localhost${path}`;
  const match = PATTERNS.map((p) => p.exec(url)).find((m) => m !== null);
  if (!match) throw new Error(`not routed: ${path}`);
  const params = Object.fromEntries(
    Object.entries(match.pathname.groups).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const req = new Request(url, {
    method,
    headers,
    ...(payload === undefined
      ? {}
      : { body: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
  return listings(req, { ...ctx(), params });
}

async function register(user: TestUser, label: string): Promise<string> {
  const res = await providers(
    new Request('http://localhost/api/providers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ organization_name: `${label} House`, contact_name: label, email: user.email }),
    }),
    ctx(),
  );
  expect(res.status).toBe(201);
  return (await body<ProviderResponse>(res)).provider.id;
}

/** A complete listing body (every builder field). */
const FULL = {
  center_name: '  Pine Hollow OCD Residence ',
  description: 'A 12-bed residential program for adults with OCD.\nDaily ERP.',
  phone: ' (555) 010-0199 ',
  email: 'admissions@pine-hollow.example.org',
  website: 'https://pine-hollow.example.org',
  address: '100 Example Road',
  city: 'Bend',
  state: 'Oregon',
  zip_code: '97701',
  age_groups: ['Adults', 'Young Adults', 'Adults'],
  gender_specific: 'Co-ed',
  setting: 'Residential',
  capacity: 12,
  avg_length: '45-90 days',
  modalities: ['ERP', 'CBT', 'ACT'],
  staff_ratio: '1:3',
  medical_support: '24/7 nursing',
  insurance: ['Out-of-Network', 'Private Pay'],
  financial_aid: 'Sliding scale',
  logo_url: null,
  images: ['https://pine-hollow.example.org/house.jpg'],
  accreditations: ['JCAHO', 'State Licensed'],
  license_url: null,
};
/** The least a submission may hold: what approval needs (src/lib/listing/publish-rule.ts). */
const MINIMAL = {
  center_name: 'Minimal Center',
  description: 'Short.',
  phone: '555-010-0100',
  address: '1 Main Street',
  city: 'Bend',
  state: 'OR',
  zip_code: '97701',
  age_groups: ['Adults'],
  gender_specific: 'Co-ed',
  setting: 'Residential',
  avg_length: '30-60 days',
  modalities: ['ERP'],
  insurance: ['Private Pay'],
};

let owner: TestUser;
let other: TestUser;
let nobody: TestUser;
let ownerProvider = '';
let otherProvider = '';
let otherListing = '';

const countListings = async (providerId: string): Promise<number> =>
  Number(
    (
      await sql<
        { n: string }[]
      >`select count(*) as n from provider_listings where provider_id = ${providerId}`
    )[0]?.n,
  );

beforeAll(async () => {
  [owner, other, nobody] = await Promise.all([
    confirmedUser('listings-owner', 'listings-pass-1'),
    confirmedUser('listings-other', 'listings-pass-1'),
    confirmedUser('listings-nobody', 'listings-pass-1'),
  ]);
  ownerProvider = await register(owner, 'Owner');
  otherProvider = await register(other, 'Other');
  const [row] = await sql<{ id: string }[]>`
    insert into provider_listings (provider_id, center_name, description, phone, status)
    values (${otherProvider}, 'Other Center', 'Theirs.', '555-010-0111', 'pending') returning id`;
  otherListing = row?.id ?? '';
});

describe('POST /api/provider/listings', () => {
  it('401 without a token, nothing stored', async () => {
    const res = await call('POST', '/api/provider/listings', undefined, FULL);
    expect(res.status).toBe(401);
    expect((await body<ApiError>(res)).error.code).toBe('unauthorized');
  });

  it('404 "Provider not found" for a user with no provider profile, nothing stored', async () => {
    const before = await sql`select count(*) from provider_listings`;
    const res = await call('POST', '/api/provider/listings', nobody.token, FULL);
    expect(res.status).toBe(404);
    expect((await body<ApiError>(res)).error).toEqual({
      code: 'not_found',
      message: PROVIDER_MESSAGES.providerNotFound,
    });
    expect(await sql`select count(*) from provider_listings`).toEqual(before);
  });

  it.each([
    ['no center name', { description: 'x', phone: '5550100100' }, 'center_name'],
    ['a blank description', { ...MINIMAL, description: ' \u200b ' }, 'description'],
    ['no phone', { center_name: 'A', description: 'B' }, 'phone'],
    ['a null phone', { ...MINIMAL, phone: null }, 'phone'],
    ['an empty body', {}, 'center_name'],
  ])('%s → 400 "Missing Required Information", nothing stored', async (_label, payload, field) => {
    const before = await countListings(ownerProvider);
    const res = await call('POST', '/api/provider/listings', owner.token, payload);
    expect(res.status).toBe(400);
    const { error } = await body<ApiError>(res);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(
      'Missing Required Information: Please fill in the center name, description and phone number before submitting.',
    );
    expect(error.fields?.[field]).toBe(error.message);
    expect(await countListings(ownerProvider)).toBe(before);
  });

  it('the schema and the listing builder rule agree on what is required', () => {
    const draft = { centerName: 'A', description: ' ', phone: '555' };
    expect(listingSubmitErrors(draft)).toHaveLength(1);
    expect(`${listingSubmitErrors(draft)[0]?.title}: ${listingSubmitErrors(draft)[0]?.description}`).toBe(
      PROVIDER_MESSAGES.listingMissing,
    );
  });

  it.each([
    ['an age group not in the vocabulary', { age_groups: ['Seniors'] }, 'age_groups.0'],
    ['a setting not in the vocabulary', { setting: 'Hotel' }, 'setting'],
    ['a modality not in the vocabulary', { modalities: ['EMDR'] }, 'modalities.0'],
    ['an accreditation not in the vocabulary', { accreditations: ['ISO'] }, 'accreditations.0'],
    ['a gender option not in the vocabulary', { gender_specific: 'Teens-only' }, 'gender_specific'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'email'],
    ['a website that is not http(s)', { website: 'javascript:alert(1)' }, 'website'],
    ['a bad ZIP code', { zip_code: '1234' }, 'zip_code'],
    ['a capacity of 0', { capacity: 0 }, 'capacity'],
    ['a status (set by the server)', { status: 'approved' }, '_'],
    ['a provider id (set by the server)', { provider_id: randomUUID() }, '_'],
    ['a logo that is an outside URL', { logo_url: 'https://evil.example/logo.png' }, 'logo_url'],
    ['21 images', { images: Array.from({ length: 21 }, (_, i) => `https://a.example/${i}.png`) }, 'images'],
  ])('%s → 400, nothing stored', async (_label, extra, field) => {
    const before = await countListings(ownerProvider);
    const res = await call('POST', '/api/provider/listings', owner.token, { ...MINIMAL, ...extra });
    expect(res.status).toBe(400);
    const { error } = await body<ApiError>(res);
    expect(error.code).toBe('invalid_input');
    expect(Object.keys(error.fields ?? {})).toContain(field);
    expect(await countListings(ownerProvider)).toBe(before);
  });

  it('201: a complete listing is stored as pending, cleaned, and answered without reviewed_by', async () => {
    const res = await call('POST', '/api/provider/listings', owner.token, FULL);
    expect(res.status).toBe(201);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    const { listing } = await body<ListingResponse>(res);
    expect(listing).toMatchObject({
      provider_id: ownerProvider,
      center_name: 'Pine Hollow OCD Residence',
      phone: '(555) 010-0199',
      age_groups: ['Adults', 'Young Adults'],
      capacity: 12,
      status: 'pending',
      reviewer_notes: null,
      reviewed_at: null,
      published_program_id: null,
    });
    expect(listing).not.toHaveProperty('reviewed_by');
    expect(listing.submitted_at).not.toBeNull();
    const [row] = await sql<
      Record<string, unknown>[]
    >`select * from provider_listings where id = ${listing.id}`;
    expect(row).toMatchObject({
      status: 'pending',
      center_name: 'Pine Hollow OCD Residence',
      modalities: ['ERP', 'CBT', 'ACT'],
    });
  });

  it('201: only what approval needs; the rest stored empty', async () => {
    const res = await call('POST', '/api/provider/listings', owner.token, MINIMAL);
    expect(res.status).toBe(201);
    const { listing } = await body<ListingResponse>(res);
    expect(listing).toMatchObject({ ...MINIMAL, email: null, images: [], logo_url: null, capacity: null });
  });

  it('400 naming what approval needs for a submission it could not publish; a draft of it is kept', async () => {
    const before = await countListings(ownerProvider);
    const thin = { center_name: 'Thin Center', description: 'Short.', phone: '555-010-0100' };
    const res = await call('POST', '/api/provider/listings', owner.token, thin);
    expect(res.status).toBe(400);
    const { error } = await body<ApiError>(res);
    const problems = publishingProblems(thin);
    expect(Object.keys(problems)).toEqual([
      'address',
      'city',
      'state',
      'zip_code',
      'age_groups',
      'gender_specific',
      'setting',
      'avg_length',
      'modalities',
      'insurance',
    ]);
    expect(error.message).toBe(approvalNeedsMessage(problems));
    expect(error.fields).toEqual(problems);
    expect(await countListings(ownerProvider)).toBe(before);
    const draft = await call('POST', '/api/provider/listings', owner.token, { ...thin, draft: true });
    expect(draft.status).toBe(201);
    expect(await countListings(ownerProvider)).toBe(before + 1);
  });

  it('415 for a body that is not JSON, 405 for another method', async () => {
    const res = await listings(
      new Request('http://localhost/api/provider/listings', {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/plain' },
        body: JSON.stringify(MINIMAL),
      }),
      ctx(),
    );
    expect(res.status).toBe(415);
    const wrong = await call('DELETE', '/api/provider/listings', owner.token);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, POST');
  });
});

/** Every treatment-fidelity and youth-safety field. */
const FACTS = {
  erp_hours_per_week: 12.5,
  individual_sessions_per_week: 3,
  specialised_clinicians_percent: 80,
  outcome_measure: 'CY-BOCS',
  score_direction: 'fell',
  score_points: 11.5,
  score_change_year: 2025,
  score_change_sample: 48,
  family_sessions_per_week: 1,
  family_accommodation_work: true,
  license_number: ' 12345 ',
  license_agency: 'Oregon Department of Human Services',
  restraint_policy: 'No seclusion.\nRestraint only as a last resort, by trained staff, documented.',
  parent_contact_policy: 'Daily phone calls; visits on weekends.',
  schooling: 'On-site school; accredited credits transfer.',
  transport_escort: 'We do not use transport or escort services.',
};

describe('treatment fidelity and youth-safety fields', () => {
  it('round-trip: stored, answered and listed as sent (trimmed); left out → null', async () => {
    const res = await call('POST', '/api/provider/listings', owner.token, { ...MINIMAL, ...FACTS });
    expect(res.status).toBe(201);
    const { listing } = await body<ListingResponse>(res);
    const expected = { ...FACTS, license_number: '12345' };
    expect(listing).toMatchObject({ ...expected, availability: null });
    const [row] = await sql<
      Record<string, unknown>[]
    >`select * from provider_listings where id = ${listing.id}`;
    expect(row).toMatchObject({
      ...expected,
      // numeric columns come back from the driver as text
      erp_hours_per_week: '12.5',
      individual_sessions_per_week: '3.0',
      score_points: '11.5',
      family_sessions_per_week: '1.0',
    });
    const all = await body<ListingsResponse>(await call('GET', '/api/provider/listings', owner.token));
    expect(all.listings.find((l) => l.id === listing.id)).toMatchObject(expected);

    // Resubmitting without them clears them; blank text and '' outcome measure are "not stated".
    const cleared = await call('PUT', `/api/provider/listings/${listing.id}`, owner.token, {
      ...MINIMAL,
      outcome_measure: '',
      schooling: '  ',
      family_accommodation_work: null,
    });
    expect(cleared.status).toBe(200);
    const after = (await body<ListingResponse>(cleared)).listing;
    for (const key of Object.keys(FACTS)) expect(after[key as keyof typeof after], key).toBeNull();
    // The outcome measure "none" and 0 hours are facts, not blanks.
    const zero = await call('PUT', `/api/provider/listings/${listing.id}`, owner.token, {
      ...MINIMAL,
      outcome_measure: 'none',
      erp_hours_per_week: 0,
      family_accommodation_work: false,
    });
    expect((await body<ListingResponse>(zero)).listing).toMatchObject({
      outcome_measure: 'none',
      erp_hours_per_week: 0,
      family_accommodation_work: false,
    });
  });

  /** The listing columns with a range (the wait list's weeks belong to availability). */
  const RANGED = (Object.keys(LISTING_RANGES) as RangedField[]).filter((c) => c !== 'wait_weeks');
  /** A complete outcome, so each of its numbers can be tried alone. */
  const OUTCOME = {
    outcome_measure: 'Y-BOCS',
    score_direction: 'fell',
    score_points: 10,
    score_change_year: 2024,
    score_change_sample: 40,
  };
  const withOutcome = (column: RangedField) =>
    ['score_points', 'score_change_year', 'score_change_sample'].includes(column) ? OUTCOME : {};

  it.each(
    RANGED.flatMap((column) => {
      const r = rangeOf(column);
      return [
        [column, r.min - r.step],
        [column, r.max + r.step],
        [column, r.min + r.step / 2],
        [column, 1e308],
        [column, String(r.min)],
        [column, true],
        [column, { value: r.min }],
      ] as const;
    }),
  )('%s = %j → 400 naming the range and unit, nothing stored', async (column, value) => {
    const before = await countListings(ownerProvider);
    for (const extra of [{}, { draft: true }]) {
      const res = await call('POST', '/api/provider/listings', owner.token, {
        ...MINIMAL,
        ...withOutcome(column),
        [column]: value,
        ...extra,
      });
      expect(res.status).toBe(400);
      const { error } = await body<ApiError>(res);
      expect(error.code).toBe('invalid_input');
      expect(error.fields?.[column]).toBe(listingRangeMessage(column));
    }
    expect(await countListings(ownerProvider)).toBe(before);
  });

  it('every range bound is stored as sent', async () => {
    const lows = Object.fromEntries(RANGED.map((c) => [c, rangeOf(c).min]));
    const highs = Object.fromEntries(RANGED.map((c) => [c, rangeOf(c).max]));
    const low = await call('POST', '/api/provider/listings', owner.token, {
      ...MINIMAL,
      ...lows,
      outcome_measure: 'Y-BOCS',
      score_direction: 'unchanged',
    });
    expect(low.status).toBe(201);
    expect((await body<ListingResponse>(low)).listing).toMatchObject({
      ...lows,
      score_direction: 'unchanged',
    });
    const high = await call('POST', '/api/provider/listings', owner.token, {
      ...MINIMAL,
      ...highs,
      outcome_measure: 'CY-BOCS',
      score_direction: 'rose',
    });
    expect(high.status).toBe(201);
    expect((await body<ListingResponse>(high)).listing).toMatchObject({ ...highs, score_direction: 'rose' });
  });

  it.each([
    [
      'an unknown outcome measure',
      { outcome_measure: 'HAM-A' },
      'outcome_measure',
      PROVIDER_MESSAGES.outcomeMeasure,
    ],
    ['a signed change (the old field)', { ...OUTCOME, score_change: -10 }, '_', undefined],
    [
      'an unknown direction',
      { ...OUTCOME, score_direction: 'better' },
      'score_direction',
      OUTCOME_MESSAGES.scoreDirection,
    ],
    [
      'a direction without points, year and patients',
      { outcome_measure: 'Y-BOCS', score_direction: 'fell' },
      'score_points',
      OUTCOME_MESSAGES.outcomeIncomplete,
    ],
    [
      'a year and patients without the direction',
      { outcome_measure: 'Y-BOCS', score_change_year: 2025, score_change_sample: 30 },
      'score_direction',
      OUTCOME_MESSAGES.outcomeIncomplete,
    ],
    [
      'a fall of 0 points',
      { ...OUTCOME, score_points: 0 },
      'score_points',
      OUTCOME_MESSAGES.scorePointsNotZero,
    ],
    [
      'no change of 5 points',
      { ...OUTCOME, score_direction: 'unchanged', score_points: 5 },
      'score_points',
      OUTCOME_MESSAGES.scorePointsUnchanged,
    ],
    [
      'an outcome with no standard measure',
      { ...OUTCOME, outcome_measure: 'none' },
      'outcome_measure',
      OUTCOME_MESSAGES.outcomeMeasureForChange,
    ],
    [
      'accommodation work as text',
      { family_accommodation_work: 'yes' },
      'family_accommodation_work',
      PROVIDER_MESSAGES.familyAccommodationWork,
    ],
    [
      'nine highlights',
      { program_highlights: Array.from({ length: 9 }, (_, i) => `Line ${String(i)}`) },
      'program_highlights',
      PROVIDER_MESSAGES.highlightsTooMany,
    ],
    [
      'a highlight of 161 characters',
      { program_highlights: ['x'.repeat(161)] },
      'program_highlights.0',
      'A highlight must be at most 160 characters.',
    ],
    [
      'a highlight with a direction override',
      { program_highlights: ['Daily \u202eERP'] },
      'program_highlights.0',
      undefined,
    ],
    ['highlights as one string', { program_highlights: 'Daily ERP' }, 'program_highlights', undefined],
    [
      'a clinical approach with a control character',
      { clinical_approach: 'ERP\u0000' },
      'clinical_approach',
      'Clinical approach must not contain control characters.',
    ],
  ] as const)('%s → 400 with its message, nothing stored', async (_label, extra, field, message) => {
    const before = await countListings(ownerProvider);
    const res = await call('POST', '/api/provider/listings', owner.token, { ...MINIMAL, ...extra });
    expect(res.status).toBe(400);
    const { error } = await body<ApiError>(res);
    expect(error.code).toBe('invalid_input');
    expect(Object.keys(error.fields ?? {})).toContain(field);
    if (message) expect(error.fields?.[field]).toBe(message);
    expect(await countListings(ownerProvider)).toBe(before);
  });

  it('the new fields round-trip; "did not change" is stored as 0 points; a girls\' program says so', async () => {
    const res = await call('POST', '/api/provider/listings', owner.token, {
      ...MINIMAL,
      gender_specific: 'Girls-only',
      clinical_approach: ' Daily ERP with a therapist.\nWeekly family sessions. ',
      program_highlights: [' Family weekends ', '', 'Equine therapy'],
      team_composition: '2 psychiatrists, 6 therapists trained in ERP',
      outcome_measure: 'CY-BOCS',
      score_direction: 'unchanged',
      score_change_year: 2024,
      score_change_sample: 12,
    });
    expect(res.status).toBe(201);
    const { listing } = await body<ListingResponse>(res);
    const expected = {
      gender_specific: 'Girls-only',
      clinical_approach: 'Daily ERP with a therapist.\nWeekly family sessions.',
      program_highlights: ['Family weekends', 'Equine therapy'],
      team_composition: '2 psychiatrists, 6 therapists trained in ERP',
      score_direction: 'unchanged',
      score_points: 0,
    };
    expect(listing).toMatchObject(expected);
    const [row] = await sql<Record<string, unknown>[]>`
      select gender_specific, clinical_approach, program_highlights, team_composition, score_direction,
             score_points::float8 as score_points
      from provider_listings where id = ${listing.id}`;
    expect(row).toEqual(expected);
  });

  it.each([
    ['license_number', 101],
    ['license_agency', 201],
    ['restraint_policy', 2001],
    ['parent_contact_policy', 2001],
    ['schooling', 2001],
    ['transport_escort', 2001],
  ])('%s over its length → 400', async (field, length) => {
    const res = await call('POST', '/api/provider/listings', owner.token, {
      ...MINIMAL,
      [field]: 'x'.repeat(length),
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await body<ApiError>(res)).error.fields ?? {})).toEqual([field]);
  });
});

describe('file references in a listing', () => {
  const upload = async (providerId: string, kind: 'logo' | 'license'): Promise<string> => {
    const id = randomUUID();
    await sql`
      insert into provider_uploads (id, provider_id, kind, content_type, size_bytes, sha256, original_name, blob_key)
      values (${id}, ${providerId}, ${kind}, ${kind === 'logo' ? 'image/png' : 'application/pdf'}, 10,
              ${'b'.repeat(64)}, ${`${kind}.bin`}, ${`${providerId}/${id}`})`;
    return id;
  };

  it("accepts the caller's own logo, license and image uploads", async () => {
    const [logo, license] = [await upload(ownerProvider, 'logo'), await upload(ownerProvider, 'license')];
    const res = await call('POST', '/api/provider/listings', owner.token, {
      ...MINIMAL,
      logo_url: `/api/provider/uploads/${logo}`,
      license_url: `/api/provider/uploads/${license}`,
      images: [`/api/provider/uploads/${logo}`],
    });
    expect(res.status).toBe(201);
    const { listing } = await body<ListingResponse>(res);
    expect(listing.logo_url).toBe(`/api/provider/uploads/${logo}`);
    expect(listing.license_url).toBe(`/api/provider/uploads/${license}`);
  });

  it.each([
    ["another provider's logo", 'logo_url', 'other-logo'],
    ['an unknown upload id', 'logo_url', 'unknown'],
    ['a license used as the logo', 'logo_url', 'own-license'],
    ['a logo used as the license', 'license_url', 'own-logo'],
    ["another provider's license", 'license_url', 'other-license'],
  ])('400 for %s, nothing stored', async (_label, field, which) => {
    const id =
      which === 'unknown'
        ? randomUUID()
        : await upload(
            which.startsWith('own') ? ownerProvider : otherProvider,
            which.endsWith('logo') ? 'logo' : 'license',
          );
    const before = await countListings(ownerProvider);
    const res = await call('POST', '/api/provider/listings', owner.token, {
      ...MINIMAL,
      [field]: `/api/provider/uploads/${id}`,
    });
    expect(res.status).toBe(400);
    const { error } = await body<ApiError>(res);
    const message = field === 'logo_url' ? PROVIDER_MESSAGES.logoRef : PROVIDER_MESSAGES.licenseRef;
    expect(error).toEqual({ code: 'invalid_input', message, fields: { [field]: message } });
    expect(await countListings(ownerProvider)).toBe(before);
  });
});

describe('GET /api/provider/listings', () => {
  it('401 without a token; 404 with the dashboard message without a profile', async () => {
    expect((await call('GET', '/api/provider/listings')).status).toBe(401);
    const res = await call('GET', '/api/provider/listings', nobody.token);
    expect(res.status).toBe(404);
    expect((await body<ApiError>(res)).error).toEqual({ code: 'not_found', message: NO_PROFILE });
  });

  it("the caller's own listings only, newest first, as the dashboard shows them", async () => {
    const res = await call('GET', '/api/provider/listings', owner.token);
    expect(res.status).toBe(200);
    const data = await body<ListingsResponse>(res);
    expect(data.listings.length).toBe(await countListings(ownerProvider));
    expect(data.listings.every((l) => l.provider_id === ownerProvider)).toBe(true);
    expect(data.listings.map((l) => l.id)).not.toContain(otherListing);
    const times = data.listings.map((l) => Date.parse(l.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const l of data.listings) expect(l).not.toHaveProperty('reviewed_by');
    const dash = await dashboard(
      new Request('http://localhost/api/provider/dashboard', {
        headers: { authorization: `Bearer ${owner.token}` },
      }),
      ctx(),
    );
    expect((await body<DashboardResponse>(dash)).listings).toEqual(data.listings);
  });

  it('the other provider sees its own listing only', async () => {
    const data = await body<ListingsResponse>(await call('GET', '/api/provider/listings', other.token));
    expect(data.listings.map((l) => l.id)).toEqual([otherListing]);
  });
});

describe('PUT /api/provider/listings/:id', () => {
  let mine: Listing;
  beforeAll(async () => {
    mine = (await body<ListingResponse>(await call('POST', '/api/provider/listings', owner.token, MINIMAL)))
      .listing;
  });

  it("401 without a token; 404 for another provider's, an unknown or a malformed id; nothing changed", async () => {
    expect((await call('PUT', `/api/provider/listings/${mine.id}`, undefined, FULL)).status).toBe(401);
    for (const id of [otherListing, randomUUID(), 'not-a-uuid', `${mine.id}x`]) {
      const res = await call('PUT', `/api/provider/listings/${id}`, owner.token, FULL);
      expect(res.status, id).toBe(404);
      expect((await body<ApiError>(res)).error).toEqual({
        code: 'not_found',
        message: PROVIDER_MESSAGES.listingNotFound,
      });
    }
    const [theirs] = await sql`select center_name, status from provider_listings where id = ${otherListing}`;
    expect(theirs).toEqual({ center_name: 'Other Center', status: 'pending' });
    // And the other way round.
    const res = await call('PUT', `/api/provider/listings/${mine.id}`, other.token, FULL);
    expect(res.status).toBe(404);
    const [row] = await sql`select center_name from provider_listings where id = ${mine.id}`;
    expect(row?.['center_name']).toBe(MINIMAL.center_name);
  });

  it('404 "Provider not found" for a user with no provider profile', async () => {
    const res = await call('PUT', `/api/provider/listings/${mine.id}`, nobody.token, FULL);
    expect(res.status).toBe(404);
    expect((await body<ApiError>(res)).error.message).toBe(PROVIDER_MESSAGES.providerNotFound);
  });

  it('400 "Missing Required Information" leaves the listing as it was', async () => {
    const res = await call('PUT', `/api/provider/listings/${mine.id}`, owner.token, { ...FULL, phone: '' });
    expect(res.status).toBe(400);
    expect((await body<ApiError>(res)).error.message).toBe(PROVIDER_MESSAGES.listingMissing);
    const [row] = await sql`select center_name, phone from provider_listings where id = ${mine.id}`;
    expect(row).toEqual({ center_name: MINIMAL.center_name, phone: MINIMAL.phone });
  });

  it("resubmits a rejected listing: fields replaced, pending again, the reviewer's notes kept", async () => {
    await sql`
      update provider_listings set status = 'rejected', reviewer_notes = 'Please add your license.',
        reviewed_at = now() - interval '1 hour', submitted_at = now() - interval '2 days'
      where id = ${mine.id}`;
    const res = await call('PUT', `/api/provider/listings/${mine.id}`, owner.token, FULL);
    expect(res.status).toBe(200);
    const { listing } = await body<ListingResponse>(res);
    expect(listing).toMatchObject({
      id: mine.id,
      status: 'pending',
      center_name: 'Pine Hollow OCD Residence',
      city: 'Bend',
      reviewer_notes: 'Please add your license.',
    });
    expect(Date.parse(listing.submitted_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await sql`select status, description from provider_listings where id = ${mine.id}`;
    expect(row).toEqual({ status: 'pending', description: FULL.description });
  });

  it('an edit of an approved listing sends it back to review; a field left out is cleared', async () => {
    // Approved as a publishable listing must be (migration 20261125000300): with its program id.
    await sql`update provider_listings set status = 'approved', published_program_id = ${`pine-${mine.id}`}
              where id = ${mine.id}`;
    const res = await call('PUT', `/api/provider/listings/${mine.id}`, owner.token, MINIMAL);
    expect(res.status).toBe(200);
    const { listing } = await body<ListingResponse>(res);
    expect(listing).toMatchObject({ status: 'pending', email: null, capacity: null, images: [] });
  });

  it('405 for POST on an item', async () => {
    const res = await call('POST', `/api/provider/listings/${mine.id}`, owner.token, MINIMAL);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('PUT');
  });
});

describe('Save Draft: draft: true stores the listing on the server without submitting it', () => {
  it('201: an empty draft is stored as a draft, not submitted', async () => {
    const res = await call('POST', '/api/provider/listings', owner.token, { draft: true });
    expect(res.status).toBe(201);
    const { listing } = await body<ListingResponse>(res);
    expect(listing).toMatchObject({
      status: 'draft',
      submitted_at: null,
      center_name: '',
      description: '',
      phone: '',
      publication: null,
    });
  });

  it('201: a half-filled draft keeps every given value; submitting it still needs the required fields', async () => {
    const res = await call('POST', '/api/provider/listings', owner.token, {
      draft: true,
      center_name: ' Half House ',
      erp_hours_per_week: 12.5,
      program_highlights: ['Daily ERP'],
    });
    expect(res.status).toBe(201);
    const { listing } = await body<ListingResponse>(res);
    expect(listing).toMatchObject({
      status: 'draft',
      center_name: 'Half House',
      erp_hours_per_week: 12.5,
      program_highlights: ['Daily ERP'],
    });
    const submit = await call('PUT', `/api/provider/listings/${listing.id}`, owner.token, {
      center_name: 'Half House',
    });
    expect(submit.status).toBe(400);
    expect((await body<ApiError>(submit)).error.message).toBe(PROVIDER_MESSAGES.listingMissing);
    const [row] = await sql`select status from provider_listings where id = ${listing.id}`;
    expect(row?.['status']).toBe('draft');
  });

  it.each([
    ['a center name with a direction override', { center_name: 'Calm \u202eroobraH' }, 'center_name'],
    ['a phone with no digits', { phone: 'call us' }, 'phone'],
    ['a website that is not http(s)', { website: 'javascript:alert(1)' }, 'website'],
    ['a capacity of 501', { capacity: 501 }, 'capacity'],
    ['a status', { status: 'approved' }, '_'],
    ['a provider id', { provider_id: randomUUID() }, '_'],
    ['draft as text', { draft: 'true' }, 'draft'],
  ])('a draft with %s → 400, nothing stored', async (_label, extra, field) => {
    const before = await countListings(ownerProvider);
    const res = await call('POST', '/api/provider/listings', owner.token, { draft: true, ...extra });
    expect(res.status).toBe(400);
    expect(Object.keys((await body<ApiError>(res)).error.fields ?? {})).toContain(field);
    expect(await countListings(ownerProvider)).toBe(before);
  });

  it("401 without a token; 404 for another provider's listing; nothing changed", async () => {
    expect((await call('POST', '/api/provider/listings', undefined, { draft: true })).status).toBe(401);
    const res = await call('PUT', `/api/provider/listings/${otherListing}`, owner.token, {
      draft: true,
      center_name: 'Taken over',
    });
    expect(res.status).toBe(404);
    const [theirs] = await sql`select center_name, status from provider_listings where id = ${otherListing}`;
    expect(theirs).toEqual({ center_name: 'Other Center', status: 'pending' });
  });

  it('a draft of a submitted listing takes it out of the review queue until it is submitted again', async () => {
    const created = await body<ListingResponse>(
      await call('POST', '/api/provider/listings', owner.token, MINIMAL),
    );
    expect(created.listing.status).toBe('pending');
    const res = await call('PUT', `/api/provider/listings/${created.listing.id}`, owner.token, {
      ...MINIMAL,
      description: 'Reworded while waiting.',
      draft: true,
    });
    expect(res.status).toBe(200);
    expect((await body<ListingResponse>(res)).listing).toMatchObject({
      status: 'draft',
      description: 'Reworded while waiting.',
    });
    const again = await call('PUT', `/api/provider/listings/${created.listing.id}`, owner.token, {
      ...MINIMAL,
      description: 'Reworded while waiting.',
    });
    expect((await body<ListingResponse>(again)).listing.status).toBe('pending');
  });

  it('a draft of a published listing leaves the published version live and unchanged', async () => {
    const created = await body<ListingResponse>(
      await call('POST', '/api/provider/listings', owner.token, FULL),
    );
    const id = created.listing.id;
    // An administrator's approval (as in Studio) publishes it.
    await sql`update provider_listings set status = 'approved', published_program_id = ${`pine-draft-${id}`}
              where id = ${id}`;
    const [published] = await sql<{ snapshot: Record<string, unknown>; state: string; reviewed_at: Date }[]>`
      select snapshot, state, reviewed_at from listing_publications where listing_id = ${id}`;
    expect(published?.state).toBe('live');
    expect(published?.snapshot['center_name']).toBe('Pine Hollow OCD Residence');

    const res = await call('PUT', `/api/provider/listings/${id}`, owner.token, {
      ...FULL,
      center_name: 'Pine Hollow (new name, not reviewed yet)',
      draft: true,
    });
    expect(res.status).toBe(200);
    const { listing } = await body<ListingResponse>(res);
    expect(listing).toMatchObject({
      status: 'draft',
      center_name: 'Pine Hollow (new name, not reviewed yet)',
      publication: { state: 'live', program_id: `pine-draft-${id}` },
    });
    expect(listing.publication?.snapshot.center_name).toBe('Pine Hollow OCD Residence');
    const [after] = await sql<{ snapshot: Record<string, unknown>; state: string; reviewed_at: Date }[]>`
      select snapshot, state, reviewed_at from listing_publications where listing_id = ${id}`;
    expect(after).toEqual(published);
  });
});
