import { describe, expect, it } from 'vitest';
import {
  EARTH_RADIUS_MILES,
  compareDistance,
  distanceLabel,
  milesBetween,
  nearby,
  sortByDistance,
  withinRadius,
  type GeoPoint,
} from '../../../../src/lib/geo/distance.ts';

const CITY = {
  boston: { lat: 42.3601, lng: -71.0589 },
  newYork: { lat: 40.7128, lng: -74.006 },
  losAngeles: { lat: 34.0522, lng: -118.2437 },
  sanFrancisco: { lat: 37.7749, lng: -122.4194 },
  chicago: { lat: 41.8781, lng: -87.6298 },
  denver: { lat: 39.7392, lng: -104.9903 },
  miami: { lat: 25.7617, lng: -80.1918 },
  seattle: { lat: 47.6062, lng: -122.3321 },
} satisfies Record<string, GeoPoint>;

describe('milesBetween', () => {
  // Published great-circle distances between city centres, in miles.
  it.each([
    ['boston', 'newYork', 190],
    ['newYork', 'losAngeles', 2446],
    ['losAngeles', 'sanFrancisco', 347],
    ['chicago', 'denver', 918],
    ['miami', 'seattle', 2732],
  ] as const)('%s – %s ≈ %i mi', (a, b, miles) => {
    expect(milesBetween(CITY[a], CITY[b])).toBeCloseTo(miles, -0.5); // within ±1.6 mi
    expect(milesBetween(CITY[b], CITY[a])).toBeCloseTo(milesBetween(CITY[a], CITY[b]), 9);
  });

  it.each([
    ['the same point', { lat: 42.4, lng: -71.2 }, { lat: 42.4, lng: -71.2 }, 0],
    ['a quarter of the equator', { lat: 0, lng: 0 }, { lat: 0, lng: 90 }, (Math.PI / 2) * EARTH_RADIUS_MILES],
    ['pole to pole', { lat: 90, lng: 0 }, { lat: -90, lng: 0 }, Math.PI * EARTH_RADIUS_MILES],
    ['antipodes', { lat: 10, lng: 20 }, { lat: -10, lng: -160 }, Math.PI * EARTH_RADIUS_MILES],
    [
      'across the date line',
      { lat: 0, lng: 179.5 },
      { lat: 0, lng: -179.5 },
      (Math.PI / 180) * EARTH_RADIUS_MILES,
    ],
    [
      'one degree of latitude',
      { lat: 40, lng: -100 },
      { lat: 41, lng: -100 },
      (Math.PI / 180) * EARTH_RADIUS_MILES,
    ],
  ])('%s', (_, a, b, miles) => {
    expect(milesBetween(a, b)).toBeCloseTo(miles, 3); // within 0.0005 mi (asin is steep at the antipodes)
  });

  it('uses the 3958.8 mi radius', () => {
    expect(EARTH_RADIUS_MILES).toBe(3958.8);
  });
});

describe('withinRadius', () => {
  it.each([
    ['Boston → New York, 250 mi', CITY.newYork, 250, true],
    ['Boston → New York, 100 mi', CITY.newYork, 100, false],
    ['Boston → New York, exactly the distance', CITY.newYork, milesBetween(CITY.boston, CITY.newYork), true],
    ['Boston → New York, any distance', CITY.newYork, null, true],
    ['Boston → Boston, 50 mi', CITY.boston, 50, true],
    ['Boston → Los Angeles, 500 mi', CITY.losAngeles, 500, false],
    ['no coordinates, 500 mi', null, 500, false],
    ['no coordinates, any distance', null, null, true],
  ] as const)('%s → %s', (_, point, radius, expected) => {
    expect(withinRadius(CITY.boston, point, radius)).toBe(expected);
  });
});

describe('distanceLabel', () => {
  it.each([
    [0, 'Under 1 mi away'],
    [0.49, 'Under 1 mi away'],
    [0.5, '1 mi away'],
    [12.4, '12 mi away'],
    [12.5, '13 mi away'],
    [190.2, '190 mi away'],
    [2445.6, '2,446 mi away'],
  ])('%s → %s', (miles, label) => {
    expect(distanceLabel(miles)).toBe(label);
  });
});

describe('compareDistance', () => {
  it.each([
    [1, 2, -1],
    [2, 1, 1],
    [3, 3, 0],
    [null, 5, 1],
    [5, null, -1],
    [null, null, 0],
  ] as const)('%s vs %s → sign %i', (a, b, sign) => {
    expect(Math.sign(compareDistance(a, b))).toBe(sign);
  });
});

describe('sortByDistance and nearby', () => {
  const programs = [
    { id: 'la', point: CITY.losAngeles },
    { id: 'none-1', point: null },
    { id: 'nyc', point: CITY.newYork },
    { id: 'chicago', point: CITY.chicago },
    { id: 'none-2', point: null },
    { id: 'boston', point: CITY.boston },
  ];

  it('sorts nearest first, programs without coordinates last in their original order', () => {
    const sorted = sortByDistance(programs, CITY.boston, (p) => p.point);
    expect(sorted.map((s) => s.item.id)).toEqual(['boston', 'nyc', 'chicago', 'la', 'none-1', 'none-2']);
    expect(sorted[1]?.miles).toBeCloseTo(190, -0.5);
    expect(sorted[4]?.miles).toBeNull();
    expect(programs[0]?.id).toBe('la'); // input untouched
  });

  it.each([
    [50, ['boston']],
    [250, ['boston', 'nyc']],
    [1000, ['boston', 'nyc', 'chicago']],
    [null, ['boston', 'nyc', 'chicago', 'la', 'none-1', 'none-2']],
  ])('nearby within %s mi → %j', (radius, ids) => {
    expect(nearby(programs, CITY.boston, radius, (p) => p.point).map((s) => s.item.id)).toEqual(ids);
  });
});
