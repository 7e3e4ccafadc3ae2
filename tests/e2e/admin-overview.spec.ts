/**
 * /admin's first moments, at a phone's width (390 px) and on a desktop (1280 px): signed out, the
 * sign-in prompt shows at once and alone (the server's "Checking your access…" used to stay on the
 * page under it forever); signed in as the demo admin, the overview starts with what waits
 * ("1 verification request, 2 listings, 4 reviews waiting"), each part a link that opens its tab; the wide
 * tables stay inside the screen. axe on each state; no CSP violation.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  accessToken,
  confirmedAccount,
  expectNoAxeViolations,
  failOnCspViolations,
  hydrated,
  PHONE,
  RUN,
  signIn,
  uniqueEmails,
} from './helpers.ts';

const ADMIN = { email: 'admin@example.org', password: 'admin-demo-1' };
const PASSWORD = 'waiting-pass-1';
const uniqueEmail = uniqueEmails('admin-overview');
const SIZES = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: { width: 1280, height: 900 } },
] as const;

failOnCspViolations();

/** A provider with a verification request waiting, made through the API (so at least one waits). */
async function providerWaitingForVerification(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  const organization = `Waiting Line ${label} House ${RUN}`;
  await confirmedAccount(page.request, { email, password: PASSWORD });
  const token = await accessToken(page.request, { email, password: PASSWORD });
  const headers = { authorization: `Bearer ${token}` };
  const profile = await page.request.post('/api/providers', {
    headers,
    data: { organization_name: organization, contact_name: 'Robin Waits', email },
  });
  expect(profile.status()).toBe(201);
  const request = await page.request.post('/api/provider/verification-requests', {
    headers,
    data: { documents: ['State license #4521'] },
  });
  expect(request.status()).toBe(201);
  return organization;
}

for (const { name, size } of SIZES) {
  test.describe(`at ${String(size.width)} px (${name})`, () => {
    test.use({ viewport: size });

    test('signed out, /admin shows the sign-in prompt at once, and nothing else', async ({ page }) => {
      await page.goto('/admin');
      await hydrated(page);
      await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
      await expect(page.getByText('Checking your access…')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
        'href',
        '/auth?next=%2Fadmin',
      );
      await expectNoAxeViolations(page);
    });

    test('the overview starts with what waits; each part opens its tab', async ({ page }) => {
      const organization = await providerWaitingForVerification(page, name);
      await signIn(page, ADMIN, '/admin');
      const panel = page.getByRole('tabpanel');
      const waiting = panel.getByTestId('waiting');
      await expect(waiting.getByRole('heading', { name: 'Waiting for review' })).toBeVisible();
      // First in the tab, before publishing and the tables.
      await expect(panel.getByRole('heading').first()).toHaveText('Waiting for review');
      // Counts move as other tests decide things meanwhile: the words, not the numbers.
      await expect(waiting.getByRole('paragraph')).toHaveText(
        /^\d+ verification requests?(, \d+ listings?)?(, \d+ reports?)?(, \d+ reviews?)? waiting$/,
      );
      await expect(page.getByText('Checking your access…')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'the overview is wider than the screen').toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);

      const link = waiting.getByRole('link', { name: /^\d+ verification requests?$/ });
      await expect(link).toHaveAttribute('href', '?tab=verification');
      await link.click();
      await expect(page).toHaveURL(/\/admin\?tab=verification$/);
      await expect(page.locator('#admin-panel-verification')).toBeFocused();
      await expect(
        page.getByRole('tabpanel').getByRole('heading', { name: 'Verification requests' }),
      ).toBeVisible();
      await expect(page.getByRole('tabpanel').getByText(organization).first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
