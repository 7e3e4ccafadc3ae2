/**
 * The provider dashboard's pure rules: tabs in the address, the listing draft (storage, parsing,
 * API body, field checks), the engagement chart's scaling, and what the file inputs accept.
 */
import { describe, expect, it } from 'vitest';
import {
  draftFieldErrors,
  draftFromListing,
  EMPTY_DRAFT,
  isEmptyDraft,
  listingBody,
  type ListingDraft,
  hasYouthFacts,
  rangedNumber,
  servesMinors,
} from '../../../../src/features/provider-dashboard/draft.ts';
import type { Listing } from '../../../../src/api/contracts/listings.ts';
import {
  clearDraft,
  draftKey,
  loadDraft,
  parseDraft,
  saveDraft,
} from '../../../../src/features/provider-dashboard/listing-builder/draft-storage.ts';
import {
  AVAILABILITY_CHOICES,
  availabilityBody,
  availabilityFromRow,
  confirmBody,
  listingsToConfirm,
  localDay,
} from '../../../../src/features/provider-dashboard/availability.ts';
import { AVAILABILITY_MESSAGES } from '../../../../src/lib/provider-rules.ts';
import { listingRangeMessage, OUTCOME_MESSAGES } from '../../../../src/lib/provider-schemas.ts';
import {
  barPercent,
  engagementRows,
  largestCount,
} from '../../../../src/features/provider-dashboard/engagement.ts';
import {
  DEFAULT_TAB,
  searchWithTab,
  tabFromSearch,
  TABS,
} from '../../../../src/features/provider-dashboard/tabs.ts';
import { tabIndexAfterKey } from '../../../../src/lib/tabs.ts';
import {
  acceptOf,
  formatBytes,
  MAX_UPLOAD_BYTES,
  uploadProblem,
} from '../../../../src/features/provider-dashboard/uploads.ts';

