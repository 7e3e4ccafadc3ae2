/**
 * The listing builder end to end through `npm start`: its tabs at 320 px (one row that scrolls,
 * with a visible cue and "Section n of N"; every tab reachable by touch and by the arrow keys; no
 * sideways page scroll); drafts saved on the server and opened on another device; this browser's
 * copy only when the server cannot be reached, labelled as such; the builder staying on a
 * submitted listing; and a draft of a published listing, which leaves the published version live.
 * axe in every state.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  fillWhatApprovalNeeds,
  confirmedProvider,
  expectNoAxeViolations,
  failOnCspViolations,
  fileDatabase,
  RUN,
  screenshots,
  signIn,
  uniqueEmails,
} from './helpers.ts';

const shot = screenshots(process.env['DASHBOARD_SCREENSHOTS']);
const PASSWORD = 'provider-pass-1';
const NARROW = { width: 320, height: 720 } as const;
const uniqueEmail = uniqueEmails('builder');
const sql = fileDatabase();

failOnCspViolations();

/** A new confirmed provider, signed in on the dashboard's Listings tab; its e-mail. */
async function providerAtListings(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await confirmedProvider(page.request, {
    email,
    password: PASSWORD,
    organization: `Builder ${label} ${RUN}`,
    contact: 'Robin Ames',
  });
  await signIn(page, { email, password: PASSWORD }, '/provider-dashboard?tab=listings');
  await expect(page.getByRole('heading', { name: 'Your listings' })).toBeVisible();
  return email;
}

async function listingsOf(email: string) {
  return sql<{ id: string; status: string; center_name: string; description: string }[]>`
    select l.id, l.status, l.center_name, l.description from provider_listings l
    join providers p on p.id = l.provider_id join auth.users u on u.id = p.user_id
    where u.email = ${email} order by l.created_at`;
}

/** The page never scrolls sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page width').toBeLessThanOrEqual(client);
}

/** The element lies inside the tab row's visible part. */
async function expectInRow(page: Page, name: string): Promise<void> {
  const row = await page.getByRole('tablist', { name: 'Listing sections' }).boundingBox();
  const tab = await page.getByRole('tab', { name, exact: true }).boundingBox();
  expect(row && tab).toBeTruthy();
  if (!row || !tab) return;
  expect(tab.x).toBeGreaterThanOrEqual(row.x - 1);
  expect(tab.x + tab.width).toBeLessThanOrEqual(row.x + row.width + 1);
}

test('at 320 px the builder tabs scroll in one row with a cue; every tab is reachable; the page never scrolls sideways', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(NARROW);
  await providerAtListings(page, 'narrow');
  const row = page.getByRole('tablist', { name: 'Listing sections' });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-overflow', 'true');
  await expect(page.getByTestId('tab-position')).toHaveText(
    'Section 1 of 6: Basic. Swipe or scroll the row for the others.',
  );
  await expect(page.locator('[data-scroll="after"]')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shot(page, 'builder-320-basic');

  // Touch or pointer: each tab is tapped in turn, opens its panel and is scrolled into view.
  for (const [name, field] of [
    ['Location', /^Street address/],
    ['Program', /^Capacity/],
    ['Treatment', /^Clinical approach/],
    ['Media', /^Photo links/],
    ['Credentials', /^CARF/],
    ['Basic', /^Center name/],
  ] as const) {
    await page.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel(field).first()).toBeVisible();
    await expectInRow(page, name);
    await expectNoSidewaysScroll(page);
  }

  // A program for teenagers gets the seventh tab.
  await page.getByRole('tab', { name: 'Program', exact: true }).click();
  await page.getByLabel('Adolescents (12-17)').check();
  await expect(page.getByTestId('tab-position')).toContainText('Section 3 of 7: Program');

  // Keyboard: the arrows walk the whole row (and wrap); the open tab is always in view.
  await page.getByRole('tab', { name: 'Program', exact: true }).focus();
  for (const name of ['Treatment', 'Youth safety', 'Media', 'Credentials', 'Basic', 'Location']) {
    await page.keyboard.press('ArrowRight');
    const tab = page.getByRole('tab', { name, exact: true });
    await expect(tab).toBeFocused();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expectInRow(page, name);
  }
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Credentials', exact: true })).toBeFocused();
  await expectInRow(page, 'Credentials');
  await expect(page.getByTestId('tab-position')).toContainText('Section 7 of 7: Credentials');
  await expect(page.locator('[data-scroll="before"]')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shot(page, 'builder-320-credentials');

  // Home goes back to the first tab: the row is at its start, the cue on the right only.
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Basic', exact: true })).toBeFocused();
  await expect(page.locator('[data-scroll="before"]')).toHaveCount(0);
  await expect(page.locator('[data-scroll="after"]')).toBeVisible();
  await expectInRow(page, 'Basic');

  // The Treatment tab's outcome questions and number fields fit too.
  await page.getByRole('tab', { name: 'Treatment', exact: true }).click();
  await expect(page.getByLabel(/^From admission to discharge, the median score/)).toBeVisible();
  await expect(page.getByLabel(/^ERP hours per week/)).toHaveAttribute('max', '80');
  await expect(page.getByLabel(/^ERP hours per week/)).toHaveAttribute('step', '0.5');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shot(page, 'builder-320-treatment');
});

