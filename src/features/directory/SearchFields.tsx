import type { RefObject } from 'react';
import { SORT_MODES, type SortMode } from '../../lib/directory/rules.ts';

const SORT_LABELS = {
  name: 'Name',
  rating: 'Rating',
  distance: 'Distance',
  availability: 'Availability',
} as const;

type Props = {
  /** The directory's id prefix (useId), shared with the other fields. */
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  sort: SortMode;
  /** Active selections of the Filters dialog, shown on its button. */
  filterCount: number;
  onQuery: (query: string) => void;
  onFocus: () => void;
  onSort: (sort: SortMode) => void;
  onOpenFilters: () => void;
};

/** The first row of the search form: search text, sort and the Filters button. */
export default function SearchFields({
  id,
  inputRef,
  query,
  sort,
  filterCount,
  onQuery,
  onFocus,
  onSort,
  onOpenFilters,
}: Props) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <div className="flex-1">
        <label htmlFor={`${id}-q`} className="block text-sm font-semibold">
          Search programs
        </label>
        <div className="relative mt-1">
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            fill="currentColor"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
          >
            <path d="M8.5 3a5.5 5.5 0 0 1 4.38 8.82l3.65 3.65a.75.75 0 1 1-1.06 1.06l-3.65-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z" />
          </svg>
          <input
            ref={inputRef}
            id={`${id}-q`}
            type="search"
            name="q"
            autoComplete="off"
            placeholder="Search by program, location, or keyword"
            value={query}
            onChange={(event) => {
              onQuery(event.target.value);
            }}
            onFocus={onFocus}
            className="block min-h-11 w-full rounded-md border border-slate-400 py-2 pr-3 pl-10 text-base shadow-sm focus:border-brand-600"
          />
        </div>
      </div>
      <div className="flex gap-3">
        <div className="flex-1 md:flex-none">
          <label htmlFor={`${id}-sort`} className="block text-sm font-semibold">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            name="sort"
            value={sort}
            onChange={(event) => {
              onSort(SORT_MODES.find((mode) => mode === event.target.value) ?? 'name');
            }}
            className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base md:w-40"
          >
            {SORT_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {SORT_LABELS[mode]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={onOpenFilters}
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-brand-600 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
              <path d="M3 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm2 5a1 1 0 0 1 1-1h8a1 1 0 1 1 0 2H6a1 1 0 0 1-1-1Zm3 4a1 1 0 0 1 1-1h2a1 1 0 1 1 0 2H9a1 1 0 0 1-1-1Z" />
            </svg>
            Filters
            {filterCount > 0 ? (
              <span className="rounded-full bg-brand-600 px-2 text-sm text-white">
                {filterCount}
                <span className="sr-only"> active</span>
              </span>
            ) : null}
          </button>
        </div>
      </div>
    </div>
  );
}
