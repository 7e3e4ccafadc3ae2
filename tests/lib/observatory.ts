/**
 * A small, pure port of the MDN HTTP Observatory's scoring (github.com/mdn/mdn-http-observatory,
 * algorithm version 6: src/analyzer/tests/*.js, src/analyzer/cspParser.js, src/grader/charts.js,
 * src/scanner/index.js), so tests can grade a response without the Observatory's network scan.
 *
 * Each test follows the original's branches in the same order, including its quirks, because a
 * "cleaner" reading would grade differently from the real thing. Differences, all deliberate:
 * - The Observatory scans a public https:// host. On an http:// URL (a local server) the tests that
 *   need TLS or an http→https hop cannot apply: `redirection` and `strict-transport-security` are
 *   reported as skipped with modifier 0 instead of the Observatory's -20 each. `redirection` is
 *   also skipped on https unless the caller passes the redirect chain it followed from http://.
 * - The HSTS preload list is not consulted (nothing counts as preloaded), and the registrable
 *   domain used by the SRI test is approximated by the last two host labels (the Observatory uses
 *   the public-suffix list); both only matter for third-party hosts.
 * - Cookies are read from this response's Set-Cookie headers only (the Observatory also keeps
 *   cookies set by redirects and robots.txt).
 * - CORS is graded from the caller's preflight answer (`cors`), as the Observatory sends an
 *   OPTIONS request with `Origin: https://http-observatory.security.mozilla.org`; without one it
 *   is "not implemented", like a site that answers no CORS headers.
 */

export const OBSERVATORY_CORS_ORIGIN = 'https://http-observatory.security.mozilla.org';

/** Score modifiers of every result (src/grader/charts.js SCORE_TABLE). */
export const MODIFIERS = {
  'csp-implemented-with-no-unsafe-default-src-none': 10,
  'csp-implemented-with-no-unsafe': 5,
  'csp-implemented-with-unsafe-inline-in-style-src-only': 0,
  'csp-implemented-with-insecure-scheme-in-passive-content-only': -10,
  'csp-implemented-with-unsafe-eval': -10,
  'csp-implemented-with-unsafe-inline': -20,
  'csp-implemented-with-insecure-scheme': -20,
  'csp-header-invalid': -25,
  'csp-not-implemented': -25,
  'csp-not-implemented-but-reporting-enabled': -25,
  'csp-implemented-but-duplicate-directives': 0,
  'cookies-secure-with-httponly-sessions-and-samesite': 5,
  'cookies-secure-with-httponly-sessions': 0,
  'cookies-not-found': 0,
  'cookies-without-secure-flag-but-protected-by-hsts': -5,
  'cookies-session-without-secure-flag-but-protected-by-hsts': -10,
  'cookies-without-secure-flag': -20,
  'cookies-samesite-flag-invalid': -20,
  'cookies-anticsrf-without-samesite-flag': -20,
  'cookies-session-without-httponly-flag': -30,
  'cookies-session-without-secure-flag': -40,
  'cross-origin-resource-sharing-not-implemented': 0,
  'cross-origin-resource-sharing-implemented-with-public-access': 0,
  'cross-origin-resource-sharing-implemented-with-restricted-access': 0,
  'cross-origin-resource-sharing-implemented-with-universal-access': -50,
  'redirection-all-redirects-preloaded': 0,
  'redirection-to-https': 0,
  'redirection-not-needed-no-http': 0,
  'redirection-off-host-from-http': -5,
  'redirection-not-to-https-on-initial-redirection': -10,
  'redirection-not-to-https': -20,
  'redirection-missing': -20,
  'redirection-invalid-cert': -20,
  'referrer-policy-private': 5,
  'referrer-policy-not-implemented': 0,
  'referrer-policy-unsafe': -5,
  'referrer-policy-header-invalid': -5,
  'hsts-preloaded': 5,
  'hsts-implemented-max-age-at-least-six-months': 0,
  'hsts-implemented-max-age-less-than-six-months': -10,
  'hsts-not-implemented': -20,
  'hsts-header-invalid': -20,
  'hsts-not-implemented-no-https': -20,
  'hsts-invalid-cert': -20,
  'sri-implemented-and-all-scripts-loaded-securely': 5,
  'sri-implemented-and-external-scripts-loaded-securely': 5,
  'sri-not-implemented-response-not-html': 0,
  'sri-not-implemented-but-no-scripts-loaded': 0,
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': 0,
  'sri-not-implemented-but-external-scripts-loaded-securely': -5,
  'sri-implemented-but-external-scripts-not-loaded-securely': -20,
  'sri-not-implemented-and-external-scripts-not-loaded-securely': -50,
  'x-content-type-options-nosniff': 0,
  'x-content-type-options-not-implemented': -5,
  'x-content-type-options-header-invalid': -5,
  'x-frame-options-implemented-via-csp': 5,
  'x-frame-options-sameorigin-or-deny': 5,
  'x-frame-options-allow-from-origin': 0,
  'x-frame-options-not-implemented': -20,
  'x-frame-options-header-invalid': -20,
  'corp-header-invalid': -5,
  'corp-implemented-with-cross-origin': 0,
  'corp-implemented-with-same-origin': 10,
  'corp-implemented-with-same-site': 10,
  'corp-not-implemented': 0,
  'coep-implemented-with-require-corp': 10,
  'coep-implemented-with-credentialless': 10,
  'coep-implemented-with-unsafe-none': 0,
  'coep-not-implemented': 0,
  'coep-header-invalid': -5,
  'coop-implemented-with-same-origin': 10,
  'coop-implemented-with-same-origin-allow-popups': 10,
  'coop-implemented-with-noopener-allow-popups': 10,
  'coop-implemented-with-unsafe-none': 0,
  'coop-not-implemented': 0,
  'coop-header-invalid': -5,
} as const;

