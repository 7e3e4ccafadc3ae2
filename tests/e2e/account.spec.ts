/**
 * "My Account" (/enhanced-dashboard) end to end through `npm start`: a new confirmed family
 * saves programs and sends a request; the page shows both with the status the program set;
 * Remove works; the data export downloads a JSON file with both; the password changes (the new
 * one signs in, the old one no longer does); deleting the account removes the favourites, the
 * request's personal fields and the auth user, and signs out. axe at 1280 and 390 px, and no CSP
 * violation on any page a test visits.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import postgres from 'postgres';
import {
  accessToken,
  confirmedAccount,
  DATABASE_URL,
  expectNoAxeViolations,
  failOnCspViolations,
  passwordGrant,
  PHONE,
  RUN,
  uniqueEmails,
} from './helpers.ts';

const PASSWORD = 'account-pass-1';
const NEW_PASSWORD = 'account-pass-2';
const SAVED = { id: 'silver-creek-ranch', name: 'Silver Creek Ranch for Young Men' };
const SAVED_TOO = { id: 'mclean' };

const uniqueEmail = uniqueEmails('account');

/** Sends as the user, waiting out the per-IP limit that other spec files share on 127.0.0.1. */
async function sendRequest(request: APIRequestContext, token: string, email: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const res = await request.post('/api/inquiries', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        program_id: SAVED.id,
        type: 'call',
        name: 'Morgan Family',
        email,
        phone: '(555) 010-0163',
        message: `Our son is 19. (${RUN})`,
      },
    });
    if (res.status() === 429 && attempt < 3) {
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.headers()['retry-after'] ?? 5)));
      continue;
    }
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }
}

failOnCspViolations();

const main = (page: Page) => page.locator('main');

test('signed out, /enhanced-dashboard sends the visitor to sign in and back; noindex', async ({ page }) => {
  const res = await page.request.get('/enhanced-dashboard');
  expect(res.status()).toBe(200);
  expect(await res.text()).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  await page.goto('/enhanced-dashboard');
  await expect(page).toHaveURL(/\/auth\?next=%2Fenhanced-dashboard$/);
});

