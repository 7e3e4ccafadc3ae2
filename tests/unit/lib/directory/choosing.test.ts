/**
 * Choosing a program in the directory (docs/product-rules.md#search-and-filters): the "Near"
 * place and radius, the distance and availability sorts, and the filters "Reports outcomes
 * (Y-BOCS)", "ERP ≥ N hours/week" and "Confirmed open in the last 30 days", in the URL and over
 * directory entries.
 */
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  activeFilterCount,
  distanceTo,
  facetCounts,
  filterPrograms,
  isUnfiltered,
  localToday,
  sortPrograms,
  type DirectoryContext,
  type DirectoryEntry,
  type DirectoryFilters,
  type SortMode,
} from '../../../../src/lib/directory/rules.ts';
import {
  DEFAULT_STATE,
  defaultSortFor,
  directorySearchString,
  parseDirectoryState,
  serializeDirectoryState,
  withNear,
  type DirectoryState,
} from '../../../../src/lib/directory/url-state.ts';
import type { RadiusMiles } from '../../../../src/lib/geo/distance.ts';
import { createDirectoryEngine, type DirectoryEngine } from '../../../../src/lib/directory/engine.ts';
import { program } from './fixtures.ts';

const filters = (f: Partial<DirectoryFilters>): DirectoryFilters => ({ ...EMPTY_FILTERS, ...f });
const state = (
  f: Partial<DirectoryFilters>,
  sort: SortMode = defaultSortFor(filters(f)),
): DirectoryState => ({
  filters: filters(f),
  sort,
});
const ids = (list: readonly DirectoryEntry[]): string[] => list.map((p) => p.id);

describe('URL state: round trip', () => {
  it.each<[string, DirectoryState]>([
    ['ZIP', state({ near: '02478' })],
    ['ZIP with radius', state({ near: '02478', radius: 250 })],
    ['city and state', state({ near: 'Belmont, MA', radius: 50 })],
    ['radius without a place', state({ radius: 100 })],
    ['place sorted by name', state({ near: '02478' }, 'name')],
    ['place sorted by rating', state({ near: '02478' }, 'rating')],
    ['availability sort', state({}, 'availability')],
    ['distance sort without a place', state({}, 'distance')],
    ['reports outcomes', state({ reportsOutcomes: true })],
    ['ERP hours', state({ erpHours: 15 })],
    ['confirmed open', state({ openRecently: true })],
    [
      'everything',
      state(
        {
          query: 'ranch',
          ageGroups: ['Adults'],
          near: 'St. Louis, MO',
          radius: 500,
          reportsOutcomes: true,
          erpHours: 25,
          openRecently: true,
        },
        'availability',
      ),
    ],
  ])('%s', (_label, value) => {
    expect(parseDirectoryState(serializeDirectoryState(value).toString())).toEqual(value);
  });
});

describe('URL state: parse', () => {
  it.each<[string, string, DirectoryState]>([
    ['near defaults the sort to distance', '?near=02478', state({ near: '02478' }, 'distance')],
    ['near is trimmed and spaces collapsed', '?near=%20Belmont,%20%20MA%20', state({ near: 'Belmont, MA' })],
    ['blank near is no place', '?near=%20%20', DEFAULT_STATE],
    ['an absurdly long near is dropped', `?near=${'a'.repeat(81)}`, DEFAULT_STATE],
    ['radius 250', '?near=02478&radius=250', state({ near: '02478', radius: 250 })],
    ['radius not in the options dropped', '?near=02478&radius=300', state({ near: '02478' })],
    ['radius with a unit dropped', '?radius=250mi', DEFAULT_STATE],
    ['radius with decimals dropped', '?radius=250.0', DEFAULT_STATE],
    ['negative radius dropped', '?radius=-50', DEFAULT_STATE],
    ['radius "any" dropped', '?radius=any', DEFAULT_STATE],
    ['empty radius dropped', '?radius=', DEFAULT_STATE],
    ['outcomes=1', '?outcomes=1', state({ reportsOutcomes: true })],
    ['outcomes=true', '?outcomes=true', state({ reportsOutcomes: true })],
    ['outcomes=0 is off', '?outcomes=0', DEFAULT_STATE],
    ['erp option', '?erp=10', state({ erpHours: 10 })],
    ['erp outside the options dropped', '?erp=12', DEFAULT_STATE],
    ['erp text dropped', '?erp=lots', DEFAULT_STATE],
    ['open=1', '?open=1', state({ openRecently: true })],
    ['open=maybe is off', '?open=maybe', DEFAULT_STATE],
    ['explicit name sort with a place', '?near=02478&sort=name', state({ near: '02478' }, 'name')],
    ['unknown sort with a place falls back to distance', '?near=02478&sort=price', state({ near: '02478' })],
    ['sort=availability', '?sort=availability', state({}, 'availability')],
  ])('%s', (_label, search, expected) => {
    expect(parseDirectoryState(search)).toEqual(expected);
  });
});

