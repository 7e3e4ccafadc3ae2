/**
 * The directory's search data as static files: a small manifest at `/directory-index.json`
 * naming shards of at most `DIRECTORY_SHARD_SIZE` programs (`/directory-index/0.json`, …).
 * The island fetches the shards in parallel, so no single fetch grows with the directory
 * (budget: ≤ 150 KB gzip per fetch; 500 compact entries are ~70 KB gzip).
 */
import type { DirectoryEntry } from './rules.ts';

export const DIRECTORY_SHARD_SIZE = 500;
export const DIRECTORY_INDEX_URL = '/directory-index.json';

export type DirectoryManifest = { total: number; shards: string[] };

/**
 * Splits entries into consecutive shards, order kept.
 *
 * @example shardEntries([a, b, c], 2) // → [[a, b], [c]]
 */
export function shardEntries<T>(entries: readonly T[], size = DIRECTORY_SHARD_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('shard size must be a positive integer');
  const shards: T[][] = [];
  for (let i = 0; i < entries.length; i += size) shards.push(entries.slice(i, i + size));
  return shards;
}

/** The manifest for `total` entries. @example manifestFor(1200) // → { total: 1200, shards: ['/directory-index/0.json', '/directory-index/1.json', '/directory-index/2.json'] } */
export function manifestFor(total: number, size = DIRECTORY_SHARD_SIZE): DirectoryManifest {
  const count = Math.max(1, Math.ceil(total / size));
  return { total, shards: Array.from({ length: count }, (_, i) => `/directory-index/${i}.json`) };
}

/** Loads the manifest then every shard in parallel; rejects if any request fails. */
export async function loadDirectoryIndex(
  fetchJson: (url: string) => Promise<unknown> = defaultFetchJson,
): Promise<DirectoryEntry[]> {
  const manifest = (await fetchJson(DIRECTORY_INDEX_URL)) as DirectoryManifest;
  const shards = (await Promise.all(manifest.shards.map((url) => fetchJson(url)))) as DirectoryEntry[][];
  return shards.flat();
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}
