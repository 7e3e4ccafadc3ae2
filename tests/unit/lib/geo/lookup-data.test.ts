import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { milesBetween } from '../../../../src/lib/geo/distance.ts';
import { buildCityShards, buildZipShards, geoShards } from '../../../../src/lib/geo/lookup-data.ts';
import { programCoordinates } from '../../../../src/lib/geo/program-point.ts';
import { cityShardPath, roundCoordinate, zipShardPath } from '../../../../src/lib/geo/shards.ts';
import { isUsableRecord, zipRecord, zipRecords } from '../../../../src/lib/geo/zip-data.ts';

const row = (zip: string, lat: number, lng: number, city: string, state: string) => ({
  zip,
  lat,
  lng,
  city,
  state,
});

describe('buildZipShards', () => {
  it('groups by the first three digits, in order, with coordinates rounded to 3 decimals', () => {
    const shards = buildZipShards([
      row('02479', 42.39, -71.2, 'Belmont', 'MA'),
      row('10001', 40.74841, -73.99671, 'New York', 'NY'),
      row('02478', 42.3959, -71.1787, 'Belmont', 'MA'),
      row('02101', 42.37, -71.0266, 'Boston', 'MA'),
    ]);
    expect(shards).toEqual([
      { prefix: '021', data: { '02101': [42.37, -71.027] } },
      { prefix: '024', data: { '02478': [42.396, -71.179], '02479': [42.39, -71.2] } },
      { prefix: '100', data: { '10001': [40.748, -73.997] } },
    ]);
    expect(Object.keys(shards[1]?.data ?? {})).toEqual(['02478', '02479']);
  });

  it('writes no "-0"', () => {
    const [shard] = buildZipShards([row('96799', -0.0001, 0.0002, 'X', 'AS')]);
    expect(JSON.stringify(shard?.data)).toBe('{"96799":[0,0]}');
  });
});

describe('buildCityShards', () => {
  it('gives each city the mean of its ZIP positions, by state and first letter of its key', () => {
    const shards = buildCityShards([
      row('02478', 42.3, -71.1, 'Belmont', 'MA'),
      row('02479', 42.4, -71.3, 'Belmont', 'MA'),
      row('02116', 42.35, -71.07, 'Boston', 'MA'),
      row('03220', 43.45, -71.56, 'Belmont', 'NH'),
      row('63301', 38.79, -90.49, 'Saint Charles', 'MO'),
      row('11501', 40.75, -73.64, 'Mineola', 'NY'),
      row('10115', 40.7, -74, '115 Firms', 'NY'), // not a name anyone can type: left out
    ]);
    expect(shards).toEqual([
      { state: 'MA', letter: 'b', data: { belmont: [42.35, -71.2], boston: [42.35, -71.07] } },
      { state: 'MO', letter: 's', data: { 'saint charles': [38.79, -90.49] } },
      { state: 'NH', letter: 'b', data: { belmont: [43.45, -71.56] } },
      { state: 'NY', letter: 'm', data: { mineola: [40.75, -73.64] } },
    ]);
  });
});

describe('isUsableRecord', () => {
  const base = { zip: '02478', latitude: 42.4, longitude: -71.2, state: 'MA', country: 'US' };
  it.each([
    ['a US ZIP', base, true],
    ['Puerto Rico', { ...base, zip: '00901', state: 'PR', latitude: 18.4, longitude: -66.06 }, true],
    ['a Canadian postal code', { ...base, zip: 'T2P', country: 'CA' }, false],
    ['a military ZIP at 0,0', { ...base, zip: '09002', state: 'AE', latitude: 0, longitude: 0 }, false],
    [
      'a military ZIP abroad',
      { ...base, zip: '34039', state: 'AA', latitude: -0.23, longitude: -78.5 },
      false,
    ],
    ['0,0 anywhere', { ...base, latitude: 0, longitude: 0 }, false],
    ['NaN', { ...base, latitude: Number.NaN }, false],
    ['a 4-digit ZIP', { ...base, zip: '2478' }, false],
  ])('%s → %s', (_, record, usable) => {
    expect(isUsableRecord(record)).toBe(usable);
  });
});

