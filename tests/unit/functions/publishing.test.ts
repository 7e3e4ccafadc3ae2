/**
 * Publishing approved listings (docs/product-rules.md#publishing): the listing → program mapping and what blocks it, the
 * drain's "does the directory change" rule, and `npm start`'s file-by-file swap of a new build.
 */
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PUBLISHING_MESSAGES,
  formatUsPhone,
  listingToProgram,
  programLogoPath,
  publishingProblemMessage,
  summary,
  type ListingForPublishing,
} from '../../../src/lib/published-listing.ts';
import { findState } from '../../../src/lib/geo/states.ts';
import { listFiles, swapInto, swapOrder } from '../../../scripts/lib/local-rebuild.ts';
import { publishingChanged } from '../../../netlify/functions/_shared/publishing.ts';

const COMPLETE: ListingForPublishing = {
  published_program_id: 'harbor-house',
  center_name: ' Harbor House ',
  description: 'Residential ERP for adults.\n\nSecond paragraph with details.',
  phone: '617-555-0100',
  email: 'admissions@harbor.example.org',
  website: 'https://harbor.example.org',
  address: '1 Main Street',
  city: 'Belmont',
  state: 'ma',
  zip_code: '02478-1234',
  age_groups: ['Adults'],
  gender_specific: 'Co-ed',
  setting: 'Residential',
  capacity: 24,
  avg_length: '45-60 days',
  modalities: ['ERP', 'CBT'],
  staff_ratio: '1:3',
  medical_support: '24/7 nursing',
  insurance: ['Private Pay'],
  financial_aid: 'Sliding scale.',
  logo_url: '/api/provider/uploads/0b7c8a53-64f4-4fd4-9c55-0c1b4f0b5d21',
  accreditations: ['CARF'],
  provider_verified: true,
};

