/**
 * The per-page response headers the build leaves for Netlify outside netlify.toml.
 *
 * With `staticHeaders` on, @astrojs/netlify writes each page's Content-Security-Policy (which
 * carries the hashes of that build's scripts and styles) to `.netlify/v1/config.json`, Netlify's
 * Frameworks API file: `{ "headers": [{ "for": "/program/x", "values": { … } }, …] }`. Netlify
 * applies it in production, but `@netlify/dev` (behind `npm start`) only reads netlify.toml and
 * `_headers`, so the local server adds these headers itself through `staticHeadersFor`.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type HeaderRule = { for: string; values: Record<string, string> };

/** Where the adapter writes the file, relative to the project root. */
export const FRAMEWORK_CONFIG = join('.netlify', 'v1', 'config.json');

/** The `headers` rules of a Frameworks API config; anything malformed is left out, not guessed. */
export function parseHeaderRules(json: string): HeaderRule[] {
  const config = JSON.parse(json) as { headers?: unknown };
  if (!Array.isArray(config.headers)) return [];
  return config.headers.filter((rule): rule is HeaderRule => {
    if (typeof rule !== 'object' || rule === null) return false;
    const { for: path, values } = rule as { for?: unknown; values?: unknown };
    return (
      typeof path === 'string' &&
      typeof values === 'object' &&
      values !== null &&
      Object.values(values).every((v) => typeof v === 'string')
    );
  });
}

/**
 * Netlify's `for` pattern as a regular expression, with the semantics of @netlify/headers-parser
 * (what Netlify and `@netlify/dev` use): `:name` matches one segment, a standalone `*` segment
 * matches the rest of the path or nothing, `*` inside a segment matches anything, a trailing slash
 * is optional and the match ignores case.
 */
export function forPattern(path: string): RegExp {
  const parts = path
    .split('/')
    .map((part) => part.trimEnd())
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(':')) return '([^/]+)';
      if (part === '*') return '?(.*)';
      return part
        .split('*')
        .map((piece) => piece.replace(/[|\\{}()[\]^$+?.]/g, '\\$&'))
        .join('(.*)');
    });
  return new RegExp(`^/${parts.join('/')}/?$`, 'iu');
}

/**
 * The headers for a request path: every matching rule applies, a later rule overriding an earlier
 * one for the same header (as `@netlify/dev` merges netlify.toml rules).
 */
export function headersForPath(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  let path = pathname;
  try {
    // Rules name decoded paths (`/program/é`); request URLs arrive percent-encoded.
    path = decodeURI(pathname);
  } catch {
    // A malformed escape matches no page; keep the raw path.
  }
  const headers: Record<string, string> = {};
  for (const rule of rules) if (forPattern(rule.for).test(path)) Object.assign(headers, rule.values);
  return headers;
}

/**
 * Headers for request paths from the last build in `root`. The file is read again whenever the
 * build rewrites it (a running `npm start` rebuilds after an approval), and no file means no
 * extra headers (e.g. a build without the adapter).
 */
export function staticHeadersFor(root: string): (pathname: string) => Record<string, string> {
  const file = join(root, FRAMEWORK_CONFIG);
  let cached: { mtimeMs: number; rules: HeaderRule[] } | undefined;
  return (pathname) => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return {};
    }
    if (cached?.mtimeMs !== mtimeMs)
      cached = { mtimeMs, rules: parseHeaderRules(readFileSync(file, 'utf8')) };
    return headersForPath(cached.rules, pathname);
  };
}

export type Rewrite = { from: string; to: string; status: 200 | 404 };

/**
 * The rewrites of a netlify.toml: a visitor at `from` is served the page `to`, with status 200
 * (e.g. /request/<token>) or 404 (the "not found" pages of /program/* and /blog/*). Only
 * `[[redirects]]` blocks with literal `from`, `to` and `status = 200` or `404` are read.
 */
export function rewritesOf(toml: string): Rewrite[] {
  return toml
    .split(/\[\[redirects\]\]/)
    .slice(1)
    .map((block) => ({
      from: /^\s*from\s*=\s*"([^"]+)"/m.exec(block)?.[1] ?? '',
      to: /^\s*to\s*=\s*"([^"]+)"/m.exec(block)?.[1] ?? '',
      status: Number(/^\s*status\s*=\s*(\d+)/m.exec(block)?.[1]),
    }))
    .filter((r): r is Rewrite => r.from !== '' && r.to !== '' && (r.status === 200 || r.status === 404));
}

/** Every address no file and no rule serves gets the site's 404 page (Netlify's default). */
const DEFAULT_NOT_FOUND: Rewrite = { from: '/*', to: '/404', status: 404 };

/**
 * Headers follow the page served, not the address: for each rewrite, the rules written for its
 * target page (its CSP with that build's hashes) are repeated for the rewritten addresses.
 * Netlify matches header rules on the request path, so without this `/request/<token>` would be
 * served `/request`'s page with none of its page headers, and `/program/<unknown>` the
 * program-not-found page with no CSP.
 *
 * Where several rules match, the later one wins for the same header (Netlify's `headersForPath`),
 * so catch-all patterns go first, widest first, and every page's own rule, written after them,
 * overrides them on that page: `/program/x` keeps its CSP, `/program/unknown` gets the
 * not-found page's.
 *
 * @example withRewriteHeaders([{ for: '/request', values: { a: '1' } }], [{ from: '/request/*', to: '/request', status: 200 }])
 * // → [{ for: '/request/*', values: { a: '1' } }, { for: '/request', … }]
 */
export function withRewriteHeaders(rules: readonly HeaderRule[], rewrites: readonly Rewrite[]): HeaderRule[] {
  const isAdded = (rule: HeaderRule) => [...rewrites, DEFAULT_NOT_FOUND].some((r) => r.from === rule.for);
  const own = rules.filter((rule) => !isAdded(rule));
  const added = [DEFAULT_NOT_FOUND, ...rewrites].flatMap((rewrite) =>
    own
      .filter((rule) => rule.for === rewrite.to)
      .map((rule) => ({ for: rewrite.from, values: { ...rule.values } })),
  );
  // `/*` before `/program/*` before `/program/x`: fewer literal characters, earlier.
  const width = (rule: HeaderRule) => rule.for.replace(/\*/g, '').length;
  return [...added.sort((a, b) => width(a) - width(b)), ...own];
}

/**
 * The `[[headers]]` rules of a netlify.toml (`for` and the `[headers.values]` that follow), for
 * answers the local emulator does not make itself (the 404 of an address nothing serves).
 */
export function tomlHeaderRules(toml: string): HeaderRule[] {
  return toml
    .split(/\[\[headers\]\]/)
    .slice(1)
    .map((block) => {
      const body = block.split(/^\s*\[\[/m, 1)[0] ?? '';
      const values: Record<string, string> = {};
      const valuesPart = body.split(/^\s*\[headers\.values\]\s*$/m)[1] ?? '';
      for (const m of valuesPart.matchAll(/^\s*([A-Za-z0-9-]+)\s*=\s*"([^"]*)"\s*$/gm))
        values[m[1] ?? ''] = m[2] ?? '';
      return { for: /^\s*for\s*=\s*"([^"]+)"/m.exec(body)?.[1] ?? '', values };
    })
    .filter((rule) => rule.for !== '' && Object.keys(rule.values).length > 0);
}
