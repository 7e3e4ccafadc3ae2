/** A provider's listings (`/api/provider/listings[/:id][/availability]`); bodies are what the zod schemas of src/lib/provider-schemas.ts accept. */
import type { z } from 'zod';
import type { availabilitySchema, listingSchema } from '../../lib/provider-schemas.ts';
import type { ListingAvailabilityRow, ProviderListingRow } from './rows.ts';

/** A listing's availability; `confirmed_at` is set by the database on every write. */
export type ListingAvailability = Omit<ListingAvailabilityRow, 'listing_id'>;

/**
 * Where a listing's published version stands (`listing_publications`): `live` on the directory;
 * `unpublished` by an administrator (with `state_reason`); `withdrawn` by its provider.
 */
export type PublicationState = 'live' | 'unpublished' | 'withdrawn';
export const PUBLICATION_STATES: readonly PublicationState[] = ['live', 'unpublished', 'withdrawn'];

/** The listing's fields as they were approved: every listing column but the review workflow's. */
export type ListingSnapshot = Partial<Omit<ProviderListingRow, SnapshotLeftOut>>;
/** Columns a snapshot leaves out: the workflow of the working copy, not facts families read. */
export type SnapshotLeftOut =
  'status' | 'submitted_at' | 'reviewed_at' | 'reviewed_by' | 'reviewer_notes' | 'created_at' | 'updated_at';

/**
 * The published version of a listing: what the directory shows, unchanged by the provider's
 * edits until an administrator approves them (then replaced by the new version).
 */
export interface ListingPublication {
  program_id: string;
  state: PublicationState;
  /** Why it was unpublished or withdrawn; null while live. */
  state_reason: string | null;
  state_changed_at: string;
  /** When the version now published was reviewed and approved ("Listing reviewed" date). */
  reviewed_at: string;
  first_published_at: string;
  /** The snapshot: its `revision` is the listing's revision it was approved as. */
  snapshot: ListingSnapshot;
}

/**
 * A listing as its provider reads it: every column but the reviewing administrator's id, its
 * availability (null when never stated), and its published version (null when never published).
 * `status` is the working copy's: `pending` with a publication is an edit waiting for review
 * while the published version stays live; `rejected` with one is an edit that was not approved.
 */
export type Listing = Omit<ProviderListingRow, 'reviewed_by' | 'revision'> & {
  /** The version administrators decide on (sent, not used by the dashboard). */
  revision?: number;
  availability: ListingAvailability | null;
  publication: ListingPublication | null;
};

/** `POST /api/provider/listings` and `PUT /api/provider/listings/:id` body. */
export type ListingBody = z.input<typeof listingSchema>;

/** `PUT /api/provider/listings/:id/availability` body. */
export type AvailabilityBody = z.input<typeof availabilitySchema>;

/** `GET /api/provider/listings` → 200. */
export interface ListingsResponse {
  listings: Listing[];
}

/** `POST /api/provider/listings` → 201, `PUT /api/provider/listings/:id` → 200. */
export interface ListingResponse {
  listing: Listing;
}

/** `POST /api/provider/listings/:id/publication` body: the provider takes its published listing off the directory. */
export interface WithdrawBody {
  action: 'withdraw';
  /** Optional: why (kept for the site team). */
  reason?: string;
}

/** `PUT /api/provider/listings/:id/availability` → 200. */
export interface AvailabilityResponse {
  availability: ListingAvailability;
}
