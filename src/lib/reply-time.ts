/**
 * "Usually replies within N hours": a program's median time from a family's request
 * (inquiry `created_at`) to the program's first status change on it. Pure; the caller passes the
 * program's rows with test and sample data already left out.
 *
 * Decisions:
 * - Window: requests created in the 90 days up to `now` (created_at in (now − 90 d, now]).
 * - Unanswered requests (no status change yet) are left out of the median: their reply time is
 *   not known, and counting them as "now" would make a request that came in an hour ago look
 *   like a one-hour reply. What guards against a program that answers only the easy few is the
 *   minimum: at least 5 answered requests in the window, else no figure is shown at all.
 * - A status change stamped before its request (clock skew) counts as a reply in 0 hours.
 * - Median of an even count: the mean of the two middle values.
 */

export interface ReplyRow {
  created_at: string | Date;
  first_status_change_at: string | Date | null;
}

export const REPLY_WINDOW_DAYS = 90;
export const MIN_ANSWERED_REQUESTS = 5;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

function time(value: string | Date | null): number {
  if (value === null) return Number.NaN;
  return (typeof value === 'string' ? new Date(value) : value).getTime();
}

/**
 * Median hours from request to first status change over the answered requests of the last 90
 * days, or `null` when fewer than 5 were answered in that window.
 */
export function medianReplyHours(rows: readonly ReplyRow[], now: Date): number | null {
  const end = now.getTime();
  const start = end - REPLY_WINDOW_DAYS * DAY_MS;
  const hours: number[] = [];
  for (const r of rows) {
    const created = time(r.created_at);
    const replied = time(r.first_status_change_at);
    if (!Number.isFinite(created) || created <= start || created > end) continue;
    if (!Number.isFinite(replied)) continue;
    hours.push(Math.max(0, replied - created) / HOUR_MS);
  }
  if (hours.length < MIN_ANSWERED_REQUESTS) return null;
  hours.sort((a, b) => a - b);
  const mid = hours.length >> 1;
  return hours.length % 2 === 1 ? (hours[mid] ?? 0) : ((hours[mid - 1] ?? 0) + (hours[mid] ?? 0)) / 2;
}

/**
 * The label for a median: up to 1 hour → "within an hour"; under 48 hours → whole hours rounded
 * up ("within 3 hours" for 2.2 h); from 48 hours → whole days rounded up ("within 3 days" for
 * 49 h). `null` (not enough data) → `null`: show nothing.
 */
export function replyTimeLabel(hours: number | null): string | null {
  if (hours === null || !Number.isFinite(hours) || hours < 0) return null;
  const wholeHours = Math.ceil(hours);
  if (wholeHours <= 1) return 'Usually replies within an hour';
  if (hours < 48) return `Usually replies within ${wholeHours} hours`;
  return `Usually replies within ${Math.ceil(hours / 24)} days`;
}
