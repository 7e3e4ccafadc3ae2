/**
 * The line the admin overview starts with: what waits for the site team, in words, each part
 * linking to the tab that holds it ("3 verification requests, 2 listings, 1 report, 4 reviews
 * waiting").
 * Pure (no React): the overview renders the parts, the unit tests read the words.
 */
import type { AdminWaiting } from '../../api/contracts/admin.ts';

/** One counted part of the line, and the /admin tab (`?tab=`) that lists those items. */
export type WaitingPart = { key: keyof AdminWaiting; count: number; text: string; tab: string };

const NOUNS: readonly { key: keyof AdminWaiting; one: string; many: string; tab: string }[] = [
  {
    key: 'verification_requests',
    one: 'verification request',
    many: 'verification requests',
    tab: 'verification',
  },
  { key: 'listings', one: 'listing', many: 'listings', tab: 'listings' },
  { key: 'reports', one: 'report', many: 'reports', tab: 'reports' },
  { key: 'reviews', one: 'review', many: 'reviews', tab: 'reviews' },
];

/** Said when nothing waits. */
export const NOTHING_WAITING = 'Nothing is waiting for review.';

/**
 * The parts that wait, in queue order, leaving out what counts zero (and a count the answer does
 * not carry, e.g. reports before that queue existed).
 *
 * @example
 * waitingParts({ verification_requests: 3, listings: 0, reports: 1 }).map((p) => p.text);
 * // ['3 verification requests', '1 report']
 */
export function waitingParts(waiting: Partial<AdminWaiting> | undefined): WaitingPart[] {
  const parts: WaitingPart[] = [];
  for (const noun of NOUNS) {
    const count = waiting?.[noun.key];
    if (typeof count !== 'number' || !Number.isFinite(count) || count <= 0) continue;
    parts.push({
      key: noun.key,
      count,
      text: `${String(count)} ${count === 1 ? noun.one : noun.many}`,
      tab: noun.tab,
    });
  }
  return parts;
}

/** The whole line as text: "3 verification requests, 2 listings, 4 reviews waiting", or {@link NOTHING_WAITING}. */
export function waitingSentence(waiting: Partial<AdminWaiting> | undefined): string {
  const parts = waitingParts(waiting);
  return parts.length === 0 ? NOTHING_WAITING : `${parts.map((p) => p.text).join(', ')} waiting`;
}
