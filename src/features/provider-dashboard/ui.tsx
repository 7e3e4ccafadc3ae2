/**
 * Shared look of the provider dashboard (also used by /admin and the testing suite): cards,
 * buttons, inputs, status pills, the section tabs.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { tabIndexAfterKey } from '../../lib/tabs.ts';

export const card = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
export const primaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70';
export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-ink hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-600 aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50';
export const labelClass = 'text-sm font-medium';

export function SectionTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-xl font-semibold text-brand-800">
      {children}
    </h2>
  );
}

const PILL_TONES = {
  green: 'bg-green-100 text-green-900 ring-green-700/30',
  amber: 'bg-amber-100 text-amber-950 ring-amber-700/30',
  red: 'bg-red-100 text-red-900 ring-red-700/30',
  slate: 'bg-slate-100 text-slate-800 ring-slate-600/30',
  blue: 'bg-brand-50 text-brand-800 ring-brand-700/30',
} as const;

export type Tone = keyof typeof PILL_TONES;

export function Pill({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${PILL_TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** A field's message, linked to its control with aria-describedby. */
export function FieldMessage({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800" data-field-error>
      {message}
    </p>
  );
}

/** A field's hint, linked to its control with aria-describedby. */
export function FieldHint({ id, hint }: { id: string; hint: string | null | undefined }) {
  if (!hint) return null;
  return (
    <p id={id} className="mt-1 text-sm text-muted">
      {hint}
    </p>
  );
}

const WHEN = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const WHEN_TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** `November 22, 2026` (long US format, spec §6); '' for a missing or bad time. */
export function formatDay(iso: string | null | undefined): string {
  const time = Date.parse(iso ?? '');
  return Number.isNaN(time) ? '' : WHEN.format(time);
}

/** `Nov 22, 2026, 3:04 PM`; '' for a missing or bad time. */
export function formatDayTime(iso: string | null | undefined): string {
  const time = Date.parse(iso ?? '');
  return Number.isNaN(time) ? '' : WHEN_TIME.format(time);
}

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
 * A page's sections: tabs from the small breakpoint up (arrow keys, Home, End), a select on phones
 * (spec §2 "Mobile uses a dropdown"). Tab `<prefix>tab-<id>` controls panel `<prefix>panel-<id>`.
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
