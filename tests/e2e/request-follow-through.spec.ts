/**
 * A request a family can follow to the end, at 390 px and 1280 px: a signed-in family asks for a
 * call (with the best time to call) and finds it in My Account as Delivered, with a link to its
 * status page; the program (the demo provider, which publishes the test program) sees the best
 * time in its dashboard and marks the request Contacted; the family gets an e-mail (read from the
 * local outbox) whose link shows Contacted, as My Account does. An old link of a deleted account's
 * request says so, and a signed-out /request?id= asks to sign in. Auth e-mails' code: typed on the
 * sign-in page's "check your email" step, and on /auth/confirm for a password reset. axe on every
 * new state.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  accessToken,
  confirmedAccount,
  expectNoAxeViolations,
  latestMail,
  PHONE,
  quietEngagement,
  RUN,
  signIn,
  uniqueEmails,
} from './helpers.ts';

const DESKTOP = { width: 1280, height: 900 } as const;
const PROVIDER = { email: 'provider@example.org', password: 'provider-demo-1' };
/** The test program's page: the demo provider's published listing, so requests reach its dashboard. */
const TEST_PROGRAM_PAGE = '/test-7f3c9a2e';
const PASSWORD = 'family-pass-1';

const uniqueEmail = uniqueEmails('follow');

