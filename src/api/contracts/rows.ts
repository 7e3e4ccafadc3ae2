/** Table rows as JSON carries them (ISO timestamps, numeric as numbers), kept beside the contracts because the API answers rows; tests/db/rows.test.ts checks each column list against the database. */
import type { AvailabilityStatus } from '../../lib/availability.ts';
import { PLAIN_TEXT_FIELDS, type PlainTextField } from '../../lib/listing/fields.ts';
import type { OutcomeMeasure } from '../../lib/fidelity.ts';
import type { ModerationStatus, Relationship, RemovalRuleId, ReviewFlag } from '../../lib/reviews.ts';
import type {
  EngagementEventType,
  InquiryStatus,
  InquiryType,
  ListingStatus,
  Role,
  VerificationRequestStatus,
  VerificationStatus,
} from '../../lib/vocabulary.ts';

/** The keys of `Row` not named in `List` (never when the list is complete). */
type Missing<Row, List extends readonly PropertyKey[]> = Exclude<keyof Row, List[number]>;

/** `list` as it is, refused by the compiler unless it names every column of `Row`. */
export function columnsOf<Row>() {
  return <const List extends readonly (keyof Row & string)[]>(
    list: List & ([Missing<Row, List>] extends [never] ? unknown : { missing: Missing<Row, List> }),
  ): List => list;
}

export interface UserRoleRow {
  id: string;
  user_id: string;
  role: Role;
  created_at: string;
}
export const USER_ROLE_COLUMNS = columnsOf<UserRoleRow>()(['id', 'user_id', 'role', 'created_at']);

export interface ProviderRow {
  id: string;
  user_id: string;
  organization_name: string;
  contact_name: string;
  email: string;
  phone: string | null;
  website: string | null;
  description: string | null;
  location: string | null;
  state: string | null;
  subscription_plan: string | null;
  subscription_status: string;
  trial_ends_at: string | null;
  verification_status: VerificationStatus;
  verified_at: string | null;
  /** The administrator who verified it. */
  verified_by: string | null;
  created_at: string;
  updated_at: string;
  /** Where inquiries about its published programs are e-mailed (null: `email`). */
  inquiry_email: string | null;
  /** The phone families are shown in inquiry confirmations (null: the program's own). */
  inquiry_phone: string | null;
}
export const PROVIDER_ROW_COLUMNS = columnsOf<ProviderRow>()([
  'id',
  'user_id',
  'organization_name',
  'contact_name',
  'email',
  'phone',
  'website',
  'description',
  'location',
  'state',
  'subscription_plan',
  'subscription_status',
  'trial_ends_at',
  'verification_status',
  'verified_at',
  'verified_by',
  'created_at',
  'updated_at',
  'inquiry_email',
  'inquiry_phone',
]);

/** A listing's plain text columns (src/lib/listing/fields.ts): text, or null when not given. */
type ListingPlainTextColumns = { [K in PlainTextField]: string | null };

export interface ProviderListingRow extends ListingPlainTextColumns {
  id: string;
  provider_id: string;
  center_name: string;
  description: string;
  phone: string;
  age_groups: string[];
  gender_specific: string | null;
  setting: string | null;
  capacity: number | null;
  modalities: string[];
  insurance: string[];
  logo_url: string | null;
  images: string[];
  accreditations: string[];
  license_url: string | null;
  status: ListingStatus;
  submitted_at: string | null;
  reviewed_at: string | null;
  /** The administrator who decided it. */
  reviewed_by: string | null;
  reviewer_notes: string | null;
  published_program_id: string | null;
  created_at: string;
  updated_at: string;
  erp_hours_per_week: number | null;
  individual_sessions_per_week: number | null;
  specialised_clinicians_percent: number | null;
  outcome_measure: OutcomeMeasure | null;
  /** The median score from admission to discharge fell, rose or did not change (`score_points`). */
  score_direction: 'fell' | 'rose' | 'unchanged' | null;
  /** By how many points (0–40; 0 only with `unchanged`). */
  score_points: number | null;
  score_change_year: number | null;
  score_change_sample: number | null;
  family_sessions_per_week: number | null;
  family_accommodation_work: boolean | null;
  /** Up to 8 short lines. */
  program_highlights: string[];
  /** Version of the content (a moderation decision names the one it was made on). */
  revision: number;
}
export const PROVIDER_LISTING_COLUMNS = columnsOf<ProviderListingRow>()([
  ...PLAIN_TEXT_FIELDS.map(([column]) => column),
  'id',
  'provider_id',
  'center_name',
  'description',
  'phone',
  'age_groups',
  'gender_specific',
  'setting',
  'capacity',
  'modalities',
  'insurance',
  'logo_url',
  'images',
  'accreditations',
  'license_url',
  'status',
  'submitted_at',
  'reviewed_at',
  'reviewed_by',
  'reviewer_notes',
  'published_program_id',
  'created_at',
  'updated_at',
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
  'program_highlights',
  'revision',
]);

