/**
 * The reviews section's rules, free of React and of zod (this ships in the profile's reviews
 * island; the form's full check, which needs zod, is form-check.ts, loaded when the form opens):
 * the form's values and the body they become, where each message goes, the report's check, and
 * the words a review is shown with. The rules themselves are src/lib/reviews.ts and the words
 * src/api/contracts/reviews.ts (docs/product-rules.md#reviews-and-ratings).
 */
import { signInHrefFor } from '../../lib/auth/rules.ts';
import { REVIEW_MESSAGES as M, type OwnReview } from '../../api/contracts/reviews.ts';
import type { ReviewEditBody } from '../../api/contracts/reviews-schemas.ts';
import { codePointLength, hasVisibleText } from '../../lib/text-rules.ts';
import {
  hadStay,
  publicName,
  REPORT_REASON_MAX,
  REPORT_REASON_MIN,
  reviewCountText,
  type DistributionRow,
  type NameChoice,
  type Relationship,
} from '../../lib/reviews.ts';

/** The reviews section's id on a profile (the hero's rating links to it). */
export const REVIEWS_ANCHOR = 'reviews';
/** Where the sign-in brings a family back to: the "Write a review" place, which then opens the form. */
export const WRITE_ANCHOR = 'write-a-review';

/** The sign-in link of a signed-out visitor: back to the program's page, at the review form. */
export function signInToReviewHref(programPath: string): string {
  return signInHrefFor(`${programPath}#${WRITE_ANCHOR}`);
}

// ---- The form ------------------------------------------------------------------------------------

/** What the form holds, as typed: nothing is dropped while the person changes their mind. */
export interface ReviewFormValues {
  /** 1–5, or null before a star is chosen. */
  rating: number | null;
  title: string;
  body: string;
  relationship: Relationship | '';
  /** As typed; sent only when the relationship had a stay. */
  stayYear: string;
  nameChoice: NameChoice | '';
  firstName: string;
  lastInitial: string;
  connected: 'yes' | 'no' | '';
  connectionNote: string;
}

export const EMPTY_FORM: ReviewFormValues = {
  rating: null,
  title: '',
  body: '',
  relationship: '',
  stayYear: '',
  nameChoice: '',
  firstName: '',
  lastInitial: '',
  connected: '',
  connectionNote: '',
};

/** The form filled with the family's own review, for an edit. */
export function formFromReview(review: OwnReview): ReviewFormValues {
  return {
    rating: review.rating,
    title: review.title,
    body: review.body,
    relationship: review.relationship,
    stayYear: review.stay_year === null ? '' : String(review.stay_year),
    nameChoice: review.name_choice,
    firstName: review.first_name,
    lastInitial: review.last_initial,
    connected: review.connected_to_program ? 'yes' : 'no',
    connectionNote: review.connection_note ?? '',
  };
}

/** True when the form asks for the year of the stay (a relationship with a stay was chosen). */
export function showsStayYear(relationship: Relationship | ''): boolean {
  return relationship !== '' && hadStay(relationship);
}

