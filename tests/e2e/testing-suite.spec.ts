/**
 * The internal testing suite (/comprehensive-testing, /testing;
 * docs/product-rules.md#testing-suite), admins only:
 * signed out → a sign-in prompt, a family → "Not allowed"; the demo admin is refused a test
 * inquiry before a test provider exists, creates one (listed), sends a test inquiry (listed),
 * records 11+ engagement events (first 10, then "and N more", in a table whose columns line up),
 * cleans up after a confirmation (Cancel and Escape delete nothing; lists empty, provider kept),
 * with axe on every tab. The test program page records a view and its info request is an
 * e-mail draft. Runs in order: the steps share the database's test data.
 */
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { TEST_PROGRAM_ID, TEST_PROGRAM_TOKEN } from '../../src/lib/vocabulary.ts';
import {
  DATABASE_URL,
  expectNoAxeViolations,
  failOnCspViolations,
  openTab,
  PHONE,
  screenshots,
  signIn,
} from './helpers.ts';

const ADMIN = { email: 'admin@example.org', password: 'admin-demo-1' };
const FAMILY = { email: 'family@example.org', password: 'family-demo-1' };
const shot = screenshots(process.env['TESTING_SCREENSHOTS']);

failOnCspViolations();
test.describe.configure({ mode: 'serial' });

