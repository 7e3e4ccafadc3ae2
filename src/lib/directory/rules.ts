/**
 * Directory search, filtering, sorting and facet counts.
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
} from '../vocabulary.ts';
import { applyAgeWords } from './age-words.ts';
import { milesBetween, type GeoPoint, type RadiusMiles } from '../geo/distance.ts';
import { compareAvailability, confirmedOpenRecently, type Availability } from '../availability.ts';
import { ratingSortKey } from '../reviews.ts';
import { ERP_HOURS_OPTIONS, erpAtLeast, reportsOutcomes, type TreatmentFidelity } from '../fidelity.ts';

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
  /** The average of the program's published reviews, one decimal (src/lib/reviews.ts); absent without reviews. */
  rating?: number | undefined;
  /** How many published reviews the rating is the average of ("4.6 · 12 reviews"). */
  reviewCount?: number | undefined;
  /** Verified provider (src/lib/trust.ts): the site team checked its identity, state license and documents. */
  verified: boolean;
  /** The day the provider was verified (`YYYY-MM-DD`), when known. */
  verifiedOn?: string | undefined;
  /** The day the site team last reviewed the listing's facts before publishing them, when known. */
  reviewedOn?: string | undefined;
  website?: string | undefined;
  /** The admissions phone, as the profile shows it ("(555) 010-0123"): the card's Call link. */
  phone?: string | undefined;
  /** The admissions e-mail: the card's request dialog says whether the program receives it directly. */
  email?: string | undefined;
  /** Profile URL path: `/program/<id>` or a dedicated page such as `/mclean`. */
  path: string;
  /** Build-time point (the program's `coordinates`, else its ZIP centroid); absent when unknown. */
  coordinates?: GeoPoint | undefined;
  /** Stated availability with its confirmation date; judged with the visitor's date. */
  availability?: Availability | undefined;
  /** The fidelity facts the directory filters read. */
  fidelity?: DirectoryFidelity | undefined;
  /** A fictional program of the local demo (present only when true): cards label it "Sample". */
  sample?: true | undefined;
};

/** The part of a program's treatment fidelity that the directory's filters need. */
export type DirectoryFidelity = Pick<
  TreatmentFidelity,
  'erpHoursPerWeek' | 'outcomeMeasure' | 'medianScoreChange'
>;

/** The "ERP ≥ N hours/week" choices. */
export type ErpHours = (typeof ERP_HOURS_OPTIONS)[number];

/**
 * What the filters and sorts need beyond the filter state: the visitor's resolved location (the
 * `near` text turned into a point in the browser; `null` while unknown) and today's date in the
 * visitor's time zone (`YYYY-MM-DD`; availability is never judged by the build date).
 */
export type DirectoryContext = {
  origin?: GeoPoint | null | undefined;
  today?: string | undefined;
};

/** The visitor's calendar day, `YYYY-MM-DD` in their own time zone. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The fields that search and facets read. */
export type Searchable = Pick<
  DirectoryEntry,
  'name' | 'description' | 'location' | 'state' | 'ageGroups' | 'setting' | 'insurance' | 'modalities'
>;

/**
 * Typo-tolerant suggestions (./similar.ts) are looked for only from this many characters:
 * below it they are mostly noise. Kept here so the island can decide without loading them.
 */
export const MIN_SIMILAR_QUERY_LENGTH = 4;

export type SortMode = 'name' | 'rating' | 'distance' | 'availability';
export const SORT_MODES: readonly SortMode[] = ['name', 'rating', 'distance', 'availability'];
export const DEFAULT_SORT: SortMode = 'name';
/** The default sort while a location is set. */
export const NEAR_SORT: SortMode = 'distance';

/** The Filters dialog's selections, the "Near" place and the search text. */
export type DirectoryFilters = {
  query: string;
  ageGroups: readonly AgeGroup[];
  /** Single-select; `null` when no setting is chosen. */
  setting: Setting | null;
  insurance: readonly Insurance[];
  modalities: readonly Modality[];
  /** The "Near" text as typed (a ZIP code or "City, State"); '' when none. */
  near: string;
  /** Miles around `near`; `null` = any distance. */
  radius: RadiusMiles | null;
  /** "Reports outcomes (Y-BOCS)". */
  reportsOutcomes: boolean;
  /** "ERP ≥ N hours/week"; `null` = any. */
  erpHours: ErpHours | null;
  /** "Confirmed open in the last 30 days". */
  openRecently: boolean;
};

