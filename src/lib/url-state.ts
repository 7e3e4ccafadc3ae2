/**
 * The directory's state in the address bar, so a search can be shared, reloaded and walked
 * back with the browser's back button.
 *
 * Keys: `q` (search text), `sort` (`rating`; the default `name` is left out), and the facets
 * `age`, `setting`, `insurance`, `modality`. Facet keys repeat (`?age=Adults&age=Children`);
 * comma lists (`?age=Adults,Children`) are read too. Values outside the vocabulary are dropped.
 */
import { DEFAULT_SORT, EMPTY_FILTERS, type DirectoryFilters, type SortMode } from './directory.ts';
import { AGE_GROUPS, INSURANCE, MODALITIES, SETTINGS } from './vocabulary.ts';

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

/**
 * Reads the directory state from a query string.
 *
 * @example parseDirectoryState('?q=ranch&age=Adults,Nope&sort=rating')
 * // → { filters: { query: 'ranch', ageGroups: ['Adults'], setting: null, insurance: [], modalities: [] }, sort: 'rating' }
 */
export function parseDirectoryState(search: string | URLSearchParams): DirectoryState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const setting = valuesOf(params, 'setting', SETTINGS)[0] ?? null;
  return {
    filters: {
      query: (params.get('q') ?? '').trim(),
      ageGroups: valuesOf(params, 'age', AGE_GROUPS),
      setting,
      insurance: valuesOf(params, 'insurance', INSURANCE),
      modalities: valuesOf(params, 'modality', MODALITIES),
    },
    sort: params.get('sort') === 'rating' ? 'rating' : DEFAULT_SORT,
  };
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
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  for (const value of state.filters.ageGroups) params.append('age', value);
  if (state.filters.setting !== null) params.set('setting', state.filters.setting);
  for (const value of state.filters.insurance) params.append('insurance', value);
  for (const value of state.filters.modalities) params.append('modality', value);
  return params;
}

/** `?…` for a state, or '' for the default state (so the home URL stays `/`). */
export function directorySearchString(state: DirectoryState): string {
  const text = serializeDirectoryState(state).toString();
  return text === '' ? '' : `?${text}`;
}
