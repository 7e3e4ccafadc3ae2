/**
 * The provider's way in, end to end through `npm start`: /provider-registration (both steps,
 * every validation message, Back, sign-up → confirmation mail → /provider-dashboard with the
 * provider profile created), /registration-success, /provider-login (red box, Forgot password,
 * recovery → Create New Password, magic link, Remember me), the redirects of a signed-in
 * provider, /auth landing providers on their dashboard, axe at 1280 and 390 px, no CSP violation.
 * Every run uses new addresses (the local backend keeps its data in .data/).
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import postgres from 'postgres';
import {
  confirmedProvider,
  DATABASE_URL,
  expectNoAxeViolations,
  failOnCspViolations,
  latestMail,
  links,
  passwordGrant,
  PHONE,
  screenshots,
  submitSignIn,
  uniqueEmails,
} from './helpers.ts';

const PASSWORD = 'provider-pass-1';
const DESKTOP = { width: 1280, height: 900 } as const;
/** Set PROVIDER_AUTH_SHOTS=<dir> to keep full-page screenshots, named with the viewport width. */
const shot = screenshots(process.env['PROVIDER_AUTH_SHOTS'], { width: true });

const uniqueEmail = uniqueEmails('provider');

/** A new confirmed provider sign-up (the profile is not created yet). */
function newProvider(request: APIRequestContext, label: string): Promise<string> {
  return confirmedProvider(request, {
    email: uniqueEmail(label),
    password: PASSWORD,
    organization: `Harbor OCD ${label}`,
    contact: 'Dana Provider',
  });
}

type ProfileRow = {
  organization_name: string;
  contact_name: string;
  email: string;
  phone: string | null;
  subscription_status: string;
};

/** The provider profile of the user with this e-mail, or undefined. */
async function providerProfile(email: string): Promise<ProfileRow | undefined> {
  const sql = postgres(DATABASE_URL, { max: 1 });
  try {
    const [row] = await sql<ProfileRow[]>`
      select p.organization_name, p.contact_name, p.email, p.phone, p.subscription_status
      from providers p join auth.users u on u.id = p.user_id where u.email = ${email}`;
    return row;
  } finally {
    await sql.end();
  }
}

const fieldError = (page: Page, id: string) => page.locator(`#${id}-error`);

failOnCspViolations();

