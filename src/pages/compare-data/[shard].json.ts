/**
 * GET /compare-data/<id>.json — the facts /compare shows for one listed program (a few hundred
 * bytes), so the page downloads only the programs it compares. Listed programs only: never the
 * test program; an unknown id is a 404.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { listedPrograms } from '../../lib/content/programs.ts';
import { toCompareData } from '../../features/compare/build-data.ts';
import type { CompareData } from '../../features/compare/data.ts';

export const prerender = true;

export const getStaticPaths = (() =>
  listedPrograms.map((entry) => ({
    params: { id: entry.id },
    props: { data: toCompareData(entry) },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ data: CompareData }> = ({ props }) => Response.json(props.data);
