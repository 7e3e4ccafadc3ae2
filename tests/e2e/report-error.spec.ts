/**
 * "Report an error" end to end through `npm start`: a family reports a factual problem
 * on a program's page whose listing belongs to a provider → the report is in /admin's Reports tab
 * (program, e-mail) where an administrator marks it resolved with a note → the provider's
 * dashboard shows it under "Reports from families", resolved, with the note. The dialog's
 * problems are said beside their fields, what was typed stays, focus goes back to the button.
 * axe on the dialog open, with errors and sent, at desktop and phone sizes; no CSP violation.
 * The Reports tab loads one page at a time: "Show more reports" appends the next (each report
 * once), busy while it loads, focus on the first report added; a failed page keeps what is shown.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { REPORT_MESSAGES as M, type AdminReport } from '../../src/api/contracts/reports.ts';
import {
  confirmedProvider,
  expectNoAxeViolations,
  failOnCspViolations,
  fileDatabase,
  PHONE,
  quietEngagement,
  RUN,
  signIn,
  uniqueEmails,
} from './helpers.ts';

const PASSWORD = 'provider-pass-1';
const ADMIN = { email: 'admin@example.org', password: 'admin-demo-1' };
/** A program of content/programs no other spec uses; the first test publishes a listing as it. */
const LISTED = { id: 'gulfview-ocd-stabilization', path: '/program/gulfview-ocd-stabilization' };
/** A program file without a listing: only the site team reads its reports. */
const FILE_ONLY = '/program/juniper-trail-young-adult-ocd';

const uniqueEmail = uniqueEmails('report');
const sql = fileDatabase();

failOnCspViolations();

async function openReportDialog(page: Page): Promise<Locator> {
  const button = page.getByRole('button', { name: M.button });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  const dialog = page.getByRole('dialog', { name: M.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(M.whatLabel)).toBeFocused();
  return dialog;
}

/** The dialog's states, each checked with axe: open, refused (messages beside the fields), sent. */
async function reportThroughDialog(page: Page, text: string, email: string, thanks: string): Promise<void> {
  const dialog = await openReportDialog(page);
  await expect(dialog.getByText(M.whatHint)).toBeVisible();
  await expectNoAxeViolations(page);

  // Nothing written: the message beside the field, once, and the field is focused.
  await dialog.getByRole('button', { name: M.send }).click();
  const what = dialog.getByLabel(M.whatLabel);
  await expect(what).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(M.whatMissing)).toHaveCount(1);
  await expect(what).toBeFocused();

  // Too short, and an address that is not one: both said, each beside its field; nothing is lost.
  await what.fill('Wrong');
  await dialog.getByLabel(/Your email/).fill('not-an-address');
  await dialog.getByRole('button', { name: M.send }).click();
  await expect(dialog.getByText(M.whatTooShort)).toBeVisible();
  await expect(dialog.getByText(M.emailInvalid)).toBeVisible();
  await expect(what).toHaveValue('Wrong');
  await expect(dialog.getByLabel(/Your email/)).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await what.fill(text);
  await dialog.getByLabel(/Your email/).fill(email);
  await dialog.getByRole('button', { name: M.send }).click();
  await expect(dialog.getByRole('status')).toContainText(thanks);
  await expect(dialog.getByText(M.whatMissing)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await dialog.getByRole('button', { name: M.close }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: M.button })).toBeFocused();
}

