import { describe, expect, it } from 'vitest';
import { formatLongDate, parseIsoDate } from '../../../src/lib/dates.ts';

describe('formatLongDate', () => {
  it.each([
    ['2024-03-05', 'March 5, 2024'],
    ['2024-01-01', 'January 1, 2024'],
    ['2024-12-31', 'December 31, 2024'],
    ['2024-12-30', 'December 30, 2024'],
    ['2024-02-29', 'February 29, 2024'],
    ['2023-02-28', 'February 28, 2023'],
    ['2024-04-30', 'April 30, 2024'],
    ['2024-10-09', 'October 9, 2024'],
  ])('%s → %s', (iso, expected) => {
    expect(formatLongDate(iso)).toBe(expected);
  });

  it.each(['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'])('does not shift the day in %s', (tz) => {
    const previous = process.env['TZ'];
    process.env['TZ'] = tz;
    try {
      expect(formatLongDate('2024-01-01')).toBe('January 1, 2024');
    } finally {
      if (previous === undefined) delete process.env['TZ'];
      else process.env['TZ'] = previous;
    }
  });
});

describe('parseIsoDate', () => {
  it.each(['2024-02-30', '2023-02-29', '2024-13-01', '2024-00-10', '2024-3-5', 'March 5, 2024', ''])(
    'rejects %j',
    (input) => {
      expect(() => parseIsoDate(input)).toThrow(RangeError);
    },
  );

  it('reads the parts as a UTC date', () => {
    expect(parseIsoDate('2024-03-05').toISOString()).toBe('2024-03-05T00:00:00.000Z');
  });
});