test.describe('provider registration', () => {
  test('every step-1 and step-2 message beside its field; Back keeps everything', async ({ page }) => {
    await page.goto('/provider-registration');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Information' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Provider sign in' })).toHaveAttribute(
      'href',
      '/provider-login',
    );

    const org = page.getByLabel('Organization name');
    const contact = page.getByLabel('Contact name');
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password');
    const continueButton = page.getByRole('button', { name: 'Continue' });

    await continueButton.click();
    for (const id of ['reg-organizationName', 'reg-contactName', 'reg-email']) {
      await expect(fieldError(page, id)).toContainText('Missing Information:');
      await expect(page.locator(`#${id}`)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator(`#${id}`)).toHaveAttribute('aria-describedby', new RegExp(`${id}-error`));
    }
    await expect(fieldError(page, 'reg-password')).toHaveText(
      'Password Required: Please enter a password of at least 6 characters.',
    );
    await expect(org).toBeFocused();
    await expectNoAxeViolations(page);

    await org.fill('Harbor OCD Residence');
    // Correcting a field removes its message; the others stay until the next Continue.
    await expect(fieldError(page, 'reg-organizationName')).toHaveCount(0);
    await expect(fieldError(page, 'reg-contactName')).toBeVisible();
    await contact.fill('Dana Reyes');
    await email.fill('not-an-address');
    await page.getByLabel('Phone').fill('555-0100');
    await continueButton.click();
    await expect(fieldError(page, 'reg-email')).toHaveText(
      'Invalid Email: Please enter a valid email address.',
    );
    await expect(fieldError(page, 'reg-organizationName')).toHaveCount(0);
    await expect(email).toBeFocused();

    await email.fill('dana@harbor.example.org');
    await password.fill('12345');
    await continueButton.click();
    await expect(fieldError(page, 'reg-password')).toHaveText(
      'Password Too Short: Password must be at least 6 characters long.',
    );
    await expect(password).toBeFocused();

    await password.fill(PASSWORD);
    await confirm.fill('something-else');
    await continueButton.click();
    await expect(fieldError(page, 'reg-confirm-password')).toHaveText(
      "Passwords Don't Match: Please enter the same password in both password fields.",
    );
    await expect(confirm).toBeFocused();
    await page.getByRole('button', { name: 'Show password' }).first().click();
    await expect(password).toHaveAttribute('type', 'text');
    await expectNoAxeViolations(page);

    // The magic-link option hides the password fields and their checks.
    await page.getByLabel('Email me a sign-in link instead of choosing a password').check();
    await expect(password).toHaveCount(0);
    await expect(confirm).toHaveCount(0);
    await page.getByLabel('Email me a sign-in link instead of choosing a password').uncheck();
    await confirm.fill(PASSWORD);
    await continueButton.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Complete Registration' })).toBeFocused();
    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(fieldError(page, 'reg-terms')).toHaveText(
      'Terms Required: Please accept the terms of service and privacy policy to continue.',
    );
    await expect(page.getByLabel(/I accept the/)).toBeFocused();
    await expect(page.getByLabel(/I accept the/)).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await page.getByLabel(/Send me occasional product news/).check();

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account Information' })).toBeFocused();
    await expect(org).toHaveValue('Harbor OCD Residence');
    await expect(contact).toHaveValue('Dana Reyes');
    await expect(email).toHaveValue('dana@harbor.example.org');
    await expect(page.getByLabel('Phone')).toHaveValue('555-0100');
    await expect(password).toHaveValue(PASSWORD);
    await expect(confirm).toHaveValue(PASSWORD);
    await continueButton.click();
    await expect(page.getByLabel(/Send me occasional product news/)).toBeChecked();
  });

  test('with a password: confirmation mail, the link lands on the dashboard, the profile exists', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('register');
    await page.goto('/provider-registration');
    await page.getByLabel('Organization name').fill('  Harbor OCD Residence  ');
    await page.getByLabel('Contact name').fill(' Dana Reyes ');
    await page.getByLabel('Email', { exact: true }).fill(`  ${email}  `);
    await page.getByLabel('Phone').fill(' 555-0100 ');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/registration-success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Registration Submitted!' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('14-day free trial');
    await expect(page.getByRole('main')).toContainText('spam');
    // The page names the mailbox our e-mails come from, with its one sender name.
    const from = page.getByRole('main').locator('li', { hasText: 'It comes from' });
    await expect(from).toContainText('It comes from OCD Residential Treatment Directory,');
    const address = ((await from.locator('span').textContent()) ?? '').trim();
    const sender = `OCD Residential Treatment Directory <${address}>`;
    expect(sender).toMatch(/^OCD Residential Treatment Directory <[^\s<>]+@[^\s<>]+>$/);
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Go to Provider Sign In' }),
    ).toHaveAttribute('href', '/provider-login');
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(await providerProfile(email)).toBeUndefined();

    const confirmation = await latestMail(request, email, /Confirm your e-mail/);
    expect(confirmation.from).toBe(sender);
    const { confirmPage } = links(confirmation);
    // The form's emailRedirectTo, /auth/confirm?next=/provider-dashboard, is the link's `next`.
    expect(decodeURIComponent(decodeURIComponent(confirmPage))).toMatch(
      /&next=\S+\/auth\/confirm\?next=\/provider-dashboard$/,
    );
    await page.goto(confirmPage);
    await expect(page).toHaveURL(/\/provider-dashboard$/);
    // The provider check on sign-in created the profile from the sign-up metadata, trimmed.
    await expect
      .poll(() => providerProfile(email))
      .toMatchObject({
        organization_name: 'Harbor OCD Residence',
        contact_name: 'Dana Reyes',
        email,
        phone: '555-0100',
        subscription_status: 'trial',
      });
    // The welcome e-mail (the functions' mailer) comes from the same mailbox under the same name.
    expect((await latestMail(request, email, /14-day free trial/)).from).toBe(sender);
    // The dashboard shows it: the organization, not verified yet, 14 days of trial left.
    await expect(page.getByTestId('organization')).toHaveText('Harbor OCD Residence');
    await expect(page.getByTestId('verification-badge')).toHaveText('Not Verified');
    await expect(page.getByTestId('trial')).toContainText('14 days left');

    // Signed in now: the success, login and registration pages send the provider to the dashboard.
    for (const path of ['/registration-success', '/provider-login', '/provider-registration']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/provider-dashboard$/);
    }
    const menuButton = page.locator('#user-menu-button');
    await menuButton.click();
    await expect(
      page.locator('#user-menu').getByRole('link', { name: 'Provider Dashboard' }),
    ).toHaveAttribute('href', '/provider-dashboard');
  });

  test('a confirmed address goes on like a new one; only its owner is told, by e-mail', async ({
    page,
    request,
  }) => {
    const email = await newProvider(request, 'exists');
    // Test shortcut: the confirmation mail was just sent; move it back instead of waiting 60 s.
    const sql = postgres(DATABASE_URL, { max: 1 });
    try {
      await sql`update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = ${email}`;
    } finally {
      await sql.end();
    }
    await page.goto('/provider-registration');
    await page.getByLabel('Organization name').fill('Harbor OCD Residence');
    await page.getByLabel('Contact name').fill('Dana Reyes');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The same page as for a new address: nothing on screen says that this one has an account.
    await expect(page).toHaveURL(/\/registration-success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Registration Submitted!' })).toBeVisible();
    const notice = await latestMail(request, email, /You already have an account/);
    expect(notice.text).toContain('/auth?mode=reset');
    // The account is untouched: its own password still signs in.
    expect((await passwordGrant(request, { email, password: PASSWORD })).status()).toBe(200);
  });
});

