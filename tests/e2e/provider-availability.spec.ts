/**
 * Choosing facts and availability in the provider dashboard, end to end through `npm start`:
 * the builder's Treatment and
 * Youth safety fields survive Save Draft and a reload, are stored on submit and come back in the
 * builder; a listing's availability is stated from its card, confirmed with "Still accurate"
 * (the date moves to today) and, once older than 30 days, shows "Not confirmed since <date>"
 * until it is confirmed, without the listing going back to review. axe on every new state.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  fillWhatApprovalNeeds,
  confirmedProvider,
  expectNoAxeViolations,
  failOnCspViolations,
  fileDatabase,
  PHONE,
  RUN,
  screenshots,
  signIn,
  uniqueEmails,
} from './helpers.ts';

const shot = screenshots(process.env['DASHBOARD_SCREENSHOTS']);
const PASSWORD = 'provider-pass-1';

const uniqueEmail = uniqueEmails('avail');

const sql = fileDatabase();

failOnCspViolations();

/** "November 22, 2026" for a time, on this computer's calendar (the browser's, in these runs). */
const longDay = (time: Date) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(time);

/** A new confirmed provider of `organization`, signed in on the dashboard's Listings tab; its e-mail. */
async function newProviderAtListings(page: Page, label: string, organization: string): Promise<string> {
  const email = uniqueEmail(label);
  await confirmedProvider(page.request, { email, password: PASSWORD, organization, contact: 'Sam Rivera' });
  await signIn(page, { email, password: PASSWORD }, '/provider-dashboard?tab=listings');
  await expect(page.getByRole('heading', { name: 'Your listings' })).toBeVisible();
  return email;
}

