/**
 * "Compare side by side" (docs/product-rules.md#compare) through `npm start`: the Compare toggle
 * on directory cards and
 * profiles (kept in this browser), the compare tray, at most three programs, /compare?ids=… with
 * its table (stale availability as "Not confirmed since …"), reload, a shared link, print, no
 * JavaScript, accessibility at desktop and phone sizes, and no request leaving the site.
 */
import { compareDataPath } from '../../src/features/compare/data.ts';
import { expect, test, type Page } from '@playwright/test';
import { PHONE, expectNoAxeViolations, failOnCspViolations, hydrated } from './helpers.ts';

failOnCspViolations();

const DESERT = { id: 'desert-bloom-ocd-intensive', name: 'Desert Bloom OCD Intensive Program' };
const ASPEN = { id: 'aspen-cove-womens-ocd', name: "Aspen Cove Women's OCD Residence" };
const BLUEBONNET = { id: 'bluebonnet-ridge-ocd', name: 'Bluebonnet Ridge OCD Treatment Center' };
const CEDAR = { id: 'cedar-hollow-childrens-ocd', name: "Cedar Hollow Children's OCD Center" };
const KESTREL = { id: 'kestrel-hill-ocd-residence', name: 'Kestrel Hill OCD Residence' };

const THREE = [DESERT, ASPEN, BLUEBONNET];
const compareUrl = (programs: { id: string }[]) => `/compare?ids=${programs.map((p) => p.id).join(',')}`;

const toggleOf = (page: Page, name: string) =>
  page.getByRole('button', { name: `Compare ${name}`, exact: true });
const tray = (page: Page) => page.getByRole('complementary', { name: 'Programs to compare' });
const toast = (page: Page) => page.locator('#toast-region-polite, #toast-region-alert');

