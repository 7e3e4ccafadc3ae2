/**
 * The two trust facts a program can carry, named and defined once (docs/product-rules.md#what-the-badges-mean,
 * the public page /how-we-verify). Badges, their accessible names and tooltips, compare rows,
 * e-mails, /about and JSON-LD use these words and no others. Neither fact is an endorsement.
 *
 * - The PROVIDER is verified: the site team checked the organization's identity, its state
 *   license and the documents it sent (`providers.verified_at`; a program file's `verifiedOn`).
 * - The LISTING was reviewed: the site team reviewed the listing's facts before publishing them
 *   (the date of the review of the version now published; a program file's `reviewedOn`).
 * "Featured" does not exist: no program is placed above others, and no place is for sale.
 */
import { formatLongDate } from './dates.ts';

/** A `YYYY-MM-DD` date or a timestamp (its UTC day), as "March 3, 2026"; null when absent or unreadable. */
function day(on: string | null | undefined): string | null {
  if (!on) return null;
  try {
    return formatLongDate(on.slice(0, 10));
  } catch {
    return null;
  }
}

export const HOW_WE_VERIFY_PATH = '/how-we-verify';

export const TRUST = {
  verified: {
    /** The badge's visible text. */
    badge: 'Verified provider',
    /** One sentence: what was checked (tooltips, compare rows, /about). */
    meaning: 'The site team checked this provider’s identity, state license and documents.',
    notVerified: 'Provider not verified yet',
  },
  reviewed: {
    badge: 'Listing reviewed',
    meaning: 'The site team reviewed this listing’s facts before publishing them.',
    notReviewed: 'Listing not reviewed',
  },
  notEndorsement:
    'Neither is an endorsement or a rating of the care a program gives: ask every program your own questions.',
  linkText: 'How we verify',
} as const;

/** "Verified provider, checked on March 3, 2026" — the badge's accessible name and tooltip. */
export function verifiedLabel(on: string | null | undefined): string {
  const date = day(on);
  return date ? `${TRUST.verified.badge}, checked on ${date}` : TRUST.verified.badge;
}

/** "Listing reviewed on March 3, 2026". */
export function reviewedLabel(on: string | null | undefined): string {
  const date = day(on);
  return date ? `${TRUST.reviewed.badge} on ${date}` : TRUST.reviewed.badge;
}

/** The anchors of the two definitions on /how-we-verify. */
/**
 * The label of a fictional program of the local demo (`sample: true` in its file): on its card
 * and, with a sentence, at the top of its profile, so nobody takes it for a real program.
 */
export const SAMPLE_LABEL = {
  card: 'Sample program',
  profile: 'A fictional program that shows how a listing looks; it is not a real treatment program.',
} as const;

export const TRUST_ANCHORS = { verified: 'verified-provider', reviewed: 'listing-reviewed' } as const;

/** What a badge needs: the program's trust facts (a program file's fields, a directory entry). */
export interface TrustFacts {
  verified: boolean;
  verifiedOn?: string | null | undefined;
  reviewedOn?: string | null | undefined;
}

export interface TrustBadge {
  key: keyof typeof TRUST_ANCHORS;
  /** The visible words: exactly `TRUST.verified.badge` or `TRUST.reviewed.badge`. */
  text: string;
  /** The accessible name, with the date when known (`verifiedLabel`, `reviewedLabel`). */
  label: string;
  /** The tooltip: the name, its date and what it means. */
  title: string;
  /** Where the badge leads: its definition on /how-we-verify. */
  href: string;
}

/**
 * The badges a program shows, in this order: "Verified provider" when its provider is verified,
 * "Listing reviewed" when the date of the review of its published facts is known. Nothing else.
 *
 * @example trustBadges({ verified: false, reviewedOn: '2026-03-03' }).map((b) => b.text) // ['Listing reviewed']
 */
export function trustBadges(facts: TrustFacts): TrustBadge[] {
  const badges: TrustBadge[] = [];
  if (facts.verified) {
    const label = verifiedLabel(facts.verifiedOn);
    badges.push({
      key: 'verified',
      text: TRUST.verified.badge,
      label,
      title: `${label}. ${TRUST.verified.meaning}`,
      href: `${HOW_WE_VERIFY_PATH}#${TRUST_ANCHORS.verified}`,
    });
  }
  if (day(facts.reviewedOn) !== null) {
    const label = reviewedLabel(facts.reviewedOn);
    badges.push({
      key: 'reviewed',
      text: TRUST.reviewed.badge,
      label,
      title: `${label}. ${TRUST.reviewed.meaning}`,
      href: `${HOW_WE_VERIFY_PATH}#${TRUST_ANCHORS.reviewed}`,
    });
  }
  return badges;
}
