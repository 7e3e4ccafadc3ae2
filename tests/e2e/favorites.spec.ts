/**
 * Favourites end to end through `npm start`: the heart on directory cards and profiles, signed
 * out ("Authentication Required", sign in, back on the same page) and signed in (save, /favorites,
 * remove, empty state), keyboard use, touch screens, accessibility and the CSP.
 * Every test signs up its own account (tests run in parallel workers).
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  confirmedAccount,
  expectNoAxeViolations,
  hydrated,
  PHONE,
  signIn,
  submitSignIn,
  uniqueEmails,
  watchCsp,
} from './helpers.ts';

const PASSWORD = 'favourite-pass-1';

/** A program whose card is among the first ones on the home page (name order) and its profile. */
const PROFILE = '/program/kestrel-hill-ocd-residence';
const PROFILE_NAME = 'Kestrel Hill OCD Residence';

const newEmail = uniqueEmails('fav');

/** A new confirmed account (every test signs up its own). */
function newAccount(request: APIRequestContext, label: string): Promise<string> {
  return confirmedAccount(request, {
    email: newEmail(label),
    password: PASSWORD,
  });
}

/** Signs a new account in on /auth, lands on `next` and waits for the islands to hydrate. */
async function newAccountSignedIn(
  page: Page,
  request: APIRequestContext,
  label: string,
  next = '/',
): Promise<void> {
  await signIn(page, { email: await newAccount(request, label), password: PASSWORD }, next);
  await hydrated(page);
}

const toast = (page: Page) => page.locator('#toast-region-polite, #toast-region-alert');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The heart of `name`, saved or not. */
function heartOf(page: Page, name: string): Locator {
  const n = escapeRegExp(name);
  return page.getByRole('button', { name: new RegExp(`^(Save ${n} to|Remove ${n} from) favorites$`) });
}

/** The first card's program name on the home page. */
async function firstCardName(page: Page): Promise<string> {
  await hydrated(page);
  const name = await page.locator('article h3 a').first().textContent();
  return (name ?? '').trim();
}

