import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import ProgramCard, { ProgramCardSkeleton } from '../../components/program/ProgramCard.tsx';
import FavouriteHeart from '../favourites/FavouriteHeart.tsx';
import {
  activeFilterCount,
  MIN_SIMILAR_QUERY_LENGTH,
  SORT_MODES,
  distanceTo,
  localToday,
  normalizeQuery,
  prepareSearch,
  isUnfiltered,
  sortPrograms,
  type DirectoryContext,
  type DirectoryEntry,
  type DirectoryFilters,
} from '../../lib/directory/rules.ts';
import { RADIUS_OPTIONS_MILES, type GeoPoint } from '../../lib/geo/distance.ts';
import type { ResolvedLocation } from '../../lib/geo/resolve.ts';
import {
  DEFAULT_STATE,
  defaultSortFor,
  directorySearchString,
  parseDirectoryState,
  withNear,
  type DirectoryState,
} from '../../lib/directory/url-state.ts';
import { loadDirectoryIndex } from '../../lib/directory/index-data.ts';
import { createDirectoryEngine } from '../../lib/directory/engine.ts';
import type { SimilarFinder } from '../../lib/directory/similar.ts';
import ActiveFilters from './ActiveFilters.tsx';
import FiltersDialog from './FiltersDialog.tsx';

type Props = {
  /** The first cards, rendered into the HTML at build time (name order, no filters). */
  initial: readonly DirectoryEntry[];
  /** How many programs the directory lists in total. */
  total: number;
};

/** Cards added per "Show more programs". */
const PAGE_SIZE = 24;
/** Typing updates the results at once but the address bar only after a pause. */
const URL_DEBOUNCE_MS = 400;

type LoadStatus = 'idle' | 'loading' | 'error';

const plural = (n: number): string => `${n} ${n === 1 ? 'program' : 'programs'}`;

/** Said when the lookup code itself cannot be loaded (resolve.ts reports failed lookups itself). */
const LOOKUP_FAILED = "We couldn't look up that place just now. Check your connection and try again.";

const SORT_LABELS = {
  name: 'Name',
  rating: 'Rating',
  distance: 'Distance',
  availability: 'Availability',
} as const;

/**
 * Resolves the "Near" text with the site's own static shards (lib/geo/resolve.ts, loaded on
 * first use so the home page does not pay for it): no request leaves the site.
 */
async function resolvePlace(near: string): Promise<ResolvedLocation> {
  const { resolveLocation, fetchShardFromSite } = await import('../../lib/geo/resolve.ts');
  return resolveLocation(near, fetchShardFromSite);
}

/** The favourite heart in each card's corner (features/favourites). */
const renderHeart = (program: DirectoryEntry) => (
  <FavouriteHeart program={{ id: program.id, name: program.name }} />
);

/** A card rendered again only when its program, distance or date changes. */
const ResultCard = memo(ProgramCard);

/** Runs `task` after the next paint (a frame, then a task); the returned function cancels it. */
function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * `value`, shown only after the next paint once it changes: a keystroke paints the typed
 * character, a toggle in the Filters dialog paints the dialog's new counts, and the cards follow
 * in a task of their own rather than delaying that paint (a person sees the new cards one frame
 * later; the page stays responsive to the next key).
 */
function useShownAfterPaint<T>(value: T): T {
  const shown = useRef(value);
  const [, repaint] = useState(0);
  useEffect(() => {
    if (shown.current === value) return;
    return afterPaint(() => {
      shown.current = value;
      repaint((n) => n + 1);
    });
  }, [value]);
  return shown.current;
}

/**
 * The home directory: search box, sort, filters dialog, active-filter chips and the card grid.
 * Its state lives in the URL (see lib/directory/url-state.ts): committed changes push a history entry,
 * typing replaces the current one.
 */