describe('URL state: serialize', () => {
  it.each<[string, DirectoryState, string]>([
    ['distance is the default with a place', state({ near: '02478' }, 'distance'), '?near=02478'],
    ['name is written with a place', state({ near: '02478' }, 'name'), '?near=02478&sort=name'],
    ['distance is written without a place', state({}, 'distance'), '?sort=distance'],
    ['radius', state({ near: '02478', radius: 250 }), '?near=02478&radius=250'],
    ['city text is encoded', state({ near: 'Belmont, MA' }), '?near=Belmont%2C+MA'],
    ['blank place omitted', state({ near: '   ' }, 'name'), ''],
    ['flags', state({ reportsOutcomes: true, openRecently: true }), '?outcomes=1&open=1'],
    ['erp', state({ erpHours: 20 }), '?erp=20'],
  ])('%s', (_label, value, expected) => {
    expect(directorySearchString(value)).toBe(expected);
  });
});

describe('withNear: the sort follows the place only while it is the default', () => {
  it.each<[string, DirectoryState, string, SortMode]>([
    ['setting a place sorts by distance', state({}, 'name'), '02478', 'distance'],
    ['clearing it goes back to name', state({ near: '02478' }, 'distance'), '', 'name'],
    ['a chosen rating sort stays', state({}, 'rating'), '02478', 'rating'],
    ['a chosen name sort stays when the place changes', state({ near: '02478' }, 'name'), '10001', 'name'],
    ['another place keeps distance', state({ near: '02478' }, 'distance'), 'Belmont, MA', 'distance'],
    ['availability stays when cleared', state({ near: '02478' }, 'availability'), '', 'availability'],
  ])('%s', (_label, before, near, sort) => {
    const after = withNear(before, near);
    expect(after.sort).toBe(sort);
    expect(after.filters.near).toBe(near);
  });
});

// Real places (ZIP centroids, rounded): Belmont MA 02478, Portland ME 04101, Burlington VT 05401,
// New York NY 10001, Austin TX 78738.
const BELMONT = { lat: 42.396, lng: -71.179 };
const near = program({ id: 'belmont', name: 'Zeta Belmont', coordinates: BELMONT });
const portland = program({
  id: 'portland',
  name: 'Portland House',
  coordinates: { lat: 43.659, lng: -70.257 },
});
const burlington = program({
  id: 'burlington',
  name: 'Burlington Lodge',
  coordinates: { lat: 44.476, lng: -73.212 },
});
const nyc = program({ id: 'nyc', name: 'Alpha Manhattan', coordinates: { lat: 40.75, lng: -73.997 } });
const austin = program({ id: 'austin', name: 'Austin Hills', coordinates: { lat: 30.325, lng: -97.98 } });
const nowhere = program({ id: 'nowhere', name: 'Beta Unknown' });
const places = [near, portland, burlington, nyc, austin, nowhere];

describe('radius filter over entries', () => {
  it.each<[string, RadiusMiles | null, DirectoryContext | undefined, string[]]>([
    ['50 miles', 50, { origin: BELMONT }, ['belmont']],
    ['100 miles', 100, { origin: BELMONT }, ['belmont', 'portland']],
    ['250 miles', 250, { origin: BELMONT }, ['belmont', 'portland', 'burlington', 'nyc']],
    ['500 miles', 500, { origin: BELMONT }, ['belmont', 'portland', 'burlington', 'nyc']],
    ['any distance keeps programs without coordinates', null, { origin: BELMONT }, ids(places)],
    ['no resolved place: radius does not filter', 250, { origin: null }, ids(places)],
    ['no context: radius does not filter', 250, undefined, ids(places)],
  ])('%s', (_label, radius, context, expected) => {
    expect(ids(filterPrograms(places, filters({ near: '02478', radius }), context))).toEqual(expected);
  });
});

