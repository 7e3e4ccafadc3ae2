import { describe, expect, it } from 'vitest';
import { medianReplyHours, replyTimeLabel, type ReplyRow } from '../../../src/lib/reply-time.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A request created `daysAgo` days before NOW, answered after `hours` hours (null: unanswered). */
function req(daysAgo: number, hours: number | null): ReplyRow {
  const created = NOW.getTime() - daysAgo * DAY;
  return {
    created_at: new Date(created).toISOString(),
    first_status_change_at: hours === null ? null : new Date(created + hours * HOUR).toISOString(),
  };
}

describe('medianReplyHours', () => {
  it.each([
    [
      'five answered, odd count → the middle one',
      [req(1, 1), req(2, 5), req(3, 2), req(4, 40), req(5, 3)],
      3,
    ],
    ['six answered, even count → mean of the middle two', [1, 2, 3, 5, 8, 13].map((h) => req(10, h)), 4],
    ['four answered → no figure', [1, 2, 3, 4].map((h) => req(10, h)), null],
    [
      'four answered and three unanswered → no figure',
      [...[1, 2, 3, 4].map((h) => req(10, h)), req(1, null), req(2, null), req(3, null)],
      null,
    ],
    [
      'unanswered requests are left out of the median',
      [...[1, 2, 3, 4, 5].map((h) => req(10, h)), req(20, null), req(30, null)],
      3,
    ],
    ['no rows', [], null],
    [
      'a reply stamped before its request counts as 0 h',
      [req(1, -2), req(1, 0), req(1, 0.5), req(1, 6), req(1, 7)],
      0.5,
    ],
    ['minutes are kept as fractions of an hour', [0.25, 0.5, 0.75, 1, 1.25].map((h) => req(1, h)), 0.75],
  ] as [string, ReplyRow[], number | null][])('%s', (_, rows, expected) => {
    const result = medianReplyHours(rows, NOW);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toBeCloseTo(expected, 9);
  });

  it.each([
    ['created 89 days ago', 89, true],
    ['created 90 days ago less a minute', 90 - 1 / 1440, true],
    ['created exactly 90 days ago', 90, false],
    ['created 91 days ago', 91, false],
    ['created in the future', -1, false],
  ])('window: a request %s is counted: %s', (_, daysAgo, counted) => {
    // Four quick replies inside the window; the fifth (slow) one decides whether there is a figure.
    const rows = [...[1, 1, 1, 1].map((h) => req(5, h)), req(daysAgo, 100)];
    expect(medianReplyHours(rows, NOW)).toBe(counted ? 1 : null);
  });

  it('reads Date objects as well as ISO strings', () => {
    const rows = [1, 2, 3, 4, 5].map((h) => {
      const r = req(3, h);
      return {
        created_at: new Date(r.created_at),
        first_status_change_at: new Date(r.first_status_change_at ?? ''),
      };
    });
    expect(medianReplyHours(rows, NOW)).toBeCloseTo(3, 9);
  });

  it('skips rows with unreadable dates', () => {
    const rows = [
      ...[1, 2, 3, 4].map((h) => req(3, h)),
      { created_at: 'yesterday', first_status_change_at: 'today' },
    ];
    expect(medianReplyHours(rows, NOW)).toBeNull();
  });
});

describe('replyTimeLabel', () => {
  it.each([
    [null, null],
    [Number.NaN, null],
    [-1, null],
    [0, 'Usually replies within an hour'],
    [0.4, 'Usually replies within an hour'],
    [1, 'Usually replies within an hour'],
    [1.01, 'Usually replies within 2 hours'],
    [2.2, 'Usually replies within 3 hours'],
    [3, 'Usually replies within 3 hours'],
    [23.5, 'Usually replies within 24 hours'],
    [47.2, 'Usually replies within 48 hours'],
    [48, 'Usually replies within 2 days'],
    [49, 'Usually replies within 3 days'],
    [72, 'Usually replies within 3 days'],
    [24 * 9.5, 'Usually replies within 10 days'],
  ])('%s h → %j', (hours, label) => {
    expect(replyTimeLabel(hours)).toBe(label);
  });
});
