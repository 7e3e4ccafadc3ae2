/**
 * Tabs: the keyboard rule of a tablist (arrows wrap, Home, End), a page's section tabs, which
 * become a select on phones, and a tab row that scrolls sideways on narrow screens.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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

/** Room kept beside the active tab when it is scrolled into view: the width of an edge's arrow. */
const EDGE_ROOM = 40;

/**
 * A row of tabs that stays one row at any width: from 320 px up it scrolls sideways (swipe, or
 * the tablist's arrow keys, Home and End), and says so: an edge with more tabs beyond it fades out
 * behind an arrow, and "Section n of N" tells where the open tab is. The open tab is always
 * scrolled into view, without moving the page.
 */
export function ScrollingTabList<T extends string>({
  tabs,
  tab,
  setTab,
  tabId,
  panelId,
  label,
  extra,
  className = '',
}: {
  tabs: readonly { id: T; label: string }[];
  tab: T;
  setTab: (tab: T) => void;
  /** A tab's element id. */
  tabId: (id: T) => string;
  /** The id of the panel a tab controls. */
  panelId: (id: T) => string;
  /** The tablist's accessible name. */
  label: string;
  /** Shown after a tab's label, e.g. "(check)". */
  extra?: (id: T) => ReactNode;
  className?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ before: false, after: false });
  const onKeyDown = tabListKeyDown(tabs, tab, setTab, tabId);

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const end = list.scrollWidth - list.clientWidth;
    const before = list.scrollLeft > 1;
    const after = list.scrollLeft < end - 1;
    setEdges((e) => (e.before === before && e.after === after ? e : { before, after }));
  }, []);

  useEffect(() => {
    measure();
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => {
      observer.disconnect();
    };
  }, [measure, tabs.length]);

  // The open tab in view, scrolling the row only (scrollIntoView could move the page too).
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!list || !active) return;
    const start = active.offsetLeft - EDGE_ROOM;
    const end = active.offsetLeft + active.offsetWidth + EDGE_ROOM - list.clientWidth;
    if (list.scrollLeft > start) list.scrollLeft = Math.max(0, start);
    else if (list.scrollLeft < end) list.scrollLeft = end;
    measure();
  }, [tab, tabs.length, measure]);

  const index = tabs.findIndex((t) => t.id === tab);
  const overflows = edges.before || edges.after;
  const arrow =
    'pointer-events-none absolute top-0 bottom-px z-10 flex w-10 items-center text-lg font-bold text-brand-800 from-white via-white/90 to-transparent';

  return (
    <div className={className}>
      <div className="relative">
        <div
          ref={listRef}
          role="tablist"
          aria-label={label}
          className="relative flex gap-1 overflow-x-auto border-b border-slate-300"
          onKeyDown={onKeyDown}
          onScroll={measure}
          data-overflow={overflows ? 'true' : 'false'}
        >
          {tabs.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={tabId(t.id)}
              aria-selected={tab === t.id}
              aria-controls={panelId(t.id)}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => {
                setTab(t.id);
              }}
              className={`-mb-px min-h-11 shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                tab === t.id
                  ? 'border-brand-600 text-brand-800'
                  : 'border-transparent text-muted hover:text-ink'
              }`}
            >
              {t.label}
              {extra?.(t.id)}
            </button>
          ))}
        </div>
        {/* The cue only: tabs under it stay clickable (a tap on a half-hidden tab opens it and scrolls it into view). */}
        {edges.before ? (
          <span
            aria-hidden="true"
            data-scroll="before"
            className={`${arrow} left-0 justify-start bg-gradient-to-r pl-1`}
          >
            ‹
          </span>
        ) : null}
        {edges.after ? (
          <span
            aria-hidden="true"
            data-scroll="after"
            className={`${arrow} right-0 justify-end bg-gradient-to-l pr-1`}
          >
            ›
          </span>
        ) : null}
      </div>
      {overflows && index >= 0 ? (
        <p className="mt-1 text-xs text-muted" data-testid="tab-position">
          Section {index + 1} of {tabs.length}: {tabs[index]?.label}. Swipe or scroll the row for the others.
        </p>
      ) : null}
    </div>
  );
}
