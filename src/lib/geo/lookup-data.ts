/**
 * Build-time generator of the static lookup shards the browser fetches from the site's own origin
 * (paths and shape in shards.ts). Pure functions of the records, so they are unit-tested without
 * the package; `geoShards()` applies them to the package data once per build.
 */
import { cityKey } from './city-key.ts';
import { cityShardLetter, roundCoordinate, zipPrefix, type Shard } from './shards.ts';
import { zipRecords, type ZipRecord } from './zip-data.ts';

export interface ZipShardFile {
  prefix: string;
  data: Shard;
}

export interface CityShardFile {
  state: string;
  letter: string;
  data: Shard;
}

export interface GeoShards {
  zip: ZipShardFile[];
  city: CityShardFile[];
}

type Row = Pick<ZipRecord, 'zip' | 'lat' | 'lng' | 'city' | 'state'>;

function byKey<T>(a: [string, T], b: [string, T]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/** ZIP shards by 3-digit prefix, in prefix order; keys in each shard in ZIP order. */
export function buildZipShards(records: readonly Row[]): ZipShardFile[] {
  const groups = new Map<string, [string, [number, number]][]>();
  for (const r of records) {
    const prefix = zipPrefix(r.zip);
    let group = groups.get(prefix);
    if (!group) groups.set(prefix, (group = []));
    group.push([r.zip, [roundCoordinate(r.lat), roundCoordinate(r.lng)]]);
  }
  return [...groups.entries()].sort(byKey).map(([prefix, entries]) => ({
    prefix,
    data: Object.fromEntries(entries.sort(byKey)),
  }));
}

/**
 * City shards by state and first character of the city key. A city's point is the mean of the
 * positions of its ZIP codes (a plain mean of latitudes and longitudes: a city spans a few miles,
 * where that equals the spherical mean to well under the 3-decimal rounding).
 */
export function buildCityShards(records: readonly Row[]): CityShardFile[] {
  const sums = new Map<string, Map<string, { lat: number; lng: number; n: number }>>();
  for (const r of records) {
    const key = cityKey(r.city);
    // A visitor's city must start with a letter (query.ts), so names like "115 Firms" (a
    // company's own ZIP) could never be found: leave them out.
    if (!/^\p{L}/u.test(key)) continue;
    const shardId = `${r.state}/${cityShardLetter(key)}`;
    let shard = sums.get(shardId);
    if (!shard) sums.set(shardId, (shard = new Map<string, { lat: number; lng: number; n: number }>()));
    const sum = shard.get(key) ?? { lat: 0, lng: 0, n: 0 };
    shard.set(key, { lat: sum.lat + r.lat, lng: sum.lng + r.lng, n: sum.n + 1 });
  }
  return [...sums.entries()].sort(byKey).map(([shardId, cities]) => {
    const [state = '', letter = ''] = shardId.split('/');
    const entries = [...cities.entries()]
      .map(([key, s]): [string, [number, number]] => [
        key,
        [roundCoordinate(s.lat / s.n), roundCoordinate(s.lng / s.n)],
      ])
      .sort(byKey);
    return { state, letter, data: Object.fromEntries(entries) };
  });
}

let cached: GeoShards | undefined;

/** Every shard of the package's data (computed once per process). */
export function geoShards(): GeoShards {
  if (!cached) {
    const records = zipRecords();
    cached = { zip: buildZipShards(records), city: buildCityShards(records) };
  }
  return cached;
}
