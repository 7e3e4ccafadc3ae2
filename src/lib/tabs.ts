/**
 * Tabs kept in the address (`?tab=listings`), so a reload, a shared link or Back returns to the
 * same tab: the provider dashboard, /admin and the testing suite each name their tabs and get
 * the two address functions from `tabAddress`. Also the arrow-key rule of a tablist.
 */

/**
 * The address functions of a tab list whose first tab is the default.
 *
 * @example
 * const { tabFromSearch, searchWithTab } = tabAddress([{ id: 'overview' }, { id: 'billing' }] as const);
 * tabFromSearch('?tab=billing'); // 'billing'
 * searchWithTab('?tab=billing&x=1', 'overview'); // '?x=1'
 */
export function tabAddress<const Tabs extends readonly [{ id: string }, ...{ id: string }[]]>(
  tabs: Tabs,
): {
  /** The tab named by `?tab=` in `search`, or the first tab for a missing or unknown one. */
  tabFromSearch: (search: string) => Tabs[number]['id'];
  /** `search` with the tab set (the first tab leaves no parameter); other parameters are kept. */
  searchWithTab: (search: string, tab: Tabs[number]['id']) => string;
} {
  const first = tabs[0].id;
  return {
    tabFromSearch(search) {
      const wanted = new URLSearchParams(search).get('tab');
      return tabs.find((t) => t.id === wanted)?.id ?? first;
    },
    searchWithTab(search, tab) {
      const params = new URLSearchParams(search);
      if (tab === first) params.delete('tab');
      else params.set('tab', tab);
      const text = params.toString();
      return text === '' ? '' : `?${text}`;
    },
  };
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
