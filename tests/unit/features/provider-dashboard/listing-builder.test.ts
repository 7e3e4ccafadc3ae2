/**
 * The listing builder's pure parts: what it opens with (the server's draft, this browser's copy only
 * as the offline fallback), the status line, Save Draft's body and messages, the outcome preview,
 * the server's field names, and the tabs of the new fields.
 */
import { describe, expect, it } from 'vitest';
import type { Listing, ListingPublication } from '../../../../src/api/contracts/listings.ts';
import {
  draftFieldErrors,
  EMPTY_DRAFT,
  listingBody,
  listingDraftBody,
  type ListingDraft,
} from '../../../../src/features/provider-dashboard/draft.ts';
import {
  builderStatus,
  draftSavedText,
  openingDraft,
  STAYS_LIVE,
} from '../../../../src/features/provider-dashboard/listing-builder/opening.ts';
import { serverFieldErrors } from '../../../../src/features/provider-dashboard/listing-builder/field-errors.ts';
import {
  tabOf,
  visibleTabs,
} from '../../../../src/features/provider-dashboard/listing-builder/builder-tabs.ts';
import { outcomePreview } from '../../../../src/features/provider-dashboard/listing-builder/tabs/TreatmentTab.tsx';
import { listingDraftSchema, listingSchema, OUTCOME_MESSAGES } from '../../../../src/lib/provider-schemas.ts';

const draft = (overrides: Partial<ListingDraft>): ListingDraft => ({ ...EMPTY_DRAFT, ...overrides });

const ID_A = '00000000-0000-4000-8000-00000000000a';
const ID_B = '00000000-0000-4000-8000-00000000000b';

function listing(overrides: Partial<Listing>): Listing {
  return {
    id: ID_A,
    provider_id: '00000000-0000-4000-8000-000000000001',
    center_name: 'Harbor House',
    description: 'ERP for adults.',
    phone: '(555) 010-0100',
    email: null,
    website: null,
    address: null,
    city: null,
    state: null,
    zip_code: null,
    age_groups: [],
    gender_specific: null,
    setting: null,
    capacity: null,
    avg_length: null,
    modalities: [],
    staff_ratio: null,
    medical_support: null,
    insurance: [],
    financial_aid: null,
    logo_url: null,
    images: [],
    accreditations: [],
    license_url: null,
    status: 'draft',
    submitted_at: null,
    reviewed_at: null,
    reviewer_notes: null,
    published_program_id: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    erp_hours_per_week: null,
    individual_sessions_per_week: null,
    specialised_clinicians_percent: null,
    outcome_measure: null,
    score_direction: null,
    score_points: null,
    score_change_year: null,
    score_change_sample: null,
    family_sessions_per_week: null,
    family_accommodation_work: null,
    license_number: null,
    license_agency: null,
    restraint_policy: null,
    parent_contact_policy: null,
    schooling: null,
    transport_escort: null,
    clinical_approach: null,
    program_highlights: [],
    team_composition: null,
    availability: null,
    publication: null,
    ...overrides,
  };
}

const LIVE: ListingPublication = {
  program_id: 'harbor-house',
  state: 'live',
  state_reason: null,
  state_changed_at: '2026-10-01T00:00:00Z',
  reviewed_at: '2026-10-01T00:00:00Z',
  first_published_at: '2026-10-01T00:00:00Z',
  snapshot: {},
};

describe('openingDraft: the server copy first, the browser copy only as the fallback', () => {
  it('opens the newest server draft (survives a change of device)', () => {
    const older = listing({ id: ID_A, center_name: 'Older', updated_at: '2026-11-01T10:00:00Z' });
    const newer = listing({ id: ID_B, center_name: 'Newer', updated_at: '2026-11-02T10:00:00Z' });
    const pending = listing({ id: ID_B, status: 'pending', updated_at: '2026-11-05T10:00:00Z' });
    const opened = openingDraft([older, newer], null);
    expect(opened.source).toBe('server');
    expect(opened.draft).toMatchObject({ listingId: ID_B, centerName: 'Newer', lastSaved: newer.updated_at });
    // Submitted listings are not drafts: they open from "Your listings".
    expect(openingDraft([pending], null)).toEqual({ draft: EMPTY_DRAFT, source: 'new' });
    expect(openingDraft([], null)).toEqual({ draft: EMPTY_DRAFT, source: 'new' });
  });

  it('opens this browser copy when it is newer than the server copy of that listing, labelled as such', () => {
    const server = listing({ id: ID_A, updated_at: '2026-11-01T10:00:00Z' });
    const local = draft({ listingId: ID_A, centerName: 'Typed offline', lastSaved: '2026-11-01T11:00:00Z' });
    expect(openingDraft([server], local)).toEqual({ draft: local, source: 'browser' });
  });

  it('a browser copy of a new listing (never on the server) is opened', () => {
    const local = draft({ centerName: 'Offline start', lastSaved: '2026-11-01T11:00:00Z' });
    expect(openingDraft([listing({})], local)).toEqual({ draft: local, source: 'browser' });
  });

  it('a browser copy older than the server copy is stale and not used', () => {
    const server = listing({ id: ID_A, center_name: 'Saved later', updated_at: '2026-11-03T10:00:00Z' });
    const local = draft({ listingId: ID_A, centerName: 'Old', lastSaved: '2026-11-01T11:00:00Z' });
    const opened = openingDraft([server], local);
    expect(opened.source).toBe('server');
    expect(opened.draft.centerName).toBe('Saved later');
  });

  it('a browser copy of a listing gone from the server becomes a new listing', () => {
    const local = draft({ listingId: ID_A, centerName: 'Orphan', lastSaved: '2026-11-01T11:00:00Z' });
    expect(openingDraft([], local)).toEqual({ draft: { ...local, listingId: null }, source: 'browser' });
  });

  it('an empty browser copy is ignored', () => {
    expect(openingDraft([], draft({ lastSaved: '2026-11-01T11:00:00Z' })).source).toBe('new');
  });
});

