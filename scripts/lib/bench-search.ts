/** Synthetic directories and per-keystroke timing for `npm run bench`. */
import {
  EMPTY_FILTERS,
  createNarrowingFilter,
  facetCounts,
  filterPrograms,
  prepareSearch,
  sortPrograms,
  type DirectoryEntry,
} from '../../src/lib/directory.ts';
import { AGE_GROUPS, INSURANCE, MODALITIES, SETTINGS } from '../../src/lib/vocabulary.ts';

const WORDS =
  'calm coastal mountain family adolescent exposure recovery structured lakeside equine urban rural evidence based residential intensive compassionate'.split(
    ' ',
  );
const STATES = [
  'Massachusetts',
  'California',
  'Texas',
  'Oregon',
  'Colorado',
  'Florida',
  'Minnesota',
  'Vermont',
  'Arizona',
  'Georgia',
  'Utah',
  'Ohio',
];

/** `size` deterministic programs with ~60-word descriptions (a seeded PRNG, so runs compare). */
export function syntheticPrograms(size: number): DirectoryEntry[] {
  let seed = 42;
  const rand = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  // At least one value, like real programs (the schema requires it).
  const some = <T>(list: readonly T[]): T[] => {
    const chosen = list.filter(() => rand() < 0.4).slice(0, 4);
    return chosen.length > 0 ? chosen : [pick(list)];
  };
  return Array.from({ length: size }, (_, i) => ({
    id: `synthetic-${i}`,
    name: `${pick(WORDS)} ${pick(WORDS)} Center ${i}`,
    description: Array.from({ length: 60 }, () => pick(WORDS)).join(' '),
    location: `${pick(WORDS)}ville`,
    state: pick(STATES),
    ageGroups: some(AGE_GROUPS),
    setting: pick(SETTINGS),
    insurance: some(INSURANCE),
    modalities: some(MODALITIES),
    rating: rand() < 0.8 ? Math.round((4.5 + rand() / 2) * 10) / 10 : undefined,
    verified: rand() < 0.5,
    featured: rand() < 0.05,
    path: `/program/synthetic-${i}`,
  }));
}

/**
 * What the island does, timed: the data is sorted once when it loads (and when the sort mode
 * changes) and its search text prepared; then each keystroke filters (narrowing the previous
 * results while the text grows). `facetToggle` times a checkbox in the open Filters dialog:
 * a full filter plus the facet counts.
 */
export async function timeKeystrokes(
  programs: DirectoryEntry[],
): Promise<{ keystroke: Stats; facetToggle: Stats; prepareMs: number }> {
  const start = performance.now();
  const sorted = sortPrograms(programs, 'rating');
  prepareSearch(sorted);
  const prepareMs = Math.round((performance.now() - start) * 10) / 10;
  const queries = ['lakeside equine', 'massachusetts', 'adolescent exposure', 'zzz no match'];
  const keystrokes: number[] = [];
  const toggles: number[] = [];
  for (let round = 0; round < 3; round++) {
    const narrow = createNarrowingFilter<DirectoryEntry>();
    for (const query of queries) {
      for (let i = 0; i <= query.length; i++) {
        const filters = { ...EMPTY_FILTERS, query: query.slice(0, i) };
        const t = performance.now();
        narrow(sorted, filters);
        keystrokes.push(performance.now() - t);
        await Promise.resolve();
      }
    }
    for (const ageGroups of [['Adults'], ['Adults', 'Children'], []] as const) {
      const filters = { ...EMPTY_FILTERS, ageGroups };
      const t = performance.now();
      filterPrograms(sorted, filters);
      facetCounts(sorted, filters);
      toggles.push(performance.now() - t);
    }
  }
  return { keystroke: stats(keystrokes), facetToggle: stats(toggles), prepareMs };
}

type Stats = { medianMs: number; p95Ms: number };
function stats(samples: number[]): Stats {
  samples.sort((a, b) => a - b);
  const at = (q: number): number =>
    Math.round((samples[Math.floor(q * (samples.length - 1))] ?? 0) * 100) / 100;
  return { medianMs: at(0.5), p95Ms: at(0.95) };
}
