/**
 * The repository's own files for the house-keeping tests (no-citations, file-references,
 * feature-folders, api-docs): a walk of the named folders that skips what is built or installed,
 * so the tests read the same files on a fresh clone as in a worktree that has run a build.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders that are built, installed or cached, never written by hand. */
export const GENERATED_DIRS = new Set([
  'node_modules',
  'dist',
  '.astro',
  '.netlify',
  '.data',
  '.dist-next',
  '.test-summary',
  'test-results',
  'playwright-report',
  'bench-results',
  '.git',
]);

/**
 * Repo-relative paths (with `/`) of the files under `roots` whose names end with one of
 * `extensions`, sorted. A root that is a file is taken as it is.
 */
export function repoFiles(roots: readonly string[], extensions: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (path: string): void => {
    if (statSync(path).isFile()) {
      if (extensions.some((ext) => path.endsWith(ext))) found.push(path);
      return;
    }
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (GENERATED_DIRS.has(entry.name)) continue;
      const child = join(path, entry.name).replaceAll('\\', '/');
      if (entry.isDirectory()) walk(child);
      else if (extensions.some((ext) => entry.name.endsWith(ext))) found.push(child);
    }
  };
  for (const root of roots) walk(root);
  return found.sort();
}