describe('builderStatus: one line saying where the listing stands', () => {
  const format = (iso: string) => `<${iso}>`;
  it.each([
    ['new', draft({}), undefined, 'new', 'A new listing. Save Draft keeps it on your account'],
    [
      'browser copy',
      draft({ lastSaved: '2026-11-01T11:00:00Z' }),
      undefined,
      'browser',
      'Saved only in this browser (<2026-11-01T11:00:00Z>): our server could not be reached.',
    ],
    [
      'server draft',
      draft({ listingId: ID_A }),
      listing({ updated_at: '2026-11-02T10:00:00Z' }),
      'server',
      'Draft saved on your account <2026-11-02T10:00:00Z>. Only you can see it',
    ],
    [
      'draft of a published listing',
      draft({ listingId: ID_A }),
      listing({ publication: LIVE }),
      'server',
      STAYS_LIVE,
    ],
    [
      'submitted',
      draft({ listingId: ID_A }),
      listing({ status: 'pending', submitted_at: '2026-11-02T10:00:00Z' }),
      'server',
      'Submitted for review <2026-11-02T10:00:00Z>. The site team checks its facts',
    ],
    [
      'changes submitted to a published listing',
      draft({ listingId: ID_A }),
      listing({ status: 'pending', submitted_at: '2026-11-02T10:00:00Z', publication: LIVE }),
      'server',
      `Submitted for review <2026-11-02T10:00:00Z>. ${STAYS_LIVE}`,
    ],
    [
      'needs changes',
      draft({ listingId: ID_A }),
      listing({ status: 'rejected' }),
      'server',
      "Needs changes: read the reviewer's notes",
    ],
    [
      'published',
      draft({ listingId: ID_A }),
      listing({ status: 'approved', publication: LIVE }),
      'server',
      'Published.',
    ],
    [
      'unpublished',
      draft({ listingId: ID_A }),
      listing({
        status: 'approved',
        publication: { ...LIVE, state: 'unpublished', state_reason: 'Wrong phone' },
      }),
      'server',
      'Not on the directory: the site team unpublished it.',
    ],
    [
      'withdrawn',
      draft({ listingId: ID_A }),
      listing({ status: 'approved', publication: { ...LIVE, state: 'withdrawn' } }),
      'server',
      'Not on the directory: you withdrew it.',
    ],
  ] as const)('%s', (_label, d, l, source, expected) => {
    expect(builderStatus(d, l, source, format).text).toContain(expected);
  });

  it('the browser copy is a warning; a server copy is not', () => {
    expect(builderStatus(draft({}), undefined, 'browser', String).tone).toBe('warn');
    expect(builderStatus(draft({}), undefined, 'new', String).tone).toBe('info');
  });

  it("Save Draft's toast says what happens to a published or a pending listing", () => {
    expect(draftSavedText(listing({ publication: LIVE }), false)).toContain(STAYS_LIVE);
    expect(draftSavedText(listing({}), true)).toContain('out of the review queue');
    expect(draftSavedText(listing({}), false)).toContain('on any device');
  });
});

