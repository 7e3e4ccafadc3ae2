/**
 * The provider dashboard end to end through `npm start`: a provider who confirmed their e-mail
 * signs in and gets their profile created from the registration's metadata (14 days of trial
 * left); sends a verification request (Missing Documents first); builds a listing whose draft
 * survives a reload, uploads a logo (a renamed executable is refused), and submits it for review;
 * an inquiry a family sends from the profile of a program published from the provider's listing
 * appears in the overview, and the status the provider sets shows on the family's status page.
 * Also: signed out → /provider-login; a family account → "Complete Your Profile"; Logout; phones
 * get a select instead of tabs; axe on every tab at 1280 and 390 px; no CSP violation.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  fillWhatApprovalNeeds,
  confirmedAccount,
  confirmedProvider,
  expectNoAxeViolations,
  failOnCspViolations,
  fileDatabase,
  mailsTo,
  openTab,
  PHONE,
  RUN,
  screenshots,
  signIn,
  uniqueEmails,
} from './helpers.ts';

const shot = screenshots(process.env['DASHBOARD_SCREENSHOTS']);
const PASSWORD = 'provider-pass-1';
/** A directory program no other spec sends requests to; the inquiry test publishes a listing as it. */
const PUBLISHED = { id: 'lantern-point-ocd-residence', path: '/program/lantern-point-ocd-residence' };

const uniqueEmail = uniqueEmails('prov');

const sql = fileDatabase();

failOnCspViolations();

/** A confirmed provider sign-up with the registration's metadata (the profile comes at sign-in). */
function newProvider(request: APIRequestContext, email: string, organization: string): Promise<string> {
  return confirmedProvider(request, {
    email,
    password: PASSWORD,
    organization,
    contact: 'Jordan Lee',
    phone: '(555) 010-0199',
  });
}