export default function Directory({ initial, total }: Props) {
  const id = useId();
  const [state, setState] = useState<DirectoryState>(DEFAULT_STATE);
  const [all, setAll] = useState<readonly DirectoryEntry[] | null>(null);
  const [status, setStatus] = useState<LoadStatus>('idle');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The visitor's own date (never the build date): set after hydration.
  const [today, setToday] = useState<string | null>(null);
  // What is typed in the "Near" box; applied with Enter, the Find button or leaving the box.
  const [nearDraft, setNearDraft] = useState('');
  const [located, setLocated] = useState<{ near: string; result: ResolvedLocation } | null>(null);
  // "Use my location": kept in memory only, never in the URL or any request.
  const [device, setDevice] = useState<GeoPoint | null>(null);
  const [deviceStatus, setDeviceStatus] = useState<{ busy: boolean; message: string | null }>({
    busy: false,
    message: null,
  });
  const deviceRef = useRef(device);
  deviceRef.current = device;
  const loading = useRef(false);
  const loaded = useRef(false);
  const latest = useRef(state);
  const urlTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchRef = useRef<HTMLInputElement>(null);
  latest.current = state;

  const complete = initial.length >= total;

  function loadAll(): void {
    if (complete || loaded.current || loading.current) return;
    loading.current = true;
    setStatus('loading');
    // The search data, in shards fetched in parallel (lib/directory/index-data.ts).
    loadDirectoryIndex()
      .then((data) => {
        loaded.current = true;
        prepareSearch(data);
        setAll(data);
        setStatus('idle');
      })
      .catch((error: unknown) => {
        console.warn('Could not load the directory data:', error);
        setStatus('error');
      })
      .finally(() => {
        loading.current = false;
      });
  }

  function writeUrl(next: DirectoryState, mode: 'push' | 'replace'): void {
    const url = `${location.pathname}${directorySearchString(next)}${location.hash}`;
    if (url === `${location.pathname}${location.search}${location.hash}`) return;
    if (mode === 'push') history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  }

  function needsAll(next: DirectoryState): boolean {
    return !isUnfiltered(next.filters) || next.sort !== 'name' || deviceRef.current !== null;
  }

  /** A deliberate change (filter, sort, Enter): new history entry. */
  function commit(next: DirectoryState): void {
    clearTimeout(urlTimer.current);
    // Seen at once by a second change in the same event (e.g. the place, then the radius).
    latest.current = next;
    setState(next);
    setLimit(PAGE_SIZE);
    if (needsAll(next)) loadAll();
    // The address bar after the paint too: pushState costs about as much as the dialog's render.
    afterPaint(() => {
      writeUrl(next, 'push');
    });
  }

  function setFilters(filters: DirectoryFilters): void {
    const current = latest.current;
    if (filters.near !== current.filters.near) {
      // A new place (or none) replaces the device location; the sort follows if it was the default.
      setDevice(null);
      deviceRef.current = null;
      setNearDraft(filters.near);
      commit(
        withNear({ sort: current.sort, filters: { ...filters, near: current.filters.near } }, filters.near),
      );
    } else commit({ ...current, filters });
  }

  function applyNear(): void {
    if (nearDraft.trim() === latest.current.filters.near) return;
    setFilters({ ...latest.current.filters, near: nearDraft.trim() });
  }

  /** Every filter and the place off; `keepQuery` keeps the search text. */
  function clearAll(keepQuery: boolean): void {
    setDevice(null);
    deviceRef.current = null;
    setNearDraft('');
    const current = latest.current;
    commit({
      filters: { ...DEFAULT_STATE.filters, query: keepQuery ? current.filters.query : '' },
      sort: current.sort === 'distance' ? 'name' : current.sort,
    });
  }

  function clearDevice(): void {
    setDevice(null);
    deviceRef.current = null;
    const current = latest.current;
    commit(current.sort === 'distance' ? { ...current, sort: defaultSortFor(current.filters) } : current);
  }

  function locateMe(): void {
    if (!('geolocation' in navigator)) {
      setDeviceStatus({
        busy: false,
        message: 'This browser cannot share its location. Enter a ZIP code instead.',
      });
      return;
    }
    setDeviceStatus({ busy: true, message: null });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const point = { lat: position.coords.latitude, lng: position.coords.longitude };
        setDeviceStatus({ busy: false, message: null });
        setDevice(point);
        deviceRef.current = point;
        setNearDraft('');
        const current = latest.current;
        const cleared = withNear(current, '');
        commit({ ...cleared, sort: cleared.sort === 'name' ? 'distance' : cleared.sort });
      },
      (error) => {
        setDeviceStatus({
          busy: false,
          message:
            error.code === error.PERMISSION_DENIED
              ? 'Location access is turned off for this site. Enter a ZIP code or a city and state instead.'
              : 'Your location could not be found. Enter a ZIP code or a city and state instead.',
        });
      },
      { maximumAge: 600_000, timeout: 15_000 },
    );
  }

  function typeQuery(query: string): void {
    const next = { ...latest.current, filters: { ...latest.current.filters, query } };
    setState(next);
    setLimit(PAGE_SIZE);
    if (needsAll(next)) loadAll();
    clearTimeout(urlTimer.current);
    urlTimer.current = setTimeout(() => {
      writeUrl(latest.current, 'replace');
    }, URL_DEBOUNCE_MS);
  }

  // Read the address bar after hydration (the HTML was built for the default state) and follow
  // the back and forward buttons.
  useEffect(() => {
    setToday(localToday());
    const apply = (): void => {
      const next = parseDirectoryState(location.search);
      setState(next);
      setNearDraft(next.filters.near);
      setLimit(PAGE_SIZE);
      if (needsAll(next)) loadAll();
    };
    if (location.search !== '') apply();
    else {
      // Text typed before hydration would otherwise be wiped by the controlled input.
      const typed = searchRef.current?.value ?? '';
      if (typed !== '') typeQuery(typed);
    }
    addEventListener('popstate', apply);
    return () => {
      removeEventListener('popstate', apply);
      clearTimeout(urlTimer.current);
    };
    // Runs once: the handlers read refs, not render-time values.
  }, []);

  // Resolve the "Near" text whenever it changes (one small same-origin shard per place).
  const near = state.filters.near;
  useEffect(() => {
    if (near === '' || located?.near === near) return;
    let current = true;
    resolvePlace(near)
      .catch((): ResolvedLocation => ({ ok: false, message: LOOKUP_FAILED }))
      .then((result) => {
        if (current) setLocated({ near, result });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [near, located]);
  const place = near !== '' && located?.near === near ? located.result : null;
  const resolving = near !== '' && place === null;
  const origin: GeoPoint | null = device ?? (place?.ok ? place.point : null);
  const placeLabel = device !== null ? 'your location' : place?.ok ? place.label : null;

  const context = useMemo<DirectoryContext>(
    () => ({ origin, today: today ?? undefined }),
    // The point's numbers, not its object identity, decide.
    [origin?.lat, origin?.lng, today],
  );
  const source = all ?? initial;
  // Bitsets per filter option (lib/directory/engine.ts): a toggle or a keystroke never walks
  // every program through every matcher, and only the visible page is taken from the order.
  const engine = useMemo(() => createDirectoryEngine(source), [source]);
  const sorted = useMemo(() => sortPrograms(source, state.sort, context), [source, state.sort, context]);
  const order = useMemo(() => engine.positions(sorted), [engine, sorted]);
  const match = useMemo(() => engine.match(state.filters, context), [engine, state.filters, context]);
  const resultCount = match.count;

  // When the exact search finds nothing, suggest close spellings (loaded only then).
  const [similar, setSimilar] = useState<{ filters: DirectoryFilters; items: DirectoryEntry[] } | null>(null);
  const finder = useRef<{ source: readonly DirectoryEntry[]; find: Promise<SimilarFinder> } | null>(null);
  const wantSimilar =
    !(all === null && !complete) &&
    resultCount === 0 &&
    normalizeQuery(state.filters.query).length >= MIN_SIMILAR_QUERY_LENGTH;
  useEffect(() => {
    if (!wantSimilar) return;
    let current = true;
    if (finder.current?.source !== source) {
      finder.current = {
        source,
        find: import('../../lib/directory/similar.ts').then((m) => m.createSimilarFinder(source)),
      };
    }
    const filters = state.filters;
    finder.current.find
      .then((find) => {
        if (current) setSimilar({ filters, items: find(filters) });
      })
      .catch((error: unknown) => {
        console.warn('Could not look for similar programs:', error);
      });
    return () => {
      current = false;
    };
  }, [wantSimilar, source, state.filters]);
  const suggestions = wantSimilar && similar?.filters === state.filters ? similar.items : [];

  const waiting = (status === 'loading' && all === null && needsAll(state)) || resolving;
  const partial = all === null && !complete;
  const shown = useMemo(
    () => (partial && !needsAll(state) ? initial : engine.take(order, match.bits, limit)),
    [partial, state, initial, engine, order, match, limit],
  );
  const hasMore = partial ? total > shown.length : resultCount > shown.length;
  const grid = useShownAfterPaint(shown);
  // "Show more programs" hands focus to the first card it added (the button moves below them, or
  // goes when the list is complete), so keyboard and screen reader users go on from there.
  const gridRef = useRef<HTMLUListElement>(null);
  const focusCard = useRef<number | null>(null);
  useEffect(() => {
    const index = focusCard.current;
    if (index === null || grid.length <= index) return;
    focusCard.current = null;
    gridRef.current?.children[index]?.querySelector<HTMLElement>('h3 a')?.focus();
  }, [grid]);
  // The dialog's numbers, counted only while it is open and every program is loaded.
  const counts = useMemo(
    () => (filtersOpen && !partial ? engine.counts(state.filters, context) : null),
    [filtersOpen, partial, engine, state.filters, context],
  );
  const filterCount = activeFilterCount(state.filters);

  let countText: string;
  if (resolving) countText = 'Looking up the place…';
  else if (waiting) countText = 'Loading programs…';
  else if (isUnfiltered(state.filters) && device === null)
    countText = partial ? `Showing ${shown.length} of ${plural(total)}` : plural(resultCount);
  else countText = `${plural(resultCount)} found`;

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16">
      <div className="-mt-10 rounded-xl border border-slate-200 bg-white p-4 shadow-md sm:p-5">
        <form
          role="search"
          action="/"
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            if (nearDraft.trim() !== latest.current.filters.near) applyNear();
            else commit(latest.current);
          }}
        >
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
                  ref={searchRef}
                  id={`${id}-q`}
                  type="search"
                  name="q"
                  autoComplete="off"
                  placeholder="Search by program, location, or keyword"
                  value={state.filters.query}
                  onChange={(event) => {
                    typeQuery(event.target.value);
                  }}
                  onFocus={loadAll}
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
                  value={state.sort}
                  onChange={(event) => {
                    commit({
                      ...latest.current,
                      sort: SORT_MODES.find((mode) => mode === event.target.value) ?? 'name',
                    });
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
                  onClick={() => {
                    loadAll();
                    setFiltersOpen(true);
                  }}
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
          <div className="mt-3 flex flex-col gap-3 md:flex-row md:items-end">
            <div className="flex-1">
              <label htmlFor={`${id}-near`} className="block text-sm font-semibold">
                Near
              </label>
              <input
                id={`${id}-near`}
                type="text"
                name="near"
                autoComplete="off"
                placeholder={device !== null ? 'Using your location' : 'ZIP code or City, State'}
                value={nearDraft}
                aria-describedby={`${id}-near-note`}
                aria-invalid={place !== null && !place.ok ? true : undefined}
                onChange={(event) => {
                  setNearDraft(event.target.value);
                }}
                onBlur={applyNear}
                className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 px-3 py-2 text-base shadow-sm focus:border-brand-600 aria-invalid:border-red-700"
              />
            </div>
            <div className="flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor={`${id}-radius`} className="block text-sm font-semibold">
                  Within
                </label>
                <select
                  id={`${id}-radius`}
                  name="radius"
                  value={state.filters.radius ?? ''}
                  onChange={(event) => {
                    const miles = RADIUS_OPTIONS_MILES.find(
                      (option) => String(option) === event.target.value,
                    );
                    // A place typed but not yet applied goes with the radius.
                    setFilters({ ...latest.current.filters, near: nearDraft.trim(), radius: miles ?? null });
                  }}
                  className="mt-1 block min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
                >
                  <option value="">Any distance</option>
                  {RADIUS_OPTIONS_MILES.map((miles) => (
                    <option key={miles} value={miles}>
                      {miles} miles
                    </option>
                  ))}
                </select>
              </div>
              <button
                type="submit"
                className="min-h-11 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
              >
                Find programs
              </button>
              <button
                type="button"
                onClick={locateMe}
                disabled={deviceStatus.busy}
                className="min-h-11 rounded-md border border-brand-600 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-70"
              >
                {deviceStatus.busy ? 'Finding your location…' : 'Use my location'}
              </button>
            </div>
          </div>
          <p id={`${id}-near-note`} aria-live="polite" className="mt-2 min-h-5 text-sm">
            {place !== null && !place.ok ? (
              <span className="font-medium text-red-800">{place.message}</span>
            ) : deviceStatus.message !== null ? (
              <span className="font-medium text-red-800">{deviceStatus.message}</span>
            ) : resolving ? (
              <span className="text-muted">Looking up {near}…</span>
            ) : placeLabel !== null ? (
              <span className="text-muted">
                {state.filters.radius === null
                  ? `Distances from ${placeLabel}`
                  : `Programs within ${String(state.filters.radius)} miles of ${placeLabel}`}
                {device !== null ? ' (your location stays in this browser)' : ''}
                {state.sort === 'distance' ? ', nearest first.' : '.'}
              </span>
            ) : null}
          </p>
        </form>
        <ActiveFilters
          filters={state.filters}
          place={placeLabel}
          onChange={setFilters}
          onClearAll={() => {
            clearAll(true);
          }}
          onClearPlace={() => {
            if (device !== null) clearDevice();
            else setFilters({ ...latest.current.filters, near: '' });
          }}
        />
      </div>

      <section aria-labelledby={`${id}-results`} className="mt-8">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${id}-results`} className="text-2xl font-semibold">
            Programs
          </h2>
          <p role="status" className="text-sm text-muted">
            {countText}
          </p>
        </div>

        {status === 'error' ? (
          <div
            role="alert"
            className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          >
            <span>The full program list could not be loaded, so results may be incomplete.</span>
            <button type="button" onClick={loadAll} className="font-semibold underline">
              Try again
            </button>
          </div>
        ) : null}

        {waiting ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
            {Array.from({ length: 6 }, (_, index) => (
              <li key={index}>
                <ProgramCardSkeleton />
              </li>
            ))}
          </ul>
        ) : grid.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
            <h3 className="text-xl font-semibold">No Results Found</h3>
            <p className="mt-2 text-muted">Try adjusting your search or filter criteria</p>
            <button
              type="button"
              onClick={() => {
                clearAll(false);
              }}
              className="mt-4 rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
            >
              Clear search and filters
            </button>
            {suggestions.length > 0 ? (
              <div className="mt-8 text-left">
                <h3 className="text-lg font-semibold">Similar to “{state.filters.query.trim()}”</h3>
                <p className="mt-1 text-sm text-muted">Close spellings of what you typed.</p>
                <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {suggestions.map((program) => (
                    <li key={program.id}>
                      <ProgramCard program={program} renderFavouriteButton={renderHeart} />
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : (
          <ul ref={gridRef} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {grid.map((program) => (
              <li key={program.id}>
                <ResultCard
                  program={program}
                  renderFavouriteButton={renderHeart}
                  milesAway={distanceTo(program, origin)}
                  today={today}
                />
              </li>
            ))}
          </ul>
        )}

        {hasMore && !waiting ? (
          <div className="mt-8 text-center">
            <button
              type="button"
              onClick={() => {
                loadAll();
                focusCard.current = grid.length;
                setLimit((current) => Math.max(current, shown.length) + PAGE_SIZE);
              }}
              className="rounded-md border border-brand-600 bg-white px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {status === 'loading' ? 'Loading…' : 'Show more programs'}
            </button>
          </div>
        ) : null}
      </section>

      {filtersOpen ? (
        <FiltersDialog
          filters={state.filters}
          // Until every program is loaded, counts over the first cards would be wrong: the
          // dialog shows them as pending instead.
          counts={counts}
          resultCount={partial ? null : resultCount}
          onChange={setFilters}
          onClose={() => {
            setFiltersOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
