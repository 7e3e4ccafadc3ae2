/**
 * Accounts end to end through `npm start`: /auth in every mode, the e-mails in the local outbox,
 * /auth/confirm for each kind of link, the header's user menu, `?next=`, accessibility.
 * Every run uses new addresses (the local backend keeps its data in .data/).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import postgres from 'postgres';
import {
  ANON_KEY,
  AUTH_URL,
  confirmedAccount,
  DATABASE_URL,
  expectNoAxeViolations,
  failOnCspViolations,
  latestMail,
  links,
  mailsTo,
  passwordGrant,
  PHONE,
  submitSignIn,
  uniqueEmails,
} from './helpers.ts';

const PASSWORD = 'family-pass-1';

/** A new address for every call of every run. */
const uniqueEmail = uniqueEmails('auth');

async function mailCount(request: APIRequestContext, to: string): Promise<number> {
  return (await mailsTo(request, to)).length;
}

/** Test shortcut: moves the address's last auth mail back in time instead of waiting 60 s. */
async function forgetLastMail(email: string): Promise<void> {
  const sql = postgres(DATABASE_URL, { max: 1 });
  try {
    await sql`update auth.users set confirmation_sent_at = now() - interval '2 minutes',
              recovery_sent_at = now() - interval '2 minutes' where email = ${email}`;
  } finally {
    await sql.end();
  }
}

/** A new confirmed account with this file's password, and a full name when given. */
function newAccount(request: APIRequestContext, label: string, fullName?: string): Promise<string> {
  return confirmedAccount(request, {
    email: uniqueEmail(label),
    password: PASSWORD,
    ...(fullName ? { data: { full_name: fullName } } : {}),
  });
}

const userMenuButton = (page: Page) => page.locator('#user-menu-button');

/**
 * Every flow below runs under the production CSP (supabase-js talks to the auth server, islands
 * hydrate, toasts render): any violation on any page a test visits fails that test.
 */
failOnCspViolations();