export type Expectation = keyof typeof MODIFIERS;

export type TestName =
  | 'content-security-policy'
  | 'cookies'
  | 'cross-origin-embedder-policy'
  | 'cross-origin-opener-policy'
  | 'cross-origin-resource-sharing'
  | 'redirection'
  | 'referrer-policy'
  | 'strict-transport-security'
  | 'subresource-integrity'
  | 'x-content-type-options'
  | 'x-frame-options'
  | 'cross-origin-resource-policy';

export type TestResult =
  | { result: Expectation; pass: boolean; modifier: number; skipped?: undefined }
  | { result: null; pass: null; modifier: 0; skipped: string };

/** Response headers as a fetch `Headers`, or name → value(s) (e.g. Playwright's headersArray). */
export type HeaderInput =
  Headers | Record<string, string | readonly string[]> | readonly { name: string; value: string }[];

export type GradeInput = {
  /** The page URL: its scheme decides the https-only checks, its host the SRI "same site". */
  url: string | URL;
  status?: number;
  headers: HeaderInput;
  html: string;
  /** The answer to an OPTIONS request sent with `Origin: OBSERVATORY_CORS_ORIGIN`. */
  cors?: { headers: HeaderInput; origin?: string };
  /** URLs followed from http://host/ (first = the http URL, last = the final page); https only. */
  redirects?: readonly string[];
};

export type Grade = {
  score: number;
  grade: string;
  tests: Record<TestName, TestResult>;
};

// ---------------------------------------------------------------------------------------------
// Headers and HTML

type HeaderList = { name: string; value: string }[];

function toList(input: HeaderInput): HeaderList {
  if (input instanceof Headers) {
    const list: HeaderList = [];
    input.forEach((value, name) => {
      if (name !== 'set-cookie') list.push({ name, value });
    });
    // Set-Cookie lines must stay apart: a cookie's Expires attribute contains a comma.
    for (const value of input.getSetCookie()) list.push({ name: 'set-cookie', value });
    return list;
  }
  if (Array.isArray(input)) return [...(input as readonly { name: string; value: string }[])];
  return Object.entries(input as Record<string, string | readonly string[]>).flatMap(([name, value]) =>
    (typeof value === 'string' ? [value] : value).map((v) => ({ name, value: v })),
  );
}

/**
 * Every value of a header. Repeated headers other than Set-Cookie arrive joined with ", " from
 * the Observatory's HTTP client; CSP splits them back on commas, the others read the first value.
 */
function values(list: HeaderList, name: string): string[] {
  const lc = name.toLowerCase();
  const found = list.filter((h) => h.name.toLowerCase() === lc).map((h) => h.value);
  if (lc === 'set-cookie' || found.length < 2) return found;
  return [found.join(', ')];
}

const first = (list: HeaderList, name: string): string | null => values(list, name)[0] ?? null;

