/**
 * Keyboard-only journeys: after `page.goto`, only `page.keyboard` — no clicks, no
 * `fill`. (a) A family: the skip link, search on the directory, a result's "Learn More", the
 * profile's "Request Info" dialog filled and sent, dialogs closed with Escape and focus back on
 * their trigger. (b) A provider: /provider-registration in both steps, the account confirmed
 * through the local outbox (an HTTP request to the mail's link, as the mail client would), then
 * /provider-login and the dashboard, whose tabs move with the arrow keys.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  failOnCspViolations,
  latestMail,
  links,
  quietEngagement,
  RUN,
} from './helpers.ts';

failOnCspViolations();

/** Presses Tab until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    const focused = await target
      .evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 })
      .catch(() => false);
    if (focused) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a family by keyboard: search → profile → Request Info sent; Escape closes dialogs, focus returns', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await quietEngagement(page);
  await page.goto('/');

  // The skip link is the first stop and moves on to the content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  const search = page.getByLabel('Search programs');
  await tabTo(page, search, { max: 30 });
  await page.keyboard.type('equine');
  const firstCard = page.getByRole('main').getByRole('article').first();
  await expect(page.getByText('1 program found')).toBeVisible();
  await expect(firstCard).toContainText('Silver Creek Ranch');

  // The filters dialog: opened with Enter, closed with Escape, focus back on its button.
  const filters = page.getByRole('button', { name: /^Filters/ });
  await tabTo(page, filters, { max: 10 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeHidden();
  await expect(filters).toBeFocused();

  const learnMore = firstCard.getByRole('link', { name: /^Learn More/ });
  await tabTo(page, learnMore, { max: 40 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/program\/silver-creek-ranch$/);

  const opener = page.getByRole('button', { name: 'Request Info' }).first();
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Request Information' });
  await expect(dialog).toBeVisible();
  // Escape closes it and gives the focus back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/Your name/)).toBeFocused();
  await page.keyboard.type('Kim Keyboard');
  await tabTo(page, dialog.getByLabel(/Your email/), { max: 3 });
  await page.keyboard.type(`e2e-keys-${RUN}@example.org`);
  await tabTo(page, dialog.getByLabel(/Message/), { max: 3 });
  await page.keyboard.type('Found you with the keyboard alone.');
  await tabTo(page, dialog.getByRole('button', { name: 'Send Email' }), { max: 4 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Request Submitted')).toBeVisible();
  await expect(opener).toBeFocused();
  // The confirmation toast over the profile.
  await expectNoAxeViolations(page);
});

test('a provider by keyboard: register (both steps), confirm, sign in, move between dashboard tabs', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const email = `e2e-keys-provider-${RUN}@example.org`;
  const password = 'keyboard-pass-1';
  await page.goto('/provider-registration');

  const fields: [string, string][] = [
    ['Organization name', `Keyboard OCD House ${RUN}`],
    ['Contact name', 'Kai Keys'],
    ['Email', email],
    ['Phone (optional)', '555-0142'],
    ['Password', password],
    ['Confirm password', password],
  ];
  for (const [name, value] of fields) {
    await tabTo(page, page.getByRole('textbox', { name, exact: true }), { max: 40 });
    await page.keyboard.type(value);
  }
  await tabTo(page, page.getByRole('button', { name: 'Continue' }), { max: 5 });
  await page.keyboard.press('Enter');

  const terms = page.getByRole('checkbox', { name: /I accept the/ });
  await tabTo(page, terms, { max: 10 });
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Create Account' }), { max: 10 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/registration-success$/);

  // The confirmation link, followed as a mail client would (the browser stays signed out).
  const { verify } = links(await latestMail(request, email, /Confirm your e-mail/));
  expect((await request.get(verify, { maxRedirects: 0 })).status()).toBe(303);

  await page.goto('/provider-login');
  await tabTo(page, page.getByRole('textbox', { name: 'Email', exact: true }), { max: 40 });
  await page.keyboard.type(email);
  await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }), { max: 3 });
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/provider-dashboard$/);
  await expect(page.getByTestId('organization')).toHaveText(`Keyboard OCD House ${RUN}`);

  // The tablist: one stop, arrows move and select, Home and End jump.
  const overview = page.getByRole('tab', { name: 'Overview' });
  await tabTo(page, overview, { max: 40 });
  await expect(overview).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  const verification = page.getByRole('tab', { name: 'Verification' });
  await expect(verification).toBeFocused();
  await expect(verification).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?tab=verification$/);
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Billing' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(overview).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  // Tab leaves the tablist for the selected panel's content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tab', { name: 'Billing' })).not.toBeFocused();
  await expect(page.getByRole('tabpanel')).toBeVisible();
});

test('compare by keyboard: a card toggle with Space, the tray and the table Remove buttons keep the focus', async ({
  page,
}) => {
  // Tabbing across the page's header, search and first card, one key and one check at a time.
  test.setTimeout(90_000);
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /^Compare / }).first();
  await tabTo(page, toggle);
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const tray = page.getByRole('complementary', { name: 'Programs to compare' });
  await expect(tray.getByRole('listitem')).toHaveCount(1);
  const remove = tray.getByRole('button', { name: /^Remove .* from compare$/ });
  // The tray is the page's last stop (after the results and the footer): a quick check per Tab.
  for (let i = 0; i < 250; i++) {
    await page.keyboard.press('Tab');
    const inTray = await page.evaluate(
      () => document.activeElement?.closest('[aria-label="Programs to compare"]') != null,
    );
    if (inTray) break;
  }
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tray).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  // The removed button's focus lands somewhere sensible, never on the body.
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);

  await page.goto('/compare?ids=desert-bloom-ocd-intensive,aspen-cove-womens-ocd,bluebonnet-ridge-ocd');
  const first = page.getByRole('button', { name: 'Remove Desert Bloom OCD Intensive Program' });
  await tabTo(page, first);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Remove / }).filter({ hasText: 'Remove' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: "Remove Aspen Cove Women's OCD Residence" })).toBeFocused();
});
