/**
 * Small formatting rules shared by cards, profiles and the test page.
 */
import { ratingText } from './reviews.ts';
import { MAX_CARD_MODALITIES } from './vocabulary.ts';

/**
 * The modalities a card shows and how many more there are ("+N more").
 *
 * @example cardModalities(['ERP', 'CBT', 'ACT', 'DBT', 'Mindfulness']) // → { shown: ['ERP', 'CBT', 'ACT'], more: 2 }
 * @example cardModalities(['ERP']) // → { shown: ['ERP'], more: 0 }
 */
export function cardModalities<T>(
  modalities: readonly T[],
  max: number = MAX_CARD_MODALITIES,
): { shown: T[]; more: number } {
  const limit = Math.max(0, max);
  return { shown: modalities.slice(0, limit), more: Math.max(0, modalities.length - limit) };
}

/** "+2 more", or '' when nothing is hidden. */
export function moreLabel(more: number): string {
  return more > 0 ? `+${more} more` : '';
}

/**
 * A rating out of 5 with one decimal, or null when the program has none.
 *
 * @example formatRating(4.75) // → '4.8'
 * @example formatRating(5) // → '5.0'
 * @example formatRating(undefined) // → null
 */
export function formatRating(rating: number | undefined): string | null {
  if (rating === undefined || !Number.isFinite(rating)) return null;
  return (Math.round(rating * 10) / 10).toFixed(1);
}

/**
 * The rating of a card or a compare column, always with its count: visible "4.6 · 12 reviews" and
 * spoken "Rated 4.6 out of 5 from 12 reviews", or "No reviews yet" (`hasReviews` false: no star).
 * A rating without a count of published reviews is never shown (`ratingText`, src/lib/reviews.ts).
 */
export function ratingTexts(
  rating: number | undefined,
  reviewCount: number | undefined,
): { visible: string; spoken: string; hasReviews: boolean } {
  return ratingText(rating, reviewCount);
}

/**
 * How many of five stars are full, half or empty (half from .25 up to .75).
 *
 * @example starParts(4.6) // → { full: 4, half: 1, empty: 0 }
 */
export function starParts(rating: number): { full: number; half: number; empty: number } {
  const clamped = Math.min(5, Math.max(0, rating));
  const rounded = Math.round(clamped * 2) / 2;
  const full = Math.floor(rounded);
  const half = rounded - full === 0.5 ? 1 : 0;
  return { full, half, empty: 5 - full - half };
}

/**
 * List for a line of text.
 *
 * @example joinList(['Adolescents', 'Young Adults']) // → 'Adolescents, Young Adults'
 */
export function joinList(values: readonly string[]): string {
  return values.join(', ');
}

/** "Belmont, Massachusetts" */
export function placeLine(location: string, state: string): string {
  return `${location}, ${state}`;
}

/** One-line postal address. */
export function addressLine(address: { street: string; city: string; state: string; zip: string }): string {
  return `${address.street}, ${address.city}, ${address.state} ${address.zip}`;
}

/**
 * A maps search link for an address: opened only when the person clicks it, so no third party
 * sees anything before that.
 */
export function mapsSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** `tel:` href from a display phone number such as "(555) 010-0123". */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? digits : `+1${digits}`}`;
}
