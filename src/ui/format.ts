/** Dates as the pages show them, in the visitor's time zone. */

const DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const DAY_TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** `November 22, 2026` (long US format); '' for a missing or bad time. */
export function formatDay(iso: string | null | undefined): string {
  const time = Date.parse(iso ?? '');
  return Number.isNaN(time) ? '' : DAY.format(time);
}

/** `Nov 22, 2026, 3:04 PM`; '' for a missing or bad time. */
export function formatDayTime(iso: string | null | undefined): string {
  const time = Date.parse(iso ?? '');
  return Number.isNaN(time) ? '' : DAY_TIME.format(time);
}
