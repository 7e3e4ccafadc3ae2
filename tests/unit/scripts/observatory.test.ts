/**
 * The Observatory port (tests/lib/observatory.ts) against the expectations of the Observatory's
 * own test suite (mdn/mdn-http-observatory test/*.test.js), then the production header set.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headersForPath, parseHeaderRules, FRAMEWORK_CONFIG } from '../../../scripts/lib/static-headers.ts';
import {
  analyzeCsp,
  grade,
  gradeForScore,
  OBSERVATORY_CORS_ORIGIN,
  structuredToken,
  type Expectation,
  type TestName,
} from '../../lib/observatory.ts';

const HTTPS = 'https://mozilla.org/';
const HTML = { 'content-type': 'text/html' };
const page = (body = ''): string => `<!doctype html><html><head>${body}</head><body></body></html>`;
const csp = (value: string, url = HTTPS) =>
  analyzeCsp({ url, headers: { ...HTML, 'content-security-policy': value }, html: page() });
const result = (test: TestName, headers: Record<string, string | string[]>, html = page(), url = HTTPS) =>
  grade({ url, headers: { ...HTML, ...headers }, html }).tests[test];

describe('CSP (test/csp.test.js)', () => {
  it('is not implemented without a policy, and a report-only policy does not count', () => {
    expect(analyzeCsp({ url: HTTPS, headers: HTML, html: page() }).result).toBe('csp-not-implemented');
    const reportOnly = analyzeCsp({
      url: HTTPS,
      headers: {
        ...HTML,
        'content-security-policy-report-only': "default-src 'none'; report-to /_/csp-reports",
      },
      html: page(),
    });
    expect(reportOnly).toMatchObject({ result: 'csp-not-implemented-but-reporting-enabled', pass: false });
  });

  it.each([
    '  ',
    '',
    "default-src 'none'; default-src 'none'",
    "default-src 'none'; img-src 'self'; default-src 'none'",
    "default-src 'none'; script-src 'strict-dynamic'",
    'defa',
  ])('invalid: %j', (value) => {
    expect(csp(value)).toMatchObject({ result: 'csp-header-invalid', pass: false });
  });

  it.each([
    "default-src 'none'; script-src https://*",
    "script-src 'unsafe-inline'",
    'script-src data:',
    'script-src http:',
    'script-src ftp:',
    "default-src 'unsafe-inline'",
    "default-src 'UNSAFE-INLINE'",
    'upgrade-insecure-requests',
    "script-src 'none'",
    'script-src https:',
    'script-src https://mozilla.org https:',
    'default-src https://mozilla.org https:',
    "default-src 'none'; script-src *",
    "default-src *; script-src *; object-src 'none'",
    "default-src 'none'; script-src 'none'; object-src *",
    "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'",
    "default-src 'none'; script-src 'unsafe-inline' http:",
    "object-src https:; script-src 'none'",
  ])('penalises unsafe inline or broad scripts/objects: %s', (value) => {
    expect(csp(value)).toMatchObject({ result: 'csp-implemented-with-unsafe-inline', pass: false });
  });

  it.each([
    'default-src http://mozilla.org',
    "default-src 'none'; script-src http://mozilla.org",
    "default-src 'none'; script-src ftp://mozilla.org",
  ])('penalises an insecure scheme for active content on https: %s', (value) => {
    expect(csp(value)).toMatchObject({ result: 'csp-implemented-with-insecure-scheme', pass: false });
    // The same policy served over http:// is not judged on schemes.
    expect(csp(value, 'http://localhost:8888/').result).not.toBe('csp-implemented-with-insecure-scheme');
  });

  it.each([
    "default-src 'none'; img-src http://mozilla.org",
    "default-src 'self'; img-src ftp:",
    "default-src 'self'; img-src http:",
    "default-src 'none'; img-src https:; media-src http://mozilla.org",
    "default-src 'none'; img-src http: https:; script-src 'self'; style-src 'self'",
    "default-src 'none'; img-src 'none'; media-src http:; script-src 'self'; style-src 'unsafe-inline'",
  ])('passes with a penalty for insecure passive content only: %s', (value) => {
    expect(csp(value)).toMatchObject({
      result: 'csp-implemented-with-insecure-scheme-in-passive-content-only',
      pass: true,
    });
  });

  it('penalises unsafe-eval', () => {
    const analysis = csp("default-src 'none'; script-src 'unsafe-eval'");
    expect(analysis).toMatchObject({ result: 'csp-implemented-with-unsafe-eval', pass: false });
    expect(analysis.data?.['script-src']).toEqual(["'unsafe-eval'"]);
  });

  it.each([
    "object-src 'none'; script-src 'none'; style-src 'unsafe-inline'",
    "default-src 'none'; script-src https://mozilla.org; style-src 'unsafe-inline'",
    "default-src 'unsafe-inline'; script-src https://mozilla.org",
    "default-src 'none';;; ;;;style-src 'self' 'unsafe-inline'",
    "default-src 'none'; style-src data:",
    "default-src 'none'; style-src *",
    "default-src 'none'; style-src https:",
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBB=' 'unsafe-inline'",
  ])('passes without a bonus for unsafe styles only: %s', (value) => {
    expect(csp(value)).toMatchObject({
      result: 'csp-implemented-with-unsafe-inline-in-style-src-only',
      pass: true,
    });
  });

  it.each([
    'default-src https://mozilla.org',
    "default-src https://mozilla.org;;; ;;;script-src 'none'",
    "object-src 'none'; script-src https://mozilla.org; style-src https://mozilla.org; upgrade-insecure-requests;",
    "object-src 'none'; script-src 'strict-dynamic' 'nonce-abc' 'unsafe-inline'; style-src 'none'",
    "object-src 'none'; style-src 'self';script-src 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBA='",
    "object-src 'none'; script-src 'unsafe-inline' 'nonce-abc123' 'unsafe-inline'; style-src 'none'",
    "default-src https://mozilla.org; style-src 'unsafe-inline' 'nonce-abc123' 'unsafe-inline'",
  ])('ignores unsafe-inline beside a hash or nonce (no unsafe, +5): %s', (value) => {
    expect(csp(value)).toMatchObject({ result: 'csp-implemented-with-no-unsafe', pass: true });
  });

  it.each([
    'default-src',
    "default-src 'none'; script-src 'strict-dynamic' 'nonce-abc123' 'unsafe-inline'",
    "default-src 'none'; script-src https://mozilla.org; style-src https://mozilla.org; upgrade-insecure-requests;",
    "default-src 'none'; object-src https://mozilla.org",
    "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc123' https://*",
  ])("gives the bonus to default-src 'none' without unsafe sources: %s", (value) => {
    expect(csp(value)).toMatchObject({
      result: 'csp-implemented-with-no-unsafe-default-src-none',
      pass: true,
    });
  });

  it('reads <meta http-equiv> policies, however the name is cased or spaced', () => {
    const html = page(`
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; object-src 'none'; media-src 'none';" />
      <meta
        http-equiv=" Content-SECURITY-Policy "
        content="img-src 'self'; style-src 'self' 'nonce-gAeQO8jI4VJCsrsXkcUVRCzQjiihKteQ"
      />
      <meta http-equiv="Content-security-Policy" content="script-src 'self' 'unsafe-inline' 'nonce-gAeQO8jI4VJCsrsXkcUVRCzQjiihKteQ'" />`);
    expect(analyzeCsp({ url: HTTPS, headers: HTML, html })).toMatchObject({
      result: 'csp-implemented-with-no-unsafe-default-src-none',
      pass: true,
    });
  });

  it('merges a header and a meta policy into what both allow', () => {
    const meta = page(`<meta http-equiv="Content-Security-Policy" content="default-src https:" />`);
    const headers = { ...HTML, 'content-security-policy': 'default-src http:' };
    expect(analyzeCsp({ url: HTTPS, headers, html: meta }).result).toBe(
      'csp-implemented-with-no-unsafe-default-src-none',
    );
  });

  it('merges comma-joined policies into their intersection', () => {
    const analysis = csp(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline', " +
        "default-src 'none'; style-src 'self', " +
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'",
    );
    expect(analysis.pass).toBe(true);
    expect(analysis.data).toEqual({
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
    });
  });

  it('ignores frame-ancestors in a meta policy (only a header can carry it)', () => {
    const html = page(`<meta http-equiv="Content-Security-Policy" content="frame-ancestors 'none'" />`);
    expect(analyzeCsp({ url: HTTPS, headers: HTML, html }).result).toBe('csp-not-implemented');
  });

  it('does not read policies inside scripts or comments, nor from non-HTML responses', () => {
    const hidden = `<!-- <meta http-equiv="Content-Security-Policy" content="default-src 'none'"> -->
      <script>const x = '<meta http-equiv="Content-Security-Policy" content="default-src \\'none\\'">';</script>`;
    expect(analyzeCsp({ url: HTTPS, headers: HTML, html: page(hidden) }).result).toBe('csp-not-implemented');
    const meta = page(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'">`);
    expect(
      analyzeCsp({ url: HTTPS, headers: { 'content-type': 'application/json' }, html: meta }).result,
    ).toBe('csp-not-implemented');
  });
});

describe('the other tests', () => {
  it.each<[string, Record<string, string | string[]>, Expectation]>([
    ['no-referrer', { 'referrer-policy': 'no-referrer' }, 'referrer-policy-private'],
    [
      'strict-origin-when-cross-origin',
      { 'referrer-policy': 'strict-origin-when-cross-origin' },
      'referrer-policy-private',
    ],
    ['unsafe-url', { 'referrer-policy': 'unsafe-url' }, 'referrer-policy-unsafe'],
    ['unknown value', { 'referrer-policy': 'whatever' }, 'referrer-policy-header-invalid'],
    [
      'last valid value wins',
      { 'referrer-policy': 'unsafe-url, no-referrer, whatever' },
      'referrer-policy-private',
    ],
    ['absent', {}, 'referrer-policy-not-implemented'],
  ])('Referrer-Policy %s', (_, headers, expected) => {
    expect(result('referrer-policy', headers).result).toBe(expected);
  });

  it('a <meta name=referrer> comes after the header and wins', () => {
    const html = page('<meta name="referrer" content="unsafe-url">');
    expect(result('referrer-policy', { 'referrer-policy': 'no-referrer' }, html).result).toBe(
      'referrer-policy-unsafe',
    );
  });

  it.each<[Record<string, string>, Expectation, boolean]>([
    [{ 'x-frame-options': 'DENY' }, 'x-frame-options-sameorigin-or-deny', true],
    [{ 'x-frame-options': 'sameorigin' }, 'x-frame-options-sameorigin-or-deny', true],
    [{ 'x-frame-options': 'allow-from https://mozilla.org' }, 'x-frame-options-allow-from-origin', true],
    [{ 'x-frame-options': 'whimsy' }, 'x-frame-options-header-invalid', false],
    [{}, 'x-frame-options-not-implemented', false],
    [
      { 'content-security-policy': 'frame-ancestors https://mozilla.org' },
      'x-frame-options-implemented-via-csp',
      true,
    ],
  ])('X-Frame-Options %j', (headers, expected, pass) => {
    expect(result('x-frame-options', headers)).toMatchObject({ result: expected, pass });
  });

  it.each<[Record<string, string>, Expectation]>([
    [{ 'x-content-type-options': 'nosniff' }, 'x-content-type-options-nosniff'],
    [{ 'x-content-type-options': ' NOSNIFF ' }, 'x-content-type-options-nosniff'],
    [{ 'x-content-type-options': 'nosniff, nosniff' }, 'x-content-type-options-header-invalid'],
    [{}, 'x-content-type-options-not-implemented'],
  ])('X-Content-Type-Options %j', (headers, expected) => {
    expect(result('x-content-type-options', headers).result).toBe(expected);
  });

  it.each<[string, Expectation]>([
    ['max-age=15768000', 'hsts-implemented-max-age-at-least-six-months'],
    ['max-age=15552000; includeSubDomains', 'hsts-implemented-max-age-at-least-six-months'],
    ['max-age=15551999', 'hsts-implemented-max-age-less-than-six-months'],
    ['includeSubDomains; preload', 'hsts-header-invalid'],
    ['max-age=31536000, max-age=31536000', 'hsts-header-invalid'],
  ])('Strict-Transport-Security %s over https', (value, expected) => {
    expect(result('strict-transport-security', { 'strict-transport-security': value }).result).toBe(expected);
  });

  it('HSTS is -20 when missing over https and skipped (not -20) over http://localhost', () => {
    expect(result('strict-transport-security', {})).toMatchObject({
      result: 'hsts-not-implemented',
      modifier: -20,
    });
    const local = result('strict-transport-security', {}, page(), 'http://localhost:8888/');
    expect(local).toMatchObject({ result: null, modifier: 0 });
    expect(local.skipped).toBeTruthy();
  });

  it.each<[string[], Expectation]>([
    [['http://mozilla.org/', 'https://mozilla.org/', 'https://www.mozilla.org/'], 'redirection-to-https'],
    [['http://mozilla.org/'], 'redirection-missing'],
    [['http://mozilla.org/', 'http://www.mozilla.org/'], 'redirection-not-to-https'],
    [
      ['http://mozilla.org/', 'http://www.mozilla.org/', 'https://www.mozilla.org/'],
      'redirection-not-to-https-on-initial-redirection',
    ],
    [['http://mozilla.org/', 'https://www.mozilla.org/'], 'redirection-off-host-from-http'],
  ])('redirection %j', (redirects, expected) => {
    const test = grade({ url: HTTPS, headers: HTML, html: page(), redirects }).tests.redirection;
    expect(test.result).toBe(expected);
  });

  it.each<[string, string | null]>([
    ['same-origin', 'same-origin'],
    ['same-origin; report-to="coop"', 'same-origin'],
    ['"same-origin"', null],
    ['same origin', null],
    ['', null],
  ])('structured-field token of %j', (value, token) => {
    expect(structuredToken(value)).toBe(token);
  });

  it.each<[Record<string, string | string[]>, Expectation, number]>([
    [{ 'cross-origin-opener-policy': 'same-origin' }, 'coop-implemented-with-same-origin', 10],
    [
      { 'cross-origin-opener-policy': 'same-origin-allow-popups' },
      'coop-implemented-with-same-origin-allow-popups',
      10,
    ],
    [{ 'cross-origin-opener-policy': 'unsafe-none' }, 'coop-implemented-with-unsafe-none', 0],
    [{ 'cross-origin-opener-policy': 'sameorigin' }, 'coop-header-invalid', -5],
    [{ 'cross-origin-opener-policy': ['same-origin', 'same-origin'] }, 'coop-header-invalid', -5],
    [{}, 'coop-not-implemented', 0],
  ])('Cross-Origin-Opener-Policy %j', (headers, expected, modifier) => {
    expect(result('cross-origin-opener-policy', headers)).toMatchObject({ result: expected, modifier });
  });

  it.each<[Record<string, string>, Expectation, number]>([
    [{ 'cross-origin-resource-policy': 'same-origin' }, 'corp-implemented-with-same-origin', 10],
    [{ 'cross-origin-resource-policy': 'Same-Site' }, 'corp-implemented-with-same-site', 10],
    [{ 'cross-origin-resource-policy': 'cross-origin' }, 'corp-implemented-with-cross-origin', 0],
    [{ 'cross-origin-resource-policy': 'nope' }, 'corp-header-invalid', -5],
    [{ 'cross-origin-embedder-policy': 'require-corp' }, 'corp-not-implemented', 0],
  ])('Cross-Origin-Resource-Policy %j', (headers, expected, modifier) => {
    expect(result('cross-origin-resource-policy', headers)).toMatchObject({ result: expected, modifier });
  });

  it.each<[string[], Expectation, boolean]>([
    [[], 'cookies-not-found', true],
    [
      ['SESSIONID=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=Lax'],
      'cookies-secure-with-httponly-sessions-and-samesite',
      true,
    ],
    [
      ['SESSIONID=bar; Path=/; Secure; HttpOnly', 'foo=bar; Secure'],
      'cookies-secure-with-httponly-sessions',
      true,
    ],
    [['heroku-session-affinity=bar; Path=/'], 'cookies-not-found', true],
    [['foo=bar; Path=/; SameSite=Lax'], 'cookies-without-secure-flag', false],
    [['SESSIONID=bar; Secure; SameSite=Lax'], 'cookies-session-without-httponly-flag', false],
    [['SESSIONID=bar; HttpOnly; SameSite=Lax'], 'cookies-session-without-secure-flag', false],
    [['csrftoken=abc; Secure'], 'cookies-anticsrf-without-samesite-flag', false],
    [['foo=bar; Secure; SameSite=Whatever'], 'cookies-samesite-flag-invalid', false],
  ])('cookies %j', (cookies, expected, pass) => {
    expect(result('cookies', { 'set-cookie': cookies })).toMatchObject({ result: expected, pass });
  });

  it('HSTS softens a cookie without Secure', () => {
    const headers = {
      'set-cookie': ['foo=bar; SameSite=Lax'],
      'strict-transport-security': 'max-age=31536000',
    };
    expect(result('cookies', headers).result).toBe('cookies-without-secure-flag-but-protected-by-hsts');
  });

  it.each<[string, Expectation]>([
    ['', 'sri-not-implemented-but-no-scripts-loaded'],
    [
      '<script src="/_astro/a.js"></script><script>inline()</script>',
      'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    ],
    [
      '<script src="https://cdn.mozilla.org/a.js"></script>',
      'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    ],
    [
      '<script src="https://cdn.example.com/a.js"></script>',
      'sri-not-implemented-but-external-scripts-loaded-securely',
    ],
    [
      '<script src="http://cdn.example.com/a.js"></script>',
      'sri-not-implemented-and-external-scripts-not-loaded-securely',
    ],
    [
      '<script src="//cdn.example.com/a.js"></script>',
      'sri-not-implemented-and-external-scripts-not-loaded-securely',
    ],
    [
      '<script src="https://cdn.example.com/a.js" integrity="sha384-x" crossorigin="anonymous"></script>',
      'sri-implemented-and-external-scripts-loaded-securely',
    ],
    ['<script src="/a.js" integrity="sha384-x"></script>', 'sri-implemented-and-all-scripts-loaded-securely'],
    [
      '<!-- <script src="http://cdn.example.com/a.js"></script> -->',
      'sri-not-implemented-but-no-scripts-loaded',
    ],
  ])('subresource integrity of %s', (body, expected) => {
    expect(result('subresource-integrity', {}, page(body)).result).toBe(expected);
  });

  it('CORS: public and restricted access pass, a reflected origin with credentials is -50', () => {
    const cors = (headers: Record<string, string>) =>
      grade({ url: HTTPS, headers: HTML, html: page(), cors: { headers, origin: OBSERVATORY_CORS_ORIGIN } })
        .tests['cross-origin-resource-sharing'];
    expect(cors({})).toMatchObject({ result: 'cross-origin-resource-sharing-not-implemented', modifier: 0 });
    expect(cors({ 'access-control-allow-origin': '*' }).result).toBe(
      'cross-origin-resource-sharing-implemented-with-public-access',
    );
    expect(cors({ 'access-control-allow-origin': 'https://mozilla.org' }).result).toBe(
      'cross-origin-resource-sharing-implemented-with-restricted-access',
    );
    expect(
      cors({
        'access-control-allow-origin': OBSERVATORY_CORS_ORIGIN,
        'access-control-allow-credentials': 'true',
      }),
    ).toMatchObject({
      result: 'cross-origin-resource-sharing-implemented-with-universal-access',
      modifier: -50,
    });
  });
});

describe('score and grade (src/grader: GRADE_CHART, MINIMUM_SCORE_FOR_EXTRA_CREDIT)', () => {
  it.each<[number, number, string]>([
    [100, 100, 'A+'],
    [120, 120, 'A+'],
    [99, 99, 'A'],
    [90, 90, 'A'],
    [89, 89, 'A-'],
    [85, 85, 'A-'],
    [84, 84, 'B+'],
    [70, 70, 'B'],
    [65, 65, 'B-'],
    [50, 50, 'C'],
    [45, 45, 'C-'],
    [40, 40, 'D+'],
    [25, 25, 'D-'],
    [24, 24, 'F'],
    [0, 0, 'F'],
    [-10, 0, 'F'],
  ])('score %i → %i, %s', (raw, score, letter) => {
    expect(gradeForScore(raw)).toEqual({ score, grade: letter });
  });

  const good = {
    ...HTML,
    'content-security-policy':
      "default-src 'none'; script-src 'self'; frame-ancestors 'none'; form-action 'self'",
    'strict-transport-security': 'max-age=63072000',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };

  it('adds the bonuses when the score without them is an A', () => {
    // 100 + CSP 10 + XFO via CSP 5 + referrer 5 = 120.
    expect(grade({ url: HTTPS, headers: good, html: page() })).toMatchObject({ score: 120, grade: 'A+' });
    // Missing nosniff: 95 before the bonuses, so they count: 115.
    const noNosniff = { ...good, 'x-content-type-options': 'whatever' };
    expect(grade({ url: HTTPS, headers: noNosniff, html: page() })).toMatchObject({
      score: 115,
      grade: 'A+',
    });
  });

  it('drops the bonuses when the score without them is below 90', () => {
    // nosniff -5 and short HSTS -10: 85 before the bonuses, so the final score is 85.
    const weak = { ...good, 'x-content-type-options': 'whatever', 'strict-transport-security': 'max-age=60' };
    expect(grade({ url: HTTPS, headers: weak, html: page() })).toMatchObject({ score: 85, grade: 'A-' });
  });

  it('grades a site that sends no security header D over https', () => {
    // CSP -25, nosniff -5, X-Frame-Options -20, HSTS -20 (redirection skipped: no chain).
    expect(grade({ url: HTTPS, headers: HTML, html: page() })).toMatchObject({ score: 30, grade: 'D' });
  });

  it('refuses the statuses the Observatory refuses', () => {
    expect(() => grade({ url: HTTPS, status: 404, headers: HTML, html: page() })).toThrow(/404/);
    expect(grade({ url: HTTPS, status: 403, headers: good, html: page() }).grade).toBe('A+');
  });
});

/** The `/*` header values of netlify.toml (the only [[headers]] block; asserted below). */
function tomlHeaders(): Record<string, string> {
  const toml = readFileSync('netlify.toml', 'utf8');
  const blocks = toml.split('[[headers]]').slice(1);
  expect(blocks).toHaveLength(1);
  const block = blocks[0] ?? '';
  expect(block).toMatch(/for\s*=\s*"\/\*"/);
  const values = block.split('[headers.values]')[1] ?? '';
  return Object.fromEntries(
    [...values.matchAll(/^\s*([A-Za-z-]+)\s*=\s*"([^"]*)"\s*$/gm)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
}

describe('the production header set (netlify.toml + the build’s .netlify/v1/config.json)', () => {
  // Only after a build (e2e's headers.spec.ts grades the same pages through npm start in CI);
  // both files, since `npm run dev` removes dist/ but leaves .netlify/.
  const built = existsSync(FRAMEWORK_CONFIG) && existsSync('dist/index.html');
  const pageHeaders = (path: string): Record<string, string> => {
    const rules = parseHeaderRules(readFileSync(FRAMEWORK_CONFIG, 'utf8'));
    // A Netlify build sets PUBLIC_SUPABASE_URL to the https project URL (README); a local build
    // points connect-src at the embedded backend over http, so swap in what production has.
    return Object.fromEntries(
      Object.entries(headersForPath(rules, path)).map(([k, v]) => [
        k,
        v.replace('http://127.0.0.1:54321', 'https://project-ref.supabase.co'),
      ]),
    );
  };
  const SITE = 'https://ocd-directory.example.org';
  const HTTP_CHAIN = ['http://ocd-directory.example.org/', `${SITE}/`];

  it('netlify.toml alone is not enough: without the per-page CSP the grade falls', () => {
    const result = grade({
      url: `${SITE}/`,
      headers: { ...HTML, ...tomlHeaders() },
      html: page(),
      redirects: HTTP_CHAIN,
    });
    expect(result.tests['content-security-policy'].result).toBe('csp-not-implemented');
    expect(result.grade).not.toBe('A+');
  });

  it.skipIf(!built).each(['/', '/contact', '/blog', '/program/silver-creek-ranch'])(
    '%s grades A+ with the CSP the build wrote',
    (path) => {
      const headers: Record<string, string> = { ...HTML, ...tomlHeaders(), ...pageHeaders(path) };
      expect(headers['Content-Security-Policy'], `no CSP for ${path}: build first`).toBeTruthy();
      const html = readFileSync(`dist${path === '/' ? '/index' : path}.html`, 'utf8');
      const result = grade({ url: `${SITE}${path}`, headers, html, redirects: HTTP_CHAIN });
      const failing = Object.entries(result.tests).filter(([, t]) => t.pass === false);
      expect(failing, JSON.stringify(failing)).toEqual([]);
      expect(result.tests['content-security-policy'].result).toBe(
        'csp-implemented-with-no-unsafe-default-src-none',
      );
      expect(result).toMatchObject({ grade: 'A+' });
      expect(result.score).toBeGreaterThanOrEqual(135);
    },
  );

  it.skipIf(!built)('an http:// auth origin in connect-src would lose A+ on https', () => {
    // Why astro.config.mjs never falls back to the local http:// backend in a Netlify build.
    const csp = (pageHeaders('/')['Content-Security-Policy'] ?? '').replace(
      'https://project-ref.supabase.co',
      'http://127.0.0.1:54321',
    );
    expect(csp).toContain('http://127.0.0.1:54321');
    const headers = { ...HTML, ...tomlHeaders(), 'Content-Security-Policy': csp };
    const result = grade({ url: `${SITE}/`, headers, html: page(), redirects: HTTP_CHAIN });
    expect(result.tests['content-security-policy'].result).toBe('csp-implemented-with-insecure-scheme');
    expect(result.grade).not.toBe('A+');
  });
});