/** A Storage backed by a Map; `failing` makes every call throw like a blocked or full storage. */
function memoryStorage(failing = false): Storage {
  const map = new Map<string, string>();
  const guard = () => {
    if (failing) throw new DOMException('blocked', 'SecurityError');
  };
  return {
    get length() {
      return map.size;
    },
    clear: () => {
      map.clear();
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => (guard(), map.get(k) ?? null),
    setItem: (k: string, v: string) => {
      guard();
      map.set(k, v);
    },
    removeItem: (k: string) => {
      guard();
      map.delete(k);
    },
  };
}

const draft = (overrides: Partial<ListingDraft>): ListingDraft => ({ ...EMPTY_DRAFT, ...overrides });

describe('dashboard tabs in the address', () => {
  it.each([
    ['', 'overview'],
    ['?tab=listings', 'listings'],
    ['?tab=roi-calculator&x=1', 'roi-calculator'],
    ['?tab=billing', 'billing'],
    ['?tab=contacts', 'contacts'],
    ['?tab=unknown', 'overview'],
    ['?tab=', 'overview'],
    ['?tab=LISTINGS', 'overview'],
  ])('%s → %s', (search, tab) => {
    expect(tabFromSearch(search)).toBe(tab);
  });

  it('has its six tabs, overview first', () => {
    expect(TABS.map((t) => t.id)).toEqual([
      'overview',
      'verification',
      'listings',
      'contacts',
      'roi-calculator',
      'billing',
    ]);
    expect(DEFAULT_TAB).toBe('overview');
  });

  it.each([
    ['', 'listings', '?tab=listings'],
    ['?tab=listings', 'overview', ''],
    ['?x=1&tab=overview', 'billing', '?x=1&tab=billing'],
    ['?x=1&tab=billing', 'overview', '?x=1'],
  ] as const)('searchWithTab(%s, %s) → %s', (search, tab, expected) => {
    expect(searchWithTab(search, tab)).toBe(expected);
  });

  it.each([
    ['ArrowRight', 0, 6, 1],
    ['ArrowRight', 5, 6, 0],
    ['ArrowLeft', 0, 6, 5],
    ['ArrowLeft', 3, 6, 2],
    ['Home', 4, 6, 0],
    ['End', 1, 6, 5],
    ['Enter', 1, 6, null],
    ['a', 1, 6, null],
  ])('key %s from %i of %i → %s', (key, index, length, expected) => {
    expect(tabIndexAfterKey(key, index, length)).toBe(expected);
  });
});

describe('listing draft storage', () => {
  it('saves, restores and clears per user; another user sees nothing', () => {
    const storage = memoryStorage();
    const now = new Date('2026-11-22T10:00:00Z');
    const saved = saveDraft(storage, 'user-a', draft({ centerName: 'Harbor', modalities: ['ERP'] }), now);
    expect(saved?.lastSaved).toBe('2026-11-22T10:00:00.000Z');
    expect(loadDraft(storage, 'user-a')).toMatchObject({
      centerName: 'Harbor',
      modalities: ['ERP'],
      lastSaved: saved?.lastSaved,
    });
    expect(loadDraft(storage, 'user-b')).toEqual(EMPTY_DRAFT);
    clearDraft(storage, 'user-a');
    expect(loadDraft(storage, 'user-a')).toEqual(EMPTY_DRAFT);
  });

  it('a blocked storage gives no saved draft and an empty restore, never an exception', () => {
    const storage = memoryStorage(true);
    expect(saveDraft(storage, 'u', draft({ centerName: 'X' }), new Date())).toBeNull();
    expect(saveDraft(undefined, 'u', draft({ centerName: 'X' }), new Date())).toBeNull();
    expect(loadDraft(storage, 'u')).toEqual(EMPTY_DRAFT);
    expect(() => {
      clearDraft(storage, 'u');
    }).not.toThrow();
  });

  it('keys by user', () => {
    expect(draftKey('abc')).toBe('ocd-directory-listing-draft:abc');
  });

  it.each([
    ['null', null],
    ['not JSON', '{'],
    ['an array', '[1,2]'],
    ['a number', '42'],
    ['JSON null', 'null'],
  ])('parses %s as an empty draft', (_, raw) => {
    expect(parseDraft(raw)).toEqual(EMPTY_DRAFT);
  });

  it('keeps only known options and text fields, drops foreign values', () => {
    const parsed = parseDraft(
      JSON.stringify({
        centerName: 'A',
        description: 42,
        ageGroups: ['Adults', 'Martians', 7],
        modalities: ['ERP', 'Hypnosis'],
        insurance: 'Medicaid',
        setting: 'Spa',
        genderSpecific: 'Co-ed',
        images: ['https://a.example/x.jpg', 3],
        listingId: 'not-a-uuid',
        lastSaved: 'yesterday',
        isDraft: false,
      }),
    );
    expect(parsed).toMatchObject({
      centerName: 'A',
      description: '',
      ageGroups: ['Adults'],
      modalities: ['ERP'],
      insurance: [],
      setting: '',
      genderSpecific: 'Co-ed',
      images: ['https://a.example/x.jpg'],
      listingId: null,
      lastSaved: null,
      isDraft: true,
    });
  });

  it('cuts overlong text at 5000 characters', () => {
    expect(parseDraft(JSON.stringify({ description: 'x'.repeat(6000) })).description).toHaveLength(5000);
  });

  it('isEmptyDraft: only a draft with nothing typed or chosen', () => {
    expect(isEmptyDraft(EMPTY_DRAFT)).toBe(true);
    expect(isEmptyDraft(draft({ centerName: '  ' }))).toBe(true);
    expect(isEmptyDraft(draft({ city: 'Boston' }))).toBe(false);
    expect(isEmptyDraft(draft({ insurance: ['Medicaid'] }))).toBe(false);
    expect(isEmptyDraft(draft({ setting: 'Residential' }))).toBe(false);
    expect(isEmptyDraft(draft({ listingId: '00000000-0000-4000-8000-000000000000' }))).toBe(false);
  });
});

describe('listing body', () => {
  it('trims, leaves out blank optional fields and converts capacity', () => {
    const body = listingBody(
      draft({
        centerName: '  Harbor House ',
        description: ' ERP for teens ',
        phone: ' (555) 010-0100 ',
        email: '  ',
        website: ' https://harbor.example ',
        capacity: ' 24 ',
        setting: 'Residential',
        images: [' https://harbor.example/a.jpg ', '  '],
        ageGroups: ['Adolescents'],
      }),
    );
    expect(body).toEqual({
      center_name: 'Harbor House',
      description: 'ERP for teens',
      phone: '(555) 010-0100',
      website: 'https://harbor.example',
      capacity: 24,
      setting: 'Residential',
      images: ['https://harbor.example/a.jpg'],
      program_highlights: [],
      age_groups: ['Adolescents'],
      modalities: [],
      insurance: [],
      accreditations: [],
    });
  });

  it('carries uploads as their API paths', () => {
    const url = '/api/provider/uploads/00000000-0000-4000-8000-000000000001';
    expect(listingBody(draft({ logo: url, license: url }))).toMatchObject({
      logo_url: url,
      license_url: url,
    });
  });
});

describe('draftFieldErrors', () => {
  it.each([
    [{ capacity: '0' }, 'capacity'],
    [{ capacity: '501' }, 'capacity'],
    [{ capacity: '2.5' }, 'capacity'],
    [{ capacity: 'twenty' }, 'capacity'],
    [{ zipCode: '1234' }, 'zipCode'],
    [{ zipCode: '12345-12' }, 'zipCode'],
    [{ email: 'nope' }, 'email'],
    [{ website: 'harbor.example' }, 'website'],
    [{ website: 'javascript:alert(1)' }, 'website'],
    [{ images: ['ftp://x.example/a.jpg'] }, 'images'],
  ] as [Partial<ListingDraft>, keyof ListingDraft][])('%o → %s', (fields, field) => {
    expect(draftFieldErrors(draft(fields)).map((e) => e.field)).toEqual([field]);
  });

  it.each([
    [{}],
    [{ capacity: '1' }],
    [{ capacity: '500' }],
    [{ zipCode: '02139' }],
    [{ zipCode: '02139-1234' }],
    [{ email: 'admissions@harbor.example' }],
    [{ website: 'https://harbor.example/about' }],
    [{ images: ['https://harbor.example/a.jpg', ''] }],
  ] as [Partial<ListingDraft>][])('%o has no problem', (fields) => {
    expect(draftFieldErrors(draft(fields))).toEqual([]);
  });
});

describe('draftFromListing', () => {
  it('puts a submitted listing back in the builder, keeping its id', () => {
    const row: Listing = {
      id: '00000000-0000-4000-8000-000000000002',
      provider_id: '00000000-0000-4000-8000-000000000001',
      center_name: 'Harbor',
      description: 'D',
      phone: '555',
      email: null,
      website: 'https://h.example',
      address: null,
      city: 'Boston',
      state: 'MA',
      zip_code: '02139',
      age_groups: ['Adults', 'Aliens'],
      gender_specific: 'Co-ed',
      setting: 'Residential',
      capacity: 12,
      avg_length: null,
      modalities: ['ERP'],
      staff_ratio: null,
      medical_support: null,
      insurance: ['Medicare'],
      financial_aid: null,
      logo_url: null,
      images: [],
      accreditations: ['CARF'],
      license_url: '/api/provider/uploads/00000000-0000-4000-8000-000000000003',
      status: 'rejected',
      submitted_at: null,
      reviewed_at: null,
      reviewer_notes: 'Add a phone',
      published_program_id: null,
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
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
    };
    const d = draftFromListing(row);
    expect(d).toMatchObject({
      listingId: row.id,
      centerName: 'Harbor',
      email: '',
      capacity: '12',
      ageGroups: ['Adults'],
      license: row.license_url,
      licenseName: 'Current license',
      logo: '',
    });
    expect(listingBody(d).capacity).toBe(12);
  });
});

describe('treatment fidelity and youth-safety fields in the draft', () => {
  const FACTS: Partial<ListingDraft> = {
    erpHoursPerWeek: ' 12.5 ',
    individualSessionsPerWeek: '3',
    specialisedCliniciansPercent: '80',
    outcomeMeasure: 'Y-BOCS',
    scoreDirection: 'fell',
    scorePoints: '11.5',
    scoreChangeYear: '2025',
    scoreChangeSample: '48',
    familySessionsPerWeek: '1',
    familyAccommodationWork: 'no',
    licenseNumber: ' 12345 ',
    licenseAgency: 'DCF',
    restraintPolicy: 'Never seclusion.\nRestraint as a last resort.',
    parentContactPolicy: 'Daily calls',
    schooling: 'On-site, accredited credits',
    transportEscort: 'No escort services',
  };

  it('survive Save Draft and a reload', () => {
    const storage = memoryStorage();
    const saved = saveDraft(storage, 'u1', draft(FACTS), new Date('2026-11-22T10:00:00Z'));
    expect(saved).not.toBeNull();
    expect(loadDraft(storage, 'u1')).toMatchObject(FACTS);
    expect(isEmptyDraft(draft({ outcomeMeasure: 'none' }))).toBe(false);
    expect(isEmptyDraft(draft({ familyAccommodationWork: 'yes' }))).toBe(false);
    expect(isEmptyDraft(draft({ schooling: 'On-site' }))).toBe(false);
  });

  it('a stored draft with foreign values keeps only the known choices', () => {
    const parsed = parseDraft(
      JSON.stringify({ outcomeMeasure: 'HAM-A', familyAccommodationWork: true, erpHoursPerWeek: 12 }),
    );
    expect(parsed).toMatchObject({ outcomeMeasure: '', familyAccommodationWork: '', erpHoursPerWeek: '' });
  });

  it('become the API body: numbers, the yes/no as a boolean, trimmed text; blanks left out', () => {
    const body = listingBody(draft({ ...FACTS, centerName: 'A', description: 'B', phone: '5' }));
    expect(body).toMatchObject({
      erp_hours_per_week: 12.5,
      individual_sessions_per_week: 3,
      specialised_clinicians_percent: 80,
      outcome_measure: 'Y-BOCS',
      score_direction: 'fell',
      score_points: 11.5,
      score_change_year: 2025,
      score_change_sample: 48,
      family_sessions_per_week: 1,
      family_accommodation_work: false,
      license_number: '12345',
      license_agency: 'DCF',
      restraint_policy: 'Never seclusion.\nRestraint as a last resort.',
      parent_contact_policy: 'Daily calls',
      schooling: 'On-site, accredited credits',
      transport_escort: 'No escort services',
    });
    const empty = listingBody(draft({ erpHoursPerWeek: '0', familyAccommodationWork: 'yes' }));
    expect(empty.erp_hours_per_week).toBe(0);
    expect(empty.family_accommodation_work).toBe(true);
    expect(Object.keys(listingBody(draft({})))).not.toContain('outcome_measure');
    expect(Object.keys(listingBody(draft({})))).not.toContain('schooling');
  });

  it('come back from a submitted listing and round-trip to the same body', () => {
    const row = {
      id: '00000000-0000-4000-8000-000000000009',
      provider_id: '00000000-0000-4000-8000-000000000001',
      center_name: 'Harbor',
      description: 'D',
      phone: '555',
      email: null,
      website: null,
      address: null,
      city: null,
      state: null,
      zip_code: null,
      age_groups: ['Adolescents'],
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
      erp_hours_per_week: 12.5,
      individual_sessions_per_week: 3,
      specialised_clinicians_percent: 80,
      outcome_measure: 'CY-BOCS',
      score_direction: 'rose',
      score_points: 11.5,
      score_change_year: 2025,
      score_change_sample: 48,
      family_sessions_per_week: 0,
      family_accommodation_work: true,
      license_number: '12345',
      license_agency: 'DCF',
      restraint_policy: 'None',
      parent_contact_policy: 'Daily',
      schooling: 'On-site',
      transport_escort: 'No',
      clinical_approach: 'ERP every day.',
      program_highlights: ['Daily ERP', 'Family weekends'],
      team_composition: '2 psychiatrists',
      status: 'approved',
      submitted_at: null,
      reviewed_at: null,
      reviewer_notes: null,
      published_program_id: null,
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
      availability: null,
      publication: null,
    } satisfies Listing;
    const d = draftFromListing(row);
    expect(d).toMatchObject({
      erpHoursPerWeek: '12.5',
      familySessionsPerWeek: '0',
      outcomeMeasure: 'CY-BOCS',
      familyAccommodationWork: 'yes',
      scoreDirection: 'rose',
      scorePoints: '11.5',
      licenseNumber: '12345',
      clinicalApproach: 'ERP every day.',
      programHighlights: ['Daily ERP', 'Family weekends'],
      teamComposition: '2 psychiatrists',
    });
    const body = listingBody(d);
    for (const key of [
      'erp_hours_per_week',
      'individual_sessions_per_week',
      'specialised_clinicians_percent',
      'outcome_measure',
      'score_direction',
      'score_points',
      'score_change_year',
      'score_change_sample',
      'family_sessions_per_week',
      'family_accommodation_work',
      'license_number',
      'license_agency',
      'restraint_policy',
      'parent_contact_policy',
      'schooling',
      'transport_escort',
      'clinical_approach',
      'program_highlights',
      'team_composition',
    ] as const)
      expect(body[key], key).toEqual(row[key]);
    // A listing row without these columns gives blanks.
    const old = draftFromListing({
      ...row,
      erp_hours_per_week: null,
      outcome_measure: null,
      family_accommodation_work: null,
    });
    expect(old).toMatchObject({ erpHoursPerWeek: '', outcomeMeasure: '', familyAccommodationWork: '' });
  });

  it.each([
    [{ erpHoursPerWeek: '81' }, ['erpHoursPerWeek']],
    [{ erpHoursPerWeek: '12.25' }, ['erpHoursPerWeek']],
    [{ erpHoursPerWeek: 'lots' }, ['erpHoursPerWeek']],
    [{ individualSessionsPerWeek: '-1' }, ['individualSessionsPerWeek']],
    [{ specialisedCliniciansPercent: '50.5' }, ['specialisedCliniciansPercent']],
    [{ familySessionsPerWeek: '15' }, ['familySessionsPerWeek']],
    [
      { outcomeMeasure: 'Y-BOCS', scoreDirection: 'fell' },
      ['scorePoints', 'scoreChangeYear', 'scoreChangeSample'],
    ],
    [
      { outcomeMeasure: 'Y-BOCS', scoreChangeYear: '2025', scoreChangeSample: '30' },
      ['scoreDirection', 'scorePoints'],
    ],
    [
      {
        outcomeMeasure: 'Y-BOCS',
        scoreDirection: 'fell',
        scorePoints: '10',
        scoreChangeYear: '1980',
        scoreChangeSample: '30',
      },
      ['scoreChangeYear'],
    ],
    [
      {
        outcomeMeasure: 'Y-BOCS',
        scoreDirection: 'fell',
        scorePoints: '10',
        scoreChangeYear: '2025',
        scoreChangeSample: '0',
      },
      ['scoreChangeSample'],
    ],
  ] as [Partial<ListingDraft>, (keyof ListingDraft)[]][])('%o → %o', (fields, problems) => {
    expect(draftFieldErrors(draft(fields)).map((e) => e.field)).toEqual(problems);
  });

  it("the messages are the API schema's", () => {
    expect(draftFieldErrors(draft({ erpHoursPerWeek: '81' }))[0]?.message).toBe(
      listingRangeMessage('erp_hours_per_week'),
    );
    expect(draftFieldErrors(draft({ outcomeMeasure: 'Y-BOCS', scorePoints: '1' }))[0]?.message).toBe(
      OUTCOME_MESSAGES.outcomeIncomplete,
    );
    expect(draftFieldErrors(draft({ ...FACTS }))).toEqual([]);
  });

  it('servesMinors and hasYouthFacts decide whether the builder shows the youth-safety tab', () => {
    expect(servesMinors(['Adolescents'])).toBe(true);
    expect(servesMinors(['Children', 'Adults'])).toBe(true);
    expect(servesMinors(['Young Adults', 'Adults'])).toBe(false);
    expect(hasYouthFacts(draft({}))).toBe(false);
    expect(hasYouthFacts(draft({ schooling: ' ' }))).toBe(false);
    expect(hasYouthFacts(draft({ licenseAgency: 'DCF' }))).toBe(true);
  });
});

describe('rangedNumber (the builder reads a typed number against LISTING_RANGES)', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it.each([
    ['erp_hours_per_week', '', null],
    ['erp_hours_per_week', ' 12.5 ', 12.5],
    ['erp_hours_per_week', '0', 0],
    ['erp_hours_per_week', '80', 80],
    ['erp_hours_per_week', '80.5', undefined],
    ['erp_hours_per_week', '12.3', undefined],
    ['erp_hours_per_week', '1e1', undefined],
    ['erp_hours_per_week', '0x10', undefined],
    ['erp_hours_per_week', '.5', 0.5],
    ['specialised_clinicians_percent', '99.5', undefined],
    ['score_points', '40', 40],
    ['score_points', '-1', undefined],
    ['score_change_year', '2026', 2026],
    ['score_change_year', '2027', undefined],
    ['score_change_sample', '10000', 10_000],
    ['score_change_sample', '10001', undefined],
    ['capacity', '500', 500],
    ['capacity', '501', undefined],
  ] as const)('%s %o → %o', (field, text, expected) => {
    expect(rangedNumber(field, text, now)).toBe(expected);
  });
});

