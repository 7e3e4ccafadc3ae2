/**
 * A family's information and call requests: `POST /api/inquiries`, `GET /api/requests/:token`
 * (the private link of the e-mails) and `GET /api/requests?id=…` (the signed-in sender's own).
 */
import type { z } from 'zod';
import type { RequestStage } from '../../lib/request-status.ts';
import type { inquirySchema } from '../../lib/schemas.ts';
import type { InquiryStatus, InquiryType } from '../../lib/vocabulary.ts';

/**
 * What the request dialogs need to know about a program; the program cards and the profile build
 * it, so it lives here rather than in features/inquiry, which components never import.
 */
export type InquiryProgram = {
  id: string;
  name: string;
  /** Admissions e-mail; without it the request goes to the site team, who pass it on. */
  email?: string | undefined;
  phone?: string | undefined;
  website?: string | undefined;
};

/** `POST /api/inquiries` body. */
export type InquiryBody = z.input<typeof inquirySchema>;

/** `POST /api/inquiries` → 201; `site_team` when the program has no admissions address and the site team passes the request on. */
export interface InquiryResponse {
  id: string;
  routed: 'program' | 'site_team';
}

/** How the request's e-mail reached the program. */
export interface RequestDelivery {
  state: 'sending' | 'delivered' | 'forwarding';
  /** `site_team`: the program has no admissions e-mail address, so the site team passes it on. */
  to: 'program' | 'site_team';
  delivered_at: string | null;
}

/** `GET /api/requests/:token` and `GET /api/requests?id=…` → 200 (no personal data). */
export interface RequestStatusResponse {
  program: { id: string | null; name: string | null };
  type: InquiryType;
  status: InquiryStatus;
  /** Where the request stands in the one set of words (src/lib/request-status.ts). */
  stage: RequestStage;
  created_at: string;
  updated_at: string;
  /** Null for requests sent before delivery was tracked. */
  delivery: RequestDelivery | null;
}

/** 404 from `GET /api/requests/:token` and `GET /api/requests?id=…`. */
export const REQUEST_NOT_FOUND =
  'We could not find this request. Please check that you opened the whole link from your email.';

/** 410 from `GET /api/requests/:token`: the link of a request whose sender deleted their account. */
export const REQUEST_DELETED = 'This request was deleted with the account it was sent from.';

/** The status page of one of the signed-in family's own requests (linked from My Account). */
export function requestStatusPath(id: string): string {
  return `/request?id=${encodeURIComponent(id)}`;
}
