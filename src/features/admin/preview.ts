/**
 * What /admin previews for a listing (pure): the program families would read once it is
 * published, made by the build's own mapping (`listingToProgram`, src/lib/published-listing.ts)
 * from the listing's columns, its provider's verification and the review date it would carry.
 */
import type { AdminListing } from '../../api/contracts/admin.ts';
import type { ListingAvailability } from '../../api/contracts/listings.ts';
import { programSlug } from '../../lib/program-id.ts';
import {
  listingToProgram,
  type ListingForPublishing,
  type PublishingResult,
} from '../../lib/published-listing.ts';

/** The id a listing previews under: its program id, else the default the approval starts from. */
export function previewProgramId(
  listing: Pick<AdminListing, 'published_program_id' | 'center_name'>,
): string {
  return listing.published_program_id ?? programSlug(listing.center_name);
}

/**
 * Whether the preview shows the version on the directory (an approved listing with a publication:
 * the working copy is what was approved) or the version an approval now would publish.
 */
export function previewsPublished(listing: Pick<AdminListing, 'status' | 'publication'>): boolean {
  return listing.status === 'approved' && listing.publication !== null;
}

/**
 * The build's input for this listing: "Listing reviewed" on the day of the published version's
 * review when previewing it, else on `now` (the day an approval now would stamp); availability
 * when the admin answer carries it.
 */
export function previewInput(listing: AdminListing, now: Date): ListingForPublishing {
  const availability = (listing as AdminListing & { availability?: ListingAvailability | null }).availability;
  return {
    ...listing,
    published_program_id: previewProgramId(listing),
    provider_verified: listing.provider.verification_status === 'verified',
    provider_verified_at: listing.provider.verified_at,
    listing_reviewed_at:
      previewsPublished(listing) && listing.publication ? listing.publication.reviewed_at : now.toISOString(),
    ...(availability
      ? {
          availability_status: availability.status,
          availability_wait_weeks: availability.wait_weeks,
          availability_confirmed_at: availability.confirmed_at,
        }
      : {}),
  };
}

/** The program the listing would be published as, or the problems that keep it from it. */
export function previewProgram(listing: AdminListing, now: Date): PublishingResult {
  return listingToProgram(previewInput(listing, now));
}
