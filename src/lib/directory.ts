/**
 * Directory search, filtering, sorting and facet counts (spec §4 and §5).
 *
 * Pure and framework-free: the home page uses it at build time for the first cards, the
 * directory island per keystroke, and tests directly. Everything works on plain objects of
 * the `DirectoryEntry` shape, so the same code runs over content entries and over the compact
 * `/directory-index.json`.
 */
import {
  AGE_GROUPS,
  INSURANCE,
  MODALITIES,
  SETTINGS,
  type AgeGroup,
  type Insurance,
  type Modality,
  type Setting,
} from './vocabulary.ts';

/** The fields a directory card and the search need; what `/directory-index.json` holds. */
export type DirectoryEntry = {
  id: string;
  name: string;
  description: string;
  location: string;
  state: string;
  ageGroups: readonly AgeGroup[];
  setting: Setting;
  insurance: readonly Insurance[];
  modalities: readonly Modality[];
  rating?: number | undefined;
  verified: boolean;
  featured: boolean;
  website?: string | undefined;
  /** Profile URL path: `/program/<id>` or a dedicated page such as `/mclean`. */
  path: string;
};

/** The fields that search and facets read. */
export type Searchable = Pick<
  DirectoryEntry,
  'name' | 'description' | 'location' | 'state' | 'ageGroups' | 'setting' | 'insurance' | 'modalities'
>;

/**
 * Typo-tolerant suggestions (lib/similar.ts) are looked for only from this many characters:
 * below it they are mostly noise. Kept here so the island can decide without loading them.
 */
export const MIN_SIMILAR_QUERY_LENGTH = 4;

export type SortMode = 'name' | 'rating';
export const SORT_MODES: readonly SortMode[] = ['name', 'rating'];
export const DEFAULT_SORT: SortMode = 'name';

/** The filter state of spec §3 plus the search text. */
export type DirectoryFilters = {
  query: string;
  ageGroups: readonly AgeGroup[];
  /** Single-select; `null` when no setting is chosen. */
  setting: Setting | null;
  insurance: readonly Insurance[];
  modalities: readonly Modality[];
};

export const EMPTY_FILTERS: DirectoryFilters = {
  query: '',
  ageGroups: [],
  setting: null,
  insurance: [],
  modalities: [],
};

/** Multi-select facets (any-of within the facet). */
export type ListFacet = 'ageGroups' | 'insurance' | 'modalities';
export type Facet = ListFacet | 'setting';

export const FACET_OPTIONS = {
  ageGroups: AGE_GROUPS,
  setting: SETTINGS,
  insurance: INSURANCE,
  modalities: MODALITIES,
} as const;

// A separator that cannot appear in typed text keeps a query from matching across two fields
// (e.g. the end of a name and the start of a description).
const FIELD_SEPARATOR = '\u0000';
const haystacks = new WeakMap<object, string>();

/** The lowercased search text of a program, computed once per object. */
function haystackOf(program: Searchable): string {
  let text = haystacks.get(program);
  if (text === undefined) {
    text = [program.name, program.description, program.location, program.state]
      .join(FIELD_SEPARATOR)
      .toLowerCase();
    haystacks.set(program, text);
  }
  return text;
}

/** Normalises typed search text: trimmed, lowercased, inner whitespace collapsed. */
export function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * True when the search text is a case-insensitive substring of the program's name,
 * description, location or state (spec §5). An empty query matches everything.
 *
 * @example matchesQuery({ name: 'Silver Creek Ranch', ... }, 'creek') // → true
 * @example matchesQuery({ name: 'Silver Creek Ranch', state: 'Montana', ... }, 'MONT') // → true
 */
export function matchesQuery(program: Searchable, query: string): boolean {
  const needle = normalizeQuery(query);
  if (needle === '') return true;
  return haystackOf(program).includes(needle);
}

function anyOf<T>(values: readonly T[], selected: readonly T[]): boolean {
  if (selected.length === 0) return true;
  return selected.some((value) => values.includes(value));
}

/** Facet test; `skip` leaves one facet out (for facet counts). */
function matchesFacets(program: Searchable, filters: DirectoryFilters, skip?: Facet): boolean {
  return (
    (skip === 'ageGroups' || anyOf(program.ageGroups, filters.ageGroups)) &&
    (skip === 'setting' || filters.setting === null || program.setting === filters.setting) &&
    (skip === 'insurance' || anyOf(program.insurance, filters.insurance)) &&
    (skip === 'modalities' || anyOf(program.modalities, filters.modalities))
  );
}

/**
 * The programs that match every active filter (spec §5): the search text (see `matchesQuery`)
 * AND any selected age group AND the exact setting AND any selected insurance AND any selected
 * modality. Order is kept.
 *
 * @example
 * filterPrograms(programs, { ...EMPTY_FILTERS, ageGroups: ['Adolescents', 'Adults'], setting: 'Residential' })
 * // → programs serving adolescents or adults whose setting is exactly "Residential"
 */
export function filterPrograms<T extends Searchable>(programs: readonly T[], filters: DirectoryFilters): T[] {
  const needle = normalizeQuery(filters.query);
  return programs.filter(
    (program) => (needle === '' || haystackOf(program).includes(needle)) && matchesFacets(program, filters),
  );
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Sorted copy. `name`: alphabetical, locale-aware. `rating`: highest first, a missing rating
 * counts as 0 (spec §5), ties by name. Array sort is stable, so equal names keep their order.
 *
 * @example sortPrograms([{ name: 'b', rating: 4.5 }, { name: 'a' }], 'rating') // → b, a
 */
export function sortPrograms<T extends { name: string; rating?: number | undefined }>(
  programs: readonly T[],
  mode: SortMode,
): T[] {
  const byName = (a: T, b: T): number => collator.compare(a.name, b.name);
  if (mode === 'rating') {
    return [...programs].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0) || byName(a, b));
  }
  return [...programs].sort(byName);
}

