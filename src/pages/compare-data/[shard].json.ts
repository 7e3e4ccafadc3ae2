/**
 * GET /compare-data/<shard>.json — the facts /compare shows, for the listed programs whose id
 * hashes to this shard (`compareShard`, src/features/compare/data.ts): `{ <id>: CompareData }`.
 * Listed programs only: never the test program. Shards without a program are not built (404).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { listedPrograms } from '../../lib/content/programs.ts';
import { toCompareData } from '../../features/compare/build-data.ts';
import { compareShard, type CompareData } from '../../features/compare/data.ts';

export const prerender = true;

export const getStaticPaths = (() => {
  const shards = new Map<string, Record<string, CompareData>>();
  for (const entry of listedPrograms) {
    const shard = compareShard(entry.id);
    const programs = shards.get(shard) ?? {};
    programs[entry.id] = toCompareData(entry);
    shards.set(shard, programs);
  }
  return [...shards].map(([shard, programs]) => ({ params: { shard }, props: { programs } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ programs: Record<string, CompareData> }> = ({ props }) =>
  Response.json(props.programs);
