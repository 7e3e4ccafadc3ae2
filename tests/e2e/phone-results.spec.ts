/**
 * Results first on a phone, at 390 px and 1280 px: a search or a filter brings the
 * first result into view and focuses the results heading; active filters are removable chips
 * above the results; Sort by Distance without a place asks for one; a stale location error goes
 * after a search; Back to Directory on a profile returns to the search, its cards and its scroll
 * position; cards offer Call and Request Info; the card heart shows without hovering; provider
 * and administrator headers carry no family links and the dashboards' banner is compact. Axe on
 * every new state.
 */
import { expect, test, type Page } from '@playwright/test';
import type { DirectoryEntry } from '../../src/lib/directory/rules.ts';
import { telHref } from '../../src/lib/display.ts';
import { expectNoAxeViolations, hydrated, PHONE, quietEngagement, submitSignIn } from './helpers.ts';

const DESKTOP = { width: 1280, height: 800 } as const;
const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

const cards = (page: Page) => page.locator('main article');
const heading = (page: Page) => page.getByRole('heading', { level: 2, name: 'Programs', exact: true });

/**
 * The first card starts below the sticky header, and its name and facts (its upper 300 px, or all
 * of it when shorter) are on screen: a card with its contact actions can be taller than a laptop's
 * window, so "in view" cannot mean every pixel of it.
 */
function firstCardInView(page: Page): Promise<boolean> {
  return cards(page)
    .first()
    .evaluate((card) => {
      const header = document.querySelector('body > header')?.getBoundingClientRect().bottom ?? 0;
      const box = card.getBoundingClientRect();
      return (
        box.height > 0 &&
        box.top >= header - 1 &&
        box.top + Math.min(box.height, 300) <= window.innerHeight + 1
      );
    });
}

async function open(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

async function loadIndex(page: Page): Promise<DirectoryEntry[]> {
  const manifest = (await (await page.request.get('/directory-index.json')).json()) as { shards: string[] };
  const entries: DirectoryEntry[] = [];
  for (const url of manifest.shards)
    entries.push(...((await (await page.request.get(url)).json()) as DirectoryEntry[]));
  return entries;
}

test.beforeEach(async ({ page }) => {
  await quietEngagement(page);
});

for (const [label, viewport] of SIZES) {
  test.describe(label, () => {
    test.use({ viewport });

    test('a filter applied with Show brings the first result into view, focused heading, chips above', async ({
      page,
    }) => {
      await open(page);
      await expect(cards(page).first()).toBeVisible();
      // The first screen is the introduction and the form: no whole result in view yet.
      expect(await firstCardInView(page)).toBe(false);
      await page.getByRole('button', { name: /^Filters/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Filters' });
      await dialog.getByRole('checkbox', { name: /^Adolescents\b/ }).check();
      await dialog.getByRole('button', { name: /^Show \d+ programs?$/ }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/age=Adolescents/);
      await expect(heading(page)).toBeFocused();
      await expect.poll(() => firstCardInView(page)).toBe(true);
      await expect(page.getByRole('button', { name: 'Remove filter: Adolescents' })).toBeInViewport();
      await expect(page.getByRole('status').filter({ hasText: /programs? found/ })).toBeVisible();
      if (label === 'phone') {
        // The introduction gives way once a search has been made.
        await expect(page.getByText(/^Compare residential programs for teens/)).toBeHidden();
      }
      await expectNoAxeViolations(page);
    });

    test('Enter in the search box (Find programs) brings the results into view', async ({ page }) => {
      await open(page);
      await page.getByLabel('Search programs').fill('ocd');
      await page.getByLabel('Search programs').press('Enter');
      await expect(heading(page)).toBeFocused();
      await expect.poll(() => firstCardInView(page)).toBe(true);
      await expectNoAxeViolations(page);
    });

    test('Sort by Distance without a place asks for one in the Near box', async ({ page }) => {
      await open(page);
      await page.getByLabel('Sort by').selectOption('distance');
      const near = page.getByRole('textbox', { name: 'Near' });
      await expect(near).toBeFocused();
      await expect(near).toHaveAccessibleDescription(
        'To sort by distance, enter a ZIP code or a city and state, or choose Use my location.',
      );
      await expect(page).toHaveURL(/sort=distance/);
      await expectNoAxeViolations(page);
      // A place given: distances, nearest first; the request goes.
      await near.fill('02478');
      await page.getByRole('button', { name: 'Find programs' }).click();
      await expect(near).toHaveAccessibleDescription(/nearest first\.$/);
      await expect(heading(page)).toBeFocused();
      await expect.poll(() => firstCardInView(page)).toBe(true);
    });
  });
}

test('chips remove their filter; focus moves to the next chip, then to the heading', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await open(page, '/?age=Adolescents&modality=ERP&open=1');
  const chip = (name: string) => page.getByRole('button', { name: `Remove filter: ${name}` });
  await expect(chip('Adolescents')).toBeVisible();
  // Above the results: the chips come before the first card.
  const chipsTop = await chip('Adolescents').evaluate((el) => el.getBoundingClientRect().top);
  await expect(cards(page).first()).toBeVisible();
  const headingTop = await heading(page).evaluate((el) => el.getBoundingClientRect().top);
  const cardTop = await cards(page)
    .first()
    .evaluate((el) => el.getBoundingClientRect().top);
  expect(chipsTop).toBeGreaterThan(headingTop);
  expect(chipsTop).toBeLessThan(cardTop);
  await expectNoAxeViolations(page);

  await chip('ERP').click();
  await expect(page).not.toHaveURL(/modality=ERP/);
  await expect(chip('ERP')).toHaveCount(0);
  await expect(chip('Confirmed open in the last 30 days')).toBeFocused();
  await chip('Confirmed open in the last 30 days').click();
  await expect(page).not.toHaveURL(/open=1/);
  await expect(chip('Adolescents')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /^Remove filter/ })).toHaveCount(0);
  await expect(heading(page)).toBeFocused();
});

