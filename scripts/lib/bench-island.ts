/**
 * The real directory island, timed in Chromium: the built home page served with a synthetic
 * directory index of N programs (the page's `total` is raised to N so the island fetches it, in
 * 500-entry shards like the real `/directory-index/`). Playwright types into "Search programs"
 * key by key and clicks checkboxes in the open Filters dialog, first with no place, then near
 * ZIP 02108 within 250 miles (Distance sort); each sample is the time from the
 * event's timestamp (when the browser got the key or click) to the end of the task that handled
 * it, Preact's render included (it renders in a microtask of that task). Results visible is timed
 * apart: from the same event to the first change of the results list (`keystrokeCards`,
 * `facetToggleCards`; none when the visible cards stay the same), judged at 20,000 programs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DIRECTORY_SHARD_SIZE, manifestFor } from '../../src/lib/directory/index-data.ts';
import { startStaticServer } from './bench-server.ts';
import { syntheticPrograms } from './bench-search.ts';
import { latencyStats, type LatencyStats } from './bench-browser-search.ts';

export interface IslandFigures {
  programs: number;
  /** From focusing the search box (which starts the fetch) to the full count shown. */
  loadMs: number;
  keystroke: LatencyStats;
  facetToggle: LatencyStats;
  /** From the event to the results list changing (judged at 20,000 programs). */
  keystrokeCards: LatencyStats;
  facetToggleCards: LatencyStats;
}

const QUERIES = ['lakeside equine', 'massachusetts', 'adolescent exposure', 'zzz no match'];
const DELAY_MS = 60;

/** Raises the island's `total` prop in the built home page (HTML-escaped JSON in `props`). */
export function withTotal(html: string, total: number): string {
  const pattern = /&quot;total&quot;:\[0,\d+\]/;
  if (!pattern.test(html)) throw new Error('bench-island: no `total` prop in the home page');
  return html.replace(pattern, `&quot;total&quot;:[0,${String(total)}]`);
}

declare const window: { benchLatency: { kind: string; ms: number }[] };

async function typeQueries(page: Page, box: string): Promise<void> {
  for (const query of QUERIES) {
    await page.click(box);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace', { delay: DELAY_MS });
    await page.keyboard.type(query, { delay: DELAY_MS });
  }
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace', { delay: DELAY_MS });
}

/**
 * The built site's routes for a synthetic directory of `size` programs: the home page with its
 * `total` raised to `size` and the index manifest and shards (500 entries each, as the real ones).
 */
export function syntheticDirectoryRoutes(
  site: string,
  size: number,
): Record<string, { type: string; body: string }> {
  const entries = syntheticPrograms(size);
  const manifest = manifestFor(size);
  const routes: Record<string, { type: string; body: string }> = {
    '/': {
      type: 'text/html; charset=utf-8',
      body: withTotal(readFileSync(join(site, 'index.html'), 'utf8'), size),
    },
    '/directory-index.json': { type: 'application/json', body: JSON.stringify(manifest) },
  };
  manifest.shards.forEach((url, i) => {
    routes[url] = {
      type: 'application/json',
      body: JSON.stringify(entries.slice(i * DIRECTORY_SHARD_SIZE, (i + 1) * DIRECTORY_SHARD_SIZE)),
    };
  });
  return routes;
}

export async function measureIsland(browser: Browser, site: string, size: number): Promise<IslandFigures> {
  const server = await startStaticServer(site, syntheticDirectoryRoutes(site, size));
  const page = await browser.newPage();
  try {
    await page.addInitScript(() => {
      const samples: { kind: string; ms: number }[] = [];
      (globalThis as unknown as typeof window).benchLatency = samples;
      // The cards: the first change of the results list after each key or click (the cards'
      // list, a direct child of the results section, or that list coming or going; not the
      // active-filter chips, the count or Show more, which change with the event).
      let pending: { kind: string; event: Event } | null = null;
      const section = 'section[aria-labelledby$="-results"]';
      new MutationObserver((mutations) => {
        if (pending === null) return;
        const inResults = mutations.some(
          (m) =>
            (m.target instanceof Element ? m.target : m.target.parentElement)?.closest(`${section} > ul`) ||
            (m.target instanceof Element &&
              m.target.matches(section) &&
              [...m.addedNodes, ...m.removedNodes].some((n) => n.nodeName === 'UL')),
        );
        if (!inResults) return;
        samples.push({ kind: `${pending.kind}Cards`, ms: performance.now() - pending.event.timeStamp });
        pending = null;
      }).observe(document, { childList: true, subtree: true, characterData: true });
      const time = (kind: string, event: Event): void => {
        pending = { kind, event };
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          samples.push({ kind, ms: performance.now() - event.timeStamp });
        };
        channel.port2.postMessage(0);
      };
      addEventListener(
        'input',
        (event) => {
          if (event.isTrusted && (event.target as { type?: string } | null)?.type === 'search')
            time('keystroke', event);
        },
        true,
      );
      addEventListener(
        'click',
        (event) => {
          if (event.isTrusted && (event.target as { type?: string } | null)?.type === 'checkbox')
            time('facetToggle', event);
        },
        true,
      );
    });
    await page.goto(`${server.origin}/`, { waitUntil: 'networkidle' });
    const box = 'input[type="search"][name="q"]';
    const started = Date.now();
    await page.click(box);
    // The count reads exactly "N programs" once everything is loaded ("Showing 18 of N programs" before).
    await page.waitForFunction(
      (text) =>
        Array.from(document.querySelectorAll('p, h2, span, div')).some(
          (el) => el.textContent.trim() === text,
        ),
      `${String(size)} programs`,
      { timeout: 120_000 },
    );
    const loadMs = Date.now() - started;
    await page.evaluate(() => (window.benchLatency.length = 0));
    for (let round = 0; round < 2; round++) {
      if (round === 1) {
        // The second round with a place: a ZIP (resolved from the site's own /geo/ shards), the
        // Distance sort that comes with it and a 250-mile radius.
        await page.fill('input[name="near"]', '02108');
        await page.keyboard.press('Enter');
        await page.selectOption('select[name="radius"]', '250');
        await page.waitForFunction(() =>
          document.querySelector('p[role="status"]')?.textContent.includes('found'),
        );
      }
      await typeQueries(page, box);
      await page.getByRole('button', { name: /^Filters/ }).click();
      const boxes = page.locator('dialog[open] input[type="checkbox"]');
      // Counted only once the dialog is there (a count taken too early is 0: no samples).
      await boxes.first().waitFor();
      const n = Math.min(12, await boxes.count());
      for (const on of [true, false]) {
        for (let i = 0; i < n; i++) {
          await boxes.nth(i).setChecked(on);
          await page.waitForTimeout(DELAY_MS);
        }
      }
      await page.keyboard.press('Escape');
    }
    const samples = await page.evaluate(() => window.benchLatency);
    const stats = (kind: string): LatencyStats => latencyStats(samples, kind);
    return {
      programs: size,
      loadMs,
      keystroke: stats('keystroke'),
      facetToggle: stats('facetToggle'),
      keystrokeCards: stats('keystrokeCards'),
      facetToggleCards: stats('facetToggleCards'),
    };
  } finally {
    await page.close();
    await server.close();
  }
}
