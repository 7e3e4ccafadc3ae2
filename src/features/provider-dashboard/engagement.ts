/**
 * Engagement per program for the dashboard's chart and its table alternative: the four counts of
 * the last 30 days (views, website clicks, call clicks, info requests), totals, and bar widths
 * relative to the largest count, so the chart needs no library.
 */
import type { ProgramEngagement } from '../../api/contracts/providers.ts';

export const ENGAGEMENT_METRICS = [
  { key: 'views', label: 'Views' },
  { key: 'website_clicks', label: 'Website clicks' },
  { key: 'call_clicks', label: 'Call clicks' },
  { key: 'info_requests', label: 'Info requests' },
] as const;

export type EngagementMetric = (typeof ENGAGEMENT_METRICS)[number]['key'];

export type EngagementRow = ProgramEngagement & { name: string; total: number };

/** Rows with a display name (the listing's center name, else the program id) and a total. */
export function engagementRows(
  engagement: readonly ProgramEngagement[],
  nameOf: (programId: string) => string | undefined,
): EngagementRow[] {
  return engagement.map((e) => ({
    ...e,
    name: nameOf(e.program_id) ?? e.program_id,
    total: e.views + e.website_clicks + e.call_clicks + e.info_requests,
  }));
}

/**
 * A bar's width in percent of the largest count among `rows` (all metrics), at least 1% for a
 * non-zero count so it stays visible, 0 for zero.
 *
 * @example barPercent(5, 20) // 25
 */
export function barPercent(value: number, max: number): number {
  if (!(value > 0) || !(max > 0)) return 0;
  return Math.max(1, Math.round((value / max) * 100));
}

/** The largest single count among the rows (0 when there is none). */
export function largestCount(rows: readonly ProgramEngagement[]): number {
  let max = 0;
  for (const r of rows) max = Math.max(max, r.views, r.website_clicks, r.call_clicks, r.info_requests);
  return max;
}
