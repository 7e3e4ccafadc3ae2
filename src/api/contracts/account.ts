/** The signed-in person's own account: `/api/account`, `/api/account/export` and `/api/me`. */
import type { RequestStage } from '../../lib/request-status.ts';
import type { Role } from '../../lib/vocabulary.ts';
import type { Favorite } from './favorites.ts';
import type { ProviderInquiryRow } from './rows.ts';
import type { Provider } from './providers.ts';
import type { OwnReview } from './reviews.ts';

export interface AccountUser {
  id: string;
  email: string | null;
  metadata: Record<string, unknown>;
}

/** Said of a saved or asked-about program that was taken off the directory (unpublished or withdrawn). */
export const NO_LONGER_LISTED = 'No longer listed in the directory';

/** A saved program with the path of its page (null when the directory no longer lists it). */
export type AccountFavorite = Favorite & {
  program_path: string | null;
  /** False once the program was taken off the directory (unpublished or withdrawn): "No longer listed". */
  program_listed: boolean;
};

/** A request the person sent while signed in, as it moved on (Sent → Delivered → Contacted → Closed). */
export type AccountRequest = Pick<
  ProviderInquiryRow,
  'id' | 'program_id' | 'program_name' | 'type' | 'status' | 'created_at' | 'updated_at' | 'delivered_at'
> & {
  /** The program's page, or null when the directory no longer lists it. */
  program_path: string | null;
  /** False once the program was taken off the directory (unpublished or withdrawn): "No longer listed". */
  program_listed: boolean;
  /** Where it stands (src/lib/request-status.ts). */
  stage: RequestStage;
  /** Its status page, `/request?id=<id>` (for the signed-in sender). */
  status_path: string;
};

/** `GET /api/account` → 200. */
export interface AccountResponse {
  user: AccountUser;
  roles: Role[];
  favorites: AccountFavorite[];
  requests: AccountRequest[];
}

/** A request as exported: what the person sent, with the program's answer status. */
export type ExportedRequest = Omit<AccountRequest, 'program_path' | 'status_path' | 'program_listed'> &
  Pick<ProviderInquiryRow, 'name' | 'email' | 'phone' | 'message' | 'location' | 'best_time_to_call'>;

/** A review as exported: what the person wrote and where it stands (src/api/contracts/reviews.ts). */
export type ExportedReview = OwnReview & { program_name: string | null };

/** `GET /api/account/export` → 200, a JSON file. */
export interface AccountExport {
  exported_at: string;
  about: string;
  account: AccountUser & { roles: Role[] };
  favorites: Favorite[];
  requests: ExportedRequest[];
  /** The reviews the person wrote, whatever their status (deleted with the account). */
  reviews: ExportedReview[];
  /**
   * The contact messages, error reports and review reports the person sent signed in, or signed
   * out with the account's e-mail address, and the requests sent signed out with that address
   * (`private.account_records`): what deleting the account deletes or anonymizes besides the above.
   */
  contact_messages: ExportedContactMessage[];
  error_reports: ExportedErrorReport[];
  review_reports: ExportedReviewReport[];
  requests_sent_signed_out: ExportedSignedOutRequest[];
}

export interface ExportedContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  created_at: string;
}

export interface ExportedErrorReport {
  id: string;
  program_id: string;
  what: string;
  email: string | null;
  status: 'open' | 'resolved';
  created_at: string;
  resolved_at: string | null;
  resolution_note: string | null;
}

export interface ExportedReviewReport {
  id: string;
  review_id: string;
  reason: string;
  status: 'open' | 'resolved';
  created_at: string;
  resolved_at: string | null;
}

export interface ExportedSignedOutRequest {
  id: string;
  program_id: string | null;
  program_name: string | null;
  type: string;
  status: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string | null;
  location: string | null;
  best_time_to_call: string | null;
  created_at: string;
}

/** What `private.account_records()` answers. */
export type AccountRecords = Pick<
  AccountExport,
  'contact_messages' | 'error_reports' | 'review_reports' | 'requests_sent_signed_out'
>;

/** `GET /api/me` → 200; `provider` is null for users without a provider profile. */
export interface MeResponse {
  user: AccountUser;
  roles: Role[];
  provider: Provider | null;
}

/** Who to write to when an account cannot be deleted here (the privacy policy's mailbox). */
export const PRIVACY_EMAIL = 'privacy@example.org';

/** 403 from `DELETE /api/account` for provider and administrator accounts. */
export const NOT_DELETABLE = `Provider and administrator accounts cannot be deleted here. Please write to ${PRIVACY_EMAIL} and we will close the account for you.`;