describe('listingToProgram', () => {
  it('maps a complete listing to a valid program', () => {
    const result = listingToProgram(COMPLETE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.id).toBe('harbor-house');
    expect(result.data).toMatchObject({
      name: 'Harbor House',
      description: 'Residential ERP for adults.',
      overview: 'Residential ERP for adults.\n\nSecond paragraph with details.',
      location: 'Belmont',
      state: 'Massachusetts',
      address: { street: '1 Main Street', city: 'Belmont', state: 'Massachusetts', zip: '02478' },
      phone: '(617) 555-0100',
      website: 'https://harbor.example.org',
      logo: '/api/program-logos/harbor-house',
      verified: true,
      test: false,
      sample: false,
      insuranceNotes: 'Sliding scale.',
      highlights: ['Capacity: 24 beds', 'Staff-to-client ratio: 1:3', 'Medical support: 24/7 nursing'],
    });
  });

  const missing: [string, Partial<ListingForPublishing>, keyof typeof PUBLISHING_MESSAGES][] = [
    ['no street', { address: '  ' }, 'address'],
    ['no city', { city: null }, 'city'],
    ['a state that is not one', { state: 'Atlantis' }, 'state'],
    ['a ZIP that is not five digits', { zip_code: '2478' }, 'zip_code'],
    ['no ZIP', { zip_code: null }, 'zip_code'],
    ['a phone without 10 digits', { phone: '555-0100' }, 'phone'],
    ['no age group', { age_groups: [] }, 'age_groups'],
    ['no modality', { modalities: [] }, 'modalities'],
    ['no insurance option', { insurance: [] }, 'insurance'],
    ['no length of stay', { avg_length: '' }, 'avg_length'],
    ['no gender option', { gender_specific: null }, 'gender_specific'],
    ['no setting', { setting: null }, 'setting'],
  ];
  it.each(missing)('%s blocks publishing with its message', (_, change, field) => {
    const result = listingToProgram({ ...COMPLETE, ...change });
    expect(result).toEqual({
      ok: false,
      id: 'harbor-house',
      problems: { [field]: PUBLISHING_MESSAGES[field] },
    });
  });

  it('lists every problem at once, in one sentence for the admin', () => {
    const result = listingToProgram({ ...COMPLETE, city: '', insurance: [] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(publishingProblemMessage(result.problems)).toBe(
      `${PUBLISHING_MESSAGES.summary}${PUBLISHING_MESSAGES.city} ${PUBLISHING_MESSAGES.insurance}`,
    );
  });

  it.each([['javascript:alert(1)'], ['ftp://files.example.org'], ['not a url'], [''], [null]])(
    'a website that is not http(s) (%s) is left out, not published',
    (website) => {
      const result = listingToProgram({ ...COMPLETE, website });
      expect(result.ok && result.data.website).toBe(undefined);
    },
  );

  it('keeps markup as the literal text it is', () => {
    const result = listingToProgram({
      ...COMPLETE,
      center_name: '<b>Bold</b> House',
      description: '<script>alert(1)</script>',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.name).toBe('<b>Bold</b> House');
    expect(result.data.overview).toBe('<script>alert(1)</script>');
  });

  it.each([
    ['an external logo address', 'https://cdn.example.org/logo.png'],
    ['another path', '/api/provider/uploads/not-a-uuid'],
    ['none', null],
  ])('no logo for %s: only uploads are served', (_, logo_url) => {
    const result = listingToProgram({ ...COMPLETE, logo_url });
    expect(result.ok && result.data.logo).toBe(undefined);
  });

  it('an unverified provider publishes without the "Verified provider" badge; no e-mail is fine', () => {
    const result = listingToProgram({ ...COMPLETE, provider_verified: false, email: '' });
    expect(result.ok && result.data.verified).toBe(false);
    expect(result.ok && result.data.email).toBe(undefined);
  });

  it.each([
    [
      'verified and reviewed (timestamps → their UTC day)',
      {
        provider_verified: true,
        provider_verified_at: '2026-03-03T23:59:00Z',
        listing_reviewed_at: new Date('2026-11-05T00:10:00Z'),
      },
      { verified: true, verifiedOn: '2026-03-03', reviewedOn: '2026-11-05' },
    ],
    [
      'a verified_at of a provider no longer verified is not shown',
      {
        provider_verified: false,
        provider_verified_at: '2026-03-03T10:00:00Z',
        listing_reviewed_at: '2026-11-05T10:00:00Z',
      },
      { verified: false, verifiedOn: undefined, reviewedOn: '2026-11-05' },
    ],
    [
      'no dates known',
      { provider_verified: true, provider_verified_at: null, listing_reviewed_at: null },
      { verified: true, verifiedOn: undefined, reviewedOn: undefined },
    ],
  ])('trust dates: %s', (_, change, expected) => {
    const result = listingToProgram({ ...COMPLETE, ...change });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { verified, verifiedOn, reviewedOn } = result.data;
    expect({ verified, verifiedOn, reviewedOn }).toEqual(expected);
  });

  it('programLogoPath', () => {
    expect(programLogoPath('a-b')).toBe('/api/program-logos/a-b');
  });
});

describe('listingToProgram: the facts families choose by', () => {
  it('maps fidelity, youth safety, availability (its UTC day) and the reply time', () => {
    const result = listingToProgram({
      ...COMPLETE,
      erp_hours_per_week: '12.5',
      individual_sessions_per_week: 3,
      specialised_clinicians_percent: 80,
      outcome_measure: 'Y-BOCS',
      score_direction: 'fell',
      score_points: '9.5',
      score_change_year: 2025,
      score_change_sample: 40,
      family_sessions_per_week: null,
      family_accommodation_work: true,
      license_number: ' RTF-1 ',
      license_agency: '',
      restraint_policy: 'Never used.',
      parent_contact_policy: null,
      schooling: '',
      transport_escort: 'Not used.',
      availability_status: 'waitlist',
      availability_wait_weeks: 3,
      availability_confirmed_at: new Date('2026-11-20T23:30:00Z'),
      reply_hours: 5.5,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.fidelity).toEqual({
      erpHoursPerWeek: 12.5,
      individualSessionsPerWeek: 3,
      specialisedCliniciansPercent: 80,
      outcomeMeasure: 'Y-BOCS',
      medianScoreChange: { direction: 'fell', points: 9.5, year: 2025, sampleSize: 40 },
      family: { accommodationWork: true },
    });
    expect(result.data.youthSafety).toEqual({
      license: { number: 'RTF-1' },
      restraintSeclusionPolicy: 'Never used.',
      transportEscort: 'Not used.',
    });
    expect(result.data.availability).toEqual({ status: 'waitlist', waitWeeks: 3, confirmedOn: '2026-11-20' });
    expect(result.data.replyHours).toBe(5.5);
  });

  it('leaves every fact out when the listing states none (shown as "Not reported", never 0)', () => {
    const result = listingToProgram({
      ...COMPLETE,
      erp_hours_per_week: null,
      availability_status: null,
      reply_hours: null,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.fidelity).toBe(undefined);
    expect(result.data.youthSafety).toBe(undefined);
    expect(result.data.availability).toBe(undefined);
    expect(result.data.replyHours).toBe(undefined);
  });

  it('keeps a reported 0 as 0; a score change without its year and sample is left out', () => {
    const result = listingToProgram({
      ...COMPLETE,
      erp_hours_per_week: 0,
      score_direction: 'fell',
      score_points: 5,
      score_change_year: null,
    });
    expect(result.ok && result.data.fidelity).toEqual({ erpHoursPerWeek: 0 });
  });

  it.each([
    ['rose', '2', { direction: 'rose', points: 2 }],
    ['unchanged', '0', { direction: 'unchanged', points: 0 }],
  ] as const)('an outcome that %s is published with its direction word', (direction, points, expected) => {
    const result = listingToProgram({
      ...COMPLETE,
      outcome_measure: 'CY-BOCS',
      score_direction: direction,
      score_points: points,
      score_change_year: 2024,
      score_change_sample: 12,
    });
    expect(result.ok && result.data.fidelity?.medianScoreChange).toEqual({
      ...expected,
      year: 2024,
      sampleSize: 12,
    });
  });

  it("maps the builder's clinical approach, highlights (before the derived lines) and team composition", () => {
    const result = listingToProgram({
      ...COMPLETE,
      capacity: 12,
      clinical_approach: ' Daily ERP with a therapist. ',
      program_highlights: [' Family weekends ', '', 'Trauma-informed'],
      team_composition: '2 psychiatrists, 6 therapists',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.clinicalApproach).toBe('Daily ERP with a therapist.');
    expect(result.data.highlights.slice(0, 3)).toEqual([
      'Family weekends',
      'Trauma-informed',
      'Capacity: 12 beds',
    ]);
    expect(result.data.teamComposition).toBe('2 psychiatrists, 6 therapists');
    const none = listingToProgram({ ...COMPLETE, clinical_approach: '  ', team_composition: null });
    expect(none.ok && none.data.clinicalApproach).toBe('');
    expect(none.ok && none.data.teamComposition).toBe(undefined);
  });

  it('an open status keeps no wait weeks', () => {
    const result = listingToProgram({
      ...COMPLETE,
      availability_status: 'open',
      availability_wait_weeks: 4,
      availability_confirmed_at: '2026-11-01T10:00:00Z',
    });
    expect(result.ok && result.data.availability).toEqual({ status: 'open', confirmedOn: '2026-11-01' });
  });
});

describe('formatUsPhone', () => {
  it.each([
    ['617-555-0100', '(617) 555-0100'],
    ['(617) 555-0100', '(617) 555-0100'],
    ['+1 617 555 0100', '(617) 555-0100'],
    ['16175550100', '(617) 555-0100'],
    ['555-0100', undefined],
    ['26175550100', undefined],
    ['', undefined],
  ])('%s → %s', (input, expected) => {
    expect(formatUsPhone(input)).toBe(expected);
  });
});

describe('summary', () => {
  it.each([
    ['Short.', 300, 'Short.'],
    ['First para.\n\nSecond.', 300, 'First para.'],
    ['Line one\nline two', 300, 'Line one line two'],
    ['A long first paragraph that goes on', 20, 'A long first…'],
    ['Averyveryveryverylongword', 10, 'Averyvery…'],
  ])('%j (max %i) → %j', (input, max, expected) => {
    expect(summary(input, max)).toBe(expected);
  });
});

describe('findState', () => {
  it.each([
    ['MA', 'Massachusetts'],
    ['ma', 'Massachusetts'],
    [' massachusetts ', 'Massachusetts'],
    ['new  york', 'New York'],
    ['DC', 'District of Columbia'],
    ['PR', 'Puerto Rico'],
  ])('%j → %s', (input, name) => {
    expect(findState(input)?.name).toBe(name);
  });
  it.each([['Atlantis'], ['M'], [''], ['MAS']])('%j is no state', (input) => {
    expect(findState(input)).toBe(undefined);
  });
});

describe('publishingChanged (a rebuild after the drain)', () => {
  it.each([
    ['listing_approved', true],
    // A rejected listing or edit changes nothing published: the published version stays.
    ['listing_rejected', false],
    ['listing_unpublished', true],
    ['listing_withdrawn', true],
    ['listing_republished', true],
    ['verification_approved', false],
    ['verification_rejected', false],
  ] as const)('%s → %s', (kind, expected) => {
    expect(publishingChanged({ kind })).toBe(expected);
  });
});

describe('npm start swaps a new build in file by file', () => {
  it('puts assets before pages', () => {
    expect(swapOrder(['index.html', '_astro/a.js', 'program/x.html', 'sitemap.xml'])).toEqual([
      '_astro/a.js',
      'sitemap.xml',
      'index.html',
      'program/x.html',
    ]);
  });

  it('replaces changed files, adds new ones, removes stale ones, and empties the next folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'swap-'));
    const dist = join(root, 'dist');
    const next = join(root, 'next');
    for (const [file, text] of [
      ['index.html', 'old home'],
      ['_astro/old.js', 'old'],
      ['program/gone.html', 'gone'],
    ] as const) {
      mkdirSync(join(dist, file, '..'), { recursive: true });
      writeFileSync(join(dist, file), text);
    }
    for (const [file, text] of [
      ['index.html', 'new home'],
      ['_astro/new.js', 'new'],
      ['program/harbor-house.html', 'harbor'],
    ] as const) {
      mkdirSync(join(next, file, '..'), { recursive: true });
      writeFileSync(join(next, file), text);
    }
    await swapInto(dist, next);
    expect((await listFiles(dist)).sort()).toEqual([
      '_astro/new.js',
      'index.html',
      'program/harbor-house.html',
    ]);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('new home');
    expect(existsSync(next)).toBe(false);
    expect(readdirSync(root)).toEqual(['dist']);
  });
});