export type FacetCounts = {
  ageGroups: Record<AgeGroup, number>;
  setting: Record<Setting, number>;
  insurance: Record<Insurance, number>;
  modalities: Record<Modality, number>;
};

function zeroCounts<K extends string>(options: readonly K[]): Record<K, number> {
  return Object.fromEntries(options.map((option) => [option, 0])) as Record<K, number>;
}

/**
 * For each option of each facet: how many programs would be shown if that option were
 * switched on, given the search text and the other active filters. For a multi-select facet
 * that is the union with the options already chosen there; for the setting it is the programs
 * with exactly that setting. An option already on counts the current results.
 *
 * @example
 * facetCounts(programs, { ...EMPTY_FILTERS, setting: 'Residential' }).setting.Inpatient
 * // → number of programs whose setting is Inpatient (choosing it replaces Residential)
 */
export function facetCounts(programs: readonly Searchable[], filters: DirectoryFilters): FacetCounts {
  const counts: FacetCounts = {
    ageGroups: zeroCounts(AGE_GROUPS),
    setting: zeroCounts(SETTINGS),
    insurance: zeroCounts(INSURANCE),
    modalities: zeroCounts(MODALITIES),
  };
  const needle = normalizeQuery(filters.query);
  const listFacets: readonly ListFacet[] = ['ageGroups', 'insurance', 'modalities'];
  for (const program of programs) {
    if (needle !== '' && !haystackOf(program).includes(needle)) continue;
    for (const facet of listFacets) {
      if (!matchesFacets(program, filters, facet)) continue;
      const selected: readonly string[] = filters[facet];
      const values: readonly string[] = program[facet];
      const target = counts[facet] as Record<string, number>;
      if (selected.length > 0 && selected.some((value) => values.includes(value))) {
        // Already a result: it stays one whichever option of this facet is added.
        for (const option of FACET_OPTIONS[facet]) target[option] = (target[option] ?? 0) + 1;
      } else {
        for (const value of values) target[value] = (target[value] ?? 0) + 1;
      }
    }
    if (matchesFacets(program, filters, 'setting')) counts.setting[program.setting] += 1;
  }
  return counts;
}

/**
 * Adds a value to a multi-select list or removes it if present (checkbox behaviour).
 *
 * @example toggleValue(['ERP'], 'CBT') // → ['ERP', 'CBT']
 * @example toggleValue(['ERP', 'CBT'], 'ERP') // → ['CBT']
 */
export function toggleValue<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

/**
 * Single-select setting: choosing the selected setting again clears it (spec §4).
 *
 * @example toggleSetting(null, 'Residential') // → 'Residential'
 * @example toggleSetting('Residential', 'Residential') // → null
 */
export function toggleSetting(current: Setting | null, value: Setting): Setting | null {
  return current === value ? null : value;
}

/** Number of active facet selections (the search text is not counted). */
export function activeFilterCount(filters: DirectoryFilters): number {
  return (
    filters.ageGroups.length +
    (filters.setting === null ? 0 : 1) +
    filters.insurance.length +
    filters.modalities.length
  );
}

/** True when nothing narrows the list: no search text and no facet selection. */
export function isUnfiltered(filters: DirectoryFilters): boolean {
  return normalizeQuery(filters.query) === '' && activeFilterCount(filters) === 0;
}

function sameFacets(a: DirectoryFilters, b: DirectoryFilters): boolean {
  const same = (x: readonly string[], y: readonly string[]): boolean =>
    x.length === y.length && x.every((value, i) => value === y[i]);
  return (
    a.setting === b.setting &&
    same(a.ageGroups, b.ageGroups) &&
    same(a.insurance, b.insurance) &&
    same(a.modalities, b.modalities)
  );
}

/**
 * A `filterPrograms` that remembers its last answer. While a person types (the new search text
 * extends the previous one and no facet changed) every match must already be among the previous
 * results, so only those are scanned: per-keystroke cost falls with each character instead of
 * staying a full pass over every program. Results are identical to `filterPrograms`.
 *
 * @example
 * const search = createNarrowingFilter();
 * search(all, { ...EMPTY_FILTERS, query: 'lak' }); // scans all programs
 * search(all, { ...EMPTY_FILTERS, query: 'lake' }); // scans only the 'lak' matches
 */
export function createNarrowingFilter<T extends Searchable>(): (
  programs: readonly T[],
  filters: DirectoryFilters,
) => T[] {
  let last: { programs: readonly T[]; filters: DirectoryFilters; needle: string; results: T[] } | null = null;
  return (programs, filters) => {
    const needle = normalizeQuery(filters.query);
    const base =
      last !== null &&
      last.programs === programs &&
      sameFacets(last.filters, filters) &&
      needle.startsWith(last.needle)
        ? last.results
        : programs;
    const results = filterPrograms(base, filters);
    last = { programs, filters, needle, results };
    return results;
  };
}

/** Builds the search text of every program ahead of the first keystroke (call when idle). */
export function prepareSearch(programs: readonly Searchable[]): void {
  for (const program of programs) haystackOf(program);
}
