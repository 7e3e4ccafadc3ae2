/**
 * Accessibility of every state, the parts no other spec file covers: reflow of every page
 * of the sitemap and every interactive page outside it at 320 × 640 and at 640 × 400 with
 * deviceScaleFactor 2 (what a 1280 × 800 window lays out at 200 % zoom): no sideways scrolling of
 * the page, the main heading visible, and axe at 320 px for the pages no other spec sweeps at phone
 * size; a visible focus indicator, inside the viewport and not hidden under the sticky header, on
 * the first focusable elements of representative pages; and axe on interactive states the other
 * specs leave out (the compare tray and its refusal toast at desktop size, the mobile menu at
 * 320 px, the directory's empty and "Similar to" states, the blog's empty state, the signed-out
 * heart's message, the compare page's empty state).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  failOnCspViolations,
  quietEngagement,
  signIn,
  sitemapPaths,
} from './helpers.ts';

failOnCspViolations();

const THREE = [
  { id: 'desert-bloom-ocd-intensive', name: 'Desert Bloom OCD Intensive Program' },
  { id: 'aspen-cove-womens-ocd', name: "Aspen Cove Women's OCD Residence" },
  { id: 'bluebonnet-ridge-ocd', name: 'Bluebonnet Ridge OCD Treatment Center' },
];
const FOURTH = { id: 'cedar-hollow-childrens-ocd', name: "Cedar Hollow Children's OCD Center" };
const COMPARE = `/compare?ids=${THREE.map((p) => p.id).join(',')}`;

/**
 * Interactive pages outside the sitemap, signed out (some send the visitor on to sign in, which
 * is the state a signed-out visitor sees). `axe` marks those no other spec checks at phone size.
 */
const INTERACTIVE: { path: string; axe?: true; lands?: RegExp }[] = [
  { path: '/auth' },
  { path: '/auth?mode=signup' },
  { path: '/auth?mode=magic-link' },
  { path: '/auth?mode=reset' },
  { path: '/auth?mode=update-password' },
  { path: '/auth/confirm', axe: true },
  { path: '/provider-login' },
  { path: '/provider-login?mode=reset' },
  { path: '/provider-registration' },
  { path: '/registration-success' },
  { path: '/provider-dashboard', lands: /\/provider-login/ },
  { path: '/admin', axe: true },
  { path: '/testing', axe: true },
  { path: '/comprehensive-testing' },
  { path: COMPARE },
  { path: '/compare', axe: true },
  { path: '/favorites', lands: /\/auth\?next=%2Ffavorites$/ },
  { path: '/enhanced-dashboard', lands: /\/auth\?next=%2Fenhanced-dashboard$/ },
  { path: `/request/${'A'.repeat(43)}`, axe: true },
  { path: '/program-not-found', axe: true },
  { path: '/article-not-found' },
  { path: '/no-such-page-here', axe: true },
];

const SMALL = { width: 320, height: 640 } as const;
/** 1280 × 800 at 200 % zoom: a 640 × 400 CSS-pixel layout on a 2× display. */
const ZOOMED = { width: 640, height: 400 } as const;