test('a stale "Location access is turned off" goes once a search is made', async ({ page, context }) => {
  await context.clearPermissions();
  await page.setViewportSize(PHONE);
  await open(page);
  await page.getByRole('button', { name: 'Use my location' }).click();
  const stale = page.getByText(/^Location access is turned off for this site\./);
  await expect(stale).toBeVisible();
  await page.getByLabel('Search programs').fill('ranch');
  await page.getByLabel('Search programs').press('Enter');
  await expect(stale).toHaveCount(0);
  await expect(cards(page).first()).toBeVisible();
});

test.describe('Back to Directory', () => {
  test('desktop: returns to the sorted search and its scroll position, focus on the card left', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await open(page, '/?sort=rating&age=Adults');
    await expect.poll(() => cards(page).count()).toBeGreaterThan(6);
    const card = cards(page).nth(6);
    const id = await card.getAttribute('data-program-id');
    await card.locator('h3 a').scrollIntoViewIfNeeded();
    await page.evaluate(() => {
      window.scrollBy(0, 40);
    });
    const scrollY = await page.evaluate(() => Math.round(window.scrollY));
    expect(scrollY).toBeGreaterThan(300);
    await card.locator('h3 a').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('load');
    const back = page.getByRole('link', { name: 'Back to Directory' });
    await expect(back).toHaveAttribute('href', '/?sort=rating&age=Adults');
    await back.click();
    await expect(page).toHaveURL(/\/\?sort=rating&age=Adults$/);
    await expect(page.getByLabel('Sort by')).toHaveValue('rating');
    await expect(page.getByRole('button', { name: 'Remove filter: Adults' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scrollY);
    await expect(page.locator(`article[data-program-id="${id ?? ''}"] h3 a`)).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('phone: "Show more programs" pages come back too', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const total = (await loadIndex(page)).length;
    await open(page);
    const first = await cards(page).count();
    test.skip(total <= first, 'every program fits on the first page');
    await page.getByRole('button', { name: 'Show more programs' }).click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(first);
    const shown = await cards(page).count();
    const card = cards(page).nth(shown - 2);
    await card.locator('h3 a').scrollIntoViewIfNeeded();
    const scrollY = await page.evaluate(() => Math.round(window.scrollY));
    await card.locator('h3 a').click();
    await expect(page).toHaveURL(/\/program\/|\/mclean$/);
    // The profile's script has pointed the link at the search (it stays `/` here: no filters).
    await page.waitForLoadState('load');
    await page.getByRole('link', { name: 'Back to Directory' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => cards(page).count()).toBe(shown);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scrollY);
    await expectNoAxeViolations(page);
  });

  test('a profile opened directly leads back to the plain directory; a forged value is never followed', async ({
    page,
  }) => {
    await page.goto('/program/silver-creek-ranch');
    await expect(page.getByRole('link', { name: 'Back to Directory' })).toHaveAttribute('href', '/');
    await page.evaluate(() => {
      sessionStorage.setItem(
        'ocd-directory:return',
        JSON.stringify({ url: '//evil.example/?q=x', shown: 24, scrollY: 0, programId: null }),
      );
    });
    await page.reload();
    await expect(page.getByRole('link', { name: 'Back to Directory' })).toHaveAttribute('href', '/');
  });
});

for (const [label, viewport] of SIZES) {
  test(`${label}: cards offer Call (tel:) and Request Info (the request dialog)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const index = await loadIndex(page);
    await open(page);
    const card = cards(page)
      .filter({ has: page.getByRole('link', { name: /^Call / }) })
      .first();
    const id = (await card.getAttribute('data-program-id')) ?? '';
    const program = index.find((p) => p.id === id);
    expect(program?.phone).toBeTruthy();
    const call = card.getByRole('link', { name: /^Call / });
    await expect(call).toHaveAttribute('href', telHref(program?.phone ?? ''));
    await expect(call).toHaveAccessibleName(`Call ${program?.phone ?? ''}, ${program?.name ?? ''}`);
    const request = card.getByRole('button', { name: `Request Info from ${program?.name ?? ''}` });
    await request.click();
    const dialog = page.getByRole('dialog', { name: 'Request Information' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Send a message to the admissions team at ${program?.name ?? ''}.`);
    await expect(dialog.getByLabel(/Your name/)).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(request).toBeFocused();
    // Opened again: one dialog, not two.
    await request.click();
    await expect(page.getByRole('dialog', { name: 'Request Information' })).toHaveCount(1);
  });
}