test('a family reports an error on a profile → /admin Reports (resolved with a note) → the provider’s dashboard', async ({
  page,
  browser,
}) => {
  // Three browsers, a sign-up and six axe runs: allow three times the default.
  test.slow();
  const providerEmail = uniqueEmail('provider');
  const organization = `Gulfview Provider ${RUN}`;
  await confirmedProvider(page.request, {
    email: providerEmail,
    password: PASSWORD,
    organization,
    contact: 'Jordan Lee',
  });
  await signIn(page, { email: providerEmail, password: PASSWORD }, '/provider-dashboard');
  await expect(page.getByTestId('organization')).toHaveText(organization);
  const card = page.getByTestId('provider-reports');
  await expect(card.getByRole('heading', { name: M.providerTitle })).toBeVisible();
  await expect(card.getByText(M.providerEmpty)).toBeVisible();

  // Publishing is the administrators' decision: here the database plays the administrator, and
  // publishes the provider's listing as a program that has a page (an approved listing must be
  // complete: migration 20261125000300).
  await sql`delete from provider_listings where published_program_id = ${LISTED.id}`;
  await sql`
    insert into provider_listings (provider_id, center_name, description, phone, status, published_program_id,
      address, city, state, zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance)
    select p.id, 'Gulfview OCD Stabilization', 'Residential OCD care', '(555) 010-0112', 'approved', ${LISTED.id},
      '1 Gulfview Road', 'Tampa', 'FL', '33601', ${['Adults']}, 'Co-ed', 'Residential', '30-60 days',
      ${['ERP']}, ${['Private Pay']}
    from providers p join auth.users u on u.id = p.user_id where u.email = ${providerEmail}`;

  // A family, signed out in its own browser, reports from the program's page.
  const family = await browser.newContext();
  const familyPage = await family.newPage();
  await quietEngagement(familyPage);
  const text = `The admissions phone number on this page no longer works (${RUN}).`;
  const familyEmail = uniqueEmail('family');
  await familyPage.goto(LISTED.path);
  await reportThroughDialog(familyPage, text, familyEmail, M.thanks);
  await family.close();

  // The administrator finds it among the open reports, with the program's page and the address.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, ADMIN, '/admin?tab=reports');
  await expect(adminPage.getByRole('tab', { name: 'Reports', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const report = adminPage.getByRole('article').filter({ hasText: text });
  await expect(report).toBeVisible();
  await expect(report.getByRole('link', { name: /Gulfview/ })).toHaveAttribute('href', LISTED.path);
  await expect(report.getByRole('link', { name: familyEmail })).toHaveAttribute(
    'href',
    `mailto:${familyEmail}`,
  );
  await expect(report.getByText(organization)).toBeVisible();
  await expectNoAxeViolations(adminPage);
  await report.getByRole('button', { name: new RegExp(`^${M.resolve}`) }).click();
  await report
    .getByLabel(M.noteLabel)
    .fill('The program confirmed the new number; the listing is being corrected.');
  await report.getByRole('button', { name: M.resolveConfirm, exact: true }).click();
  await expect(report.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(report).toBeFocused();
  await expectNoAxeViolations(adminPage);
  // Readable on a phone: no sideways scrolling, still accessible.
  await adminPage.setViewportSize(PHONE);
  await expect(report).toBeVisible();
  expect(
    await adminPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(adminPage);
  await admin.close();

  // The provider sees it on the dashboard, resolved, with the site team's note; never the address.
  await page.reload();
  await expect(card.getByText(text)).toBeVisible();
  await expect(card.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(card.getByText(/The program confirmed the new number/)).toBeVisible();
  await expect(card).not.toContainText(familyEmail);
  await expectNoAxeViolations(page);
});

test('at phone size: the dialog works, is accessible in each state, and a program without a provider says who reads it', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await quietEngagement(page);
  await page.goto(FILE_ONLY);
  await reportThroughDialog(
    page,
    `The insurance list on this page is out of date (${RUN}).`,
    uniqueEmail('phone'),
    M.thanksSiteTeamOnly,
  );
  // No sideways scrolling with the dialog open.
  await openReportDialog(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: M.title })).toBeHidden();
});

test('an unknown program is refused with a clear message, in the dialog, without losing what was typed', async ({
  page,
}) => {
  await quietEngagement(page);
  // The page is real; the API is told about a program it does not list (as if it was taken down
  // since the page was built).
  await page.route('**/api/reports', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, program_id: `no-such-program-${RUN}` }) });
  });
  await page.goto(FILE_ONLY);
  const dialog = await openReportDialog(page);
  const text = `The age groups on this page are wrong (${RUN}).`;
  await dialog.getByLabel(M.whatLabel).fill(text);
  await dialog.getByRole('button', { name: M.send }).click();
  await expect(dialog.getByRole('alert')).toHaveText(M.unknownProgram);
  await expect(dialog.getByLabel(M.whatLabel)).toHaveValue(text);
  await expectNoAxeViolations(page);
});

