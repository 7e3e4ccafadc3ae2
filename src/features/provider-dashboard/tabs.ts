/**
 * The provider dashboard's tabs: their ids, labels and how the active one is kept in the
 * address (`?tab=listings`), so a reload, a shared link or Back returns to the same tab.
 */

import { tabAddress } from '../../lib/tabs.ts';

export const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'verification', label: 'Verification' },
  { id: 'listings', label: 'Listings' },
  { id: 'contacts', label: 'Contact Settings' },
  { id: 'roi-calculator', label: 'ROI Calculator' },
  { id: 'billing', label: 'Billing' },
] as const;

export type TabId = (typeof TABS)[number]['id'];

/** The first tab, shown when the address names none. */
export const DEFAULT_TAB: TabId = TABS[0].id;

/** The active tab in the address: `?tab=<id>`, none for the overview (lib/tabs.ts). */
export const { tabFromSearch, searchWithTab } = tabAddress(TABS);
