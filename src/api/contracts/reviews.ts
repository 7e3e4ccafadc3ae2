/**
 * Reviews and ratings: the requests, answers and every word people read about them.
 *
 * - `GET /api/programs/:id/reviews[?offset=N]` (anyone; with a token also the caller's own review
 *   and whether they may write one) — netlify/functions/reviews.mts
 * - `GET /api/reviews` (the caller's own reviews), `POST /api/reviews`, `PUT /api/reviews/:id`,
 *   `DELETE /api/reviews/:id`, `POST /api/reviews/:id/report` — netlify/functions/reviews.mts
 * - `GET /api/admin/reviews[?status=…]`, `PATCH /api/admin/reviews/:id`,
 *   `PATCH /api/admin/reviews/:id/response` — netlify/functions/admin-reviews.mts
 * - `GET /api/provider/reviews`, `PUT /api/provider/reviews/:id/response` (also `POST`),
 *   `DELETE /api/provider/reviews/:id/response` — netlify/functions/provider-reviews.mts
 *
 * Tables: program_reviews, review_responses, review_reports (migration 20261126000500). The rules
 * (rating, eligibility, policy, flags, public name) are src/lib/reviews.ts; the body schemas and
 * types reviews-schemas.ts (the form and the API check the same way and say the same words). Zod
 * stays out of this module: the reviews on a program's page load it only when the form opens.
 */
import {
  CONNECTION_NOTE_MAX,
  FIRST_NAME_MAX,
  FIRST_STAY_YEAR,
  REPORT_REASON_MAX,
  REPORT_REASON_MIN,
  RESPONSE_BODY_MAX,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_TITLE_MAX,
  type IneligibleReason,
  type ModerationStatus,
  type NameChoice,
  type PolicyRule,
  type RatingSummary,
  type Relationship,
  type RemovalRuleId,
  type ReviewFlag,
} from '../../lib/reviews.ts';

/** Largest review body: 4000 four-byte characters and the rest fit. */
export const REVIEW_BODY_MAX_BYTES = 32 * 1024;
/** Largest report or response body. */
export const SMALL_BODY_MAX_BYTES = 16 * 1024;
/** Reviews per page of `GET /api/programs/:id/reviews`. */
export const REVIEWS_PAGE_SIZE = 20;
/** Most reviews a moderator's or a provider's list answers. */
export const MAX_LISTED_REVIEWS = 500;
/** Reviews per page of the moderator's list (`GET /api/admin/reviews`). */
export const ADMIN_REVIEWS_PAGE_SIZE = 50;
/** The newest reports the moderator's list shows with each review (the rest are counted). */
export const ADMIN_REPORTS_SHOWN = 3;

