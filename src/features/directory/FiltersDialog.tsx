import { useEffect, useId, useRef } from 'react';
import {
  EMPTY_FILTERS,
  toggleSetting,
  toggleValue,
  type DirectoryFilters,
  type FacetCounts,
} from '../../lib/directory/rules.ts';
import { ERP_HOURS_OPTIONS } from '../../lib/fidelity.ts';
import { FILTER_SECTIONS } from '../../lib/vocabulary.ts';
import { Option, Section } from './FilterOption.tsx';
import { useChangeAfterPaint, type Update } from './useChangeAfterPaint.ts';

export type FilterUpdate = Update<DirectoryFilters>;

type Props = {
  filters: DirectoryFilters;
  /** What each option would give (lib/directory/engine.ts); null while the full data loads. */
  counts: FacetCounts | null;
  /** null while the full data is still loading. */
  resultCount: number | null;
  /** A change, applied to the newest filters (two quick taps both count). */
  onChange: (update: FilterUpdate) => void;
  /** `applied`: closed with "Show N programs" (rather than Close, Escape or the backdrop). */
  onClose: (applied: boolean) => void;
};

/**
 * The Filters dialog: one accordion section per facet (Age Groups, Setting, Insurance,
 * Modalities), each option with the number of results it would give. Changes apply at once
 * (on a slow device the counts follow the paint that shows the tapped box's mark:
 * useChangeAfterPaint.ts); closing applies a change still waiting first.
 * A native modal `<dialog>` keeps focus inside and hands it back to the Filters button.
 */
export default function FiltersDialog({ filters, counts, resultCount, onChange, onClose }: Props) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const { change, flush } = useChangeAfterPaint(onChange);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
  }, []);

  /** Closes the dialog and tells the page in the same task (the `close` event comes a frame later). */
  const closed = useRef(false);
  const close = (applied = false): void => {
    if (closed.current) return;
    closed.current = true;
    flush();
    ref.current?.close();
    onClose(applied);
  };

  function isChecked(key: (typeof FILTER_SECTIONS)[number]['key'], option: string): boolean {
    if (key === 'setting') return filters.setting === option;
    return (filters[key] as readonly string[]).includes(option);
  }

  function toggle(key: (typeof FILTER_SECTIONS)[number]['key'], option: string): void {
    switch (key) {
      case 'setting': {
        const setting = FILTER_SECTIONS[1].options.find((value) => value === option);
        if (setting !== undefined) change((f) => ({ ...f, setting: toggleSetting(f.setting, setting) }));
        return;
      }
      case 'ageGroups': {
        const value = FILTER_SECTIONS[0].options.find((candidate) => candidate === option);
        if (value !== undefined) change((f) => ({ ...f, ageGroups: toggleValue(f.ageGroups, value) }));
        return;
      }
      case 'insurance': {
        const value = FILTER_SECTIONS[2].options.find((candidate) => candidate === option);
        if (value !== undefined) change((f) => ({ ...f, insurance: toggleValue(f.insurance, value) }));
        return;
      }
      case 'modalities': {
        const value = FILTER_SECTIONS[3].options.find((candidate) => candidate === option);
        if (value !== undefined) change((f) => ({ ...f, modalities: toggleValue(f.modalities, value) }));
        return;
      }
    }
  }

  const resultText =
    resultCount === null ? 'Loading…' : `${resultCount} ${resultCount === 1 ? 'program' : 'programs'}`;

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      // Escape: the page follows in the same task as the dialog closes.
      onCancel={() => {
        close();
      }}
      // Any other way it closed.
      onClose={() => {
        close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto flex max-h-[min(90dvh,48rem)] w-[calc(100%-1.5rem)] max-w-lg flex-col rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-slate-900/60 [&:not([open])]:hidden"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          Filters
        </h2>
        <button
          type="button"
          onClick={() => {
            close();
          }}
          aria-label="Close filters"
          className="-m-2 rounded-md p-2 text-muted hover:bg-slate-100 hover:text-ink"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
            <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </div>
      <div className="flex-1 overflow-y-auto px-5 py-2">
        {FILTER_SECTIONS.map((section) => {
          const selected = section.options.filter((option) => isChecked(section.key, option)).length;
          const sectionCounts = counts?.[section.key] as Record<string, number> | undefined;
          return (
            <Section
              key={section.key}
              title={
                <>
                  {section.label}
                  {selected > 0 ? (
                    <span className="ml-2 text-sm font-normal text-muted">({selected} selected)</span>
                  ) : null}
                </>
              }
            >
              <fieldset className="pb-2">
                <legend className="sr-only">
                  {section.label}
                  {section.multiple ? '' : ' (choose one)'}
                </legend>
                {section.multiple ? null : (
                  <p className="mb-1 text-sm text-muted">Choose one; select it again to clear.</p>
                )}
                <ul className="grid gap-1 sm:grid-cols-2">
                  {section.options.map((option, index) => (
                    <Option
                      key={option}
                      id={`${id}-${section.key}-${index}`}
                      label={option}
                      checked={isChecked(section.key, option)}
                      count={sectionCounts === undefined ? null : (sectionCounts[option] ?? 0)}
                      onChange={() => {
                        toggle(section.key, option);
                      }}
                    />
                  ))}
                </ul>
              </fieldset>
            </Section>
          );
        })}
        <Section title="Treatment and availability">
          <fieldset className="pb-2">
            <legend className="sr-only">Treatment and availability</legend>
            <ul className="grid gap-1">
              {(
                [
                  ['reportsOutcomes', 'Reports outcomes (Y-BOCS)', counts?.reportsOutcomes ?? null],
                  ['openRecently', 'Confirmed open in the last 30 days', counts?.openRecently ?? null],
                ] as const
              ).map(([key, label, count]) => (
                <Option
                  key={key}
                  id={`${id}-${key}`}
                  label={label}
                  checked={filters[key]}
                  count={count}
                  onChange={() => {
                    change((f) => ({ ...f, [key]: !f[key] }));
                  }}
                />
              ))}
            </ul>
          </fieldset>
          <fieldset className="pb-2">
            <legend className="px-2 pt-2 text-sm font-semibold">ERP hours per week</legend>
            <ul className="grid gap-1 sm:grid-cols-2">
              {([null, ...ERP_HOURS_OPTIONS] as const).map((hours) => (
                <Option
                  key={String(hours)}
                  id={`${id}-erp-${String(hours ?? 'any')}`}
                  radioGroup={`${id}-erp`}
                  label={hours === null ? 'Any' : `ERP ≥ ${String(hours)} hours/week`}
                  checked={filters.erpHours === hours}
                  // "Any" has no count of its own.
                  count={hours === null ? undefined : (counts?.erpHours[hours] ?? null)}
                  onChange={() => {
                    change((f) => ({ ...f, erpHours: hours }));
                  }}
                />
              ))}
            </ul>
          </fieldset>
        </Section>
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-5 py-4">
        <p role="status" className="sr-only">
          {resultCount === null ? 'Loading…' : `${resultText} match`}
        </p>
        <button
          type="button"
          onClick={() => {
            // The place has its own field and stays.
            change((f) => ({ ...EMPTY_FILTERS, query: f.query, near: f.near, radius: f.radius }));
          }}
          className="min-h-11 rounded-md px-3 font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:bg-brand-50"
        >
          Clear Filters
        </button>
        <button
          type="button"
          onClick={() => {
            close(true);
          }}
          className="min-h-11 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Show {resultText}
        </button>
      </div>
    </dialog>
  );
}
