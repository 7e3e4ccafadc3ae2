/** A family's information and call requests: `POST /api/inquiries` and `GET /api/requests/:token`. */
import type { z } from 'zod';
import type { inquirySchema } from '../../lib/schemas.ts';
import type { InquiryStatus, InquiryType } from '../../lib/vocabulary.ts';

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

/** `GET /api/requests/:token` → 200 (no personal data). */
export interface RequestStatusResponse {
  program: { id: string | null; name: string | null };
  type: InquiryType;
  status: InquiryStatus;
  created_at: string;
  updated_at: string;
  /** Null for requests sent before delivery was tracked. */
  delivery: RequestDelivery | null;
}

/** 404 from `GET /api/requests/:token`. */
export const REQUEST_NOT_FOUND =
  'We could not find this request. Please check that you opened the whole link from your email.';