describe('availability card rules', () => {
  it('dates the API row on the local day and reads it with the shared rule', () => {
    const row = { status: 'waitlist', wait_weeks: 3, confirmed_at: '2026-11-12T15:00:00.000Z' } as const;
    const a = availabilityFromRow(row);
    expect(a).toEqual({
      status: 'waitlist',
      waitWeeks: 3,
      confirmedOn: localDay(new Date(row.confirmed_at)),
    });
    expect(availabilityFromRow(null)).toBeNull();
    expect(availabilityFromRow({ ...row, confirmed_at: 'nope' })).toBeNull();
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('builds the body of a change: weeks only for a wait list, 1–104 whole weeks', () => {
    expect(availabilityBody('open', '4')).toEqual({ body: { status: 'open' } });
    expect(availabilityBody('waitlist', ' 4 ')).toEqual({ body: { status: 'waitlist', wait_weeks: 4 } });
    expect(availabilityBody('waitlist', '')).toEqual({ body: { status: 'waitlist', wait_weeks: null } });
    for (const bad of ['0', '105', '2.5', 'soon'])
      expect(availabilityBody('waitlist', bad)).toEqual({ error: AVAILABILITY_MESSAGES.waitWeeks });
  });

  it('"Still accurate" sends the stored state again', () => {
    expect(confirmBody({ status: 'waitlist', wait_weeks: 6, confirmed_at: 'x' })).toEqual({
      status: 'waitlist',
      wait_weeks: 6,
    });
    expect(confirmBody({ status: 'open', wait_weeks: null, confirmed_at: 'x' })).toEqual({ status: 'open' });
  });

  it('the overview asks to confirm published listings that are stale or never stated', () => {
    const at = (day: string) => `${day}T12:00:00`;
    const open = (day: string) => ({ status: 'open', wait_weeks: null, confirmed_at: at(day) }) as const;
    const listings = [
      { id: 'a', status: 'approved', availability: null },
      { id: 'b', status: 'approved', availability: open('2026-10-01') },
      { id: 'c', status: 'approved', availability: open('2026-11-01') },
      { id: 'd', status: 'pending', availability: null },
    ] as const;
    expect(listingsToConfirm(listings, '2026-11-22')).toEqual(['a', 'b']);
  });

  it("the change form offers the three states with the site's labels", () => {
    expect(AVAILABILITY_CHOICES.map((c) => c.label)).toEqual(['Beds open now', 'Wait list', 'Not admitting']);
  });
});

describe('engagement chart', () => {
  const counts = [
    { program_id: 'a', views: 40, website_clicks: 4, call_clicks: 0, info_requests: 1 },
    { program_id: 'b', views: 0, website_clicks: 0, call_clicks: 0, info_requests: 0 },
  ];

  it('names rows by listing, else by program id, with totals', () => {
    const rows = engagementRows(counts, (id) => (id === 'a' ? 'Harbor' : undefined));
    expect(rows.map((r) => [r.name, r.total])).toEqual([
      ['Harbor', 45],
      ['b', 0],
    ]);
  });

  it.each([
    [40, 40, 100],
    [4, 40, 10],
    [1, 400, 1],
    [0, 40, 0],
    [5, 0, 0],
    [Number.NaN, 10, 0],
  ])('barPercent(%d, %d) = %d', (value, max, percent) => {
    expect(barPercent(value, max)).toBe(percent);
  });

  it('largestCount looks at every metric', () => {
    expect(largestCount(counts)).toBe(40);
    expect(largestCount([])).toBe(0);
  });
});

describe('uploads accepted by the builder', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it.each([
    ['logo', file('logo.png', 'image/png')],
    ['logo', file('logo.JPG', 'image/jpeg')],
    ['logo', file('logo.webp', 'image/webp')],
    ['license', file('license.pdf', 'application/pdf')],
    ['license', file('license.jpeg', 'image/jpeg')],
    ['license', file('license.png', 'image/png', MAX_UPLOAD_BYTES)],
  ] as const)('%s accepts %o', (kind, f) => {
    expect(uploadProblem(kind, f)).toBeNull();
  });

  it.each([
    ['logo', file('logo.pdf', 'application/pdf'), 'Logo must be a PNG, JPEG or WebP image'],
    ['logo', file('logo.gif', 'image/gif'), 'Logo must be'],
    ['logo', file('setup.exe', 'image/png'), 'Logo must be'],
    ['license', file('license.webp', 'image/webp'), 'License must be a PDF, PNG or JPEG file'],
    ['license', file('license.pdf', 'application/pdf', 0), 'is empty'],
    ['license', file('license.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1), 'at most 5 MB'],
  ] as const)('%s refuses %o', (kind, f, message) => {
    expect(uploadProblem(kind, f)).toContain(message);
  });

  it('accept lists the types and extensions', () => {
    expect(acceptOf('license')).toBe('application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg');
  });

  it.each([
    [12, '12 bytes'],
    [1, '1 byte'],
    [2048, '2 KB'],
    [6 * 1024 * 1024, '6.0 MB'],
  ])('formatBytes(%d) = %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