/** Every request the page makes, to check that none leaves the site's origin. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

function offSite(urls: string[], base: string): string[] {
  const origin = new URL(base).origin;
  return urls.filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
}

/** The texts of one table row, by its key (`data-compare-row`). */
const rowCells = (page: Page, key: string) => page.locator(`tr[data-compare-row="${key}"] td`);

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('compare', () => {
  test('three from directory cards → tray → /compare table; a fourth is refused; reload keeps them', async ({
    page,
    baseURL,
  }) => {
    const requests = recordRequests(page);
    await page.goto('/');
    await hydrated(page);
    await expect(tray(page)).toBeHidden();

    for (const program of THREE) {
      const toggle = toggleOf(page, program.name);
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(tray(page)).toBeVisible();
    await expect(tray(page).getByRole('listitem')).toHaveText(THREE.map((p) => p.name));
    await expect(tray(page).getByRole('link', { name: 'Compare (3)' })).toHaveAttribute(
      'href',
      compareUrl(THREE),
    );

    // A fourth: refused, with a toast.
    await toggleOf(page, CEDAR.name).click();
    await expect(toast(page).getByText('You can compare at most 3 programs')).toBeVisible();
    await expect(toggleOf(page, CEDAR.name)).toHaveAttribute('aria-pressed', 'false');
    await expect(tray(page).getByRole('listitem')).toHaveCount(3);

    // Remove from the tray: the card's toggle follows, focus moves to the next remove button.
    await tray(page)
      .getByRole('button', { name: `Remove ${ASPEN.name} from compare` })
      .click();
    await expect(toggleOf(page, ASPEN.name)).toHaveAttribute('aria-pressed', 'false');
    await expect(tray(page).getByRole('link', { name: 'Compare (2)' })).toBeVisible();
    await expect(
      tray(page).getByRole('button', { name: `Remove ${BLUEBONNET.name} from compare` }),
    ).toBeFocused();
    await toggleOf(page, ASPEN.name).click();
    const order = [DESERT, BLUEBONNET, ASPEN];
    await expect(tray(page).getByRole('listitem')).toHaveText(order.map((p) => p.name));

    // Reload keeps the selection (this browser's storage).
    await page.reload();
    await hydrated(page);
    for (const program of order)
      await expect(toggleOf(page, program.name)).toHaveAttribute('aria-pressed', 'true');
    await expect(tray(page).getByRole('listitem')).toHaveText(order.map((p) => p.name));

    await tray(page).getByRole('link', { name: 'Compare (3)' }).click();
    await expect(page).toHaveURL(new RegExp(`${compareUrl(order).replace(/[?]/g, '\\$&')}$`));
    await expect(page).toHaveTitle(/^Compare programs/);
    await expect(page.getByRole('heading', { level: 1, name: 'Compare programs' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(order.map((p) => new RegExp(`^${p.name}`)));
    for (const label of [
      'Location',
      'Ages',
      'Setting',
      'Length of stay',
      'Modalities',
      'Insurance',
      'Availability',
      'Reply time',
      'ERP hours per week',
      'Restraint and seclusion',
      'Verified provider',
      'Listing reviewed',
      'Rating',
    ]) {
      await expect(table.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
    }
    await expect(rowCells(page, 'location')).toHaveText(['Scottsdale, Arizona', /.+/, /.+/]);
    // Confirmed 2026-07-30: stale, never shown as open.
    await expect(rowCells(page, 'availability').first()).toHaveText('Not confirmed since July 30, 2026');
    await expect(rowCells(page, 'replyTime').first()).toHaveText('Not enough requests to tell');
    // No location in the URL: no distance row.
    await expect(table.locator('tr[data-compare-row="distance"]')).toHaveCount(0);
    // The URL matches the local selection: nothing to replace.
    await expect(page.getByRole('button', { name: 'Replace my selection with these' })).toHaveCount(0);

    await page.reload();
    await expect(table.getByRole('columnheader')).toHaveText(order.map((p) => new RegExp(`^${p.name}`)));

    // Remove a column: the URL and the selection follow; focus stays on a Remove button.
    await table.getByRole('button', { name: `Remove ${BLUEBONNET.name}` }).click();
    await expect(table.getByRole('columnheader')).toHaveText(
      [DESERT, ASPEN].map((p) => new RegExp(`^${p.name}`)),
    );
    await expect(page).toHaveURL(new RegExp(`${compareUrl([DESERT, ASPEN]).replace(/[?]/g, '\\$&')}$`));
    await expect(table.getByRole('button', { name: `Remove ${ASPEN.name}` })).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('ocd-directory.compare'))).not.toContain(
      BLUEBONNET.id,
    );

    expect(offSite(requests, baseURL ?? page.url())).toEqual([]);
  });

  test('the profile toggle adds and removes the program and shows the tray', async ({ page, baseURL }) => {
    const requests = recordRequests(page);
    await page.goto(`/program/${KESTREL.id}`);
    const toggle = toggleOf(page, KESTREL.name);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(tray(page).getByRole('listitem')).toHaveText([KESTREL.name]);

    await page.reload();
    await expect(toggleOf(page, KESTREL.name)).toHaveAttribute('aria-pressed', 'true');
    await expect(tray(page).getByRole('link', { name: 'Compare (1)' })).toHaveAttribute(
      'href',
      compareUrl([KESTREL]),
    );
    await toggleOf(page, KESTREL.name).click();
    await expect(toggleOf(page, KESTREL.name)).toHaveAttribute('aria-pressed', 'false');
    await expect(tray(page)).toBeHidden();
    expect(offSite(requests, baseURL ?? page.url())).toEqual([]);
  });

  test('a shared link wins on the page; unknown, repeated and malformed ids are dropped', async ({
    page,
  }) => {
    await page.goto(`/program/${KESTREL.id}`);
    await toggleOf(page, KESTREL.name).click();

    await page.goto(`/compare?ids=${CEDAR.id},no-such-program,${CEDAR.id},BAD!,${DESERT.id}`);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(
      [CEDAR, DESERT].map((p) => new RegExp(`^${p.name}`)),
    );
    await expect(
      page.getByText('1 program in this link is no longer listed and was left out.'),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${compareUrl([CEDAR, DESERT]).replace(/[?]/g, '\\$&')}$`));
    // Cedar Hollow takes children: its youth-safety facts apply; Desert Bloom is for adults.
    await expect(rowCells(page, 'youth-schooling').last()).toHaveText('Not applicable (adults only)');

    await page.getByRole('button', { name: 'Replace my selection with these' }).click();
    await expect(page.getByRole('button', { name: 'Replace my selection with these' })).toHaveCount(0);
    const stored = await page.evaluate(() => localStorage.getItem('ocd-directory.compare') ?? '');
    expect((JSON.parse(stored) as { id: string }[]).map((p) => p.id)).toEqual([CEDAR.id, DESERT.id]);

    // /compare without ids shows the selection and puts it in the URL.
    await page.goto('/compare');
    await expect(page).toHaveURL(new RegExp(`${compareUrl([CEDAR, DESERT]).replace(/[?]/g, '\\$&')}$`));
    await expect(table.getByRole('columnheader')).toHaveCount(2);

    // Nothing chosen and no ids: an empty state that leads to the directory.
    await page.evaluate(() => {
      localStorage.clear();
    });
    await page.goto('/compare');
    await expect(page.getByRole('heading', { name: 'No programs to compare yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse programs' })).toHaveAttribute('href', '/');
  });

  test('a location in the URL adds distances; the tray takes the directory’s location along', async ({
    page,
  }, testInfo) => {
    await page.goto(`${compareUrl([DESERT, KESTREL])}&near=85251`);
    await expect(page.getByRole('rowheader', { name: 'Distance from ZIP 85251' })).toBeVisible();
    await expect(rowCells(page, 'distance')).toHaveText(['Under 1 mi away', /^[\d,]+ mi away$/]);

    await page.goto('/?near=85251');
    await hydrated(page);
    await toggleOf(page, DESERT.name).click();
    await page.locator('article', { has: toggleOf(page, DESERT.name) }).screenshot({
      path: testInfo.outputPath('card-toggle.png'),
    });
    await tray(page).getByRole('link', { name: 'Compare (1)' }).click();
    await expect(page).toHaveURL(/\/compare\?ids=desert-bloom-ocd-intensive&near=85251$/);
    await expect(rowCells(page, 'distance')).toHaveText(['Under 1 mi away']);
  });

  test('/compare is accessible and readable at 1280, 390 and 320 px', async ({ page }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(compareUrl(THREE));
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(3);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('compare-1280.png'), fullPage: true });

    for (const width of [PHONE.width, 320]) {
      await page.setViewportSize({ width, height: PHONE.height });
      await page.reload();
      await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(3);
      const region = page.getByRole('region', { name: 'Comparison table' });
      await expect(region).toHaveAttribute('tabindex', '0');
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.getByText(/^Comparing 3 programs/).scrollIntoViewIfNeeded();
      await page.evaluate(() => {
        window.scrollBy(0, -80);
      });
      await page.screenshot({ path: testInfo.outputPath(`compare-${width}.png`) });
    }
  });

  test('the tray at phone size: on the directory, and above the contact bar of a profile', async ({
    page,
  }, testInfo) => {
    // Two axe runs and three screenshots: three times the default time.
    test.slow();
    await page.setViewportSize({ width: 320, height: PHONE.height });
    await page.goto('/');
    await page.evaluate((programs) => {
      localStorage.setItem('ocd-directory.compare', JSON.stringify(programs));
    }, THREE);
    await page.goto('/');
    await hydrated(page);
    await expect(tray(page)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('home-tray-320.png') });
    await page.goto(`/program/${KESTREL.id}`);
    await expect(tray(page)).toBeVisible();
    const bar = await page.locator('[data-mobile-contact-bar]').boundingBox();
    const trayBox = await tray(page).boundingBox();
    expect((trayBox?.y ?? 0) + (trayBox?.height ?? 0)).toBeLessThanOrEqual((bar?.y ?? 0) + 1);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('profile-tray-320.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(tray(page)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('profile-tray-1280.png') });
  });

  test('prints without the site chrome and the table fits the page', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(compareUrl(THREE));
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(3);
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('body > header')).toBeHidden();
    await expect(page.locator('body > footer')).toBeHidden();
    await expect(page.locator('[data-compare-remove]')).toHaveCount(3);
    for (const button of await page.locator('main button').all()) await expect(button).toBeHidden();
    const fits = await page.evaluate(() => {
      const table = document.querySelector('table');
      return table ? table.getBoundingClientRect().right <= window.innerWidth : false;
    });
    expect(fits).toBe(true);
    await page.screenshot({ path: testInfo.outputPath('compare-print.png'), fullPage: true });
  });

  test('without JavaScript the page says compare needs it and links to the programs', async ({ request }) => {
    // Chromium with scripts turned off by Playwright still parses <noscript> as text, so the
    // message is checked in the HTML itself.
    const html = await (await request.get(compareUrl(THREE))).text();
    const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
    expect(noscript).toContain('Comparing programs needs JavaScript.');
    expect(noscript).toContain('href="/programs"');
    expect(noscript).toContain('href="/"');
    expect(html).toContain('data-compare-skeleton');
  });

  test('/compare and its data stay out of the sitemap; data only for listed programs', async ({
    request,
  }) => {
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    expect(sitemap).not.toContain('/compare');
    const data = await request.get(compareDataPath(DESERT.id));
    expect(data.status()).toBe(200);
    const shard = (await data.json()) as Record<string, unknown>;
    expect(shard[DESERT.id]).toMatchObject({
      id: DESERT.id,
      name: DESERT.name,
      availability: { confirmedOn: '2026-07-30' },
    });
    const testShard = await request.get(compareDataPath('test-program-001'));
    if (testShard.status() === 200) expect(await testShard.json()).not.toHaveProperty('test-program-001');
    else expect(testShard.status()).toBe(404);
  });
});
