/**
 * The admin overview's first line (src/features/admin/waiting.ts): what waits, in words, each part
 * naming the tab that lists it; zero counts and missing counts are left out.
 */
import { describe, expect, it } from 'vitest';
import { NOTHING_WAITING, waitingParts, waitingSentence } from '../../../../src/features/admin/waiting.ts';

describe('waitingSentence', () => {
  it.each([
    [
      { verification_requests: 3, listings: 2, reports: 1 },
      '3 verification requests, 2 listings, 1 report waiting',
    ],
    [
      { verification_requests: 1, listings: 1, reports: 4 },
      '1 verification request, 1 listing, 4 reports waiting',
    ],
    [
      { verification_requests: 3, listings: 2, reports: 0, reviews: 4 },
      '3 verification requests, 2 listings, 4 reviews waiting',
    ],
    [{ verification_requests: 0, listings: 0, reports: 2, reviews: 1 }, '2 reports, 1 review waiting'],
    [{ verification_requests: 0, listings: 2, reports: 0 }, '2 listings waiting'],
    [{ verification_requests: 5, listings: 0, reports: 2 }, '5 verification requests, 2 reports waiting'],
    [{ verification_requests: 0, listings: 0, reports: 0, reviews: 0 }, NOTHING_WAITING],
    // An answer without a count (an older API): that part is left out.
    [{ verification_requests: 2, listings: 1 }, '2 verification requests, 1 listing waiting'],
    [undefined, NOTHING_WAITING],
    // Nonsense never shows as a count.
    [{ verification_requests: -1, listings: Number.NaN, reports: Infinity }, NOTHING_WAITING],
  ])('%j → %s', (waiting, sentence) => {
    expect(waitingSentence(waiting)).toBe(sentence);
  });
});

describe('waitingParts', () => {
  it('names the tab of each part, in queue order', () => {
    expect(waitingParts({ verification_requests: 3, listings: 2, reports: 1, reviews: 5 })).toEqual([
      { key: 'verification_requests', count: 3, text: '3 verification requests', tab: 'verification' },
      { key: 'listings', count: 2, text: '2 listings', tab: 'listings' },
      { key: 'reports', count: 1, text: '1 report', tab: 'reports' },
      { key: 'reviews', count: 5, text: '5 reviews', tab: 'reviews' },
    ]);
  });
});
