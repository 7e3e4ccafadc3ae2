/** The provider's own resources (`/api/providers`, `/api/provider/*`); bodies are what the zod schemas of src/lib/provider-schemas.ts accept. */
import type { z } from 'zod';
import type {
  inquiryStatusSchema,
  providerProfileSchema,
  providerUpdateSchema,
  verificationRequestSchema,
} from '../../lib/provider-schemas.ts';
import type { Listing } from './listings.ts';
import type { ProviderInquiryRow, ProviderRow, ProviderUploadRow, VerificationRequestRow } from './rows.ts';

/** A provider profile as every answer shows it: not `verified_by` (an administrator's user id). */
export type Provider = Omit<ProviderRow, 'verified_by'>;

/** A verification request as its provider reads it. */
export type VerificationRequest = Pick<
  VerificationRequestRow,
  'id' | 'documents_submitted' | 'status' | 'requested_at' | 'reviewed_at' | 'reviewer_notes' | 'created_at'
>;

/** An info or call request addressed to the provider. */
export type ProviderInquiry = Pick<
  ProviderInquiryRow,
  | 'id'
  | 'program_id'
  | 'listing_id'
  | 'type'
  | 'name'
  | 'email'
  | 'phone'
  | 'message'
  | 'program_name'
  | 'urgency'
  | 'location'
  | 'status'
  | 'created_at'
  | 'updated_at'
  | 'best_time_to_call'
  | 'delivered_at'
>;

/** The engagement counts of one published program over the dashboard's period. */
export interface ProgramEngagement {
  program_id: string;
  views: number;
  website_clicks: number;
  call_clicks: number;
  info_requests: number;
}

/** An uploaded file; `url` serves it to its provider and administrators. */
export type Upload = Pick<
  ProviderUploadRow,
  'id' | 'kind' | 'content_type' | 'size_bytes' | 'original_name'
> & {
  url: string;
};

/** `POST /api/providers` body. */
export type ProviderProfileBody = z.input<typeof providerProfileSchema>;
/** `PATCH /api/provider/profile` body. */
export type ProviderUpdateBody = z.input<typeof providerUpdateSchema>;
/** `POST /api/provider/verification-requests` body. */
export type VerificationRequestBody = z.input<typeof verificationRequestSchema>;
/** `PATCH /api/provider/inquiries/:id` body. */
export type InquiryStatusBody = z.input<typeof inquiryStatusSchema>;

/** `POST /api/providers` → 201 (created) or 200 (it existed). */
export interface ProviderResponse {
  provider: Provider;
}

/** `PATCH /api/provider/profile` → 200. */
export interface ProviderProfileResponse {
  provider: Provider;
}

/** `GET /api/provider/dashboard` → 200: everything the dashboard shows, in one answer. */
export interface DashboardResponse {
  provider: Provider;
  verification: { status: Provider['verification_status']; requests: VerificationRequest[] };
  inquiries: ProviderInquiry[];
  listings: Listing[];
  engagement: ProgramEngagement[];
}

/** `POST /api/provider/verification-requests` → 201. */
export interface VerificationRequestResponse {
  request: VerificationRequest;
}

/** `PATCH /api/provider/inquiries/:id` → 200. */
export interface ProviderInquiryResponse {
  inquiry: ProviderInquiry;
}

/** `POST /api/provider/uploads` → 201. */
export interface UploadResponse {
  upload: Upload;
}

/** 404 from every provider endpoint for a user with no provider profile. */
export const NO_PROFILE =
  'You have no provider profile yet. Please complete your registration to open the provider dashboard.';

/** 409: one verification request at a time. */
export const ALREADY_PENDING =
  'A verification request is already pending. We review requests within 2-3 business days; you can send a new one once it has been decided.';

/** 409: a verified provider needs no new request. */
export const ALREADY_VERIFIED =
  'Your organization is already verified. No new verification request is needed.';

/** 404 for an inquiry that is not the provider's (or no inquiry at all: never told apart). */
export const NO_INQUIRY = 'This request was not found among the requests sent to you.';
