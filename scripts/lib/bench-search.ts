/** Synthetic directories and per-keystroke timing for `npm run bench`. */
import {
  EMPTY_FILTERS,
  facetCounts,
  filterPrograms,
  sortPrograms,
  type DirectoryEntry,
} from '../../src/lib/directory.ts';
import { AGE_GROUPS, INSURANCE, MODALITIES, SETTINGS } from '../../src/lib/vocabulary.ts';

const WORDS = 'calm coastal mountain family adolescent exposure recovery structured lakeside equine urban rural evidence based residential intensive compassionate'.split(' ');
const STATES = ['Massachusetts', 'California', 'Texas', 'Oregon', 'Colorado', 'Florida', 'Minnesota', 'Vermont', 'Arizona', 'Georgia', 'Utah', 'Ohio'];

/** `size` deterministic programs with ~60-word descriptions (a seeded PRNG, so runs compare). */
export function syntheticPrograms(size: number): DirectoryEntry[] {
  let seed = 42;
  const rand = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const some = <T>(list: readonly T[]): T[] => list.filter(() => rand() < 0.4).slice(0, 4);
  return Array.from({ length: size }, (_, i) => ({
    id: `synthetic-${i}`,
    name: `${pick(WORDS)} ${pick(WORDS)} Center ${i}`,
    description: Array.from({ length: 60 }, () => pick(WORDS)).join(' '),
    location: `${pick(WORDS)}ville`,
    state: pick(STATES),
    ageGroups: some(AGE_GROUPS).length ? some(AGE_GROUPS) : [AGE_GROUPS[0]],
    setting: pick(SETTINGS),
    insurance: some(INSURANCE).length ? some(INSURANCE) : [INSURANCE[0]],
    modalities: some(MODALITIES).length ? some(MODALITIES) : [MODALITIES[0]],
    rating: rand() < 0.8 ? Math.round((4.5 + rand() / 2) * 10) / 10 : undefined,
    verified: rand() < 0.5,
    featured: rand() < 0.05,
    path: `/program/synthetic-${i}`,
  }));
}

/**
 * Types a few queries one character at a time and times what the island does per keystroke:
 * filter, sort and facet counts.
 */
export async function timeKeystrokes(programs: DirectoryEntry[]): Promise<{ medianMs: number; p95Ms: number }> {
  const queries = ['lakeside equine', 'massachusetts', 'adolescent exposure', 'zzz no match'];
  const samples: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const query of queries) {
      for (let i = 1; i <= query.length; i++) {
        const filters = { ...EMPTY_FILTERS, query: query.slice(0, i) };
        const start = performance.now();
        sortPrograms(filterPrograms(programs, filters), 'rating');
        facetCounts(programs, filters);
        samples.push(performance.now() - start);
        await Promise.resolve();
      }
    }
  }
  samples.sort((a, b) => a - b);
  const at = (q: number): number => Math.round((samples[Math.floor(q * (samples.length - 1))] ?? 0) * 100) / 100;
  return { medianMs: at(0.5), p95Ms: at(0.95) };
}
