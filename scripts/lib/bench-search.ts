/** Synthetic directories and per-keystroke timing for `npm run bench`. */
import type { DirectoryEntry } from '../../src/lib/directory/rules.ts';
import { AVAILABILITY_STATUSES } from '../../src/lib/availability.ts';
import { OUTCOME_MEASURES } from '../../src/lib/fidelity.ts';
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

/** A seeded linear congruential generator in [0, 1): the same numbers on every run. */
function seeded(start: number): () => number {
  let seed = start;
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

/** The day the synthetic availabilities are judged on (the search bench passes it as `today`). */
export const SYNTHETIC_TODAY = '2026-11-22';

/**
 * `size` deterministic programs with ~60-word descriptions (a seeded PRNG, so runs compare).
 * Each also has what the issue-9 filters read, from a second generator (so the names and facets
 * stay those of earlier runs): a point in the contiguous United States (95 %), an availability
 * confirmed 0–59 days before SYNTHETIC_TODAY (85 %) and treatment fidelity (70 %).
 */
export function syntheticPrograms(size: number): DirectoryEntry[] {
  const rand = seeded(42);
  const extra = seeded(7);
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
    path: `/program/synthetic-${i}`,
    ...choosingFacts(extra),
  }));
}

function choosingFacts(
  rand: () => number,
): Pick<DirectoryEntry, 'coordinates' | 'availability' | 'fidelity'> {
  const coordinates =
    rand() < 0.95
      ? { lat: Math.round((25 + rand() * 24) * 1e4) / 1e4, lng: Math.round((-124 + rand() * 57) * 1e4) / 1e4 }
      : undefined;
  let availability: DirectoryEntry['availability'];
  if (rand() < 0.85) {
    const day = new Date(`${SYNTHETIC_TODAY}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - Math.floor(rand() * 60));
    const status = AVAILABILITY_STATUSES[Math.floor(rand() * AVAILABILITY_STATUSES.length)] ?? 'open';
    availability = {
      status,
      ...(status === 'waitlist' ? { waitWeeks: 1 + Math.floor(rand() * 8) } : {}),
      confirmedOn: day.toISOString().slice(0, 10),
    };
  }
  let fidelity: DirectoryEntry['fidelity'];
  if (rand() < 0.7) {
    const measure = OUTCOME_MEASURES[Math.floor(rand() * OUTCOME_MEASURES.length)] ?? 'none';
    fidelity = {
      erpHoursPerWeek: rand() < 0.8 ? Math.floor(rand() * 30) : null,
      outcomeMeasure: measure,
      medianScoreChange:
        measure === 'none'
          ? null
          : { direction: 'fell', points: (Math.floor(rand() * 30) + 1) / 2, year: 2025, sampleSize: 20 },
    };
  }
  return { coordinates, availability, fidelity };
}