test('drafts live on the server: another device opens them; this browser keeps a labelled copy only while the server cannot be reached; the builder stays on a submitted listing', async ({
  page,
  browser,
}) => {
  test.slow();
  const email = await providerAtListings(page, 'devices');
  await expect(page.getByTestId('builder-status')).toHaveText(
    'A new listing. Save Draft keeps it on your account, so you can finish it on any device.',
  );
  await page.getByLabel(/^Center name/).fill('Willow Bend OCD Residence');
  await page.getByLabel(/^Program highlights/).fill('Daily ERP with a therapist\nFamily weekends');
  await page.getByRole('tab', { name: 'Treatment', exact: true }).click();
  await page.getByLabel(/^Clinical approach/).fill('Exposure and response prevention every weekday.');
  await page.getByLabel(/^ERP hours per week/).fill('90');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  // Out of range: named at the field with its range and unit, nothing sent.
  await expect(
    page.locator('[data-field-error]').filter({ hasText: 'Enter a number from 0 to 80 hours per week' }),
  ).toBeVisible();
  await expect(page.getByLabel(/^ERP hours per week/)).toBeFocused();
  expect(await listingsOf(email)).toEqual([]);
  await expectNoAxeViolations(page);
  await page.getByLabel(/^ERP hours per week/).fill('20');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Draft Saved', { exact: true })).toBeVisible();
  await expect(page.getByTestId('builder-status')).toContainText('Draft saved on your account');
  const [saved] = await listingsOf(email);
  expect(saved).toMatchObject({ status: 'draft', center_name: 'Willow Bend OCD Residence' });
  await expect(
    page.getByTestId('listings').getByRole('listitem').filter({ hasText: 'Willow Bend OCD Residence' }),
  ).toContainText('Draft');

  // Another device: the same draft opens.
  const other = await browser.newContext();
  const laptop = await other.newPage();
  await signIn(laptop, { email, password: PASSWORD }, '/provider-dashboard?tab=listings');
  await expect(laptop.getByLabel(/^Center name/)).toHaveValue('Willow Bend OCD Residence');
  await expect(laptop.getByLabel(/^Program highlights/)).toHaveValue(
    'Daily ERP with a therapist\nFamily weekends',
  );
  await expect(laptop.getByTestId('builder-status')).toContainText('Draft saved on your account');
  await laptop.getByRole('tab', { name: 'Treatment', exact: true }).click();
  await expect(laptop.getByLabel(/^Clinical approach/)).toHaveValue(
    'Exposure and response prevention every weekday.',
  );
  await expect(laptop.getByLabel(/^ERP hours per week/)).toHaveValue('20');

  // The server cannot be reached: the draft is kept in this browser, and says so.
  await laptop.route('**/api/provider/listings/**', (route) => route.abort('internetdisconnected'));
  await laptop.getByRole('tab', { name: 'Basic', exact: true }).click();
  await laptop.getByLabel(/^Description/).fill('Written on a train without a connection.');
  await laptop.getByRole('button', { name: 'Save Draft' }).click();
  await expect(laptop.getByText('Saved in This Browser Only', { exact: true })).toBeVisible();
  await expect(laptop.getByTestId('builder-status')).toHaveAttribute('data-source', 'browser');
  await expect(laptop.getByTestId('builder-status')).toContainText('Saved only in this browser');
  await expectNoAxeViolations(laptop);
  await shot(laptop, 'builder-browser-copy');
  expect((await listingsOf(email))[0]?.description).toBe('');

  // Back online: the browser copy opens, labelled, until it is saved on the server.
  await laptop.unroute('**/api/provider/listings/**');
  await laptop.reload();
  await expect(laptop.getByLabel(/^Description/)).toHaveValue('Written on a train without a connection.');
  await expect(laptop.getByTestId('builder-status')).toContainText('Saved only in this browser');
  await laptop.getByRole('button', { name: 'Save Draft' }).click();
  await expect(laptop.getByText('Draft Saved', { exact: true })).toBeVisible();
  await expect(laptop.getByTestId('builder-status')).toHaveAttribute('data-source', 'server');
  expect((await listingsOf(email))[0]?.description).toBe('Written on a train without a connection.');
  expect(
    await laptop.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('ocd-directory-listing-draft:')),
    ),
  ).toEqual([]);

  // Submitting keeps the builder on the listing, with its status.
  await laptop.getByLabel(/^Admissions phone/).fill('(555) 010-0166');
  await fillWhatApprovalNeeds(laptop);
  await laptop.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(laptop.getByText('Listing Submitted!')).toBeVisible();
  await expect(laptop.getByLabel(/^Center name/)).toHaveValue('Willow Bend OCD Residence');
  await expect(laptop.getByTestId('builder-status')).toContainText('Submitted for review');
  await expect(
    laptop.getByTestId('listings').getByRole('listitem').filter({ hasText: 'Willow Bend' }),
  ).toContainText('Pending review');
  const rows = await listingsOf(email);
  expect(rows.map((r) => r.status)).toEqual(['pending']);
  await expectNoAxeViolations(laptop);
  await other.close();
});

