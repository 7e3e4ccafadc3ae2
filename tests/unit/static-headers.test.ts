import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FRAMEWORK_CONFIG,
  forPattern,
  headersForPath,
  parseHeaderRules,
  rewritesOf,
  staticHeadersFor,
  withRewriteHeaders,
  type HeaderRule,
} from '../../scripts/lib/static-headers.ts';

const CSP_HOME = "default-src 'none'; script-src 'self' 'sha256-aaa='";
const CSP_PROFILE = "default-src 'none'; script-src 'self' 'sha256-bbb='";
/** The shape @astrojs/netlify writes with `staticHeaders` on. */
const CONFIG = {
  images: { remote_images: [] },
  headers: [
    { for: '/_astro/*', values: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
    { for: '/', values: { 'Content-Security-Policy': CSP_HOME } },
    { for: '/program/pine-hollow', values: { 'Content-Security-Policy': CSP_PROFILE } },
  ],
};
const rules = parseHeaderRules(JSON.stringify(CONFIG));

describe('Netlify `for` patterns (the semantics of @netlify/headers-parser)', () => {
  it.each([
    ['/', '/', true],
    ['/', '/about', false],
    ['/program/pine-hollow', '/program/pine-hollow', true],
    ['/program/pine-hollow', '/program/pine-hollow/', true],
    ['/program/pine-hollow', '/PROGRAM/Pine-Hollow', true],
    ['/program/pine-hollow', '/program/pine-hollow-2', false],
    ['/program/pine-hollow', '/program/pine.hollow', false],
    ['/_astro/*', '/_astro/a.js', true],
    ['/_astro/*', '/_astro', true],
    // The parser's `/?(.*)` for a standalone splat also matches a longer sibling; kept for parity.
    ['/_astro/*', '/_astroX/a.js', true],
    ['/_astro/*', '/other/a.js', false],
    ['/blog/:slug', '/blog/x', true],
    ['/blog/:slug', '/blog/x/y', false],
    ['/files/*.pdf', '/files/a.pdf', true],
    ['/files/*.pdf', '/files/a.txt', false],
  ])('%s matches %s: %s', (pattern, path, expected) => {
    expect(forPattern(pattern).test(path)).toBe(expected);
  });
});

describe('headers for a request path', () => {
  it('gives each page its own policy and nothing to other paths', () => {
    expect(headersForPath(rules, '/')).toEqual({ 'Content-Security-Policy': CSP_HOME });
    expect(headersForPath(rules, '/program/pine-hollow')).toEqual({ 'Content-Security-Policy': CSP_PROFILE });
    expect(headersForPath(rules, '/program/unknown')).toEqual({});
    expect(headersForPath(rules, '/_astro/x.js')).toEqual({
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  it('matches percent-encoded request paths against decoded rule paths', () => {
    const encoded: HeaderRule[] = [{ for: '/program/café', values: { A: '1' } }];
    expect(headersForPath(encoded, '/program/caf%C3%A9')).toEqual({ A: '1' });
    expect(headersForPath(encoded, '/program/caf%E9')).toEqual({});
  });

  it('lets a later rule override an earlier one for the same header', () => {
    const both: HeaderRule[] = [
      { for: '/*', values: { A: 'all', B: 'all' } },
      { for: '/x', values: { A: 'x' } },
    ];
    expect(headersForPath(both, '/x')).toEqual({ A: 'x', B: 'all' });
  });

  it('leaves out malformed rules', () => {
    const json = JSON.stringify({
      headers: [
        { for: '/', values: { A: 1 } },
        { values: { B: 'b' } },
        null,
        { for: '/', values: { C: 'c' } },
      ],
    });
    expect(parseHeaderRules(json)).toEqual([{ for: '/', values: { C: 'c' } }]);
    expect(parseHeaderRules('{}')).toEqual([]);
  });
});

describe('staticHeadersFor(root)', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('reads the build output, follows a rebuild and sends nothing without a build', () => {
    root = mkdtempSync(join(tmpdir(), 'static-headers-'));
    const headersFor = staticHeadersFor(root);
    expect(headersFor('/')).toEqual({});

    const file = join(root, FRAMEWORK_CONFIG);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, JSON.stringify(CONFIG));
    expect(headersFor('/')['Content-Security-Policy']).toBe(CSP_HOME);

    writeFileSync(
      file,
      JSON.stringify({ headers: [{ for: '/', values: { 'Content-Security-Policy': 'x' } }] }),
    );
    // A rebuild within the same clock tick must still be seen: move the mtime on explicitly.
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect(headersFor('/')['Content-Security-Policy']).toBe('x');
  });
});

describe('rewritten addresses get the headers of the page they are served', () => {
  const toml = `
[[redirects]]
  from = "/program/*"
  to = "/program-not-found"
  status = 404

[[redirects]]
  from = "/request/*"
  to = "/request"
  status = 200
`;
  it('reads only the 200 rewrites of netlify.toml', () => {
    expect(rewritesOf(toml)).toEqual([{ from: '/request/*', to: '/request' }]);
  });
  it('repeats the target page’s rules for the rewritten pattern, once', () => {
    const rules = [
      { for: '/_astro/*', values: { 'Cache-Control': 'immutable' } },
      { for: '/request', values: { 'Content-Security-Policy': "default-src 'none'" } },
    ];
    const out = withRewriteHeaders(rules, rewritesOf(toml));
    expect(out).toEqual([
      ...rules,
      { for: '/request/*', values: { 'Content-Security-Policy': "default-src 'none'" } },
    ]);
    expect(headersForPath(out, '/request/abc123')).toEqual({
      'Content-Security-Policy': "default-src 'none'",
    });
    expect(withRewriteHeaders(out, rewritesOf(toml))).toEqual(out);
  });
  it('adds nothing when the target page has no rules', () => {
    expect(withRewriteHeaders([], rewritesOf(toml))).toEqual([]);
  });
});
