import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  activeFilterCount,
  facetCounts,
  filterPrograms,
  matchesQuery,
  sortPrograms,
  toggleSetting,
  toggleValue,
  type DirectoryEntry,
  type DirectoryFilters,
} from '../../../../src/lib/directory/rules.ts';
import { program } from './fixtures.ts';

const ranch = program({
  id: 'ranch',
  name: 'Silver Creek Ranch',
  description: 'Equine-assisted exposure work on a working ranch.',
  location: 'Livingston',
  state: 'Montana',
  ageGroups: ['Adolescents', 'Young Adults'],
  setting: 'Residential',
  insurance: ['Out-of-Network', 'Private Pay'],
  modalities: ['ERP', 'Exposure Therapy', 'Mindfulness'],
  rating: 4.7,
  reviewCount: 3,
});
const harbor = program({
  id: 'harbor',
  name: 'Harbor House',
  description: 'Hospital-based intensive treatment by the sea.',
  location: 'Portland',
  state: 'Maine',
  ageGroups: ['Adults'],
  setting: 'Inpatient',
  insurance: ['In-Network', 'Medicare'],
  modalities: ['CBT', 'ACT'],
  rating: 4.9,
  reviewCount: 12,
});
const cedar = program({
  id: 'cedar',
  name: 'cedar hollow',
  description: 'Family-centred care for children.',
  location: 'Asheville',
  state: 'North Carolina',
  ageGroups: ['Children', 'Adolescents'],
  setting: 'Residential OCD Program',
  insurance: ['In-Network', 'Medicaid'],
  modalities: ['ERP', 'Family Therapy'],
});
const all = [ranch, harbor, cedar];
const ids = (list: readonly DirectoryEntry[]): string[] => list.map((p) => p.id);
const filters = (f: Partial<DirectoryFilters>): DirectoryFilters => ({ ...EMPTY_FILTERS, ...f });

describe('matchesQuery: case-insensitive substring over name, description, location, state', () => {
  it.each([
    ['name', 'creek', true],
    ['name, upper case', 'SILVER', true],
    ['description', 'equine', true],
    ['description, mixed case', 'EqUiNe-AsSiStEd', true],
    ['location', 'livingston', true],
    ['state', 'montana', true],
    ['partial word', 'mont', true],
    ['surrounding spaces are ignored', '  ranch  ', true],
    ['empty query matches', '', true],
    ['whitespace-only query matches', '   ', true],
    ['not present anywhere', 'hospital', false],
    ['does not match across two fields', 'ranch equine', false],
    ['other fields (modalities) are not searched', 'mindfulness', false],
  ])('%s: %j → %s', (_label, query, expected) => {
    expect(matchesQuery(ranch, query)).toBe(expected);
  });
});

describe('filterPrograms', () => {
  it.each<[string, Partial<DirectoryFilters>, string[]]>([
    ['no filters: everything, order kept', {}, ['ranch', 'harbor', 'cedar']],
    ['query on name', { query: 'harbor' }, ['harbor']],
    ['query on description', { query: 'family-centred' }, ['cedar']],
    ['query on location', { query: 'portland' }, ['harbor']],
    ['query on state', { query: 'north carolina' }, ['cedar']],
    ['query without results', { query: 'zzz' }, []],
    ['age group: one value', { ageGroups: ['Children'] }, ['cedar']],
    ['age group: any of several', { ageGroups: ['Children', 'Young Adults'] }, ['ranch', 'cedar']],
    ['age group shared by two', { ageGroups: ['Adolescents'] }, ['ranch', 'cedar']],
    ['setting: exact match', { setting: 'Residential' }, ['ranch']],
    ['setting: exact, not a prefix match', { setting: 'Residential OCD Program' }, ['cedar']],
    ['setting with no programs', { setting: 'Intensive Outpatient' }, []],
    ['insurance: any of', { insurance: ['Medicare', 'Medicaid'] }, ['harbor', 'cedar']],
    ['insurance: one', { insurance: ['Out-of-Network'] }, ['ranch']],
    ['modalities: any of', { modalities: ['ACT', 'Family Therapy'] }, ['harbor', 'cedar']],
    ['modalities: one', { modalities: ['ERP'] }, ['ranch', 'cedar']],
    ['AND across facets', { ageGroups: ['Adolescents'], insurance: ['Medicaid'] }, ['cedar']],
    ['AND with setting', { modalities: ['ERP'], setting: 'Residential' }, ['ranch']],
    ['AND with the query', { query: 'ranch', modalities: ['CBT'] }, []],
    ['AND query + facet that matches', { query: 'a', insurance: ['In-Network'] }, ['harbor', 'cedar']],
    [
      'all facets and query together',
      {
        query: 'montana',
        ageGroups: ['Young Adults'],
        setting: 'Residential',
        insurance: ['Private Pay'],
        modalities: ['Mindfulness'],
      },
      ['ranch'],
    ],
  ])('%s', (_label, f, expected) => {
    expect(ids(filterPrograms(all, filters(f)))).toEqual(expected);
  });
});

