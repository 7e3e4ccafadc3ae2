/**
 * Information and call requests end to end through `npm start`: the dialog sends to
 * POST /api/inquiries (row in the database, mail to the program and a confirmation to the
 * family in the outbox), the confirmation's private link opens /request/<token> and follows the
 * program's status changes; the validation messages beside the fields and once in the dialog's
 * alert (no toast); a call request is urgent; the whole journey by keyboard; signed-in prefill;
 * axe on every state.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  fileDatabase,
  mailsTo,
  PHONE,
  quietEngagement,
  RUN,
  screenshots,
  uniqueEmails,
} from './helpers.ts';

const shot = screenshots(process.env['INQUIRY_SCREENSHOTS'], { fullPage: false });

const PROFILE = '/program/silver-creek-ranch';
const PROGRAM_NAME = 'Silver Creek Ranch for Young Men';
const PROGRAM_EMAIL = 'admissions@silvercreekranch.example.org';
const NO_EMAIL = '/program/magnolia-terrace-ocd';

const uniqueEmail = uniqueEmails('inq');

const sql = fileDatabase();

async function openDialog(page: Page, button: 'Request Info' | 'Request a Call') {
  await page.getByRole('button', { name: button }).first().click();
  const dialog = page.getByRole('dialog', {
    name: button === 'Request Info' ? 'Request Information' : 'Request a Call',
  });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('Request Info end to end: stored, mailed to the program and the family, status page follows the program', async ({
  page,
}) => {
  await quietEngagement(page);
  const email = uniqueEmail('info');
  await page.goto(PROFILE);
  const dialog = await openDialog(page, 'Request Info');
  await shot(page, 'dialog-info-empty');
  await dialog.getByLabel(/Your name/).fill('Alex Parent');
  await dialog.getByLabel(/Your email/).fill(email);
  await dialog.getByLabel(/Message/).fill('Do you have space in March?');
  // The e-mail app stays a visible second choice, prefilled with what was typed.
  const mailto = dialog.getByRole('link', { name: `Write to ${PROGRAM_EMAIL}` });
  await expect(mailto).toHaveAttribute(
    'href',
    /^mailto:admissions%40silvercreekranch\.example\.org\?subject=Information%20Request/,
  );
  expect(decodeURIComponent((await mailto.getAttribute('href')) ?? '')).toContain(
    'Do you have space in March?',
  );
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Request Submitted')).toBeVisible();
  await shot(page, 'toast-submitted');

  const rows = await sql<
    { id: string; type: string; urgency: string; status: string; program_id: string; message: string }[]
  >`
    select id, type, urgency, status, program_id, message from provider_inquiries where email = ${email}`;
  expect(rows).toEqual([
    expect.objectContaining({
      type: 'info',
      urgency: 'medium',
      status: 'new',
      program_id: 'silver-creek-ranch',
      message: 'Do you have space in March?',
    }),
  ]);
  const toProgram = (await mailsTo(page.request, PROGRAM_EMAIL)).filter((m) => m.text.includes(email));
  expect(toProgram.map((m) => m.subject)).toEqual([`New information request for ${PROGRAM_NAME}`]);
  const [confirmation] = await mailsTo(page.request, email);
  expect(confirmation?.subject).toBe(`Your information request to ${PROGRAM_NAME}`);
  const link = /(https?:\/\/\S+\/request\/[A-Za-z0-9_-]{43})/.exec(confirmation?.text ?? '')?.[1];
  expect(link).toBeDefined();

  // The private link from the e-mail (its origin is this server's).
  const path = new URL(link ?? '').pathname;
  const thirdParty: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(page.url()).origin) thirdParty.push(request.url());
  });
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Request' })).toBeVisible();
  await expect(page.getByRole('link', { name: PROGRAM_NAME })).toHaveAttribute(
    'href',
    '/program/silver-creek-ranch',
  );
  await expect(page.getByText('Information request')).toBeVisible();
  // Its e-mail reached the program right after the request: Delivered.
  await expect(page.getByTestId('request-status')).toHaveText('Delivered');
  // Its e-mail went out right after the request (the outbox, sent by the handler after the commit).
  await expect(page.getByTestId('request-delivery')).toHaveText(
    new RegExp(`^Delivered to ${PROGRAM_NAME} by email on .+\\.$`),
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  await shot(page, 'status-new');
  await expectNoAxeViolations(page);

  await sql`update provider_inquiries set status = 'contacted' where id = ${rows[0]?.id ?? ''}`;
  await page.reload();
  await expect(page.getByTestId('request-status')).toHaveText('Contacted');
  await expect(page.getByText(/Last updated/)).toBeVisible();
  await shot(page, 'status-contacted');
  await page.setViewportSize(PHONE);
  await shot(page, 'status-contacted-phone');

  // Had every try of the e-mail to the program failed, the page says the site team forwards it.
  await sql`update notifications set sent_at = null, failed_at = now()
            where subject_id = ${rows[0]?.id ?? ''} and kind = 'inquiry'`;
  await page.reload();
  await expect(page.getByTestId('request-delivery')).toHaveText(
    `We could not reach ${PROGRAM_NAME} by email, so our site team has your request and is forwarding it to them. You do not need to send it again.`,
  );
  await shot(page, 'status-forwarding-phone');
  await expectNoAxeViolations(page);
  expect(thirdParty).toEqual([]);
});

test('an unknown status link says so (and /request is not in the sitemap)', async ({ page }) => {
  const res = await page.goto(`/request/${'A'.repeat(43)}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Request Not Found' })).toBeVisible();
  await shot(page, 'status-not-found');
  await expectNoAxeViolations(page);
  const sitemap = await (await page.request.get('/sitemap-0.xml')).text();
  expect(sitemap).not.toContain('/request');
  // The not-found rules of netlify.toml still answer 404.
  expect((await page.request.get('/program/no-such-program')).status()).toBe(404);
});

test('each validation message appears beside its field and once in the alert (no toast), and nothing is sent', async ({
  page,
}) => {
  await quietEngagement(page);
  let posts = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/inquiries')) posts += 1;
  });
  await page.goto(PROFILE);
  const dialog = await openDialog(page, 'Request Info');
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText(/Missing Required Fields.*Please fill in your name and email address\./);
  const name = dialog.getByLabel(/Your name/);
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Please fill in your name and email address.');
  await expect(dialog.getByLabel(/Your email/)).toHaveAccessibleDescription(
    'Please fill in your name and email address.',
  );
  await expect(page.locator('#toast-region-alert > *')).toHaveCount(0);
  await shot(page, 'dialog-missing-fields');
  await expectNoAxeViolations(page);

  await name.fill('Sam');
  await dialog.getByLabel(/Your email/).fill('sam@');
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(alert).toHaveText(/Invalid Email.*Please enter a valid email address\./);
  await expect(dialog.getByLabel(/Your email/)).toBeFocused();
  await expect(dialog.getByLabel(/Your email/)).toHaveAccessibleDescription(
    'Please enter a valid email address.',
  );
  await expect(page.locator('#toast-region-alert > *')).toHaveCount(0);
  await page.setViewportSize(PHONE);
  await shot(page, 'dialog-invalid-email-phone');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 900 });
  const call = await openDialog(page, 'Request a Call');
  await call.getByLabel(/Your name/).fill('Sam');
  await call.getByLabel(/Your email/).fill('sam@example.org');
  await call.getByRole('button', { name: 'Send Request' }).click();
  await expect(call.getByRole('alert')).toHaveText(/Missing Phone Number.*Please add a phone number/);
  await expect(call.getByLabel(/Phone/)).toBeFocused();
  await expect(call.getByLabel(/Phone/)).toHaveAccessibleDescription(
    'Please add a phone number so the program can call you.',
  );
  await expect(page.locator('#toast-region-alert > *')).toHaveCount(0);
  await shot(page, 'dialog-call-missing-phone');
  await expectNoAxeViolations(page);
  expect(posts).toBe(0);
});

test('a call request is stored with urgency high and Call Now is a tel: link', async ({ page }) => {
  await quietEngagement(page);
  const email = uniqueEmail('call');
  await page.goto(PROFILE);
  const dialog = await openDialog(page, 'Request a Call');
  await expect(dialog.getByRole('link', { name: /Call Now/ })).toHaveAttribute('href', 'tel:+15550100103');
  await dialog.getByLabel(/Your name/).fill('Casey Parent');
  await dialog.getByLabel(/Your email/).fill(email);
  await dialog.getByLabel(/Phone/).fill('(555) 010-2299');
  await shot(page, 'dialog-call-filled');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Request Submitted')).toBeVisible();
  const rows = await sql<{ type: string; urgency: string; phone: string }[]>`
    select type, urgency, phone from provider_inquiries where email = ${email}`;
  expect(rows).toEqual([{ type: 'call', urgency: 'high', phone: '(555) 010-2299' }]);
});

test('a program without an admissions email: the dialog says so, offers the phone, and the request is kept for the site team', async ({
  page,
}) => {
  await quietEngagement(page);
  const email = uniqueEmail('noemail');
  await page.goto(NO_EMAIL);
  const dialog = await openDialog(page, 'Request Info');
  await expect(dialog.getByText('Email Not Available')).toBeVisible();
  await expect(dialog.getByText(/our team passes it on/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Call Now/ })).toHaveAttribute('href', /^tel:/);
  await expect(dialog.getByRole('link', { name: /^Write to/ })).toHaveCount(0);
  await shot(page, 'dialog-no-email');
  await expectNoAxeViolations(page);
  await dialog.getByLabel(/Your name/).fill('Robin Parent');
  await dialog.getByLabel(/Your email/).fill(email);
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Our team will pass your request on/)).toBeVisible();
  const rows = await sql<
    { program_id: string }[]
  >`select program_id from provider_inquiries where email = ${email}`;
  expect(rows).toEqual([{ program_id: 'magnolia-terrace-ocd' }]);
});

test('Request Info with the keyboard alone', async ({ page }) => {
  await quietEngagement(page);
  const email = uniqueEmail('keys');
  await page.goto(PROFILE);
  const opener = page.getByRole('button', { name: 'Request Info' }).first();
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await opener.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Request Information' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/Your name/)).toBeFocused();
  await page.keyboard.type('Kim Keyboard');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel(/Your email/)).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel(/Phone/)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel(/Message/)).toBeFocused();
  await page.keyboard.type('Sent without a mouse.');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Send Email' })).toBeFocused();
  await shot(page, 'dialog-keyboard-send');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Request Submitted')).toBeVisible();
  // Focus returns to the button that opened the dialog.
  await expect(opener).toBeFocused();
  const rows = await sql<
    { message: string }[]
  >`select message from provider_inquiries where email = ${email}`;
  expect(rows).toEqual([{ message: 'Sent without a mouse.' }]);
});

test('a signed-in family finds name and email filled in, and the request is linked to the account', async ({
  page,
}) => {
  await quietEngagement(page);
  await page.goto(`/auth?next=${encodeURIComponent(PROFILE)}`);
  await page.getByLabel('Email').fill('family@example.org');
  await page.getByLabel('Password', { exact: true }).fill('family-demo-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${PROFILE}$`));
  const dialog = await openDialog(page, 'Request Info');
  await expect(dialog.getByLabel(/Your name/)).toHaveValue('Demo Family');
  await expect(dialog.getByLabel(/Your email/)).toHaveValue('family@example.org');
  await shot(page, 'dialog-prefilled');
  const marker = `signed-in ${RUN}`;
  await dialog.getByLabel(/Message/).fill(marker);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/inquiries'));
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  const res = await answer;
  // The family's own address has a budget of 5 requests an hour; parallel runs may use it up.
  if (res.status() === 429) {
    await expect(dialog.getByRole('alert')).toContainText('Too Many Attempts');
    return;
  }
  expect(res.status()).toBe(201);
  expect(res.request().headers()['authorization']).toMatch(/^Bearer /);
  await expect(dialog).toBeHidden();
  const rows = await sql<
    { sender_id: string | null }[]
  >`select sender_id from provider_inquiries where message = ${marker}`;
  expect(rows).toEqual([{ sender_id: '33333333-3333-4333-8333-333333333333' }]);
});

test('while sending, the dialog is busy and its buttons wait (axe clean)', async ({ page }) => {
  await quietEngagement(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/inquiries', async (route) => {
    await held;
    await route.fulfill({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '30' },
      body: JSON.stringify({
        error: {
          code: 'rate_limited',
          message: 'Too many requests. Please wait a moment before trying again.',
        },
      }),
    });
  });
  await page.goto(PROFILE);
  const dialog = await openDialog(page, 'Request Info');
  await dialog.getByLabel(/Your name/).fill('Busy Parent');
  await dialog.getByLabel(/Your email/).fill(uniqueEmail('busy'));
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(dialog.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  await expect(dialog.locator('form')).toHaveAttribute('aria-busy', 'true');
  await shot(page, 'dialog-sending');
  await expectNoAxeViolations(page);
  release();
  await expect(dialog.getByRole('alert')).toHaveText(/Too Many Attempts.*Please wait a moment/);
  await expect(dialog.getByLabel(/Your name/)).toHaveValue('Busy Parent');
  await shot(page, 'dialog-rate-limited');
  await expectNoAxeViolations(page);
});
