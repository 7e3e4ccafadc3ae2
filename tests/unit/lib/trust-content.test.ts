/**
 * "Featured" does not exist (docs/product-rules.md#what-the-badges-mean): no program file, schema
 * field or directory entry carries it, and the program schema refuses it. Trust dates in program
 * files: `verifiedOn` only for a verified provider, `reviewedOn` a real day.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { programSchema } from '../../../src/lib/program-schema.ts';

const DIR = 'content/programs';
const files = readdirSync(DIR).filter((f) => f.endsWith('.md'));

function source(file: string): string {
  return readFileSync(join(DIR, file), 'utf8');
}

function frontmatter(file: string): Record<string, unknown> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source(file));
  return parse(match?.[1] ?? '') as Record<string, unknown>;
}

describe('program files', () => {
  it.each(files)('%s never says "featured"', (file) => {
    expect(source(file)).not.toMatch(/featured/i);
  });

  it.each(files)('%s: verifiedOn only with verified: true; dated when verified', (file) => {
    const data = programSchema.parse(frontmatter(file));
    if (data.verifiedOn !== undefined) expect(data.verified).toBe(true);
    if (data.verified) expect(data.verifiedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (!data.test) expect(data.reviewedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('the program schema', () => {
  const base = frontmatter('aspen-cove-womens-ocd.md');
  const issue = (input: Record<string, unknown>) => {
    const result = programSchema.safeParse(input);
    return result.success
      ? null
      : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(' ');
  };

  it.each([
    ['featured: true (the field no longer exists)', { featured: true }, 'featured'],
    ['featured: false as well', { featured: false }, ''],
    ['verifiedOn without verified', { verified: false, verifiedOn: '2026-03-03' }, 'verifiedOn'],
    ['an impossible verifiedOn', { verifiedOn: '2026-02-30' }, 'verifiedOn'],
    ['a verifiedOn that is not YYYY-MM-DD', { verifiedOn: '03/03/2026' }, 'verifiedOn'],
    ['a reviewedOn before 2000', { reviewedOn: '1999-12-31' }, 'reviewedOn'],
    ['a reviewedOn that is a number', { reviewedOn: 20260303 }, 'reviewedOn'],
  ])('refuses %s', (_name, change, path) => {
    const found = issue({ ...base, ...change });
    expect(found).not.toBeNull();
    if (path !== '') expect(found).toContain(path);
  });

  it('accepts both dates on a verified program, and none at all', () => {
    expect(issue({ ...base, verified: true, verifiedOn: '2026-03-03', reviewedOn: '2026-11-05' })).toBeNull();
    const { verifiedOn: _v, reviewedOn: _r, ...bare } = base;
    expect(issue({ ...bare, verified: false })).toBeNull();
  });
});