/** A typed year as a number: blank is none (null); anything but digits is NaN (the check says so). */
export function parseStayYear(text: string): number | null {
  const value = text.trim();
  if (value === '') return null;
  return /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * The body the form sends (`PUT /api/reviews/:id`; `POST /api/reviews` adds the program): what
 * is hidden is not sent (no year without a stay, no name parts for "A parent", no note without a
 * connection); what is missing is left for the check to name (`rating: 0`, empty choices).
 */
export type ReviewDraftBody = Omit<
  ReviewEditBody,
  'relationship' | 'name_choice' | 'connected_to_program'
> & {
  relationship: Relationship | '';
  name_choice: NameChoice | '';
  connected_to_program?: boolean;
};

export function reviewDraftBody(values: ReviewFormValues): ReviewDraftBody {
  const named = values.nameChoice === 'first_name_initial';
  return {
    rating: values.rating ?? 0,
    title: values.title,
    body: values.body,
    relationship: values.relationship,
    stay_year: showsStayYear(values.relationship) ? parseStayYear(values.stayYear) : null,
    name_choice: values.nameChoice,
    first_name: named ? values.firstName : null,
    last_initial: named ? values.lastInitial : null,
    ...(values.connected === '' ? {} : { connected_to_program: values.connected === 'yes' }),
    connection_note: values.connected === 'yes' ? values.connectionNote : null,
  };
}

/** The name the review will be shown with, as the person types it (null until it is one). */
export function namePreview(values: ReviewFormValues): string | null {
  if (values.nameChoice === '') return null;
  return publicName({
    choice: values.nameChoice,
    firstName: values.firstName,
    lastInitial: values.lastInitial,
  });
}

/** The form's fields in the order they are shown: the first with a message gets the focus. */
export const REVIEW_FIELDS = [
  'rating',
  'title',
  'body',
  'relationship',
  'stay_year',
  'name_choice',
  'first_name',
  'last_initial',
  'connected_to_program',
  'connection_note',
] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];
export type ReviewErrors = Partial<Record<ReviewField, string>>;

function isReviewField(key: string): key is ReviewField {
  return (REVIEW_FIELDS as readonly string[]).includes(key);
}

/** The first field with a message, in the form's order. */
export function firstInvalid(errors: ReviewErrors): ReviewField | undefined {
  return REVIEW_FIELDS.find((f) => errors[f] !== undefined);
}

/** The API's messages per field, split into the form's fields and the rest (said once above Send). */
export function splitFieldMessages(fields: Readonly<Record<string, string>> | undefined): {
  fields: ReviewErrors;
  rest: string[];
} {
  const found: ReviewErrors = {};
  const rest: string[] = [];
  for (const [key, message] of Object.entries(fields ?? {})) {
    if (isReviewField(key)) found[key] ??= message;
    else rest.push(message);
  }
  return { fields: found, rest };
}

// ---- Reports ------------------------------------------------------------------------------------------

// The characters reportReviewSchema refuses (src/api/contracts/reviews-schemas.ts, via src/lib/schemas.ts),
// written here without zod: controls but tab and line breaks; direction embeddings, overrides and
// isolates; half surrogate pairs.
const CONTROL_EXCEPT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * What keeps a report from being sent, in the API's order and words, or null.
 *
 * @example reportReasonError('') // → REVIEW_MESSAGES.reportReasonMissing
 * @example reportReasonError('It names a staff member.') // → null
 */
export function reportReasonError(reason: string): string | null {
  if (CONTROL_EXCEPT_LINE_BREAKS.test(reason) || LONE_SURROGATE.test(reason) || BIDI_CONTROL.test(reason))
    return M.reportReasonInvalid;
  const value = reason.trim();
  if (!hasVisibleText(value)) return M.reportReasonMissing;
  if (codePointLength(value) < REPORT_REASON_MIN) return M.reportReasonTooShort;
  if (codePointLength(value) > REPORT_REASON_MAX) return M.reportReasonTooLong;
  return null;
}

// ---- How a review is shown --------------------------------------------------------------------------

const MONTH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Written in March 2026" (the month of the review; '' for a bad date). */
export function writtenText(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : `Written in ${MONTH_YEAR.format(time)}`;
}

/** "Stay in 2024", or null without a year. */
export function stayText(year: number | null): string | null {
  return year === null ? null : `Stay in ${String(year)}`;
}

/** A bar of the distribution in words: "5 stars: 8 reviews (67%)". */
export function distributionText(row: DistributionRow): string {
  return `${String(row.stars)} ${row.stars === 1 ? 'star' : 'stars'}: ${reviewCountText(row.count)} (${String(row.percent)}%)`;
}

/** The name of the Report button of one review, unique on the page. */
export function reportButtonName(review: { public_name: string; title: string }): string {
  return `${M.reportButton}: “${review.title}” by ${review.public_name}`;
}
