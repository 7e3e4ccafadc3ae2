/** A provider's listings (`/api/provider/listings[/:id][/availability]`); bodies are what the zod schemas of src/lib/provider-schemas.ts accept. */
import type { z } from 'zod';
import type { availabilitySchema, listingSchema } from '../../lib/provider-schemas.ts';
import type { ListingAvailabilityRow, ProviderListingRow } from './rows.ts';

/** A listing's availability; `confirmed_at` is set by the database on every write. */
export type ListingAvailability = Omit<ListingAvailabilityRow, 'listing_id'>;

/** A listing as its provider reads it: every column but the reviewing administrator's id, and its availability (null when never stated). */
export type Listing = Omit<ProviderListingRow, 'reviewed_by'> & { availability: ListingAvailability | null };

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

/** `PUT /api/provider/listings/:id/availability` → 200. */
export interface AvailabilityResponse {
  availability: ListingAvailability;
}