function statusLinkIn(text: string): string {
  const match = /https?:\/\/\S+(\/request\/[A-Za-z0-9_-]{43})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no status link in:\n${text}`);
  return match[1];
}

async function providerPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await quietEngagement(page);
  await signIn(page, PROVIDER, '/provider-dashboard');
  return page;
}

for (const [label, viewport] of [
  ['390 px', PHONE],
  ['1280 px', DESKTOP],
] as const) {
  test.describe(`at ${label}`, () => {
    test.use({ viewport });

    test('account → status page; the program sees the best time, marks it Contacted, and the family is e-mailed', async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      await quietEngagement(page);
      const email = uniqueEmail(`family-${String(viewport.width)}`);
      const name = `Jordan Follow ${RUN} ${String(viewport.width)}`;
      await confirmedAccount(page.request, { email, password: PASSWORD });
      await signIn(page, { email, password: PASSWORD }, TEST_PROGRAM_PAGE);

      // A call request with the best time to call.
      await page.getByRole('button', { name: 'Test Call Request' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Request a Call' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(/Your name/).fill(name);
      await expect(dialog.getByLabel(/Your email/)).toHaveValue(email);
      await dialog.getByLabel(/^Phone/).fill('(555) 010-0188');
      await dialog.getByLabel(/Best time to call/).fill('Weekday mornings, Central time');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Send Request' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Request Submitted')).toBeVisible();

      // My Account: the request in the one set of words, with a link to its status page.
      await page.goto('/enhanced-dashboard');
      const requests = page.getByTestId('sent-requests');
      await expect(requests.locator('[data-status]')).toHaveText('Delivered');
      await expectNoAxeViolations(page);
      await requests.getByRole('link', { name: /See status/ }).click();
      await expect(page).toHaveURL(/\/request\?id=[0-9a-f-]{36}$/);
      const accountStatusUrl = page.url();
      await expect(page.getByTestId('request-status')).toHaveText('Delivered');
      await expect(page.getByTestId('request-opened-by')).toContainText('signed in to this account');
      await expect(page.locator('[data-step="delivered"]')).toHaveAttribute('data-state', 'current');
      await expectNoAxeViolations(page);

      // The program, in its own browser: the best time to call, then Contacted.
      const provider = await providerPage(browser, viewport);
      const item = provider.getByTestId('inquiries').locator('li', { hasText: name });
      await expect(item).toContainText('Best time to call: Weekday mornings, Central time');
      await expect(item.locator('[data-stage]')).toHaveText('Delivered');
      await item.getByLabel('Status').selectOption('contacted');
      await expect(provider.getByText('Status Updated')).toBeVisible();
      await expect(item.locator('[data-stage]')).toHaveText('Contacted');
      await expectNoAxeViolations(provider);
      await provider.context().close();

      // The family's e-mail, through the outbox: the new word and a new private link.
      const mail = await latestMail(page.request, email, /: Contacted$/);
      expect(mail.text).toContain('marked your request as Contacted');
      expect(mail.text).not.toContain('Weekday mornings');
      await page.goto(statusLinkIn(mail.text));
      await expect(page.getByTestId('request-status')).toHaveText('Contacted');
      await expect(page.getByTestId('request-opened-by')).toContainText('You do not need an account');
      await expectNoAxeViolations(page);

      await page.goto(accountStatusUrl);
      await expect(page.getByTestId('request-status')).toHaveText('Contacted');
      await page.goto('/enhanced-dashboard');
      await expect(page.getByTestId('sent-requests').locator('[data-status]')).toHaveText('Contacted');
    });

    test("a deleted account's status link says so; /request?id= signed out asks to sign in", async ({
      page,
    }) => {
      const email = uniqueEmail(`deleted-${String(viewport.width)}`);
      await confirmedAccount(page.request, { email, password: PASSWORD });
      const token = await accessToken(page.request, { email, password: PASSWORD });
      const sent = await page.request.post('/api/inquiries', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          program_id: 'silver-creek-ranch',
          type: 'info',
          name: 'Deleted Later',
          email,
        },
      });
      expect(sent.status()).toBe(201);
      const { id } = (await sent.json()) as { id: string };
      const confirmation = await latestMail(page.request, email, /^Your information request/);

      await page.goto(`/request?id=${id}`);
      await expect(page.getByRole('heading', { name: 'Sign In to See This Request' })).toBeVisible();
      await expect(
        page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }),
      ).toHaveAttribute('href', `/auth?next=${encodeURIComponent(`/request?id=${id}`)}`);
      await expectNoAxeViolations(page);

      const deleted = await page.request.delete('/api/account', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(deleted.status()).toBe(204);
      await page.goto(statusLinkIn(confirmation.text));
      await expect(page.getByRole('heading', { name: 'Request Deleted' })).toBeVisible();
      await expect(page.getByTestId('request-deleted')).toHaveText(
        'This request was deleted with the account it was sent from.',
      );
      await expectNoAxeViolations(page);
    });

    test('the code of a sign-in e-mail, typed on the device that asked for it', async ({ page }) => {
      const email = uniqueEmail(`code-${String(viewport.width)}`);
      await confirmedAccount(page.request, { email, password: PASSWORD });
      await page.goto(`/auth?mode=magic-link&next=${encodeURIComponent('/enhanced-dashboard')}`);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Send Magic Link' }).click();
      await expect(page.getByRole('heading', { name: 'Reading the email on another device?' })).toBeVisible();
      const mail = await latestMail(page.request, email, /sign-in link/i);
      const code = /code: (\d{6})/.exec(mail.text)?.[1] ?? '';
      expect(mail.text).toContain('/auth/confirm and enter this code:');

      // A wrong code first: said at the field, nothing signed in.
      const wrong = code === '000000' ? '111111' : '000000';
      await page.getByLabel('Code from the email').fill(wrong);
      await page.getByRole('button', { name: 'Continue with This Code' }).click();
      await expect(page.getByText(/This code is not right, was already used, or has expired/)).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByLabel('Code from the email').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
      await page.getByRole('button', { name: 'Continue with This Code' }).click();
      await expect(page).toHaveURL('/enhanced-dashboard');
      await expect(page.getByRole('main').getByText(/^Signed in as/)).toContainText(email);
    });

    test('the code of a reset e-mail, typed on /auth/confirm on another device', async ({
      page,
      browser,
    }) => {
      const email = uniqueEmail(`reset-${String(viewport.width)}`);
      await confirmedAccount(page.request, { email, password: PASSWORD });
      await page.goto('/auth?mode=reset');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      const mail = await latestMail(page.request, email, /Reset your password/);
      const code = /code: (\d{6})/.exec(mail.text)?.[1] ?? '';

      // Another device: a fresh browser with nothing of the first one.
      const other = await browser.newContext({ viewport });
      const device = await other.newPage();
      await device.goto('/auth');
      await device.getByRole('link', { name: 'Enter the code' }).click();
      await expect(device.getByRole('heading', { name: 'Enter the Code from Your Email' })).toBeVisible();
      await expectNoAxeViolations(device);
      await device.getByLabel('Email', { exact: true }).fill(email);
      await device.getByLabel('Code from the email').fill(code);
      await device.getByRole('button', { name: 'Continue with This Code' }).click();
      await expect(device).toHaveURL(/\/auth\?mode=update-password/);
      await expect(device.getByLabel('New password', { exact: true })).toBeVisible();
      await other.close();
    });
  });
}