describe("Save Draft's body", () => {
  it('is the listing body with draft: true, accepted by the relaxed schema even when incomplete', () => {
    const body = listingDraftBody(draft({ centerName: ' Harbor ', erpHoursPerWeek: '12.5' }));
    expect(body).toMatchObject({
      draft: true,
      center_name: 'Harbor',
      description: '',
      erp_hours_per_week: 12.5,
    });
    expect(listingDraftSchema.safeParse(body).success).toBe(true);
    expect(listingSchema.safeParse(body).success).toBe(false);
  });

  it('"did not change" is sent as 0 points, whatever was typed before', () => {
    const d = draft({
      outcomeMeasure: 'Y-BOCS',
      scoreDirection: 'unchanged',
      scorePoints: '7',
      scoreChangeYear: '2025',
      scoreChangeSample: '30',
    });
    expect(draftFieldErrors(d)).toEqual([]);
    expect(listingBody(d)).toMatchObject({ score_direction: 'unchanged', score_points: 0 });
    expect(
      listingSchema.safeParse({ ...listingBody(d), center_name: 'A', description: 'B', phone: '5550100100' })
        .success,
    ).toBe(true);
  });

  it('highlights: blank lines dropped, more than 8 or longer than 160 named before sending', () => {
    expect(listingBody(draft({ programHighlights: [' Daily ERP ', '', '  '] })).program_highlights).toEqual([
      'Daily ERP',
    ]);
    const nine = Array.from({ length: 9 }, (_, i) => `Line ${String(i)}`);
    expect(draftFieldErrors(draft({ programHighlights: nine }))).toEqual([
      { field: 'programHighlights', message: 'Add at most 8 highlights. This list has 9.' },
    ]);
    expect(draftFieldErrors(draft({ programHighlights: ['ok', 'x'.repeat(161)] }))).toEqual([
      {
        field: 'programHighlights',
        message: 'Each highlight must be at most 160 characters: highlight 2 has 161.',
      },
    ]);
    expect(draftFieldErrors(draft({ programHighlights: ['x'.repeat(160)] }))).toEqual([]);
  });

  it('an outcome without a Y-BOCS or CY-BOCS measure is named at the measure', () => {
    const d = draft({
      scoreDirection: 'fell',
      scorePoints: '10',
      scoreChangeYear: '2025',
      scoreChangeSample: '40',
    });
    expect(draftFieldErrors(d)).toEqual([
      { field: 'outcomeMeasure', message: OUTCOME_MESSAGES.outcomeMeasureForChange },
    ]);
    expect(draftFieldErrors({ ...d, scorePoints: '0' }).map((e) => e.field)).toEqual([
      'scorePoints',
      'outcomeMeasure',
    ]);
  });
});

describe('the outcome preview: what families will read', () => {
  const complete = draft({
    outcomeMeasure: 'Y-BOCS',
    scoreDirection: 'fell',
    scorePoints: '11',
    scoreChangeYear: '2025',
    scoreChangeSample: '64',
  });
  it.each([
    [
      'a fall',
      complete,
      "Symptoms eased: the median patient's Y-BOCS score fell 11 points from admission to discharge (lower scores mean milder OCD; 2025 figures, 64 patients)",
    ],
    [
      'a rise',
      { ...complete, scoreDirection: 'rose' as const, scorePoints: '2' },
      "Symptoms worsened: the median patient's Y-BOCS score rose 2 points from admission to discharge (higher scores mean more severe OCD; 2025 figures, 64 patients)",
    ],
    [
      'no change',
      { ...complete, scoreDirection: 'unchanged' as const, scorePoints: '' },
      "No change: the median patient's Y-BOCS score was the same at admission and at discharge (2025 figures, 64 patients)",
    ],
    ['an incomplete outcome', { ...complete, scoreChangeSample: '' }, null],
    ['points out of range', { ...complete, scorePoints: '41' }, null],
  ])('%s', (_label, d, expected) => {
    expect(outcomePreview(d)).toBe(expected);
  });
});

describe("the server's field names in the builder", () => {
  it('maps snake_case and list entries to the draft fields, the first message winning', () => {
    expect(
      serverFieldErrors({
        score_direction: 'a',
        score_points: 'b',
        clinical_approach: 'c',
        'program_highlights.2': 'd',
        program_highlights: 'e',
        team_composition: 'f',
        'images.0': 'g',
      }),
    ).toEqual({
      scoreDirection: 'a',
      scorePoints: 'b',
      clinicalApproach: 'c',
      programHighlights: 'd',
      teamComposition: 'f',
      images: 'g',
    });
  });

  it.each([
    ['programHighlights', 'basic'],
    ['clinicalApproach', 'treatment'],
    ['teamComposition', 'treatment'],
    ['scoreDirection', 'treatment'],
    ['scorePoints', 'treatment'],
    ['capacity', 'program'],
    ['genderSpecific', 'program'],
    ['city', 'location'],
    ['license', 'credentials'],
    ['logo', 'media'],
  ] as const)('a message on %s opens the %s tab', (field, tab) => {
    expect(tabOf(field)).toBe(tab);
  });

  it('seven tabs for a program serving minors, six otherwise', () => {
    expect(visibleTabs(draft({ ageGroups: ['Adolescents'] }))).toHaveLength(7);
    expect(visibleTabs(draft({ ageGroups: ['Adults'] })).map((t) => t.id)).not.toContain('youth');
  });
});
