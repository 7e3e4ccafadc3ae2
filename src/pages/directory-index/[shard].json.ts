/**
 * GET /directory-index/<n>.json — one shard of the directory's compact search data, in name
 * order. Built at build time; the manifest at /directory-index.json lists them.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { directoryEntries } from '../../lib/content/programs.ts';
import { shardEntries } from '../../lib/directory/index-data.ts';
import type { DirectoryEntry } from '../../lib/directory/rules.ts';

export const prerender = true;

export const getStaticPaths = (() => {
  const shards = shardEntries(directoryEntries);
  // An empty directory still has shard 0, so the manifest never names a missing file.
  return (shards.length > 0 ? shards : [[]]).map((entries, i) => ({
    params: { shard: String(i) },
    props: { entries },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ entries: DirectoryEntry[] }> = ({ props }) => Response.json(props.entries);
