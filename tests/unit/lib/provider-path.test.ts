/**
 * The provider's overview rules (src/lib/provider-rules.ts): how complete a listing is, from its
 * real fields, and the checklist from profile to published listing, for each combination of
 * listing, review, verification and publication state.
 */
import { describe, expect, it } from 'vitest';
import {
  COMPLETENESS_RULES,
  focusListing,
  listingCompleteness,
  PATH_TITLES,
  providerPath,
  type CompletenessListing,
  type PathInput,
  type PathListing,
  type PathPublication,
  type PathStepId,
  type PathStepState,
} from '../../../src/lib/provider-rules.ts';

/** A listing stating every fact families use, for a program serving adults. */
const COMPLETE: CompletenessListing = {
  center_name: 'Harbor House',
  description: 'Residential ERP for adults.',
  phone: '(555) 010-0150',
  website: 'https://harbor.example',
  address: '1 Harbor Road',
  city: 'Portland',
  state: 'ME',
  zip_code: '04101',
  age_groups: ['Adults'],
  gender_specific: 'Co-ed',
  setting: 'Residential',
  capacity: 16,
  avg_length: '30-60 days',
  modalities: ['ERP'],
  insurance: ['Private Pay'],
  financial_aid: 'Sliding scale',
  clinical_approach: 'ERP every day.',
  program_highlights: ['Daily ERP'],
  team_composition: 'Two psychiatrists and six therapists.',
  erp_hours_per_week: 15,
  individual_sessions_per_week: 3,
  family_sessions_per_week: 1,
  specialised_clinicians_percent: 90,
  outcome_measure: 'Y-BOCS',
  score_points: 11,
  score_change_year: 2025,
  score_change_sample: 64,
  logo_url: '/api/provider/uploads/00000000-0000-0000-0000-000000000001',
  images: ['https://harbor.example/house.jpg'],
  accreditations: ['CARF'],
  license_url: '/api/provider/uploads/00000000-0000-0000-0000-000000000002',
  availability: { status: 'open' },
};

const YOUTH: CompletenessListing = {
  license_number: 'ME-123',
  license_agency: 'Maine DHHS',
  restraint_policy: 'Never.',
  parent_contact_policy: 'Daily calls.',
  schooling: 'Accredited school on site.',
  transport_escort: 'None.',
};

const ADULT_TOTAL = COMPLETENESS_RULES.filter((r) => !r.minorsOnly).length;