async function providerId(email: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    select p.id from providers p join auth.users u on u.id = p.user_id where u.email = ${email}`;
  return row?.id ?? '';
}

test('treatment and youth-safety fields: saved in the draft, submitted, and back in the builder', async ({
  page,
}) => {
  test.slow();
  const email = await newProviderAtListings(page, 'builder', `Juniper Ridge ${RUN}`);

  await page.getByLabel(/^Center name/).fill('Juniper Ridge Teen OCD Program');
  await page.getByLabel(/^Description/).fill('Residential ERP for adolescents with OCD.');
  await page.getByLabel(/^Admissions phone/).fill('(555) 010-0177');

  // No minors yet: no Youth safety tab. Ticking Adolescents brings it.
  await expect(page.getByRole('tab', { name: 'Youth safety' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Program' }).click();
  await page.getByLabel('Adolescents (12-17)').check();
  await expect(page.getByRole('tab', { name: 'Youth safety' })).toBeVisible();

  await page.getByRole('tab', { name: 'Treatment' }).click();
  await page.getByLabel(/^ERP hours per week/).fill('81');
  await page.getByLabel(/^From admission to discharge, the median score/).selectOption('fell');
  await expectNoAxeViolations(page);
  await shot(page, 'builder-treatment');
  await page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByRole('tab', { name: /Treatment/ })).toHaveAttribute('aria-selected', 'true');
  const fieldErrors = page.locator('[data-field-error]');
  await expect(
    fieldErrors.filter({ hasText: 'Enter a number from 0 to 80 hours per week, in steps of 0.5' }),
  ).toBeVisible();
  await expect(fieldErrors.filter({ hasText: 'An outcome needs all four answers' }).first()).toBeVisible();
  await expect(page.getByLabel(/^ERP hours per week/)).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await shot(page, 'builder-treatment-errors');

  await page.getByLabel(/^ERP hours per week/).fill('14.5');
  await page.getByLabel(/^Individual therapy sessions per week/).fill('3');
  await page.getByLabel(/^Clinicians with specialized OCD\/ERP training/).fill('75');
  await page.getByLabel(/^Outcome measure/).selectOption('CY-BOCS');
  await page.getByLabel(/^By how many points/).fill('11.5');
  await page.getByLabel(/^Year of the figures/).fill('2025');
  await page.getByLabel(/^Number of patients/).fill('42');
  // The sentence families will read, before anything is sent.
  await expect(page.getByTestId('outcome-preview')).toContainText(
    "Symptoms eased: the median patient's CY-BOCS score fell 11.5 points from admission to discharge (lower scores mean milder OCD; 2025 figures, 42 patients)",
  );
  await page.getByLabel(/^Family sessions per week/).fill('2');
  await page.getByLabel(/^Family accommodation work/).selectOption('yes');

  await page.getByRole('tab', { name: 'Youth safety' }).click();
  await expect(
    page.getByText('Parents of children and adolescents look for these facts first.'),
  ).toBeVisible();
  await page.getByLabel(/^State license number/).fill('RTC-2291');
  await page.getByLabel(/^Licensing agency/).fill('Oregon Department of Human Services');
  await page.getByLabel(/^Restraint and seclusion policy/).fill('No seclusion. No prone restraint.');
  await page.getByLabel(/^Parent contact policy/).fill('Daily phone calls; weekend visits.');
  await page.getByLabel(/^Schooling/).fill('On-site school; accredited credits.');
  await page.getByLabel(/^Transport and escort services/).fill('We do not use escort services.');
  await expectNoAxeViolations(page);
  await shot(page, 'builder-youth');

  // Save Draft and a reload keep every new field.
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Draft Saved', { exact: true })).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Treatment' }).click();
  await expect(page.getByLabel(/^ERP hours per week/)).toHaveValue('14.5');
  await expect(page.getByLabel(/^Outcome measure/)).toHaveValue('CY-BOCS');
  await expect(page.getByLabel(/^From admission to discharge, the median score/)).toHaveValue('fell');
  await expect(page.getByLabel(/^By how many points/)).toHaveValue('11.5');
  await expect(page.getByLabel(/^Family accommodation work/)).toHaveValue('yes');
  await page.getByRole('tab', { name: 'Youth safety' }).click();
  await expect(page.getByLabel(/^Schooling/)).toHaveValue('On-site school; accredited credits.');

  await fillWhatApprovalNeeds(page);
  await page.getByRole('button', { name: 'Submit for Review' }).click();
  await expect(page.getByText('Listing Submitted!')).toBeVisible();
  const [stored] = await sql<Record<string, unknown>[]>`
    select erp_hours_per_week::float8 as erp, individual_sessions_per_week::float8 as sessions,
           specialised_clinicians_percent, outcome_measure, score_direction, score_points::float8 as points,
           score_change_year, score_change_sample, family_sessions_per_week::float8 as family,
           family_accommodation_work, license_number, license_agency, restraint_policy,
           parent_contact_policy, schooling, transport_escort, status
    from provider_listings where provider_id = ${await providerId(email)}`;
  expect(stored).toEqual({
    erp: 14.5,
    sessions: 3,
    specialised_clinicians_percent: 75,
    outcome_measure: 'CY-BOCS',
    score_direction: 'fell',
    points: 11.5,
    score_change_year: 2025,
    score_change_sample: 42,
    family: 2,
    family_accommodation_work: true,
    license_number: 'RTC-2291',
    license_agency: 'Oregon Department of Human Services',
    restraint_policy: 'No seclusion. No prone restraint.',
    parent_contact_policy: 'Daily phone calls; weekend visits.',
    schooling: 'On-site school; accredited credits.',
    transport_escort: 'We do not use escort services.',
    status: 'pending',
  });

  // The builder stays on it, and a reload and Edit bring them back.
  await page.reload();
  await page.getByRole('button', { name: 'Edit Juniper Ridge Teen OCD Program' }).click();
  await page.getByRole('tab', { name: 'Treatment' }).click();
  await expect(page.getByLabel(/^ERP hours per week/)).toHaveValue('14.5');
  await expect(page.getByLabel(/^Number of patients/)).toHaveValue('42');
  await page.getByRole('tab', { name: 'Youth safety' }).click();
  await expect(page.getByLabel(/^State license number/)).toHaveValue('RTC-2291');
});

test('availability: stated, confirmed with "Still accurate", and shown as not confirmed after 30 days', async ({
  page,
}) => {
  test.slow();
  const email = await newProviderAtListings(page, 'card', `Cedar Gate ${RUN}`);
  const provider = await providerId(email);
  const [listing] = await sql<{ id: string }[]>`
    insert into provider_listings (provider_id, center_name, description, phone, status)
    values (${provider}, 'Cedar Gate Residence', 'Residential ERP.', '555-010-0188', 'pending') returning id`;
  const listingId = listing?.id ?? '';
  await page.reload();

  const item = page.getByTestId('listings').getByRole('listitem').filter({ hasText: 'Cedar Gate Residence' });
  const card = item.getByTestId('availability');
  const state = card.getByTestId('availability-state');
  await expect(state).toHaveText('Availability not confirmed');
  await expect(card.getByRole('button', { name: /Still accurate/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // State it: a wait list of about 3 weeks (a wrong number first).
  await card.getByRole('button', { name: /State availability/ }).click();
  await card.getByLabel('Availability', { exact: true }).selectOption('waitlist');
  await card.getByLabel(/^Expected wait in weeks/).fill('200');
  await card.getByRole('button', { name: 'Save availability' }).click();
  await expect(card.getByText('Weeks on the wait list must be a whole number from 1 to 104.')).toBeVisible();
  await expect(card.getByLabel(/^Expected wait in weeks/)).toBeFocused();
  await expectNoAxeViolations(page);
  await shot(page, 'availability-form');
  await card.getByLabel(/^Expected wait in weeks/).fill('3');
  await card.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText('Availability Saved')).toBeVisible();
  const today = longDay(new Date());
  await expect(state).toHaveText(`Wait list about 3 weeks · Confirmed ${today}`);
  await expectNoAxeViolations(page);

  // 40 days later (the database's trigger dates every write, so it is paused for this one).
  await sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await tx`update listing_availability set confirmed_at = now() - interval '40 days' where listing_id = ${listingId}`;
  });
  const [aged] = await sql<{ confirmed_at: Date }[]>`
    select confirmed_at from listing_availability where listing_id = ${listingId}`;
  await page.reload();
  await expect(state).toHaveText(`Not confirmed since ${longDay(aged?.confirmed_at ?? new Date())}`);
  await expect(card.getByText('Last stated: Wait list about 3 weeks.', { exact: false })).toBeVisible();
  await shot(page, 'availability-stale');
  await expectNoAxeViolations(page);

  // One click: confirmed today, the same wait; the listing is not sent anywhere.
  await card.getByRole('button', { name: /Still accurate/ }).click();
  await expect(page.getByText('Availability Confirmed')).toBeVisible();
  await expect(state).toHaveText(`Wait list about 3 weeks · Confirmed ${today}`);
  await shot(page, 'availability-confirmed');
  await expectNoAxeViolations(page);
  const [row] = await sql<{ status: string; wait_weeks: number; fresh: boolean; listing_status: string }[]>`
    select a.status, a.wait_weeks, a.confirmed_at > now() - interval '5 minutes' as fresh, l.status as listing_status
    from listing_availability a join provider_listings l on l.id = a.listing_id where a.listing_id = ${listingId}`;
  expect(row).toEqual({ status: 'waitlist', wait_weeks: 3, fresh: true, listing_status: 'pending' });

  // Still there after a reload; then changed to open beds.
  await page.reload();
  await expect(state).toHaveText(`Wait list about 3 weeks · Confirmed ${today}`);
  await card.getByRole('button', { name: /Change availability/ }).click();
  await card.getByLabel('Availability', { exact: true }).selectOption('open');
  await expect(card.getByLabel(/^Expected wait in weeks/)).toHaveCount(0);
  await card.getByRole('button', { name: 'Save availability' }).click();
  await expect(state).toHaveText(`Beds open now · Confirmed ${today}`);
  const [open] =
    await sql`select status, wait_weeks from listing_availability where listing_id = ${listingId}`;
  expect(open).toEqual({ status: 'open', wait_weeks: null });

  // On a phone: the card and its form fit and pass axe.
  await page.setViewportSize(PHONE);
  await card.getByRole('button', { name: /Change availability/ }).click();
  await card.getByLabel('Availability', { exact: true }).selectOption('waitlist');
  await expect(card.getByLabel(/^Expected wait in weeks/)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'availability-phone');
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