test.describe('favourites', () => {
  test('signed out: the heart asks to sign in, and sign-in returns to the same page', async ({
    page,
    request,
  }) => {
    const csp = await watchCsp(page);
    const email = await newAccount(request, 'return');
    await page.goto(PROFILE);
    const heart = heartOf(page, PROFILE_NAME);
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(heart).toHaveAccessibleName(`Save ${PROFILE_NAME} to favorites`);
    await heart.click();
    await expect(toast(page).getByText('Authentication Required')).toBeVisible();
    await expect(toast(page).getByText('Please sign in to save favorites')).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await toast(page).getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Fprogram%2Fkestrel-hill-ocd-residence$/);

    await submitSignIn(page, { email, password: PASSWORD });
    await expect(page).toHaveURL(/localhost:8888\/program\/kestrel-hill-ocd-residence$/);
    await heartOf(page, PROFILE_NAME).click();
    await expect(toast(page).getByText('Added to Favorites')).toBeVisible();
    await expect(heartOf(page, PROFILE_NAME)).toHaveAttribute('aria-pressed', 'true');
    await expect(heartOf(page, PROFILE_NAME)).toHaveAccessibleName(`Remove ${PROFILE_NAME} from favorites`);
    expect(csp).toEqual([]);
  });

  test('signed out on a directory card: the same message; /favorites sends to sign-in', async ({ page }) => {
    await page.goto('/');
    const name = await firstCardName(page);
    const heart = heartOf(page, name);
    await heart.click();
    await expect(toast(page).getByText('Authentication Required')).toBeVisible();
    await page.goto('/favorites');
    await expect(page).toHaveURL(/\/auth\?next=%2Ffavorites$/);
  });

  test('signed in: heart a card, it is on /favorites and the profile, remove it, empty state', async ({
    page,
    request,
  }) => {
    const csp = await watchCsp(page);
    await newAccountSignedIn(page, request, 'cycle');
    const heart = heartOf(page, PROFILE_NAME);
    // Shown without hovering on desktop too (a family should not have to find it), then a
    // pressed toggle once clicked.
    await expect(heart).toHaveCSS('opacity', '1');
    await expect(heart).toBeVisible();
    await heart.click();
    await expect(toast(page).getByText('Added to Favorites')).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.mouse.move(0, 0);
    await expect(heart).toHaveCSS('opacity', '1');

    // A second one, saved later: /favorites lists newest first.
    const other = await firstCardName(page);
    expect(other).not.toBe(PROFILE_NAME);
    await heartOf(page, other).click();
    await expect(heartOf(page, other)).toHaveAttribute('aria-pressed', 'true');

    // Loaded once per page: a reload shows the saved state.
    await page.reload();
    await hydrated(page);
    await expect(heartOf(page, PROFILE_NAME)).toHaveAttribute('aria-pressed', 'true');

    // The profile shows it saved without any interaction.
    await page.goto(PROFILE);
    await expect(heartOf(page, PROFILE_NAME)).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/favorites');
    await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const cards = page.locator('main article h3');
    await expect(cards).toHaveText([other, PROFILE_NAME]);
    await expect(page.getByRole('link', { name: `Learn More about ${PROFILE_NAME}` })).toHaveAttribute(
      'href',
      PROFILE,
    );
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: `Remove ${other} from favorites` }).click();
    await expect(toast(page).getByText('Removed from Favorites')).toBeVisible();
    await expect(cards).toHaveText([PROFILE_NAME]);
    await page.getByRole('button', { name: `Remove ${PROFILE_NAME} from favorites` }).click();
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse programs' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);

    // Removed on the server too.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    expect(csp).toEqual([]);
  });

  test('keyboard: the heart appears on focus and toggles with Enter and Space', async ({ page, request }) => {
    await newAccountSignedIn(page, request, 'keys');
    const name = await firstCardName(page);
    const heart = heartOf(page, name);
    const link = page.getByRole('link', { name, exact: true });
    await link.focus();
    // Tab from the card's name reaches its heart (reading order: name, then heart).
    await page.keyboard.press('Tab');
    await expect(heart).toBeFocused();
    await expect(heart).toHaveCSS('opacity', '1');
    await page.keyboard.press('Enter');
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(toast(page).getByText('Added to Favorites')).toBeVisible();
    await page.keyboard.press('Space');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(toast(page).getByText('Removed from Favorites')).toBeVisible();

    // On /favorites, removing the focused card moves focus to the next one, then to the empty state.
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.goto(PROFILE);
    await heartOf(page, PROFILE_NAME).focus();
    await page.keyboard.press('Enter');
    await expect(heartOf(page, PROFILE_NAME)).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/favorites');
    const first = page.getByRole('button', { name: `Remove ${PROFILE_NAME} from favorites` });
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: `Remove ${name} from favorites` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeFocused();
  });

  test('a failed save rolls back and says so', async ({ page, request }) => {
    await newAccountSignedIn(page, request, 'fail');
    await page.route('**/api/favorites/*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'Please try again in a moment.' } }),
      }),
    );
    const name = await firstCardName(page);
    const heart = heartOf(page, name);
    await heart.click();
    await expect(toast(page).getByText('Failed to add to favorites')).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  test('a list that cannot be loaded says so', async ({ page, request }) => {
    await page.route('**/api/favorites', (route) => route.fulfill({ status: 500, body: '{}' }));
    await newAccountSignedIn(page, request, 'load');
    await expect(toast(page).getByText('Failed to load favorites')).toBeVisible();
  });
});

test.describe('favourites on a touch screen', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('hearts are always shown where there is no hover', async ({ page }) => {
    await page.goto('/');
    const name = await firstCardName(page);
    expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    await expect(heartOf(page, name)).toHaveCSS('opacity', '1');
    const box = await heartOf(page, name).boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
  });
});
