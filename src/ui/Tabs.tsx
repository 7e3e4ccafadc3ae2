/**
 * Tabs: the keyboard rule of a tablist (arrows wrap, Home, End) and a page's section tabs, which
 * become a select on phones.
 */
import type { KeyboardEvent } from 'react';
import { tabIndexAfterKey } from '../lib/tabs.ts';
import { inputClass } from './fields.tsx';

/**
 * The keydown handler of a tablist: arrows (wrapping), Home and End select a tab and move focus to
 * it (`tabElementId` gives a tab's element id).
 */
export function tabListKeyDown<T extends string>(
  tabs: readonly { id: T }[],
  tab: T,
  setTab: (tab: T) => void,
  tabElementId: (id: T) => string,
): (event: KeyboardEvent<HTMLElement>) => void {
  return (event) => {
    const index = tabs.findIndex((t) => t.id === tab);
    const next = tabIndexAfterKey(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    const target = tabs[next];
    if (!target) return;
    setTab(target.id);
    document.getElementById(tabElementId(target.id))?.focus();
  };
}

/**
 * A page's sections: tabs from the small breakpoint up (arrow keys, Home, End), a select on
 * phones. Tab `<prefix>tab-<id>` controls panel `<prefix>panel-<id>`.
 */
export function SectionTabs<T extends string>({
  tabs,
  tab,
  setTab,
  prefix,
  selectLabel,
  listLabel,
}: {
  tabs: readonly { id: T; label: string }[];
  tab: T;
  setTab: (tab: T) => void;
  /** Prefix of the tab, panel and select ids, e.g. `admin-` (the provider dashboard uses none). */
  prefix: string;
  /** The phone select's label, e.g. "Admin section". */
  selectLabel: string;
  /** The tablist's accessible name, e.g. "Admin sections". */
  listLabel: string;
}) {
  const selectId = `${prefix}section-select`;
  const onKeyDown = tabListKeyDown(tabs, tab, setTab, (id) => `${prefix}tab-${id}`);
  return (
    <>
      <div className="sm:hidden">
        <label htmlFor={selectId} className="text-sm font-medium">
          {selectLabel}
        </label>
        <select
          id={selectId}
          className={inputClass}
          value={tab}
          onChange={(e) => {
            const chosen = tabs.find((t) => t.id === e.target.value);
            if (chosen) setTab(chosen.id);
          }}
          aria-controls={`${prefix}panel-${tab}`}
        >
          {tabs.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div
        role="tablist"
        aria-label={listLabel}
        className="hidden gap-1 overflow-x-auto border-b border-slate-300 sm:flex"
        onKeyDown={onKeyDown}
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${prefix}tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${prefix}panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => {
              setTab(t.id);
            }}
            className={`-mb-px min-h-11 shrink-0 border-b-2 px-4 py-2 font-medium ${
              tab === t.id
                ? 'border-brand-600 text-brand-800'
                : 'border-transparent text-muted hover:text-ink'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
    </>
  );
}