describe('sortPrograms', () => {
  it('name: alphabetical, ignoring case', () => {
    expect(ids(sortPrograms(all, 'name'))).toEqual(['cedar', 'harbor', 'ranch']);
  });

  it('name: stable for equal names', () => {
    const a = program({ id: 'a', name: 'Same' });
    const b = program({ id: 'b', name: 'Same' });
    expect(ids(sortPrograms([b, a], 'name'))).toEqual(['b', 'a']);
  });

  it.each<[string, DirectoryEntry[], string[]]>([
    ['descending', [ranch, harbor], ['harbor', 'ranch']],
    ['no reviews sorts last', [cedar, ranch, harbor], ['harbor', 'ranch', 'cedar']],
    [
      'a 1-star rating still sorts before no reviews',
      [program({ id: 'y', name: 'Alpha' }), program({ id: 'z', name: 'Zed', rating: 1, reviewCount: 1 })],
      ['z', 'y'],
    ],
    [
      'a rating without reviews is no rating (last, then by name)',
      [program({ id: 'z', name: 'Zed', rating: 4.9 }), program({ id: 'y', name: 'Alpha' })],
      ['y', 'z'],
    ],
    [
      'equal ratings: more reviews first',
      [
        program({ id: 'b', name: 'Beta', rating: 4.5, reviewCount: 2 }),
        program({ id: 'a', name: 'Alpha', rating: 4.5, reviewCount: 9 }),
      ],
      ['a', 'b'],
    ],
    [
      'equal ratings and counts: by name',
      [
        program({ id: 'b', name: 'Beta', rating: 4.5, reviewCount: 2 }),
        program({ id: 'a', name: 'Alpha', rating: 4.5, reviewCount: 2 }),
      ],
      ['a', 'b'],
    ],
  ])('rating: %s', (_label, list, expected) => {
    expect(ids(sortPrograms(list, 'rating'))).toEqual(expected);
  });

  it('does not mutate its input', () => {
    const list = [ranch, harbor, cedar];
    sortPrograms(list, 'rating');
    expect(ids(list)).toEqual(['ranch', 'harbor', 'cedar']);
  });
});

describe('toggleValue / toggleSetting', () => {
  it.each<[string[], string, string[]]>([
    [[], 'ERP', ['ERP']],
    [['ERP'], 'CBT', ['ERP', 'CBT']],
    [['ERP', 'CBT'], 'ERP', ['CBT']],
    [['ERP'], 'ERP', []],
  ])('toggleValue(%j, %s) → %j', (list, value, expected) => {
    expect(toggleValue(list, value)).toEqual(expected);
  });

  it.each([
    [null, 'Residential', 'Residential'],
    ['Residential', 'Inpatient', 'Inpatient'],
    ['Residential', 'Residential', null],
  ] as const)(
    'toggleSetting(%s, %s) → %s (clicking the selected setting clears it)',
    (current, value, expected) => {
      expect(toggleSetting(current, value)).toBe(expected);
    },
  );

  it('activeFilterCount counts facet selections, not the query', () => {
    expect(activeFilterCount(filters({ query: 'x', ageGroups: ['Adults'], setting: 'Inpatient' }))).toBe(2);
  });
});

describe('facetCounts: results if that option were switched on', () => {
  it('no filters: programs having each option', () => {
    const counts = facetCounts(all, EMPTY_FILTERS);
    expect(counts.ageGroups).toEqual({ Children: 1, Adolescents: 2, 'Young Adults': 1, Adults: 1 });
    expect(counts.setting).toMatchObject({ Residential: 1, Inpatient: 1, 'Residential OCD Program': 1 });
    expect(counts.setting['Intensive Outpatient']).toBe(0);
    expect(counts.modalities.ERP).toBe(2);
  });

  it.each<[string, Partial<DirectoryFilters>, (c: ReturnType<typeof facetCounts>) => number, number]>([
    ['query narrows every count', { query: 'ranch' }, (c) => c.modalities.ERP, 1],
    // Children already chosen (cedar); adding Adults gives cedar + harbor.
    ['same facet: union with the chosen options', { ageGroups: ['Children'] }, (c) => c.ageGroups.Adults, 2],
    [
      'same facet: a chosen option counts the current results',
      { ageGroups: ['Children'] },
      (c) => c.ageGroups.Children,
      1,
    ],
    ['other facet narrows', { ageGroups: ['Children'] }, (c) => c.modalities.ERP, 1],
    ['other facet narrows to zero', { ageGroups: ['Children'] }, (c) => c.modalities.ACT, 0],
    ['setting replaces the chosen setting', { setting: 'Residential' }, (c) => c.setting.Inpatient, 1],
    ['setting narrows other facets', { setting: 'Inpatient' }, (c) => c.insurance['Private Pay'], 0],
    ['setting counts respect other facets', { insurance: ['Medicaid'] }, (c) => c.setting.Residential, 0],
  ])('%s', (_label, f, pick, expected) => {
    expect(pick(facetCounts(all, filters(f)))).toBe(expected);
  });

  it('each count equals the result size after toggling that option on', () => {
    const start = filters({ modalities: ['ERP'], insurance: ['In-Network'] });
    const counts = facetCounts(all, start);
    for (const option of ['Children', 'Adolescents', 'Young Adults', 'Adults'] as const) {
      const next = { ...start, ageGroups: toggleValue(start.ageGroups, option) };
      expect(counts.ageGroups[option], option).toBe(filterPrograms(all, next).length);
    }
    for (const option of ['ERP', 'CBT', 'ACT', 'Family Therapy'] as const) {
      const next = {
        ...start,
        modalities: start.modalities.includes(option) ? start.modalities : [...start.modalities, option],
      };
      expect(counts.modalities[option], option).toBe(filterPrograms(all, next).length);
    }
  });
});
