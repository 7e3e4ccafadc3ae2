/**
 * Search and filter latency measured in Chromium, the way a person triggers it: Playwright
 * types into the search box key by key and clicks the Filters dialog's checkboxes on the page of
 * scripts/lib/bench-search-page.ts (the directory's own filter, sort and facet-count code over N
 * synthetic programs with points, availability and fidelity). Every keystroke and toggle is
 * measured twice over: once with no place, once with a resolved place (250-mile radius and the
 * Distance sort), so the distance filter does its work too.
 */
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { percentiles } from './bench-table.ts';

export interface LatencyStats {
  medianMs: number;
  p95Ms: number;
  samples: number;
}

/** Median, p95 (ms, two decimals) and count of the samples of one kind. */
export function latencyStats(samples: readonly { kind: string; ms: number }[], kind: string): LatencyStats {
  const p = percentiles(samples.filter((s) => s.kind === kind).map((s) => s.ms));
  return { medianMs: round2(p.median), p95Ms: round2(p.p95), samples: p.n };
}

export interface BrowserSearchFigures {
  programs: number;
  /** Sorting the loaded data and preparing its search text (once, when the data arrives). */
  prepareMs: number;
  keystroke: LatencyStats;
  facetToggle: LatencyStats;
  /** A place resolved: re-sort by distance, radius filter, render. */
  near: LatencyStats;
  /** A sort choice: re-sort, filter, render. */
  sort: LatencyStats;
}

const QUERIES = ['lakeside equine', 'massachusetts', 'adolescent exposure', 'zzz no match'];
const TYPING_DELAY_MS = 40;

/** The bundled page: `{ '/__bench/search.html': …, '/__bench/search.js': … }` for the static server. */
export async function searchPageRoutes(): Promise<Record<string, { type: string; body: string }>> {
  const result = await build({
    entryPoints: [new URL('./bench-search-page.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const js = result.outputFiles[0]?.text ?? '';
  return {
    '/__bench/search.html': {
      type: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="en"><meta charset="utf-8"><title>search bench</title><body><script type="module" src="/__bench/search.js"></script></body></html>',
    },
    '/__bench/search.js': { type: 'text/javascript; charset=utf-8', body: js },
  };
}

async function typeQueries(page: Page): Promise<void> {
  for (const query of QUERIES) {
    await page.click('#q');
    // Clearing is a keystroke too (the list widens back to everything).
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace', { delay: TYPING_DELAY_MS });
    await page.keyboard.type(query, { delay: TYPING_DELAY_MS });
  }
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace', { delay: TYPING_DELAY_MS });
}

async function toggleFacets(page: Page): Promise<void> {
  const toggles = await page.locator('#dialog input').count();
  for (const on of [true, false]) {
    for (let i = 0; i < toggles; i++) {
      // On with each in turn (the filters stack up), then off again in the same order.
      await page.locator(`#t${String(i)}`).setChecked(on);
      await page.waitForTimeout(TYPING_DELAY_MS);
    }
  }
}

export async function measureSearchInBrowser(
  browser: Browser,
  origin: string,
  size: number,
): Promise<BrowserSearchFigures> {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/__bench/search.html?n=${String(size)}`);
    await page.waitForFunction(() => window.benchSearch.ready, null, { timeout: 120_000 });
    for (let round = 0; round < 2; round++) {
      await typeQueries(page);
      await toggleFacets(page);
      await page.locator('#near').click();
      for (const radius of ['100', '500', '50', '250']) await page.selectOption('#radius', radius);
      await typeQueries(page);
      await toggleFacets(page);
      for (const sort of ['availability', 'rating', 'name', 'distance'])
        await page.selectOption('#sort', sort);
      await page.locator('#near-clear').click();
    }
    const { prepareMs, samples } = await page.evaluate(() => window.benchSearch);
    const stats = (kind: string): LatencyStats => latencyStats(samples, kind);
    return {
      programs: size,
      prepareMs: round2(prepareMs),
      keystroke: stats('keystroke'),
      facetToggle: stats('facetToggle'),
      near: stats('near'),
      sort: stats('sort'),
    };
  } finally {
    await page.close();
  }
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
