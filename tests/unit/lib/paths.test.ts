import { describe, expect, it } from 'vitest';
import { pagePath } from '../../../src/lib/paths.ts';

describe('pagePath: the URL a built page is served at', () => {
  it.each([
    ['/index.html', '/'],
    ['/', '/'],
    ['/blog.html', '/blog'],
    ['/blog', '/blog'],
    ['/blog/', '/blog'],
    ['/program/tidemark-ocd-residential.html', '/program/tidemark-ocd-residential'],
    ['/blog/index.html', '/blog'],
  ])('%s → %s', (input, expected) => {
    expect(pagePath(input)).toBe(expected);
  });
});