/** No sideways scrolling of the page and a visible main heading (after any sign-in redirect). */
async function expectReflow(page: Page, path: string): Promise<void> {
  const heading = page.locator('main h1').first();
  await expect(heading, `main heading of ${path}`).toBeVisible();
  const overflow = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
    // The widest element that sticks out, to make a failure readable.
    culprit:
      [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}`)
        .slice(0, 3)
        .join(', ') || null,
  }));
  expect(overflow.scroll, `${path} scrolls sideways (${overflow.culprit ?? ''})`).toBeLessThanOrEqual(
    overflow.width,
  );
}

/** Where a signed-out visitor is sent on from a page (a client-side redirect), if anywhere. */
const landing = new Map(INTERACTIVE.filter((p) => p.lands).map((p) => [p.path, p.lands]));

async function sweep(page: Page, paths: string[], axeAt: (path: string) => boolean): Promise<void> {
  await quietEngagement(page);
  for (const path of paths) {
    const lands = landing.get(path);
    const response = await page.goto(path, lands ? { waitUntil: 'commit' } : undefined);
    expect(response?.status(), path).toBeLessThan(500);
    if (lands) await expect(page, path).toHaveURL(lands);
    await expectReflow(page, path);
    if (axeAt(path)) await expectNoAxeViolations(page);
  }
}

test.describe('reflow at 320 × 640', () => {
  test.use({ viewport: SMALL });

  test('every sitemap page: no sideways scrolling, the heading visible', async ({ page, request }) => {
    test.setTimeout(120_000);
    await sweep(page, await sitemapPaths(request), () => false);
  });

  test('every interactive page outside the sitemap: reflow, and axe where no spec checks phones', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const axe = new Set(INTERACTIVE.filter((p) => p.axe).map((p) => p.path));
    await sweep(
      page,
      INTERACTIVE.map((p) => p.path),
      (path) => axe.has(path),
    );
  });
});

test.describe('reflow at 200 % zoom (640 × 400 CSS pixels, 2× display)', () => {
  test.use({ viewport: ZOOMED, deviceScaleFactor: 2 });

  test('every sitemap page and every interactive page', async ({ page, request }) => {
    test.setTimeout(150_000);
    const paths = [...(await sitemapPaths(request)), ...INTERACTIVE.map((p) => p.path)];
    await sweep(page, paths, () => false);
  });
});

/**
 * Tabs through the first `count` focusable elements and checks each one: a focus indicator
 * (an outline, a box-shadow ring, or a visible border change is not enough on its own), inside the
 * viewport, and its centre not covered by something else (the sticky header, the tray).
 */
async function expectVisibleFocus(page: Page, count: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement;
      if (!(el instanceof HTMLElement) || el === document.body) return null;
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      const name = (el.getAttribute('aria-label') ?? el.textContent).trim().slice(0, 40);
      const label = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`;
      const outline =
        style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? style.outlineStyle : null;
      const ring = style.boxShadow !== 'none' ? style.boxShadow : null;
      const inViewport =
        rect.width > 0 &&
        rect.height > 0 &&
        rect.bottom > 0 &&
        rect.right > 0 &&
        rect.top < window.innerHeight &&
        rect.left < window.innerWidth;
      // WCAG 2.4.11: not entirely hidden by author content (the sticky header, fixed bars).
      const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(rect.top + rect.height / 2, 0), window.innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      const covered = top !== null && top !== el && !el.contains(top) && !top.contains(el);
      const coveredBy = covered ? `${top.tagName.toLowerCase()}.${[...top.classList].join('.')}` : null;
      return { label, indicator: outline ?? ring, inViewport, coveredBy };
    });
    if (focus === null) continue;
    seen.push(focus.label);
    expect(focus.indicator, `no focus indicator on ${focus.label} (${page.url()})`).not.toBeNull();
    expect(focus.inViewport, `${focus.label} focused outside the viewport`).toBe(true);
    expect(focus.coveredBy, `${focus.label} is covered when focused`).toBeNull();
  }
  return seen;
}

test.describe('visible focus', () => {
  const DESKTOP = { width: 1280, height: 800 };
  // [path, viewport, tab stops, with three programs in the compare tray (a fixed bottom bar)]
  for (const [path, size, stops, tray] of [
    ['/', DESKTOP, 25, false],
    ['/program/silver-creek-ranch', DESKTOP, 25, false],
    ['/auth', DESKTOP, 25, false],
    ['/provider-login', SMALL, 25, false],
    [COMPARE, SMALL, 25, false],
    // The fixed contact bar and the compare tray never hide the focused element (WCAG 2.4.11).
    ['/program/silver-creek-ranch', SMALL, 60, true],
    ['/', ZOOMED, 60, true],
  ] as const) {
    test(`${path} at ${size.width} px${tray ? ', tray open' : ''}: the first ${stops} stops show their focus in view`, async ({
      page,
    }) => {
      await quietEngagement(page);
      await page.setViewportSize(size);
      await page.goto(path);
      if (tray) {
        await page.evaluate((programs) => {
          localStorage.setItem('ocd-directory.compare', JSON.stringify(programs));
        }, THREE);
        await page.goto(path);
        await expect(page.getByRole('complementary', { name: 'Programs to compare' })).toBeVisible();
      }
      await expect(page.locator('main h1').first()).toBeVisible();
      const seen = await expectVisibleFocus(page, stops);
      expect(seen.length).toBeGreaterThan(10);
      expect(seen[0]).toContain('Skip to content');
    });
  }
});

