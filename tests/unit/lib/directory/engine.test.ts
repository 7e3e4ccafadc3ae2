/**
 * The bitset engine (lib/directory/engine.ts) against the plain reference implementation in
 * lib/directory/rules.ts: for generated programs and sequences of filter states (typing, toggling,
 * a place and a radius, the visitor's date), the engine's results, page and facet counts are
 * exactly those of `filterPrograms` and `facetCounts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  FACET_OPTIONS,
  facetCounts,
  filterPrograms,
  sortPrograms,
  type DirectoryContext,
  type DirectoryEntry,
  type DirectoryFilters,
  type SortMode,
} from '../../../../src/lib/directory/rules.ts';
import { createDirectoryEngine } from '../../../../src/lib/directory/engine.ts';
import { compareAvailability } from '../../../../src/lib/availability.ts';
import { ERP_HOURS_OPTIONS } from '../../../../src/lib/fidelity.ts';
import { RADIUS_OPTIONS_MILES, compareDistance, milesBetween } from '../../../../src/lib/geo/distance.ts';
import { program } from './fixtures.ts';

const subset = <T>(options: readonly T[]) => fc.subarray([...options]);
const word = fc.constantFrom('lake', 'ridge', 'oak', 'Oak', 'harbor', 'ocd', 'teen', 'Teen 2', 'teen 10');
const POINTS = [
  { lat: 42.36, lng: -71.06 },
  { lat: 40.71, lng: -74.0 },
  { lat: 34.05, lng: -118.24 },
  { lat: 41.88, lng: -87.63 },
];
const TODAY = '2026-11-22';

const entry = (id: number) =>
  fc
    .record({
      name: fc.array(word, { minLength: 1, maxLength: 3 }),
      description: fc.array(word, { maxLength: 4 }),
      ageGroups: subset(FACET_OPTIONS.ageGroups),
      setting: fc.constantFrom(...FACET_OPTIONS.setting),
      insurance: subset(FACET_OPTIONS.insurance),
      modalities: subset(FACET_OPTIONS.modalities),
      rating: fc.option(fc.constantFrom(3, 4, 4.5, 5), { nil: undefined }),
      reviewCount: fc.constantFrom(1, 2, 12),
      coordinates: fc.option(fc.constantFrom(...POINTS), { nil: undefined }),
      erp: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
      outcome: fc.constantFrom('Y-BOCS', 'CY-BOCS', 'none', undefined),
      confirmedOn: fc.option(fc.constantFrom('2026-11-20', '2026-10-01', '2026-11-23'), { nil: undefined }),
      status: fc.constantFrom('open', 'waitlist', 'not-admitting'),
      waitWeeks: fc.option(fc.constantFrom(2, 6), { nil: undefined }),
    })
    .map((r): DirectoryEntry =>
      program({
        id: `p${String(id)}`,
        name: r.name.join(' '),
        description: r.description.join(' '),
        ageGroups: r.ageGroups,
        setting: r.setting,
        insurance: r.insurance,
        modalities: r.modalities,
        ...(r.rating === undefined ? {} : { rating: r.rating, reviewCount: r.reviewCount }),
        coordinates: r.coordinates,
        fidelity: {
          erpHoursPerWeek: r.erp,
          outcomeMeasure: r.outcome,
          medianScoreChange:
            r.erp === undefined ? undefined : { direction: 'fell', points: 12, year: 2025, sampleSize: 40 },
        },
        availability:
          r.confirmedOn === undefined ? undefined : { status: 'open', confirmedOn: r.confirmedOn },
      }),
    );

const programs = fc
  .integer({ min: 0, max: 90 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => entry(i))));

const filters: fc.Arbitrary<DirectoryFilters> = fc.record({
  query: fc.oneof(
    fc.constant(''),
    word,
    word.map((w) => w.slice(0, 2)),
    fc.constant('  LAKE '),
  ),
  ageGroups: subset(FACET_OPTIONS.ageGroups),
  setting: fc.option(fc.constantFrom(...FACET_OPTIONS.setting), { nil: null }),
  insurance: subset(FACET_OPTIONS.insurance),
  modalities: subset(FACET_OPTIONS.modalities),
  near: fc.constant(''),
  radius: fc.option(fc.constantFrom(...RADIUS_OPTIONS_MILES), { nil: null }),
  reportsOutcomes: fc.boolean(),
  erpHours: fc.option(fc.constantFrom(...ERP_HOURS_OPTIONS), { nil: null }),
  openRecently: fc.boolean(),
});

const context: fc.Arbitrary<DirectoryContext> = fc.record({
  origin: fc.option(fc.constantFrom(...POINTS), { nil: null }),
  today: fc.constantFrom(TODAY, '2026-12-31'),
});

/** A person's session: each step types more, deletes, or changes the filters. */
const steps = fc.array(
  fc.tuple(filters, fc.constantFrom('type', 'replace'), context, fc.constantFrom<SortMode>('name', 'rating')),
  { minLength: 1, maxLength: 6 },
);

