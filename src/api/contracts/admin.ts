/**
 * Administrators' resources (`/api/admin/*`): the answers and every word. The decision bodies
 * (zod schemas and their types) are admin-schemas.ts, which takes its words from here.
 */
import type { VerificationRequestStatus, VerificationStatus } from '../../lib/vocabulary.ts';
import type { ListingPublication } from './listings.ts';
import type { ProviderListingRow } from './rows.ts';

/** What the admin API answers in words; the /admin page checks a decision with the same ones before sending it. */
export const ADMIN_MESSAGES = {
  notAdmin: 'Only administrators can do this.',
  decisionStatus: 'Choose a decision: approved or rejected.',
  notesType: 'Reviewer notes must be text.',
  notesRequired: 'Please add reviewer notes: they tell the provider what to change.',
  notesTooLong: 'Reviewer notes must be at most 5000 characters.',
  notesControl: 'Reviewer notes must not contain control characters.',
  notesUnicode: 'Reviewer notes contain text that is not valid Unicode.',
  programId: 'The program id must be lower-case letters, digits and hyphens (at most 100).',
  requestNotFound: 'Verification request not found.',
  listingNotFound: 'Listing not found.',
  programIdTaken: 'This program id is already used by another program. Choose another one.',
  statusFilter: 'Unknown status.',
  listingNotPending: (status: string) => `This listing is not waiting for review (it is ${status}).`,
  requestDecidedAs: (status: string) => `This verification request was already ${status}.`,
  requestDecided: 'This verification request was already decided.',
  publicationAction: 'Choose an action: unpublish or republish.',
  reasonRequired: 'Please give the reason: the provider reads it and gets it by e-mail.',
  reasonTooLong: 'The reason must be at most 2000 characters.',
  neverPublished: 'This listing has never been published.',
  notLive: (state: string) => `This listing is not on the directory (it is ${state}).`,
  alreadyLive: 'This listing is already on the directory.',
  revisionRequired: 'Reload the page: this decision does not say which version you reviewed.',
  listingChanged: 'This listing changed after you opened it — review the new version.',
  publicationChanged: 'This published listing changed after you opened it — review the new version.',
  requestChanged: 'This verification request changed after you opened it — review the new version.',
} as const;

/** Most characters of the reason for taking a listing down (`listing_publications_state_reason_check`). */
export const MAX_REASON_LENGTH = 2000;

/** Most characters of reviewer notes (`provider_listings_reviewer_notes_check`). */
export const MAX_NOTES_LENGTH = 5000;

/** Whether decisions are on the live directory: a decision counts as published once a build containing it succeeded. */
export interface PublishingState {
  /** Requests not yet contained in a successful build. */
  pending: boolean;
  /** The oldest of them. */
  waiting_since: string | null;
  /** When the newest successful build was reported. */
  published_at: string | null;
  /** A build is under way, asked for at `build_started_at`. */
  building: boolean;
  build_started_at: string | null;
  /** Failed builds in a row (0: none), the newest failure, why, and when it is tried again. */
  failures: number;
  failed_at: string | null;
  retry_at: string | null;
  error: string | null;
  /** Build hook calls that failed in a row, and why the last one did. */
  hook_failures: number;
  hook_error: string | null;
}

/** `GET /api/admin/overview` → 200. */
export interface AdminOverview {
  providers: {
    id: string;
    organization_name: string;
    email: string;
    subscription_status: string;
    trial_ends_at: string | null;
    verification_status: VerificationStatus;
    created_at: string;
  }[];
  inquiries: {
    by_status: { new: number; contacted: number; closed: number };
    by_program: { program_id: string | null; program_name: string | null; count: number }[];
  };
  engagement: {
    program_id: string;
    /** The program's name; null when the id is no program (any longer). */
    program_name: string | null;
    views: number;
    website_clicks: number;
    call_clicks: number;
    info_requests: number;
  }[];
  publishing: PublishingState;
  /** What waits for an administrator: pending verification requests, listings pending review (new or edits), open reports, reviews to check. */
  waiting: AdminWaiting;
}

/** The counts the overview starts with ("3 verification requests, 2 listings, 1 report, 4 reviews waiting"). */
export interface AdminWaiting {
  verification_requests: number;
  listings: number;
  /** Open reports of errors on program pages (Reports tab). */
  reports: number;
  /** Reviews the Reviews tab lists as waiting: pending, reported, or with a pending response. */
  reviews: number;
}

/** A verification request with its provider and the provider's license files (newest first). */
export interface AdminVerificationRequest {
  id: string;
  status: VerificationRequestStatus;
  documents_submitted: string[];
  requested_at: string;
  reviewed_at: string | null;
  reviewer_notes: string | null;
  /** The version the administrator reads; a decision names it. */
  revision: number;
  provider: {
    id: string;
    organization_name: string;
    contact_name: string;
    email: string;
    phone: string | null;
    verification_status: VerificationStatus;
  };
  license_uploads: { id: string; url: string; original_name: string; content_type: string }[];
}

/** `GET /api/admin/verification-requests` → 200. */
export interface AdminVerificationRequestsResponse {
  requests: AdminVerificationRequest[];
}
/** `PATCH /api/admin/verification-requests/:id` → 200. */
export interface AdminVerificationRequestResponse {
  request: AdminVerificationRequest;
}

/**
 * A listing as administrators read it: every column (the working copy), with its provider, its
 * published version (null when never published; compare `publication.snapshot` with the columns
 * for "what changed") and the files the provider uploaded (logo/images and license documents).
 */
export type AdminListing = ProviderListingRow & {
  provider: {
    id: string;
    organization_name: string;
    email: string;
    verification_status: VerificationStatus;
    verified_at: string | null;
  };
  /** Its `revision` is the version an unpublish or republish names. */
  publication: (ListingPublication & { revision: number }) | null;
  uploads: {
    id: string;
    url: string;
    kind: 'logo' | 'license';
    original_name: string;
    content_type: string;
  }[];
};

/** `GET /api/admin/listings` → 200. */
export interface AdminListingsResponse {
  listings: AdminListing[];
}
/** `PATCH /api/admin/listings/:id` → 200. */
export interface AdminListingResponse {
  listing: AdminListing;
}