describe('the package data', () => {
  const shards = geoShards();

  it('has tens of thousands of usable ZIPs, each in exactly one shard', () => {
    const records = zipRecords();
    expect(records.length).toBeGreaterThan(40_000);
    const inShards = shards.zip.reduce((n, s) => n + Object.keys(s.data).length, 0);
    expect(inShards).toBe(records.length);
  });

  it.each([
    ['02478', 'Belmont', 'MA'],
    ['10001', 'New York', 'NY'],
    ['20001', 'Washington', 'DC'],
    ['00901', 'San Juan', 'PR'],
    ['97701', 'Bend', 'OR'],
  ])('%s is %s, %s', (zip, city, state) => {
    expect(zipRecord(zip)).toMatchObject({ zip, city, state });
  });

  it.each([
    ['02478', 42.396, -71.179],
    ['10001', 40.748, -73.997],
  ])('ZIP shard holds %s at [%s, %s]', (zip, lat, lng) => {
    const shard = shards.zip.find((s) => zipShardPath(zip) === `/geo/zip/${s.prefix}.json`);
    expect(shard?.data[zip]).toEqual([lat, lng]);
  });

  it.each([
    ['belmont', 'MA', '02478'],
    ['boston', 'MA', '02108'],
    ['washington', 'DC', '20001'],
    ['san juan', 'PR', '00901'],
    ['saint louis', 'MO', '63101'],
    ['bend', 'OR', '97701'],
  ])('city shard holds %s, %s within 10 mi of ZIP %s', (key, state, zip) => {
    const shard = shards.city.find(
      (s) => cityShardPath(state, key) === `/geo/city/${s.state}/${s.letter}.json`,
    );
    const point = shard?.data[key];
    const record = zipRecord(zip);
    expect(point).toBeDefined();
    expect(record).toBeDefined();
    if (!point || !record) return;
    expect(milesBetween({ lat: point[0], lng: point[1] }, record)).toBeLessThan(10);
  });

  it('keeps every shard far under 20 KB gzipped (ZIP ≤ 2 KB, city ≤ 5 KB)', () => {
    const gz = (data: unknown) => gzipSync(JSON.stringify(data)).length;
    expect(Math.max(...shards.zip.map((s) => gz(s.data)))).toBeLessThan(2_000);
    expect(Math.max(...shards.city.map((s) => gz(s.data)))).toBeLessThan(5_000);
  });

  it('has URL-safe shard names', () => {
    for (const s of shards.zip) expect(s.prefix).toMatch(/^\d{3}$/);
    for (const s of shards.city) {
      expect(s.state).toMatch(/^[A-Z]{2}$/);
      expect(s.letter).toMatch(/^[a-z0-9_]$/);
    }
  });
});

describe('programCoordinates', () => {
  it.each([
    ['02478', { lat: 42.396, lng: -71.179 }],
    ['02478-1234', { lat: 42.396, lng: -71.179 }],
    [' 10001 ', { lat: 40.748, lng: -73.997 }],
    ['00000', null],
    ['09002', null], // a military ZIP at 0,0 in the package
    ['2478', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (zip, point) => {
    expect(programCoordinates(zip)).toEqual(point);
  });

  it('uses the override when given', () => {
    expect(programCoordinates('02478', { lat: 44.05, lng: -121.31 })).toEqual({ lat: 44.05, lng: -121.31 });
    expect(programCoordinates(null, { lat: 44.05, lng: -121.31 })).toEqual({ lat: 44.05, lng: -121.31 });
    expect(programCoordinates('02478', null)).toEqual({ lat: 42.396, lng: -71.179 });
  });

  it.each([
    { lat: 91, lng: 0 },
    { lat: 0, lng: -181 },
    { lat: Number.NaN, lng: 0 },
  ])('refuses the override %j', (override) => {
    expect(() => programCoordinates('02478', override)).toThrow(RangeError);
  });

  it('puts Boston and New York ZIPs about 190 mi apart', () => {
    const boston = programCoordinates('02108');
    const newYork = programCoordinates('10007');
    expect(boston && newYork && milesBetween(boston, newYork)).toBeCloseTo(189, -1);
  });

  it('rounds like the shards', () => {
    expect(roundCoordinate(42.39594)).toBe(42.396);
    expect(roundCoordinate(-71.17849)).toBe(-71.178);
  });
});
