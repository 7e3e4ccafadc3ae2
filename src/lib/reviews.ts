/**
 * Reviews and ratings families can trust (docs/product-rules.md#reviews-and-ratings).
 * Pure rules shared by the API (netlify/functions/reviews.mts, admin-reviews.mts,
 * provider-reviews.mts), the build (the rating of a program is computed here from its published
 * reviews) and the pages: the rating and its words, the distribution, the rating sort, who may
 * review, how the reviewer knows the program, the public name, the moderator's flags and the
 * content policy (/review-policy) whose rule ids a rejection must name. The database holds the
 * same lists in its checks (migration 20261126000500_reviews.sql; tests/db/reviews.test.ts
 * compares them).
 *
 * The messages of the API and the form are in src/api/contracts/reviews.ts.
 */

import { codePointLength } from './text-rules.ts';

// ---- Limits -----------------------------------------------------------------------------------

/** Stars of a review: 1 to 5, whole stars. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** A review's title: 1–120 characters (code points, after trimming), one line. */
export const REVIEW_TITLE_MAX = 120;
/** A review's text: 20–4000 characters (code points, after trimming); line breaks allowed. */
export const REVIEW_BODY_MIN = 20;
export const REVIEW_BODY_MAX = 4000;
/** How the reviewer is connected to the program, when they are: 1–300 characters. */
export const CONNECTION_NOTE_MAX = 300;
/** A report's reason: 10–1000 characters. */
export const REPORT_REASON_MIN = 10;
export const REPORT_REASON_MAX = 1000;
/** The provider's response: 1–2000 characters; line breaks allowed. */
export const RESPONSE_BODY_MAX = 2000;
/** A first name in the public name: 1–30 characters. */
export const FIRST_NAME_MAX = 30;
/** The first year of a stay a review may name; the last is this year. */
export const FIRST_STAY_YEAR = 1990;
/** The newest published reviews a program's page carries in its HTML (more are fetched live). */
export const REVIEWS_IN_PAGE = 20;

/** Where a review or a response stands: waiting for a moderator, published, or rejected under a rule. */
export const MODERATION_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

// ---- How the reviewer knows the program -----------------------------------------------------------

