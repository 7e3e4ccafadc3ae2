/**
 * Figures of the offline geocoding for `npm run bench` (the directory's Near search): gzip sizes of the static lookup
 * shards a visitor's browser downloads (one per lookup) and the time to resolve a typed ZIP or
 * "City, ST" from a shard. Computed from the generator's output; no server or build needed.
 */
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { geoShards } from '../../src/lib/geo/lookup-data.ts';
import { resolveLocation, type FetchShard } from '../../src/lib/geo/resolve.ts';
import type { Shard } from '../../src/lib/geo/shards.ts';

export interface GeoBench {
  zipShards: number;
  cityShards: number;
  zipShardMaxRawBytes: number;
  zipShardMaxGzipBytes: number;
  zipShardMedianGzipBytes: number;
  cityShardMaxRawBytes: number;
  cityShardMaxGzipBytes: number;
  cityShardMedianGzipBytes: number;
  /** Median time of one lookup with a cold cache: parse the shard's JSON text and resolve. */
  lookupMedianMs: number;
  lookups: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function sizes(bodies: readonly string[]): { maxRaw: number; maxGzip: number; medianGzip: number } {
  const gzip = bodies.map((b) => gzipSync(b).length);
  return {
    maxRaw: Math.max(0, ...bodies.map((b) => Buffer.byteLength(b))),
    maxGzip: Math.max(0, ...gzip),
    medianGzip: median(gzip),
  };
}

/** Measures the shards and `lookups` lookups (half ZIP codes, half cities, spread over the data). */
export async function benchGeo(options: { lookups?: number } = {}): Promise<GeoBench> {
  const lookups = options.lookups ?? 400;
  const shards = geoShards();
  // The bodies exactly as the endpoints send them (Response.json → JSON.stringify).
  const files = new Map<string, string>();
  for (const s of shards.zip) files.set(`/geo/zip/${s.prefix}.json`, JSON.stringify(s.data));
  for (const s of shards.city) files.set(`/geo/city/${s.state}/${s.letter}.json`, JSON.stringify(s.data));
  const zip = sizes(shards.zip.map((s) => JSON.stringify(s.data)));
  const city = sizes(shards.city.map((s) => JSON.stringify(s.data)));

  const zips = shards.zip.flatMap((s) => Object.keys(s.data));
  const cities = shards.city.flatMap((s) => Object.keys(s.data).map((key) => `${key}, ${s.state}`));
  const inputs = Array.from({ length: lookups }, (_, i) => {
    const list = i % 2 === 0 ? zips : cities;
    return list[Math.floor((i / lookups) * list.length)] ?? '';
  });

  const times: number[] = [];
  for (const input of inputs) {
    // A new fetcher per lookup: its cache starts empty, as on a fresh page.
    const fetchShard: FetchShard = (path) => {
      const body = files.get(path);
      return Promise.resolve(body === undefined ? null : (JSON.parse(body) as Shard));
    };
    const start = performance.now();
    const result = await resolveLocation(input, fetchShard);
    times.push(performance.now() - start);
    if (!result.ok) throw new Error(`bench-geo: "${input}" did not resolve: ${result.message}`);
  }

  return {
    zipShards: shards.zip.length,
    cityShards: shards.city.length,
    zipShardMaxRawBytes: zip.maxRaw,
    zipShardMaxGzipBytes: zip.maxGzip,
    zipShardMedianGzipBytes: zip.medianGzip,
    cityShardMaxRawBytes: city.maxRaw,
    cityShardMaxGzipBytes: city.maxGzip,
    cityShardMedianGzipBytes: city.medianGzip,
    lookupMedianMs: Math.round(median(times) * 1000) / 1000,
    lookups,
  };
}