describe('listingCompleteness', () => {
  it('a provider with no listing: 0 %, every fact for adults and children alike missing but the youth facts', () => {
    const result = listingCompleteness(null);
    expect(result.percent).toBe(0);
    expect(result.stated).toBe(0);
    expect(result.total).toBe(ADULT_TOTAL);
    expect(result.missing.map((m) => m.id)).not.toContain('youth_safety');
    expect(result.missing).toHaveLength(ADULT_TOTAL);
    expect(result.missing.find((m) => m.id === 'insurance')).toEqual({
      id: 'insurance',
      label: 'Insurance accepted',
      why: 'Families filter by it.',
      neededToPublish: true,
    });
  });

  it('every rule has a label and one line on why families need it', () => {
    for (const rule of COMPLETENESS_RULES) {
      expect(rule.label.trim()).not.toBe('');
      expect(rule.why).toMatch(/^[A-Z“].*\.$/);
    }
  });

  it('a complete adult listing: 100 %, nothing missing', () => {
    expect(listingCompleteness(COMPLETE)).toEqual({
      percent: 100,
      stated: ADULT_TOTAL,
      total: ADULT_TOTAL,
      missing: [],
    });
  });

  it('a draft with only its name, description and phone (the fields Submit needs) is far from complete', () => {
    const result = listingCompleteness({
      center_name: 'Harbor House',
      description: 'Residential ERP.',
      phone: '555',
      age_groups: [],
      modalities: [],
      insurance: [],
      images: [],
      accreditations: [],
      program_highlights: [],
      availability: null,
    });
    expect(result.stated).toBe(3);
    expect(result.percent).toBe(Math.floor((3 / ADULT_TOTAL) * 100));
    expect(result.percent).toBeLessThan(20);
  });

  it('rounds down: one fact missing is never shown as 100 %', () => {
    const result = listingCompleteness({ ...COMPLETE, website: null });
    expect(result.percent).toBe(Math.floor(((ADULT_TOTAL - 1) / ADULT_TOTAL) * 100));
    expect(result.percent).toBeLessThan(100);
    expect(result.missing.map((m) => m.id)).toEqual(['website']);
  });

  it.each<[string, CompletenessListing, string[]]>([
    ['blank text counts as missing', { center_name: '   ' }, ['center_name']],
    ['invisible text counts as missing', { description: '\u200b\u200b' }, ['description']],
    ['an address without its ZIP code', { zip_code: '' }, ['address']],
    ['an address without its city', { city: null }, ['address']],
    ['no age group', { age_groups: [] }, ['age_groups']],
    ['a blank age group only', { age_groups: [' '] }, ['age_groups']],
    ['no insurance option', { insurance: [] }, ['insurance']],
    ['no modality', { modalities: null }, ['modalities']],
    ['capacity not stated', { capacity: null }, ['capacity']],
    ['ERP hours 0 are stated', { erp_hours_per_week: 0 }, []],
    ['ERP hours not stated', { erp_hours_per_week: null }, ['erp_hours_per_week']],
    ['family sessions not stated', { family_sessions_per_week: null }, ['sessions']],
    ['individual sessions not stated', { individual_sessions_per_week: null }, ['sessions']],
    [
      'trained clinicians not stated',
      { specialised_clinicians_percent: null },
      ['specialised_clinicians_percent'],
    ],
    ['no outcome measure', { outcome_measure: null }, ['outcomes']],
    ['"we do not measure" is an answer', { outcome_measure: 'none', score_points: null }, []],
    ['a measure without its figure', { score_points: null }, ['outcomes']],
    ['a measure without its year', { score_change_year: null }, ['outcomes']],
    ['a measure without its sample', { score_change_sample: null }, ['outcomes']],
    ['an older row with a signed change', { score_points: null, score_change: -11 }, []],
    ['a CY-BOCS figure', { outcome_measure: 'CY-BOCS' }, []],
    ['no clinical approach', { clinical_approach: '' }, ['clinical_approach']],
    ['no highlight', { program_highlights: [] }, ['program_highlights']],
    ['no team', { team_composition: null }, ['team_composition']],
    ['no logo', { logo_url: null }, ['logo_url']],
    ['no photo', { images: [] }, ['images']],
    ['no accreditation', { accreditations: [] }, ['accreditations']],
    ['no license document', { license_url: null }, ['license_url']],
    ['availability never stated', { availability: null }, ['availability']],
    ['who it serves not chosen', { gender_specific: null }, ['gender_specific']],
    ['no setting', { setting: '' }, ['setting']],
    ['no length of stay', { avg_length: null }, ['avg_length']],
    ['no financial aid', { financial_aid: null }, ['financial_aid']],
    ['no phone', { phone: '' }, ['phone']],
  ])('%s → missing %j', (_name, change, missing) => {
    expect(listingCompleteness({ ...COMPLETE, ...change }).missing.map((m) => m.id)).toEqual(missing);
  });

  it.each<[string, CompletenessListing, number, string[]]>([
    ['adolescents, youth facts missing', { age_groups: ['Adolescents'] }, ADULT_TOTAL + 1, ['youth_safety']],
    [
      'children, youth facts missing',
      { age_groups: ['Children', 'Adults'] },
      ADULT_TOTAL + 1,
      ['youth_safety'],
    ],
    ['adolescents with every youth fact', { age_groups: ['Adolescents'], ...YOUTH }, ADULT_TOTAL + 1, []],
    [
      'adolescents with one youth fact missing',
      { age_groups: ['Adolescents'], ...YOUTH, schooling: '' },
      ADULT_TOTAL + 1,
      ['youth_safety'],
    ],
    ['young adults: no youth facts asked', { age_groups: ['Young Adults'] }, ADULT_TOTAL, []],
  ])('%s', (_name, change, total, missing) => {
    const result = listingCompleteness({ ...COMPLETE, ...change });
    expect(result.total).toBe(total);
    expect(result.missing.map((m) => m.id)).toEqual(missing);
  });

  it('marks what the site team needs before publishing', () => {
    const needed = COMPLETENESS_RULES.filter((r) => r.neededToPublish).map((r) => r.id);
    expect(needed).toEqual([
      'center_name',
      'description',
      'phone',
      'address',
      'age_groups',
      'gender_specific',
      'setting',
      'avg_length',
      'modalities',
      'insurance',
    ]);
  });
});

// ─── the checklist ──────────────────────────────────────────────────────────────────────────────

const CREATED = '2026-11-01T10:00:00.000Z';

