import { describe, expect, it } from 'vitest';
import {
  atLeast,
  atMost,
  formatTable,
  kb,
  mib,
  ms,
  notMeasured,
  percentiles,
  report,
  summary,
} from '../../../scripts/lib/bench-table.ts';
import { syntheticPrograms } from '../../../scripts/lib/bench-search.ts';
import { withTotal } from '../../../scripts/lib/bench-island.ts';

describe('bench table', () => {
  it('judges a value against its budget, inclusive', () => {
    expect(atMost('pages.home.js', 'home JS', 90_000, 90_000, kb)).toEqual({
      key: 'pages.home.js',
      what: 'home JS',
      value: '90.0 KB',
      budget: '≤ 90.0 KB',
      pass: true,
    });
    expect(atMost('k', 'w', 90_001, 90_000, kb).pass).toBe(false);
    expect(atLeast('api.rate', 'events/s', 1999, 2000, String)).toMatchObject({
      budget: '≥ 2000',
      pass: false,
    });
    expect(atLeast('api.rate', 'events/s', 2000, 2000, String).pass).toBe(true);
  });

  it('has no verdict without a budget', () => {
    expect(report('k', 'w', '3')).toMatchObject({ budget: '—', pass: null });
    expect(notMeasured('api', 'API', '--skip-api')).toMatchObject({
      value: 'not measured (--skip-api)',
      pass: null,
    });
  });

  it('formats units', () => {
    expect(kb(20_480)).toBe('20.5 KB');
    expect(kb(150_000)).toBe('150 KB');
    expect(mib(1536)).toBe('1.50 GiB');
    expect(mib(800.4)).toBe('800 MiB');
    expect(ms(3.14159)).toBe('3.14 ms');
    expect(ms(42.04)).toBe('42.0 ms');
  });

  it('aligns the columns and prints pass, FAIL or —', () => {
    const text = formatTable(
      [atMost('a', 'short', 1, 2, String), atMost('longer.key', 'x', 3, 2, String), report('b', 'y', 'z')],
      ['footer'],
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('key        | what  | value | budget | pass/fail');
    expect(lines[1]).toBe('-----------|-------|-------|--------|----------');
    expect(lines[2]).toBe('a          | short | 1     | ≤ 2    | pass');
    expect(lines[3]).toBe('longer.key | x     | 3     | ≤ 2    | FAIL');
    expect(lines[4]).toBe('b          | y     | z     | —      | —');
    expect(lines.at(-1)).toBe('footer');
  });

  it('summarises the judged rows', () => {
    expect(summary([atMost('a', '', 1, 2, String), atMost('b', '', 3, 2, String), report('c', '', '')])).toBe(
      '1 of 2 budgets pass; failing: b',
    );
  });

  it('takes nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i); // 1..100, unsorted
    expect(percentiles(samples)).toEqual({ median: 50, p95: 95, n: 100 });
    expect(percentiles([])).toEqual({ median: 0, p95: 0, n: 0 });
  });
});

describe('synthetic programs', () => {
  it('are deterministic and carry what the distance, availability and fidelity filters read', () => {
    const a = syntheticPrograms(200);
    expect(syntheticPrograms(200)).toEqual(a);
    expect(a.filter((p) => p.coordinates).length).toBeGreaterThan(150);
    expect(a.filter((p) => p.availability).length).toBeGreaterThan(140);
    expect(a.filter((p) => p.fidelity?.erpHoursPerWeek != null).length).toBeGreaterThan(80);
  });
});

describe('island page with a synthetic index', () => {
  it("raises the directory island's total so it fetches the whole index", () => {
    const html = '<astro-island props="{&quot;initial&quot;:[1,[]],&quot;total&quot;:[0,18]}">';
    expect(withTotal(html, 20_000)).toBe(
      '<astro-island props="{&quot;initial&quot;:[1,[]],&quot;total&quot;:[0,20000]}">',
    );
    expect(() => withTotal('<p>no island</p>', 5)).toThrow(/no `total` prop/);
  });
});