test.describe('provider sign-in', () => {
  test('invalid credentials and missing fields', async ({ page }) => {
    await page.goto('/provider-login');
    await expect(page.getByRole('heading', { level: 1, name: 'Provider Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register your program' })).toHaveAttribute(
      'href',
      '/provider-registration',
    );
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(fieldError(page, 'provider-email')).toHaveText(
      'Missing Email: Please enter your email address.',
    );
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await page.getByLabel('Email', { exact: true }).fill('provider@example.org');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(fieldError(page, 'provider-password')).toHaveText(
      'Missing Password: Please enter your password.',
    );
    await submitSignIn(page, { email: 'provider@example.org', password: 'not-the-password' });
    const alert = page.locator('[data-auth-alert]');
    await expect(alert).toContainText('Invalid Credentials');
    await expect(alert).toContainText('Please check your email and password and try again.');
    await expect(alert).toContainText('magic link');
    await expect(alert).toHaveClass(/bg-red-50/);
    await expect(page).toHaveURL(/\/provider-login$/);
  });

  test('forgot password: Email Required, recovery mail, Create New Password, dashboard', async ({
    page,
    request,
  }) => {
    const email = await newProvider(request, 'reset');
    await page.goto('/provider-login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(fieldError(page, 'provider-email')).toHaveText(
      'Email Required: Please enter your email address first.',
    );
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await page.getByLabel('Email', { exact: true }).fill(` ${email} `);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.locator('[data-auth-notice]')).toContainText('Reset Link Sent');

    const { confirmPage } = links(await latestMail(request, email, /Reset your password/));
    await page.goto(confirmPage);
    await expect(page).toHaveURL(/\/provider-login\?mode=reset$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Password' })).toBeVisible();
    await page.getByLabel('New password').fill('abc');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(fieldError(page, 'provider-new-password')).toHaveText(
      'Password Too Short: Password must be at least 6 characters long.',
    );
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('New password')).toHaveAttribute('type', 'text');
    // Another device signed in with the old password…
    const other = (await (await passwordGrant(request, { email, password: PASSWORD })).json()) as {
      access_token: string;
    };
    await page.getByLabel('New password').fill('a-new-provider-secret');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page).toHaveURL(/\/provider-dashboard$/);
    await expect(page.getByRole('status').getByText('Password Updated', { exact: true })).toBeVisible();
    const grant = await passwordGrant(request, { email, password: 'a-new-provider-secret' });
    expect(grant.status()).toBe(200);
    // …is signed out by the change: the API refuses its access token at once.
    const me = await request.get('/api/me', { headers: { authorization: `Bearer ${other.access_token}` } });
    expect(me.status()).toBe(401);
  });

  test('?mode=reset without a session shows the sign-in form with a notice', async ({ page }) => {
    await page.goto('/provider-login?mode=reset');
    await expect(page.getByRole('heading', { level: 1, name: 'Provider Sign In' })).toBeVisible();
    await expect(page.getByText('Reset Link Needed')).toBeVisible();
  });

  test('magic link: hides the password, Magic Link Sent!, the link opens the dashboard', async ({
    page,
    request,
  }) => {
    const email = await newProvider(request, 'magic');
    await page.goto('/provider-login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Email me a magic link instead (no password)').check();
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Magic Link Sent!' })).toBeVisible();
    const { confirmPage } = links(await latestMail(request, email, /Your sign-in link/));
    // The form's emailRedirectTo, /auth/confirm?next=/provider-dashboard, is the link's `next`.
    expect(decodeURIComponent(decodeURIComponent(confirmPage))).toMatch(
      /&next=\S+\/auth\/confirm\?next=\/provider-dashboard$/,
    );
    await page.goto(confirmPage);
    await expect(page).toHaveURL(/\/provider-dashboard$/);
    await expect.poll(() => providerProfile(email)).toMatchObject({ organization_name: 'Harbor OCD magic' });
  });

  /** Signs in at /provider-login, then opens a new browser from the saved storage state. */
  async function restored(browser: Browser, page: Page, email: string, remember: boolean): Promise<Page> {
    await page.goto('/provider-login');
    const box = page.getByLabel('Remember me');
    await expect(box).toBeChecked();
    if (!remember) await box.uncheck();
    await submitSignIn(page, { email, password: PASSWORD });
    await expect(page).toHaveURL(/\/provider-dashboard$/);
    await expect(page.locator('#user-menu-button')).toBeVisible();
    // Closing the browser keeps cookies and localStorage (storageState), never sessionStorage.
    const state = await page.context().storageState();
    const context = await browser.newContext({ storageState: state });
    return context.newPage();
  }

  test('Remember me off: the session ends with the browser', async ({ browser, page, request }) => {
    const email = await newProvider(request, 'forget');
    const next = await restored(browser, page, email, false);
    expect(await page.evaluate(() => localStorage.getItem('ocd-directory-auth'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('ocd-directory-auth'))).not.toBeNull();
    // The same tab stays signed in from page to page.
    await page.goto('/provider-login');
    await expect(page).toHaveURL(/\/provider-dashboard$/);
    await next.goto('/provider-login');
    await expect(next.getByRole('heading', { level: 1, name: 'Provider Sign In' })).toBeVisible();
    await expect(next.locator('header').getByRole('link', { name: 'Provider Login' })).toBeVisible();
    await expect(next).toHaveURL(/\/provider-login$/);
    await expect(next.getByLabel('Remember me')).not.toBeChecked();
    await next.context().close();
  });

  test('Remember me on: the session outlives the browser', async ({ browser, page, request }) => {
    const email = await newProvider(request, 'remember');
    const next = await restored(browser, page, email, true);
    await next.goto('/provider-login');
    await expect(next).toHaveURL(/\/provider-dashboard$/);
    await next.context().close();
  });

  test('/auth lands a provider on the dashboard when there is no next', async ({ page, request }) => {
    const email = await newProvider(request, 'auth');
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/provider-dashboard$/);
  });
});