type Attributes = Partial<Record<string, string>>;

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, body: string) => {
    const code = /^#x/i.test(body)
      ? parseInt(body.slice(2), 16)
      : body.startsWith('#')
        ? parseInt(body.slice(1), 10)
        : NaN;
    if (Number.isNaN(code)) return named[body.toLowerCase()] ?? entity;
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/**
 * The attributes of every `<meta>` and `<script>` start tag, skipping comments and the raw text of
 * script/style/textarea/title (as htmlparser2 does for the Observatory), lower-cased names.
 */
function collectTags(html: string): { meta: Attributes[]; script: Attributes[] } {
  const found = { meta: [] as Attributes[], script: [] as Attributes[] };
  const tag =
    /<!--|<([a-zA-Z][^\s/>]*)((?:\s*[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?|\s*\/)*)\s*>/g;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    if (m[0] === '<!--') {
      const end = html.indexOf('-->', tag.lastIndex);
      tag.lastIndex = end === -1 ? html.length : end + 3;
      continue;
    }
    const name = (m[1] ?? '').toLowerCase();
    if (name === 'meta' || name === 'script') {
      const attributes: Attributes = {};
      const attr = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
      for (let a = attr.exec(m[2] ?? ''); a; a = attr.exec(m[2] ?? '')) {
        const key = (a[1] ?? '').toLowerCase();
        if (!(key in attributes)) attributes[key] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
      }
      found[name].push(attributes);
    }
    if (['script', 'style', 'textarea', 'title'].includes(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, tag.lastIndex);
      tag.lastIndex = end === -1 ? html.length : end;
    }
  }
  return found;
}

/** src/retriever/utils.js parseHttpEquivHeaders: CSP metas, and the last `<meta name=referrer>`. */
function httpEquiv(metas: Attributes[]): { csp: string[]; referrer: string[] } {
  const out = { csp: [] as string[], referrer: [] as string[] };
  for (const meta of metas) {
    // Present attributes always have a value ('' when written bare), so undefined means absent.
    const equiv = meta['http-equiv'];
    const content = meta['content'];
    if (equiv !== undefined && content !== undefined) {
      if (content && equiv.toLowerCase().trim() === 'content-security-policy') out.csp.push(content);
    } else if (meta['name']?.toLowerCase().trim() === 'referrer' && content) {
      out.referrer = [content];
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// CSP (src/analyzer/cspParser.js and src/analyzer/tests/csp.js)

type Source = { source: string; index: number; keep: boolean };
type Csp = Map<string, Set<string>>;

const compareString = new Intl.Collator('en').compare;
const DUPLICATE_WARNINGS_KEY = '_observatory_duplicate_key_warnings';
const ALLOWED_DUPLICATE_KEYS = new Set(['report-uri', 'report-to']);
const DIRECTIVES_DISALLOWED_IN_META = ['frame-ancestors', 'report-uri', 'sandbox'];

function pathPartMatch(pathA: string, pathB: string): boolean {
  if (pathA.length === 0) return true;
  if (pathA === '/' && pathB.length === 0) return true;
  const exactMatch = !pathA.endsWith('/');
  const listA = pathA.split('/');
  const listB = pathB.split('/');
  if (listA.length > listB.length) return false;
  if (exactMatch && listA.length !== listB.length) return false;
  if (!exactMatch) listA.pop();
  return listA.every((a, i) => {
    const b = listB[i];
    return b !== undefined && decodeURIComponent(a) === decodeURIComponent(b);
  });
}

/** Several policies are merged into what all of them allow; throws on an invalid policy. */
export function parseCsp(cspList: readonly string[]): Csp {
  const clean = cspList.map((s) => s.replaceAll(/[\r\n]/g, '').trim());
  if (clean.length === 0) return new Map();
  for (const policy of clean)
    if (!policy || policy.length < 'img-src'.length - 1) throw new Error(`Invalid policy: ${policy}`);

  const csp = new Map<string, Source[]>();
  const duplicateWarnings = new Set<string>();
  for (const [policyIndex, policy] of clean.entries()) {
    const seen = new Set<string>();
    for (const [directiveEntry, ...valueEntries] of policy.split(';').map((e) => e.trim().split(/\s+/))) {
      if (!directiveEntry) continue;
      const directive = directiveEntry.toLowerCase();
      if (seen.has(directive)) {
        if (ALLOWED_DUPLICATE_KEYS.has(directive)) duplicateWarnings.add(directive);
        else throw new Error(`Duplicate directive ${directive} in policy ${policyIndex}`);
      } else seen.add(directive);

      const keep = policyIndex === 0;
      const sources: Source[] = valueEntries.map((raw) => ({
        source: raw.trim().toLocaleLowerCase(),
        index: policyIndex,
        keep,
      }));
      if (valueEntries.length === 0 && directive.endsWith('-src'))
        sources.push({ source: "'none'", index: policyIndex, keep });
      const combined = policyIndex === 0 ? [...sources] : [...(csp.get(directive) ?? []), ...sources];
      combined.sort((a, b) => compareString(a.source, b.source));
      for (let i = 1; i < combined.length; i++) {
        const source = combined[i];
        const prev = combined[i - 1];
        if (!source || !prev) continue;
        if (source.index === prev.index && source.source.startsWith(prev.source)) source.keep = false;
        if (source.index !== prev.index && pathPartMatch(prev.source, source.source)) source.keep = true;
      }
      csp.set(
        directive,
        combined.filter((s) => s.keep),
      );
      if (policyIndex === 0 && cspList.length > 1) for (const s of csp.get(directive) ?? []) s.keep = false;
    }
  }
  const final: Csp = new Map(
    [...csp].map(([directive, sources]) => [
      directive,
      sources.length > 0 ? new Set(sources.map((s) => s.source)) : new Set(["'none'"]),
    ]),
  );
  if (duplicateWarnings.size > 0) final.set(DUPLICATE_WARNINGS_KEY, duplicateWarnings);
  return final;
}

const DANGEROUSLY_BROAD = new Set([
  'ftp:',
  'http:',
  'https:',
  '*',
  'http://*',
  'http://*.*',
  'https://*',
  'https://*.*',
]);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const PASSIVE_DIRECTIVES = new Set(['img-src', 'media-src']);
const NONCES_HASHES = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];
const hasNonceOrHash = (sources: Set<string>): boolean =>
  [...sources].some((s) => NONCES_HASHES.some((prefix) => s.startsWith(prefix)));

export type CspAnalysis = {
  result: Expectation;
  pass: boolean;
  /** The merged policy, directive → sorted sources (null when there is none or it is invalid). */
  data: Record<string, string[]> | null;
};

function cspTest(list: HeaderList, metaPolicies: string[], https: boolean): CspAnalysis {
  const split = (raw: string[]): string[] => raw.flatMap((v) => v.split(',').map((s) => s.trim()));
  const httpPolicies = split(values(list, 'content-security-policy'));
  const metaSplit = split(metaPolicies);
  const fail = (result: Expectation): CspAnalysis => ({ result, pass: false, data: null });

  let csp: Csp;
  try {
    csp = parseCsp([...httpPolicies, ...metaSplit]);
  } catch {
    return fail('csp-header-invalid');
  }
  let httpOnly: Csp;
  try {
    httpOnly = parseCsp(httpPolicies);
  } catch {
    httpOnly = new Map();
  }
  let meta: Csp;
  try {
    meta = parseCsp(metaSplit);
    for (const d of DIRECTIVES_DISALLOWED_IN_META) meta.delete(d);
  } catch {
    meta = new Map();
  }
  if (httpOnly.size + meta.size === 0) {
    return fail(
      first(list, 'content-security-policy-report-only')
        ? 'csp-not-implemented-but-reporting-enabled'
        : 'csp-not-implemented',
    );
  }

  let result: Expectation | null = null;
  const objectSrc = csp.get('object-src') ?? csp.get('default-src') ?? new Set(['*']);
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? new Set(['*']);
  const styleSrc = csp.get('style-src') ?? csp.get('default-src') ?? new Set(['*']);
  // The original mutates these sets in place (which may be default-src itself); so does the port.
  for (const sources of [scriptSrc, styleSrc]) if (hasNonceOrHash(sources)) sources.delete("'unsafe-inline'");

  if (hasNonceOrHash(scriptSrc) && scriptSrc.has("'strict-dynamic'")) {
    for (const s of scriptSrc) {
      if ([...DANGEROUSLY_BROAD].some((b) => s.startsWith(b)) || s === "'self'" || s === "'unsafe-inline'")
        scriptSrc.delete(s);
    }
  } else if (scriptSrc.has("'strict-dynamic'")) {
    result = 'csp-header-invalid';
  }

  const active = [...csp]
    .filter(([d]) => !PASSIVE_DIRECTIVES.has(d) && d !== 'script-src')
    .flatMap(([, s]) => [...s]);
  active.push(...scriptSrc);
  const passive = [...PASSIVE_DIRECTIVES].flatMap((d) => [
    ...(csp.get(d) ?? csp.get('default-src') ?? new Set<string>()),
  ]);
  const insecure = (s: string): boolean => s.startsWith('http:') || s.startsWith('ftp:');

  if (
    [...scriptSrc].some((s) => BROAD_OR_INLINE.has(s)) ||
    [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s))
  ) {
    result ??= 'csp-implemented-with-unsafe-inline';
  }
  if (https && active.some(insecure)) result ??= 'csp-implemented-with-insecure-scheme';
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'"))
    result ??= 'csp-implemented-with-unsafe-eval';
  if (https && passive.some(insecure))
    result ??= 'csp-implemented-with-insecure-scheme-in-passive-content-only';
  if ([...styleSrc].some((s) => BROAD_OR_INLINE.has(s)))
    result ??= 'csp-implemented-with-unsafe-inline-in-style-src-only';
  const defaultSrc = csp.get('default-src');
  if (defaultSrc?.has("'none'") && defaultSrc.size === 1)
    result ??= 'csp-implemented-with-no-unsafe-default-src-none';
  else result ??= 'csp-implemented-with-no-unsafe';

  const passing: Expectation[] = [
    'csp-implemented-with-no-unsafe',
    'csp-implemented-with-no-unsafe-default-src-none',
    'csp-implemented-with-unsafe-inline-in-style-src-only',
    'csp-implemented-with-insecure-scheme-in-passive-content-only',
  ];
  const pass = passing.includes(result);
  if (pass && csp.has(DUPLICATE_WARNINGS_KEY)) result = 'csp-implemented-but-duplicate-directives';

  const data: Record<string, string[]> = {};
  for (const [key, sources] of csp) if (key !== DUPLICATE_WARNINGS_KEY) data[key] = [...sources].sort();
  return { result, pass, data };
}

// ---------------------------------------------------------------------------------------------
// The other tests

function onlyIfWorse(
  next: Expectation,
  current: Expectation | null,
  order: readonly Expectation[],
): Expectation {
  if (!current) return next;
  return order.indexOf(next) > order.indexOf(current) ? next : current;
}

function hstsTest(list: HeaderList): { result: Expectation; pass: boolean } {
  const header = values(list, 'strict-transport-security')[0];
  let result: Expectation = 'hsts-not-implemented';
  if (header !== undefined) {
    const data = header.slice(0, 1024);
    let maxAge: number | null = null;
    if (data.includes(',')) result = 'hsts-header-invalid';
    else {
      for (const parameter of data.split(';').map((p) => p.trim().toLowerCase())) {
        if (parameter.startsWith('max-age=')) maxAge = Number.parseInt(parameter.slice(8, 128), 10);
      }
      if (maxAge === null) result = 'hsts-header-invalid';
      else
        result =
          maxAge < 15_552_000
            ? 'hsts-implemented-max-age-less-than-six-months'
            : 'hsts-implemented-max-age-at-least-six-months';
    }
  }
  return { result, pass: result === 'hsts-implemented-max-age-at-least-six-months' };
}

type Cookie = { key: string; secure: boolean; httpOnly: boolean; sameSite: string | undefined };

function parseCookie(raw: string): Cookie | null {
  const [pair = '', ...attributes] = raw.split(';');
  const key = pair.split('=', 1)[0]?.trim() ?? '';
  if (!key) return null;
  const cookie: Cookie = { key, secure: false, httpOnly: false, sameSite: undefined };
  for (const attribute of attributes) {
    const [name = '', value = ''] = attribute.split('=').map((p) => p.trim());
    const lc = name.toLowerCase();
    if (lc === 'secure') cookie.secure = true;
    else if (lc === 'httponly') cookie.httpOnly = true;
    else if (lc === 'samesite' && ['strict', 'lax', 'none'].includes(value.toLowerCase()))
      cookie.sameSite = value.toLowerCase();
  }
  return cookie;
}

function cookiesTest(list: HeaderList, hsts: boolean): { result: Expectation; pass: boolean } {
  const order: Expectation[] = [
    'cookies-without-secure-flag-but-protected-by-hsts',
    'cookies-without-secure-flag',
    'cookies-session-without-secure-flag-but-protected-by-hsts',
    'cookies-samesite-flag-invalid',
    'cookies-anticsrf-without-samesite-flag',
    'cookies-session-without-httponly-flag',
    'cookies-session-without-secure-flag',
  ];
  const raw = values(list, 'set-cookie');
  let result: Expectation | null = null;
  for (const cookie of raw) {
    const invalid = cookie.split(';').some((part) => {
      const [key, value] = part.trim().split('=');
      if (key?.trim().toLowerCase() !== 'samesite') return false;
      return !value || !['lax', 'strict', 'none'].includes(value.trim().toLowerCase());
    });
    if (invalid) result = onlyIfWorse('cookies-samesite-flag-invalid', result, order);
  }
  const cookies = raw
    .map(parseCookie)
    .filter((c): c is Cookie => c !== null && c.key !== 'heroku-session-affinity');
  if (cookies.length === 0) result = 'cookies-not-found';
  else {
    let missingSameSite = false;
    for (const c of cookies) {
      const session = ['login', 'sess'].some((i) => c.key.toLowerCase().includes(i));
      const csrf = c.key.toLowerCase().includes('csrf');
      if (!c.secure && c.sameSite === 'none')
        result = onlyIfWorse('cookies-samesite-flag-invalid', result, order);
      if (!c.secure)
        result = onlyIfWorse(
          hsts ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag',
          result,
          order,
        );
      if (csrf && !c.sameSite) result = onlyIfWorse('cookies-anticsrf-without-samesite-flag', result, order);
      if (session && !c.secure) {
        result = onlyIfWorse(
          hsts
            ? 'cookies-session-without-secure-flag-but-protected-by-hsts'
            : 'cookies-session-without-secure-flag',
          result,
          order,
        );
      }
      if (session && !c.httpOnly)
        result = onlyIfWorse('cookies-session-without-httponly-flag', result, order);
      if (!c.sameSite) missingSameSite = true;
    }
    result ??= missingSameSite
      ? 'cookies-secure-with-httponly-sessions'
      : 'cookies-secure-with-httponly-sessions-and-samesite';
  }
  const passing: Expectation[] = [
    'cookies-not-found',
    'cookies-secure-with-httponly-sessions-and-samesite',
    'cookies-secure-with-httponly-sessions',
  ];
  return { result, pass: passing.includes(result) };
}

function corsTest(cors: GradeInput['cors']): { result: Expectation; pass: boolean } {
  const list = cors ? toList(cors.headers) : [];
  const acao = first(list, 'access-control-allow-origin');
  let result: Expectation = 'cross-origin-resource-sharing-not-implemented';
  if (cors && acao) {
    const credentials = first(list, 'access-control-allow-credentials');
    if (acao.slice(0, 256).trim().toLowerCase() === '*')
      result = 'cross-origin-resource-sharing-implemented-with-public-access';
    else if (cors.origin && cors.origin === acao && credentials?.toLowerCase().trim() === 'true') {
      result = 'cross-origin-resource-sharing-implemented-with-universal-access';
    } else result = 'cross-origin-resource-sharing-implemented-with-restricted-access';
  }
  return { result, pass: result !== 'cross-origin-resource-sharing-implemented-with-universal-access' };
}

function redirectionTest(chain: readonly string[]): { result: Expectation; pass: boolean } {
  const route = chain.map((u) => new URL(u));
  let result: Expectation;
  if (route.length === 1) result = 'redirection-missing';
  else if (route.at(-1)?.protocol !== 'https:') result = 'redirection-not-to-https';
  else if (route[1]?.protocol === 'http:') result = 'redirection-not-to-https-on-initial-redirection';
  else if (
    route[0]?.protocol === 'http:' &&
    route[1]?.protocol === 'https:' &&
    route[0].hostname !== route[1].hostname
  ) {
    result = 'redirection-off-host-from-http';
  } else result = 'redirection-to-https';
  return { result, pass: result === 'redirection-to-https' };
}

function referrerTest(list: HeaderList, metaReferrer: string[]): { result: Expectation; pass: boolean } {
  const good = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const bad = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  const all = [...values(list, 'referrer-policy'), ...metaReferrer];
  if (all.length === 0) return { result: 'referrer-policy-not-implemented', pass: true };
  const policy =
    all
      .join(', ')
      .split(',')
      .filter((e) => [...good, ...bad].includes(e.toLowerCase().trim()))
      .reverse()[0]
      ?.toLowerCase()
      .trim() ?? '';
  const result: Expectation = good.includes(policy)
    ? 'referrer-policy-private'
    : bad.includes(policy)
      ? 'referrer-policy-unsafe'
      : 'referrer-policy-header-invalid';
  return { result, pass: result === 'referrer-policy-private' };
}

/** The registrable domain, approximated (see the file comment). */
const siteOf = (host: string): string =>
  /^[\d.]+$|:/.test(host) ? host : host.split('.').slice(-2).join('.');

function sriTest(list: HeaderList, scripts: Attributes[], page: URL): { result: Expectation; pass: boolean } {
  const order: Expectation[] = [
    'sri-implemented-and-all-scripts-loaded-securely',
    'sri-implemented-and-external-scripts-loaded-securely',
    'sri-implemented-but-external-scripts-not-loaded-securely',
    'sri-not-implemented-but-external-scripts-loaded-securely',
    'sri-not-implemented-and-external-scripts-not-loaded-securely',
    'sri-not-implemented-response-not-html',
  ];
  let result: Expectation | null = null;
  const mime = (first(list, 'content-type') ?? '').split(';', 1)[0];
  if (mime && !['text/html', 'application/xhtml+xml'].includes(mime))
    result = 'sri-not-implemented-response-not-html';
  else {
    let foreign = false;
    for (const script of scripts) {
      const src = script['src'];
      if (!src) continue;
      const integrity = script['integrity'] || null;
      const relativeProtocol = /^(\/\/)[^/]/.test(src);
      const full = /^https?:\/\//.test(src);
      const relativeOrigin = !relativeProtocol && !full;
      const sameSite =
        relativeProtocol || relativeOrigin || siteOf(new URL(src).hostname) === siteOf(page.hostname);
      const secureOrigin = relativeOrigin || (sameSite && !relativeProtocol);
      if (!secureOrigin) foreign = true;
      const scheme = relativeProtocol || relativeOrigin ? null : new URL(src).protocol;
      const secureScheme = scheme === 'https:' || (relativeOrigin && page.protocol === 'https:');
      if (!secureOrigin) {
        if (integrity && !secureScheme)
          result = onlyIfWorse('sri-implemented-but-external-scripts-not-loaded-securely', result, order);
        else if (!integrity && secureScheme)
          result = onlyIfWorse('sri-not-implemented-but-external-scripts-loaded-securely', result, order);
        else if (!integrity)
          result = onlyIfWorse('sri-not-implemented-and-external-scripts-not-loaded-securely', result, order);
      } else if (integrity && secureScheme && !result) {
        result = 'sri-implemented-and-all-scripts-loaded-securely';
      }
    }
    if (scripts.length === 0) result = 'sri-not-implemented-but-no-scripts-loaded';
    else
      result ??= foreign
        ? 'sri-implemented-and-external-scripts-loaded-securely'
        : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin';
  }
  const passing: Expectation[] = [
    'sri-implemented-and-all-scripts-loaded-securely',
    'sri-implemented-and-external-scripts-loaded-securely',
    'sri-not-implemented-response-not-html',
    'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    'sri-not-implemented-but-no-scripts-loaded',
  ];
  return { result, pass: passing.includes(result) };
}

function xctoTest(list: HeaderList): { result: Expectation; pass: boolean } {
  const header = first(list, 'x-content-type-options');
  if (header === null || header === '')
    return { result: 'x-content-type-options-not-implemented', pass: false };
  const ok = header.slice(0, 256).trim().toLowerCase() === 'nosniff';
  return {
    result: ok ? 'x-content-type-options-nosniff' : 'x-content-type-options-header-invalid',
    pass: ok,
  };
}

function xfoTest(list: HeaderList, csp: CspAnalysis): { result: Expectation; pass: boolean } {
  const header = first(list, 'x-frame-options');
  let result: Expectation = 'x-frame-options-not-implemented';
  if (header) {
    const xfo = header.slice(0, 1024).trim().toLowerCase();
    if (['deny', 'sameorigin'].includes(xfo)) result = 'x-frame-options-sameorigin-or-deny';
    else if (xfo.startsWith('allow-from')) result = 'x-frame-options-allow-from-origin';
    else result = 'x-frame-options-header-invalid';
  }
  if (csp.data?.['frame-ancestors']) result = 'x-frame-options-implemented-via-csp';
  const passing: Expectation[] = [
    'x-frame-options-allow-from-origin',
    'x-frame-options-sameorigin-or-deny',
    'x-frame-options-implemented-via-csp',
  ];
  return { result, pass: passing.includes(result) };
}

function corpTest(list: HeaderList): { result: Expectation; pass: boolean } {
  const header = values(list, 'cross-origin-resource-policy').join(', ');
  let result: Expectation = 'corp-not-implemented';
  if (header) {
    const value = header.slice(0, 256).trim().toLowerCase();
    const known: Record<string, Expectation> = {
      'same-site': 'corp-implemented-with-same-site',
      'same-origin': 'corp-implemented-with-same-origin',
      'cross-origin': 'corp-implemented-with-cross-origin',
    };
    result = known[value] ?? 'corp-header-invalid';
  }
  return { result, pass: result !== 'corp-header-invalid' };
}

/**
 * The bare item of an RFC 8941 structured-field item when it is a token (parameters allowed and
 * ignored), else null: how COOP and COEP are read by browsers and by the Observatory.
 */
export function structuredToken(value: string): string | null {
  const key = '[a-z*][a-z0-9_.*-]*';
  const bare = `(?:[0-9.-]+|"(?:[^"\\\\]|\\\\.)*"|\\?[01]|[A-Za-z*][!#$%&'*+.^_\`|~0-9A-Za-z:/-]*|:[A-Za-z0-9+/=]*:)`;
  const item = new RegExp(`^([A-Za-z*][!#$%&'*+.^_\`|~0-9A-Za-z:/-]*)((?:\\s*;\\s*${key}(?:=${bare})?)*)$`);
  const match = item.exec(value.trim());
  return match?.[1] ?? null;
}

function policyTokenTest<T extends Expectation>(
  list: HeaderList,
  name: string,
  known: Record<string, T>,
  notImplemented: T,
  invalid: T,
): { result: Expectation; pass: boolean } {
  const headers = list.filter((h) => h.name.toLowerCase() === name);
  let result: Expectation = notImplemented;
  if (headers.length > 1) result = invalid;
  else if (headers[0]?.value) {
    const token = structuredToken(headers[0].value.slice(0, 1024).trim());
    result = (token !== null ? known[token] : undefined) ?? invalid;
  }
  return { result, pass: result !== invalid };
}

// ---------------------------------------------------------------------------------------------

const GRADES: readonly [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

/** src/grader/grader.js getGradeForScore: negative scores count as 0, then steps of 5. */
export function gradeForScore(raw: number): { score: number; grade: string } {
  const score = Math.max(raw, 0);
  const key = Math.min(score - (score % 5), 100);
  const grade = GRADES.find(([min]) => key >= min)?.[1] ?? 'F';
  return { score, grade };
}

/** The CSP test alone, with the merged policy it read (for tests and failure messages). */
export function analyzeCsp(input: Pick<GradeInput, 'url' | 'headers' | 'html'>): CspAnalysis {
  const list = toList(input.headers);
  const isHtml = isHtmlResponse(list);
  return cspTest(
    list,
    isHtml ? httpEquiv(collectTags(input.html).meta).csp : [],
    new URL(input.url).protocol === 'https:',
  );
}

const isHtmlResponse = (list: HeaderList): boolean =>
  ['text/html', 'application/xhtml+xml'].includes((first(list, 'content-type') ?? '').split(';', 1)[0] ?? '');

/** Grades one response as the Observatory's scanner would (src/scanner/index.js analyzeScan). */
export function grade(input: GradeInput): Grade {
  const url = new URL(input.url);
  const https = url.protocol === 'https:';
  const status = input.status ?? 200;
  if (status < 200 || (status >= 400 && ![401, 403].includes(status))) {
    throw new Error(`Site did respond with an unexpected HTTP status code ${status}.`);
  }
  const list = toList(input.headers);
  const tags = collectTags(input.html);
  const equiv = httpEquiv(tags.meta);
  const isHtml = isHtmlResponse(list);

  // Only result and pass: the CSP analysis also carries its policy, which a TestResult does not.
  const scored = ({ result, pass }: { result: Expectation; pass: boolean }): TestResult => ({
    result,
    pass,
    modifier: MODIFIERS[result],
  });
  const skipped = (reason: string): TestResult => ({
    result: null,
    pass: null,
    modifier: 0,
    skipped: reason,
  });

  const csp = cspTest(list, isHtml ? equiv.csp : [], https);
  const hsts = https ? hstsTest(list) : null;
  const tests: Record<TestName, TestResult> = {
    'content-security-policy': scored(csp),
    cookies: scored(cookiesTest(list, hsts?.pass ?? false)),
    'cross-origin-embedder-policy': scored(
      policyTokenTest(
        list,
        'cross-origin-embedder-policy',
        {
          'require-corp': 'coep-implemented-with-require-corp',
          credentialless: 'coep-implemented-with-credentialless',
          'unsafe-none': 'coep-implemented-with-unsafe-none',
        },
        'coep-not-implemented',
        'coep-header-invalid',
      ),
    ),
    'cross-origin-opener-policy': scored(
      policyTokenTest(
        list,
        'cross-origin-opener-policy',
        {
          'same-origin': 'coop-implemented-with-same-origin',
          'same-origin-allow-popups': 'coop-implemented-with-same-origin-allow-popups',
          'noopener-allow-popups': 'coop-implemented-with-noopener-allow-popups',
          'unsafe-none': 'coop-implemented-with-unsafe-none',
        },
        'coop-not-implemented',
        'coop-header-invalid',
      ),
    ),
    'cross-origin-resource-sharing': scored(corsTest(input.cors)),
    redirection:
      https && input.redirects
        ? scored(redirectionTest(input.redirects))
        : skipped(
            https
              ? 'no http:// redirect chain given'
              : 'needs http→https on a public host; not applicable to http://',
          ),
    'referrer-policy': scored(referrerTest(list, isHtml ? equiv.referrer : [])),
    'strict-transport-security': hsts
      ? scored(hsts)
      : skipped('HSTS is only sent and honoured over https://'),
    'subresource-integrity': scored(sriTest(list, tags.script, url)),
    'x-content-type-options': scored(xctoTest(list)),
    'x-frame-options': scored(xfoTest(list, csp)),
    'cross-origin-resource-policy': scored(corpTest(list)),
  };

  let withExtraCredit = 100;
  let uncurved = 100;
  for (const test of Object.values(tests)) {
    withExtraCredit += test.modifier;
    if (test.modifier < 0) uncurved += test.modifier;
  }
  // Bonus points count only when the score without them is already an A (MINIMUM_SCORE_FOR_EXTRA_CREDIT).
  const { score, grade: letter } = gradeForScore(uncurved >= 90 ? withExtraCredit : uncurved);
  return { score, grade: letter, tests };
}