function input(overrides: {
  status?: string;
  verified_at?: string | null;
  requests?: PathInput['verificationRequests'];
  listings?: PathListing[];
  provider?: Partial<PathInput['provider']>;
}): PathInput {
  return {
    provider: {
      organization_name: 'Harbor House OCD Center',
      contact_name: 'Jordan Lee',
      email: 'jordan@harbor.example',
      created_at: CREATED,
      verification_status: overrides.status ?? 'unverified',
      verified_at: overrides.verified_at ?? null,
      ...overrides.provider,
    },
    verificationRequests: overrides.requests ?? [],
    listings: overrides.listings ?? [],
  };
}

function listing(id: string, status: string, extra: Partial<PathListing> = {}): PathListing {
  return {
    id,
    center_name: `Listing ${id}`,
    status,
    created_at: '2026-11-02T10:00:00.000Z',
    submitted_at: status === 'draft' ? null : '2026-11-03T10:00:00.000Z',
    reviewer_notes: null,
    publication: null,
    ...extra,
  };
}

function publication(state: PathPublication['state'], extra: Partial<PathPublication> = {}): PathPublication {
  return {
    state,
    state_reason: null,
    state_changed_at: '2026-11-05T10:00:00.000Z',
    reviewed_at: '2026-11-04T10:00:00.000Z',
    first_published_at: '2026-11-04T10:00:00.000Z',
    ...extra,
  };
}

const ORDER: PathStepId[] = [
  'profile',
  'listing',
  'submitted',
  'verification-requested',
  'verified',
  'published',
];

/** The states in the checklist's order, as one short string: d(one) c(urrent) w(aiting) t(odo). */
function states(p: PathInput): string {
  const letter: Record<PathStepState, string> = { done: 'd', current: 'c', waiting: 'w', todo: 't' };
  return providerPath(p)
    .map((s) => letter[s.state])
    .join('');
}

