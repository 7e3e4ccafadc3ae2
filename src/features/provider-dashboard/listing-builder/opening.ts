/**
 * What the builder opens with, and the status line it shows. Drafts live on the server (they
 * survive a change of device); the browser's copy is only the fallback Save Draft keeps when the
 * server cannot be reached, and it is labeled as such whenever it is the one shown. Pure.
 */
import type { Listing } from '../../../api/contracts/listings.ts';
import { draftFromListing, EMPTY_DRAFT, isEmptyDraft, type ListingDraft } from '../draft.ts';

/** Where the builder's content comes from: the server's copy, this browser's fallback, or nothing yet. */
export type DraftSource = 'server' | 'browser' | 'new';

export type Opening = { draft: ListingDraft; source: DraftSource };

const time = (iso: string | null | undefined): number => {
  const t = Date.parse(iso ?? '');
  return Number.isNaN(t) ? -Infinity : t;
};

/** A listing in the builder, as the server has it (`lastSaved` is when the server last stored it). */
export function draftOfListing(listing: Listing): ListingDraft {
  return { ...draftFromListing(listing), lastSaved: listing.updated_at };
}

/**
 * The builder's content when it opens:
 * 1. this browser's fallback copy, when it is newer than what the server has of that listing (it
 *    was kept because the server could not be reached);
 * 2. else the provider's newest server draft;
 * 3. else an empty builder.
 * A browser copy older than the server's listing (saved since on another device, or submitted) is
 * stale and is not used.
 */
export function openingDraft(listings: readonly Listing[], local: ListingDraft | null): Opening {
  if (local && !isEmptyDraft(local)) {
    const server = local.listingId ? listings.find((l) => l.id === local.listingId) : undefined;
    if (!server || time(local.lastSaved) > time(server.updated_at)) {
      // A browser copy of a listing that is gone from the server is kept as a new listing.
      return { draft: server || !local.listingId ? local : { ...local, listingId: null }, source: 'browser' };
    }
  }
  const newest = listings
    .filter((l) => l.status === 'draft')
    .reduce<Listing | undefined>(
      (a, l) => (a && time(a.updated_at) >= time(l.updated_at) ? a : l),
      undefined,
    );
  return newest
    ? { draft: draftOfListing(newest), source: 'server' }
    : { draft: { ...EMPTY_DRAFT }, source: 'new' };
}

/** Said while a published listing is being edited: the page families read does not change yet. */
export const STAYS_LIVE = 'Your published listing stays live until the site team approves your changes.';

export type StatusLine = { tone: 'info' | 'warn'; text: string };

/**
 * One line saying where the listing in the builder stands: saved where, submitted when, published
 * or not, and what happens to the published version. `format` writes a time for people.
 */
export function builderStatus(
  draft: ListingDraft,
  listing: Listing | undefined,
  source: DraftSource,
  format: (iso: string) => string,
): StatusLine {
  const live = listing?.publication?.state === 'live';
  if (source === 'browser') {
    return {
      tone: 'warn',
      text: `Saved only in this browser${draft.lastSaved ? ` (${format(draft.lastSaved)})` : ''}: our server could not be reached. Choose Save Draft again when you are online to keep it on your account.`,
    };
  }
  if (!listing) {
    return {
      tone: 'info',
      text: 'A new listing. Save Draft keeps it on your account, so you can finish it on any device.',
    };
  }
  const publication = listing.publication;
  switch (listing.status) {
    case 'draft':
      return {
        tone: 'info',
        text: `Draft saved on your account ${format(listing.updated_at)}. ${
          live ? STAYS_LIVE : 'Only you can see it until you submit it for review.'
        }`,
      };
    case 'pending': {
      const when = listing.submitted_at ? ` ${format(listing.submitted_at)}` : '';
      return {
        tone: 'info',
        text: `Submitted for review${when}. ${live ? STAYS_LIVE : 'The site team checks its facts before publishing it.'}`,
      };
    }
    case 'rejected':
      return {
        tone: 'warn',
        text: `Needs changes: read the reviewer's notes under “Your listings”, edit here and submit again.${
          live ? ` ${STAYS_LIVE}` : ''
        }`,
      };
    case 'approved':
      if (live) {
        return {
          tone: 'info',
          text: 'Published. Changes you submit are reviewed before they replace the published version, which stays live meanwhile.',
        };
      }
      if (publication?.state === 'unpublished' || publication?.state === 'withdrawn') {
        return {
          tone: 'warn',
          text: `Not on the directory: ${
            publication.state === 'unpublished' ? 'the site team unpublished it' : 'you withdrew it'
          }. Submit it again to have it reviewed.`,
        };
      }
      return { tone: 'info', text: 'Approved: it appears on the directory at the next update.' };
  }
}

/** What Save Draft's toast says, once the server has the draft. */
export function draftSavedText(listing: Listing, wasPending: boolean): string {
  if (listing.publication?.state === 'live') return `Your draft is saved on your account. ${STAYS_LIVE}`;
  if (wasPending) {
    return 'Your draft is saved on your account. It is out of the review queue until you submit it again.';
  }
  return 'Your draft is saved on your account. It is here when you come back, on any device.';
}
