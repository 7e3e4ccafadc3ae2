/**
 * The admin dashboard (/admin) end to end through `npm start`: a provider's verification request
 * (with an uploaded license the admin opens) approved on /admin → Verified on the provider's
 * dashboard and the approval e-mail in the outbox; a pending listing whose description holds a
 * script tag is shown as text, a taken program id is refused with the API's message (the notes
 * stay), then it is rejected with notes → "Needs changes" with those notes on the provider's
 * dashboard; families and providers get "Administrators only", signed-out visitors a sign-in
 * prompt; axe on every admin view at desktop and phone sizes; no CSP violation.
 *
 * Set ADMIN_SCREENSHOTS=<dir> to keep full-page screenshots of each view.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  accessToken,
  confirmedAccount,
  confirmedProvider,
  expectNoAxeViolations,
  failOnCspViolations,
  mailsTo,
  openTab,
  PHONE,
  RUN,
  screenshots,
  signIn,
  uniqueEmails,
} from './helpers.ts';

const shot = screenshots(process.env['ADMIN_SCREENSHOTS']);
const PASSWORD = 'provider-pass-1';
const ADMIN = { email: 'admin@example.org', password: 'admin-demo-1' };
/** A program of content/programs: its id is taken, so approving a listing as it is refused. */
const TAKEN_PROGRAM_ID = 'aspen-cove-womens-ocd';

const uniqueEmail = uniqueEmails('admin');

failOnCspViolations();

/** A provider account whose profile exists (made by the dashboard at the first sign-in). */
async function providerSignedIn(page: Page, label: string): Promise<{ email: string; organization: string }> {
  const email = uniqueEmail(label);
  const organization = `Admin Review ${label} Center ${RUN}`;
  await confirmedProvider(page.request, {
    email,
    password: PASSWORD,
    organization,
    contact: 'Morgan Reyes',
    phone: '(555) 010-0142',
  });
  await signIn(page, { email, password: PASSWORD }, '/provider-dashboard');
  await expect(page.getByTestId('organization')).toHaveText(organization);
  return { email, organization };
}

