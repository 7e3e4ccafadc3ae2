/**
 * Interaction to Next Paint on a mid-range phone: the built site in Chromium at 390×844 with the
 * CPU slowed 4× (`Emulation.setCPUThrottlingRate`), timed by the browser's own Event Timing API
 * (`PerformanceObserver` type `event`, `durationThreshold` 16): the entries of one interaction
 * (its key down and up, or its pointer down, up and click) share an `interactionId`, and the
 * interaction's latency is the longest of them, from the input to the next paint after its
 * handlers ran. Each figure is the 75th percentile over at least 20 interactions:
 *
 * - search keystrokes and checkbox toggles in Filters on the home page with a synthetic index of
 *   1,000 programs (served as bench-island.ts serves it);
 * - a card's Request Info on the home page (the dialog's code loads on the first press); the time
 *   from the click to the open dialog is taken apart (`inp.requestInfo.shown`);
 * - Request Info on a profile, then typing a name in the dialog.
 *
 * An interaction quicker than 16 ms leaves no entry: the driver knows how many it made, and the
 * missing ones count as under 16 ms. `/api/*` gets the static server's `404 {}` (signed out).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { percentiles } from './bench-table.ts';
import { startStaticServer } from './bench-server.ts';
import { clickAt, syntheticDirectoryRoutes } from './bench-island.ts';

/** One Event Timing entry, as much of it as the figures need. */
export interface EventEntry {
  name: string;
  interactionId: number;
  duration: number;
}

export interface InpStats {
  /** The 75th percentile (nearest rank) of the interactions' latencies. */
  p75Ms: number;
  maxMs: number;
  /** Interactions made (those under the 16 ms threshold included). */
  interactions: number;
  /** How many of them left no entry (under 16 ms). */
  underThreshold: number;
}

/** The Event Timing API reports no entry shorter than this (its minimum `durationThreshold`). */
export const EVENT_THRESHOLD_MS = 16;

/**
 * Latency per interaction: entries grouped by `interactionId` (0, events that are no
 * interaction, left out), the longest of each group, in the order the interactions came.
 * `kind` keeps only key presses (a group with a `keydown`/`keyup`) or only pointer interactions
 * (a `click`/`pointerdown`/`pointerup`), e.g. the clicks that open a dialog, not the Escape that
 * closes it.
 */
export function interactionLatencies(
  entries: readonly EventEntry[],
  kind: 'key' | 'pointer' | 'any' = 'any',
): number[] {
  const groups = new Map<number, { names: Set<string>; max: number }>();
  for (const e of entries) {
    if (e.interactionId === 0) continue;
    const group = groups.get(e.interactionId) ?? { names: new Set<string>(), max: 0 };
    group.names.add(e.name);
    group.max = Math.max(group.max, e.duration);
    groups.set(e.interactionId, group);
  }
  const keys = ['keydown', 'keyup', 'keypress'];
  const pointers = ['click', 'pointerdown', 'pointerup'];
  return [...groups.values()]
    .filter((g) => kind === 'any' || (kind === 'key' ? keys : pointers).some((n) => g.names.has(n)))
    .map((g) => g.max);
}

/**
 * The p75 and worst of `made` interactions, of which `latencies` left entries; the others were
 * under the threshold and count as 0 (they can only lower the p75). More entries than
 * interactions made (a stray one) are kept: the figure never hides a slow one.
 */
export function inpStats(latencies: readonly number[], made: number): InpStats {
  const underThreshold = Math.max(0, made - latencies.length);
  const all = [...latencies, ...Array.from({ length: underThreshold }, () => 0)];
  if (all.length === 0) return { p75Ms: 0, maxMs: 0, interactions: 0, underThreshold: 0 };
  const sorted = [...all].sort((a, b) => a - b);
  const p75 = sorted[Math.max(0, Math.ceil(0.75 * sorted.length) - 1)] ?? 0;
  return { p75Ms: p75, maxMs: sorted.at(-1) ?? 0, interactions: all.length, underThreshold };
}

export interface InpFigures {
  programs: number;
  cpuSlowdown: number;
  viewport: string;
  homeKeystroke: InpStats | null;
  homeFacetToggle: InpStats | null;
  homeRequestInfo: InpStats | null;
  /** From the click on a card's Request Info to the open dialog in the DOM, median / p95. */
  homeDialogShownMs: { medianMs: number; p95Ms: number } | null;
  profileRequestInfo: InpStats | null;
  profileDialogShownMs: { medianMs: number; p95Ms: number } | null;
  dialogTyping: InpStats | null;
  /** Why a figure above is null. */
  errors: string[];
}

const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 390, height: 844 };
/** Between keys: a quick typist, with time left for the cards that follow a key. */
const KEY_DELAY_MS = 150;
const OPENINGS = 20;

declare const window: {
  benchEvents: EventEntry[];
  benchDialogShown: number[];
};

