import { describe, expect, it } from 'vitest';
import { cityKey } from '../../../../src/lib/geo/city-key.ts';
import { LOCATION_MESSAGES, parseLocation } from '../../../../src/lib/geo/query.ts';
import { US_STATES, stateCode } from '../../../../src/lib/geo/states.ts';

describe('parseLocation: ZIP codes', () => {
  it.each([
    ['02478', '02478'],
    ['  02478 ', '02478'],
    ['02478-1234', '02478'],
    ['00501', '00501'],
    ['99950', '99950'],
  ])('%j → ZIP %s', (input, zip) => {
    expect(parseLocation(input)).toEqual({ ok: true, query: { kind: 'zip', zip } });
  });

  it.each(['0247', '024789', '02478-12', '02478-12345', '02478 1234', '2478', '-02478', '02 478'])(
    '%j → the malformed-ZIP message',
    (input) => {
      expect(parseLocation(input)).toEqual({ ok: false, message: LOCATION_MESSAGES.malformedZip });
    },
  );
});

describe('parseLocation: city and state', () => {
  it.each([
    ['Belmont, MA', 'Belmont', 'belmont', 'MA'],
    ['Belmont, Massachusetts', 'Belmont', 'belmont', 'MA'],
    ['belmont ma', 'Belmont', 'belmont', 'MA'],
    ['BELMONT MA', 'BELMONT', 'belmont', 'MA'],
    ['belmont massachusetts', 'Belmont', 'belmont', 'MA'],
    ['  Belmont ,  ma ', 'Belmont', 'belmont', 'MA'],
    ['New York, NY', 'New York', 'new york', 'NY'],
    ['new york new york', 'New York', 'new york', 'NY'],
    ['Kansas City MO', 'Kansas City', 'kansas city', 'MO'],
    ['Charleston West Virginia', 'Charleston', 'charleston', 'WV'],
    ['Charleston, W.V.', null, null, null], // not a code: see the unknown-state test
    ['Virginia Beach VA', 'Virginia Beach', 'virginia beach', 'VA'],
    ['virginia beach virginia', 'Virginia Beach', 'virginia beach', 'VA'],
    ['Washington, DC', 'Washington', 'washington', 'DC'],
    ['washington d.c.', 'Washington', 'washington', 'DC'],
    ['Washington DC', 'Washington', 'washington', 'DC'],
    ['Spokane Washington', 'Spokane', 'spokane', 'WA'],
    ['Washington, District of Columbia', 'Washington', 'washington', 'DC'],
    ['San Juan, PR', 'San Juan', 'san juan', 'PR'],
    ['san juan puerto rico', 'San Juan', 'san juan', 'PR'],
    ['Cataño, PR', 'Cataño', 'catano', 'PR'],
    ['St. Louis, MO', 'St. Louis', 'saint louis', 'MO'],
    ["O'Fallon, IL", "O'Fallon", 'ofallon', 'IL'],
    ['Winston-Salem, NC', 'Winston-Salem', 'winston salem', 'NC'],
    ['Bend, Oregon', 'Bend', 'bend', 'OR'],
  ])('%j → %s (%s), %s', (input, city, key, state) => {
    const parsed = parseLocation(input);
    if (city === null) {
      expect(parsed.ok).toBe(false);
      return;
    }
    expect(parsed).toEqual({ ok: true, query: { kind: 'city', city, key, state } });
  });

  it.each([
    ['', LOCATION_MESSAGES.empty],
    ['   ', LOCATION_MESSAGES.empty],
    ['Belmont', LOCATION_MESSAGES.missingState],
    ['Belmont,', LOCATION_MESSAGES.missingState],
    ['Massachusetts', LOCATION_MESSAGES.missingCity],
    ['MA', LOCATION_MESSAGES.missingCity],
    [', MA', LOCATION_MESSAGES.missingCity],
    ['New York', LOCATION_MESSAGES.missingCity],
    ['District of Columbia', LOCATION_MESSAGES.missingCity],
    ['Belmont, Mass', LOCATION_MESSAGES.unknownState('Mass')],
    ['Belmont, XX', LOCATION_MESSAGES.unknownState('XX')],
    ['Charleston, W.V.', LOCATION_MESSAGES.unknownState('W.V.')],
    ['123 Main St, MA', LOCATION_MESSAGES.malformed],
    ['02478, MA', LOCATION_MESSAGES.malformed],
    ['<script>', LOCATION_MESSAGES.malformed],
    ['a'.repeat(81), LOCATION_MESSAGES.malformed],
  ])('%j → %j', (input, message) => {
    expect(parseLocation(input)).toEqual({ ok: false, message });
  });
});

describe('stateCode', () => {
  it('knows the 50 states, DC and PR', () => {
    const codes = US_STATES.map(([code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['DC', 'PR', 'MA', 'WY', 'AK', 'HI']));
    expect(codes.filter((c) => !['DC', 'PR', 'GU', 'VI', 'AS', 'MP'].includes(c))).toHaveLength(50);
  });

  it.each(US_STATES.map(([code, name]) => [code, name]))('%s ⇄ %s', (code, name) => {
    expect(stateCode(code)).toBe(code);
    expect(stateCode(code.toLowerCase())).toBe(code);
    expect(stateCode(name)).toBe(code);
    expect(stateCode(name.toUpperCase())).toBe(code);
  });

  it.each(['', 'XX', 'Mass', 'Cal', 'Calif', 'N.Y', 'New'])('%j → null', (text) => {
    expect(stateCode(text)).toBeNull();
  });
});

describe('cityKey', () => {
  it.each([
    ['Belmont', 'belmont'],
    ['  New   York ', 'new york'],
    ["St. Mary's", 'saint marys'],
    ['Saint Marys', 'saint marys'],
    ['St Louis', 'saint louis'],
    ['Mt. Vernon', 'mount vernon'],
    ['Ft Worth', 'fort worth'],
    ['Port St. Lucie', 'port saint lucie'],
    ['Winston-Salem', 'winston salem'],
    ['Cataño', 'catano'],
    ['Española', 'espanola'],
    ['Stone Mountain', 'stone mountain'],
    ['Stow', 'stow'],
  ])('%j → %j', (name, key) => {
    expect(cityKey(name)).toBe(key);
  });
});
