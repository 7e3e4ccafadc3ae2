/**
 * The one normalization of a city name used both when the city shards are generated and when a
 * visitor's "City, State" is looked up, so that "St. Mary's", "saint marys" and "Saint Marys"
 * meet. Browser-safe.
 */

const ABBREVIATIONS: readonly (readonly [RegExp, string])[] = [
  [/^st /, 'saint '],
  [/^ste /, 'sainte '],
  [/^mt /, 'mount '],
  [/^ft /, 'fort '],
  [/ st /g, ' saint '],
  [/ mt /g, ' mount '],
  [/ ft /g, ' fort '],
];

/**
 * Lower case, accents removed, periods and apostrophes dropped, hyphens and runs of spaces made
 * one space, and the abbreviations St./Ste./Mt./Ft. written out.
 *
 * @example cityKey("St. Mary's") // 'saint marys'
 */
export function cityKey(name: string): string {
  let key = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/\./g, ' ')
    .replace(/[-\s]+/g, ' ')
    .trim();
  for (const [pattern, replacement] of ABBREVIATIONS) key = key.replace(pattern, replacement);
  return key;
}
