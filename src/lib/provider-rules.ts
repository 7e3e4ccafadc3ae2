/**
 * The provider-side rules as functions of data (docs/product-rules.md#provider-dashboard): trial
 * days left, the verification badge and profile completeness on the dashboard, and the checks on
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

/** Beds a listing may state (`provider_listings_capacity_check`). */
export const CAPACITY_RANGE = { min: 1, max: 10000 } as const;

/**
 * The treatment-fidelity numbers a listing may state, as the database's checks allow
 * them: `decimals` is how many decimal places are kept (numeric(4, 1) → 1; integer → 0).
 */
export const FIDELITY_RANGES = {
  erpHoursPerWeek: { min: 0, max: 80, decimals: 1 },
  individualSessionsPerWeek: { min: 0, max: 30, decimals: 1 },
  specialisedCliniciansPercent: { min: 0, max: 100, decimals: 0 },
  scoreChange: { min: -40, max: 40, decimals: 1 },
  scoreChangeYear: { min: 1990, max: 2100, decimals: 0 },
  scoreChangeSample: { min: 1, max: 1_000_000, decimals: 0 },
  familySessionsPerWeek: { min: 0, max: 14, decimals: 1 },
} as const satisfies Record<string, { min: number; max: number; decimals: 0 | 1 }>;
export type FidelityNumberField = keyof typeof FIDELITY_RANGES;

function rangeMessage(label: string, field: FidelityNumberField, unit = ''): string {
  const { min, max, decimals } = FIDELITY_RANGES[field];
  const kind = decimals === 0 ? 'a whole number' : 'a number';
  const places = decimals === 1 ? ' (at most one decimal place, e.g. 12.5)' : '';
  return `${label} must be ${kind}${unit} from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}${places}.`;
}

/** Field messages of the listing builder, shared by the API's schema and the builder itself. */
export const LISTING_FIELD_MESSAGES = {
  invalidWebsite: 'Website must be a web address starting with http:// or https://.',
  invalidZip: 'ZIP code must be 5 digits, or 5 digits, a hyphen and 4 digits (e.g. 97701 or 97701-1234).',
  capacity: `Capacity must be a whole number of beds between ${String(CAPACITY_RANGE.min)} and ${String(CAPACITY_RANGE.max)}.`,
  erpHoursPerWeek: rangeMessage('ERP hours per week', 'erpHoursPerWeek'),
  individualSessionsPerWeek: rangeMessage(
    'Individual therapy sessions per week',
    'individualSessionsPerWeek',
  ),
  specialisedCliniciansPercent: rangeMessage(
    'The share of clinicians with specialised OCD/ERP training',
    'specialisedCliniciansPercent',
    ' (percent)',
  ),
  outcomeMeasure: 'Outcome measure must be one of: Y-BOCS, CY-BOCS, none.',
  scoreChange: rangeMessage('The median score change', 'scoreChange', ' of points'),
  scoreChangeYear: rangeMessage('The year of the score change', 'scoreChangeYear'),
  scoreChangeSample: rangeMessage('The sample size', 'scoreChangeSample', ' of patients'),
  scoreChangeIncomplete:
    'A median score change needs all three: the change, its year and the sample size (or leave all three blank).',
  familySessionsPerWeek: rangeMessage('Family sessions per week', 'familySessionsPerWeek'),
  familyAccommodationWork: 'Family accommodation work must be yes, no or not stated.',
} as const;

/**
 * A fidelity number as typed in the builder: `null` for blank, the number when it is in range with
 * no more decimals than the database keeps, `undefined` when it is not acceptable.
 *
 * @example fidelityNumber('erpHoursPerWeek', '12.5') // 12.5
 * @example fidelityNumber('erpHoursPerWeek', '12.25') // undefined
 */
export function fidelityNumber(field: FidelityNumberField, text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) return undefined;
  const value = Number(t);
  return fidelityNumberOk(field, value) ? value : undefined;
}

/** True when `value` is finite, in the field's range and has no more decimals than it keeps. */
export function fidelityNumberOk(field: FidelityNumberField, value: number): boolean {
  const { min, max, decimals } = FIDELITY_RANGES[field];
  if (!Number.isFinite(value) || value < min || value > max) return false;
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-9;
}

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
 * missing or unparseable date.
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

/**
 * Profile completeness in percent: 100 when verified and 75 otherwise (the dashboard's fixed
 * figures, not a count of filled-in fields). Takes
 * the raw verification_status (one of VERIFICATION_STATUSES, or anything a row may hold).
 *
 * @example profileCompleteness('pending') // 75
 */
export function profileCompleteness(status: string | null | undefined): 100 | 75 {
  return status === 'verified' ? 100 : 75;
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
