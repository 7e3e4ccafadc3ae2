import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  activeFilterCount,
  isUnfiltered,
  type DirectoryContext,
  type DirectoryEntry,
} from '../../lib/directory/rules.ts';
import type { DirectoryState } from '../../lib/directory/url-state.ts';
import type { GeoPoint } from '../../lib/geo/distance.ts';
import type { ProgramCardParts } from '../../components/program/ProgramCard.tsx';
import ActiveFilters from './ActiveFilters.tsx';
import EmptyState from './EmptyState.tsx';
import FiltersDialog from './FiltersDialog.tsx';
import { Held } from './Held.tsx';
import LoadError from './LoadError.tsx';
import NearFields, { PlaceNote } from './NearFields.tsx';
import { markSearched, revealResults } from './reveal.ts';
import ResultsHeader from './ResultsHeader.tsx';
import ResultsList from './ResultsList.tsx';
import SearchFields from './SearchFields.tsx';
import ShowMore, { useFocusAddedCard } from './ShowMore.tsx';
import { afterPaint, useShownAfterPaint } from './paint.ts';
import { useDirectoryData } from './useDirectoryData.ts';
import { usePlace } from './usePlace.ts';
import { useReturn } from './useReturn.ts';
import { useSimilar } from './useSimilar.ts';
import { useToday } from './useToday.ts';
import { useUrlState, type StateSource } from './useUrlState.ts';

type Props = {
  /** The first cards, rendered into the HTML at build time (name order, no filters). */
  initial: readonly DirectoryEntry[];
  /** How many programs the directory lists in total. */
  total: number;
  /**
   * What other features put on each card (the heart, Compare): given by the island that
   * composes this feature (src/islands/Directory.tsx), as this feature imports no other one.
   */
  cardParts: ProgramCardParts;
};

/** Cards added per "Show more programs". */
const PAGE_SIZE = 24;

/** The first cards in the page serve only the unfiltered name order without a device location. */
function needsAll(state: DirectoryState, device: GeoPoint | null): boolean {
  return !isUnfiltered(state.filters) || state.sort !== 'name' || device !== null;
}

/** Something was searched for: text, a place, a filter or the device's location. */
function searched(state: DirectoryState, device: GeoPoint | null): boolean {
  return !isUnfiltered(state.filters) || device !== null;
}

/**
 * The home directory: search box, sort, filters dialog, active-filter chips and the card grid.
 * Its state lives in the URL (see useUrlState.ts): committed changes push a history entry,
 * typing replaces the current one. "Find programs" (or Enter) and the Filters dialog's Show
 * button bring the results into view and focus their heading (reveal.ts); a search made leaves
 * the hero compact on phones; Back to Directory on a profile comes back to the same search,
 * cards and scroll position (useReturn.ts).
 */