async function testViews(): Promise<number> {
  const sql = postgres(DATABASE_URL, { max: 1, prepare: false, onnotice: () => undefined });
  try {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from program_engagement where program_id = ${TEST_PROGRAM_ID} and event_type = 'view'`;
    return row?.n ?? 0;
  } finally {
    await sql.end();
  }
}

test.beforeAll(async () => {
  // The refusal before a test provider exists needs none: remove those of earlier runs (their
  // auth users; the providers rows go with them). Only test-domain accounts are touched.
  const sql = postgres(DATABASE_URL, { max: 1, prepare: false, onnotice: () => undefined });
  try {
    await sql`delete from auth.users where email like 'test-provider-%@test-provider.invalid'`;
  } finally {
    await sql.end();
  }
});

test('signed out: a sign-in prompt; a family: not allowed', async ({ page }) => {
  await page.goto('/comprehensive-testing');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
    'href',
    /\/auth\?next=%2Fcomprehensive-testing/,
  );

  await signIn(page, FAMILY, '/comprehensive-testing');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the admin runs the suite: provider, inquiry, engagement, cleanup', async ({ page }) => {
  test.slow();
  await signIn(page, ADMIN, '/comprehensive-testing');

  // Overview.
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Ready', { exact: true })).toBeVisible();
  await expect(page.getByText('Test Providers', { exact: true })).toBeVisible();
  const profile = page.getByRole('link', { name: /Open Test Profile/ });
  await expect(profile).toHaveAttribute('href', `/${TEST_PROGRAM_TOKEN}`);
  await expect(profile).toHaveAttribute('target', '_blank');
  await expect(page.getByText(TEST_PROGRAM_ID, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // The header offers the suite to admins.
  await page.locator('#user-menu-button').click();
  await expect(page.getByRole('link', { name: 'Testing', exact: true })).toHaveAttribute('href', '/testing');
  await page.keyboard.press('Escape');

  // No test provider yet: the inquiry is refused.
  await openTab(page, 'User Flow Testing');
  await expect(page).toHaveURL(/\?tab=user-flow$/);
  await page.getByRole('button', { name: 'Submit Test Inquiry' }).click();
  await expect(page.getByText('No Test Provider Found')).toBeVisible();
  await expect(
    page.getByText('Please create a test provider first before submitting test inquiries.'),
  ).toBeVisible();

  // Create a real test provider account.
  await openTab(page, 'Provider Testing');
  await expect(page.getByText('No test providers yet.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create Test Provider' }).click();
  await expect(page.getByText('Test Provider Created Successfully')).toBeVisible();
  const provider = page.locator('[data-test-provider]').first();
  await expect(provider).toContainText('Test Program - DO NOT DISPLAY LIVE');
  await expect(provider).toContainText(/test-provider-\d{13}-[0-9a-f]{4}@test-provider\.invalid/);
  await expect(provider).toContainText('unverified');

  // A test inquiry, listed.
  await openTab(page, 'User Flow Testing');
  await page.getByLabel('Name').fill('E2E Test Person');
  await page.getByRole('button', { name: 'Submit Test Inquiry' }).click();
  await expect(page.getByText('Test Inquiry Submitted')).toBeVisible();
  const inquiry = page.locator('[data-test-inquiry]', { hasText: 'E2E Test Person' });
  await expect(inquiry).toContainText('test.user@example.org');
  await expect(inquiry).toContainText('Info request');
  await expect(inquiry).toContainText('Test Program - DO NOT DISPLAY LIVE');
  await expect(inquiry).toContainText('new');

  // 12 engagement events: the list shows 10, then "and N more".
  const types = ['view', 'website_click', 'call_click', 'info_request'];
  for (let i = 0; i < 12; i += 1) {
    const button = page.getByRole('button', { name: `Track ${types[i % 4] ?? 'view'}` });
    await expect(button).toBeEnabled();
    await button.click();
  }
  await expect(page.getByRole('button', { name: 'Track view' })).toBeEnabled();
  await expect(page.getByText('Test Engagement Tracked')).toBeVisible();
  await expect(page.locator('[data-test-event]')).toHaveCount(10);
  await expect(page.getByTestId('events-more')).toHaveText(/^and \d+ more$/);
  const more = Number(/\d+/.exec((await page.getByTestId('events-more').textContent()) ?? '')?.[0]);
  expect(more).toBeGreaterThanOrEqual(2);
  await expect(page.locator('[data-test-event]').first()).toContainText(TEST_PROGRAM_ID);
  // The events table's columns line up: each column's cells start at the same x in every row.
  const columnStarts = await page
    .locator('[data-test-event]')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => Math.round(cell.getBoundingClientRect().left))),
    );
  expect(columnStarts[0]).toHaveLength(3);
  for (const starts of columnStarts) expect(starts).toEqual(columnStarts[0]);
  await expect(page.getByRole('table', { name: 'Test engagement events, newest first' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Refresh Data reloads the same.
  await page.getByRole('button', { name: 'Refresh Data' }).click();
  await expect(page.getByRole('button', { name: 'Refresh Data' })).toBeEnabled();
  await expect(page.locator('[data-test-event]')).toHaveCount(10);

  // Cleanup: inquiries and engagement go, the provider stays.
  await openTab(page, 'Data Management');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Deleting asks first; Cancel deletes nothing and gives the focus back.
  const deleteButton = page.getByRole('button', { name: 'Delete Test Inquiries and Engagement…' });
  await deleteButton.click();
  const confirm = page.getByRole('dialog', { name: 'Delete the test data?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('cleanup-summary')).toContainText(/\d+ test inquir(y|ies)/);
  await expect(confirm.getByTestId('cleanup-summary')).toContainText(
    /\d+ engagement events? of the test program/,
  );
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect(page.getByText('Test Data Cleanup')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await openTab(page, 'User Flow Testing');
  await expect(page.locator('[data-test-event]')).toHaveCount(10);
  await openTab(page, 'Data Management');
  await page.getByRole('button', { name: 'Delete Test Inquiries and Engagement…' }).click();
  await confirm.getByRole('button', { name: 'Delete test data' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Test Data Cleanup')).toBeVisible();
  await expect(
    page.getByText('Test inquiries and engagement data have been cleaned up from the database.'),
  ).toBeVisible();
  await openTab(page, 'User Flow Testing');
  await expect(page.getByText('No test inquiries.')).toBeVisible();
  await expect(page.locator('[data-test-event]')).toHaveCount(0);
  await openTab(page, 'Provider Testing');
  await expect(page.locator('[data-test-provider]')).toHaveCount(1);

  // /testing is the same page, on the tab its address names.
  await page.goto('/testing?tab=providers');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { level: 1, name: 'Comprehensive Testing' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Provider Testing' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-test-provider]')).toHaveCount(1);
});

test('the test program page records a view; its info request is an e-mail draft', async ({ page }) => {
  const before = await testViews();
  await page.goto(`/${TEST_PROGRAM_TOKEN}`);
  await expect(page.getByText('TEST PROGRAM - NOT FOR PRODUCTION USE', { exact: true })).toBeVisible();
  for (const name of ['Test Info Request', 'Request Information']) {
    await expect(page.getByRole('button', { name })).toHaveAttribute(
      'data-info-mailto',
      /^mailto:test-admissions@example\.org\?subject=Information%20Request/,
    );
  }
  await expect(page.getByRole('button', { name: 'Test Call Request' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Call Back' })).toBeVisible();
  // The tracker sends its queue within 2 s, or when the page is left.
  await expect.poll(testViews, { timeout: 10_000 }).toBeGreaterThan(before);
});

test('phone size: the tabs become a select', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, ADMIN, '/comprehensive-testing');
  const select = page.getByLabel('Testing section', { exact: true });
  await expect(select).toBeVisible();
  await expect(page.getByRole('tablist')).toBeHidden();
  await select.selectOption('user-flow');
  await expect(page).toHaveURL(/\?tab=user-flow$/);
  await expect(page.getByRole('button', { name: 'Submit Test Inquiry' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
  await shot(page, 'testing-phone-user-flow');
  await select.selectOption('overview');
  await shot(page, 'testing-phone-overview');
});
