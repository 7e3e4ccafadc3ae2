/**
 * The real directory island, timed in Chromium: the built home page served with a synthetic
 * directory index of N programs (the page's `total` is raised to N so the island fetches it, in
 * 500-entry shards like the real `/directory-index/`). Playwright types into "Search programs"
 * key by key and clicks checkboxes in the open Filters dialog, first with no place, then near
 * ZIP 02108 within 250 miles (Distance sort); each sample is the time from the
 * event's timestamp (when the browser got the key or click) to the end of the island's handling
 * of it, Preact's render included: a listener on the window, in the bubbling phase, runs after
 * the island's own listener and the render it queued as a microtask (a task posted from the
 * event ran sometimes before, sometimes after the frame's layout and paint, so its figure mixed
 * in part of a frame). Layout and paint count in what the person sees: results visible, timed
 * apart, from the event to the first change of what shows the results, judged at 20,000
 * programs: the cards after a keystroke (`keystrokeCards`) and after the Filters dialog's
 * "Show N programs" (`filtersShowCards`: the dialog is a modal, the cards behind it change when
 * it closes), and the dialog's counts after a checkbox (`facetToggleCounts`: they follow the
 * paint that shows the tick). No sample when nothing visible changed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
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
  /** From the click on "Show N programs" to the cards changing. */
  filtersShowCards: LatencyStats;
  /** From a checkbox in the dialog to its counts changing. */
  facetToggleCounts: LatencyStats;
}

const QUERIES = ['lakeside equine', 'massachusetts', 'adolescent exposure', 'zzz no match'];
const DELAY_MS = 60;
/** Boxes ticked then cleared with "Show N programs" per round (two samples each). */
const SHOW_ROUNDS = 5;

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

/**
 * A plain click at the element's centre, as a finger or a mouse gives it: Playwright's own
 * `click` checks the target inside the event's handling (its hit-target check), which the slowed
 * CPU would time as part of the interaction.
 */
export async function clickAt(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (box === null) throw new Error('the element to click is not on screen');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

export async function measureIsland(browser: Browser, site: string, size: number): Promise<IslandFigures> {
  const server = await startStaticServer(site, syntheticDirectoryRoutes(site, size));
  const page = await browser.newPage();
  try {
    await page.addInitScript(() => {
      const samples: { kind: string; ms: number }[] = [];
      (globalThis as unknown as typeof window).benchLatency = samples;
      // The cards: the first change of the results list in view after each key or click (a card
      // of the list, a direct child of the results section, on screen; or that list coming or
      // going; not the active-filter chips, the count or Show more, which change with the event,
      // nor the cards below the fold, which follow after the paint). Whether a changed card is on
      // screen is read in the next animation frame: reading positions in the observer would
      // force a layout into the task being timed.
      let pending: { kind: string; event: Event } | null = null;
      const section = 'section[aria-labelledby$="-results"]';
      const cardOf = (node: Node | null): Element | null => {
        const element = node instanceof Element ? node : (node?.parentElement ?? null);
        return element?.closest(`${section} > ul > li`) ?? null;
      };
      const onScreen = (card: Element): boolean => {
        const box = card.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
      };
      new MutationObserver((mutations) => {
        const waiting = pending;
        if (waiting === null) return;
        const ms = performance.now() - waiting.event.timeStamp;
        if (waiting.kind === 'facetToggle') {
          // The counts: the dialog's status line ("N programs match") changes with them.
          const counted = mutations.some((m) =>
            (m.target instanceof Element ? m.target : m.target.parentElement)?.closest(
              'dialog[open] p[role="status"]',
            ),
          );
          if (counted) {
            samples.push({ kind: 'facetToggleCounts', ms });
            pending = null;
          }
          return;
        }
        const listSwapped = mutations.some(
          (m) =>
            m.target instanceof Element &&
            m.target.matches(section) &&
            [...m.addedNodes, ...m.removedNodes].some((n) => n.nodeName === 'UL'),
        );
        const cards = mutations
          .flatMap((m) => [cardOf(m.target), ...[...m.addedNodes].map(cardOf)])
          .filter((card) => card !== null);
        if (!listSwapped && cards.length === 0) return;
        requestAnimationFrame(() => {
          if (pending !== waiting || !(listSwapped || cards.some(onScreen))) return;
          samples.push({ kind: `${waiting.kind}Cards`, ms });
          pending = null;
        });
      }).observe(document, { childList: true, subtree: true, characterData: true });
      /** The last checkbox click (its change event follows in the same dispatch). */
      let toggle: Event | null = null;
      const time = (kind: string, event: Event): void => {
        pending = { kind, event };
        if (kind === 'facetToggle') toggle = event;
      };
      // After the island's handlers and their render (bubbling phase, on the window).
      const handled = (kind: string, from: Event): void => {
        samples.push({ kind, ms: performance.now() - from.timeStamp });
      };
      addEventListener('input', (event) => {
        if (event.isTrusted && (event.target as { type?: string } | null)?.type === 'search')
          handled('keystroke', event);
      });
      addEventListener('change', (event) => {
        if (
          event.isTrusted &&
          (event.target as { type?: string } | null)?.type === 'checkbox' &&
          toggle !== null
        ) {
          handled('facetToggle', toggle);
          toggle = null;
        }
      });
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
          if (!event.isTrusted) return;
          const target = event.target as Element | null;
          if ((target as { type?: string } | null)?.type === 'checkbox') time('facetToggle', event);
          else if (target?.closest('dialog[open] button')?.textContent.startsWith('Show '))
            pending = { kind: 'filtersShow', event };
          // Any other click (opening the dialog) ends what was waiting: a sample belongs to its event.
          else pending = null;
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
      const filters = page.getByRole('button', { name: /^Filters/ });
      await filters.click();
      const boxes = page.locator('dialog[open] input[type="checkbox"]');
      // Counted only once the dialog is there (a count taken too early is 0: no samples).
      await boxes.first().waitFor();
      const n = Math.min(12, await boxes.count());
      for (const on of [true, false]) {
        for (let i = 0; i < n; i++) {
          const box = boxes.nth(i);
          if ((await box.isChecked()) !== on) await clickAt(page, box);
          await page.waitForTimeout(DELAY_MS);
        }
      }
      await page.keyboard.press('Escape');
      // "Show N programs" after one box, then after clearing it: the cards behind change.
      for (let i = 0; i < SHOW_ROUNDS; i++) {
        for (const on of [true, false]) {
          await clickAt(page, filters);
          const box = boxes.nth(i);
          await box.waitFor();
          if ((await box.isChecked()) !== on) await clickAt(page, box);
          await page.waitForTimeout(DELAY_MS);
          await clickAt(page, page.locator('dialog[open]').getByRole('button', { name: /^Show / }));
          await page.locator('dialog[open]').waitFor({ state: 'detached' });
          await page.waitForTimeout(DELAY_MS);
        }
      }
    }
    const samples = await page.evaluate(() => window.benchLatency);
    const stats = (kind: string): LatencyStats => latencyStats(samples, kind);
    return {
      programs: size,
      loadMs,
      keystroke: stats('keystroke'),
      facetToggle: stats('facetToggle'),
      keystrokeCards: stats('keystrokeCards'),
      filtersShowCards: stats('filtersShowCards'),
      facetToggleCounts: stats('facetToggleCounts'),
    };
  } finally {
    await page.close();
    await server.close();
  }
}
