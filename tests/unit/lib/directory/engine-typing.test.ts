import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filterPrograms, type DirectoryFilters } from '../../../../src/lib/directory/rules.ts';
import { createDirectoryEngine } from '../../../../src/lib/directory/engine.ts';
import { syntheticPrograms } from '../../../../scripts/lib/bench-search.ts';

const programs = syntheticPrograms(400);
const f = (over: Partial<DirectoryFilters>): DirectoryFilters => ({ ...EMPTY_FILTERS, ...over });

describe('the engine, narrowing while the text grows, gives exactly what filterPrograms gives, keystroke after keystroke', () => {
  // Each row is a sequence of states a person goes through; every step is compared.
  it.each([
    ['typing a word', ['l', 'la', 'lak', 'lake', 'lakes', 'lakeside'].map((query) => f({ query }))],
    ['typing then deleting', ['c', 'ca', 'cal', 'calm', 'cal', 'ca', 'c', ''].map((query) => f({ query }))],
    ['replacing the text', ['equine', 'urban', 'u', 'ur'].map((query) => f({ query }))],
    [
      'a facet changes while text stays',
      [
        f({ query: 'co' }),
        f({ query: 'coa', setting: 'Residential' }),
        f({ query: 'coas' }),
        f({ query: 'coast' }),
      ],
    ],
    ['upper case and spaces', ['Re', 'RES ', 'res  i', 'res id'].map((query) => f({ query }))],
    [
      'facets only',
      [
        f({ ageGroups: ['Adults'] }),
        f({ ageGroups: ['Adults', 'Children'] }),
        f({ insurance: ['Medicaid'] }),
      ],
    ],
  ])('%s', (_name, steps) => {
    const engine = createDirectoryEngine(programs);
    const order = engine.positions(programs);
    for (const step of steps) {
      expect(engine.take(order, engine.match(step).bits, programs.length).map((p) => p.id)).toEqual(
        filterPrograms(programs, step).map((p) => p.id),
      );
    }
  });
});

describe('the engine remembers the sets of recent search texts', () => {
  it('gives the same set again for a text typed before (deleting a character, retyping)', () => {
    const engine = createDirectoryEngine(programs);
    const first = engine.match(f({ query: 'cal' })).bits;
    engine.match(f({ query: 'calm' }));
    expect(engine.match(f({ query: 'cal' })).bits).toEqual(first);
  });

  it('still answers exactly after more texts than it keeps, in any order', () => {
    const engine = createDirectoryEngine(programs);
    const order = engine.positions(programs);
    const words = ['lake', 'urban', 'equine', 'coast', 'res', 'ca', 'ran', 'an', 'e', 'la'];
    const queries = [...words, ...words.map((w) => `${w}s`), ...words.map((w) => ` ${w} `), ...words];
    for (const query of [...queries, ...[...queries].reverse(), 'lakes', 'lake', 'la', 'l', '']) {
      const step = f({ query });
      expect(engine.take(order, engine.match(step).bits, programs.length).map((p) => p.id)).toEqual(
        filterPrograms(programs, step).map((p) => p.id),
      );
    }
  });
});
