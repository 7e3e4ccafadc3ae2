/**
 * A throw-away copy of the project to build in: the site's sources and content copied, the
 * packages linked. Used where a build must not touch the project's own `dist/` and content store
 * (which `npm start` and the browser tests rebuild at any time): the bench's builds at scale and
 * the hostile-content build test.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Copies what a build reads into a new temporary folder and returns its path. */
export function copyProject(prefix: string, root = process.cwd()): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of [
    'src',
    // astro.config.mjs's integrations import helpers from scripts/lib.
    'scripts',
    // The content loader reads published listings with netlify/functions/_shared/publishing.ts.
    'netlify/functions/_shared',
    'content',
    'public',
    'astro.config.mjs',
    'tsconfig.json',
    'package.json',
    'netlify.toml',
  ]) {
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  // The packages are shared, but not node_modules/.astro (the content data store) or .vite:
  // with one linked folder, the copy's build would read and overwrite the project's store.
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name === '.astro' || name === '.vite') continue;
    symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name));
  }
  return dir;
}