describe('distance sort', () => {
  // Portland ~100 mi, Burlington ~180 mi, New York ~185 mi, Austin ~1,700 mi from Belmont.
  it('nearest first, programs without coordinates last', () => {
    expect(ids(sortPrograms(places, 'distance', { origin: BELMONT }))).toEqual([
      'belmont',
      'portland',
      'burlington',
      'nyc',
      'austin',
      'nowhere',
    ]);
  });

  it('name order while no place is known', () => {
    expect(ids(sortPrograms(places, 'distance', { origin: null }))).toEqual(
      ids(sortPrograms(places, 'name')),
    );
  });

  it('equal distances fall back to name', () => {
    const twin = program({ id: 'twin', name: 'Aardvark Belmont', coordinates: BELMONT });
    expect(ids(sortPrograms([near, twin], 'distance', { origin: BELMONT }))).toEqual(['twin', 'belmont']);
  });

  it.each<[DirectoryEntry, number | null]>([
    [near, 0],
    [nowhere, null],
  ])('distanceTo %#', (entry, miles) => {
    expect(distanceTo(entry, BELMONT)).toBe(miles);
    expect(distanceTo(entry, null)).toBeNull();
  });

  it('the distance to Portland, ME is about 100 miles', () => {
    expect(Math.round(distanceTo(portland, BELMONT) ?? 0)).toBeGreaterThan(90);
    expect(Math.round(distanceTo(portland, BELMONT) ?? 0)).toBeLessThan(110);
  });
});

const TODAY = '2026-11-22';
const withOutcomes = program({
  id: 'outcomes',
  name: 'A Outcomes',
  fidelity: {
    erpHoursPerWeek: 15,
    outcomeMeasure: 'Y-BOCS',
    medianScoreChange: { direction: 'fell', points: 11, year: 2025, sampleSize: 64 },
  },
  availability: { status: 'open', confirmedOn: '2026-11-16' },
});
const measureOnly = program({
  id: 'measure-only',
  name: 'B Measure only',
  fidelity: { erpHoursPerWeek: 12, outcomeMeasure: 'Y-BOCS' },
  availability: { status: 'waitlist', waitWeeks: 3, confirmedOn: '2026-11-12' },
});
const child = program({
  id: 'child',
  name: 'C Child',
  fidelity: {
    erpHoursPerWeek: 10,
    outcomeMeasure: 'CY-BOCS',
    medianScoreChange: { direction: 'fell', points: 9, year: 2025, sampleSize: 48 },
  },
  availability: { status: 'open', confirmedOn: '2026-10-23' },
});
const stale = program({
  id: 'stale',
  name: 'D Stale',
  fidelity: { erpHoursPerWeek: 9, outcomeMeasure: 'none' },
  availability: { status: 'open', confirmedOn: '2026-07-30' },
});
const silent = program({ id: 'silent', name: 'E Silent' });
const closed = program({
  id: 'closed',
  name: 'F Closed',
  fidelity: { erpHoursPerWeek: 0 },
  availability: { status: 'not-admitting', confirmedOn: '2026-11-10' },
});
const shortWait = program({
  id: 'short-wait',
  name: 'G Short wait',
  availability: { status: 'waitlist', waitWeeks: 1, confirmedOn: '2026-11-01' },
});
const facts = [withOutcomes, measureOnly, child, stale, silent, closed, shortWait];

