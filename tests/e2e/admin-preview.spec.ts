/**
 * Review what will be published, on /admin's Listings tab through `npm start`:
 *
 * - "Preview as families will see it" renders a pending listing with the public profile's own
 *   components: its outcome in words and the facts parents of minors need, the two trust badges;
 *   keyboard-operable (aria-expanded), no horizontal overflow at 390 px, axe clean.
 * - A provider edits a published listing: the admin sees "What changed since the published
 *   version" field by field above the decision (axe clean, desktop and phone); the published
 *   version stays live. Unpublish needs a reason (the message beside the field, the reason kept),
 *   then takes the version down with the reason shown and e-mailed to the provider; Republish
 *   puts it back.
 *
 * Set ADMIN_PREVIEW_SCREENSHOTS=<dir> to keep screenshots of each view.
 */
import { expect, test, type Page } from '@playwright/test';
import { scoreChangeText } from '../../src/lib/fidelity.ts';
import { licenseText } from '../../src/lib/youth-safety.ts';
import {
  accessToken,
  confirmedProvider,
  expectNoAxeViolations,
  failOnCspViolations,
  latestMail,
  PHONE,
  RUN,
  screenshots,
  signIn,
  uniqueEmails,
} from './helpers.ts';

const shot = screenshots(process.env['ADMIN_PREVIEW_SCREENSHOTS'], { width: true });
const ADMIN = { email: 'admin@example.org', password: 'admin-demo-1' };
const PASSWORD = 'provider-pass-1';
const uniqueEmail = uniqueEmails('preview');

failOnCspViolations();

/** A complete listing serving teens, with outcome figures and youth-safety facts. */
function listingBody(center: string) {
  return {
    center_name: center,
    description: `${center} offers residential ERP for teenagers.\n\nFamilies visit every weekend.`,
    phone: '(555) 010-0177',
    email: 'admissions@preview-test.example.org',
    website: 'https://preview-test.example.org',
    address: '40 Birch Lane',
    city: 'Asheville',
    state: 'NC',
    zip_code: '28801',
    age_groups: ['Adolescents'],
    gender_specific: 'Girls-only',
    setting: 'Residential',
    capacity: 14,
    avg_length: '45-60 days',
    modalities: ['ERP', 'Family Therapy'],
    insurance: ['Private Pay'],
    accreditations: ['CARF'],
    images: [],
    clinical_approach: 'Exposure and response prevention every day, with parents coached weekly.',
    program_highlights: ['On-site accredited school'],
    team_composition: 'Two psychologists, a child psychiatrist and a teacher.',
    erp_hours_per_week: 15,
    outcome_measure: 'CY-BOCS',
    score_direction: 'fell',
    score_points: 11.5,
    score_change_year: 2025,
    score_change_sample: 48,
    family_accommodation_work: true,
    license_number: 'RTF-4417',
    license_agency: 'North Carolina DHHS',
    parent_contact_policy: 'Daily phone calls after the first week.',
    schooling: 'An accredited school on site, year round.',
  };
}

const OUTCOME = scoreChangeText({ direction: 'fell', points: 11.5, year: 2025, sampleSize: 48 }, 'CY-BOCS');
const LICENSE = licenseText({ number: 'RTF-4417', agency: 'North Carolina DHHS' }) ?? '';

/** A provider with a profile, and its token. */
async function provider(page: Page, label: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(label);
  const organization = `Preview ${label} Org ${RUN}`;
  await confirmedProvider(page.request, { email, password: PASSWORD, organization, contact: 'Robin Vale' });
  const token = await accessToken(page.request, { email, password: PASSWORD });
  const profile = await page.request.post('/api/providers', {
    headers: { authorization: `Bearer ${token}` },
    data: { organization_name: organization, contact_name: 'Robin Vale', email },
  });
  expect([200, 201]).toContain(profile.status());
  return { email, token };
}

