/**
 * What /provider-dashboard loads before anyone interacts (docs/budgets.md, pages.provider-dashboard.js):
 * the island's own module and what it imports statically. Each tab's code is fetched when the tab
 * opens (ProviderDashboard.tsx, ui/lazy.tsx), so none of it, and no zod, is in that graph; every
 * tab is still reachable, by a dynamic import. The overview, shown first to a signed-in provider,
 * does not bring zod or another tab either.
 */
import { describe, expect, it } from 'vitest';
import { staticGraph } from '../../../lib/module-graph.ts';

const DIR = 'src/features/provider-dashboard';
const TAB_MODULES = [
  `${DIR}/OverviewTab.tsx`,
  `${DIR}/ReportsCard.tsx`,
  `${DIR}/ReviewsCard.tsx`,
  `${DIR}/VerificationTab.tsx`,
  `${DIR}/listing-builder/index.tsx`,
  `${DIR}/ContactsTab.tsx`,
  `${DIR}/RoiTab.tsx`,
  `${DIR}/BillingTab.tsx`,
];

describe('the provider dashboard’s first load', () => {
  const island = staticGraph(`${DIR}/ProviderDashboard.tsx`);

  it('carries no tab’s code', () => {
    expect(TAB_MODULES.filter((m) => island.files.has(m))).toEqual([]);
  });

  it('carries no zod and no schema module', () => {
    expect(island.packages.has('zod')).toBe(false);
    expect([...island.files].filter((f) => /schema/i.test(f))).toEqual([]);
  });

  it('still reaches every tab, each by a dynamic import', () => {
    expect(TAB_MODULES.filter((m) => !island.dynamic.has(m))).toEqual([]);
  });

  it('the overview brings neither zod nor another tab', () => {
    const overview = staticGraph(
      `${DIR}/OverviewTab.tsx`,
      `${DIR}/ReportsCard.tsx`,
      `${DIR}/ReviewsCard.tsx`,
    );
    expect(overview.packages.has('zod')).toBe(false);
    expect(overview.files.has(`${DIR}/VerificationTab.tsx`)).toBe(false);
    expect(overview.files.has(`${DIR}/listing-builder/index.tsx`)).toBe(false);
    // The response check (zod) loads when a response form opens.
    expect(overview.dynamic.has(`${DIR}/response-check.ts`)).toBe(true);
  });
});
