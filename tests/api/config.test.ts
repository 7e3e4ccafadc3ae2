/**
 * Netlify reads each function's `config` statically at deploy. Only literal values survive that
 * reading, so this test parses the sources the way Netlify does and checks that the path and the
 * rate limit (the same object the in-process limiter uses) are really visible to it.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

interface ParsedSource {
  config: { path?: string[]; rateLimit?: unknown };
  runtimeAPIVersion: number;
}

const zisiEntry = import.meta.resolve('@netlify/zip-it-and-ship-it');
const parserUrl = new URL('./runtimes/node/in_source_config/index.js', zisiEntry);
const { parseSource } = (await import(parserUrl.href)) as {
  parseSource: (source: string, options: { functionName: string }) => ParsedSource;
};

describe.each([
  ['me', '/api/me'],
  ['engagement', '/api/engagement'],
  ['contact', '/api/contact'],
  ['health', '/api/health'],
])('netlify/functions/%s.mts', (name, path) => {
  it('is a v2 function whose path and rate limit Netlify can read', async () => {
    const source = await readFile(new URL(`../../netlify/functions/${name}.mts`, import.meta.url), 'utf8');
    const mod = (await import(`../../netlify/functions/${name}.mts`)) as { config: { rateLimit?: unknown } };
    const parsed = parseSource(source, { functionName: name });
    expect(parsed.runtimeAPIVersion).toBe(2);
    expect(parsed.config.path).toEqual([path]);
    expect(parsed.config.rateLimit).toEqual(mod.config.rateLimit);
    expect(parsed.config.rateLimit).toMatchObject({ aggregateBy: ['ip', 'domain'] });
  });
});
