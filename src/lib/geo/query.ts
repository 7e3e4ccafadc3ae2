/**
 * What a visitor types into the directory's "Near" box: a US ZIP code (`02478`, `02478-1234`)
 * or a city and state (`Belmont, MA`, `Belmont, Massachusetts`, `belmont ma`). Pure and
 * browser-safe; resolving the parsed query to a point is resolve.ts.
 */
import { cityKey } from './city-key.ts';
import { MAX_STATE_NAME_WORDS, stateCode, type StateCode } from './states.ts';

export type LocationQuery =
  | { kind: 'zip'; zip: string }
  /** `city` as typed (tidied), `key` its cityKey for the shard lookup. */
  | { kind: 'city'; city: string; key: string; state: StateCode };

export type ParsedLocation = { ok: true; query: LocationQuery } | { ok: false; message: string };

/** Every message the "Near" box can show, in one place (the resolver adds the two `unknown…`). */
export const LOCATION_MESSAGES = {
  empty: 'Enter a ZIP code or a city and state, like 02478 or Belmont, MA.',
  malformedZip: 'A ZIP code has 5 digits, like 02478 (or 9 with a dash, like 02478-1234).',
  malformed: 'Enter a 5-digit ZIP code or a city and state, like 02478 or Belmont, MA.',
  missingState: 'Add the state after the city, like Belmont, MA.',
  missingCity: 'Add the city before the state, like Belmont, MA.',
  unknownState: (state: string) =>
    `We don't know the state "${state}". Use its two-letter code or full name, like Belmont, MA.`,
  unknownZip: (zip: string) =>
    `We don't have ZIP code ${zip} on file. Check the number, or enter a city and state instead.`,
  unknownCity: (city: string, state: StateCode) =>
    `We couldn't find ${city}, ${state}. Check the spelling, or enter a ZIP code instead.`,
  unavailable: "We couldn't look up that place just now. Check your connection and try again.",
} as const;

/** Longest input we read; anything longer is not a place. */
const MAX_LENGTH = 80;
const ZIP = /^(\d{5})(?:-\d{4})?$/;
/** Digits, spaces and dashes only: someone meant a ZIP code. */
const ZIP_LIKE = /^[\d\s-]+$/;
/** Letters (any script, so "Cataño" or "Española" pass), spaces and . ' ’ - & in a city name. */
const CITY = /^[\p{L}][\p{L}\s.'’&-]*$/u;

/** "belmont" → "Belmont", "st. louis" → "St. Louis", "o'fallon" → "O'fallon". */
function titleCase(text: string): string {
  return text.replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

function cityQuery(rawCity: string, state: StateCode): ParsedLocation {
  const city = rawCity.replace(/\s+/g, ' ').trim();
  if (city === '') return { ok: false, message: LOCATION_MESSAGES.missingCity };
  if (!CITY.test(city)) return { ok: false, message: LOCATION_MESSAGES.malformed };
  const tidy = city === city.toLowerCase() ? titleCase(city) : city;
  return { ok: true, query: { kind: 'city', city: tidy, key: cityKey(city), state } };
}

/**
 * Parses the visitor's input.
 *
 * @example parseLocation('02478-1234') // { ok: true, query: { kind: 'zip', zip: '02478' } }
 * @example parseLocation('belmont ma') // { ok: true, query: { kind: 'city', city: 'Belmont', key: 'belmont', state: 'MA' } }
 */
export function parseLocation(input: string): ParsedLocation {
  const text = input.replace(/\s+/g, ' ').trim();
  if (text === '') return { ok: false, message: LOCATION_MESSAGES.empty };
  if (text.length > MAX_LENGTH) return { ok: false, message: LOCATION_MESSAGES.malformed };

  const zip = ZIP.exec(text);
  if (zip) return { ok: true, query: { kind: 'zip', zip: zip[1] ?? '' } };
  if (ZIP_LIKE.test(text)) return { ok: false, message: LOCATION_MESSAGES.malformedZip };

  // "City, State": the last comma separates them.
  const comma = text.lastIndexOf(',');
  if (comma !== -1) {
    const rawState = text.slice(comma + 1).trim();
    const rawCity = text.slice(0, comma);
    if (rawState === '') return { ok: false, message: LOCATION_MESSAGES.missingState };
    const state = stateCode(rawState);
    if (!state) return { ok: false, message: LOCATION_MESSAGES.unknownState(rawState) };
    return cityQuery(rawCity, state);
  }

  // "City State" without a comma: the longest run of trailing words that names a state.
  // A match that would leave no city is skipped, so "Washington DC" is Washington in DC rather
  // than the state "Washington DC" without a city; "New York" alone still asks for the city.
  const words = text.split(' ');
  if (stateCode(text)) return { ok: false, message: LOCATION_MESSAGES.missingCity };
  for (let n = Math.min(MAX_STATE_NAME_WORDS, words.length - 1); n >= 1; n--) {
    const state = stateCode(words.slice(-n).join(' '));
    if (state) return cityQuery(words.slice(0, -n).join(' '), state);
  }
  if (!CITY.test(text)) return { ok: false, message: LOCATION_MESSAGES.malformed };
  return { ok: false, message: LOCATION_MESSAGES.missingState };
}
