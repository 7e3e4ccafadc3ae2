/**
 * USPS codes and names of the states, DC and the inhabited territories whose ZIP codes the
 * data package covers. Browser-safe.
 */
export const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
  ['PR', 'Puerto Rico'],
  ['GU', 'Guam'],
  ['VI', 'U.S. Virgin Islands'],
  ['AS', 'American Samoa'],
  ['MP', 'Northern Mariana Islands'],
] as const satisfies readonly (readonly [string, string])[];

export type StateCode = (typeof US_STATES)[number][0];

const BY_CODE = new Map<string, StateCode>(US_STATES.map(([code]) => [code, code]));

/** Lower-case name (and common variants) → code. */
const BY_NAME = new Map<string, StateCode>([
  ...US_STATES.map(([code, name]) => [name.toLowerCase(), code] as const),
  ['d c', 'DC'],
  ['virgin islands', 'VI'],
  ['us virgin islands', 'VI'],
  ['u s virgin islands', 'VI'],
]);

/** The longest state name, in words, that `stateCode` can match (for trailing-name matching). */
export const MAX_STATE_NAME_WORDS = Math.max(...[...BY_NAME.keys()].map((n) => n.split(' ').length));

/**
 * The USPS code for a code or a name in any case ("ma", "Massachusetts", "District of
 * Columbia", "D.C."), or `null`.
 */
export function stateCode(text: string): StateCode | null {
  const t = text
    .toLowerCase()
    .replace(/\./g, ' ')
    .replace(/[\s,]+/g, ' ')
    .trim();
  if (t.length === 2) return BY_CODE.get(t.toUpperCase()) ?? null;
  return BY_NAME.get(t) ?? null;
}

/** Whether `code` is one of the USPS codes in US_STATES. */
export function isStateCode(code: string): code is StateCode {
  return BY_CODE.has(code);
}

const NAMES = new Map<StateCode, string>(US_STATES.map(([code, name]) => [code, name]));

/** The state a person means by a USPS code or a name, with its full name; undefined when none. */
export function findState(text: string): { code: StateCode; name: string } | undefined {
  const code = stateCode(text);
  return code === null ? undefined : { code, name: NAMES.get(code) ?? code };
}