export interface VerificationRequestRow {
  id: string;
  provider_id: string;
  documents_submitted: string[];
  status: VerificationRequestStatus;
  requested_at: string;
  /** The administrator who decided it. */
  reviewer_id: string | null;
  reviewed_at: string | null;
  reviewer_notes: string | null;
  created_at: string;
  updated_at: string;
  /** Version of the content (a moderation decision names the one it was made on). */
  revision: number;
}
export const VERIFICATION_REQUEST_COLUMNS = columnsOf<VerificationRequestRow>()([
  'id',
  'provider_id',
  'documents_submitted',
  'status',
  'requested_at',
  'reviewer_id',
  'reviewed_at',
  'reviewer_notes',
  'created_at',
  'updated_at',
  'revision',
]);

export interface ProviderInquiryRow {
  id: string;
  program_id: string | null;
  provider_id: string | null;
  listing_id: string | null;
  type: InquiryType;
  /** Null once the sender's personal data was removed (account deletion). */
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string;
  program_name: string | null;
  urgency: 'high' | 'medium';
  location: string | null;
  status: InquiryStatus;
  created_at: string;
  updated_at: string;
  sender_id: string | null;
  status_token_hash: string | null;
  personal_data_removed_at: string | null;
  first_status_change_at: string | null;
  /** When the family would like to be called (call requests; optional). */
  best_time_to_call: string | null;
  /** When the request's e-mail to the program was handed to the mail transport (set by the database). */
  delivered_at: string | null;
}
export const PROVIDER_INQUIRY_COLUMNS = columnsOf<ProviderInquiryRow>()([
  'id',
  'program_id',
  'provider_id',
  'listing_id',
  'type',
  'name',
  'email',
  'phone',
  'message',
  'program_name',
  'urgency',
  'location',
  'status',
  'created_at',
  'updated_at',
  'sender_id',
  'status_token_hash',
  'personal_data_removed_at',
  'first_status_change_at',
  'best_time_to_call',
  'delivered_at',
]);

export interface UserFavoriteRow {
  id: string;
  user_id: string;
  program_id: string;
  program_name: string;
  created_at: string;
}
export const USER_FAVORITE_COLUMNS = columnsOf<UserFavoriteRow>()([
  'id',
  'user_id',
  'program_id',
  'program_name',
  'created_at',
]);

export interface ProgramEngagementRow {
  id: string;
  program_id: string;
  event_type: EngagementEventType;
  created_at: string;
}
export const PROGRAM_ENGAGEMENT_COLUMNS = columnsOf<ProgramEngagementRow>()([
  'id',
  'program_id',
  'event_type',
  'created_at',
]);

export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  created_at: string;
  /** The signed-in account that sent it (kept only while it exists), else null. */
  sender_id: string | null;
}
export const CONTACT_MESSAGE_COLUMNS = columnsOf<ContactMessageRow>()([
  'id',
  'name',
  'email',
  'phone',
  'subject',
  'message',
  'created_at',
  'sender_id',
]);

export interface ProviderUploadRow {
  id: string;
  provider_id: string;
  kind: 'logo' | 'license';
  content_type: string;
  size_bytes: number;
  sha256: string;
  original_name: string;
  blob_key: string;
  created_at: string;
}
export const PROVIDER_UPLOAD_COLUMNS = columnsOf<ProviderUploadRow>()([
  'id',
  'provider_id',
  'kind',
  'content_type',
  'size_bytes',
  'sha256',
  'original_name',
  'blob_key',
  'created_at',
]);

export interface NotificationRow {
  id: string;
  kind: string;
  provider_id: string | null;
  subject_id: string;
  notes: string | null;
  created_at: string;
  claimed_at: string | null;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
  recipient: string | null;
  payload: Record<string, unknown> | null;
  next_attempt_at: string;
  failed_at: string | null;
  /** Generated by the database from `kind`. */
  delivery: string | null;
}
export const NOTIFICATION_COLUMNS = columnsOf<NotificationRow>()([
  'id',
  'kind',
  'provider_id',
  'subject_id',
  'notes',
  'created_at',
  'claimed_at',
  'sent_at',
  'attempts',
  'last_error',
  'recipient',
  'payload',
  'next_attempt_at',
  'failed_at',
  'delivery',
]);