/** The words of the review form, the list, the moderator's tab, the provider's card and the API. */
export const REVIEW_MESSAGES = {
  // ---- The form ----
  formTitle: 'Write a review',
  editTitle: 'Edit your review',
  ratingLabel: 'Your rating',
  titleLabel: 'Title',
  bodyLabel: 'Your review',
  bodyHint: `At least ${String(REVIEW_BODY_MIN)} characters.`,
  reminder:
    'Please do not include health details, or the names of staff or other residents. Describe your experience of the program.',
  relationshipLabel: 'How do you know this program?',
  stayYearLabel: 'Year of the stay (optional)',
  nameLabel: 'Show my name as',
  nameInitialOption: 'My first name and the initial of my last name',
  nameParentOption: 'A parent',
  firstNameLabel: 'First name',
  lastInitialLabel: 'Initial of your last name',
  nameHint: 'We never show your email address.',
  connectedLabel: 'Do you work for, own, or have another connection to this program?',
  connectedNo: 'No',
  connectedYes: 'Yes',
  connectionNoteLabel: 'How are you connected?',
  connectionNoteHint: 'Shown with your review, e.g. "I worked there until 2023."',
  policyNote:
    'Every review is checked against our review policy before it is published. A low rating, criticism or a complaint is never a reason to remove one.',
  submit: 'Submit review',
  submitting: 'Submitting…',
  save: 'Save changes',
  delete: 'Delete review',
  deleteConfirm: 'Delete your review? This cannot be undone.',
  cancel: 'Cancel',
  submittedTitle: 'Review submitted',
  notAccepted: 'The review could not be saved as written. Please check each answer and send it again.',
  submitted: 'Thank you. Your review is checked against our review policy before it is published.',
  editedTitle: 'Review updated',
  edited: 'Your changes are checked again before they are published. Until then your review is not shown.',
  deletedTitle: 'Review deleted',
  deleted: 'Your review was deleted.',
  sendFailed: 'Your review could not be sent. Please try again in a moment.',

  // ---- The reviewer's own review ----
  statusPending: 'Waiting to be checked',
  statusPublished: 'Published',
  statusRejected: 'Not published',
  rejectedBecause: 'Not published because it breaks this rule of our review policy:',
  rejectedEdit: 'You can edit your review to follow the policy; it is checked again.',

  // ---- Who may review ----
  signInToReview: 'Please sign in to write a review.',
  administrator: 'Administrators moderate reviews, so they cannot write them.',
  insider: 'Your organization publishes this program, so you cannot review it. Reviews come from families.',
  alreadyReviewed: 'You have already reviewed this program. You can edit or delete your review instead.',
  unknownProgram: 'This program is not listed in the directory, so it cannot be reviewed.',
  testProgram: 'The test program cannot be reviewed.',

  // ---- What the API refuses (each also shown beside its field) ----
  programId: 'Program id must be 1–100 lower-case letters, digits and hyphens.',
  ratingMissing: 'Please choose a rating from 1 to 5 stars.',
  titleMissing: 'Please give your review a title.',
  titleType: 'The title must be text.',
  titleTooLong: `Please keep the title to ${String(REVIEW_TITLE_MAX)} characters.`,
  titleControl: 'The title must be one line without control characters.',
  titleUnicode: 'The title contains text that is not valid Unicode.',
  titleBidi: 'The title must not contain direction-override characters.',
  bodyMissing: 'Please write your review.',
  bodyType: 'Your review must be text.',
  bodyTooShort: `Please write at least ${String(REVIEW_BODY_MIN)} characters.`,
  bodyTooLong: `Please keep your review to ${String(REVIEW_BODY_MAX)} characters.`,
  bodyControl: 'Your review must not contain control characters.',
  bodyUnicode: 'Your review contains text that is not valid Unicode.',
  bodyBidi: 'Your review must not contain direction-override characters.',
  relationshipMissing: 'Please say how you know this program.',
  stayYearNoStay: 'Leave the year empty when you only contacted admissions.',
  stayYearType: 'The year must be a whole number, like 2024.',
  nameChoiceMissing: 'Please choose how your name is shown.',
  firstNameInvalid: `Please enter your first name (letters only, at most ${String(FIRST_NAME_MAX)}), or choose "A parent".`,
  lastInitialInvalid: 'Please enter the first letter of your last name.',
  connectedMissing: 'Please say whether you are connected to this program.',
  connectionNoteMissing:
    'Please say how you are connected to this program, e.g. "I worked there until 2023."',
  connectionNoteTooLong: `Please keep this to ${String(CONNECTION_NOTE_MAX)} characters.`,
  connectionNoteInvalid: 'This must be one line of text without control or direction-override characters.',
  tooLarge: 'Your review is too long. Please shorten it and send it again.',
  reviewNotFound: 'Review not found.',
  tooManyReviews:
    'You have sent several reviews in a short time. Please wait a few minutes before sending another.',

  // ---- Reports ----
  reportButton: 'Report this review',
  reportTitle: 'Report a review',
  reportIntro:
    'Tell us which rule of our review policy this review breaks. The site team checks every report.',
  reportReasonLabel: 'Why should this review be removed?',
  reportSend: 'Send report',
  reportThanks: 'Thank you. The site team checks the review against the policy.',
  reportReasonMissing: 'Please tell us why this review breaks the policy.',
  reportReasonType: 'The reason must be text.',
  reportReasonTooShort: `Please explain in at least ${String(REPORT_REASON_MIN)} characters.`,
  reportReasonTooLong: `Please keep your reason to ${String(REPORT_REASON_MAX)} characters.`,
  reportReasonInvalid: 'The reason must not contain control or direction-override characters.',
  reportNotPublished: 'Only a published review can be reported.',
  tooManyReports:
    'You have sent several reports in a short time. Please wait a few minutes before sending another.',

  // ---- /admin: the Reviews tab ----
  adminTitle: 'Reviews',
  adminIntro:
    'Check each review against the review policy, never by its rating: a one-star review is published exactly like a five-star one. A rejection names the rule it breaks, and the reviewer is told.',
  adminEmpty: 'Nothing is waiting.',
  adminLoadFailed: 'The reviews could not be loaded. Please try again.',
  /** Under the list while another page follows (ADMIN_REVIEWS_PAGE_SIZE a page). */
  adminShowMore: 'Show more reviews',
  adminLoadingMore: 'Loading…',
  /** The count above the list while another page follows ("50 reviews shown"). */
  adminShown: { one: 'review shown', many: 'reviews shown' },
  publish: 'Publish',
  keepPublished: 'Keep published',
  reject: 'Reject',
  ruleLabel: 'Rule of the policy it breaks',
  decisionMissing: "Send decision 'publish' or 'reject'.",
  ruleMissing: 'Choose the rule of the review policy it breaks.',
  alreadyPublished: 'This is already published and has no open reports.',
  alreadyRejected: 'This is already rejected under this rule.',
  responseNotFound: 'This review has no response.',
  revisionRequired: 'Reload the page: this decision does not say which version you reviewed.',
  reviewChanged: 'This review changed after you opened it — review the new version.',
  responseChanged: 'This response changed after you opened it — review the new version.',
  authorIsProvider: 'Written from a provider account',
  verifiedContact: 'Sent a request through this site',
  noVerifiedContact: 'No request sent through this site',
  openReports: (n: number) => `${String(n)} open ${n === 1 ? 'report' : 'reports'}`,
  /** Under the newest reports, when the review has more. */
  reportsShown: (shown: number, total: number) => `The newest ${String(shown)} of ${String(total)} reports.`,
  /** Reports received beyond the cap of open reports: counted, not stored. */
  reportsNotStored: (n: number) =>
    `${String(n)} more ${n === 1 ? 'report was' : 'reports were'} received and counted, not stored (the review has the most open reports kept).`,
  statusFilter: 'Show status=waiting, pending, reported, published, rejected or all.',
  offsetInvalid: 'offset must be a whole number from 0.',

  // ---- The provider's responses ----
  providerTitle: 'Reviews of your programs',
  providerIntro:
    'Families review programs after checking by the site team. You may publish one response to each review; it is checked the same way.',
  providerEmpty: 'No published reviews of your programs yet.',
  respond: 'Respond publicly',
  responseLabel: 'Your response',
  responseSubmitted: 'Your response is checked before it is published.',
  responseMissing: 'Please write your response.',
  responseType: 'The response must be text.',
  responseTooLong: `Please keep your response to ${String(RESPONSE_BODY_MAX)} characters.`,
  responseInvalid: 'The response must not contain control or direction-override characters.',
  notYourProgram: 'Only the provider of this program’s live listing can respond to its reviews.',
  responseToUnpublished: 'Only a published review can be answered.',
} as const;

