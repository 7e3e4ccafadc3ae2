import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { notFoundRules } from '../../../scripts/lib/runtime.ts';

const rules = notFoundRules(readFileSync('netlify.toml', 'utf8'));
const matches = (path: string): boolean => rules.some((rule) => rule.test(path));

describe('404 rewrite rules read from netlify.toml (applied by npm start as Netlify does)', () => {
  it('finds exactly the program and blog rules', () => {
    expect(rules.map(String)).toEqual(['/^\\/program(?:\\/.*)?$/', '/^\\/blog(?:\\/.*)?$/']);
  });

  it.each([
    ['/program/unknown-id', true],
    ['/program', true],
    ['/program/', true],
    ['/blog/unknown-slug', true],
    ['/blog/a/b', true],
    ['/programs', false],
    ['/blogroll', false],
    ['/about', false],
  ])('%s → %s', (path, expected) => {
    expect(matches(path)).toBe(expected);
  });

  it('ignores redirects whose status is not 404', () => {
    const toml = '[[redirects]]\n  from = "/old/*"\n  to = "/new/:splat"\n  status = 301\n';
    expect(notFoundRules(toml)).toEqual([]);
  });
});
