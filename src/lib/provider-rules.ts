/**
 * The provider-side rules as functions of data (docs/product-rules.md#provider-dashboard): trial
 * days left, the verification badge, the listing's completeness and the path to a published
 * listing on the dashboard, and the checks on
 * the registration steps, the listing builder and the verification request. Validators return
 * their messages in the order a form shows them (the first one becomes the toast); an empty
 * list means the form may be submitted.
 */
import { hasVisibleText, isEmail } from './text-rules.ts';
import { MIN_PASSWORD_LENGTH } from './vocabulary.ts';

/** A toast: a short title plus a sentence saying how to fix it. */
export type RuleMessage = { title: string; description: string };

export const PROVIDER_MESSAGES = {
  missingInformation: {
    title: 'Missing Information',
    description: 'Please fill in your organization name, contact name and email address.',
  },
  invalidEmail: { title: 'Invalid Email', description: 'Please enter a valid email address.' },
  passwordRequired: {
    title: 'Password Required',
    description: `Please enter a password of at least ${MIN_PASSWORD_LENGTH} characters.`,
  },
  passwordTooShort: {
    title: 'Password Too Short',
    description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  },
  passwordsDontMatch: {
    title: "Passwords Don't Match",
    description: 'Please enter the same password in both password fields.',
  },
  termsRequired: {
    title: 'Terms Required',
    description: 'Please accept the terms of service and privacy policy to continue.',
  },
  missingRequiredInformation: {
    title: 'Missing Required Information',
    description: 'Please fill in the center name, description and phone number before submitting.',
  },
  missingDocuments: {
    title: 'Missing Documents',
    description: 'Please list at least one verification document.',
  },
} as const satisfies Record<string, RuleMessage>;

/**
 * Field messages of the listing builder, shared by the API's schema and the builder itself. The
 * numbers' ranges and messages are src/lib/listing-ranges.ts (`listingRangeMessage` in
 * provider-schemas.ts).
 */
export const LISTING_FIELD_MESSAGES = {
  invalidWebsite: 'Website must be a web address starting with http:// or https://.',
  invalidZip: 'ZIP code must be 5 digits, or 5 digits, a hyphen and 4 digits (e.g. 97701 or 97701-1234).',
  outcomeMeasure: 'Outcome measure must be one of: Y-BOCS, CY-BOCS, none.',
  familyAccommodationWork: 'Family accommodation work must be yes, no or not stated.',
} as const;

/** Longest wait a listing may state (`listing_availability_wait_weeks_check`). */
export const WAIT_WEEKS_RANGE = { min: 1, max: 104 } as const;