/** A minimal PDF (the uploads endpoint checks the first bytes). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('a verification request approved on /admin: Verified on the provider dashboard, e-mail sent', async ({
  page,
  browser,
}) => {
  test.slow();
  const { email, organization } = await providerSignedIn(page, 'verify');
  const token = await accessToken(page.request, { email, password: PASSWORD });
  const upload = await page.request.post('/api/provider/uploads', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      kind: 'license',
      file: { name: 'state-license.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(upload.status()).toBe(201);
  const requested = await page.request.post('/api/provider/verification-requests', {
    headers: { authorization: `Bearer ${token}` },
    data: { documents: ['State license #98765', 'Joint Commission certificate'] },
  });
  expect(requested.status()).toBe(201);

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, ADMIN, '/admin?tab=verification');
  await expect(adminPage.getByRole('tab', { name: 'Verification', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const card = adminPage.getByRole('article', { name: organization });
  await expect(card).toContainText('Morgan Reyes');
  await expect(card).toContainText(email);
  await expect(card).toContainText('State license #98765');
  await expect(card).toContainText('Joint Commission certificate');
  await expect(card).toContainText('Pending');

  // The license opens for the admin (fetched with the token, handed to a tab as a blob).
  const popup = adminPage.waitForEvent('popup');
  await card.getByRole('button', { name: 'Open state-license.pdf' }).click();
  expect((await popup).url()).toMatch(/^blob:/);

  await card.getByRole('button', { name: `Approve ${organization}` }).click();
  await expect(card.getByLabel(/^Reviewer notes/)).toBeFocused();
  await card.getByLabel(/^Reviewer notes/).fill('License checked with the state board.');
  await card.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(adminPage.getByText('Verification Approved')).toBeVisible();
  await expect(card.getByText('Decision:')).toBeVisible();
  await expect(card).toContainText('Approved');
  await expect(card).toContainText('Verified');
  await expect(card.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await shot(adminPage, 'verification-approved');
  await expectNoAxeViolations(adminPage);
  await admin.close();

  await page.reload();
  await expect(page.getByTestId('verification-badge')).toHaveText('Verified');
  await expect
    .poll(async () => (await mailsTo(page.request, email)).map((m) => m.subject))
    .toContain(`${organization} is now verified`);
  const mail = (await mailsTo(page.request, email)).find((m) => m.subject.endsWith('is now verified'));
  expect(mail?.text).toContain('License checked with the state board.');
});

test('a pending listing is shown as text; a taken program id is refused; rejected with notes → Needs changes', async ({
  page,
  browser,
}) => {
  test.slow();
  const { email, organization } = await providerSignedIn(page, 'listing');
  const token = await accessToken(page.request, { email, password: PASSWORD });
  const center = `Script Test Residence ${RUN}`;
  const description = 'Daily ERP. <script>alert(1)</script> <img src=x onerror=alert(2)>';
  const created = await page.request.post('/api/provider/listings', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      center_name: center,
      description,
      phone: '(555) 010-0160',
      email: 'admissions@script-test.example.org',
      website: 'https://script-test.example.org',
      address: '12 Alder Street',
      city: 'Portland',
      state: 'Oregon',
      zip_code: '97201',
      age_groups: ['Adolescents', 'Young Adults'],
      gender_specific: 'Co-ed',
      setting: 'Residential',
      avg_length: '30-45 days',
      modalities: ['ERP', 'ACT'],
      insurance: ['Private Pay'],
      accreditations: ['CARF'],
      images: [],
      capacity: 16,
    },
  });
  expect(created.status()).toBe(201);

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  const dialogs: string[] = [];
  adminPage.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(adminPage, ADMIN, '/admin');
  await openTab(adminPage, 'Listings');
  await expect(adminPage).toHaveURL(/\?tab=listings$/);
  const card = adminPage.getByRole('article', { name: center });
  await expect(card.getByTestId('listing-description')).toHaveText(description);
  await expect(card).toContainText(organization);
  await expect(card).toContainText('Portland, Oregon 97201');
  await expect(card).toContainText('Adolescents (12-17), Young Adults (18-28)');
  await expect(card).toContainText('ERP, ACT');
  await expect(card).toContainText('Private Pay');
  await expect(card).toContainText('16 beds');
  await expect(card.getByRole('link', { name: 'https://script-test.example.org' })).toHaveAttribute(
    'href',
    'https://script-test.example.org/',
  );
  expect(await adminPage.locator('article script, article img').count()).toBe(0);

  // Approve with a program id that a directory program already has: the API's 409 message shows.
  await card.getByRole('button', { name: `Approve ${center}` }).click();
  const programId = card.getByLabel('Program id (optional)');
  await expect(programId).toBeFocused();
  await expect(programId).toHaveAttribute('placeholder', `script-test-residence-${RUN}`);
  await programId.fill('Not An Id');
  await card.getByLabel(/^Reviewer notes/).fill('Looks complete.');
  await card.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(card.getByText('The program id must be lower-case letters, digits and hyphens')).toBeVisible();
  await programId.fill(TAKEN_PROGRAM_ID);
  await card.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'This program id is already used by another program. Choose another one.',
  );
  await expect(card.getByLabel(/^Reviewer notes/)).toHaveValue('Looks complete.');
  await expect(card.getByRole('button', { name: 'Confirm approval' })).toBeEnabled();
  await card.getByRole('button', { name: 'Cancel' }).click();

  // Reject: notes are required (the API's words beside the field), then sent.
  await card.getByRole('button', { name: `Reject ${center}` }).click();
  const notes = card.getByLabel(/^Reviewer notes/);
  await expect(notes).toBeFocused();
  await notes.fill('   ');
  await card.getByRole('button', { name: 'Send rejection' }).click();
  await expect(
    card.getByText('Please add reviewer notes: they tell the provider what to change.'),
  ).toBeVisible();
  await expect(notes).toHaveAttribute('aria-invalid', 'true');
  await shot(adminPage, 'listing-reject-form');
  await expectNoAxeViolations(adminPage);
  const rejection = 'Please remove the markup from the description and add your admissions address.';
  await notes.fill(rejection);
  await card.getByRole('button', { name: 'Send rejection' }).click();
  await expect(adminPage.getByText('Listing Rejected')).toBeVisible();
  await expect(card.getByText('Decision:')).toBeVisible();
  await expect(card).toContainText('Rejected');
  await expect(card).toContainText(rejection);
  await expect(card.getByTestId('listing-description')).toHaveText(description);
  expect(dialogs).toEqual([]);
  await admin.close();

  await page.goto('/provider-dashboard?tab=listings');
  const item = page.getByTestId('listings').getByRole('listitem').filter({ hasText: center });
  await expect(item).toContainText('Needs changes');
  await expect(item).toContainText(rejection);
  await expect
    .poll(async () => (await mailsTo(page.request, email)).map((m) => m.subject))
    .toContain(`Your listing ${center} needs updates`);
});

test('signed out → a sign-in prompt; families and providers → Administrators only', async ({ page }) => {
  // Two accounts made and signed in, three axe scans: 32–34 s against the 30 s default under load.
  test.setTimeout(90_000);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
    'href',
    '/auth?next=%2Fadmin',
  );
  await shot(page, 'signed-out');
  await expectNoAxeViolations(page);

  const family = uniqueEmail('family');
  await confirmedAccount(page.request, {
    email: family,
    password: PASSWORD,
    data: { full_name: 'Casey Family' },
  });
  await signIn(page, { email: family, password: PASSWORD }, '/admin');
  await expect(page.getByRole('heading', { name: 'Administrators only' })).toBeVisible();
  await expect(page.getByRole('main').getByText(family)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the directory' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await shot(page, 'forbidden');
  await expectNoAxeViolations(page);

  // A provider, too: the API answers 403 to every admin call.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const provider = await providerSignedIn(page, 'not-admin');
  const token = await accessToken(page.request, { email: provider.email, password: PASSWORD });
  for (const path of ['/api/admin/overview', '/api/admin/verification-requests', '/api/admin/listings'])
    expect((await page.request.get(path, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
      403,
    );
  await page.goto('/admin?tab=listings');
  await expect(page.getByRole('heading', { name: 'Administrators only' })).toBeVisible();
  await expect(page.getByRole('main').getByText(provider.email)).toBeVisible();
});

test('every admin view passes axe, at desktop and phone sizes (390 and 320 px)', async ({ page }) => {
  test.slow();
  await signIn(page, ADMIN, '/admin');
  await expect(page.getByRole('heading', { name: /^Providers \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Provider accounts, newest first' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Inquiries by status' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Engagement, last 30 days' })).toBeVisible();
  await shot(page, 'desktop-overview');
  await expectNoAxeViolations(page);
  for (const [name, check] of [
    ['Verification', 'Verification requests'],
    ['Listings', 'Listings'],
  ] as const) {
    await openTab(page, name);
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: check, exact: true })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('status')).not.toHaveText('Loading…');
    await shot(page, `desktop-${name.toLowerCase()}`);
    await expectNoAxeViolations(page);
  }
  // The status filter asks the API again.
  await page.getByLabel('Show').selectOption('rejected');
  await expect(page.getByRole('tabpanel').getByRole('status')).not.toHaveText('Loading…');
  await expectNoAxeViolations(page);
  // Arrow keys move between tabs; Back returns to the previous one.
  await page.getByRole('tab', { name: 'Listings', exact: true }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Verification', exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\?tab=verification$/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Listings', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  for (const size of [PHONE, { width: 320, height: 640 }]) {
    await page.setViewportSize(size);
    await page.goto('/admin');
    await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeHidden();
    const select = page.getByLabel('Admin section', { exact: true });
    await expect(select).toBeVisible();
    for (const [value, check] of [
      ['overview', 'Engagement, last 30 days'],
      ['verification', 'Verification requests'],
      ['listings', 'Listings'],
    ] as const) {
      await select.selectOption(value);
      await expect(
        page.getByRole('tabpanel').getByRole('heading', { name: check, exact: true }),
      ).toBeVisible();
      if (value !== 'overview')
        await expect(page.getByRole('tabpanel').getByRole('status').first()).not.toHaveText('Loading…');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `page wider than ${String(size.width)} px on ${value}`).toBeLessThanOrEqual(0);
      await shot(page, `phone-${String(size.width)}-${value}`);
      await expectNoAxeViolations(page);
    }
  }
});
