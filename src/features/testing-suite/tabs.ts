/**
 * The testing suite's tabs: ids, labels, and the active one in the address (`?tab=providers`),
 * as on the provider dashboard. Also the engagement list's "first 10, then and N more" rule and
 * the counted nouns of the cleanup confirmation.
 */

import { tabAddress } from '../../lib/tabs.ts';

export const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'providers', label: 'Provider Testing' },
  { id: 'user-flow', label: 'User Flow Testing' },
  { id: 'data', label: 'Data Management' },
] as const;

export type TabId = (typeof TABS)[number]['id'];

/** The first tab, shown when the address names none. */
export const DEFAULT_TAB: TabId = TABS[0].id;

/** The active tab in the address: `?tab=<id>`, none for the overview (lib/tabs.ts). */
export const { tabFromSearch, searchWithTab } = tabAddress(TABS);

/** Test engagement events shown in the list; the rest are counted ("and N more"). */
export const ENGAGEMENT_SHOWN = 10;

/**
 * The events to show and how many are left out (`total` counts every test event, `events` may
 * hold only the newest).
 *
 * @example shownEvents(['a', 'b', 'c'], 12, 2) // { shown: ['a', 'b'], more: 10 }
 */
export function shownEvents<T>(
  events: readonly T[],
  total: number,
  limit = ENGAGEMENT_SHOWN,
): { shown: T[]; more: number } {
  const shown = events.slice(0, limit);
  return { shown, more: Math.max(0, Math.max(total, events.length) - shown.length) };
}

/**
 * A count with its noun, for the cleanup confirmation ("1 test inquiry", "12 engagement events").
 *
 * @example countOf(0, 'test inquiry', 'test inquiries') // 'no test inquiries'
 */
export function countOf(count: number, one: string, many: string): string {
  if (count === 0) return `no ${many}`;
  return `${String(count)} ${count === 1 ? one : many}`;
}
