/**
 * `npm run dev`: the local backend (unless SUPABASE_URL/DATABASE_URL are set), then `astro dev`
 * with hot reload on http://localhost:4321. The Netlify adapter's Vite plugin serves
 * netlify/functions under /api in dev as well.
 *
 * Astro reloads content by itself; the functions' program index is written again whenever a
 * program file changes, so a program added while dev runs takes requests as soon as its page shows
 * (Vite reloads the index file the functions import).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { changeReason, watchContent } from './lib/content-watch.ts';
import { startLocalBlobs } from './lib/functions.ts';
import { ProgramFilesError, writeProgramIndex } from './gen-program-index.ts';
import { ensureBackend, runGenerators } from './lib/runtime.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1'; // no request to telemetry.astro.build (scripts/astro.ts)

// The Netlify dev middleware applies netlify.toml's rewrites against the publish folder: with an
// old build in dist/, /program/* would be answered from it instead of the live pages. dist/ is
// a build output (`npm start` builds it again), so dev starts without it.
rmSync('dist', { recursive: true, force: true });

const backend = await ensureBackend({ siteUrl: 'http://localhost:4321' });
// Netlify Blobs (provider uploads) in .data/blobs, as under `npm start`: startLocalBlobs sets
// NETLIFY_BLOBS_CONTEXT, which `astro dev` (and the functions it serves) inherits.
const blobs = process.env.NETLIFY_BLOBS_CONTEXT ? null : await startLocalBlobs(join('.data', 'blobs'));
runGenerators();

const programWatcher = watchContent(
  join('content', 'programs'),
  (files) => {
    writeProgramIndex().then(
      (index) => {
        console.log(`program index: ${String(index.length)} programs (${changeReason(files)})`);
      },
      (error: unknown) => {
        console.error(error instanceof ProgramFilesError ? error.message : error);
      },
    );
  },
  { prefix: join('content', 'programs') },
);

const astro = spawn('astro', ['dev', ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
let stopping = false;
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  programWatcher.close();
  astro.kill('SIGTERM');
  await blobs?.stop().catch(() => undefined);
  await backend?.stop();
  process.exit(code);
}
astro.on('exit', (code) => void shutdown(code ?? 0));
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));