test('a draft of a published listing: saved on the server while the published version stays live', async ({
  page,
}) => {
  const email = await providerAtListings(page, 'published');
  const name = `Stillwater OCD Center ${RUN}`;
  const programId = `stillwater-${RUN}`;
  // The site team approved it (as in Studio): the approval writes its published version.
  const [listing] = await sql<{ id: string }[]>`
    insert into provider_listings (provider_id, center_name, description, phone, address, city, state, zip_code,
      age_groups, gender_specific, setting, avg_length, modalities, insurance, status, published_program_id)
    select p.id, ${name}, 'Residential ERP for women.', '(555) 010-0133', '1 Lake Road', 'Bend', 'Oregon', '97701',
      '{Adults}', 'Women-only', 'Residential', '45-60 days', '{ERP}', '{Private Pay}', 'approved', ${programId}
    from providers p join auth.users u on u.id = p.user_id where u.email = ${email}
    returning id`;
  const id = listing?.id ?? '';
  const before = await sql`select snapshot, state from listing_publications where listing_id = ${id}`;
  expect(before[0]?.['state']).toBe('live');
  await page.reload();

  const item = page.getByTestId('listings').getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('Live on the directory');
  await expectNoAxeViolations(page);
  await item.getByRole('button', { name: `Edit listing ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit your published listing' })).toBeVisible();
  await expect(page.getByTestId('builder-status')).toContainText('Published.');
  await page.getByRole('tab', { name: 'Program', exact: true }).click();
  await expect(page.getByLabel(/^Who the program admits/)).toHaveValue('Women-only');
  await page.getByRole('tab', { name: 'Basic', exact: true }).click();
  await page.getByLabel(/^Description/).fill('Residential ERP for women, with a new step-down program.');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(
    page.getByText(
      'Your draft is saved on your account. Your published listing stays live until the site team approves your changes.',
    ),
  ).toBeVisible();
  await expect(page.getByTestId('builder-status')).toContainText(
    'Your published listing stays live until the site team approves your changes.',
  );
  await expect(item).toContainText('Draft of changes');
  await expect(item).toContainText('Live on the directory');
  await expectNoAxeViolations(page);
  await shot(page, 'builder-published-draft');

  const [row] = await listingsOf(email);
  expect(row).toMatchObject({
    status: 'draft',
    description: 'Residential ERP for women, with a new step-down program.',
  });
  expect(await sql`select snapshot, state from listing_publications where listing_id = ${id}`).toEqual(
    before,
  );
});