test.describe('accessibility of the provider pages', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test(`every page and mode at ${viewport.width}px`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);

      await page.goto('/provider-registration');
      await expect(page.getByLabel('Organization name')).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, 'registration-step1');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.locator('[data-field-error]').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, 'registration-step1-errors');
      await page.getByLabel('Organization name').fill('Harbor OCD Residence');
      await page.getByLabel('Contact name').fill('Dana Reyes');
      await page.getByLabel('Email', { exact: true }).fill('dana@harbor.example.org');
      await page.getByLabel('Email me a sign-in link instead of choosing a password').check();
      await expectNoAxeViolations(page);
      await shot(page, 'registration-step1-magic');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Register and Send Link' }).click();
      await expect(fieldError(page, 'reg-terms')).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, 'registration-step2-errors');

      await page.goto('/registration-success');
      await expect(page.getByRole('heading', { level: 1, name: 'Registration Submitted!' })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, 'registration-success');

      await page.goto('/provider-login');
      await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, 'login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.locator('[data-field-error]').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await submitSignIn(page, { email: 'provider@example.org', password: 'wrong-password-here' });
      await expect(page.locator('[data-auth-alert]')).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, 'login-invalid');
      await page.getByLabel('Email me a magic link instead (no password)').check();
      await expectNoAxeViolations(page);
      await shot(page, 'login-magic');

      await page.goto('/provider-login?mode=reset');
      await expect(page.getByText('Reset Link Needed')).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, 'login-reset-no-session');
    });
  }

  test('Create New Password and Magic Link Sent! at both widths', async ({ page, request }) => {
    test.setTimeout(60_000);
    const email = await newProvider(request, 'a11y');
    await page.goto('/provider-login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Email me a magic link instead (no password)').check();
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Magic Link Sent!' })).toBeVisible();
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await shot(page, 'login-magic-sent');
    }
    const { confirmPage } = links(await latestMail(request, email, /Your sign-in link/));
    await page.goto(confirmPage);
    await expect(page).toHaveURL(/\/provider-dashboard$/);
    await page.goto('/provider-login?mode=reset');
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Password' })).toBeVisible();
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(fieldError(page, 'provider-new-password')).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, 'login-create-new-password');
    }
  });
});
