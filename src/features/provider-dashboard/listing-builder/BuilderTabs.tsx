import type { ReactNode } from 'react';
import { tabListKeyDown } from '../../../ui/Tabs.tsx';
import { tabsWithErrors, type BuilderTab, type BuilderTabEntry } from './builder-tabs.ts';
import type { Errors } from './field-errors.ts';

/** The builder's own tablist (inside the Listings section): no phone select, and "(check)" on tabs with a message. */
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
  const onKeyDown = tabListKeyDown(tabs, tab, setTab, (id) => `${baseId}-tab-${id}`);
  return (
    <div
      role="tablist"
      aria-label="Listing sections"
      className="mt-4 flex gap-1 overflow-x-auto border-b border-slate-300"
      onKeyDown={onKeyDown}
    >
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`${baseId}-tab-${t.id}`}
          aria-selected={tab === t.id}
          aria-controls={`${baseId}-panel-${t.id}`}
          tabIndex={tab === t.id ? 0 : -1}
          onClick={() => {
            setTab(t.id);
          }}
          className={`-mb-px min-h-11 shrink-0 border-b-2 px-3 py-2 text-sm font-medium ${
            tab === t.id ? 'border-brand-600 text-brand-800' : 'border-transparent text-muted hover:text-ink'
          }`}
        >
          {t.label}
          {withErrors.has(t.id) ? <span className="ml-1 text-red-800">(check)</span> : null}
        </button>
      ))}
    </div>
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