/** The sorts as plain comparators over the whole list (name ties by the collator). */
function referenceSort(
  list: readonly DirectoryEntry[],
  mode: SortMode,
  ctx: DirectoryContext,
): DirectoryEntry[] {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const origin = ctx.origin;
  const miles = (p: DirectoryEntry) => (origin && p.coordinates ? milesBetween(origin, p.coordinates) : null);
  const first = (a: DirectoryEntry, b: DirectoryEntry): number => {
    if (mode === 'rating') {
      // Programs without reviews last; then the higher rating, then more reviews.
      const rated = (p: DirectoryEntry) => p.rating !== undefined && (p.reviewCount ?? 0) > 0;
      if (rated(a) !== rated(b)) return rated(a) ? -1 : 1;
      if (!rated(a)) return 0;
      return (b.rating ?? 0) - (a.rating ?? 0) || (b.reviewCount ?? 0) - (a.reviewCount ?? 0);
    }
    if (mode === 'distance' && origin) return compareDistance(miles(a), miles(b));
    if (mode === 'availability')
      return compareAvailability(a.availability, b.availability, ctx.today ?? TODAY);
    return 0;
  };
  return [...list].sort((a, b) => first(a, b) || collator.compare(a.name, b.name));
}

describe('sortPrograms', () => {
  it('orders as the plain comparators do, for every mode, again and again on one list', () => {
    fc.assert(
      fc.property(
        programs,
        fc.array(fc.tuple(fc.constantFrom<SortMode>('name', 'rating', 'distance', 'availability'), context), {
          minLength: 1,
          maxLength: 4,
        }),
        (list, sorts) => {
          for (const [mode, ctx] of sorts) {
            expect(sortPrograms(list, mode, ctx).map((p) => p.id)).toEqual(
              referenceSort(list, mode, ctx).map((p) => p.id),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('createDirectoryEngine', () => {
  it('finds, pages and counts exactly as filterPrograms and facetCounts do', () => {
    fc.assert(
      fc.property(programs, steps, (list, session) => {
        const engine = createDirectoryEngine(list);
        let previous: DirectoryFilters = EMPTY_FILTERS;
        for (const [next, how, ctx, sort] of session) {
          // "type" extends the previous search text, as typing does.
          const current = how === 'type' ? { ...previous, query: `${previous.query}${next.query}` } : next;
          const expected = filterPrograms(list, current, ctx);
          const { bits, count } = engine.match(current, ctx);
          expect(count).toBe(expected.length);
          const sorted = sortPrograms(list, sort, ctx);
          const order = engine.positions(sorted);
          expect(engine.take(order, bits, list.length).map((p) => p.id)).toEqual(
            filterPrograms(sorted, current, ctx).map((p) => p.id),
          );
          expect(engine.take(order, bits, 5)).toEqual(filterPrograms(sorted, current, ctx).slice(0, 5));
          expect(engine.counts(current, ctx)).toEqual(facetCounts(list, current, ctx));
          previous = current;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('counts an option already chosen as the current results, and others as their union', () => {
    const list = [
      program({ id: 'a', insurance: ['Medicaid'] }),
      program({ id: 'b', insurance: ['Medicare'] }),
      program({ id: 'c', insurance: ['Medicaid', 'Medicare'] }),
      program({ id: 'd', insurance: [] }),
    ];
    const engine = createDirectoryEngine(list);
    const chosen = { ...EMPTY_FILTERS, insurance: ['Medicaid' as const] };
    expect(engine.match(chosen).count).toBe(2);
    expect(engine.counts(chosen).insurance).toMatchObject({ Medicaid: 2, Medicare: 3, 'Private Pay': 2 });
  });

  it('handles an empty list and a list of more than one word of programs', () => {
    expect(createDirectoryEngine([]).match(EMPTY_FILTERS).count).toBe(0);
    const many = Array.from({ length: 70 }, (_, i) =>
      program({ id: `m${String(i)}`, name: `Oak ${String(i)}` }),
    );
    const engine = createDirectoryEngine(many);
    const { bits, count } = engine.match({ ...EMPTY_FILTERS, query: 'oak 6' });
    expect(count).toBe(11); // 6 and 60–69
    expect(engine.take(engine.positions(many), bits, 3).map((p) => p.id)).toEqual(['m6', 'm60', 'm61']);
  });
});