/** Signs in on /auth and lands on the dashboard, on `tab` when given (the page keeps `?next=`). */
async function signInToDashboard(page: Page, email: string, tab?: string): Promise<void> {
  await signIn(
    page,
    { email, password: PASSWORD },
    tab ? `/provider-dashboard?tab=${tab}` : '/provider-dashboard',
  );
}

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a new provider: profile created at sign-in, verification requested, listing drafted, uploaded and submitted', async ({
  page,
}) => {
  // The whole journey with an axe run per state: ~30 s on a quiet machine, so three times the default.
  test.slow();
  const email = uniqueEmail('journey');
  const organization = `Harbor House OCD Center ${RUN}`;
  await newProvider(page.request, email, organization);
  // Nothing created it yet: the registration's POST /api/providers "failed"; the dashboard makes it.
  expect(
    await sql`select 1 from providers p join auth.users u on u.id = p.user_id where u.email = ${email}`,
  ).toHaveLength(0);

  await signInToDashboard(page, email);
  await expect(page.getByTestId('organization')).toHaveText(organization);
  await expect(page.getByTestId('verification-badge')).toHaveText('Not Verified');
  await expect(page.getByTestId('completeness')).toHaveText('0%');
  await expect(page.getByTestId('trial')).toContainText('14 days left');
  await expect(page.getByText('No inquiries yet.')).toBeVisible();
  const [profile] = await sql<
    { subscription_plan: string; subscription_status: string; verification_status: string }[]
  >`
    select p.subscription_plan, p.subscription_status, p.verification_status
    from providers p join auth.users u on u.id = p.user_id where u.email = ${email}`;
  expect(profile).toEqual({
    subscription_plan: 'free',
    subscription_status: 'trial',
    verification_status: 'unverified',
  });
  await shot(page, 'overview');
  await expectNoAxeViolations(page);

  // Verification: at least one document, one row always stays.
  await openTab(page, 'Verification');
  await expect(page).toHaveURL(/\?tab=verification$/);
  await expect(page.getByRole('button', { name: 'Remove document 1' })).toBeDisabled();
  await page.getByRole('button', { name: 'Submit verification request' }).click();
  await expect(
    page
      .getByRole('tabpanel')
      .getByRole('alert')
      .filter({ hasText: 'Please list at least one verification document.' }),
  ).toBeVisible();
  await expect(page.getByText('Missing Documents').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Document 1', exact: true }).fill('State license #12345');
  await page.getByRole('button', { name: 'Add document' }).click();
  await expect(page.getByRole('textbox', { name: 'Document 2', exact: true })).toBeFocused();
  await page.getByRole('textbox', { name: 'Document 2', exact: true }).fill('To be removed');
  await page.getByRole('button', { name: 'Add document' }).click();
  await page.getByRole('textbox', { name: 'Document 3', exact: true }).fill('Joint Commission certificate');
  await page.getByRole('button', { name: 'Remove document 2' }).click();
  await shot(page, 'verification-form');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Submit verification request' }).click();
  await expect(page.getByText('Verification Request Submitted')).toBeVisible();
  await expect(page.getByText('Pending Review').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit verification request' })).toHaveCount(0);
  const requests = await sql<{ documents_submitted: string[]; status: string }[]>`
    select r.documents_submitted, r.status from provider_verification_requests r
    join providers p on p.id = r.provider_id join auth.users u on u.id = p.user_id where u.email = ${email}`;
  expect(requests).toEqual([
    { documents_submitted: ['State license #12345', 'Joint Commission certificate'], status: 'pending' },
  ]);
  await shot(page, 'verification-pending');
  await expectNoAxeViolations(page);

  // Listings: a draft saved on the server survives a reload; Submit for Review needs name, description and phone.
  await openTab(page, 'Listings');
  await page.getByLabel(/^Center name/).fill('Harbor House Residential');
  await page.getByRole('tab', { name: 'Program' }).click();
  await page.getByLabel('Adolescents (12-17)').check();
  await page.getByLabel('ERP', { exact: true }).check();
  await page.getByLabel(/^Setting/).selectOption('Residential');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Draft Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Center name/)).toHaveValue('Harbor House Residential');
  await expect(page.getByTestId('builder-status')).toContainText('Draft saved on your account');
  await page.getByRole('tab', { name: 'Program' }).click();
  await expect(page.getByLabel('Adolescents (12-17)')).toBeChecked();
  await expect(page.getByLabel(/^Setting/)).toHaveValue('Residential');
  await shot(page, 'listing-program');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByText('Missing Required Information').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: /Basic/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel(/^Description/)).toBeFocused();
  await expect(page.getByText('Description is required.')).toBeVisible();
  await expect(page.getByText('Phone is required.')).toBeVisible();
  await shot(page, 'listing-missing');
  await expectNoAxeViolations(page);
  // Nothing was submitted: the listing is the saved draft.
  expect(
    await sql`select l.status from provider_listings l join providers p on p.id = l.provider_id join auth.users u on u.id = p.user_id where u.email = ${email}`,
  ).toEqual([{ status: 'draft' }]);

  await page.getByLabel(/^Description/).fill('Residential ERP for teenagers with OCD, with family weeks.');
  await page.getByLabel(/^Admissions phone/).fill('(555) 010-0150');

  // Media: a renamed executable is refused by the server; a real PNG is stored.
  await page.getByRole('tab', { name: 'Media' }).click();
  await page.getByLabel(/^Logo/).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]),
  });
  await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
  await expect(page.getByTestId('logo-status')).toHaveText('');
  await page.getByLabel(/^Logo/).setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: PNG });
  await expect(page.getByText('Logo must be a PNG, JPEG or WebP image.', { exact: false })).toBeVisible();
  await page
    .getByLabel(/^Logo/)
    .setInputFiles({ name: 'harbor-logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('logo-status')).toContainText('Uploaded: harbor-logo.png');
  // The logo as families will see it, fetched with the session (a decoded 1×1 PNG).
  const logo = page.getByRole('img', { name: 'Your logo, as uploaded' });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await shot(page, 'listing-media');
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Credentials' }).click();
  await page.getByLabel('CARF').check();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Location' }).click();
  await page.getByLabel(/^City/).fill('Portland');
  await page.getByLabel(/^ZIP code/).fill('0410');
  await page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(
    page.getByRole('tabpanel').getByText('ZIP code must be 5 digits', { exact: false }),
  ).toBeVisible();
  await page.getByLabel(/^ZIP code/).fill('04101');
  await expectNoAxeViolations(page);

  // Approval needs the rest of the location and the program's facts: the builder says so first.
  await page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByText('Needed for approval', { exact: true }).first()).toBeVisible();
  await fillWhatApprovalNeeds(page);
  await page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByText('Listing Submitted!')).toBeVisible();
  const listings = page.getByTestId('listings');
  const submitted = listings.getByRole('listitem').filter({ hasText: 'Harbor House Residential' });
  await expect(submitted).toContainText('Pending review');
  // The builder stays on the submitted listing and says where it stands.
  await expect(
    submitted.getByRole('button', { name: 'In the builder Harbor House Residential' }),
  ).toBeDisabled();
  await expect(page.getByLabel(/^Center name/)).toHaveValue('Harbor House Residential');
  await expect(page.getByTestId('builder-status')).toContainText('Submitted for review');
  const stored = await sql<
    {
      status: string;
      city: string;
      age_groups: string[];
      logo_url: string | null;
      accreditations: string[];
    }[]
  >`
    select l.status, l.city, l.age_groups, l.logo_url, l.accreditations from provider_listings l
    join providers p on p.id = l.provider_id join auth.users u on u.id = p.user_id where u.email = ${email}`;
  expect(stored).toEqual([
    {
      status: 'pending',
      city: 'Portland',
      age_groups: ['Adolescents'],
      logo_url: expect.stringMatching(/^\/api\/provider\/uploads\/[0-9a-f-]{36}$/),
      accreditations: ['CARF'],
    },
  ]);
  await shot(page, 'listing-submitted');
  // No draft is left: a reload shows an empty builder and the submitted listing, editable.
  await page.reload();
  await expect(page.getByLabel(/^Center name/)).toHaveValue('');
  await expect(page.getByTestId('listings').getByText('Pending review')).toBeVisible();
  await expect(
    page.getByTestId('listings').getByRole('button', { name: 'Edit Harbor House Residential' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  for (const name of ['Contact Settings', 'ROI Calculator', 'Billing']) {
    await openTab(page, name);
    await expectNoAxeViolations(page);
    await shot(page, `tab-${name.toLowerCase().replace(/ /g, '-')}`);
  }
  await expect(page.getByText('Coming soon')).toBeVisible();
  await openTab(page, 'ROI Calculator');
  await expect(page.getByTestId('roi-results')).toContainText('$336,000');
  await expect(page.getByTestId('roi-results')).toContainText('$72,000');
  await page.getByLabel(/^Number of beds/).fill('10');
  await expect(page.getByTestId('roi-results')).toContainText('$168,000');
  // The conversion rate drives the inquiries needed (10 beds: 1 more admission a month).
  await expect(page.getByTestId('roi-results')).toContainText('6.7 a month');
  await page.getByLabel(/^Current inquiry-to-admission conversion/).fill('50');
  await expect(page.getByTestId('roi-results')).toContainText('2 a month');
  await expect(page.getByTestId('roi-results')).not.toContainText('14,328');

  // Logout → home with "Logged Out".
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/localhost:8888\/$/);
  await expect(page.getByText('Logged Out')).toBeVisible();
  await page.goto('/provider-dashboard');
  await expect(page).toHaveURL(/\/provider-login/);
});