/** "Enter a year from 1990 to 2026." (the end is this year). */
export function stayYearRangeMessage(now: Date = new Date()): string {
  return `Enter a year from ${String(FIRST_STAY_YEAR)} to ${String(now.getUTCFullYear())}.`;
}

/** What a person who may not review reads instead of the form. */
export const INELIGIBLE_MESSAGES: Readonly<Record<IneligibleReason, string>> = {
  signed_out: REVIEW_MESSAGES.signInToReview,
  administrator: REVIEW_MESSAGES.administrator,
  insider: REVIEW_MESSAGES.insider,
  already_reviewed: REVIEW_MESSAGES.alreadyReviewed,
};

export const MODERATION_STATUS_LABELS: Readonly<Record<ModerationStatus, string>> = {
  pending: REVIEW_MESSAGES.statusPending,
  published: REVIEW_MESSAGES.statusPublished,
  rejected: REVIEW_MESSAGES.statusRejected,
};

// ---- Answers ------------------------------------------------------------------------------------------

/** A program as a list of reviews names it. */
export interface ReviewProgram {
  id: string;
  /** Null when it is no longer in the directory. */
  name: string | null;
  /** Its page; null when it is not listed now. */
  path: string | null;
}

/** The program's published response to a review. */
export interface PublicResponse {
  body: string;
  created_at: string;
  updated_at: string;
}

/** A published review as everyone reads it (never the author's account or e-mail). */
export interface PublicReview {
  id: string;
  program_id: string;
  rating: number;
  title: string;
  body: string;
  relationship: Relationship;
  /** Its words (RELATIONSHIP_LABELS). */
  relationship_label: string;
  stay_year: number | null;
  public_name: string;
  connected_to_program: boolean;
  connection_note: string | null;
  /** "Sent a request through this site". */
  sent_request: boolean;
  /** The day (`YYYY-MM-DD`, UTC) of the author's first request to the program, shown with the marker; null without one. */
  sent_request_on: string | null;
  /** "Sample review — demo data". */
  sample: boolean;
  created_at: string;
  /** The author's last edit. */
  updated_at: string;
  response: PublicResponse | null;
}

