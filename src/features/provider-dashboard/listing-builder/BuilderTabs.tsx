import type { ReactNode } from 'react';
import { ScrollingTabList } from '../../../ui/Tabs.tsx';
import { tabsWithErrors, type BuilderTab, type BuilderTabEntry } from './builder-tabs.ts';
import type { Errors } from './field-errors.ts';

/**
 * The builder's own tablist (inside the Listings section): one row that scrolls sideways on a
 * phone, with "(check)" on tabs holding a message.
 */
export function BuilderTabs({
  baseId,
  tabs,
  tab,
  setTab,
  errors,
}: {
  baseId: string;
  tabs: readonly BuilderTabEntry[];
  tab: BuilderTab;
  setTab: (tab: BuilderTab) => void;
  errors: Errors;
}) {
  const withErrors = tabsWithErrors(errors);
  return (
    <ScrollingTabList
      className="mt-4"
      tabs={tabs}
      tab={tab}
      setTab={setTab}
      tabId={(id) => `${baseId}-tab-${id}`}
      panelId={(id) => `${baseId}-panel-${id}`}
      label="Listing sections"
      extra={(id) => (withErrors.has(id) ? <span className="ml-1 text-red-800">(check)</span> : null)}
    />
  );
}

export function Panel({
  baseId,
  id,
  tab,
  children,
}: {
  baseId: string;
  id: BuilderTab;
  tab: BuilderTab;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={`${baseId}-panel-${id}`}
      aria-labelledby={`${baseId}-tab-${id}`}
      hidden={tab !== id}
      className="mt-4 flex flex-col gap-4"
    >
      {children}
    </div>
  );
}
