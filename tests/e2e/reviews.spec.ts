/**
 * Reviews and ratings families can trust, end to end through `npm start`:
 *
 * - a family signs in, sends a request to a program from its page, and writes a 5-star review
 *   there (desktop): the form says each problem once beside its field and loses nothing, and
 *   after sending says the review is checked against the policy;
 * - another family, signed out on a phone, is sent to sign in and back to the open form, and
 *   writes a 1-star review;
 * - the administrator sees both in /admin's Reviews tab (the flags, the verified-contact marker)
 *   and publishes both the same way (a rejection needs a rule of the policy);
 * - the provider of the program's live listing responds to the 1-star review from its dashboard;
 *   the administrator publishes the response;
 * - a visitor reports the 5-star review (a reason is required); the report reaches the queue,
 *   where the administrator keeps the review published;
 * - after the rebuild the program's page (its HTML, then in the browser) shows both reviews, the
 *   5-star one with "Sent a request through this site", the response, and the new count and
 *   average.
 *
 * axe on the review form (open, with errors), the list (with a report form open) and the admin
 * queue, at 1280 and 390 px; no sideways scrolling on a phone; no CSP violation.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { REVIEW_MESSAGES as M } from '../../src/api/contracts/reviews.ts';
import { ratingSummary, ratingText, REVIEW_MARKERS } from '../../src/lib/reviews.ts';
import {
  confirmedAccount,
  confirmedProvider,
  expectNoAxeViolations,
  failOnCspViolations,
  fileDatabase,
  PHONE,
  quietEngagement,
  RUN,
  signIn,
  submitSignIn,
  uniqueEmails,
  waitUntilPublished,
} from './helpers.ts';

const ADMIN = { email: 'admin@example.org', password: 'admin-demo-1' };
const PASSWORD = 'reviews-pass-1';
const DESKTOP = { width: 1280, height: 900 } as const;
/** A program file no other spec uses and the seed gives no sample review; its provider is this spec's. */
const PROGRAM = { id: 'prairie-light-ocd-center', path: '/program/prairie-light-ocd-center' };
/** A rebuild under load takes a while; the site keeps serving the previous build meanwhile. */
const REBUILD_TIMEOUT = 480_000;

const FIVE = {
  title: `ERP that worked for our son ${RUN}`,
  body: 'The team explained every exposure to us and called every Friday with honest updates.',
  name: 'Maria G.',
};
const ONE = {
  title: `Nobody called us back ${RUN}`,
  body: 'We waited three weeks for an answer about the admission date and gave up.',
  name: 'A parent',
};
const RESPONSE = `We are sorry we missed your calls. Please ask for our admissions director (${RUN}).`;
const REPORT_REASON = `It describes the staff in a way that could identify them (${RUN}).`;

const uniqueEmail = uniqueEmails('reviews');
const sql = fileDatabase();

failOnCspViolations();
// The test's own timeout is long (it waits for rebuilds); a stuck click should still fail fast.
test.use({ actionTimeout: 20_000 });

/** No sideways scrolling at the page's current width. */
async function expectNoOverflow(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** The profile's Reviews section, hydrated (an island that wakes when it comes into view). */
async function reviewsSection(page: Page) {
  const section = page.getByRole('region', { name: 'Reviews', exact: true });
  await section.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const island = document.querySelector('[data-program-reviews]')?.closest('astro-island');
    return island !== null && island !== undefined && !island.hasAttribute('ssr');
  });
  return section;
}

/** Clicks the nth star, as a person does (the radio itself is visually hidden inside it). */
async function chooseStars(form: Locator, stars: number): Promise<void> {
  const name = `${String(stars)} out of 5 stars`;
  const radio = form.getByRole('radio', { name });
  await form.locator('label').filter({ hasText: name }).click();
  await expect(radio).toBeChecked();
}

/** A new browser context at `size`, with engagement posts answered locally. */
async function newPage(browser: Browser, size: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await quietEngagement(page);
  return page;
}

