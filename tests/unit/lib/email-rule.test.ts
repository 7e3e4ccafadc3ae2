import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN_SQL,
  INVISIBLE_RANGES,
  LOOKALIKE_RANGES,
  isEmail,
  normalizeEmail,
} from '../../../src/lib/text-rules.ts';
import { EMAIL_CASES } from './email-cases.ts';

describe('isEmail: a plain addr-spec only', () => {
  it.each(EMAIL_CASES)('%s: %j → %s', (_label, value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });

  it('counts the length in code points, at most EMAIL_MAX_LENGTH', () => {
    expect(isEmail(`${'a'.repeat(EMAIL_MAX_LENGTH - 6)}@b.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(EMAIL_MAX_LENGTH - 5)}@b.com`)).toBe(false);
    expect(isEmail(`${'𝒶'.repeat(EMAIL_MAX_LENGTH - 6)}@b.com`)).toBe(true);
  });

  it('refuses every character whose compatibility form (NFKC) holds an address delimiter or a space', () => {
    // A mail library that normalises text would read these as `@`, `,`, `<`, `(`, `.`, … : the
    // rule lists them by number (LOOKALIKE_RANGES, so the database can repeat them); this checks
    // that the list still covers what this Node's Unicode data says.
    const delimiter = /["(),.:;<>@[\\\]\s]/u;
    const missing: string[] = [];
    for (let c = 0x80; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCodePoint(c);
      const compat = ch.normalize('NFKC');
      if (compat === ch || !delimiter.test(compat)) continue;
      if (isEmail(`a${ch}b@example.com`) || isEmail(`ab@exa${ch}mple.com`)) missing.push(c.toString(16));
    }
    expect(missing).toEqual([]);
  });

  it('keeps LOOKALIKE_RANGES sorted and apart from INVISIBLE_RANGES', () => {
    for (let i = 1; i < LOOKALIKE_RANGES.length; i++) {
      const [, prevEnd] = LOOKALIKE_RANGES[i - 1] ?? [0, 0];
      const [start, end] = LOOKALIKE_RANGES[i] ?? [0, 0];
      expect(start).toBeGreaterThan(prevEnd + 1);
      expect(end).toBeGreaterThanOrEqual(start);
    }
    const invisible = (c: number) => INVISIBLE_RANGES.some(([a, b]) => c >= a && c <= b);
    for (const [a, b] of LOOKALIKE_RANGES) for (let c = a; c <= b; c++) expect(invisible(c)).toBe(false);
  });
});

describe('normalizeEmail: the form per-address limits key on', () => {
  it.each([
    ['dana@example.com', 'dana@example.com'],
    ['  Dana@Example.COM \n', 'dana@example.com'],
    ['JOSE\u0301@EXAMPLE.COM', 'jos\u00e9@example.com'],
  ])('%j → %j', (value, expected) => {
    expect(normalizeEmail(value)).toBe(expected);
  });
});

describe('the database repeats the rule (supabase/migrations/20261125000400_email_rule.sql)', () => {
  const sql = readFileSync(
    join(import.meta.dirname, '../../../supabase/migrations/20261125000400_email_rule.sql'),
    'utf8',
  );

  it('replaces private.is_email() with EMAIL_PATTERN_SQL, the length limit and the encoded-word check', () => {
    expect(sql).toContain('create or replace function private.is_email(value text)');
    expect(sql).toContain(`length(value) <= ${EMAIL_MAX_LENGTH}`);
    expect(sql).toContain(`strpos(value, '=?') = 0`);
    expect(sql).toContain(`value ~ '${EMAIL_PATTERN_SQL}'`);
  });

  it('is the last migration that defines private.is_email()', () => {
    const dir = join(import.meta.dirname, '../../../supabase/migrations');
    const defining = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .filter((f) => /function private\.is_email\(/.test(readFileSync(join(dir, f), 'utf8')));
    expect(defining.at(-1)).toBe('20261125000400_email_rule.sql');
  });
});
