import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  filterPrograms,
  type DirectoryEntry,
  type DirectoryFilters,
} from '../../../../src/lib/directory/rules.ts';
import { MAX_SIMILAR, createSimilarFinder } from '../../../../src/lib/directory/similar.ts';
import { program as entry } from './fixtures.ts';

const program = (id: string, over: Partial<DirectoryEntry>): DirectoryEntry => entry({ id, ...over });

const programs = [
  program('mclean', {
    name: 'McLean OCD Institute',
    location: 'Belmont',
    state: 'Massachusetts',
    ageGroups: ['Adolescents'],
  }),
  program('ranch', {
    name: 'Silver Creek Ranch',
    description: 'Equine-assisted exposure work.',
    state: 'Montana',
  }),
  program('harbor', { name: 'Harborview Residence', location: 'Portland', state: 'Maine' }),
];
const find = createSimilarFinder(programs);
const f = (over: Partial<DirectoryFilters>): DirectoryFilters => ({ ...EMPTY_FILTERS, ...over });
const ids = (list: readonly DirectoryEntry[]): string[] => list.map((p) => p.id);

describe('similar programs for a search that found nothing exactly', () => {
  it.each([
    ['a misspelt state', 'Massachusets', ['mclean']],
    ['a misspelt name', 'Harbourview', ['harbor']],
    ['a word prefix with a typo', 'equin', ['ranch']],
    ['two words, both close', 'silvr creek', ['ranch']],
    ['nothing close', 'zzzzqqq', []],
    ['too short to guess', 'mcl', []],
  ])('%s: "%s" → %j', (_why, query, expected) => {
    // These are queries the exact search does not answer (except the prefix case, which it may).
    expect(ids(find(f({ query })))).toEqual(expected);
  });

  it('keeps the active facets: a suggestion that does not fit them is left out', () => {
    expect(ids(find(f({ query: 'Massachusets', ageGroups: ['Adults'] })))).toEqual([]);
    expect(ids(find(f({ query: 'Massachusets', ageGroups: ['Adolescents'] })))).toEqual(['mclean']);
  });

  it(`returns at most ${MAX_SIMILAR}`, () => {
    const many = Array.from({ length: 20 }, (_, i) => program(`p${i}`, { name: `Lakeside Center ${i}` }));
    expect(createSimilarFinder(many)(f({ query: 'Lakesid' }))).toHaveLength(MAX_SIMILAR);
  });

  it('the misspelt queries above really find nothing with the exact substring search', () => {
    for (const query of ['Massachusets', 'Harbourview', 'silvr creek']) {
      expect(filterPrograms(programs, f({ query }))).toEqual([]);
    }
  });
});