test.describe('accounts', () => {
  test('create an account, confirm it from the outbox, the user menu, sign out', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('new');
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeFocused();

    // The form's own messages beside the fields, not the browser's bubbles.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Missing Email: Please enter your email address.')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Invalid Email: Please enter a valid email address.')).toBeVisible();
    await page.getByLabel('Your name').fill('Robin Alvarez');
    await page.getByLabel('Email').fill(`  ${email.toUpperCase()}  `);
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByText('Password Too Short: Password must be at least 6 characters long.'),
    ).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
    // Trimmed (and lower-cased by the server): the mail goes to the address itself.
    await expect(page.getByText(email.toUpperCase())).toBeVisible();

    const mail = await latestMail(request, email, /Confirm your e-mail/);
    const { confirmPage } = links(mail);
    expect(new URL(confirmPage).pathname).toBe('/auth/confirm');
    await page.goto(confirmPage);
    await expect(page).toHaveURL(/localhost:8888\/$/);
    await expect(page.getByRole('status').getByText('Email Confirmed', { exact: true })).toBeVisible();

    const button = userMenuButton(page);
    await expect(button).toHaveText(/Robin Alvarez/);
    await expect(page.locator('header').getByRole('link', { name: 'Provider Login' })).toBeHidden();
    await expect(page.locator('header').getByRole('link', { name: 'Favorites' })).toHaveAttribute(
      'href',
      '/favorites',
    );
    await expect(page.locator('header').getByRole('link', { name: 'My Account' })).toHaveAttribute(
      'href',
      '/enhanced-dashboard',
    );
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // A family has neither role entry.
    await expect(page.getByRole('link', { name: 'Provider Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/localhost:8888\/$/);
    await expect(page.getByRole('status').getByText('Signed Out', { exact: true })).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: 'Provider Login' })).toBeVisible();
    await expect(button).toHaveCount(0);

    // The confirmation link works once.
    await page.goto(confirmPage);
    await expect(page.getByRole('heading', { level: 1, name: 'This Link Has Expired' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/confirm$/);
    await expect(page.getByRole('link', { name: 'Email Me a New Sign-in Link' })).toBeVisible();
  });

  test('wrong password: Invalid Credentials in the alert region', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Missing Email: Please enter your email address.')).toBeVisible();
    await page.getByLabel('Email').fill('family@example.org');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Missing Password: Please enter your password.')).toBeVisible();
    await submitSignIn(page, { email: 'family@example.org', password: 'not-the-password' });
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid Credentials' });
    await expect(alert).toContainText('Please check your email and password and try again.');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('unconfirmed address: Email Not Confirmed, then Resend Email', async ({ page, request }) => {
    const email = uniqueEmail('unconfirmed');
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
    await latestMail(request, email, /Confirm your e-mail/);

    await page.goto('/auth');
    await submitSignIn(page, { email, password: PASSWORD });
    const alert = page.getByRole('alert').filter({ hasText: 'Email Not Confirmed' });
    await expect(alert).toContainText(
      'Please check your email and click the confirmation link before signing in.',
    );
    // Within a minute of the last mail nothing new is sent, but the page says what it says for
    // any address (a "too many requests" for this address only would tell it has an account).
    const before = await mailCount(request, email);
    await alert.getByRole('button', { name: 'Resend Email' }).click();
    await expect(
      page.getByRole('status').getByText('Confirmation Email Sent', { exact: true }).first(),
    ).toBeVisible();
    await expect(page.locator('[data-auth-notice]')).toContainText(
      'If that address is waiting for confirmation, we sent it a new link.',
    );

    // Test shortcut: move the last sending back in time instead of waiting 60 s.
    await forgetLastMail(email);
    await submitSignIn(page, { email, password: PASSWORD });
    await page.getByRole('alert').getByRole('button', { name: 'Resend Email' }).click();
    await expect(
      page.getByRole('status').getByText('Confirmation Email Sent', { exact: true }).first(),
    ).toBeVisible();
    await expect.poll(() => mailCount(request, email)).toBe(before + 1);
  });

  test('sign-up with an address that has an account: the same Check Your Email, a notice to the owner', async ({
    page,
    request,
  }) => {
    const email = await newAccount(request, 'taken');
    await forgetLastMail(email);
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('someone-else-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
    await expect(page.locator('[data-auth-sent="signup"]')).toContainText(
      `If ${email} can be used for a new account, we sent it a confirmation link.`,
    );
    await expect(page.getByRole('alert').filter({ hasText: /already/i })).toHaveCount(0);
    const notice = await latestMail(request, email, /You already have an account/);
    expect(notice.text).toContain('/auth?mode=reset');
    // The sent page offers the ways back in.
    await page
      .locator('[data-auth-sent="signup"]')
      .getByRole('link', { name: 'reset your password' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });

  test('forgot password: recovery mail, /auth/confirm, new password, signed in', async ({
    page,
    request,
  }) => {
    const email = await newAccount(request, 'reset');
    await page.goto('/auth?next=%2Fblog');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=reset&next=%2Fblog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Email Required: Please enter your email address first.')).toBeVisible();
    await page.getByLabel('Email').fill(` ${email} `);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    // Back to sign-in after the request.
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(page.locator('[data-auth-notice]')).toContainText('Reset Link Sent');

    // The auth server's own link (PKCE: comes back with ?code= to this browser).
    const { verify } = links(await latestMail(request, email, /Reset your password/));
    await page.goto(verify);
    await expect(page).toHaveURL(/\/auth\?mode=update-password&next=%2Fblog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Update Password' })).toBeVisible();
    await page.getByLabel('New password').fill('abc');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(
      page.getByText('Password Too Short: Password must be at least 6 characters long.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('New password')).toHaveAttribute('type', 'text');
    // Another device signed in with the old password…
    const other = (await (await passwordGrant(request, { email, password: PASSWORD })).json()) as {
      refresh_token: string;
    };
    await page.getByLabel('New password').fill('a-brand-new-secret');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('status').getByText('Password Updated', { exact: true })).toBeVisible();
    await expect(userMenuButton(page)).toBeVisible();
    // …is signed out by the change: its refresh token no longer works.
    const refreshed = await request.post(`${AUTH_URL}/token?grant_type=refresh_token`, {
      headers: { apikey: ANON_KEY },
      data: { refresh_token: other.refresh_token },
    });
    expect(refreshed.status()).toBe(400);

    // The new password is the one that works now.
    await userMenuButton(page).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('status').getByText('Signed Out', { exact: true })).toBeVisible();
    await page.goto('/auth');
    await submitSignIn(page, { email, password: 'a-brand-new-secret' });
    await expect(page).toHaveURL(/localhost:8888\/$/);
    await expect(page.getByRole('status').getByText('Welcome!', { exact: true })).toBeVisible();
  });

  test('update-password without a session offers a new reset link', async ({ page }) => {
    await page.goto('/auth?mode=update-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Update Password' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send me a new reset link' })).toHaveAttribute(
      'href',
      '/auth?mode=reset',
    );
  });

  test('magic link signs in and returns to next', async ({ page, request }) => {
    const email = await newAccount(request, 'magic', 'Jordan Lee');
    await page.goto('/auth?next=%2Fblog');
    await page.getByRole('link', { name: 'Email me a sign-in link instead' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Magic Link Sent!' })).toBeVisible();
    const { verify } = links(await latestMail(request, email, /sign-in link/));
    await page.goto(verify);
    await expect(page).toHaveURL(/\/blog$/);
    await expect(userMenuButton(page)).toHaveText(/Jordan Lee/);
  });

  test('?next= round trip, and only same-site targets', async ({ page, request }) => {
    const email = await newAccount(request, 'next');
    // The header's Sign In link brings the person back to the page they were on.
    await page.goto('/program/silver-creek-ranch');
    await page.locator('header').getByRole('link', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Fprogram%2Fsilver-creek-ranch$/);
    await submitSignIn(page, { email, password: PASSWORD });
    await expect(page).toHaveURL(/\/program\/silver-creek-ranch$/);
    await expect(page.getByRole('status').getByText('Welcome!', { exact: true })).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: 'Sign In', exact: true })).toBeHidden();
    // The display name falls back to the e-mail's local part.
    await expect(userMenuButton(page)).toHaveText(new RegExp(email.split('@')[0] ?? ''));

    // Signed in, /auth sends the person on at once (query kept); a foreign target becomes the home page.
    await page.goto('/auth?next=%2Fabout%3Fx%3D1');
    await expect(page).toHaveURL(/\/about\?x=1$/);
    await page.goto('/auth?next=https%3A%2F%2Fevil.example%2F');
    await expect(page).toHaveURL(/localhost:8888\/$/);
    await page.goto('/auth?next=%2F%2Fevil.example');
    await expect(page).toHaveURL(/localhost:8888\/$/);
  });

  test('role entries: Provider Dashboard for providers, Admin for admins', async ({ page }) => {
    await page.goto('/auth');
    await submitSignIn(page, { email: 'provider@example.org', password: 'provider-demo-1' });
    await expect(userMenuButton(page)).toBeVisible();
    await userMenuButton(page).click();
    await expect(page.getByRole('link', { name: 'Provider Dashboard' })).toHaveAttribute(
      'href',
      '/provider-dashboard',
    );
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('status').getByText('Signed Out', { exact: true })).toBeVisible();

    await page.goto('/auth');
    await submitSignIn(page, { email: 'admin@example.org', password: 'admin-demo-1' });
    await userMenuButton(page).click();
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
  });

  test('keyboard only: sign in and use the user menu', async ({ page, request }) => {
    const email = await newAccount(request, 'keys', 'Kim Keyboard');
    await page.goto('/auth');
    await expect(page.getByLabel('Email')).toBeVisible();
    // From the top of the page to the e-mail field with Tab alone.
    for (
      let i = 0;
      i < 30 && !(await page.getByLabel('Email').evaluate((n) => n === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/localhost:8888\/$/);

    const button = userMenuButton(page);
    await expect(button).toHaveText(/Kim Keyboard/);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // Focus moves into the menu; arrows move within it; Escape closes and returns to the button.
    await expect(
      page.locator('#user-menu a, #user-menu button').filter({ visible: true }).first(),
    ).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').getByText('Signed Out', { exact: true })).toBeVisible();
  });

  test('signed in, the header fills in without moving anything', async ({ page, request }) => {
    const email = await newAccount(request, 'cls', 'Casey Stable');
    await page.goto('/auth');
    await submitSignIn(page, { email, password: PASSWORD });
    await expect(userMenuButton(page)).toBeVisible();
    for (const width of [1280, 1024, 800]) {
      await page.setViewportSize({ width, height: 800 });
      // A page without islands of its own: any shift there is the header's doing.
      await page.goto('/about');
      await expect(userMenuButton(page)).toBeVisible();
      await page.waitForTimeout(300);
      const shifts = await page.evaluate(
        () =>
          new Promise<{ total: number; moved: string[] }>((resolve) => {
            const found = { total: 0, moved: [] as string[] };
            type Shift = PerformanceEntry & {
              value: number;
              sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
            };
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Shift[]) {
                found.total += entry.value;
                for (const source of entry.sources ?? []) {
                  const node = source.node instanceof Element ? source.node : source.node?.parentElement;
                  found.moved.push(
                    `${node?.tagName ?? '?'}.${node?.className ?? ''} y ${source.previousRect.y}→${source.currentRect.y} x ${source.previousRect.x}→${source.currentRect.x}`,
                  );
                }
              }
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => {
              resolve(found);
            }, 200);
          }),
      );
      expect(shifts.total, `layout shift at ${width}px:\n${shifts.moved.join('\n')}`).toBe(0);
    }
  });

  test('mobile menu: account links, and choosing one closes the menu', async ({ page, request }) => {
    const email = await newAccount(request, 'mobile', 'Morgan Phone');
    await page.setViewportSize(PHONE);
    await page.goto('/auth');
    await submitSignIn(page, { email, password: PASSWORD });
    await expect(page).toHaveURL(/localhost:8888\/$/);
    const menuButton = page.locator('#mobile-menu-button');
    await menuButton.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByText('Signed in as Morgan Phone')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Provider Login' })).toBeHidden();
    await expectNoAxeViolations(page);
    await menu.getByRole('link', { name: 'Favorites' }).click();
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('accessibility of /auth', () => {
  const modes = ['', '?mode=signup', '?mode=magic-link', '?mode=reset', '?mode=update-password'];
  for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
    test(`every mode at ${viewport.width}px, with messages shown`, async ({ page }) => {
      // Eleven axe scans: about 3 s each on a 2-core machine, over the 30 s default.
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      for (const mode of modes) {
        await page.goto(`/auth${mode}`);
        // The island has rendered its form (or, without a session, the new-reset-link offer).
        await expect(page.locator('main form, main a[href="/auth?mode=reset"]').first()).toBeVisible();
        await expectNoAxeViolations(page);
        const submit = page.locator('form button[type=submit]');
        if ((await submit.count()) > 0) {
          await submit.click();
          await expect(page.locator('[data-field-error]').first()).toBeVisible();
          await expectNoAxeViolations(page);
        }
      }
      await page.goto('/auth');
      await submitSignIn(page, { email: 'family@example.org', password: 'wrong-password-here' });
      await expect(page.locator('[data-auth-alert]')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
