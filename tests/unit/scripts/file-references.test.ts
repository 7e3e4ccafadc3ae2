/**
 * Comments and docs that point at a file point at one that exists: a path in a code comment (//,
 * /* *\/, JSDoc, <!-- --> in .astro) under src, netlify, scripts or tests, or anywhere in README.md
 * and docs/*.md, that starts at one of the repository's top folders (src/, tests/, netlify/,
 * scripts/, docs/, supabase/) and names a file (an extension) or a folder (a trailing /).
 * Placeholders (`src/features/<feature>/`, `tests/e2e/*.spec.ts`, `{a,b}`, a trailing `...`) and
 * what a build or an install writes are not checked.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIRS, repoFiles } from './repo-files.ts';

const CODE_ROOTS = ['src', 'netlify', 'scripts', 'tests'];
const CODE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.astro'];
const DOCS = ['README.md', 'docs'];

/** A path from a top folder, not part of a longer path or a URL (`https://x/src/a.ts`). */
const PATH = /(?<![\w./@~-])(?:src|tests|netlify|scripts|docs|supabase)\/[\w.\-/[\]<>*{},$…]*/g;
/** Files a build or a script writes, absent from a fresh clone. */
const GENERATED_FILES = new Set(['netlify/functions/_shared/program-index.generated.json']);

/** The comments of a source file, joined: line comments, block comments, HTML comments. */
export function commentsOf(text: string): string {
  // A string literal is skipped whole, so `'https://example.org'` is not a comment.
  const TOKEN =
    /'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`|\/\/[^\n]*|\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->/g;
  return [...text.matchAll(TOKEN)]
    .map(([token]) => token)
    .filter((token) => /^(?:\/\/|\/\*|<!--)/.test(token))
    .join('\n');
}

/** The repo-relative paths `text` names that should exist, without trailing punctuation. */
export function pathsIn(text: string): string[] {
  const paths = [...text.matchAll(PATH)].map(([raw]) => raw.replace(/[.,:;)]+$/, ''));
  return paths.filter((path) => {
    if (/[<>*{}$…]|\.\.\.$/.test(path)) return false; // a placeholder or a glob
    if (GENERATED_FILES.has(path)) return false;
    if (path.split('/').some((part) => GENERATED_DIRS.has(part))) return false;
    const last = path.endsWith('/') ? '' : (path.split('/').at(-1) ?? '');
    return path.endsWith('/') || /\.\w+$/.test(last);
  });
}

/** Files whose comments name paths in another repository, and which one. */
const OTHER_REPOSITORIES = new Map([
  ['tests/lib/observatory.ts', 'mdn/mdn-http-observatory, whose grading it ports'],
]);

/** `file: path` for each path `text` names that does not exist. */
function missing(file: string, text: string): string[] {
  if (OTHER_REPOSITORIES.has(file)) return [];
  return [...new Set(pathsIn(text))].filter((p) => !existsSync(p)).map((p) => `${file}: ${p}`);
}

describe('paths in comments and docs exist', () => {
  it.each([
    ['// see src/lib/dates.ts.', ['src/lib/dates.ts']],
    ['/* tests/unit/scripts/ */', ['tests/unit/scripts/']],
    ['// src/features/<feature>/ and tests/e2e/*.spec.ts', []],
    ['// https://github.com/o/r/blob/main/src/a.ts', []],
    ['// ../src/lib/dates.ts or src/lib/dates', []],
    ['(docs/api.md#reviews), dist/index.html', ['docs/api.md']],
  ])('reads the paths of %j', (text, paths) => {
    expect(pathsIn(text)).toEqual(paths);
  });

  it('reads comments, not strings', () => {
    const text = "const u = 'https://x.org/src/a.ts'; // src/b.ts\n/** src/c.ts */ <!-- src/d.ts -->";
    expect(pathsIn(commentsOf(text))).toEqual(['src/b.ts', 'src/c.ts', 'src/d.ts']);
  });

  it('finds every path in the comments of src, netlify, scripts and tests', () => {
    const files = repoFiles(CODE_ROOTS, CODE_EXTENSIONS);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => missing(file, commentsOf(readFileSync(file, 'utf8'))));
    expect(found).toEqual([]);
  });

  it('finds every path in README.md and docs/', () => {
    const files = repoFiles(DOCS, ['.md']);
    expect(files.length).toBeGreaterThan(3);
    const found = files.flatMap((file) => missing(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