describe('new filters', () => {
  it.each<[string, Partial<DirectoryFilters>, string, string[]]>([
    [
      'reports outcomes: a measure with a published change',
      { reportsOutcomes: true },
      TODAY,
      ['outcomes', 'child'],
    ],
    ['ERP ≥ 5', { erpHours: 5 }, TODAY, ['outcomes', 'measure-only', 'child', 'stale']],
    ['ERP ≥ 10 (10 counts)', { erpHours: 10 }, TODAY, ['outcomes', 'measure-only', 'child']],
    ['ERP ≥ 15', { erpHours: 15 }, TODAY, ['outcomes']],
    ['ERP ≥ 25', { erpHours: 25 }, TODAY, []],
    ['confirmed open in the last 30 days', { openRecently: true }, TODAY, ['outcomes', 'child']],
    ['day 30 still counts', { openRecently: true }, '2026-11-22', ['outcomes', 'child']],
    ['day 31 does not', { openRecently: true }, '2026-11-23', ['outcomes']],
    ['judged by the given date, not the build date', { openRecently: true }, '2026-08-01', ['stale']],
    ['combined', { reportsOutcomes: true, erpHours: 15, openRecently: true }, TODAY, ['outcomes']],
  ])('%s', (_label, f, today, expected) => {
    expect(ids(filterPrograms(facts, filters(f), { today }))).toEqual(expected);
  });

  it('the engine counts again when the date or place changes', () => {
    const found = (list: readonly DirectoryEntry[], f: DirectoryFilters, context: DirectoryContext) => {
      const engine = engines.get(list) ?? createDirectoryEngine(list);
      engines.set(list, engine);
      return ids(engine.take(engine.positions(list), engine.match(f, context).bits, list.length));
    };
    const engines = new Map<readonly DirectoryEntry[], DirectoryEngine<DirectoryEntry>>();
    const f = filters({ openRecently: true });
    expect(found(facts, f, { today: '2026-08-01' })).toEqual(['stale']);
    expect(found(facts, f, { today: TODAY })).toEqual(['outcomes', 'child']);
    const r = filters({ near: '02478', radius: 50 });
    expect(found(places, r, { origin: BELMONT })).toEqual(['belmont']);
    expect(found(places, r, { origin: nyc.coordinates })).toEqual(['nyc']);
  });

  it('facet counts for the new options follow the other filters', () => {
    const counts = facetCounts(facts, filters({ openRecently: true }), { today: TODAY });
    expect(counts.openRecently).toBe(2);
    expect(counts.reportsOutcomes).toBe(2);
    expect(counts.erpHours).toEqual({ 5: 2, 10: 2, 15: 1, 20: 0, 25: 0 });
    // Switched on, an option counts the results it would give with the others.
    expect(facetCounts(facts, filters({ erpHours: 15 }), { today: TODAY }).erpHours[10]).toBe(3);
  });

  it.each<[string, Partial<DirectoryFilters>, number, boolean]>([
    ['nothing', {}, 0, true],
    ['a place alone is not a dialog filter but narrows', { near: '02478' }, 0, false],
    ['radius alone', { radius: 50 }, 0, true],
    ['all three new filters', { reportsOutcomes: true, erpHours: 5, openRecently: true }, 3, false],
  ])('counts: %s', (_label, f, count, unfiltered) => {
    expect(activeFilterCount(filters(f))).toBe(count);
    expect(isUnfiltered(filters(f))).toBe(unfiltered);
  });
});

describe('availability sort', () => {
  it.each<[string, string, string[]]>([
    [
      'open (freshest first), wait lists (shortest first), stale, not admitting, unknown',
      TODAY,
      ['outcomes', 'child', 'short-wait', 'measure-only', 'stale', 'closed', 'silent'],
    ],
    [
      'a month later every fact is stale, freshest first; unknown last',
      '2027-01-15',
      ['outcomes', 'measure-only', 'closed', 'short-wait', 'child', 'stale', 'silent'],
    ],
  ])('%s', (_label, today, expected) => {
    expect(ids(sortPrograms(facts, 'availability', { today }))).toEqual(expected);
  });

  it('equal facts keep name order', () => {
    const a = program({ id: 'a', name: 'Beta', availability: { status: 'open', confirmedOn: '2026-11-20' } });
    const b = program({
      id: 'b',
      name: 'Alpha',
      availability: { status: 'open', confirmedOn: '2026-11-20' },
    });
    const c = program({ id: 'c', name: 'Gamma' });
    const d = program({ id: 'd', name: 'Delta' });
    expect(ids(sortPrograms([c, a, d, b], 'availability', { today: TODAY }))).toEqual(['b', 'a', 'd', 'c']);
  });
});

describe('localToday', () => {
  it.each<[Date, string]>([
    [new Date(2026, 0, 5, 0, 0), '2026-01-05'],
    [new Date(2026, 10, 22, 23, 59), '2026-11-22'],
  ])('%s → %s (local calendar day)', (date, expected) => {
    expect(localToday(date)).toBe(expected);
  });
});
