/**
 * GET /geo/city/<state>/<letter>.json — the cities of <state> whose key starts with <letter>:
 * `{ "belmont": [42.396, -71.179], … }`, each the mean of its ZIP centroids. Built at build time
 * from the `zipcodes` package; read by the directory's "Near" box (src/lib/geo/resolve.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { geoShards } from '../../../../lib/geo/lookup-data.ts';
import type { Shard } from '../../../../lib/geo/shards.ts';

export const prerender = true;

export const getStaticPaths = (() =>
  geoShards().city.map(({ state, letter, data }) => ({
    params: { state, letter },
    props: { data },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ data: Shard }> = ({ props }) => Response.json(props.data);
