/**
 * The provider dashboard's tabs (spec §2): their ids, labels and how the active one is kept in the
 * address (`?tab=listings`), so a reload, a shared link or Back returns to the same tab.
 */

export const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'verification', label: 'Verification' },
  { id: 'listings', label: 'Listings' },
  { id: 'contacts', label: 'Contact Settings' },
  { id: 'roi-calculator', label: 'ROI Calculator' },
  { id: 'billing', label: 'Billing' },
] as const;

export type TabId = (typeof TABS)[number]['id'];

export const DEFAULT_TAB: TabId = 'overview';

/** The tab named by `?tab=` in `search`, or the overview for a missing or unknown one. */
export function tabFromSearch(search: string): TabId {
  const wanted = new URLSearchParams(search).get('tab');
  return TABS.find((t) => t.id === wanted)?.id ?? DEFAULT_TAB;
}

/**
 * `search` with the tab set (the overview, the default, leaves no parameter); other parameters
 * are kept.
 *
 * @example searchWithTab('?tab=overview&x=1', 'billing') // '?tab=billing&x=1'
 */
export function searchWithTab(search: string, tab: TabId): string {
  const params = new URLSearchParams(search);
  if (tab === DEFAULT_TAB) params.delete('tab');
  else params.set('tab', tab);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The tab index a key moves to in a tablist of `length` tabs (arrows wrap, Home, End), or null
 * for other keys.
 */
export function tabIndexAfterKey(key: string, index: number, length: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % length;
    case 'ArrowLeft':
      return (index - 1 + length) % length;
    case 'Home':
      return 0;
    case 'End':
      return length - 1;
    default:
      return null;
  }
}
