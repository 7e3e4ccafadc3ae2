/**
 * Where the static lookup shards live on the site's own origin, and their shape. Browser-safe:
 * shared by the generator (lookup-data.ts), the endpoints in src/pages/geo/ and resolve.ts.
 *
 * - ZIP shards, by the first three digits: `/geo/zip/021.json` → `{ "02478": [42.396, -71.179], … }`
 * - City shards, by state and the first character of the city's key:
 *   `/geo/city/MA/b.json` → `{ "belmont": [42.396, -71.179], … }`. One file per state would
 *   reach 19 KB gzipped for Pennsylvania; by first character the largest is about 2 KB.
 */

/** `[lat, lng]` rounded to SHARD_DECIMALS. */
export type ShardPoint = [number, number];
export type Shard = Record<string, ShardPoint>;

/** 3 decimals ≈ 110 m, far finer than a ZIP centroid is accurate. */
export const SHARD_DECIMALS = 3;

export function roundCoordinate(value: number): number {
  const factor = 10 ** SHARD_DECIMALS;
  // +0 turns -0 into 0, so JSON never shows "-0".
  return Math.round(value * factor) / factor + 0;
}

/** `'02478'` → `'024'`. */
export function zipPrefix(zip: string): string {
  return zip.slice(0, 3);
}

/** The shard letter of a city key: its first character if a-z or 0-9, else `_`. */
export function cityShardLetter(key: string): string {
  const first = key.charAt(0);
  return /^[a-z0-9]$/.test(first) ? first : '_';
}

export function zipShardPath(zip: string): string {
  return `/geo/zip/${zipPrefix(zip)}.json`;
}

export function cityShardPath(state: string, key: string): string {
  return `/geo/city/${state}/${cityShardLetter(key)}.json`;
}