export default function Directory({ initial, total, cardParts }: Props) {
  const id = useId();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const nearRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** A "Find programs" with a new place waits for its lookup: then the results, or the place's error. */
  const revealAfterPlace = useRef(false);
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
    // A new search answers: an old "Location access is turned off" no longer applies.
    place.clearMessage();
    // The introduction gives way when a search is made (reveal) or comes back with the address;
    // never on the Near box's blur or a keystroke: the form would move under the finger between
    // pressing "Find programs" and letting go, and the press would land on nothing.
    if (source === 'url' && searched(next, place.deviceRef.current)) markSearched();
  }

  /** After the new state is painted: the results in view, the heading focused when asked. */
  function reveal(focus: boolean): void {
    markSearched();
    afterPaint(() => {
      revealResults(headingRef.current, focus);
    });
  }

  const waiting = (status === 'loading' && all === null && needsAll(state, device)) || place.resolving;
  const shown = useMemo(
    () => (partial && !needsAll(state, device) ? initial : engine.take(order, match.bits, limit)),
    [partial, state, initial, engine, order, match, limit],
  );
  const hasMore = partial ? total > shown.length : resultCount > shown.length;
  // The Filters dialog is a modal: while it is open the page behind it is inert (and, on a phone,
  // covered), and its Show button says how many programs match. The page behind stays as it was
  // (<Held>), so a toggle costs the dialog's counts only (rendering the cards, chips and count
  // after each toggle delayed the next tap on a slow phone); it follows once, in the render that
  // closes the dialog.
  const grid = useShownAfterPaint(shown, filtersOpen);
  const { listRef, focusCard } = useFocusAddedCard(grid);
  const placeReady = !place.resolving && !place.deviceStatus.busy;
  /** The filters when the dialog opened: closing it after a change brings the results into view. */
  const filtersAtOpen = useRef(state.filters);
  const back = useReturn({
    latest,
    cards: grid.length,
    // The visitor's date adds the availability lines: the cards' heights are final only then.
    // The list must be the current results whole (`grid === shown`): between a change and the
    // paint after it, only the first row is new and the cards below are the old ones, so the card
    // left could be missing and the heights wrong.
    settled: !waiting && placeReady && status !== 'loading' && today !== null && grid === shown,
    complete: status === 'error' || grid.length >= (partial ? total : resultCount),
    onRestore: (entry) => {
      setLimit(Math.max(PAGE_SIZE, entry.shown));
      // More cards than the page holds: "Show more programs" needs every program.
      if (entry.shown > initial.length) loadAll();
    },
    cardLink: (programId) =>
      listRef.current?.querySelector<HTMLElement>(`[data-program-id="${CSS.escape(programId)}"] h3 a`) ??
      null,
  });

  // "Find programs" with a new place: once it is looked up, the results (or its error, by focusing
  // the box it describes).
  const placeResult = place.result;
  useEffect(() => {
    if (!revealAfterPlace.current || placeResult === null) return;
    revealAfterPlace.current = false;
    if (placeResult.ok) reveal(true);
    else nearRef.current?.focus();
  }, [placeResult]);
  // The dialog's numbers, counted only while it is open and every program is loaded.
  const counts = useMemo(
    () => (filtersOpen && !partial ? engine.counts(state.filters, context) : null),
    [filtersOpen, partial, engine, state.filters, context],
  );

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16">
      <Held hold={filtersOpen}>
        <div className="-mt-10 rounded-xl border border-slate-200 bg-white p-4 shadow-md sm:p-5">
          <form
            role="search"
            action="/"
            method="get"
            onSubmit={(event) => {
              event.preventDefault();
              const near = latest.current.filters.near;
              if (place.draft.trim() !== near) {
                // A new place: the results once it is looked up (or its error).
                revealAfterPlace.current = place.draft.trim() !== '';
                place.applyNear();
                if (!revealAfterPlace.current) reveal(true);
                return;
              }
              commit(latest.current);
              // The place (applied as the Near box lost focus) may still be looked up, or not found.
              if (near !== '' && place.result === null) revealAfterPlace.current = true;
              else if (place.result !== null && !place.result.ok) nearRef.current?.focus();
              else reveal(true);
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
                if (sort !== 'distance' || place.deviceRef.current !== null) return;
                // Distance needs a place: one typed but not applied is applied; else the box asks.
                if (place.draft.trim() !== '') place.applyNear();
                else if (latest.current.filters.near === '')
                  afterPaint(() => {
                    nearRef.current?.focus();
                  });
              }}
              onOpenFilters={() => {
                filtersAtOpen.current = latest.current.filters;
                loadAll();
                setFiltersOpen(true);
              }}
            />
            <NearFields
              id={id}
              inputRef={nearRef}
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
        </div>

        <section
          aria-labelledby={`${id}-results`}
          className="mt-8"
          onClickCapture={back.remember}
          onAuxClickCapture={back.remember}
        >
          <ResultsHeader
            id={id}
            headingRef={headingRef}
            resolving={place.resolving}
            waiting={waiting}
            unfiltered={isUnfiltered(state.filters) && device === null}
            partial={partial}
            shownCount={shown.length}
            total={total}
            resultCount={resultCount}
          />
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
            onEmptied={() => {
              headingRef.current?.focus();
            }}
          />
          {status === 'error' ? <LoadError onRetry={loadAll} /> : null}
          <ResultsList
            waiting={waiting}
            programs={grid}
            origin={origin}
            today={today}
            listRef={listRef}
            cardParts={cardParts}
            empty={
              <EmptyState
                query={state.filters.query}
                suggestions={suggestions}
                onClear={() => {
                  place.clearAll(false);
                }}
                cardParts={cardParts}
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
      </Held>

      {filtersOpen ? (
        <FiltersDialog
          filters={state.filters}
          // Until every program is loaded, counts over the first cards would be wrong: the
          // dialog shows them as pending instead.
          counts={counts}
          resultCount={partial ? null : resultCount}
          onChange={(update) => {
            place.setFilters(update(latest.current.filters));
          }}
          onClose={(applied) => {
            setFiltersOpen(false);
            // "Show N programs": the results, focused. Closed otherwise after a change: the results
            // in view, the focus back on the Filters button as the dialog leaves it.
            if (applied || latest.current.filters !== filtersAtOpen.current) reveal(applied);
          }}
        />
      ) : null}
    </div>
  );
}
