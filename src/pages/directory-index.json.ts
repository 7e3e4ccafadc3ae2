/**
 * The compact search data of the directory (GET /directory-index.json), built at build time.
 * The home island fetches it the first time someone searches, filters or sorts, so the home
 * page HTML carries only the first cards. Listed programs only: never the test program.
 */
import type { APIRoute } from 'astro';
import { directoryEntries } from '../lib/content/programs.ts';

export const prerender = true;

export const GET: APIRoute = () =>
  new Response(JSON.stringify(directoryEntries), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
