/**
 * GET /geo/zip/<prefix>.json — the ZIP centroids whose first three digits are <prefix>:
 * `{ "02478": [42.396, -71.179], … }`. Built at build time from the `zipcodes` package; read by
 * the directory's "Near" box (src/lib/geo/resolve.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { geoShards } from '../../../lib/geo/lookup-data.ts';
import type { Shard } from '../../../lib/geo/shards.ts';

export const prerender = true;

export const getStaticPaths = (() =>
  geoShards().zip.map(({ prefix, data }) => ({
    params: { prefix },
    props: { data },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ data: Shard }> = ({ props }) => Response.json(props.data);
