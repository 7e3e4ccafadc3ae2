/**
 * The active filters as removable chips above the results ("Remove filter: Adolescents"): one per
 * selection of the Filters dialog and one for the place, in the dialog's order. Each chip says
 * what the filters become without it, so the island only applies it.
 */
import { onlyAgeWords, readAgeWords, withoutAgeWord } from './age-words.ts';
import { activeFilterCount, toggleValue, type DirectoryFilters } from './rules.ts';

export type FilterChip = {
  /** Unique within the list (React key, test hook). */
  key: string;
  /** The chip's text; its button is named "Remove filter: <label>". */
  label: string;
  /** The filters without this chip; null for the place chip (the island clears the place itself). */
  without: DirectoryFilters | null;
};

/** The chip text of the place: "Within 250 mi of Belmont, MA" or "Near Belmont, MA". */
export function placeChipLabel(place: string, radius: number | null): string {
  return radius === null ? `Near ${place}` : `Within ${String(radius)} mi of ${place}`;
}

/** The button's accessible name for a chip. */
export const removeChipLabel = (chip: Pick<FilterChip, 'label'>): string => `Remove filter: ${chip.label}`;

/** The chip of the search text: what the descriptions are searched for, in quotes. */
export const queryChipLabel = (text: string): string => `Search: “${text}”`;

/** The chip of an age word of the search text: the age group it counts as, and the word. */
export const ageWordChipLabel = (ageGroup: string, word: string): string => `${ageGroup} (from “${word}”)`;

/**
 * The chips of a filter state. `place` is the resolved place in words ("ZIP 02478", "Belmont, MA",
 * "your location"), or null while none is set or it is being looked up. The search text shows as
 * what the search does with it (./age-words.ts): one chip for the text searched for (its × keeps
 * the age words) and one per age word (its × takes that word out of the text).
 *
 * @example activeFilterChips({ ...EMPTY_FILTERS, ageGroups: ['Adolescents'] }, null).map((c) => c.label)
 * // → ['Adolescents']
 * @example activeFilterChips({ ...EMPTY_FILTERS, query: 'teen ocd' }, null).map((c) => c.label)
 * // → ['Search: “ocd”', 'Adolescents (from “teen”)']
 */
export function activeFilterChips(filters: DirectoryFilters, place: string | null): FilterChip[] {
  const { text, words } = readAgeWords(filters.query);
  if (activeFilterCount(filters) === 0 && place === null && text === '' && words.length === 0) return [];
  const chips: FilterChip[] = [];
  if (place !== null)
    chips.push({ key: 'place', label: placeChipLabel(place, filters.radius), without: null });
  if (text !== '')
    chips.push({
      key: 'query',
      label: queryChipLabel(text),
      without: { ...filters, query: onlyAgeWords(filters.query) },
    });
  words.forEach(({ word, ageGroup }, index) => {
    chips.push({
      key: `age-word:${String(index)}`,
      label: ageWordChipLabel(ageGroup, word),
      without: { ...filters, query: withoutAgeWord(filters.query, word) },
    });
  });
  for (const value of filters.ageGroups)
    chips.push({
      key: `age:${value}`,
      label: value,
      without: { ...filters, ageGroups: toggleValue(filters.ageGroups, value) },
    });
  if (filters.setting !== null)
    chips.push({ key: 'setting', label: filters.setting, without: { ...filters, setting: null } });
  for (const value of filters.insurance)
    chips.push({
      key: `insurance:${value}`,
      label: value,
      without: { ...filters, insurance: toggleValue(filters.insurance, value) },
    });
  for (const value of filters.modalities)
    chips.push({
      key: `modality:${value}`,
      label: value,
      without: { ...filters, modalities: toggleValue(filters.modalities, value) },
    });
  if (filters.reportsOutcomes)
    chips.push({
      key: 'outcomes',
      label: 'Reports outcomes (Y-BOCS)',
      without: { ...filters, reportsOutcomes: false },
    });
  if (filters.erpHours !== null)
    chips.push({
      key: 'erp',
      label: `ERP ≥ ${String(filters.erpHours)} hours/week`,
      without: { ...filters, erpHours: null },
    });
  if (filters.openRecently)
    chips.push({
      key: 'open',
      label: 'Confirmed open in the last 30 days',
      without: { ...filters, openRecently: false },
    });
  return chips;
}