/** Messages of `PUT /api/provider/listings/:id/availability`, shared with the dashboard's form. */
export const AVAILABILITY_MESSAGES = {
  status: 'Status must be one of: open, waitlist, not-admitting.',
  waitWeeks: `Weeks on the wait list must be a whole number from ${String(WAIT_WEEKS_RANGE.min)} to ${String(WAIT_WEEKS_RANGE.max)}.`,
  waitWeeksOnlyWaitlist: 'Weeks on the wait list can only be given with the status "waitlist".',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days left in a trial, rounded up so the last hours still count as a day; 0 once the
 * trial has ended (it is active only while trial_ends_at is in the future), and 0 for a
 * missing or unparsable date.
 *
 * @example trialDaysLeft('2024-01-15T00:00:00Z', new Date('2024-01-01T12:00:00Z')) // 14
 */
export function trialDaysLeft(
  trialEndsAt: string | number | Date | null | undefined,
  now: number | Date,
): number {
  if (trialEndsAt === null || trialEndsAt === undefined || trialEndsAt === '') return 0;
  const left = new Date(trialEndsAt).getTime() - new Date(now).getTime();
  return Number.isFinite(left) && left > 0 ? Math.ceil(left / DAY_MS) : 0;
}

export type VerificationBadge = 'Verified' | 'Pending Review' | 'Needs Updates' | 'Not Verified';

/**
 * The dashboard's verification badge. A rejected provider sees Needs Updates because
 * it may fix its documents and ask again; anything unknown reads as Not Verified.
 *
 * @example verificationBadge('rejected') // 'Needs Updates'
 */
export function verificationBadge(status: string | null | undefined): VerificationBadge {
  switch (status) {
    case 'verified':
      return 'Verified';
    case 'pending':
      return 'Pending Review';
    case 'rejected':
      return 'Needs Updates';
    default:
      return 'Not Verified';
  }
}

/** Registration step 1 (Account Information). Phone and marketing consent are optional. */
export type RegistrationStep1 = {
  organizationName: string;
  contactName: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** With a magic link there is no password, so the password checks are skipped. */
  useMagicLink: boolean;
};

/**
 * Registration step 1: organization name, contact name and e-mail required; the e-mail valid (THE
 * shared rule, on the trimmed value, as sign-up trims it); unless magic link, a password of at
 * least MIN_PASSWORD_LENGTH code points and a matching confirmation. Passwords are not trimmed:
 * spaces are legitimate password characters.
 *
 * @example registrationStep1Errors({ organizationName: 'Acme', contactName: 'Ann',
 *   email: 'ann@acme.org', password: 'secret1', confirmPassword: 'secret2', useMagicLink: false })
 *   // [{ title: "Passwords Don't Match", … }]
 */
export function registrationStep1Errors(form: RegistrationStep1): RuleMessage[] {
  const errors: RuleMessage[] = [];
  const email = form.email.trim();
  if (![form.organizationName, form.contactName, email].every(hasVisibleText)) {
    errors.push(PROVIDER_MESSAGES.missingInformation);
  }
  if (email !== '' && !isEmail(email)) errors.push(PROVIDER_MESSAGES.invalidEmail);
  if (!form.useMagicLink) {
    if (form.password === '') errors.push(PROVIDER_MESSAGES.passwordRequired);
    else if (Array.from(form.password).length < MIN_PASSWORD_LENGTH) {
      errors.push(PROVIDER_MESSAGES.passwordTooShort);
    }
    if (form.password !== form.confirmPassword) errors.push(PROVIDER_MESSAGES.passwordsDontMatch);
  }
  return errors;
}

/** Registration step 2 (Complete Registration). Marketing consent is optional. */
export type RegistrationStep2 = { termsAccepted: boolean };

/**
 * Registration step 2: the terms must be accepted.
 *
 * @example registrationStep2Errors({ termsAccepted: false }) // [{ title: 'Terms Required', … }]
 */
export function registrationStep2Errors(form: RegistrationStep2): RuleMessage[] {
  return form.termsAccepted ? [] : [PROVIDER_MESSAGES.termsRequired];
}

/** The listing-draft fields that Submit for Review requires; the rest of the draft may be blank. */
export type ListingDraftRequired = {
  centerName?: string | null | undefined;
  description?: string | null | undefined;
  phone?: string | null | undefined;
};

/**
 * Submit for Review: center name, description and phone must each have visible text
 * (Save Draft has no requirements).
 *
 * @example listingSubmitErrors({ centerName: 'Acme', description: ' ', phone: '555-0100' })
 *   // [{ title: 'Missing Required Information', … }]
 */
export function listingSubmitErrors(draft: ListingDraftRequired): RuleMessage[] {
  const complete = [draft.centerName, draft.description, draft.phone].every((v) => hasVisibleText(v ?? ''));
  return complete ? [] : [PROVIDER_MESSAGES.missingRequiredInformation];
}

/**
 * A verification request: at least one document entry with visible text. Blank entries
 * are allowed in the list (the form always keeps one row) and are simply not counted.
 *
 * @example verificationDocumentsErrors(['', 'State license']) // []
 */
export function verificationDocumentsErrors(entries: readonly string[]): RuleMessage[] {
  return entries.some(hasVisibleText) ? [] : [PROVIDER_MESSAGES.missingDocuments];
}

// ─── Listing completeness (docs/product-rules.md#provider-dashboard) ───────────────────────────

/**
 * The listing facts completeness reads, as the API sends a listing (`Listing`); every field is
 * optional so that a partial object (a test, an older row) is read as "not stated".
 */
export type CompletenessListing = {
  center_name?: string | null;
  description?: string | null;
  phone?: string | null;
  website?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
  age_groups?: readonly string[] | null;
  gender_specific?: string | null;
  setting?: string | null;
  capacity?: number | null;
  avg_length?: string | null;
  modalities?: readonly string[] | null;
  insurance?: readonly string[] | null;
  financial_aid?: string | null;
  logo_url?: string | null;
  images?: readonly string[] | null;
  accreditations?: readonly string[] | null;
  license_url?: string | null;
  erp_hours_per_week?: number | null;
  individual_sessions_per_week?: number | null;
  family_sessions_per_week?: number | null;
  specialised_clinicians_percent?: number | null;
  outcome_measure?: string | null;
  /** The size of the median change (after the outcome fields were split: direction + points). */
  score_points?: number | null;
  /** The signed median change of older rows. */
  score_change?: number | null;
  score_change_year?: number | null;
  score_change_sample?: number | null;
  license_number?: string | null;
  license_agency?: string | null;
  restraint_policy?: string | null;
  parent_contact_policy?: string | null;
  schooling?: string | null;
  transport_escort?: string | null;
  clinical_approach?: string | null;
  program_highlights?: readonly string[] | null;
  team_composition?: string | null;
  availability?: { status: string } | null;
};

/** One fact families use, whether the listing states it, and why it matters to them. */
export type CompletenessItem = {
  id: string;
  /** What to fill in, as the builder names it. */
  label: string;
  /** One line: what families do with it. */
  why: string;
  /** The site team cannot publish the listing without it (`PUBLISHING_MESSAGES`). */
  neededToPublish: boolean;
};

type CompletenessRule = CompletenessItem & {
  stated: (l: CompletenessListing) => boolean;
  /** Asked only of programs serving minors. */
  minorsOnly?: true;
};

/** Age groups whose families read the youth-safety facts. */
const MINOR_AGE_GROUPS: readonly string[] = ['Children', 'Adolescents'];

const filled = (v: string | null | undefined): boolean => hasVisibleText(v ?? '');
const some = (v: readonly string[] | null | undefined): boolean => (v ?? []).some((x) => filled(x));
const given = (v: number | null | undefined): boolean => typeof v === 'number' && Number.isFinite(v);

/**
 * The facts a complete listing states, in the builder's order. Each is one item of the
 * percentage, so a figure means "this many of the facts families use".
 */
export const COMPLETENESS_RULES: readonly CompletenessRule[] = [
  {
    id: 'center_name',
    label: 'Program name',
    why: 'Families search for programs by name.',
    neededToPublish: true,
    stated: (l) => filled(l.center_name),
  },
  {
    id: 'description',
    label: 'Description',
    why: 'It is the first thing families read on your card and your page.',
    neededToPublish: true,
    stated: (l) => filled(l.description),
  },
  {
    id: 'phone',
    label: 'Admissions phone',
    why: 'Families call it to ask about a bed.',
    neededToPublish: true,
    stated: (l) => filled(l.phone),
  },
  {
    id: 'website',
    label: 'Website',
    why: 'Families read more there before they call.',
    neededToPublish: false,
    stated: (l) => filled(l.website),
  },
  {
    id: 'address',
    label: 'Street address, city, state and ZIP code',
    why: 'Families search by distance from home.',
    neededToPublish: true,
    stated: (l) => [l.address, l.city, l.state, l.zip_code].every(filled),
  },
  {
    id: 'age_groups',
    label: 'Age groups served',
    why: 'Families filter by age group.',
    neededToPublish: true,
    stated: (l) => some(l.age_groups),
  },
  {
    id: 'gender_specific',
    label: 'Who the program serves',
    why: 'Families look for co-ed or gender-specific care.',
    neededToPublish: true,
    stated: (l) => filled(l.gender_specific),
  },
  {
    id: 'setting',
    label: 'Treatment setting',
    why: 'Families filter by setting.',
    neededToPublish: true,
    stated: (l) => filled(l.setting),
  },
  {
    id: 'avg_length',
    label: 'Average length of stay',
    why: 'Families plan time away from school or work around it.',
    neededToPublish: true,
    stated: (l) => filled(l.avg_length),
  },
  {
    id: 'capacity',
    label: 'Number of beds',
    why: 'It tells families how large the program is.',
    neededToPublish: false,
    stated: (l) => given(l.capacity),
  },
  {
    id: 'modalities',
    label: 'Treatment approaches',
    why: 'Families filter by therapy, such as ERP.',
    neededToPublish: true,
    stated: (l) => some(l.modalities),
  },
  {
    id: 'insurance',
    label: 'Insurance accepted',
    why: 'Families filter by it.',
    neededToPublish: true,
    stated: (l) => some(l.insurance),
  },
  {
    id: 'financial_aid',
    label: 'Financial aid and payment options',
    why: 'Families paying on their own look for them.',
    neededToPublish: false,
    stated: (l) => filled(l.financial_aid),
  },
  {
    id: 'clinical_approach',
    label: 'Clinical approach',
    why: 'Families read how you treat OCD, in your words.',
    neededToPublish: false,
    stated: (l) => filled(l.clinical_approach),
  },
  {
    id: 'program_highlights',
    label: 'Program highlights',
    why: 'Families scan them to tell programs apart.',
    neededToPublish: false,
    stated: (l) => some(l.program_highlights),
  },
  {
    id: 'team_composition',
    label: 'Team',
    why: 'Families want to know who will treat them.',
    neededToPublish: false,
    stated: (l) => filled(l.team_composition),
  },
  {
    id: 'erp_hours_per_week',
    label: 'ERP hours per week',
    why: 'Families filter by ERP hours; a program that does not state them never matches.',
    neededToPublish: false,
    stated: (l) => given(l.erp_hours_per_week),
  },
  {
    id: 'sessions',
    label: 'Individual and family sessions per week',
    why: 'Otherwise your page says “Not reported” where families compare treatment.',
    neededToPublish: false,
    stated: (l) => given(l.individual_sessions_per_week) && given(l.family_sessions_per_week),
  },
  {
    id: 'specialised_clinicians_percent',
    label: 'Clinicians trained in OCD treatment',
    why: 'Families look for specialists; otherwise your page says “Not reported”.',
    neededToPublish: false,
    stated: (l) => given(l.specialised_clinicians_percent),
  },
  {
    id: 'outcomes',
    label: 'Outcomes (Y-BOCS or CY-BOCS results, or that you do not measure them)',
    why: 'Families filter by “Reports outcomes”.',
    neededToPublish: false,
    stated: (l) =>
      l.outcome_measure === 'none' ||
      ((l.outcome_measure === 'Y-BOCS' || l.outcome_measure === 'CY-BOCS') &&
        (given(l.score_points) || given(l.score_change)) &&
        given(l.score_change_year) &&
        given(l.score_change_sample)),
  },
  {
    id: 'youth_safety',
    label: 'Safety facts for minors (license, restraint, parent contact, schooling, transport)',
    why: 'Parents of children and teens read them; otherwise they see “The program has not told us”.',
    neededToPublish: false,
    minorsOnly: true,
    stated: (l) =>
      [
        l.license_number,
        l.license_agency,
        l.restraint_policy,
        l.parent_contact_policy,
        l.schooling,
        l.transport_escort,
      ].every(filled),
  },
  {
    id: 'logo_url',
    label: 'Logo',
    why: 'Families recognize your program by it on cards and your page.',
    neededToPublish: false,
    stated: (l) => filled(l.logo_url),
  },
  {
    id: 'images',
    label: 'Photos',
    why: 'Families want to see where they or their child will stay.',
    neededToPublish: false,
    stated: (l) => some(l.images),
  },
  {
    id: 'accreditations',
    label: 'Accreditations',
    why: 'Families look for Joint Commission or CARF accreditation.',
    neededToPublish: false,
    stated: (l) => some(l.accreditations),
  },
  {
    id: 'license_url',
    label: 'State license document',
    why: 'The site team checks it, so families know the program is licensed.',
    neededToPublish: false,
    stated: (l) => filled(l.license_url),
  },
  {
    id: 'availability',
    label: 'Availability (open, wait list or not admitting)',
    why: 'Families filter by “Confirmed open in the last 30 days”.',
    neededToPublish: false,
    stated: (l) => Boolean(l.availability),
  },
];

export type Completeness = {
  /** Whole percent of the facts stated, rounded down: 100 only when nothing is missing. */
  percent: number;
  stated: number;
  total: number;
  /** What is missing, in the builder's order. */
  missing: CompletenessItem[];
};

/**
 * How complete a listing is: the share of the facts families use (`COMPLETENESS_RULES`) that it
 * states, and which are missing. The youth-safety facts count only for a program serving children
 * or adolescents. No listing at all → 0 %, everything missing.
 *
 * @example listingCompleteness(null).percent // 0
 */
export function listingCompleteness(listing: CompletenessListing | null | undefined): Completeness {
  const l = listing ?? {};
  const minors = (l.age_groups ?? []).some((a) => MINOR_AGE_GROUPS.includes(a));
  const rules = COMPLETENESS_RULES.filter((r) => !r.minorsOnly || minors);
  const missing = rules
    .filter((r) => !r.stated(l))
    .map(({ id, label, why, neededToPublish }) => ({ id, label, why, neededToPublish }));
  const stated = rules.length - missing.length;
  return { percent: Math.floor((stated / rules.length) * 100), stated, total: rules.length, missing };
}

// ─── The provider's path to a published listing (docs/product-rules.md#provider-dashboard) ─────

/** A listing's published version, as the checklist reads it (`ListingPublication`). */
export type PathPublication = {
  state: 'live' | 'unpublished' | 'withdrawn';
  state_reason: string | null;
  state_changed_at: string;
  reviewed_at: string;
  first_published_at: string;
};

/** A listing as the checklist reads it (`Listing`). */
export type PathListing = {
  id: string;
  center_name?: string | null;
  status: string;
  created_at: string;
  submitted_at: string | null;
  reviewer_notes: string | null;
  publication?: PathPublication | null;
};

/** What the checklist is computed from: the dashboard's answer (`DashboardResponse`). */
export type PathInput = {
  provider: {
    organization_name: string;
    contact_name: string;
    email: string;
    created_at: string;
    verification_status: string;
    verified_at: string | null;
  };
  verificationRequests: readonly {
    status: string;
    requested_at: string;
    reviewer_notes: string | null;
  }[];
  listings: readonly PathListing[];
};

export type PathStepId =
  'profile' | 'listing' | 'submitted' | 'verification-requested' | 'verified' | 'published';

/**
 * `done`; `waiting` for the site team (nothing for the provider to do); `current`: the first
 * step the provider can take now; `todo`: later.
 */
export type PathStepState = 'done' | 'current' | 'waiting' | 'todo';

/** The one thing a step offers to do, which the dashboard turns into a button or a link. */
export type PathAction =
  | { kind: 'open-builder'; label: string }
  | { kind: 'edit-listing'; label: string; listingId: string }
  | { kind: 'open-verification'; label: string }
  | { kind: 'contact'; label: string };

export type PathStep = {
  id: PathStepId;
  title: string;
  state: PathStepState;
  /** One or two sentences: where the step stands. */
  detail: string;
  /** Dates known for the step, e.g. "Submitted" and its time (ISO). */
  dates: { label: string; at: string }[];
  action: PathAction | null;
};

export const PATH_TITLES: Record<PathStepId, string> = {
  profile: 'Profile complete',
  listing: 'Listing built',
  submitted: 'Submitted for review',
  'verification-requested': 'Verification requested',
  verified: 'Verified provider',
  published: 'Published',
};

/** The state words of each step, as the checklist shows them beside the title. */
export const PATH_STATE_LABELS: Record<PathStepState, string> = {
  done: 'Done',
  current: 'Next step',
  waiting: 'Waiting for the site team',
  todo: 'To do',
};

const nameOf = (l: PathListing): string => `“${l.center_name?.trim() || 'Untitled listing'}”`;

/** The item with the latest `at(item)` (ISO strings compare as times), or undefined. */
function latest<T>(items: readonly T[], at: (item: T) => string | null | undefined): T | undefined {
  let best: T | undefined;
  let bestTime = -Infinity;
  for (const item of items) {
    const time = Date.parse(at(item) ?? '');
    if (!Number.isNaN(time) && time > bestTime) {
      best = item;
      bestTime = time;
    }
  }
  return best;
}

const wasSubmitted = (l: PathListing): boolean =>
  l.submitted_at !== null || l.status !== 'draft' || Boolean(l.publication);

type Raw = Omit<PathStep, 'state' | 'title'> & { state: 'done' | 'waiting' | 'open' };

function profileStep({ provider }: PathInput): Raw {
  const missing = [
    ['organization name', provider.organization_name],
    ['contact name', provider.contact_name],
    ['e-mail', provider.email],
  ]
    .filter(([, value]) => !filled(value))
    .map(([name]) => name);
  return missing.length === 0
    ? {
        id: 'profile',
        state: 'done',
        detail: 'Your organization, contact name and e-mail are on file.',
        dates: [{ label: 'Created', at: provider.created_at }],
        action: null,
      }
    : {
        id: 'profile',
        state: 'open',
        detail: `Your profile has no ${missing.join(', ')}.`,
        dates: [],
        action: { kind: 'contact', label: 'Ask the site team to complete it' },
      };
}

function listingStep({ listings }: PathInput): Raw {
  const first = listings.reduce<PathListing | undefined>(
    (a, l) => (a === undefined || Date.parse(l.created_at) < Date.parse(a.created_at) ? l : a),
    undefined,
  );
  if (!first) {
    return {
      id: 'listing',
      state: 'open',
      detail:
        'Describe your program in the listing builder: who it serves, its treatment, where it is and how families pay.',
      dates: [],
      action: { kind: 'open-builder', label: 'Open the listing builder' },
    };
  }
  return {
    id: 'listing',
    state: 'done',
    detail:
      listings.length === 1 ? `${nameOf(first)} is saved.` : `${String(listings.length)} listings are saved.`,
    dates: [{ label: 'Started', at: first.created_at }],
    action: null,
  };
}

function submittedStep({ listings }: PathInput): Raw {
  const submitted = listings.filter(wasSubmitted);
  const last = latest(submitted, (l) => l.submitted_at);
  if (submitted.length > 0) {
    return {
      id: 'submitted',
      state: 'done',
      detail: 'The site team reviews a listing’s facts before publishing them.',
      dates: last?.submitted_at ? [{ label: 'Last submitted', at: last.submitted_at }] : [],
      action: null,
    };
  }
  const draft = latest(listings, (l) => l.created_at);
  return draft
    ? {
        id: 'submitted',
        state: 'open',
        detail: `${nameOf(draft)} is a draft that only you can see. Submit it for review when it is ready.`,
        dates: [],
        action: { kind: 'edit-listing', label: 'Finish and submit it', listingId: draft.id },
      }
    : {
        id: 'submitted',
        state: 'open',
        detail: 'Submit your listing for review when it is ready.',
        dates: [],
        action: null,
      };
}

function verificationRequestedStep({ provider, verificationRequests }: PathInput): Raw {
  const last = latest(verificationRequests, (r) => r.requested_at);
  if (provider.verification_status !== 'unverified' || last) {
    return {
      id: 'verification-requested',
      state: 'done',
      detail: 'You sent the site team the documents to check.',
      dates: last ? [{ label: 'Requested', at: last.requested_at }] : [],
      action: null,
    };
  }
  return {
    id: 'verification-requested',
    state: 'open',
    detail: 'Ask the site team to check your organization’s identity, state license and documents.',
    dates: [],
    action: { kind: 'open-verification', label: 'Request verification' },
  };
}

function verifiedStep({ provider, verificationRequests }: PathInput): Raw {
  switch (provider.verification_status) {
    case 'verified':
      return {
        id: 'verified',
        state: 'done',
        detail: 'Families see “Verified provider” on your published programs.',
        dates: provider.verified_at ? [{ label: 'Verified', at: provider.verified_at }] : [],
        action: null,
      };
    case 'pending':
      return {
        id: 'verified',
        state: 'waiting',
        detail: 'The site team reviews requests within 2–3 business days and e-mails you the decision.',
        dates: [],
        action: null,
      };
    case 'rejected': {
      const notes = latest(
        verificationRequests.filter((r) => r.status === 'rejected'),
        (r) => r.requested_at,
      )?.reviewer_notes?.trim();
      return {
        id: 'verified',
        state: 'open',
        detail: `The site team needs more from you.${notes ? ` Their notes: ${notes}` : ''}`,
        dates: [],
        action: { kind: 'open-verification', label: 'Send a new request' },
      };
    }
    default:
      return {
        id: 'verified',
        state: 'open',
        detail: 'Once your documents are checked, families see “Verified provider” on your programs.',
        dates: [],
        action: null,
      };
  }
}

function publishedStep({ listings }: PathInput): Raw {
  const live = listings.filter((l) => l.publication?.state === 'live');
  const newestLive = latest(live, (l) => l.publication?.state_changed_at);
  if (newestLive?.publication) {
    return {
      id: 'published',
      state: 'done',
      detail:
        live.length === 1
          ? `${nameOf(newestLive)} is on the directory.`
          : `${String(live.length)} listings are on the directory.`,
      dates: [
        { label: 'Live since', at: newestLive.publication.state_changed_at },
        { label: 'Listing reviewed', at: newestLive.publication.reviewed_at },
      ],
      action: null,
    };
  }
  const pending = latest(
    listings.filter((l) => l.status === 'pending'),
    (l) => l.submitted_at,
  );
  if (pending) {
    return {
      id: 'published',
      state: 'waiting',
      detail: `${nameOf(pending)} is waiting for review. The site team checks its facts before publishing them.`,
      dates: pending.submitted_at ? [{ label: 'Submitted', at: pending.submitted_at }] : [],
      action: null,
    };
  }
  const rejected = latest(
    listings.filter((l) => l.status === 'rejected'),
    (l) => l.submitted_at,
  );
  if (rejected) {
    const notes = rejected.reviewer_notes?.trim();
    return {
      id: 'published',
      state: 'open',
      detail: `${nameOf(rejected)} was not approved.${notes ? ` The reviewer’s notes: ${notes}` : ''}`,
      dates: [],
      action: { kind: 'edit-listing', label: 'Edit and resubmit', listingId: rejected.id },
    };
  }
  const takenDown = latest(
    listings.filter((l) => l.publication && l.publication.state !== 'live'),
    (l) => l.publication?.state_changed_at,
  );
  if (takenDown?.publication) {
    const { state, state_reason, state_changed_at } = takenDown.publication;
    const reason = state_reason?.trim();
    return state === 'unpublished'
      ? {
          id: 'published',
          state: 'open',
          detail: `The site team unpublished ${nameOf(takenDown)}.${reason ? ` Their reason: ${reason}` : ''} Correct the listing and submit it again, or write to the site team.`,
          dates: [{ label: 'Unpublished', at: state_changed_at }],
          action: { kind: 'edit-listing', label: 'Edit listing', listingId: takenDown.id },
        }
      : {
          id: 'published',
          state: 'open',
          detail: `You withdrew ${nameOf(takenDown)} from the directory. Submit it again to publish it after a new review.`,
          dates: [{ label: 'Withdrawn', at: state_changed_at }],
          action: { kind: 'edit-listing', label: 'Edit and submit again', listingId: takenDown.id },
        };
  }
  const approved = listings.find((l) => l.status === 'approved');
  if (approved) {
    return {
      id: 'published',
      state: 'waiting',
      detail: `${nameOf(approved)} was approved and appears on the directory at the next update.`,
      dates: [],
      action: null,
    };
  }
  return {
    id: 'published',
    state: 'open',
    detail: 'Once the site team approves your listing, families find it in the directory.',
    dates: [],
    action: null,
  };
}

/**
 * The overview's checklist: profile → listing built → submitted → verification requested →
 * verified → published, each done, waiting for the site team, the current step (the first the
 * provider can take now: it carries the next action) or to do, with its dates. A listing "built"
 * is one saved on the server (a draft or a submitted one); "published" is a live publication.
 */
export function providerPath(input: PathInput): PathStep[] {
  const raw = [
    profileStep(input),
    listingStep(input),
    submittedStep(input),
    verificationRequestedStep(input),
    verifiedStep(input),
    publishedStep(input),
  ];
  let currentTaken = false;
  return raw.map((step) => {
    let state: PathStepState;
    if (step.state === 'done' || step.state === 'waiting') state = step.state;
    else if (!currentTaken) {
      state = 'current';
      currentTaken = true;
    } else state = 'todo';
    return { ...step, title: PATH_TITLES[step.id], state };
  });
}

/**
 * The listing the overview's completeness is about: the newest live one, else the newest.
 */
export function focusListing<T extends PathListing>(listings: readonly T[]): T | undefined {
  return (
    latest(
      listings.filter((l) => l.publication?.state === 'live'),
      (l) => l.publication?.state_changed_at,
    ) ?? latest(listings, (l) => l.created_at)
  );
}