export const EMPTY_FILTERS: DirectoryFilters = {
  query: '',
  ageGroups: [],
  setting: null,
  insurance: [],
  modalities: [],
  near: '',
  radius: null,
  reportsOutcomes: false,
  erpHours: null,
  openRecently: false,
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
export function haystackOf(program: Searchable): string {
  let text = haystacks.get(program);
  if (text === undefined) {
    text = [program.name, program.description, program.location, program.state]
      .join(FIELD_SEPARATOR)
      .toLowerCase();
    haystacks.set(program, text);
  }
  return text;
}

/** Normalizes typed search text: trimmed, lowercased, inner whitespace collapsed. */
export function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * True when the search text is a case-insensitive substring of the program's name,
 * description, location or state. An empty query matches everything.
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

/** The filters beyond the vocabulary facets: outcomes, ERP hours, confirmed open. */
export type ChoiceFacet = 'reportsOutcomes' | 'erpHours' | 'openRecently';

/** Fields the place and choice filters read; optional so plain search objects pass them untouched. */
export type Chooseable = Partial<Pick<DirectoryEntry, 'coordinates' | 'availability' | 'fidelity'>>;

const openCache = new WeakMap<object, { today: string; open: boolean }>();

/** `confirmedOpenRecently` for `today`, remembered per program (the filter runs per keystroke). */
export function isOpenRecently(program: Chooseable, today: string): boolean {
  const cached = openCache.get(program);
  if (cached?.today === today) return cached.open;
  const open = confirmedOpenRecently(program.availability, today);
  openCache.set(program, { today, open });
  return open;
}

/** The context's date, else the visitor's own. */
export function todayOf(context: DirectoryContext | undefined): string {
  return context?.today ?? localToday();
}

/**
 * The place and choice tests: within the radius of the resolved origin (only while both are set), reports
 * Y-BOCS outcomes, at least N hours of ERP a week, confirmed open in the last 30 days.
 */
function matchesChoices(
  program: Chooseable,
  filters: DirectoryFilters,
  context: DirectoryContext | undefined,
  skip?: Facet | ChoiceFacet,
): boolean {
  const origin = context?.origin;
  if (origin && filters.radius !== null) {
    const point = program.coordinates;
    if (!point || milesBetween(origin, point) > filters.radius) return false;
  }
  if (skip !== 'reportsOutcomes' && filters.reportsOutcomes && !reportsOutcomes(program.fidelity))
    return false;
  if (skip !== 'erpHours' && filters.erpHours !== null && !erpAtLeast(program.fidelity, filters.erpHours))
    return false;
  if (skip !== 'openRecently' && filters.openRecently && !isOpenRecently(program, todayOf(context)))
    return false;
  return true;
}

/** Facet test; `skip` leaves one facet out (for facet counts). */
function matchesFacets(
  program: Searchable,
  filters: DirectoryFilters,
  skip?: Facet | ChoiceFacet,
  context?: DirectoryContext,
): boolean {
  return (
    (skip === 'ageGroups' || anyOf(program.ageGroups, filters.ageGroups)) &&
    (skip === 'setting' || filters.setting === null || program.setting === filters.setting) &&
    (skip === 'insurance' || anyOf(program.insurance, filters.insurance)) &&
    (skip === 'modalities' || anyOf(program.modalities, filters.modalities)) &&
    matchesChoices(program as Chooseable, filters, context, skip)
  );
}

/**
 * The programs that match every active filter: the search text (see `matchesQuery`; its age
 * words, such as "teen", count as age groups: ./age-words.ts) AND any selected age group AND the exact setting AND any selected insurance AND any selected
 * modality AND within the radius of `context.origin`, reporting outcomes, ERP hours,
 * confirmed open on `context.today`. Order is kept.
 *
 * @example
 * filterPrograms(programs, { ...EMPTY_FILTERS, ageGroups: ['Adolescents', 'Adults'], setting: 'Residential' })
 * // → programs serving adolescents or adults whose setting is exactly "Residential"
 */
export function filterPrograms<T extends Searchable>(
  programs: readonly T[],
  typed: DirectoryFilters,
  context?: DirectoryContext,
): T[] {
  const filters = applyAgeWords(typed);
  const needle = normalizeQuery(filters.query);
  return programs.filter(
    (program) =>
      (needle === '' || haystackOf(program).includes(needle)) &&
      matchesFacets(program, filters, undefined, context),
  );
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

type Sortable = { name: string; rating?: number | undefined; reviewCount?: number | undefined } & Chooseable;

/** The key two availabilities compare equal by (compareAvailability reads nothing else). */
function availabilityKey(availability: Availability | undefined): string {
  return availability
    ? `${availability.status}|${String(availability.waitWeeks ?? '')}|${availability.confirmedOn}`
    : '';
}

/** Each program's place in name order (collator-equal names share one), per program list. */
const nameRankCache = new WeakMap<
  readonly object[],
  { order: readonly object[]; rank: Map<object, number> }
>();

/**
 * The list in name order and each program's rank in it, computed once per list (the island sorts
 * the same loaded list again at every sort or place change). The list usually arrives in name
 * order already (lib/content/programs.ts), which makes this sort a single pass.
 */
function nameOrder<T extends Sortable>(
  programs: readonly T[],
): { order: readonly T[]; rank: Map<T, number> } {
  const cached = nameRankCache.get(programs);
  if (cached) return cached as { order: readonly T[]; rank: Map<T, number> };
  const order = [...programs].sort((a, b) => collator.compare(a.name, b.name));
  const rank = new Map<T, number>();
  let current = 0;
  order.forEach((program, i) => {
    const previous = order[i - 1];
    if (previous !== undefined && collator.compare(previous.name, program.name) !== 0) current = i;
    rank.set(program, current);
  });
  const result = { order, rank };
  nameRankCache.set(programs, result);
  return result;
}

/**
 * Sorted copy. `name`: alphabetical, locale-aware. `rating`: highest first, more reviews first
 * among equal ratings, programs without reviews last (`ratingSortKey`), ties by name.
 * `distance`: nearest to `context.origin` first, programs
 * without coordinates last, ties by name (name order while no origin is known). `availability`:
 * `compareAvailability` on `context.today`, ties by name. Ties of every key keep the list's order.
 *
 * Names are compared once per list (see `nameOrder`); each sort then orders plain numbers: a
 * sort choice at 20,000 programs no longer runs the collator n·log n times.
 *
 * @example sortPrograms([{ name: 'b', rating: 4.5, reviewCount: 2 }, { name: 'a' }], 'rating') // → b, a
 */
export function sortPrograms<T extends Sortable>(
  programs: readonly T[],
  mode: SortMode,
  context?: DirectoryContext,
): T[] {
  const { order, rank } = nameOrder(programs);
  const origin = context?.origin;
  let key: ((program: T) => number) | null = null;
  if (mode === 'rating') key = (program) => ratingSortKey(program.rating, program.reviewCount);
  else if (mode === 'distance' && origin) {
    // Unknown distances last (Infinity − Infinity is NaN, which falls through to the name).
    key = (program) => (program.coordinates ? milesBetween(origin, program.coordinates) : Infinity);
  } else if (mode === 'availability') {
    // Rank the distinct availabilities once, so the comparator runs over a few hundred facts
    // rather than n·log n times over every program.
    const today = todayOf(context);
    const distinct = new Map<string, Availability | undefined>();
    for (const program of programs) distinct.set(availabilityKey(program.availability), program.availability);
    const ranked = [...distinct].sort(([, a], [, b]) => compareAvailability(a, b, today));
    const availabilityRank = new Map<string, number>();
    ranked.forEach(([k, availability], i) => {
      const previous = ranked[i - 1];
      // Equal facts share a rank, so their programs fall back to name order.
      const same = previous !== undefined && compareAvailability(previous[1], availability, today) === 0;
      availabilityRank.set(k, same ? (availabilityRank.get(previous[0]) ?? i) : i);
    });
    key = (program) => availabilityRank.get(availabilityKey(program.availability)) ?? 0;
  }
  if (key === null) return [...order];
  const byKey = key;
  return programs
    .map((program) => ({ program, key: byKey(program), name: rank.get(program) ?? 0 }))
    .sort((a, b) => a.key - b.key || a.name - b.name)
    .map(({ program }) => program);
}

/** Miles from `origin` to the program, or `null` when either is unknown. */
export function distanceTo(program: Chooseable, origin: GeoPoint | null | undefined): number | null {
  return origin && program.coordinates ? milesBetween(origin, program.coordinates) : null;
}

export type FacetCounts = {
  ageGroups: Record<AgeGroup, number>;
  setting: Record<Setting, number>;
  insurance: Record<Insurance, number>;
  modalities: Record<Modality, number>;
  /** Results with "Reports outcomes (Y-BOCS)" switched on. */
  reportsOutcomes: number;
  /** Results with "Confirmed open in the last 30 days" switched on. */
  openRecently: number;
  /** Results per "ERP ≥ N hours/week" choice (single-select: choosing one replaces another). */
  erpHours: Record<ErpHours, number>;
};

function zeroCounts<K extends string | number>(options: readonly K[]): Record<K, number> {
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
export function facetCounts(
  programs: readonly Searchable[],
  typed: DirectoryFilters,
  context?: DirectoryContext,
  erpOptions: readonly ErpHours[] = ERP_HOURS_OPTIONS,
): FacetCounts {
  const filters = applyAgeWords(typed);
  const counts: FacetCounts = {
    ageGroups: zeroCounts(AGE_GROUPS),
    setting: zeroCounts(SETTINGS),
    insurance: zeroCounts(INSURANCE),
    modalities: zeroCounts(MODALITIES),
    reportsOutcomes: 0,
    openRecently: 0,
    erpHours: zeroCounts(erpOptions),
  };
  const needle = normalizeQuery(filters.query);
  const today = todayOf(context);
  const ctx: DirectoryContext = { ...context, today };
  const listFacets: readonly ListFacet[] = ['ageGroups', 'insurance', 'modalities'];
  for (const program of programs) {
    if (needle !== '' && !haystackOf(program).includes(needle)) continue;
    for (const facet of listFacets) {
      if (!matchesFacets(program, filters, facet, ctx)) continue;
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
    if (matchesFacets(program, filters, 'setting', ctx)) counts.setting[program.setting] += 1;
    const facts = program as Chooseable;
    if (matchesFacets(program, filters, 'reportsOutcomes', ctx) && reportsOutcomes(facts.fidelity)) {
      counts.reportsOutcomes += 1;
    }
    if (matchesFacets(program, filters, 'openRecently', ctx) && isOpenRecently(facts, today)) {
      counts.openRecently += 1;
    }
    if (matchesFacets(program, filters, 'erpHours', ctx)) {
      for (const hours of erpOptions) if (erpAtLeast(facts.fidelity, hours)) counts.erpHours[hours] += 1;
    }
  }
  return counts;
}

/**
 * Adds a value to a multi-select list or removes it if present (checkbox behavior).
 *
 * @example toggleValue(['ERP'], 'CBT') // → ['ERP', 'CBT']
 * @example toggleValue(['ERP', 'CBT'], 'ERP') // → ['CBT']
 */
export function toggleValue<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

/**
 * Single-select setting: choosing the selected setting again clears it.
 *
 * @example toggleSetting(null, 'Residential') // → 'Residential'
 * @example toggleSetting('Residential', 'Residential') // → null
 */
export function toggleSetting(current: Setting | null, value: Setting): Setting | null {
  return current === value ? null : value;
}

/**
 * Number of active selections in the Filters dialog (the search text and the "Near" place,
 * which have their own fields, are not counted).
 */
export function activeFilterCount(filters: DirectoryFilters): number {
  return (
    filters.ageGroups.length +
    (filters.setting === null ? 0 : 1) +
    filters.insurance.length +
    filters.modalities.length +
    (filters.reportsOutcomes ? 1 : 0) +
    (filters.erpHours === null ? 0 : 1) +
    (filters.openRecently ? 1 : 0)
  );
}

/** True when nothing narrows or reorders the list: no search text, place or facet selection. */
export function isUnfiltered(filters: DirectoryFilters): boolean {
  return (
    normalizeQuery(filters.query) === '' && filters.near.trim() === '' && activeFilterCount(filters) === 0
  );
}

/** Builds the search text of every program ahead of the first keystroke (call when idle). */
export function prepareSearch(programs: readonly Searchable[]): void {
  for (const program of programs) haystackOf(program);
}
