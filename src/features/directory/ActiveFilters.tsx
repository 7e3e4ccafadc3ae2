import { useRef } from 'react';
import { activeFilterChips, removeChipLabel, type FilterChip } from '../../lib/directory/chips.ts';
import { EMPTY_FILTERS, type DirectoryFilters } from '../../lib/directory/rules.ts';

type Props = {
  filters: DirectoryFilters;
  /** The resolved place ("ZIP 02478", "Belmont, MA", "your location"), or null. */
  place?: string | null | undefined;
  onChange: (filters: DirectoryFilters) => void;
  /** Removes the place (typed or the device's location). */
  onClearPlace?: (() => void) | undefined;
  /** Clear Filters: every selection and the place (the search text stays). */
  onClearAll?: (() => void) | undefined;
  /**
   * Where focus goes once the last chip is gone (the results heading): a removed chip's button
   * leaves the page, and focus must not fall back to the top of the document.
   */
  onEmptied?: (() => void) | undefined;
};

/**
 * The active selections as removable chips above the results ("Remove filter: Adolescents"),
 * plus Clear Filters (src/lib/directory/chips.ts says which chips and what each removes).
 */
export default function ActiveFilters({
  filters,
  place = null,
  onChange,
  onClearPlace,
  onClearAll,
  onEmptied,
}: Props) {
  const listRef = useRef<HTMLUListElement>(null);
  const chips = activeFilterChips(filters, place);
  if (chips.length === 0) return null;

  /** After a chip goes, focus the chip now in its place (or the one before), else the heading. */
  function focusAfter(index: number): void {
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
      const next = buttons[Math.min(index, buttons.length - 1)];
      if (next) next.focus();
      else onEmptied?.();
    });
  }

  function remove(chip: FilterChip, index: number): void {
    if (chip.without === null) onClearPlace?.();
    else onChange(chip.without);
    focusAfter(index);
  }

  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" data-active-filters>
      <span className="text-sm font-medium text-muted">Active filters:</span>
      <ul ref={listRef} className="flex flex-wrap gap-2">
        {chips.map((chip, index) => (
          <li key={chip.key}>
            <button
              type="button"
              aria-label={removeChipLabel(chip)}
              onClick={() => {
                remove(chip, index);
              }}
              className="inline-flex min-h-11 items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-600/30 ring-inset hover:bg-brand-100 sm:min-h-8"
            >
              {chip.label}
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          if (onClearAll) onClearAll();
          else onChange({ ...EMPTY_FILTERS, query: filters.query });
          focusAfter(0);
        }}
        className="min-h-11 px-2 text-sm font-semibold text-brand-700 underline underline-offset-2 sm:min-h-8"
      >
        Clear Filters
      </button>
    </div>
  );
}