/** The caller's own review, with where it stands. */
export interface OwnReview extends Omit<PublicReview, 'response' | 'relationship_label' | 'sample'> {
  relationship_label: string;
  status: ModerationStatus;
  /** The rule a rejected review breaks, with its words. */
  rejection: PolicyRule | null;
  moderated_at: string | null;
  /** The form's fields for the public name (publicNameParts). */
  name_choice: NameChoice;
  first_name: string;
  last_initial: string;
}

/** Whether the signed-in caller may write a review of this program, and their own if any. */
export interface ReviewViewer {
  can_review: boolean;
  reason: IneligibleReason | null;
  /** What to say instead of the form (INELIGIBLE_MESSAGES), null when the form is shown. */
  message: string | null;
  review: OwnReview | null;
}

/** `GET /api/programs/:id/reviews` → 200: published reviews newest first, the rating of all of them. */
export interface ProgramReviewsResponse {
  program_id: string;
  summary: RatingSummary;
  reviews: PublicReview[];
  /** The `offset` of the next page, null on the last. */
  next_offset: number | null;
  /** With a valid token: the caller's view; null for visitors. */
  viewer: ReviewViewer | null;
}

/** `POST /api/reviews` → 201, `PUT /api/reviews/:id` → 200. */
export interface OwnReviewResponse {
  review: OwnReview;
}

/** `GET /api/reviews` → 200: the caller's reviews, newest first. */
export interface OwnReviewsResponse {
  reviews: (OwnReview & { program: ReviewProgram })[];
}

/** `POST /api/reviews/:id/report` → 201. */
export interface ReportReviewResponse {
  id: string;
}

/** A report as the moderator reads it (it names nobody). */
export interface AdminReviewReport {
  id: string;
  reason: string;
  status: 'open' | 'resolved';
  created_at: string;
  resolved_at: string | null;
}

/** A response as the moderator reads it. */
export interface AdminReviewResponseItem {
  id: string;
  body: string;
  status: ModerationStatus;
  rejection_rule: RemovalRuleId | null;
  organization_name: string;
  created_at: string;
  updated_at: string;
  moderated_at: string | null;
  /** The version the moderator reads; a decision on the response names it. */
  revision: number;
}

/** One review in the moderator's queue. */
export interface AdminReview extends Omit<PublicReview, 'response' | 'program_id'> {
  program: ReviewProgram;
  status: ModerationStatus;
  rejection_rule: RemovalRuleId | null;
  moderated_at: string | null;
  /** Phone numbers, e-mail and web addresses in the text. */
  flags: ReviewFlag[];
  /** The author's account is a provider's. */
  author_is_provider: boolean;
  /** Its newest reports, at most ADMIN_REPORTS_SHOWN (of any status). */
  reports: AdminReviewReport[];
  /** All its stored reports, of any status (`reports` holds the newest few). */
  report_count: number;
  open_reports: number;
  /** Reports received beyond the open reports a review may have (OPEN_REPORTS_CAP): counted, not stored. */
  reports_not_stored: number;
  response: AdminReviewResponseItem | null;
  /** The version the moderator reads; a decision on the review names it. */
  revision: number;
}

/** What the moderator's list shows: `waiting` (the default) is pending, reported, or with a pending response. */
export const ADMIN_REVIEW_FILTERS = [
  'waiting',
  'pending',
  'reported',
  'published',
  'rejected',
  'all',
] as const;
export type AdminReviewFilter = (typeof ADMIN_REVIEW_FILTERS)[number];

/**
 * `GET /api/admin/reviews[?status=…][&offset=N]` → 200: oldest waiting first, ADMIN_REVIEWS_PAGE_SIZE
 * a page; `next_offset` asks for the next page (null: this was the last).
 */
export interface AdminReviewsResponse {
  reviews: AdminReview[];
  next_offset: number | null;
}

/** `PATCH /api/admin/reviews/:id` (and `…/response`) → 200. */
export interface AdminReviewResponse {
  review: AdminReview;
}

/** The provider's own response, with where it stands. */
export interface ProviderResponseItem {
  id: string;
  body: string;
  status: ModerationStatus;
  rejection: PolicyRule | null;
  created_at: string;
  updated_at: string;
}

/** A published review of one of the provider's programs. */
export interface ProviderReview extends Omit<PublicReview, 'response' | 'program_id'> {
  program: ReviewProgram;
  response: ProviderResponseItem | null;
}

/** `GET /api/provider/reviews` → 200: newest first (at most 500). */
export interface ProviderReviewsResponse {
  reviews: ProviderReview[];
}

/** `PUT /api/provider/reviews/:id/response` → 200 (201 when new). */
export interface ProviderResponseResponse {
  response: ProviderResponseItem;
}
