import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FRAMEWORK_CONFIG,
  forPattern,
  headersForPath,
  parseHeaderRules,
  rewritesOf,
  tomlHeaderRules,
  staticHeadersFor,
  withRewriteHeaders,
  type HeaderRule,
} from '../../../scripts/lib/static-headers.ts';

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

[[redirects]]
  from = "/old"
  to = "/new"
  status = 301
`;
  const csp = (page: string) => ({ 'Content-Security-Policy': `default-src 'none'; ${page}` });
  const rules = [
    { for: '/_astro/*', values: { 'Cache-Control': 'immutable' } },
    { for: '/404', values: csp('404') },
    { for: '/program-not-found', values: csp('program-not-found') },
    { for: '/program/silver-creek-ranch', values: csp('silver') },
    { for: '/request', values: csp('request') },
  ];

  it('reads the 200 and 404 rewrites of netlify.toml, not the redirects', () => {
    expect(rewritesOf(toml)).toEqual([
      { from: '/program/*', to: '/program-not-found', status: 404 },
      { from: '/request/*', to: '/request', status: 200 },
    ]);
  });

  it('gives every address the headers of the page it is served, once', () => {
    const out = withRewriteHeaders(rules, rewritesOf(toml));
    // the catch-alls first, widest first; each page's own rule after them
    expect(out.map((r) => r.for)).toEqual([
      '/*',
      '/program/*',
      '/request/*',
      '/_astro/*',
      '/404',
      '/program-not-found',
      '/program/silver-creek-ranch',
      '/request',
    ]);
    expect(headersForPath(out, '/request/abc123')).toEqual(csp('request'));
    expect(headersForPath(out, '/program/unknown')).toEqual(csp('program-not-found'));
    expect(headersForPath(out, '/program/silver-creek-ranch')).toEqual(csp('silver'));
    expect(headersForPath(out, '/no/such/page')).toEqual(csp('404'));
    expect(headersForPath(out, '/_astro/x.js')).toEqual({ ...csp('404'), 'Cache-Control': 'immutable' });
    expect(withRewriteHeaders(out, rewritesOf(toml))).toEqual(out);
  });

  it('adds nothing when the target pages have no rules', () => {
    expect(withRewriteHeaders([], rewritesOf(toml))).toEqual([]);
  });
});

describe('tomlHeaderRules', () => {
  it('reads each [[headers]] block of netlify.toml', () => {
    expect(
      tomlHeaderRules(`
[[redirects]]
  from = "/a"
  to = "/b"
  status = 404

[[headers]]
  for = "/*"
  [headers.values]
    X-Frame-Options = "DENY"
    Permissions-Policy = "camera=(), geolocation=(self)"

[[headers]]
  for = "/_astro/*"
  [headers.values]
    Cache-Control = "public, max-age=31536000, immutable"
`),
    ).toEqual([
      {
        for: '/*',
        values: { 'X-Frame-Options': 'DENY', 'Permissions-Policy': 'camera=(), geolocation=(self)' },
      },
      { for: '/_astro/*', values: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
    ]);
  });

  it('reads the project’s own netlify.toml: the security headers of every response', () => {
    const [all] = tomlHeaderRules(readFileSync('netlify.toml', 'utf8'));
    expect(all?.for).toBe('/*');
    expect(Object.keys(all?.values ?? {})).toEqual(
      expect.arrayContaining(['X-Content-Type-Options', 'X-Frame-Options', 'Strict-Transport-Security']),
    );
  });
});
