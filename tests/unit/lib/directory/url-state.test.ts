import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '../../../../src/lib/directory/rules.ts';
import {
  DEFAULT_STATE,
  directorySearchString,
  parseDirectoryState,
  serializeDirectoryState,
  type DirectoryState,
} from '../../../../src/lib/directory/url-state.ts';

const state = (
  filters: Partial<DirectoryState['filters']>,
  sort: DirectoryState['sort'] = 'name',
): DirectoryState => ({
  filters: { ...EMPTY_FILTERS, ...filters },
  sort,
});

describe('round trip', () => {
  it.each<[string, DirectoryState]>([
    ['default', DEFAULT_STATE],
    ['query', state({ query: 'equine ranch' })],
    ['rating sort', state({}, 'rating')],
    ['age groups', state({ ageGroups: ['Adolescents', 'Young Adults'] })],
    ['setting', state({ setting: 'Residential OCD Program' })],
    ['insurance', state({ insurance: ['In-Network', 'Out-of-Network'] })],
    ['modalities', state({ modalities: ['ERP', 'Family Therapy'] })],
    [
      'everything',
      state(
        {
          query: 'a&b=c',
          ageGroups: ['Adults'],
          setting: 'Inpatient',
          insurance: ['Medicare'],
          modalities: ['ACT'],
        },
        'rating',
      ),
    ],
  ])('%s', (_label, value) => {
    expect(parseDirectoryState(serializeDirectoryState(value).toString())).toEqual(value);
  });
});

describe('parse', () => {
  it.each<[string, string, DirectoryState]>([
    ['empty', '', DEFAULT_STATE],
    ['repeated keys', '?age=Adults&age=Children', state({ ageGroups: ['Adults', 'Children'] })],
    ['comma list', '?modality=ERP,CBT', state({ modalities: ['ERP', 'CBT'] })],
    [
      'unknown facet values dropped',
      '?age=Adults&age=Toddlers&insurance=Gold',
      state({ ageGroups: ['Adults'] }),
    ],
    ['values are case-sensitive vocabulary', '?age=adults', DEFAULT_STATE],
    ['duplicates dropped', '?age=Adults&age=Adults,Adults', state({ ageGroups: ['Adults'] })],
    ['unknown setting dropped', '?setting=Spa', DEFAULT_STATE],
    [
      'first valid setting wins',
      '?setting=Spa&setting=Inpatient&setting=Residential',
      state({ setting: 'Inpatient' }),
    ],
    ['unknown sort falls back to name', '?sort=price', DEFAULT_STATE],
    ['query trimmed', '?q=%20%20ranch%20', state({ query: 'ranch' })],
    ['unknown keys ignored', '?utm_source=x&page=2', DEFAULT_STATE],
  ])('%s', (_label, search, expected) => {
    expect(parseDirectoryState(search)).toEqual(expected);
  });
});

describe('serialize', () => {
  it.each<[string, DirectoryState, string]>([
    ['default state is empty (home stays /)', DEFAULT_STATE, ''],
    ['default sort omitted', state({ query: 'x' }, 'name'), '?q=x'],
    ['rating sort written', state({}, 'rating'), '?sort=rating'],
    ['repeatable keys', state({ modalities: ['ERP', 'ACT'] }), '?modality=ERP&modality=ACT'],
    ['blank query omitted', state({ query: '   ' }), ''],
  ])('%s', (_label, value, expected) => {
    expect(directorySearchString(value)).toBe(expected);
  });
});