export interface ListingAvailabilityRow {
  listing_id: string;
  status: AvailabilityStatus;
  wait_weeks: number | null;
  /** Set by the database on every write. */
  confirmed_at: string;
}
export const LISTING_AVAILABILITY_COLUMNS = columnsOf<ListingAvailabilityRow>()([
  'listing_id',
  'status',
  'wait_weeks',
  'confirmed_at',
]);

export interface PendingRebuildRow {
  singleton: boolean;
  reason: string;
  generation: number;
  requested_at: string;
  attempts: number;
  last_error: string | null;
  generation_requested_at: string | null;
  published_generation: number;
  published_at: string | null;
  building_generation: number | null;
  build_started_at: string | null;
  claimed_at: string | null;
  failures: number;
  failed_generation: number | null;
  failed_at: string | null;
  build_error: string | null;
  retry_at: string | null;
}
export const PENDING_REBUILD_COLUMNS = columnsOf<PendingRebuildRow>()([
  'singleton',
  'reason',
  'generation',
  'requested_at',
  'attempts',
  'last_error',
  'generation_requested_at',
  'published_generation',
  'published_at',
  'building_generation',
  'build_started_at',
  'claimed_at',
  'failures',
  'failed_generation',
  'failed_at',
  'build_error',
  'retry_at',
]);

/** The published version of a listing (`listing_publications`, migration 20261126000100). */
export interface ListingPublicationRow {
  listing_id: string;
  provider_id: string;
  program_id: string;
  /** The listing's columns as approved (`private.listing_snapshot`). */
  snapshot: Record<string, unknown>;
  reviewed_at: string;
  reviewed_by: string | null;
  first_published_at: string;
  state: 'live' | 'unpublished' | 'withdrawn';
  state_reason: string | null;
  state_changed_at: string;
  state_changed_by: string | null;
  /** Version of the published version (snapshot, program id, state); the snapshot's own `revision` is the listing's it came from. */
  revision: number;
}
export const LISTING_PUBLICATION_COLUMNS = columnsOf<ListingPublicationRow>()([
  'listing_id',
  'provider_id',
  'program_id',
  'snapshot',
  'reviewed_at',
  'reviewed_by',
  'first_published_at',
  'state',
  'state_reason',
  'state_changed_at',
  'state_changed_by',
  'revision',
]);

/** A factual problem a family reported on a program page (`listing_reports`, migration 20261126000300). */
export interface ListingReportRow {
  id: string;
  /** A program file's id or a published listing's program id. */
  program_id: string;
  /** The listing published as `program_id` (set by the database), else null. */
  listing_id: string | null;
  /** That listing's provider (set by the database). */
  provider_id: string | null;
  /** What is wrong (10–2000 characters). */
  what: string;
  /** For an answer; read by administrators only. */
  email: string | null;
  created_at: string;
  status: 'open' | 'resolved';
  resolved_at: string | null;
  /** The administrator who resolved it (never shown). */
  resolved_by: string | null;
  resolution_note: string | null;
  /** Who sent it, without naming them (`account:<id>` or `address:<HMAC>`), while it is open. */
  reporter: string | null;
  /** The signed-in account that sent it, if any. */
  sender_id: string | null;
  /** Version of the row (new on every change); a resolution names the one read. */
  revision: number;
}
export const LISTING_REPORT_COLUMNS = columnsOf<ListingReportRow>()([
  'id',
  'program_id',
  'listing_id',
  'provider_id',
  'what',
  'email',
  'created_at',
  'status',
  'resolved_at',
  'resolved_by',
  'resolution_note',
  'reporter',
  'sender_id',
  'revision',
]);