test('a family reviews after a request, the admin publishes 5 and 1 stars alike, the provider responds, a report reaches the queue, and the rebuilt page shows it all', async ({
  browser,
}) => {
  test.setTimeout(REBUILD_TIMEOUT + 300_000);

  // The program's provider: a provider account whose listing is published as this program (the
  // database plays the administrator, as in report-error.spec.ts; the file keeps its page).
  const providerEmail = uniqueEmail('provider');
  const organization = `Prairie Light Provider ${RUN}`;
  await confirmedProvider((await browser.newContext()).request, {
    email: providerEmail,
    password: PASSWORD,
    organization,
    contact: 'Robin Hale',
  });
  const provider = await newPage(browser, DESKTOP);
  await signIn(provider, { email: providerEmail, password: PASSWORD }, '/provider-dashboard');
  await expect(provider.getByTestId('organization')).toHaveText(organization);
  await sql`delete from provider_listings where published_program_id = ${PROGRAM.id}`;
  await sql`
    insert into provider_listings (provider_id, center_name, description, phone, status, published_program_id,
      address, city, state, zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance)
    select p.id, 'Prairie Light OCD & Anxiety Center', 'Residential OCD care', '(555) 010-0110', 'approved',
      ${PROGRAM.id}, '1 Prairie Road', 'Omaha', 'NE', '68102', ${['Adults']}, 'Co-ed', 'Residential',
      '30-60 days', ${['ERP']}, ${['Private Pay']}
    from providers p join auth.users u on u.id = p.user_id where u.email = ${providerEmail}`;
  const cards = provider.getByTestId('provider-reviews');
  await provider.reload();
  await expect(cards.getByRole('heading', { name: M.providerTitle })).toBeVisible();

  // What the program's rating is before this run, so the new count and average can be checked.
  const before = await sql<{ rating: number }[]>`
    select rating from program_reviews where program_id = ${PROGRAM.id} and status = 'published'`;
  const expected = ratingText(
    ratingSummary([...before.map((r) => r.rating), 5, 1]).rating,
    before.length + 2,
  );

  // ---- A family sends a request, then writes a 5-star review (desktop) ----
  const familyEmail = uniqueEmail('family');
  await confirmedAccount((await browser.newContext()).request, { email: familyEmail, password: PASSWORD });
  const family = await newPage(browser, DESKTOP);
  await signIn(family, { email: familyEmail, password: PASSWORD }, PROGRAM.path);
  await family.getByRole('button', { name: 'Request Info' }).first().click();
  const dialog = family.getByRole('dialog', { name: 'Request Information' });
  await dialog.getByLabel(/Your name/).fill('Maria Garcia');
  await dialog.getByLabel(/Your email/).fill(familyEmail);
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await sql`select 1 from provider_inquiries where email = ${familyEmail}`).length)
    .toBe(1);

  let section = await reviewsSection(family);
  await section.getByRole('button', { name: M.formTitle }).click();
  const form = family.locator('form[data-review-form]');
  await expect(
    form.getByRole('heading', { name: `${M.formTitle}: Prairie Light OCD & Anxiety Center` }),
  ).toBeFocused();
  await expect(form.getByText(M.reminder)).toBeVisible();
  await expectNoAxeViolations(family);

  // A title, nothing else: each missing answer said once beside its field, the title kept.
  await form.getByLabel(M.titleLabel).fill(FIVE.title);
  await form.getByRole('button', { name: M.submit }).click();
  await expect(form.getByText(M.ratingMissing)).toHaveCount(1);
  await expect(form.getByText(M.bodyMissing)).toHaveCount(1);
  await expect(form.getByText(M.relationshipMissing)).toHaveCount(1);
  await expect(form.getByText(M.nameChoiceMissing)).toHaveCount(1);
  await expect(form.getByText(M.connectedMissing)).toHaveCount(1);
  await expect(form.getByRole('radio', { name: '1 out of 5 stars' })).toBeFocused();
  await expect(form.getByLabel(M.titleLabel)).toHaveValue(FIVE.title);
  await expectNoAxeViolations(family);

  await chooseStars(form, 5);
  await form.getByLabel(M.bodyLabel).fill(FIVE.body);
  await form.getByRole('radio', { name: 'Parent or guardian of a former resident' }).check();
  await form.getByLabel(M.stayYearLabel).fill('1850');
  await form.getByRole('radio', { name: M.nameInitialOption }).check();
  await form.getByLabel(M.firstNameLabel, { exact: true }).fill('maria');
  await form.getByLabel(M.lastInitialLabel, { exact: true }).fill('g');
  await expect(form.getByText(`Your review will be shown as ${FIVE.name}.`)).toBeVisible();
  await form.getByRole('radio', { name: M.connectedNo, exact: true }).check();
  await form.getByRole('button', { name: M.submit }).click();
  await expect(
    form.getByText(`Enter a year from 1990 to ${String(new Date().getUTCFullYear())}.`),
  ).toBeVisible();
  await expect(form.getByLabel(M.stayYearLabel)).toBeFocused();
  await expect(form.getByText(M.ratingMissing)).toHaveCount(0);
  await form.getByLabel(M.stayYearLabel).fill('2024');
  await form.getByRole('button', { name: M.submit }).click();
  const thanks = section.getByRole('status').filter({ hasText: M.submittedTitle });
  await expect(thanks).toContainText(M.submitted);
  await expect(thanks.getByRole('link', { name: 'Read our review policy' })).toHaveAttribute(
    'href',
    '/review-policy',
  );
  await expect(thanks).toBeFocused();
  const own = section.locator('[data-own-review]');
  await expect(own).toContainText(M.statusPending);
  await expect(own).toContainText(FIVE.title);
  await expectNoAxeViolations(family);

  // ---- Another family, signed out on a phone: sign in and back, then a 1-star review ----
  const phoneEmail = uniqueEmail('phone');
  await confirmedAccount((await browser.newContext()).request, { email: phoneEmail, password: PASSWORD });
  const phone = await newPage(browser, PHONE);
  await phone.goto(PROGRAM.path);
  section = await reviewsSection(phone);
  await expect(section.getByText(M.signInToReview)).toBeVisible();
  await section.getByRole('link', { name: M.formTitle }).click();
  await expect(phone).toHaveURL(/\/auth\?next=/);
  await submitSignIn(phone, { email: phoneEmail, password: PASSWORD });
  await expect(phone).toHaveURL(`${PROGRAM.path}#write-a-review`);
  const phoneForm = phone.locator('form[data-review-form]');
  await expect(phoneForm).toBeVisible();
  await expectNoOverflow(phone);
  await expectNoAxeViolations(phone);
  await chooseStars(phoneForm, 1);
  await phoneForm.getByLabel(M.titleLabel).fill(ONE.title);
  await phoneForm.getByLabel(M.bodyLabel).fill(ONE.body);
  await phoneForm.getByRole('radio', { name: 'Contacted admissions only' }).check();
  // No stay, so no year to give.
  await expect(phoneForm.getByLabel(M.stayYearLabel)).toHaveCount(0);
  await phoneForm.getByRole('radio', { name: M.nameParentOption, exact: true }).check();
  await phoneForm.getByRole('radio', { name: M.connectedNo, exact: true }).check();
  await phoneForm.getByRole('button', { name: M.submit }).click();
  await expect(phone.getByRole('status').filter({ hasText: M.submittedTitle })).toContainText(M.submitted);
  await expectNoOverflow(phone);

  // ---- The administrator publishes both the same way ----
  const admin = await newPage(browser, DESKTOP);
  await signIn(admin, ADMIN, '/admin?tab=reviews');
  const five = admin.getByRole('article', { name: `“${FIVE.title}” by ${FIVE.name}` });
  const one = admin.getByRole('article', { name: `“${ONE.title}” by ${ONE.name}` });
  await expect(five).toContainText(M.verifiedContact);
  await expect(five).toContainText(FIVE.body);
  await expect(five).toContainText('5 out of 5 stars');
  await expect(one).toContainText(M.noVerifiedContact);
  await expect(one).toContainText('1 out of 5 stars');
  await expect(one).toContainText('None found');
  await expectNoAxeViolations(admin);
  // A rejection needs a rule of the policy: said beside the choice.
  await one.getByRole('button', { name: new RegExp(`^${M.reject}`) }).click();
  await one.getByRole('button', { name: 'Confirm rejection' }).click();
  await expect(one.getByText(M.ruleMissing)).toBeVisible();
  await expect(one.getByLabel(/Rule of the policy it breaks/)).toBeFocused();
  await expectNoAxeViolations(admin);
  await one.getByRole('button', { name: 'Cancel' }).click();
  for (const card of [one, five]) {
    await card.getByRole('button', { name: new RegExp(`^${M.publish} `) }).click();
    await expect(card.getByText(M.statusPublished, { exact: true })).toBeVisible();
  }
  expect(
    (
      await sql<{ status: string; rating: number }[]>`
        select status, rating from program_reviews where program_id = ${PROGRAM.id} and title in (${FIVE.title}, ${ONE.title})
        order by rating`
    ).map((r) => [r.rating, r.status]),
  ).toEqual([
    [1, 'published'],
    [5, 'published'],
  ]);

  // ---- The provider responds to the 1-star review ----
  await provider.reload();
  const toOne = cards.getByRole('article', { name: ONE.title });
  await expect(cards.getByRole('article', { name: FIVE.title })).toContainText(REVIEW_MARKERS.sentRequest);
  await toOne.getByRole('button', { name: new RegExp(`^${M.respond}`) }).click();
  await toOne.getByRole('button', { name: 'Send response' }).click();
  await expect(toOne.getByText(M.responseMissing)).toBeVisible();
  await toOne.getByRole('textbox', { name: M.responseLabel }).fill(RESPONSE);
  await toOne.getByRole('button', { name: 'Send response' }).click();
  await expect(toOne.getByRole('status')).toHaveText(M.responseSubmitted);
  await expect(toOne).toContainText(M.statusPending);
  await expectNoAxeViolations(provider);

  // ---- A visitor reports the 5-star review (the page fetches the newest reviews live) ----
  const visitor = await newPage(browser, PHONE);
  await visitor.goto(PROGRAM.path);
  section = await reviewsSection(visitor);
  const reported = section.getByRole('article', { name: FIVE.title });
  await reported.getByRole('button', { name: `${M.reportButton}: “${FIVE.title}” by ${FIVE.name}` }).click();
  await reported.getByRole('button', { name: M.reportSend }).click();
  await expect(reported.getByText(M.reportReasonMissing)).toBeVisible();
  await expect(reported.getByLabel(M.reportReasonLabel)).toBeFocused();
  await expectNoAxeViolations(visitor);
  await reported.getByLabel(M.reportReasonLabel).fill(REPORT_REASON);
  await reported.getByRole('button', { name: M.reportSend }).click();
  await expect(reported.getByRole('status')).toHaveText(M.reportThanks);
  await expectNoOverflow(visitor);

  // ---- The administrator: the report and the response wait in the queue ----
  await admin.reload();
  await expect(five).toContainText(M.openReports(1));
  await expect(five).toContainText(REPORT_REASON);
  const response = one.getByRole('region', { name: `Response from ${organization}` });
  await expect(response).toContainText(RESPONSE);
  await expectNoAxeViolations(admin);
  await admin.setViewportSize(PHONE);
  await expectNoOverflow(admin);
  await expectNoAxeViolations(admin);
  await admin.setViewportSize(DESKTOP);
  await response.getByRole('button', { name: new RegExp(`^${M.publish} `) }).click();
  await expect(response.getByText(M.statusPublished, { exact: true })).toBeVisible();
  await five.getByRole('button', { name: new RegExp(`^${M.keepPublished} `) }).click();
  await expect(five.getByText(M.openReports(1))).toHaveCount(0);

  // ---- After the rebuild: the page's HTML, then the page ----
  await waitUntilPublished(admin, REBUILD_TIMEOUT);
  const html = await (await admin.request.get(PROGRAM.path)).text();
  for (const words of [FIVE.title, ONE.title, RESPONSE, REVIEW_MARKERS.sentRequest, expected.visible])
    expect(html).toContain(words.replace(/&/g, '&amp;'));

  const reader = await newPage(browser, DESKTOP);
  await reader.goto(PROGRAM.path);
  await expect(reader.getByRole('link', { name: expected.spoken.replace(' from ', ' · ') })).toHaveAttribute(
    'href',
    '#reviews',
  );
  section = await reviewsSection(reader);
  await expect(section).toContainText(expected.visible);
  const fiveOnPage = section.getByRole('article', { name: FIVE.title });
  const oneOnPage = section.getByRole('article', { name: ONE.title });
  await expect(fiveOnPage).toContainText(REVIEW_MARKERS.sentRequest);
  await expect(fiveOnPage).toContainText(
    `${FIVE.name} · Parent or guardian of a former resident · Stay in 2024`,
  );
  await expect(oneOnPage).not.toContainText(REVIEW_MARKERS.sentRequest);
  await expect(oneOnPage).toContainText(`${REVIEW_MARKERS.response}${RESPONSE}`);
  await expect(section.getByRole('link', { name: REVIEW_MARKERS.howReviewsWork })).toHaveAttribute(
    'href',
    '/review-policy',
  );
  await expectNoAxeViolations(reader);
  await reader.setViewportSize(PHONE);
  await expectNoOverflow(reader);

  // This run's reviews go (the next build forgets them), so the program starts the next run as it was.
  await sql`delete from program_reviews where program_id = ${PROGRAM.id} and title in (${FIVE.title}, ${ONE.title})`;
});

test('/review-policy states what is removed and what never is, from the one list, and is linked from the footer', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: REVIEW_MARKERS.howReviewsWork }).click();
  await expect(page).toHaveURL('/review-policy');
  await expect(page.getByRole('heading', { level: 1, name: REVIEW_MARKERS.howReviewsWork })).toBeVisible();
  const removed = page.getByRole('region', { name: 'What we remove' });
  for (const title of [
    'Personal health information',
    'Identifying other people',
    'Threats and harassment',
    'Spam and advertising',
    'Undisclosed conflicts of interest',
  ])
    await expect(removed.getByRole('heading', { name: title })).toBeVisible();
  const kept = page.getByRole('region', { name: 'What we never remove' });
  for (const title of ['A low rating', 'Criticism', 'A complaint'])
    await expect(kept.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.locator('#health-information')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  await expectNoOverflow(page);
  await expectNoAxeViolations(page);
});
