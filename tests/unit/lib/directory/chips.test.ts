/**
 * The active-filter chips (src/lib/directory/chips.ts), read from the address bar's state: one
 * per selection in the dialog's order plus the place, each removing only itself.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '../../../../src/lib/directory/rules.ts';
import { activeFilterChips, placeChipLabel, removeChipLabel } from '../../../../src/lib/directory/chips.ts';
import { parseDirectoryState } from '../../../../src/lib/directory/url-state.ts';

const chipsOf = (search: string, place: string | null = null) =>
  activeFilterChips(parseDirectoryState(search).filters, place);

describe('activeFilterChips from the URL', () => {
  it.each<[string, string, string | null, string[]]>([
    ['nothing', '', null, []],
    ['search text', '?q=ranch', null, ['Search: “ranch”']],
    ['an age word', '?q=teen', null, ['Adolescents (from “teen”)']],
    [
      'text and age words, in the order typed',
      '?q=young+adults+ranch+kids',
      null,
      ['Search: “ranch”', 'Young Adults (from “young adults”)', 'Children (from “kids”)'],
    ],
    ['spaces only', '?q=+++', null, []],
    ['one age group', '?age=Adolescents', null, ['Adolescents']],
    ['two age groups, in URL order', '?age=Adults&age=Children', null, ['Adults', 'Children']],
    ['setting', '?setting=Inpatient', null, ['Inpatient']],
    ['insurance and modality', '?insurance=Medicaid&modality=ERP', null, ['Medicaid', 'ERP']],
    ['outcomes', '?outcomes=1', null, ['Reports outcomes (Y-BOCS)']],
    ['ERP hours', '?erp=10', null, ['ERP ≥ 10 hours/week']],
    ['confirmed open', '?open=1', null, ['Confirmed open in the last 30 days']],
    ['a place with a radius', '?near=02478&radius=250', 'ZIP 02478', ['Within 250 mi of ZIP 02478']],
    ['a place, any distance', '?near=Belmont,MA', 'Belmont, MA', ['Near Belmont, MA']],
    ['a place still being looked up: no chip yet', '?near=02478', null, []],
    [
      'everything, in the dialog order',
      '?open=1&erp=10&outcomes=1&modality=ERP&insurance=Medicaid&setting=Inpatient&age=Adults&near=02478',
      'ZIP 02478',
      [
        'Near ZIP 02478',
        'Adults',
        'Inpatient',
        'Medicaid',
        'ERP',
        'Reports outcomes (Y-BOCS)',
        'ERP ≥ 10 hours/week',
        'Confirmed open in the last 30 days',
      ],
    ],
    ['values outside the vocabulary make no chip', '?age=Toddlers&setting=Spa&erp=7', null, []],
  ])('%s', (_label, search, place, labels) => {
    expect(chipsOf(search, place).map((chip) => chip.label)).toEqual(labels);
  });

  it('each chip removes only itself', () => {
    const { filters } = parseDirectoryState(
      '?q=ranch&age=Adults&age=Children&modality=ERP&open=1&near=02478',
    );
    const chips = activeFilterChips(filters, 'ZIP 02478');
    const without = Object.fromEntries(chips.map((chip) => [chip.key, chip.without]));
    expect(without['place']).toBeNull();
    expect(without['age:Adults']).toEqual({ ...filters, ageGroups: ['Children'] });
    expect(without['age:Children']).toEqual({ ...filters, ageGroups: ['Adults'] });
    expect(without['modality:ERP']).toEqual({ ...filters, modalities: [] });
    expect(without['open']).toEqual({ ...filters, openRecently: false });
    expect(without['query']).toEqual({ ...filters, query: '' });
    // The search text and the place stay with every facet chip.
    for (const chip of chips.filter((c) => c.without !== null && c.key !== 'query')) {
      expect(chip.without?.query).toBe('ranch');
      expect(chip.without?.near).toBe('02478');
    }
  });

  it('the text chip keeps the age words; an age word chip takes out only its word', () => {
    const { filters } = parseDirectoryState('?q=Teen+OCD+teens&age=Adults');
    const chips = activeFilterChips(filters, null);
    expect(chips.map((c) => c.label)).toEqual([
      'Search: “OCD”',
      'Adolescents (from “Teen”)',
      'Adolescents (from “teens”)',
      'Adults',
    ]);
    const without = Object.fromEntries(chips.map((chip) => [chip.key, chip.without]));
    expect(without['query']).toEqual({ ...filters, query: 'Teen teens' });
    expect(without['age-word:0']).toEqual({ ...filters, query: 'OCD teens' });
    expect(without['age-word:1']).toEqual({ ...filters, query: 'Teen OCD' });
  });

  it('keys are unique', () => {
    const chips = chipsOf(
      '?age=Adults&age=Children&insurance=Medicaid&modality=ERP&setting=Inpatient&outcomes=1&erp=10&open=1',
      'x',
    );
    expect(new Set(chips.map((c) => c.key)).size).toBe(chips.length);
  });

  it('names the buttons "Remove filter: …"', () => {
    expect(removeChipLabel({ label: 'Adolescents' })).toBe('Remove filter: Adolescents');
    expect(placeChipLabel('Belmont, MA', 50)).toBe('Within 50 mi of Belmont, MA');
    expect(activeFilterChips(EMPTY_FILTERS, null)).toEqual([]);
  });
});
