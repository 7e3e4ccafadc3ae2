/**
 * The one table `npm run bench` prints: a row per measurement with its value, the docs/budgets.md
 * budget it is judged against and whether it is within it. Pure, so it is unit-tested
 * (tests/unit/scripts/bench-table.test.ts); the bench measures, this file only judges and formats.
 */

/** One measurement. `pass` is `null` where no budget is stated (shown as "—"). */
export interface BudgetRow {
  key: string;
  what: string;
  value: string;
  budget: string;
  pass: boolean | null;
}

/** A figure that was not measured (skipped, failed): the row says why. */
export function notMeasured(key: string, what: string, why: string, budget = '—'): BudgetRow {
  return { key, what, value: `not measured (${why})`, budget, pass: null };
}

/** A value with no budget: reported only. */
export function report(key: string, what: string, value: string): BudgetRow {
  return { key, what, value, budget: '—', pass: null };
}

/** `value ≤ limit`; both shown with `format`. */
export function atMost(
  key: string,
  what: string,
  value: number,
  limit: number,
  format: (n: number) => string,
): BudgetRow {
  return { key, what, value: format(value), budget: `≤ ${format(limit)}`, pass: value <= limit };
}

/** `value ≥ limit`; both shown with `format`. */
export function atLeast(
  key: string,
  what: string,
  value: number,
  limit: number,
  format: (n: number) => string,
): BudgetRow {
  return { key, what, value: format(value), budget: `≥ ${format(limit)}`, pass: value >= limit };
}

/** 1 KB = 1,000 bytes (as docs/budgets.md's "≤ 20 KB gzip"); one decimal below 100 KB. */
export function kb(bytes: number): string {
  const k = bytes / 1000;
  return `${k < 100 ? k.toFixed(1) : Math.round(k).toLocaleString('en-US')} KB`;
}

export function ms(n: number): string {
  return `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
}

export function seconds(n: number): string {
  return `${n.toFixed(1)} s`;
}

/** MiB below 1 GiB, GiB (two decimals) from there. */
export function mib(n: number): string {
  return n >= 1024 ? `${(n / 1024).toFixed(2)} GiB` : `${Math.round(n).toLocaleString('en-US')} MiB`;
}

export function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function passText(pass: boolean | null): string {
  if (pass === null) return '—';
  return pass ? 'pass' : 'FAIL';
}

/** Aligned plain text: a header, a rule, the rows, then the footer lines. */
export function formatTable(rows: readonly BudgetRow[], footer: readonly string[] = []): string {
  const header = ['key', 'what', 'value', 'budget', 'pass/fail'];
  const cells = rows.map((r) => [r.key, r.what, r.value, r.budget, passText(r.pass)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]): string =>
    c
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line), '', ...footer]
    .join('\n')
    .trimEnd();
}

/** "N of M budgets pass; failing: a, b" over the rows that have a budget. */
export function summary(rows: readonly BudgetRow[]): string {
  const judged = rows.filter((r) => r.pass !== null);
  const failing = judged.filter((r) => r.pass === false);
  return `${String(judged.length - failing.length)} of ${String(judged.length)} budgets pass${
    failing.length > 0 ? `; failing: ${failing.map((r) => r.key).join(', ')}` : ''
  }`;
}

/** The median and 95th percentile (nearest rank) of samples, in their unit. */
export function percentiles(samples: readonly number[]): { median: number; p95: number; n: number } {
  if (samples.length === 0) return { median: 0, p95: 0, n: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number): number =>
    sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1))] ?? 0;
  return { median: rank(0.5), p95: rank(0.95), n: sorted.length };
}
