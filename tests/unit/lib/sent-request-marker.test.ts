/**
 * "Sent a request through this site" carries the day of the author's first request to the
 * program, so a reader can tell a request made long before the review from one made just before.
 */
import { describe, expect, it } from 'vitest';
import { REVIEW_MARKERS, sentRequestMarker } from '../../../src/lib/reviews.ts';

describe('sentRequestMarker', () => {
  it.each<[string | null | undefined, string]>([
    ['2026-03-03', 'Sent a request through this site on March 3, 2026'],
    ['2026-12-31', 'Sent a request through this site on December 31, 2026'],
    // The stored day is a UTC calendar day: the same day in every time zone.
    ['2026-01-01', 'Sent a request through this site on January 1, 2026'],
    [null, REVIEW_MARKERS.sentRequest],
    [undefined, REVIEW_MARKERS.sentRequest],
    ['not a day', REVIEW_MARKERS.sentRequest],
    ['2026-03-03T12:00:00Z', REVIEW_MARKERS.sentRequest],
  ])('%s → %s', (on, expected) => {
    expect(sentRequestMarker(on)).toBe(expected);
  });
});
