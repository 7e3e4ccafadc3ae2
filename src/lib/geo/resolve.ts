/**
 * Browser side of the "Near" box: turns what a visitor typed into a point, reading only the
 * site's own static shards (one request of at most a few KB; no third-party service). The shard
 * fetcher is injected so this runs in unit tests without a network.
 */
import type { GeoPoint } from './distance.ts';
import { LOCATION_MESSAGES, parseLocation } from './query.ts';
import { cityShardPath, zipShardPath, type Shard } from './shards.ts';

/** Fetches one shard by its site path; resolves `null` when there is no such shard (404). */
export type FetchShard = (path: string) => Promise<Shard | null>;

export type ResolvedLocation = { ok: true; point: GeoPoint; label: string } | { ok: false; message: string };

/** The fetcher for the browser: same-origin `fetch`, 404 → null, other failures throw. */
export const fetchShardFromSite: FetchShard = async (path) => {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as Shard;
};

/** Shards already fetched (or being fetched), per fetcher, for the life of the page. */
const caches = new WeakMap<FetchShard, Map<string, Promise<Shard | null>>>();

function loadShard(fetchShard: FetchShard, path: string): Promise<Shard | null> {
  let cache = caches.get(fetchShard);
  if (!cache) caches.set(fetchShard, (cache = new Map<string, Promise<Shard | null>>()));
  let pending = cache.get(path);
  if (!pending) {
    pending = fetchShard(path);
    cache.set(path, pending);
    // A failed request is not remembered, so trying again after a network hiccup works.
    pending.catch(() => cache.delete(path));
  }
  return pending;
}

/** Forgets every cached shard of `fetchShard` (tests; a long-lived page after a deploy). */
export function clearShardCache(fetchShard: FetchShard): void {
  caches.delete(fetchShard);
}

/**
 * Resolves the visitor's input to a point and the label to show ("ZIP 02478", "Belmont, MA"),
 * or a message: malformed input, unknown ZIP, unknown city, or a failed request.
 */
export async function resolveLocation(input: string, fetchShard: FetchShard): Promise<ResolvedLocation> {
  const parsed = parseLocation(input);
  if (!parsed.ok) return parsed;
  const { query } = parsed;
  const path = query.kind === 'zip' ? zipShardPath(query.zip) : cityShardPath(query.state, query.key);
  let shard: Shard | null;
  try {
    shard = await loadShard(fetchShard, path);
  } catch {
    return { ok: false, message: LOCATION_MESSAGES.unavailable };
  }
  const key = query.kind === 'zip' ? query.zip : query.key;
  // hasOwn: a city typed as "constructor" must not find Object.prototype's.
  const hit = shard && Object.hasOwn(shard, key) ? shard[key] : undefined;
  if (!hit) {
    return {
      ok: false,
      message:
        query.kind === 'zip'
          ? LOCATION_MESSAGES.unknownZip(query.zip)
          : LOCATION_MESSAGES.unknownCity(query.city, query.state),
    };
  }
  return {
    ok: true,
    point: { lat: hit[0], lng: hit[1] },
    label: query.kind === 'zip' ? `ZIP ${query.zip}` : `${query.city}, ${query.state}`,
  };
}
