/**
 * Age words in the search text (src/lib/directory/age-words.ts): what a parent types ("teen",
 * "kids", "young adults") reads as the age filter and leaves the description search.
 */
import { describe, expect, it } from 'vitest';
import {
  applyAgeWords,
  onlyAgeWords,
  readAgeWords,
  withoutAgeWord,
} from '../../../../src/lib/directory/age-words.ts';
import { createDirectoryEngine } from '../../../../src/lib/directory/engine.ts';
import { EMPTY_FILTERS, facetCounts, filterPrograms } from '../../../../src/lib/directory/rules.ts';
import type { AgeGroup } from '../../../../src/lib/vocabulary.ts';
import { program } from './fixtures.ts';

describe('readAgeWords', () => {
  it.each<[string, string, AgeGroup[]]>([
    ['', '', []],
    ['ranch', 'ranch', []],
    ['teen', '', ['Adolescents']],
    ['teens', '', ['Adolescents']],
    ['Teenager', '', ['Adolescents']],
    ['teenagers', '', ['Adolescents']],
    ['teenage', '', ['Adolescents']],
    ['adolescent', '', ['Adolescents']],
    ['ADOLESCENTS', '', ['Adolescents']],
    ['kid', '', ['Children']],
    ['kids', '', ['Children']],
    ['child', '', ['Children']],
    ['children', '', ['Children']],
    ["children's", '', ['Children']],
    ['adult', '', ['Adults']],
    ['adults', '', ['Adults']],
    ['young adult', '', ['Young Adults']],
    ['Young Adults', '', ['Young Adults']],
    ['young-adult', '', ['Young Adults']],
    ['young', 'young', []],
    ['young ranch', 'young ranch', []],
    ['teen  OCD   ranch', 'OCD ranch', ['Adolescents']],
    ['teens, adults', '', ['Adolescents', 'Adults']],
    ['kids and teens', 'and', ['Children', 'Adolescents']],
    // Only whole words: parts of other words stay text.
    ['eighteen', 'eighteen', []],
    ['adulthood', 'adulthood', []],
    ['canteen', 'canteen', []],
  ])('%j → text %j, ages %j', (query, text, ages) => {
    const read = readAgeWords(query);
    expect(read.text).toBe(text);
    expect(read.words.map((w) => w.ageGroup)).toEqual(ages);
  });

  it('keeps each word as typed, for its chip', () => {
    expect(readAgeWords('Teens, young  Adults').words).toEqual([
      { word: 'Teens,', ageGroup: 'Adolescents' },
      { word: 'young Adults', ageGroup: 'Young Adults' },
    ]);
  });
});

describe('applyAgeWords', () => {
  it('adds the ages to those chosen (any of them) and searches the rest of the text', () => {
    expect(applyAgeWords({ query: 'teen ranch', ageGroups: ['Adults'] as AgeGroup[] })).toEqual({
      query: 'ranch',
      ageGroups: ['Adults', 'Adolescents'],
    });
    expect(applyAgeWords({ query: 'teen', ageGroups: ['Adolescents'] as AgeGroup[] })).toEqual({
      query: '',
      ageGroups: ['Adolescents'],
    });
  });

  it('returns the same object when there is no age word', () => {
    const filters = { query: 'ranch', ageGroups: [] as AgeGroup[] };
    expect(applyAgeWords(filters)).toBe(filters);
  });
});

describe('withoutAgeWord and onlyAgeWords', () => {
  it.each<[string, string, string]>([
    ['teen ocd kids', 'teen', 'ocd kids'],
    ['teen ocd teen', 'teen', 'ocd teen'],
    ['ocd young adults', 'young adults', 'ocd'],
    ['ocd', 'teen', 'ocd'],
  ])('%j without %j → %j', (query, word, expected) => {
    expect(withoutAgeWord(query, word)).toBe(expected);
  });

  it.each<[string, string]>([
    ['teen ocd', 'teen'],
    ['ocd', ''],
    ['young adults ranch kids', 'young adults kids'],
  ])('only the age words of %j → %j', (query, expected) => {
    expect(onlyAgeWords(query)).toBe(expected);
  });
});

describe('searching with age words', () => {
  const list = [
    program({ id: 'teens-no-word', ageGroups: ['Adolescents'], description: 'Residential ERP.' }),
    program({ id: 'adults-says-teen', ageGroups: ['Adults'], description: 'We once served teen clients.' }),
    program({ id: 'both', ageGroups: ['Adolescents', 'Adults'], description: 'A ranch program.' }),
    program({ id: 'kids', ageGroups: ['Children'], description: 'A ranch for families.' }),
  ];
  const ids = (found: readonly { id: string }[]) => found.map((p) => p.id);

  it.each<[string, string[]]>([
    ['teen', ['teens-no-word', 'both']],
    ['teens ranch', ['both']],
    ['kids ranch', ['kids']],
    ['teen kids', ['teens-no-word', 'both', 'kids']],
    ['ranch', ['both', 'kids']],
  ])('%j finds the programs serving those ages, by the rest of the text', (query, expected) => {
    const filters = { ...EMPTY_FILTERS, query };
    expect(ids(filterPrograms(list, filters))).toEqual(expected);
    const engine = createDirectoryEngine(list);
    expect(ids(engine.take(engine.positions(list), engine.match(filters).bits, 10))).toEqual(expected);
    expect(engine.counts(filters)).toEqual(facetCounts(list, filters));
  });

  it('counts an age option as adding to the age words (any of them)', () => {
    const counts = facetCounts(list, { ...EMPTY_FILTERS, query: 'teen' });
    // Two serve adolescents; adding Children adds the kids' program, adding Adults adds none.
    expect(counts.ageGroups).toEqual({ Children: 3, Adolescents: 2, 'Young Adults': 2, Adults: 3 });
  });
});
