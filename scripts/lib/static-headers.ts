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

export type Rewrite = { from: string; to: string };

/**
 * The rewrites (status 200) of a netlify.toml: a visitor at `from` is served the page `to`.
 * Only `[[redirects]]` blocks with literal `from`, `to` and `status = 200` are read.
 */
export function rewritesOf(toml: string): Rewrite[] {
  return toml
    .split(/\[\[redirects\]\]/)
    .slice(1)
    .filter((block) => /^\s*status\s*=\s*200\b/m.test(block))
    .map((block) => ({
      from: /^\s*from\s*=\s*"([^"]+)"/m.exec(block)?.[1] ?? '',
      to: /^\s*to\s*=\s*"([^"]+)"/m.exec(block)?.[1] ?? '',
    }))
    .filter((r) => r.from !== '' && r.to !== '');
}

/**
 * Headers follow the page served, not the address: for each rewrite, the rules written for its
 * target page (its CSP with that build's hashes) are repeated for the rewritten addresses.
 * Netlify matches header rules on the request path, so without this `/request/<token>` would be
 * served `/request`'s page with none of its page headers.
 *
 * @example withRewriteHeaders([{ for: '/request', values: { a: '1' } }], [{ from: '/request/*', to: '/request' }])
 * // → [{ for: '/request', … }, { for: '/request/*', values: { a: '1' } }]
 */
export function withRewriteHeaders(rules: readonly HeaderRule[], rewrites: readonly Rewrite[]): HeaderRule[] {
  const added = rewrites.flatMap((rewrite) =>
    rules
      .filter((rule) => rule.for === rewrite.to)
      .map((rule) => ({ for: rewrite.from, values: { ...rule.values } })),
  );
  return [...rules, ...added.filter((a) => !rules.some((r) => r.for === a.for))];
}