test('an inquiry to a published program reaches its provider; the status set there shows on the family status page', async ({
  page,
  browser,
}) => {
  // Two browsers, mail round trips and an axe run: allow three times the default.
  test.slow();
  const email = uniqueEmail('inbox');
  const organization = `Lantern Point Provider ${RUN}`;
  await newProvider(page.request, email, organization);
  await signInToDashboard(page, email);
  await expect(page.getByTestId('organization')).toHaveText(organization);
  // Publishing is the administrators' decision: here the database plays the administrator.
  // (An approved listing must be publishable, so complete: migration 20261125000300.)
  await sql`delete from provider_listings where published_program_id = ${PUBLISHED.id}`;
  await sql`
    insert into provider_listings (provider_id, center_name, description, phone, status, published_program_id,
      address, city, state, zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance)
    select p.id, 'Lantern Point OCD Residence', 'Residential OCD care', '(555) 010-0111', 'approved', ${PUBLISHED.id},
      '1 Lantern Point Road', 'Portland', 'ME', '04101', ${['Adults']}, 'Co-ed', 'Residential', '30-60 days',
      ${['ERP']}, ${['Private Pay']}
    from providers p join auth.users u on u.id = p.user_id where u.email = ${email}`;

  // Contact settings: the provider's own inquiry address.
  const inbox = uniqueEmail('admissions');
  await openTab(page, 'Contact Settings');
  await page.getByLabel(/^Inquiry email/).fill('not-an-email');
  await page.getByRole('button', { name: 'Save contact settings' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page.getByLabel(/^Inquiry email/).fill(inbox);
  // No phone here: families see the program's one admissions phone (src/lib/admissions-phone.ts).
  await expect(page.getByLabel(/^Inquiry phone/)).toHaveCount(0);
  await expect(page.getByText('Families see one phone for each program')).toBeVisible();
  await page.getByRole('button', { name: 'Save contact settings' }).click();
  await expect(page.getByText('Contact Settings Saved')).toBeVisible();

  // A family, in its own browser, asks for information from the program's profile.
  const family = await browser.newContext();
  const familyPage = await family.newPage();
  await familyPage.route('**/api/engagement', (route) => route.fulfill({ status: 202, body: '' }));
  const familyEmail = uniqueEmail('family');
  await familyPage.goto(PUBLISHED.path);
  // The admissions phone the profile shows (the program's one number).
  const profilePhone =
    /\(\d{3}\) \d{3}-\d{4}/.exec(
      (await familyPage.locator('main a[href^="tel:"][data-track="call_click"]').first().textContent()) ?? '',
    )?.[0] ?? '';
  expect(profilePhone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
  await familyPage.getByRole('button', { name: 'Request Info' }).first().click();
  const dialog = familyPage.getByRole('dialog', { name: 'Request Information' });
  await dialog.getByLabel(/Your name/).fill('Riley Parent');
  await dialog.getByLabel(/Your email/).fill(familyEmail);
  await dialog.getByLabel(/Message/).fill(`Is there a bed in January? (${RUN})`);
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(familyPage.getByText('Request Submitted')).toBeVisible();

  // The provider's inquiry address got it, not the program's generic one.
  await expect.poll(async () => (await mailsTo(page.request, inbox)).length).toBe(1);
  let statusPath = '';
  await expect
    .poll(async () => {
      const [confirmation] = await mailsTo(page.request, familyEmail);
      statusPath = new URL(
        /(https?:\/\/\S+\/request\/[A-Za-z0-9_-]{43})/.exec(confirmation?.text ?? '')?.[1] ?? 'http://x/',
      ).pathname;
      return statusPath.startsWith('/request/');
    })
    .toBe(true);
  // The confirmation offers the same number as the profile, and no other.
  const [confirmation] = await mailsTo(page.request, familyEmail);
  expect(confirmation?.text.match(/\(\d{3}\) \d{3}-\d{4}/g)).toEqual([profilePhone]);

  await openTab(page, 'Overview');
  await page.reload();
  const item = page.getByTestId('inquiries').locator('li', { hasText: 'Riley Parent' });
  await expect(item).toContainText(`Is there a bed in January? (${RUN})`);
  await expect(item).toContainText('Info request');
  await page.getByLabel('Show').selectOption('closed');
  await expect(page.getByText('No closed inquiries.')).toBeVisible();
  await page.getByLabel('Show').selectOption('all');
  await item.getByLabel('Status').selectOption('contacted');
  await expect(page.getByText('Status Updated')).toBeVisible();
  await shot(page, 'overview-inquiry');
  await expectNoAxeViolations(page);

  await familyPage.goto(statusPath);
  await expect(familyPage.getByTestId('request-status')).toHaveText('Contacted');
  await family.close();
});

test('phones get a section select instead of tabs; every section passes axe at 390 px', async ({ page }) => {
  // Six sections, each loaded, checked with axe and photographed: three times the default time.
  test.slow();
  const email = uniqueEmail('phone');
  await newProvider(page.request, email, `Phone Test Center ${RUN}`);
  await page.setViewportSize(PHONE);
  await signInToDashboard(page, email);
  await expect(page.getByTestId('organization')).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeHidden();
  const select = page.getByLabel('Dashboard section', { exact: true });
  await expect(select).toBeVisible();
  for (const [value, check] of [
    ['overview', 'Engagement, last 30 days'],
    ['verification', 'Request verification'],
    ['listings', 'Listing builder'],
    ['contacts', 'Contact Settings'],
    ['roi-calculator', 'How it is calculated'],
    ['billing', 'Coming soon'],
  ] as const) {
    await select.selectOption(value);
    await expect(page.getByRole('tabpanel').getByText(check, { exact: true }).first()).toBeVisible();
    if (value !== 'overview') await expect(page).toHaveURL(new RegExp(`\\?tab=${value}$`));
    await expectNoAxeViolations(page);
    await shot(page, `phone-${value}`);
  }
  // Reloading keeps the section; Back returns to the previous one.
  await page.reload();
  await expect(page.getByLabel('Dashboard section', { exact: true })).toHaveValue('billing');
  await page.goBack();
  await expect(page.getByLabel('Dashboard section', { exact: true })).toHaveValue('roi-calculator');
});

test('signed out → /provider-login; a family account → Complete Your Profile', async ({ page }) => {
  await page.goto('/provider-dashboard');
  await expect(page).toHaveURL(/\/provider-login/);

  const email = uniqueEmail('family-account');
  await confirmedAccount(page.request, { email, password: PASSWORD, data: { full_name: 'Casey Family' } });
  await signInToDashboard(page, email);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete registration' })).toHaveAttribute(
    'href',
    '/provider-registration',
  );
  await shot(page, 'complete-profile');
  await expectNoAxeViolations(page);
});

test('a listing the reviewers sent back shows their notes and can be edited and resubmitted', async ({
  page,
}) => {
  const email = uniqueEmail('rejected');
  await newProvider(page.request, email, `Resubmit Center ${RUN}`);
  await signInToDashboard(page, email, 'listings');
  await expect(page.getByText('No listings yet.', { exact: false })).toBeVisible();
  // The review is the administrators' task: here the database plays the reviewer.
  await sql`
    insert into provider_listings (provider_id, center_name, description, phone, status, reviewer_notes)
    select p.id, 'Cedar Path Residence', 'Short', '(555) 010-0122', 'rejected', 'Please describe your ERP program in more detail.'
    from providers p join auth.users u on u.id = p.user_id where u.email = ${email}`;
  await page.reload();
  const item = page.getByTestId('listings').getByRole('listitem').filter({ hasText: 'Cedar Path Residence' });
  await expect(item).toContainText('Needs changes');
  await expect(item).toContainText('Please describe your ERP program in more detail.');
  await expectNoAxeViolations(page);
  await item.getByRole('button', { name: 'Edit and resubmit Cedar Path Residence' }).click();
  await expect(page.getByRole('heading', { name: 'Edit listing' })).toBeVisible();
  await expect(page.getByLabel(/^Center name/)).toBeFocused();
  await expect(page.getByLabel(/^Description/)).toHaveValue('Short');
  await page
    .getByLabel(/^Description/)
    .fill('Residential ERP with daily exposure sessions, family therapy and a step-down plan.');
  await fillWhatApprovalNeeds(page);
  await page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByText('Listing Submitted!')).toBeVisible();
  await expect(item).toContainText('Pending review');
  const rows = await sql<{ status: string; description: string }[]>`
    select l.status, l.description from provider_listings l
    join providers p on p.id = l.provider_id join auth.users u on u.id = p.user_id where u.email = ${email}`;
  expect(rows).toEqual([
    {
      status: 'pending',
      description: 'Residential ERP with daily exposure sessions, family therapy and a step-down plan.',
    },
  ]);
});

test('a new provider’s overview: the path starts at the listing builder; completeness is 0% with what is missing and why', async ({
  page,
}) => {
  // Sign-up, sign-in, profile creation and an axe run: allow three times the default.
  test.slow();
  const email = uniqueEmail('path-new');
  await newProvider(page.request, email, `Path Start Center ${RUN}`);
  await signInToDashboard(page, email);
  const path = page.getByTestId('path');
  await expect(path.getByRole('heading', { name: 'Your path to a published listing' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(path.getByTestId('path-summary')).toHaveText('1 of 6 steps done.');
  const step = (id: string) => path.locator(`li[data-step="${id}"]`);
  await expect(step('profile')).toHaveAttribute('data-state', 'done');
  await expect(step('profile')).toContainText('Done');
  await expect(step('profile')).toContainText('Created ');
  await expect(step('listing')).toHaveAttribute('aria-current', 'step');
  await expect(step('listing')).toContainText('Next step');
  await expect(step('verification-requested')).toContainText('To do');
  await expect(step('published')).toContainText('To do');

  // Completeness counts the listing's facts: none yet, each missing one with why families need it.
  await expect(page.getByTestId('completeness')).toHaveText('0%');
  await expect(page.getByText('You have no listing yet', { exact: false })).toBeVisible();
  const missing = page.getByTestId('completeness-missing');
  await expect(missing.getByRole('listitem')).toHaveCount(6);
  await expect(missing.locator('li[data-fact="phone"]')).toContainText(
    'Admissions phone (needed to publish): Families call it to ask about a bed.',
  );
  await page.getByRole('button', { name: /^Show all \d+ missing facts$/ }).click();
  await expect(missing.locator('li[data-fact="insurance"]')).toHaveText(
    'Insurance accepted (needed to publish): Families filter by it.',
  );
  await expect(page.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('listing-states')).toHaveCount(0);
  await expect(page.getByText('No listing yet.', { exact: false })).toBeVisible();
  await shot(page, 'overview-path-new');
  await expectNoAxeViolations(page);

  // Each action does what it says: the verification tab, the listing builder.
  await step('verification-requested').getByRole('button', { name: 'Request verification' }).click();
  await expect(page).toHaveURL(/\?tab=verification$/);
  await expect(page.getByRole('tab', { name: 'Verification', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await openTab(page, 'Overview');
  await step('listing').getByRole('button', { name: 'Open the listing builder' }).click();
  await expect(page).toHaveURL(/\?tab=listings$/);
  await expect(page.getByRole('tab', { name: 'Listings', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('an approved listing shows as published on the overview; withdrawing it asks first and takes it off', async ({
  page,
}) => {
  test.slow();
  const email = uniqueEmail('path-live');
  const name = `Beacon Harbor Residence ${RUN}`;
  const programId = `e2e-beacon-harbor-${RUN}`;
  await newProvider(page.request, email, `Path Live Center ${RUN}`);
  await signInToDashboard(page, email);
  // The first visit creates the profile, then loads the dashboard: two round trips on a busy machine.
  await expect(page.getByTestId('organization')).toBeVisible({ timeout: 20_000 });
  // Publishing is the administrators' decision: here the database plays the administrator. The
  // approved row gets its published version from the database's trigger.
  const [inserted] = await sql<{ id: string }[]>`
    insert into provider_listings (provider_id, center_name, description, phone, status, published_program_id,
      address, city, state, zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance)
    select p.id, ${name}, 'Residential OCD care', '(555) 010-0133', 'approved', ${programId},
      '9 Beacon Road', 'Portland', 'ME', '04101', ${['Adults']}, 'Co-ed', 'Residential', '30-60 days',
      ${['ERP']}, ${['Private Pay']}
    from providers p join auth.users u on u.id = p.user_id where u.email = ${email}
    returning id`;
  const listingId = inserted?.id ?? '';
  expect(await sql`select state from listing_publications where listing_id = ${listingId}`).toEqual([
    { state: 'live' },
  ]);
  await page.reload();

  const path = page.getByTestId('path');
  const published = path.locator('li[data-step="published"]');
  await expect(published).toHaveAttribute('data-state', 'done');
  await expect(published).toContainText(`“${name}” is on the directory.`);
  await expect(published).toContainText('Live since ');
  await expect(published).toContainText('Listing reviewed ');
  await expect(path.locator('li[data-step="submitted"]')).toHaveAttribute('data-state', 'done');
  // The next step is verification, not yet requested.
  await expect(path.locator('li[data-step="verification-requested"]')).toHaveAttribute(
    'aria-current',
    'step',
  );

  // Completeness reads this listing's fields: the facts the insert gave, not a fixed figure.
  const percent = Number((await page.getByTestId('completeness').textContent())?.replace('%', ''));
  expect(percent).toBeGreaterThan(0);
  expect(percent).toBeLessThan(100);
  await expect(page.getByTestId('completeness-missing').locator('li[data-fact="insurance"]')).toHaveCount(0);
  await expect(page.getByTestId('completeness-missing').locator('li[data-fact="website"]')).toBeVisible();

  const item = page.getByTestId('listing-states').locator(`li[data-listing="${listingId}"]`);
  await expect(item).toContainText('Published');
  await expect(item).toContainText('Live since ');
  await expect(item.getByRole('link', { name: `View in the directory: ${name}` })).toHaveAttribute(
    'href',
    `/program/${programId}`,
  );
  await expect(item.getByRole('button', { name: `Edit listing ${name}` })).toBeVisible();
  await shot(page, 'overview-path-published');
  await expectNoAxeViolations(page);

  // Edit listing opens the builder on this listing; nothing changes until it is submitted and reviewed.
  await item.getByRole('button', { name: `Edit listing ${name}` }).click();
  await expect(page).toHaveURL(/\?tab=listings$/);
  await expect(page.getByRole('heading', { name: 'Edit your published listing' })).toBeVisible();
  await expect(page.getByLabel(/^Center name/)).toHaveValue(name);
  await openTab(page, 'Overview');

  // Withdraw asks first; Cancel changes nothing.
  await item.getByRole('button', { name: `Withdraw from directory: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Withdraw “${name}” from the directory?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('disappear from the directory at the next update');
  await expect(dialog).toContainText('ask the site team to republish it');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await sql`select state from listing_publications where listing_id = ${listingId}`).toEqual([
    { state: 'live' },
  ]);

  // Confirmed, with a reason: the publication is withdrawn and the overview says so.
  await item.getByRole('button', { name: `Withdraw from directory: ${name}` }).click();
  await dialog.getByLabel(/Why are you withdrawing it\?/).fill('Closed for renovation until spring.');
  await dialog.getByRole('button', { name: 'Withdraw from directory' }).click();
  await expect(page.getByText('Listing Withdrawn')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(item).toContainText('Withdrawn by you');
  await expect(item).toContainText('Closed for renovation until spring.');
  await expect(item.getByRole('button', { name: /^Withdraw from directory/ })).toHaveCount(0);
  await expect(item.getByRole('button', { name: `Edit listing ${name}` })).toBeFocused();
  // Not done any more; verification, not requested, stays the next step.
  await expect(published).toHaveAttribute('data-state', 'todo');
  await expect(published).toContainText('You withdrew');
  await expect(published.getByRole('button', { name: 'Edit and submit again' })).toBeVisible();
  expect(
    await sql`select state, state_reason from listing_publications where listing_id = ${listingId}`,
  ).toEqual([{ state: 'withdrawn', state_reason: 'Closed for renovation until spring.' }]);
  // A reload reads the same state from the server.
  await page.reload();
  await expect(page.getByTestId('listing-states').locator(`li[data-listing="${listingId}"]`)).toContainText(
    'Withdrawn by you',
  );
  await expectNoAxeViolations(page);

  // Phones: the same overview at 390 and 320 px, nothing wider than the screen.
  for (const width of [PHONE.width, 320]) {
    await page.setViewportSize({ width, height: PHONE.height });
    await expect(page.getByTestId('path')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
    await shot(page, `overview-path-withdrawn-${String(width)}`);
  }
});