/** A report as `GET /api/admin/reports` answers it: `n` names it ("Report n" in what is wrong). */
function adminReport(n: number): AdminReport {
  return {
    id: `e2e-page-report-${String(n)}`,
    program_id: LISTED.id,
    what: `Report ${String(n)}: the phone number on this page is out of date.`,
    email: null,
    created_at: '2026-03-02T10:00:00.000Z',
    status: 'open',
    resolved_at: null,
    resolution_note: null,
    revision: n,
    program: { id: LISTED.id, name: 'Gulfview OCD Stabilization', path: LISTED.path },
    listing: null,
    provider: null,
    reports_not_stored: 0,
  };
}

test('/admin Reports shows the first page at once; "Show more reports" appends the next, each report once', async ({
  page,
}) => {
  test.slow();
  // The API is played here: a first page of 50 (reports 1–50) with another after it. Report 1 is
  // resolved on the page, so the open list moves up a place and the next page starts at 49: it
  // holds report 50 again (shown once) and 51–52, and is answered once the test has seen the
  // button busy. Later next pages fail.
  const first = Array.from({ length: 50 }, (_, i) => adminReport(i + 1));
  const second = [adminReport(50), adminReport(51), adminReport(52)];
  const asked: string[] = [];
  let answerSecond = (): void => undefined;
  const secondAsked = new Promise<void>((resolve) => {
    answerSecond = resolve;
  });
  let nextPages = 0;
  await page.route(
    (url) => url.pathname === '/api/admin/reports',
    async (route) => {
      const url = new URL(route.request().url());
      asked.push(url.search);
      if (url.searchParams.get('offset') === '0')
        return route.fulfill({ json: { reports: first, next_offset: 50 } });
      if (++nextPages > 1) return route.fulfill({ status: 500, json: {} });
      await secondAsked;
      return route.fulfill({ json: { reports: second, next_offset: null } });
    },
  );
  await page.route(
    (url) => url.pathname === `/api/admin/reports/${adminReport(1).id}`,
    (route) =>
      route.fulfill({
        json: {
          report: {
            ...adminReport(1),
            status: 'resolved',
            resolved_at: '2026-03-03T10:00:00.000Z',
            revision: 100,
          },
        },
      }),
  );
  await signIn(page, ADMIN, '/admin?tab=reports');
  const panel = page.getByRole('tabpanel');
  const reports = panel.getByRole('article');
  const more = panel.getByRole('button', { name: M.adminShowMore });
  await expect(reports).toHaveCount(50);
  await expect(panel.getByRole('status')).toHaveText(`50 ${M.adminShown.many}`);
  await expect(more).toBeVisible();
  expect(asked).toEqual(['?status=open&offset=0']);
  await expectNoAxeViolations(page);

  const resolved = reports.filter({ hasText: 'Report 1:' });
  await resolved.getByRole('button', { name: new RegExp(`^${M.resolve}`) }).click();
  await resolved.getByRole('button', { name: M.resolveConfirm, exact: true }).click();
  await expect(resolved.getByText('Resolved', { exact: true })).toBeVisible();

  // From the keyboard: busy (disabled, "Loading…") until the page comes.
  await more.focus();
  await page.keyboard.press('Enter');
  const busy = panel.getByRole('button', { name: M.adminLoadingMore });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  answerSecond();
  await expect(reports).toHaveCount(52);
  await expect(reports.filter({ hasText: 'Report 50:' })).toHaveCount(1);
  await expect(panel.getByRole('status')).toHaveText('52 reports');
  await expect(panel.getByRole('button', { name: M.adminShowMore })).toHaveCount(0);
  // The focus is on the first report added, not lost at the top of the page.
  await expect(reports.filter({ hasText: 'Report 51:' })).toBeFocused();
  expect(asked).toEqual(['?status=open&offset=0', '?status=open&offset=49']);
  await expectNoAxeViolations(page);

  // Another filter starts again from the first page; a next page that fails says so in a toast
  // and keeps the reports shown, the button ready to try again.
  await panel.getByLabel('Show').selectOption('');
  await expect(reports).toHaveCount(50);
  expect(asked.at(-1)).toBe('?offset=0');
  await more.click();
  await expect(page.locator('#toast-region-alert')).toContainText(M.adminLoadFailed);
  await expect(reports).toHaveCount(50);
  await expect(more).toBeEnabled();
  expect(asked.at(-1)).toBe('?offset=50');
});