/** Collects Event Timing entries and, per click, the time until an open dialog is in the DOM. */
function instrument(): void {
  const events: EventEntry[] = [];
  const shown: number[] = [];
  const w = globalThis as unknown as typeof window;
  w.benchEvents = events;
  w.benchDialogShown = shown;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
      events.push({ name: e.name, interactionId: e.interactionId ?? 0, duration: e.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  let click: Event | null = null;
  addEventListener(
    'click',
    (event) => {
      if (event.isTrusted) click = event;
    },
    true,
  );
  new MutationObserver(() => {
    if (click !== null && document.querySelector('dialog[open]')) {
      shown.push(performance.now() - click.timeStamp);
      click = null;
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
}

/** Waits for the entries of the last interactions (delivered after their paint), then takes them. */
async function takeEntries(page: Page): Promise<EventEntry[]> {
  await page.waitForTimeout(500);
  return page.evaluate(() => window.benchEvents.splice(0));
}

async function takeShown(page: Page): Promise<{ medianMs: number; p95Ms: number } | null> {
  const shown = await page.evaluate(() => window.benchDialogShown.splice(0));
  if (shown.length === 0) return null;
  const p = percentiles(shown);
  return { medianMs: Math.round(p.median * 10) / 10, p95Ms: Math.round(p.p95 * 10) / 10 };
}

async function phonePage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await page.addInitScript(instrument);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/** Opens the request dialog `times` times with `button` (closed with Escape between). */
async function openDialogs(page: Page, button: () => Locator, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await clickAt(page, button());
    await page.locator('dialog[open]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(200);
    await page.keyboard.press('Escape');
    await page
      .locator('dialog[open]')
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => {});
    await page.waitForTimeout(200);
  }
}

function failed(errors: string[], what: string) {
  return (error: unknown): null => {
    errors.push(`${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return null;
  };
}

export async function measureInp(
  browser: Browser,
  site: string,
  profilePath: string,
  size = 1_000,
): Promise<InpFigures> {
  const errors: string[] = [];
  const server = await startStaticServer(site, syntheticDirectoryRoutes(site, size));
  const figures: InpFigures = {
    programs: size,
    cpuSlowdown: CPU_SLOWDOWN,
    viewport: `${String(VIEWPORT.width)}×${String(VIEWPORT.height)}`,
    homeKeystroke: null,
    homeFacetToggle: null,
    homeRequestInfo: null,
    homeDialogShownMs: null,
    profileRequestInfo: null,
    profileDialogShownMs: null,
    dialogTyping: null,
    errors,
  };
  try {
    // ---- the home page: keystrokes, Filters toggles, a card's Request Info ----
    const home = await phonePage(browser);
    try {
      await home.goto(`${server.origin}/`, { waitUntil: 'networkidle' });
      const box = home.locator('input[type="search"][name="q"]');
      await box.click();
      await home.waitForFunction(
        (text) =>
          Array.from(document.querySelectorAll('p[role="status"]')).some(
            (el) => el.textContent.trim() === text,
          ),
        `${String(size)} programs`,
        { timeout: 120_000 },
      );
      await takeEntries(home);
      figures.homeKeystroke = await (async () => {
        let made = 0;
        for (const query of ['lakeside equine', 'adolescent']) {
          await home.keyboard.type(query, { delay: KEY_DELAY_MS });
          made += query.length;
          for (let i = 0; i < query.length; i++) {
            await home.keyboard.press('Backspace');
            await home.waitForTimeout(KEY_DELAY_MS);
          }
          made += query.length;
        }
        return inpStats(interactionLatencies(await takeEntries(home), 'key'), made);
      })().catch(failed(errors, 'home keystrokes'));

      figures.homeFacetToggle = await (async () => {
        await home.getByRole('button', { name: /^Filters/ }).click();
        const boxes = home.locator('dialog[open] input[type="checkbox"]');
        await boxes.first().waitFor();
        // 14 boxes on, then off: at least 20 clicks (a Setting choice clears the one before).
        const n = Math.min(14, await boxes.count());
        await takeEntries(home);
        let made = 0;
        for (const on of [true, false]) {
          for (let i = 0; i < n; i++) {
            const box = boxes.nth(i);
            if ((await box.isChecked()) !== on) {
              await clickAt(home, box);
              made++;
            }
            await home.waitForTimeout(KEY_DELAY_MS);
          }
        }
        const stats = inpStats(interactionLatencies(await takeEntries(home), 'pointer'), made);
        await home.keyboard.press('Escape');
        await home.waitForTimeout(300);
        return stats;
      })().catch(failed(errors, 'home Filters toggles'));

      figures.homeRequestInfo = await (async () => {
        await takeEntries(home);
        await takeShown(home);
        await openDialogs(home, () => home.locator('[data-card-contact] button').first(), OPENINGS);
        figures.homeDialogShownMs = await takeShown(home);
        return inpStats(interactionLatencies(await takeEntries(home), 'pointer'), OPENINGS);
      })().catch(failed(errors, 'home Request Info'));
    } finally {
      await home.close();
    }

    // ---- a profile: Request Info, then typing in the dialog ----
    const profile = await phonePage(browser);
    try {
      await profile.goto(server.origin + profilePath, { waitUntil: 'networkidle' });
      await takeEntries(profile);
      const button = () =>
        profile
          .getByRole('button', { name: /^(Request )?Info\b/ })
          .filter({ visible: true })
          .first();
      figures.profileRequestInfo = await (async () => {
        await openDialogs(profile, button, OPENINGS);
        figures.profileDialogShownMs = await takeShown(profile);
        return inpStats(interactionLatencies(await takeEntries(profile), 'pointer'), OPENINGS);
      })().catch(failed(errors, 'profile Request Info'));

      figures.dialogTyping = await (async () => {
        await button().click();
        const name = profile.locator('dialog[open] input[name="name"]');
        await name.waitFor();
        await name.click();
        await profile.waitForTimeout(300);
        await takeEntries(profile);
        const text = 'Jordan Example-Parent';
        await profile.keyboard.type(text, { delay: KEY_DELAY_MS });
        return inpStats(interactionLatencies(await takeEntries(profile), 'key'), text.length);
      })().catch(failed(errors, 'typing in the dialog'));
    } finally {
      await profile.close();
    }
  } finally {
    await server.close();
  }
  return figures;
}