/** The answers to "How do you know this program?", in the form's order. */
export const RELATIONSHIPS = [
  'former_resident',
  'parent_or_guardian',
  'other_family_member',
  'contacted_admissions',
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const RELATIONSHIP_LABELS: Readonly<Record<Relationship, string>> = {
  former_resident: 'Former resident',
  parent_or_guardian: 'Parent or guardian of a former resident',
  other_family_member: 'Other family member',
  contacted_admissions: 'Contacted admissions only',
};

/** True when the relationship means someone stayed at the program (a year of stay may be given). */
export function hadStay(relationship: Relationship): boolean {
  return relationship !== 'contacted_admissions';
}

/** What is wrong with a year of stay, or null when it is fine (absent is always fine). */
export type StayYearProblem = 'no_stay' | 'not_whole' | 'out_of_range';

/**
 * The year-of-stay rule: only when there was a stay (not for "Contacted admissions only"), a whole
 * year from 1990 to this year. Optional: a reviewer may leave it out.
 *
 * @example stayYearProblem('former_resident', 2024, new Date('2026-05-01')) // → null
 * @example stayYearProblem('contacted_admissions', 2024) // → 'no_stay'
 * @example stayYearProblem('former_resident', 2030, new Date('2026-05-01')) // → 'out_of_range'
 */
export function stayYearProblem(
  relationship: Relationship,
  year: number | null | undefined,
  now: Date = new Date(),
): StayYearProblem | null {
  if (year === null || year === undefined) return null;
  if (!hadStay(relationship)) return 'no_stay';
  if (!Number.isInteger(year)) return 'not_whole';
  if (year < FIRST_STAY_YEAR || year > now.getUTCFullYear()) return 'out_of_range';
  return null;
}

// ---- The public name -------------------------------------------------------------------------------

/** The reviewer's choice of how they are shown: "Maria G." or "A parent". Never the e-mail. */
export const NAME_CHOICES = ['first_name_initial', 'a_parent'] as const;
export type NameChoice = (typeof NAME_CHOICES)[number];
export const A_PARENT = 'A parent';

// A first name: letters (any script) with inner spaces, hyphens or apostrophes; no digits, no @.
const FIRST_NAME = /^\p{L}[\p{L}\p{M}]*(?:[ '’-]\p{L}[\p{L}\p{M}]*)*$/u;
const INITIAL = /^\p{L}$/u;

/** True when `value` (trimmed) can be the first name of a public name. */
export function isFirstName(value: string): boolean {
  return codePointLength(value) <= FIRST_NAME_MAX && FIRST_NAME.test(value);
}

/** True when `value` (trimmed) is one letter, the initial of a last name. */
export function isInitial(value: string): boolean {
  return INITIAL.test(value);
}

/**
 * The name shown with a review: the first name and the initial ("Maria G."), or "A parent".
 * Null when the first name or the initial is not one (the form says which).
 *
 * @example publicName({ choice: 'first_name_initial', firstName: 'maria', lastInitial: 'g' }) // → 'Maria G.'
 * @example publicName({ choice: 'a_parent' }) // → 'A parent'
 */
export function publicName(input: {
  choice: NameChoice;
  firstName?: string | null | undefined;
  lastInitial?: string | null | undefined;
}): string | null {
  if (input.choice === 'a_parent') return A_PARENT;
  const first = (input.firstName ?? '').trim();
  const initial = (input.lastInitial ?? '').trim().replace(/\.$/, '');
  if (!isFirstName(first) || !isInitial(initial)) return null;
  const capitalized = first.charAt(0).toLocaleUpperCase('en-US') + first.slice(1);
  return `${capitalized} ${initial.toLocaleUpperCase('en-US')}.`;
}

/** The choice and the parts of a stored public name, to fill the form for an edit. */
export function publicNameParts(name: string): {
  choice: NameChoice;
  firstName: string;
  lastInitial: string;
} {
  const match = /^(.+) (\p{L})\.$/u.exec(name);
  if (name === A_PARENT || !match) return { choice: 'a_parent', firstName: '', lastInitial: '' };
  return { choice: 'first_name_initial', firstName: match[1] ?? '', lastInitial: match[2] ?? '' };
}

/** The database's form of a public name (program_reviews_public_name_check says the same). */
export function isPublicName(name: string): boolean {
  if (name === A_PARENT) return true;
  const parts = publicNameParts(name);
  return (
    parts.choice === 'first_name_initial' && isFirstName(parts.firstName) && isInitial(parts.lastInitial)
  );
}

// ---- Flags for the moderator ------------------------------------------------------------------------

/** What the moderator is shown about a review's text before deciding (never a reason by itself). */
export const REVIEW_FLAGS = ['phone', 'email', 'url'] as const;
export type ReviewFlag = (typeof REVIEW_FLAGS)[number];

export const REVIEW_FLAG_LABELS: Readonly<Record<ReviewFlag, string>> = {
  phone: 'Contains a phone number',
  email: 'Contains an email address',
  url: 'Contains a web address',
};

// A US-style number (with or without the country code, brackets, dots, dashes or spaces), or any
// run of 10 to 15 digits with separators. Years ("2019-2021") have too few digits to match.
const PHONE = [
  /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/u,
  /\b\d{3}[\s.-]\d{4}\b/u,
  /\+\d(?:[\s.-]?\d){9,14}\b/u,
];
// An address, also written out to dodge filters ("name at example dot com").
const EMAIL = [
  /[^\s@<>()]+@[^\s@<>()]+\.\p{L}{2,}/u,
  /\b[\w.+-]+\s*(?:\(at\)|\[at\]|\sat\s)\s*[\w-]+\s*(?:\(dot\)|\[dot\]|\sdot\s|\.)\s*(?:com|org|net|edu|gov|us|io)\b/iu,
];
// A web address: a scheme, "www.", or a host name with a common top-level domain.
const URL_PATTERN = [
  /\b(?:https?|ftp):\/\//iu,
  /\bwww\.[\p{L}\d-]+/iu,
  /\b[\p{L}\d][\p{L}\d-]*\.(?:com|org|net|info|biz|io|co|us|me|health|care|app|ly|gl|edu|gov)\b(?:\/\S*)?/iu,
];

/**
 * The flags of a review's title and text: phone numbers, e-mail addresses and web addresses. An
 * e-mail address is not also counted as a web address.
 *
 * @example reviewFlags('Call me on 555-010-0199') // → ['phone']
 * @example reviewFlags('See www.example.org') // → ['url']
 * @example reviewFlags('Great staff, hard work') // → []
 */
export function reviewFlags(...texts: readonly (string | null | undefined)[]): ReviewFlag[] {
  const text = texts.filter((t): t is string => typeof t === 'string').join('\n');
  const flags: ReviewFlag[] = [];
  if (PHONE.some((p) => p.test(text))) flags.push('phone');
  const withoutEmails = EMAIL.reduce(
    (rest, p) => rest.replace(new RegExp(p.source, `${p.flags}g`), ' '),
    text,
  );
  if (withoutEmails !== text) flags.push('email');
  if (URL_PATTERN.some((p) => p.test(withoutEmails))) flags.push('url');
  return flags;
}

// ---- The content policy (/review-policy) -----------------------------------------------------------

export const REVIEW_POLICY_PATH = '/review-policy';

/** A rule of the content policy: what is removed, with its id (a rejection names one). */
export interface PolicyRule {
  id: string;
  title: string;
  text: string;
}

/**
 * What is removed. A rejection names exactly one of these ids (program_reviews_rejection_rule_check
 * and review_responses_rejection_rule_check hold the same list).
 */
export const REMOVAL_RULES = [
  {
    id: 'health-information',
    title: 'Personal health information',
    text: 'Details of anyone’s diagnosis, medication, treatment records or health events that could identify them, including your own child’s beyond what you choose to say in general terms. Describe your experience of the program, not medical records.',
  },
  {
    id: 'identifying-people',
    title: 'Identifying other people',
    text: 'Names, photos, contact details or descriptions that identify staff, other residents or their families. Refer to roles instead (“my son’s therapist”, “another resident”).',
  },
  {
    id: 'threats',
    title: 'Threats and harassment',
    text: 'Threats of violence, harassment, or attacks on people for who they are.',
  },
  {
    id: 'spam',
    title: 'Spam and advertising',
    text: 'Promotion, links or contact details, copied or repeated reviews, and text that is not about the program.',
  },
  {
    id: 'conflict-of-interest',
    title: 'Undisclosed conflicts of interest',
    text: 'A review by someone who owns, works for, competes with or was paid or rewarded by the program, unless the review says so. People whose organization publishes the program cannot review it at all.',
  },
] as const satisfies readonly PolicyRule[];
export type RemovalRuleId = (typeof REMOVAL_RULES)[number]['id'];
export const REMOVAL_RULE_IDS: readonly RemovalRuleId[] = REMOVAL_RULES.map((r) => r.id);

/** What is never a reason to remove a review. */
export const KEPT_RULES = [
  {
    id: 'low-rating',
    title: 'A low rating',
    text: 'A one-star review is checked and published exactly like a five-star one.',
  },
  {
    id: 'criticism',
    title: 'Criticism',
    text: 'Criticism of the program, its treatment, its costs, its communication or how its staff acted (without naming them).',
  },
  {
    id: 'complaint',
    title: 'A complaint',
    text: 'A complaint, even one the program disputes. The program may publish one response to each review.',
  },
] as const satisfies readonly PolicyRule[];

/** True when `id` is the id of a removal rule. */
export function isRemovalRule(id: unknown): id is RemovalRuleId {
  return typeof id === 'string' && (REMOVAL_RULE_IDS as readonly string[]).includes(id);
}

/** The removal rule of `id`, or undefined. */
export function removalRule(id: string): (typeof REMOVAL_RULES)[number] | undefined {
  return REMOVAL_RULES.find((r) => r.id === id);
}

// ---- Who may review -----------------------------------------------------------------------------------

/** Why an account may not review a program (null: it may). */
export type IneligibleReason = 'signed_out' | 'administrator' | 'insider' | 'already_reviewed';

/**
 * Who may review a program: a signed-in account, once per program. Administrators never (they
 * moderate reviews, and the site publishes every program); a provider account never reviews a
 * program its own organization publishes (`programProviderIds`: the providers whose listings are
 * published as the program). Other provider accounts may review other programs; the moderator
 * sees that the author is a provider. The database refuses the same (private.guard_review).
 *
 * @example reviewIneligibility({ signedIn: true, roles: ['user'], providerId: null, programProviderIds: [], hasReviewed: false }) // → null
 */
export function reviewIneligibility(account: {
  signedIn: boolean;
  roles: readonly string[];
  providerId: string | null;
  programProviderIds: readonly string[];
  hasReviewed: boolean;
}): IneligibleReason | null {
  if (!account.signedIn) return 'signed_out';
  if (account.roles.includes('admin')) return 'administrator';
  if (account.providerId !== null && account.programProviderIds.includes(account.providerId))
    return 'insider';
  if (account.hasReviewed) return 'already_reviewed';
  return null;
}

// ---- The rating ---------------------------------------------------------------------------------------

/** Reviews with 5, 4, 3, 2 and 1 stars, in that order. */
export type RatingDistribution = readonly [number, number, number, number, number];
export const NO_DISTRIBUTION: RatingDistribution = [0, 0, 0, 0, 0];

/** A program's rating: the average of its published reviews with one decimal (null without any), and how many. */
export interface RatingSummary {
  rating: number | null;
  count: number;
  distribution: RatingDistribution;
}

/**
 * Rounds an average of whole stars to one decimal, half up, without binary fractions in the way:
 * (sum × 10) / count is exact for every realistic count, so 4.45 is 4.5 (SQL's `round(avg, 1)`
 * gives the same).
 */
export function roundedAverage(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum * 10) / count) / 10;
}

/**
 * The summary of published reviews' stars: the average rounded to one decimal (null, never 0,
 * without reviews), the count, and the distribution from 5 to 1 stars. Values outside 1–5 or not
 * whole are ignored (the database allows none).
 *
 * @example ratingSummary([5, 4, 5]) // → { rating: 4.7, count: 3, distribution: [2, 1, 0, 0, 0] }
 * @example ratingSummary([]) // → { rating: null, count: 0, distribution: [0, 0, 0, 0, 0] }
 */
export function ratingSummary(ratings: readonly number[]): RatingSummary {
  const counts = [0, 0, 0, 0, 0];
  let sum = 0;
  let count = 0;
  for (const r of ratings) {
    if (!Number.isInteger(r) || r < RATING_MIN || r > RATING_MAX) continue;
    counts[RATING_MAX - r] = (counts[RATING_MAX - r] ?? 0) + 1;
    sum += r;
    count += 1;
  }
  return {
    rating: roundedAverage(sum, count),
    count,
    distribution: counts as unknown as RatingDistribution,
  };
}

/** The summary from a distribution (5 to 1 stars), as the build reads it from the database. */
export function summaryOfDistribution(distribution: RatingDistribution): RatingSummary {
  const count = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((a, n, i) => a + n * (RATING_MAX - i), 0);
  return { rating: roundedAverage(sum, count), count, distribution };
}

/** One bar of the distribution: stars, how many reviews, and the share in whole percent. */
export interface DistributionRow {
  stars: number;
  count: number;
  percent: number;
}

/**
 * The distribution's bars from 5 to 1 stars, each with its whole-percent share (0 without reviews).
 *
 * @example distributionRows([2, 1, 0, 0, 1])[0] // → { stars: 5, count: 2, percent: 50 }
 */
export function distributionRows(distribution: RatingDistribution): DistributionRow[] {
  const total = distribution.reduce((a, b) => a + b, 0);
  return distribution.map((count, i) => ({
    stars: RATING_MAX - i,
    count,
    percent: total === 0 ? 0 : Math.round((count * 100) / total),
  }));
}

export const NO_REVIEWS_YET = 'No reviews yet';

/** "1 review", "12 reviews". */
export function reviewCountText(count: number): string {
  return `${String(count)} ${count === 1 ? 'review' : 'reviews'}`;
}

/**
 * The rating as cards, the profile, compare and the directory show it: "4.6 · 12 reviews", or
 * "No reviews yet" (never a zero or a number without its count), with what a screen reader says.
 *
 * @example ratingText(4.6, 12) // → { visible: '4.6 · 12 reviews', spoken: 'Rated 4.6 out of 5 from 12 reviews', hasReviews: true }
 * @example ratingText(null, 0) // → { visible: 'No reviews yet', spoken: 'No reviews yet', hasReviews: false }
 */
export function ratingText(
  rating: number | null | undefined,
  count: number | null | undefined,
): { visible: string; spoken: string; hasReviews: boolean } {
  const n = typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : 0;
  if (n === 0 || typeof rating !== 'number' || !Number.isFinite(rating)) {
    return { visible: NO_REVIEWS_YET, spoken: NO_REVIEWS_YET, hasReviews: false };
  }
  const value = (Math.round(rating * 10) / 10).toFixed(1);
  return {
    visible: `${value} · ${reviewCountText(n)}`,
    spoken: `Rated ${value} out of 5 from ${reviewCountText(n)}`,
    hasReviews: true,
  };
}

/**
 * The order of the directory's rating sort as one number (smaller first): the highest rating
 * first, more reviews first among equal ratings, and programs without reviews last.
 *
 * @example ratingSortKey(4.6, 12) < ratingSortKey(4.6, 3) // → true
 * @example ratingSortKey(1, 1) < ratingSortKey(undefined, 0) // → true
 */
export function ratingSortKey(rating: number | null | undefined, count: number | null | undefined): number {
  const n = typeof count === 'number' && count > 0 ? Math.min(count, 999_999) : 0;
  if (typeof rating !== 'number' || !Number.isFinite(rating) || n === 0) return Number.POSITIVE_INFINITY;
  return -(Math.round(rating * 10) * 1_000_000 + n);
}

// ---- Markers ----------------------------------------------------------------------------------------

// The day of a request is stored as a UTC calendar day (`YYYY-MM-DD`): formatted in UTC, so it is
// the same day wherever the page is read.
const REQUEST_DAY = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * The "Sent a request through this site" marker with the day of the author's first request to the
 * program, so readers can judge how long before the review it was (only the day, never the
 * request); the plain marker when the day is unknown.
 *
 * @example sentRequestMarker('2026-03-03') // 'Sent a request through this site on March 3, 2026'
 */
export function sentRequestMarker(on: string | null | undefined): string {
  const time = typeof on === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(on) ? Date.parse(`${on}T00:00:00Z`) : NaN;
  return Number.isNaN(time)
    ? REVIEW_MARKERS.sentRequest
    : `${REVIEW_MARKERS.sentRequest} on ${REQUEST_DAY.format(time)}`;
}

/** The words shown with a review (its markers) and around the list. */
export const REVIEW_MARKERS = {
  sentRequest: 'Sent a request through this site',
  connected: 'Connected to this program',
  sample: 'Sample review — demo data',
  response: 'Response from the program',
  howReviewsWork: 'How reviews work',
} as const;