test('desktop: the save heart shows on every card without hovering', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await open(page);
  await page.mouse.move(0, 0);
  const heart = cards(page)
    .first()
    .getByRole('button', { name: /^Save .+ to favorites$/ });
  await expect(heart).toBeVisible();
  expect(await heart.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
});

test('compare: each column offers Call and Request Info', async ({ page }) => {
  const index = await loadIndex(page);
  const withPhone = index.filter((p) => p.phone !== undefined).slice(0, 2);
  await page.goto(`/compare?ids=${withPhone.map((p) => p.id).join(',')}`);
  for (const program of withPhone) {
    await expect(
      page.getByRole('link', { name: `Call ${program.phone ?? ''}, ${program.name}` }),
    ).toHaveAttribute('href', telHref(program.phone ?? ''));
  }
  const first = withPhone[0];
  await page.getByRole('button', { name: `Request Info from ${first?.name ?? ''}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Information' });
  await expect(dialog).toContainText(first?.name ?? '');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

for (const [label, viewport] of SIZES) {
  test(`${label}: the provider's header has no family links; the dashboard's banner is compact`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/provider-login');
    await submitSignIn(page, { email: 'provider@example.org', password: 'provider-demo-1' });
    await expect(page).toHaveURL(/\/provider-dashboard/);
    const header = page.locator('body > header');
    if (label === 'phone') {
      // The account's links are in the menu once the header knows who is signed in (its script has
      // run then, and the Menu button with it).
      await expect(header.locator('#mobile-user-menu-slot')).not.toBeEmpty();
      await header.getByRole('button', { name: 'Menu' }).click();
      const account = header.getByRole('list', { name: 'Your account' });
      await expect(account.getByRole('link', { name: 'Provider Dashboard' })).toBeVisible();
      await expect(account.getByRole('link', { name: 'Settings' })).toHaveAttribute(
        'href',
        '/enhanced-dashboard',
      );
    } else {
      await header.getByRole('button', { name: /^Account menu/ }).click();
      await expect(header.getByRole('link', { name: 'Provider Dashboard' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Settings' })).toBeVisible();
    }
    await expect(header.getByRole('link', { name: 'Favorites' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'My Account' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    // The banner is a slim band: the dashboard's own heading starts near the top.
    const banner = page
      .locator('main section')
      .filter({ has: page.getByRole('heading', { level: 1 }) })
      .first();
    const box = await banner.boundingBox();
    expect(box?.height ?? 999).toBeLessThan(label === 'phone' ? 150 : 120);
  });
}
