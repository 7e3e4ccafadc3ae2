/**
 * The one controlled vocabulary of the directory.
 *
 * Content schemas, the directory filters, the listing builder, the API and the database
 * checks all read these lists, so a filter option can never exist without data that can
 * match it. Each list holds every value a filter, the listing builder or a program file may
 * use (docs/product-rules.md#programs).
 */

/** Age groups. The listing builder shows the longer labels from `AGE_GROUP_LABELS`. */
export const AGE_GROUPS = ['Children', 'Adolescents', 'Young Adults', 'Adults'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
export const AGE_GROUP_LABELS: Record<AgeGroup, string> = {
  Children: 'Children (under 12)',
  Adolescents: 'Adolescents (12-17)',
  'Young Adults': 'Young Adults (18-28)',
  Adults: 'Adults (18+)',
};

/** Treatment setting: a program has exactly one. */
export const SETTINGS = [
  'Residential',
  'Residential OCD Program',
  'Inpatient',
  'Partial Hospitalization',
  'Intensive Outpatient',
] as const;
export type Setting = (typeof SETTINGS)[number];

export const INSURANCE = ['In-Network', 'Out-of-Network', 'Private Pay', 'Medicaid', 'Medicare'] as const;
export type Insurance = (typeof INSURANCE)[number];

export const MODALITIES = [
  'ERP',
  'CBT',
  'DBT',
  'ACT',
  'Mindfulness',
  'Family Therapy',
  'Exposure Therapy',
  'Group Therapy',
  'Individual Therapy',
  'Psychiatric Medication Management',
] as const;
export type Modality = (typeof MODALITIES)[number];

export const GENDER_OPTIONS = [
  'Co-ed',
  'Gender-specific',
  'Boys-only',
  'Girls-only',
  'Men-only',
  'Women-only',
] as const;
export type GenderOption = (typeof GENDER_OPTIONS)[number];

export const ACCREDITATIONS = ['JCAHO', 'CARF', 'State Licensed', 'Other'] as const;
export type Accreditation = (typeof ACCREDITATIONS)[number];

/** The facets shown in the directory's Filters dialog, in the order shown. */
export const FILTER_SECTIONS = [
  { key: 'ageGroups', label: 'Age Groups', options: AGE_GROUPS, multiple: true },
  { key: 'setting', label: 'Setting', options: SETTINGS, multiple: false },
  { key: 'insurance', label: 'Insurance', options: INSURANCE, multiple: true },
  { key: 'modalities', label: 'Modalities', options: MODALITIES, multiple: true },
] as const;

export const BLOG_CATEGORIES = [
  'Residential OCD Treatment',
  'ERP Therapy',
  'Family Support',
  'Treatment Insights',
  'Recovery Stories',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

// ---- Values the database checks (migrations repeat these lists in `check` constraints) ----

export const ENGAGEMENT_EVENT_TYPES = ['view', 'website_click', 'call_click', 'info_request'] as const;
export type EngagementEventType = (typeof ENGAGEMENT_EVENT_TYPES)[number];

export const INQUIRY_TYPES = ['info', 'call'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];
/** Inquiries start as `new`; providers move them on from the dashboard. */
export const INQUIRY_STATUSES = ['new', 'contacted', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
/** Call requests are urgent, info requests less so; the database sets it from the type. */
export const INQUIRY_URGENCY: Record<InquiryType, 'high' | 'medium'> = { call: 'high', info: 'medium' };

export const VERIFICATION_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const VERIFICATION_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationRequestStatus = (typeof VERIFICATION_REQUEST_STATUSES)[number];

export const SUBSCRIPTION_PLANS = ['free', 'pro'] as const;
export const SUBSCRIPTION_STATUSES = ['pending', 'trial', 'active', 'past_due', 'cancelled'] as const;

export const LISTING_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const ROLES = ['admin', 'provider', 'user'] as const;
export type Role = (typeof ROLES)[number];

// ---- Product constants (docs/product-rules.md#limits-and-constants) ----
export const TRIAL_DAYS = 14;
/** The provider tools plan after the trial, in dollars a month (the spec's price). Billing is "coming soon". */
export const PLAN_PRICE_PER_MONTH = 499;
/**
 * The one money story (footer, /about, partner page, registration, billing tab, calculator,
 * welcome e-mail): being listed and being verified are free and never bought; the plan pays for
 * the provider tools.
 */
export const MONEY_STORY = {
  free: 'Being listed and being verified are free, and no place in the directory can be bought.',
  plan: `The provider tools (requests, contact settings, engagement, the calculator) come with a ${String(TRIAL_DAYS)}-day free trial, then a plan at $${String(PLAN_PRICE_PER_MONTH)} a month once billing opens. Billing is not open yet: nothing is charged and no card is needed.`,
} as const;
export const TEST_PROVIDER_TRIAL_DAYS = 30;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_CARD_MODALITIES = 3;
export const MAX_RELATED_ARTICLES = 3;
export const ENGAGEMENT_BATCH_SIZE = 10;
export const ENGAGEMENT_FLUSH_MS = 2000;
export const ENGAGEMENT_MAX_EVENTS_PER_REQUEST = 50;
export const TEST_PROGRAM_ID = 'test-program-001';
export const TEST_PROGRAM_LABEL = 'Test Program - DO NOT DISPLAY LIVE';
/** The fixed, unguessable-looking route of the test program profile (noindex). */
export const TEST_PROGRAM_TOKEN = 'test-7f3c9a2e';
export const SITE_TITLE = 'OCD Residential Treatment Directory';
