/**
 * A decision is about the version the administrator read: /admin has a pending listing open (a
 * calm description, phone (555) 010-0177); the provider then edits it (phone (555) 010-0666,
 * "Guaranteed cure in 7 days…"). Approving what is on screen is refused: the card says "This
 * listing changed after you opened it — review the new version", shows the new version with what
 * changed since the one read (field, then and now) and keeps the notes typed; confirming again
 * approves the new version, which is what the published snapshot holds. axe on the changed card.
 */
import { expect, test } from '@playwright/test';
import {
  accessToken,
  confirmedAccount,
  expectNoAxeViolations,
  failOnCspViolations,
  fileDatabase,
  openTab,
  RUN,
  signIn,
  uniqueEmails,
} from './helpers.ts';

const ADMIN = { email: 'admin@example.org', password: 'admin-demo-1' };
const PASSWORD = 'provider-pass-1';
const uniqueEmail = uniqueEmails('versions');
const sql = fileDatabase();

failOnCspViolations();

test('a listing edited while the administrator has it open: "changed since you opened it", then the new version is approved', async ({
  page,
  browser,
}) => {
  test.slow();
  const email = uniqueEmail('provider');
  await confirmedAccount(page.request, { email, password: PASSWORD });
  const token = await accessToken(page.request, { email, password: PASSWORD });
  const auth = { authorization: `Bearer ${token}` };
  const profile = await page.request.post('/api/providers', {
    headers: auth,
    data: { organization_name: `Versions ${RUN}`, contact_name: 'Val Moreno', email },
  });
  expect(profile.status()).toBe(201);

  const center = `Quiet Harbor ${RUN}`;
  const calm = {
    center_name: center,
    description: 'A calm residential program for adults with OCD. Daily ERP with a coach.',
    phone: '(555) 010-0177',
    address: '1 Main Street',
    city: 'Belmont',
    state: 'MA',
    zip_code: '02478',
    age_groups: ['Adults'],
    gender_specific: 'Co-ed',
    setting: 'Residential',
    avg_length: '45-60 days',
    modalities: ['ERP'],
    insurance: ['Private Pay'],
  };
  const created = await page.request.post('/api/provider/listings', { headers: auth, data: calm });
  expect(created.status()).toBe(201);
  const { listing } = (await created.json()) as { listing: { id: string } };

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, ADMIN, '/admin');
  await openTab(adminPage, 'Listings');
  const card = adminPage.getByRole('article', { name: center });
  await expect(card).toContainText('(555) 010-0177');

  // The administrator starts the approval and types a note; meanwhile the provider edits.
  await card.getByRole('button', { name: `Approve ${center}` }).click();
  await card.getByLabel(/^Reviewer notes/).fill('Checked the phone number.');
  const unseen = 'Guaranteed cure in 7 days. Call our sales line now.';
  const edited = await page.request.put(`/api/provider/listings/${listing.id}`, {
    headers: auth,
    data: { ...calm, phone: '(555) 010-0666', description: unseen },
  });
  expect(edited.status()).toBe(200);

  await card.getByRole('button', { name: 'Confirm approval' }).click();
  const message = 'This listing changed after you opened it — review the new version.';
  await expect(card.getByRole('alert')).toHaveText(message);
  const changed = card.getByTestId('changed-since-opened');
  await expect(changed.getByRole('heading', { name: 'Changed since you opened it' })).toBeVisible();
  await expect(changed).toContainText(message);
  const phoneRow = changed.getByRole('row', { name: /Admissions phone/ });
  await expect(phoneRow).toContainText('(555) 010-0177');
  await expect(phoneRow).toContainText('(555) 010-0666');
  await expect(changed.getByRole('row', { name: /Description/ })).toContainText(unseen);
  // The card now shows the new version; nothing was published, and the note is still there.
  await expect(card.getByTestId('listing-description')).toHaveText(unseen);
  await expect(card.getByLabel(/^Reviewer notes/)).toHaveValue('Checked the phone number.');
  const [before] = await sql<{ n: number }[]>`
    select count(*)::int as n from listing_publications where listing_id = ${listing.id}`;
  expect(before?.n).toBe(0);
  await expectNoAxeViolations(adminPage);

  // Having read the new version, the administrator approves it.
  await card.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(adminPage.getByText('Listing Approved')).toBeVisible();
  await expect(card.getByTestId('changed-since-opened')).toHaveCount(0);
  await expect(card).toContainText('Approved');
  const [published] = await sql<{ phone: string; revision: number; current: number }[]>`
    select p.snapshot ->> 'phone' as phone, (p.snapshot ->> 'revision')::int as revision, l.revision as current
    from listing_publications p join provider_listings l on l.id = p.listing_id
    where p.listing_id = ${listing.id}`;
  expect(published).toEqual({
    phone: '(555) 010-0666',
    revision: published?.current,
    current: published?.current,
  });
  await admin.close();
});
