/**
 * docs/api.md documents every endpoint: each path in a function's `export const config = { path }`
 * (netlify/functions/*.mts, a string or an array) appears in it. The functions' source is read
 * as text, not imported: importing one would read its environment and open its dependencies.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The paths of `export const config = { path: … }` in a function's source. */
export function configPaths(source: string): string[] {
  const config = /export const config\b[^=]*=\s*\{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
  const path = /\bpath:\s*(\[[\s\S]*?\]|'[^']*'|"[^"]*")/.exec(config)?.[1] ?? '';
  return [...path.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2] ?? '');
}

/**
 * True when `doc` documents `path`: names it on its own (`/api/reviews`, not only
 * `/api/reviews/:id`) in a heading or in a table's row, where the endpoints are described, not
 * only in passing in a paragraph about something else.
 */
export function documents(doc: string, path: string): boolean {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = new RegExp(String.raw`${escaped}(?![\w/:-])`);
  return doc.split('\n').some((line) => /^(?:#{2,4} |\|)/.test(line) && named.test(line));
}

const FUNCTIONS = readdirSync('netlify/functions')
  .filter((name) => name.endsWith('.mts'))
  .map((name) => `netlify/functions/${name}`);

describe('docs/api.md documents every endpoint', () => {
  it('reads the paths of a config', () => {
    const source = [
      "export const config: Config = {\n  path: ['/api/a', '/api/a/:id'],\n  method: ['GET'],\n};",
      "export const config = {\n  path: '/api/b',\n};",
      'export const config = {\n  path: [\n    \'/api/c\',\n    "/api/d",\n  ],\n};',
    ];
    expect(source.map(configPaths)).toEqual([['/api/a', '/api/a/:id'], ['/api/b'], ['/api/c', '/api/d']]);
  });

  it('tells a path from a longer one', () => {
    expect(documents('### `GET /api/reviews/:id`', '/api/reviews')).toBe(false);
    expect(documents('### `GET /api/reviews`, `/api/reviews/:id`', '/api/reviews')).toBe(true);
    expect(documents('### `GET /api/admin/listings[?status=draft]`', '/api/admin/listings')).toBe(true);
  });

  it('wants a heading or a table row, not a mention in passing', () => {
    expect(documents('| `POST /api/reports` | 201 |', '/api/reports')).toBe(true);
    expect(documents('Reports, like `/api/reports`, are limited.', '/api/reports')).toBe(false);
  });

  it('finds the endpoints', () => {
    expect(FUNCTIONS.flatMap((file) => configPaths(readFileSync(file, 'utf8')))).toContain('/api/me');
  });

  it('finds each of them in docs/api.md', () => {
    const doc = readFileSync('docs/api.md', 'utf8');
    const missing = FUNCTIONS.flatMap((file) =>
      configPaths(readFileSync(file, 'utf8'))
        .filter((path) => !documents(doc, path))
        .map((path) => `${file}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
