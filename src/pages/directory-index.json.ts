/**
 * GET /directory-index.json — the manifest of the directory's search data (see
 * lib/directory/index-data.ts): how many programs and the URLs of the shards that hold them.
 * Listed programs only: never the test program.
 */
import type { APIRoute } from 'astro';
import { directoryEntries } from '../lib/content/programs.ts';
import { manifestFor } from '../lib/directory/index-data.ts';

export const prerender = true;

export const GET: APIRoute = () => Response.json(manifestFor(directoryEntries.length));