describe('providerPath', () => {
  it('has the six steps in order, with their titles', () => {
    const steps = providerPath(input({}));
    expect(steps.map((s) => s.id)).toEqual(ORDER);
    expect(steps.map((s) => s.title)).toEqual([
      'Profile complete',
      'Listing built',
      'Submitted for review',
      'Verification requested',
      'Verified provider',
      'Published',
    ]);
    expect(steps.map((s) => s.title)).toEqual(ORDER.map((id) => PATH_TITLES[id]));
  });

  it('a brand-new provider: profile done (with its date), the listing builder is the next action', () => {
    const steps = providerPath(input({}));
    expect(states(input({}))).toBe('dctttt');
    expect(steps[0]?.dates).toEqual([{ label: 'Created', at: CREATED }]);
    expect(steps[1]?.action).toEqual({ kind: 'open-builder', label: 'Open the listing builder' });
    expect(steps[3]?.action).toEqual({ kind: 'open-verification', label: 'Request verification' });
    expect(steps.filter((s) => s.state === 'current')).toHaveLength(1);
  });

  it.each<[string, Parameters<typeof input>[0], string]>([
    ['no listing, unverified', {}, 'dctttt'],
    ['a server draft', { listings: [listing('a', 'draft')] }, 'ddcttt'],
    ['a listing waiting for review', { listings: [listing('a', 'pending')] }, 'dddctw'],
    ['a listing not approved', { listings: [listing('a', 'rejected')] }, 'dddctt'],
    [
      'a live listing, unverified',
      { listings: [listing('a', 'approved', { publication: publication('live') })] },
      'dddctd',
    ],
    [
      'verification requested, no listing',
      { status: 'pending', requests: [{ status: 'pending', requested_at: CREATED, reviewer_notes: null }] },
      'dctdwt',
    ],
    [
      'verification not granted',
      {
        status: 'rejected',
        requests: [{ status: 'rejected', requested_at: CREATED, reviewer_notes: 'Send the license.' }],
        listings: [listing('a', 'pending')],
      },
      'ddddcw',
    ],
    [
      'verified, published: every step done',
      {
        status: 'verified',
        verified_at: '2026-11-06T10:00:00.000Z',
        requests: [{ status: 'approved', requested_at: CREATED, reviewer_notes: null }],
        listings: [listing('a', 'approved', { publication: publication('live') })],
      },
      'dddddd',
    ],
    [
      'verified, the edit of a live listing waits for review: still published',
      { status: 'verified', listings: [listing('a', 'pending', { publication: publication('live') })] },
      'dddddd',
    ],
    [
      'verified, the edit of a live listing was not approved: still published',
      { status: 'verified', listings: [listing('a', 'rejected', { publication: publication('live') })] },
      'dddddd',
    ],
    [
      'verified, a draft of changes to a live listing: still published',
      { status: 'verified', listings: [listing('a', 'draft', { publication: publication('live') })] },
      'dddddd',
    ],
    [
      'verified, unpublished by the site team',
      {
        status: 'verified',
        listings: [
          listing('a', 'approved', {
            publication: publication('unpublished', { state_reason: 'Wrong phone.' }),
          }),
        ],
      },
      'dddddc',
    ],
    [
      'verified, withdrawn',
      { status: 'verified', listings: [listing('a', 'approved', { publication: publication('withdrawn') })] },
      'dddddc',
    ],
    [
      'verified, withdrawn and submitted again',
      { status: 'verified', listings: [listing('a', 'pending', { publication: publication('withdrawn') })] },
      'dddddw',
    ],
    [
      'verified, approved before its publication was written',
      { status: 'verified', listings: [listing('a', 'approved')] },
      'dddddw',
    ],
    [
      'two listings: one draft, one live',
      { listings: [listing('a', 'draft'), listing('b', 'approved', { publication: publication('live') })] },
      'dddctd',
    ],
  ])('%s → %s', (_name, overrides, expected) => {
    expect(states(input(overrides))).toBe(expected);
  });

  it('a draft: "Finish and submit it" opens that listing', () => {
    const step = providerPath(
      input({ listings: [listing('a', 'draft', { center_name: 'Harbor House' })] }),
    )[2];
    expect(step?.state).toBe('current');
    expect(step?.detail).toContain('“Harbor House” is a draft');
    expect(step?.action).toEqual({ kind: 'edit-listing', label: 'Finish and submit it', listingId: 'a' });
  });

  it('the newest draft is the one to finish', () => {
    const step = providerPath(
      input({
        listings: [
          listing('old', 'draft', { created_at: '2026-11-01T00:00:00.000Z' }),
          listing('new', 'draft', { created_at: '2026-11-09T00:00:00.000Z' }),
        ],
      }),
    )[2];
    expect(step?.action).toMatchObject({ listingId: 'new' });
  });

  it('the built step is dated by the first listing', () => {
    const step = providerPath(
      input({
        listings: [
          listing('b', 'draft', { created_at: '2026-11-09T00:00:00.000Z' }),
          listing('a', 'draft', { created_at: '2026-11-02T00:00:00.000Z' }),
        ],
      }),
    )[1];
    expect(step?.detail).toBe('2 listings are saved.');
    expect(step?.dates).toEqual([{ label: 'Started', at: '2026-11-02T00:00:00.000Z' }]);
  });

  it('submitted: dated by the last submission', () => {
    const step = providerPath(
      input({
        listings: [
          listing('a', 'pending', { submitted_at: '2026-11-03T00:00:00.000Z' }),
          listing('b', 'rejected', { submitted_at: '2026-11-07T00:00:00.000Z' }),
        ],
      }),
    )[2];
    expect(step?.dates).toEqual([{ label: 'Last submitted', at: '2026-11-07T00:00:00.000Z' }]);
  });

  it('verification requested: dated by the newest request; pending waits for the site team', () => {
    const steps = providerPath(
      input({
        status: 'pending',
        requests: [
          { status: 'rejected', requested_at: '2026-11-02T00:00:00.000Z', reviewer_notes: 'No.' },
          { status: 'pending', requested_at: '2026-11-08T00:00:00.000Z', reviewer_notes: null },
        ],
      }),
    );
    expect(steps[3]?.dates).toEqual([{ label: 'Requested', at: '2026-11-08T00:00:00.000Z' }]);
    expect(steps[4]).toMatchObject({ state: 'waiting', action: null });
    expect(steps[4]?.detail).toContain('2–3 business days');
  });

  it('verification not granted: the notes and "Send a new request"', () => {
    const step = providerPath(
      input({
        status: 'rejected',
        requests: [
          { status: 'rejected', requested_at: '2026-11-02T00:00:00.000Z', reviewer_notes: 'Older notes.' },
          {
            status: 'rejected',
            requested_at: '2026-11-05T00:00:00.000Z',
            reviewer_notes: 'Send your state license.',
          },
        ],
      }),
    )[4];
    expect(step?.detail).toBe('The site team needs more from you. Their notes: Send your state license.');
    expect(step?.action).toEqual({ kind: 'open-verification', label: 'Send a new request' });
  });

  it('verified: dated by verified_at', () => {
    const step = providerPath(input({ status: 'verified', verified_at: '2026-11-06T10:00:00.000Z' }))[4];
    expect(step).toMatchObject({
      state: 'done',
      dates: [{ label: 'Verified', at: '2026-11-06T10:00:00.000Z' }],
    });
    // Verified without a request on record (an administrator in Studio): requested counts as done.
    expect(providerPath(input({ status: 'verified' }))[3]?.state).toBe('done');
  });

  it('published: live since and the "Listing reviewed" date of the newest live listing', () => {
    const step = providerPath(
      input({
        listings: [
          listing('a', 'approved', {
            center_name: 'Harbor House',
            publication: publication('live', {
              state_changed_at: '2026-11-05T00:00:00.000Z',
              reviewed_at: '2026-11-20T00:00:00.000Z',
            }),
          }),
        ],
      }),
    )[5];
    expect(step).toMatchObject({
      state: 'done',
      detail: '“Harbor House” is on the directory.',
      dates: [
        { label: 'Live since', at: '2026-11-05T00:00:00.000Z' },
        { label: 'Listing reviewed', at: '2026-11-20T00:00:00.000Z' },
      ],
      action: null,
    });
  });

  it('not approved: the reviewer’s notes and "Edit and resubmit" on that listing', () => {
    const step = providerPath(
      input({ listings: [listing('a', 'rejected', { reviewer_notes: 'Describe your ERP program.' })] }),
    )[5];
    expect(step?.detail).toBe(
      '“Listing a” was not approved. The reviewer’s notes: Describe your ERP program.',
    );
    expect(step?.action).toEqual({ kind: 'edit-listing', label: 'Edit and resubmit', listingId: 'a' });
  });

  it('unpublished: the site team’s reason, dated, and "Edit listing"', () => {
    const step = providerPath(
      input({
        listings: [
          listing('a', 'approved', {
            publication: publication('unpublished', {
              state_reason: 'The phone number does not answer.',
              state_changed_at: '2026-11-10T00:00:00.000Z',
            }),
          }),
        ],
      }),
    )[5];
    expect(step?.detail).toContain('Their reason: The phone number does not answer.');
    expect(step?.dates).toEqual([{ label: 'Unpublished', at: '2026-11-10T00:00:00.000Z' }]);
    expect(step?.action).toEqual({ kind: 'edit-listing', label: 'Edit listing', listingId: 'a' });
  });

  it('withdrawn: dated, and "Edit and submit again"', () => {
    const step = providerPath(
      input({ listings: [listing('a', 'approved', { publication: publication('withdrawn') })] }),
    )[5];
    expect(step?.detail).toContain('You withdrew “Listing a”');
    expect(step?.dates).toEqual([{ label: 'Withdrawn', at: '2026-11-05T10:00:00.000Z' }]);
    expect(step?.action).toEqual({ kind: 'edit-listing', label: 'Edit and submit again', listingId: 'a' });
  });

  it('a profile missing its contact name asks the site team', () => {
    const step = providerPath(input({ provider: { contact_name: ' ' } }))[0];
    expect(step).toMatchObject({
      state: 'current',
      detail: 'Your profile has no contact name.',
      action: { kind: 'contact', label: 'Ask the site team to complete it' },
    });
  });
});

describe('focusListing', () => {
  it.each<[string, PathListing[], string | undefined]>([
    ['none', [], undefined],
    ['the only one', [listing('a', 'draft')], 'a'],
    [
      'the newest when none is live',
      [
        listing('a', 'draft', { created_at: '2026-11-01T00:00:00.000Z' }),
        listing('b', 'pending', { created_at: '2026-11-04T00:00:00.000Z' }),
      ],
      'b',
    ],
    [
      'a live one before a newer draft',
      [
        listing('a', 'approved', {
          publication: publication('live'),
          created_at: '2026-11-01T00:00:00.000Z',
        }),
        listing('b', 'draft', { created_at: '2026-11-09T00:00:00.000Z' }),
      ],
      'a',
    ],
    [
      'a withdrawn one is not live',
      [
        listing('a', 'approved', {
          publication: publication('withdrawn'),
          created_at: '2026-11-01T00:00:00.000Z',
        }),
        listing('b', 'draft', { created_at: '2026-11-09T00:00:00.000Z' }),
      ],
      'b',
    ],
  ])('%s', (_name, listings, id) => {
    expect(focusListing(listings)?.id).toBe(id);
  });
});
