/**
 * The directory's state in the address bar, so a search can be shared, reloaded and walked
 * back with the browser's back button.
 *
 * Keys: `q` (search text), `sort` (`rating`, `distance`, `availability`, `name`; the default is
 * left out: `distance` while a place is set, else `name`), the facets `age`, `setting`,
 * `insurance`, `modality`, `near` (a ZIP code or "City, State", as typed),
 * `radius` (50, 100, 250 or 500 miles; absent = any), `outcomes=1` (reports Y-BOCS outcomes),
 * `erp=<hours>` (ERP ≥ N hours/week) and `open=1` (confirmed open in the last 30 days). Facet
 * keys repeat (`?age=Adults&age=Children`); comma lists (`?age=Adults,Children`) are read too.
 * Values outside the vocabulary or the option lists are dropped.
 */
import {
  DEFAULT_SORT,
  EMPTY_FILTERS,
  NEAR_SORT,
  SORT_MODES,
  type DirectoryFilters,
  type SortMode,
} from './rules.ts';
import { ERP_HOURS_OPTIONS } from '../fidelity.ts';
import { RADIUS_OPTIONS_MILES } from '../geo/distance.ts';
import { AGE_GROUPS, INSURANCE, MODALITIES, SETTINGS } from '../vocabulary.ts';

/** Longest `near` text kept from a URL (parseLocation refuses anything longer anyway). */
const MAX_NEAR_LENGTH = 80;

export type DirectoryState = { filters: DirectoryFilters; sort: SortMode };

export const DEFAULT_STATE: DirectoryState = { filters: EMPTY_FILTERS, sort: DEFAULT_SORT };

/** Every value of a (possibly repeated, possibly comma-separated) key, in order, deduplicated. */
function valuesOf<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T[] {
  const result: T[] = [];
  for (const raw of params.getAll(key)) {
    for (const part of raw.split(',')) {
      const value = part.trim();
      const match = allowed.find((option) => option === value);
      if (match !== undefined && !result.includes(match)) result.push(match);
    }
  }
  return result;
}

/** The option whose decimal text is exactly `raw` ("250", not "250.0" or "0250"), else null. */
function numberOption<T extends number>(raw: string | null, options: readonly T[]): T | null {
  return options.find((option) => String(option) === raw?.trim()) ?? null;
}

/** `1`/`true`/`yes` switch a flag on; anything else leaves it off. */
function flag(raw: string | null): boolean {
  return raw !== null && ['1', 'true', 'yes'].includes(raw.trim().toLowerCase());
}

/** The sort used when the URL names none: Distance while a place is set, else Name. */
export function defaultSortFor(filters: Pick<DirectoryFilters, 'near'>): SortMode {
  return filters.near.trim() === '' ? DEFAULT_SORT : NEAR_SORT;
}

/**
 * A new `near` text; a sort that was the default follows the new default (setting a place sorts
 * by distance, clearing it goes back to name), a sort the person chose stays.
 *
 * @example withNear({ filters: EMPTY_FILTERS, sort: 'name' }, '02478').sort // → 'distance'
 */
export function withNear(state: DirectoryState, near: string): DirectoryState {
  const filters = { ...state.filters, near: near.trim() };
  const sort = state.sort === defaultSortFor(state.filters) ? defaultSortFor(filters) : state.sort;
  return { filters, sort };
}

/**
 * Reads the directory state from a query string.
 *
 * @example parseDirectoryState('?q=ranch&age=Adults,Nope&sort=rating')
 * // → { filters: { query: 'ranch', ageGroups: ['Adults'], setting: null, insurance: [], modalities: [] }, sort: 'rating' }
 */
export function parseDirectoryState(search: string | URLSearchParams): DirectoryState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const setting = valuesOf(params, 'setting', SETTINGS)[0] ?? null;
  const near = (params.get('near') ?? '').replace(/\s+/g, ' ').trim();
  const filters: DirectoryFilters = {
    query: (params.get('q') ?? '').trim(),
    ageGroups: valuesOf(params, 'age', AGE_GROUPS),
    setting,
    insurance: valuesOf(params, 'insurance', INSURANCE),
    modalities: valuesOf(params, 'modality', MODALITIES),
    near: near.length > MAX_NEAR_LENGTH ? '' : near,
    radius: numberOption(params.get('radius'), RADIUS_OPTIONS_MILES),
    reportsOutcomes: flag(params.get('outcomes')),
    erpHours: numberOption(params.get('erp'), ERP_HOURS_OPTIONS),
    openRecently: flag(params.get('open')),
  };
  const sort = SORT_MODES.find((mode) => mode === params.get('sort')) ?? defaultSortFor(filters);
  return { filters, sort };
}

/**
 * Writes the directory state as query parameters (empty for the default state).
 *
 * @example serializeDirectoryState({ filters: { ...EMPTY_FILTERS, modalities: ['ERP', 'ACT'] }, sort: 'name' }).toString()
 * // → 'modality=ERP&modality=ACT'
 */
export function serializeDirectoryState(state: DirectoryState): URLSearchParams {
  const params = new URLSearchParams();
  const query = state.filters.query.trim();
  if (query !== '') params.set('q', query);
  const near = state.filters.near.trim();
  if (near !== '') params.set('near', near);
  if (state.filters.radius !== null) params.set('radius', String(state.filters.radius));
  if (state.sort !== defaultSortFor(state.filters)) params.set('sort', state.sort);
  for (const value of state.filters.ageGroups) params.append('age', value);
  if (state.filters.setting !== null) params.set('setting', state.filters.setting);
  for (const value of state.filters.insurance) params.append('insurance', value);
  for (const value of state.filters.modalities) params.append('modality', value);
  if (state.filters.reportsOutcomes) params.set('outcomes', '1');
  if (state.filters.erpHours !== null) params.set('erp', String(state.filters.erpHours));
  if (state.filters.openRecently) params.set('open', '1');
  return params;
}

/** `?…` for a state, or '' for the default state (so the home URL stays `/`). */
export function directorySearchString(state: DirectoryState): string {
  const text = serializeDirectoryState(state).toString();
  return text === '' ? '' : `?${text}`;
}
