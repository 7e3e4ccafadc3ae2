import { useId, useMemo, useRef, useState } from 'react';
import {
  activeFilterCount,
  isUnfiltered,
  type DirectoryContext,
  type DirectoryEntry,
} from '../../lib/directory/rules.ts';
import type { DirectoryState } from '../../lib/directory/url-state.ts';
import type { GeoPoint } from '../../lib/geo/distance.ts';
import ActiveFilters from './ActiveFilters.tsx';
import EmptyState from './EmptyState.tsx';
import FiltersDialog from './FiltersDialog.tsx';
import LoadError from './LoadError.tsx';
import NearFields, { PlaceNote } from './NearFields.tsx';
import ResultsHeader from './ResultsHeader.tsx';
import ResultsList from './ResultsList.tsx';
import SearchFields from './SearchFields.tsx';
import ShowMore, { useFocusAddedCard } from './ShowMore.tsx';
import { useShownAfterPaint } from './paint.ts';
import { useDirectoryData } from './useDirectoryData.ts';
import { usePlace } from './usePlace.ts';
import { useSimilar } from './useSimilar.ts';
import { useToday } from './useToday.ts';
import { useUrlState, type StateSource } from './useUrlState.ts';

type Props = {
  /** The first cards, rendered into the HTML at build time (name order, no filters). */
  initial: readonly DirectoryEntry[];
  /** How many programs the directory lists in total. */
  total: number;
};

/** Cards added per "Show more programs". */
const PAGE_SIZE = 24;

/** The first cards in the page serve only the unfiltered name order without a device location. */
function needsAll(state: DirectoryState, device: GeoPoint | null): boolean {
  return !isUnfiltered(state.filters) || state.sort !== 'name' || device !== null;
}

/**
 * The home directory: search box, sort, filters dialog, active-filter chips and the card grid.
 * Its state lives in the URL (see useUrlState.ts): committed changes push a history entry,
 * typing replaces the current one.
 */
export default function Directory({ initial, total }: Props) {
  const id = useId();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const today = useToday();
  const url = useUrlState(searchRef, onStateChange);
  const { state, latest, commit } = url;
  const place = usePlace(url);
  const { origin, device } = place;
  const context = useMemo<DirectoryContext>(
    () => ({ origin, today: today ?? undefined }),
    // The point's numbers, not its object identity, decide.
    [origin?.lat, origin?.lng, today],
  );
  const data = useDirectoryData(initial, total, state, context);
  const { all, status, partial, engine, order, match, loadAll } = data;
  const resultCount = match.count;
  const suggestions = useSimilar(data.source, state.filters, resultCount, partial);

  // Called from events and effects only (never during render), so `place` and `data` exist by then.
  function onStateChange(next: DirectoryState, source: StateSource): void {
    if (source === 'url') place.setDraft(next.filters.near);
    setLimit(PAGE_SIZE);
    if (needsAll(next, place.deviceRef.current)) data.loadAll();
  }

  const waiting = (status === 'loading' && all === null && needsAll(state, device)) || place.resolving;
  const shown = useMemo(
    () => (partial && !needsAll(state, device) ? initial : engine.take(order, match.bits, limit)),
    [partial, state, initial, engine, order, match, limit],
  );
  const hasMore = partial ? total > shown.length : resultCount > shown.length;
  const grid = useShownAfterPaint(shown);
  const { listRef, focusCard } = useFocusAddedCard(grid);
  // The dialog's numbers, counted only while it is open and every program is loaded.
  const counts = useMemo(
    () => (filtersOpen && !partial ? engine.counts(state.filters, context) : null),
    [filtersOpen, partial, engine, state.filters, context],
  );

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16">
      <div className="-mt-10 rounded-xl border border-slate-200 bg-white p-4 shadow-md sm:p-5">
        <form
          role="search"
          action="/"
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            if (place.draft.trim() !== latest.current.filters.near) place.applyNear();
            else commit(latest.current);
          }}
        >
          <SearchFields
            id={id}
            inputRef={searchRef}
            query={state.filters.query}
            sort={state.sort}
            filterCount={activeFilterCount(state.filters)}
            onQuery={url.typeQuery}
            onFocus={loadAll}
            onSort={(sort) => {
              commit({ ...latest.current, sort });
            }}
            onOpenFilters={() => {
              loadAll();
              setFiltersOpen(true);
            }}
          />
          <NearFields
            id={id}
            draft={place.draft}
            usingDevice={device !== null}
            invalid={place.result !== null && !place.result.ok}
            radius={state.filters.radius}
            busy={place.deviceStatus.busy}
            onDraft={place.setDraft}
            onApply={place.applyNear}
            onRadius={(radius) => {
              // A place typed but not yet applied goes with the radius.
              place.setFilters({ ...latest.current.filters, near: place.draft.trim(), radius });
            }}
            onLocate={place.locateMe}
          />
          <PlaceNote
            id={id}
            result={place.result}
            deviceMessage={place.deviceStatus.message}
            resolving={place.resolving}
            near={state.filters.near}
            label={place.label}
            radius={state.filters.radius}
            usingDevice={device !== null}
            byDistance={state.sort === 'distance'}
          />
        </form>
        <ActiveFilters
          filters={state.filters}
          place={place.label}
          onChange={place.setFilters}
          onClearAll={() => {
            place.clearAll(true);
          }}
          onClearPlace={() => {
            if (device !== null) place.clearDevice();
            else place.setFilters({ ...latest.current.filters, near: '' });
          }}
        />
      </div>

      <section aria-labelledby={`${id}-results`} className="mt-8">
        <ResultsHeader
          id={id}
          resolving={place.resolving}
          waiting={waiting}
          unfiltered={isUnfiltered(state.filters) && device === null}
          partial={partial}
          shownCount={shown.length}
          total={total}
          resultCount={resultCount}
        />
        {status === 'error' ? <LoadError onRetry={loadAll} /> : null}
        <ResultsList
          waiting={waiting}
          programs={grid}
          origin={origin}
          today={today}
          listRef={listRef}
          empty={
            <EmptyState
              query={state.filters.query}
              suggestions={suggestions}
              onClear={() => {
                place.clearAll(false);
              }}
            />
          }
        />
        {hasMore && !waiting ? (
          <ShowMore
            loading={status === 'loading'}
            onClick={() => {
              loadAll();
              focusCard.current = grid.length;
              setLimit((current) => Math.max(current, shown.length) + PAGE_SIZE);
            }}
          />
        ) : null}
      </section>

      {filtersOpen ? (
        <FiltersDialog
          filters={state.filters}
          // Until every program is loaded, counts over the first cards would be wrong: the
          // dialog shows them as pending instead.
          counts={counts}
          resultCount={partial ? null : resultCount}
          onChange={place.setFilters}
          onClose={() => {
            setFiltersOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