async function createListing(page: Page, token: string, body: Record<string, unknown>): Promise<string> {
  const created = await page.request.post('/api/provider/listings', {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { listing: { id: string } }).listing.id;
}

/** The listing as /admin reads it (`GET /api/admin/listings/:id`): its revision and its published version's. */
async function adminListing(
  page: Page,
  id: string,
): Promise<{ revision: number; publication: { revision: number } | null }> {
  const res = await page.request.get(`/api/admin/listings/${id}`, {
    headers: { authorization: `Bearer ${await accessToken(page.request, ADMIN)}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { listing: { revision: number; publication: { revision: number } | null } })
    .listing;
}

/** An administrator's decision on a pending listing, through the API as /admin sends it (on the version read). */
async function decide(page: Page, id: string, body: Record<string, unknown>): Promise<void> {
  const { revision } = await adminListing(page, id);
  const res = await page.request.patch(`/api/admin/listings/${id}`, {
    headers: { authorization: `Bearer ${await accessToken(page.request, ADMIN)}` },
    data: { ...body, revision },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The page must not scroll sideways. */
async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page wider than the window').toBeLessThanOrEqual(0);
}

test('the preview shows a pending listing as families will see it, outcome and youth-safety facts included', async ({
  page,
}) => {
  test.slow();
  const { token } = await provider(page, 'pending');
  const center = `Birch Lane Teen OCD ${RUN}`;
  const id = await createListing(page, token, listingBody(center));

  await signIn(page, ADMIN, '/admin?tab=listings');
  const card = page.getByRole('article', { name: center });
  const toggle = card.getByRole('button', { name: `Preview as families will see it (${center})` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // Keyboard: focus and Enter open it.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const preview = card.getByRole('region', { name: `Preview of ${center}` });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('heading', { name: center, level: 4 })).toBeVisible();

  const glance = preview.getByRole('region', { name: 'Treatment at a glance' });
  await expect(glance).toContainText('15 hours');
  await expect(glance).toContainText(OUTCOME);
  const youth = preview.getByRole('region', { name: 'For parents of children and teens' });
  await expect(youth).toContainText(LICENSE);
  await expect(youth).toContainText('Daily phone calls after the first week.');
  await expect(youth).toContainText('An accredited school on site, year round.');
  await expect(youth).toContainText('The program has not told us');
  await expect(preview.getByRole('region', { name: 'Clinical Approach' })).toContainText(
    'Exposure and response prevention every day',
  );
  await expect(preview.getByRole('region', { name: 'Program Highlights' })).toContainText(
    'On-site accredited school',
  );
  await expect(preview.getByRole('region', { name: 'Team Composition' })).toContainText(
    'Two psychologists, a child psychiatrist and a teacher.',
  );
  await expect(preview.getByRole('region', { name: 'Quick Facts' })).toContainText('Girls-only');
  // Not verified yet: only the review badge, dated today (the day an approval would stamp).
  await expect(preview.getByRole('link', { name: /^Listing reviewed on / }).first()).toBeVisible();
  await expect(preview.getByRole('link', { name: /^Verified provider/ })).toHaveCount(0);
  // Below it, the files the provider uploaded (none here).
  await expect(preview.getByRole('heading', { name: 'Files the provider uploaded' })).toBeVisible();
  await shot(page, 'preview');
  await expectNoAxeViolations(page);

  await page.setViewportSize(PHONE);
  await expect(glance).toContainText(OUTCOME);
  await expectNoOverflow(page);
  await shot(page, 'preview');
  await expectNoAxeViolations(page);

  // Closing hides it again and keeps the focus on the button.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(preview).toBeHidden();
  await expect(toggle).toBeFocused();

  // Out of the review queue again, so that runs do not pile up pending listings.
  await decide(page, id, { status: 'rejected', reviewer_notes: 'End of the preview test.' });
});

test('a provider’s edit of a published listing: the diff above the decision; unpublish with a reason, republish', async ({
  page,
}) => {
  test.slow();
  const { email, token } = await provider(page, 'edit');
  const center = `Cedar Gap Teen OCD ${RUN}`;
  const body = listingBody(center);
  const id = await createListing(page, token, body);

  // The admin approves it (the API, as /admin does): it has a published version now.
  await decide(page, id, {
    status: 'approved',
    reviewer_notes: null,
    published_program_id: `cedar-gap-${RUN}`,
  });

  // The provider edits it: a pending revision, the published version untouched.
  const edited = await page.request.put(`/api/provider/listings/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { ...body, erp_hours_per_week: 20, schooling: 'Tutoring with the home school, four hours a day.' },
  });
  expect(edited.status(), await edited.text()).toBe(200);

  await signIn(page, ADMIN, '/admin?tab=listings');
  const card = page.getByRole('article', { name: center });
  const changes = card.getByRole('region', { name: 'What changed since the published version' });
  await expect(changes).toBeVisible();
  const table = changes.getByRole('table', { name: '2 fields changed since the published version' });
  const erp = table.getByRole('row', { name: /ERP hours per week/ });
  await expect(erp.getByRole('cell').nth(0)).toHaveText('15 hours per week');
  await expect(erp.getByRole('cell').nth(1)).toHaveText('20 hours per week');
  const schooling = table.getByRole('row', { name: /Schooling/ });
  await expect(schooling.getByRole('cell').nth(0)).toHaveText('An accredited school on site, year round.');
  await expect(schooling.getByRole('cell').nth(1)).toHaveText(
    'Tutoring with the home school, four hours a day.',
  );
  // The diff comes before the decision, and the published version is still on the directory.
  const publication = card.getByRole('region', { name: `Published version of ${center}` });
  await expect(publication).toContainText('On the directory');
  await expect(card.getByRole('button', { name: `Approve ${center}` })).toBeVisible();
  const order = await card.evaluate((el) => {
    const diff = el.querySelector('[data-testid="listing-changes"]');
    const approve = [...el.querySelectorAll('button')].find((b) => b.textContent.startsWith('Approve'));
    return diff && approve ? diff.compareDocumentPosition(approve) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
  });
  expect(order).toBeTruthy();
  await shot(page, 'diff');
  await expectNoAxeViolations(page);

  await page.setViewportSize(PHONE);
  await expect(table).toBeVisible();
  await expectNoOverflow(page);
  await shot(page, 'diff');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Unpublish: a reason is required (beside the field); then the version is taken down.
  await publication.getByRole('button', { name: `Unpublish ${center}` }).click();
  const reason = publication.getByLabel('Reason (required)');
  await expect(reason).toBeFocused();
  await reason.fill('   ');
  await publication.getByRole('button', { name: 'Confirm unpublishing' }).click();
  await expect(
    publication.getByText('Please give the reason: the provider reads it and gets it by e-mail.'),
  ).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  const why = 'The state license number could not be confirmed with the agency.';
  await reason.fill(why);
  await publication.getByRole('button', { name: 'Confirm unpublishing' }).click();
  await expect(page.getByText('Listing Unpublished')).toBeVisible();
  await expect(publication).toContainText('Unpublished');
  await expect(publication.getByTestId('publication-reason')).toHaveText(why);
  await expect(publication.getByRole('button', { name: `Republish ${center}` })).toBeVisible();
  const mail = await latestMail(page.request, email, /was unpublished$/);
  expect(mail.text).toContain(why);

  await publication.getByRole('button', { name: `Republish ${center}` }).click();
  await publication.getByRole('button', { name: 'Confirm republishing' }).click();
  await expect(page.getByText('Listing Republished')).toBeVisible();
  await expect(publication).toContainText('On the directory');
  await expect(publication.getByRole('button', { name: `Unpublish ${center}` })).toBeVisible();

  // Leave nothing of this run on the directory or in the review queue.
  const admin = { authorization: `Bearer ${await accessToken(page.request, ADMIN)}` };
  const down = await page.request.post(`/api/admin/listings/${id}/publication`, {
    headers: admin,
    data: {
      action: 'unpublish',
      reason: 'End of the preview test.',
      revision: (await adminListing(page, id)).publication?.revision,
    },
  });
  expect(down.status(), await down.text()).toBe(200);
  await decide(page, id, { status: 'rejected', reviewer_notes: 'End of the preview test.' });
});