test.describe('visible focus, signed in', () => {
  const DESKTOP = { width: 1280, height: 800 };
  const PROVIDER = { email: 'provider@example.org', password: 'provider-demo-1' };
  const ADMIN = { email: 'admin@example.org', password: 'admin-demo-1' };
  for (const [label, who, path, size] of [
    ['the provider dashboard', PROVIDER, '/provider-dashboard', DESKTOP],
    ['the provider dashboard, Listings', PROVIDER, '/provider-dashboard?tab=listings', SMALL],
    ['/admin', ADMIN, '/admin', DESKTOP],
    ['/admin, Listings', ADMIN, '/admin?tab=listings', SMALL],
  ] as const) {
    test(`${label} at ${String(size.width)} px: the first 40 stops show their focus in view`, async ({
      page,
    }) => {
      await quietEngagement(page);
      await page.setViewportSize(size);
      await signIn(page, who, path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // From the top, as a keyboard user arriving on the page.
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      const seen = await expectVisibleFocus(page, 40);
      expect(seen.length).toBeGreaterThan(10);
      expect(seen[0]).toContain('Skip to content');
    });
  }
});

test.describe('interactive states', () => {
  test('the compare tray with three programs and the refusal toast, at desktop size', async ({ page }) => {
    // Several axe scans of the whole home page: 36 s against the 30 s default on a loaded machine.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.evaluate((programs) => {
      localStorage.setItem('ocd-directory.compare', JSON.stringify(programs));
    }, THREE);
    await page.goto('/');
    const tray = page.getByRole('complementary', { name: 'Programs to compare' });
    await expect(tray.getByRole('listitem')).toHaveCount(3);
    const fourth = page.getByRole('button', { name: `Compare ${FOURTH.name}`, exact: true });
    await expect(
      page.getByRole('button', { name: `Compare ${THREE[0]?.name ?? ''}`, exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);
    await fourth.click();
    await expect(page.getByText('You can compare at most 3 programs')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the mobile menu open at 320 px, with the page behind it', async ({ page }) => {
    await page.setViewportSize(SMALL);
    await page.goto('/program/silver-creek-ranch');
    await page.locator('#mobile-menu-button').click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });

  test('the directory: no results, then "Similar to" suggestions, at 1280 and 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/?q=no+program+has+this+text');
    await expect(page.getByRole('heading', { name: 'No Results Found' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/?q=Massachusets');
    await expect(page.getByRole('heading', { name: 'Similar to “Massachusets”' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize(SMALL);
    await expectNoAxeViolations(page);
  });

  test('at 320 px: the filters dialog open, and a place that is not found beside the Near field', async ({
    page,
  }) => {
    await page.setViewportSize(SMALL);
    await page.goto('/?near=99999&radius=100');
    const near = page.getByLabel('Near', { exact: true });
    await expect(near).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/99999/).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= SMALL.width).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('the contact form sent: its "Message Sent" toast, at 320 px', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 201, contentType: 'application/json', body: '{"ok":true}' }),
    );
    await page.setViewportSize(SMALL);
    await page.goto('/contact');
    for (const [label, value] of [
      ['Name', 'Jordan Example'],
      ['Email', 'jordan@example.com'],
      ['Subject', 'A question about listings'],
      ['Message', 'How often is program information updated?'],
    ] as const) {
      await page.getByLabel(new RegExp(`^${label}`)).fill(value);
    }
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Message Sent' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the blog with no matching article', async ({ page }) => {
    await page.goto('/blog');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('zzzz no such article');
    await expect(page.getByRole('heading', { name: 'No articles found' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('signed out, the heart asks to sign in (its message shown)', async ({ page }) => {
    await quietEngagement(page);
    await page.goto('/program/silver-creek-ranch');
    await page.getByRole('button', { name: 'Save Silver Creek Ranch for Young Men to favorites' }).click();
    await expect(page.getByText('Please sign in to save favorites')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