test('a family: saved programs and requests with status, remove, export, password, delete', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const sql = postgres(DATABASE_URL, { max: 1, prepare: false, onnotice: () => undefined });
  try {
    const email = uniqueEmail('family');
    await confirmedAccount(request, { email, password: PASSWORD, data: { full_name: 'Morgan Family' } });
    const apiToken = await accessToken(request, { email, password: PASSWORD });
    for (const program of [SAVED, SAVED_TOO]) {
      const saved = await request.put(`/api/favorites/${program.id}`, {
        headers: { authorization: `Bearer ${apiToken}` },
      });
      expect(saved.status()).toBe(204);
    }
    const requestId = await sendRequest(request, apiToken, email);
    // The program answers: the page shows the status it set.
    await sql`update provider_inquiries set status = 'contacted' where id = ${requestId}`;

    // Signed out → sign in → back to the page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/enhanced-dashboard');
    await expect(page).toHaveURL(/\/auth\?next=%2Fenhanced-dashboard$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/enhanced-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

    const saved = main(page).getByTestId('saved-programs');
    await expect(saved.getByRole('listitem')).toHaveCount(2);
    await expect(saved.getByRole('link', { name: SAVED.name })).toHaveAttribute(
      'href',
      `/program/${SAVED.id}`,
    );
    // McLean has a page of its own, not /program/mclean.
    await expect(saved.getByRole('link', { name: /^McLean/ })).toHaveAttribute('href', '/mclean');
    const requests = main(page).getByTestId('sent-requests');
    await expect(requests.getByRole('listitem')).toHaveCount(1);
    await expect(requests.getByRole('link', { name: SAVED.name, exact: true })).toBeVisible();
    await expect(
      requests.getByRole('link', { name: `See status of your request to ${SAVED.name}` }),
    ).toHaveAttribute('href', `/request?id=${requestId}`);
    await expect(requests.getByText(/Call request, sent /)).toBeVisible();
    await expect(requests.locator('[data-status]')).toHaveText('Contacted');
    await expect(main(page).getByText(/^Signed in as/)).toHaveText(`Signed in as Morgan Family (${email}).`);
    await expect(page.locator('header').getByRole('link', { name: 'My Account' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('account-1280.png'), fullPage: true });

    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('account-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Remove one saved program here; the favourites API agrees.
    const otherName = (await saved.getByRole('link').nth(0).textContent()) ?? '';
    const otherRow = saved.getByRole('listitem').filter({ hasText: otherName });
    await otherRow.getByRole('button', { name: /^Remove/ }).click();
    await expect(page.getByRole('status').getByText('Removed from Favorites', { exact: true })).toBeVisible();
    await expect(saved.getByRole('listitem')).toHaveCount(1);
    await expect(saved.getByRole('button', { name: /^Remove/ })).toBeFocused();
    const left = (await (
      await request.get('/api/favorites', { headers: { authorization: `Bearer ${apiToken}` } })
    ).json()) as { favorites: { program_id: string; program_name: string }[] };
    expect(left.favorites).toHaveLength(1);
    const kept = left.favorites[0] ?? { program_id: '', program_name: '' };
    expect(kept.program_name).not.toBe(otherName);

    // Download my data: a JSON file with the account, the favourite and the request.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main(page).getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ocd-directory-account-\d{4}-\d\d-\d\d\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      account: { email: string };
      favorites: { program_id: string }[];
      requests: { id: string; program_id: string; status: string; email: string; message: string }[];
    };
    expect(exported.account.email).toBe(email);
    expect(exported.favorites.map((f) => f.program_id)).toEqual([kept.program_id]);
    expect(exported.requests).toEqual([
      expect.objectContaining({
        id: requestId,
        program_id: SAVED.id,
        status: 'contacted',
        email,
        message: `Our son is 19. (${RUN})`,
      }),
    ]);

    // Change password: at least 6 characters, with its messages; then the new password signs in.
    const field = main(page).getByLabel('New password');
    await field.fill('12345');
    await main(page).getByRole('button', { name: 'Update Password' }).click();
    await expect(
      main(page).getByText('Password Too Short: Password must be at least 6 characters long.'),
    ).toBeVisible();
    await expect(field).toBeFocused();
    await field.fill(NEW_PASSWORD);
    await main(page).getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('status').getByText('Password Updated', { exact: true })).toBeVisible();
    await expect(field).toHaveValue('');
    expect((await passwordGrant(request, { email, password: NEW_PASSWORD })).status()).toBe(200);
    expect((await passwordGrant(request, { email, password: PASSWORD })).status()).toBe(400);

    // Delete: the confirm step names what goes; Cancel keeps everything.
    await main(page).getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    const summary = dialog.getByTestId('deletion-summary');
    await expect(summary).toContainText('Your saved program.');
    await expect(summary).toContainText('Your name, email, phone and message in the request you sent.');
    await expect(summary).toContainText(`Your sign-in account (${email})`);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('account-confirm-1280.png') });
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('account-confirm-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const [userId] = await sql<{ id: string }[]>`select id from auth.users where email = ${email}`;
    expect(userId?.id).toBeTruthy();
    const id = userId?.id ?? '';

    await main(page).getByRole('button', { name: 'Delete my account…' }).click();
    await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await expect(page).toHaveURL(/localhost:8888\/$/);
    await expect(page.getByRole('status').getByText('Account Deleted', { exact: true })).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: 'Provider Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('ocd-directory-auth'))).toBeNull();

    expect(await sql`select 1 from auth.users where id = ${id}`).toHaveLength(0);
    expect(await sql`select 1 from user_favorites where user_id = ${id}`).toHaveLength(0);
    const [row] = await sql<Record<string, unknown>[]>`
      select program_id, type, status, name, email, phone, message, sender_id
      from provider_inquiries where id = ${requestId}`;
    expect(row).toEqual({
      program_id: SAVED.id,
      type: 'call',
      status: 'contacted',
      name: null,
      email: null,
      phone: null,
      message: '',
      sender_id: null,
    });
    expect(
      (await request.get('/api/account', { headers: { authorization: `Bearer ${apiToken}` } })).status(),
    ).toBe(401);
    expect((await passwordGrant(request, { email, password: NEW_PASSWORD })).status()).toBe(400);

    // The page, visited again, asks to sign in.
    await page.goto('/enhanced-dashboard');
    await expect(page).toHaveURL(/\/auth\?next=%2Fenhanced-dashboard$/);
  } finally {
    await sql.end();
  }
});
