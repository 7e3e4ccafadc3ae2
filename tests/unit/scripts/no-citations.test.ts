/**
 * No comment cites a tracker issue or a section of a spec: a reader of the code has neither at
 * hand, and the number says nothing about what the code does or why. A comment says that in
 * words instead. Applied migrations (supabase/migrations) are history and are not read.
 * A section of a published standard ("RFC 9110 §8.3.1") is a reference anyone can open: allowed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoFiles } from './repo-files.ts';

const ROOTS = ['src', 'netlify', 'scripts', 'supabase', 'tests', 'astro.config.mjs'];
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js', '.astro', '.sql', '.css', '.md'];

const SECTION = '\u00a7';
/** Spelled apart, so the examples below are not citations themselves. */
const ISSUE = 'issue';
/** The word issue(s) and a number, "spec" and a section sign, a section sign and a number. */
const CITATION = new RegExp(
  [
    String.raw`\bissues? ?#?\d+`,
    String.raw`\b(?:spec|specification) ?${SECTION}`,
    String.raw`(?<!\bRFC \d+ )${SECTION} ?\d`,
  ].join('|'),
  'i',
);

/** `file:line: text` for each line of `text` with a citation. */
export function citations(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (CITATION.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('comments cite no issue numbers and no spec sections', () => {
  it.each([
    [`// peaked lower (${ISSUE} 11).`, 1],
    [`/* see ${ISSUE} #12 */`, 1],
    [`* Reports (${ISSUE}s 18 and 19)`, 1],
    [`// as the spec ${SECTION}4.2 says`, 1],
    [`// ${SECTION} 3 of the product rules`, 1],
    [`// Media types are case-insensitive (RFC 9110 ${SECTION}8.3.1).`, 0],
    ['// postgres.js#1208: a write on a closed socket', 0],
    ['// the issuer of the token is checked', 0],
  ])('finds the citations in %j', (line, count) => {
    expect(citations('x.ts', line)).toHaveLength(count);
  });

  it('finds none in src, netlify, scripts, supabase (but migrations), tests, astro.config.mjs', () => {
    const files = repoFiles(ROOTS, EXTENSIONS).filter((f) => !f.startsWith('supabase/migrations/'));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => citations(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