/** A family's review of a program (`program_reviews`, migration 20261126000500). */
export interface ProgramReviewRow {
  id: string;
  /** A program file's id or a published listing's program id. */
  program_id: string;
  /** The author (null only for the seed's sample reviews); never shown. */
  user_id: string | null;
  /** 1–5 stars. */
  rating: number;
  title: string;
  body: string;
  relationship: Relationship;
  stay_year: number | null;
  /** "Maria G." or "A parent". */
  public_name: string;
  connected_to_program: boolean;
  connection_note: string | null;
  /** "Sent a request through this site" (set by the database). */
  sent_request: boolean;
  /** The day (UTC) of the author's first request to the program, with `sent_request` (set by the database). */
  sent_request_on: string | null;
  /** For the moderator (set by the functions). */
  flags: ReviewFlag[];
  /** The seed's fictional demo reviews. */
  sample: boolean;
  status: ModerationStatus;
  rejection_rule: RemovalRuleId | null;
  moderated_at: string | null;
  /** The administrator who decided (never shown). */
  moderated_by: string | null;
  created_at: string;
  /** The author's last edit. */
  updated_at: string;
  /** Version of the content (a moderation decision names the one it was made on). */
  revision: number;
  /** The revision the latest decision was made on (null while pending). */
  decided_revision: number | null;
}
export const PROGRAM_REVIEW_COLUMNS = columnsOf<ProgramReviewRow>()([
  'id',
  'program_id',
  'user_id',
  'rating',
  'title',
  'body',
  'relationship',
  'stay_year',
  'public_name',
  'connected_to_program',
  'connection_note',
  'sent_request',
  'sent_request_on',
  'flags',
  'sample',
  'status',
  'rejection_rule',
  'moderated_at',
  'moderated_by',
  'created_at',
  'updated_at',
  'revision',
  'decided_revision',
]);

/** The program's one response to a review (`review_responses`). */
export interface ReviewResponseRow {
  id: string;
  review_id: string;
  /** The provider of the program's live listing (set by the database). */
  provider_id: string;
  body: string;
  status: ModerationStatus;
  rejection_rule: RemovalRuleId | null;
  moderated_at: string | null;
  moderated_by: string | null;
  created_at: string;
  updated_at: string;
  /** Version of the content (a moderation decision names the one it was made on). */
  revision: number;
  /** The revision the latest decision was made on (null while pending). */
  decided_revision: number | null;
}
export const REVIEW_RESPONSE_COLUMNS = columnsOf<ReviewResponseRow>()([
  'id',
  'review_id',
  'provider_id',
  'body',
  'status',
  'rejection_rule',
  'moderated_at',
  'moderated_by',
  'created_at',
  'updated_at',
  'revision',
  'decided_revision',
]);

/** A report of a published review (`review_reports`); names nobody. */
export interface ReviewReportRow {
  id: string;
  review_id: string;
  /** Why it breaks the policy (10–1000 characters). */
  reason: string;
  status: 'open' | 'resolved';
  created_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
  /** Who sent it, without naming them (`account:<id>` or `address:<HMAC>`), while it is open. */
  reporter: string | null;
  /** The signed-in account that sent it, if any. */
  sender_id: string | null;
}
export const REVIEW_REPORT_COLUMNS = columnsOf<ReviewReportRow>()([
  'id',
  'review_id',
  'reason',
  'status',
  'created_at',
  'resolved_at',
  'resolved_by',
  'reporter',
  'sender_id',
]);

/** Reports received beyond the open reports an item may have (`report_overflow`): counted, not stored. */
export interface ReportOverflowRow {
  kind: 'review' | 'program';
  /** The review's id, or the program id of error reports. */
  item: string;
  reports: number;
  first_at: string;
  last_at: string;
}
export const REPORT_OVERFLOW_COLUMNS = columnsOf<ReportOverflowRow>()([
  'kind',
  'item',
  'reports',
  'first_at',
  'last_at',
]);

/** Every public table with its columns. */
export const TABLE_COLUMNS = {
  user_roles: USER_ROLE_COLUMNS,
  providers: PROVIDER_ROW_COLUMNS,
  provider_listings: PROVIDER_LISTING_COLUMNS,
  provider_verification_requests: VERIFICATION_REQUEST_COLUMNS,
  provider_inquiries: PROVIDER_INQUIRY_COLUMNS,
  user_favorites: USER_FAVORITE_COLUMNS,
  program_engagement: PROGRAM_ENGAGEMENT_COLUMNS,
  contact_messages: CONTACT_MESSAGE_COLUMNS,
  provider_uploads: PROVIDER_UPLOAD_COLUMNS,
  notifications: NOTIFICATION_COLUMNS,
  listing_availability: LISTING_AVAILABILITY_COLUMNS,
  pending_rebuild: PENDING_REBUILD_COLUMNS,
  listing_reports: LISTING_REPORT_COLUMNS,
  listing_publications: LISTING_PUBLICATION_COLUMNS,
  program_reviews: PROGRAM_REVIEW_COLUMNS,
  review_responses: REVIEW_RESPONSE_COLUMNS,
  review_reports: REVIEW_REPORT_COLUMNS,
  report_overflow: REPORT_OVERFLOW_COLUMNS,
} as const;
