/**
 * Date formatting for content dates (`YYYY-MM-DD`). The parts are read as a UTC calendar date
 * so that a visitor west of Greenwich never sees the day before.
 */

const LONG_US = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses `YYYY-MM-DD` into a Date at midnight UTC; throws on anything else, including
 * impossible days such as 2024-02-30, so a typo in content fails the build instead of
 * showing a wrong date.
 *
 * @example parseIsoDate('2024-03-05').toISOString() // '2024-03-05T00:00:00.000Z'
 */
export function parseIsoDate(iso: string): Date {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new RangeError(`Expected a date like 2024-03-05, got "${iso}"`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new RangeError(`"${iso}" is not a real calendar date`);
  }
  return date;
}

/**
 * Long US date: month name, day, year.
 *
 * @example formatLongDate('2024-03-05') // 'March 5, 2024'
 */
export function formatLongDate(iso: string): string {
  return LONG_US.format(parseIsoDate(iso));
}
