import { expect, test, type Page } from '@playwright/test';
import { SITE_TITLE, TEST_PROGRAM_TOKEN } from '../../src/lib/vocabulary.ts';
import { PHONE, expectNoAxeViolations } from './helpers.ts';

const PROFILE = '/program/silver-creek-ranch';
const PROFILE_NAME = 'Silver Creek Ranch for Young Men';
const NO_EMAIL = '/program/magnolia-terrace-ocd';

type Engagement = { program_id: string; event_type: string };

/** Collects engagement posts and answers them like the API does (202). */
async function captureEngagement(page: Page): Promise<Engagement[]> {
  const events: Engagement[] = [];
  await page.route('**/api/engagement', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { events?: Engagement[] };
    events.push(...(body.events ?? []));
    await route.fulfill({ status: 202, body: '' });
  });
  return events;
}

/** Answers POST /api/inquiries like the API does, recording what was sent (tests/e2e/inquiries.spec.ts sends for real). */
async function captureInquiries(page: Page): Promise<Record<string, string>[]> {
  const sent: Record<string, string>[] = [];
  await page.route('**/api/inquiries', async (route) => {
    sent.push(JSON.parse(route.request().postData() ?? '{}') as Record<string, string>);
    await route.fulfill({
      status: 201,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', routed: 'program' }),
    });
  });
  return sent;
}

test('a profile shows every section, structured data and a click-only map link', async ({ page }) => {
  await captureEngagement(page);
  const requested: string[] = [];
  page.on('request', (request) => {
    requested.push(request.url());
  });
  await page.goto(PROFILE);
  await page.waitForLoadState('networkidle');
  const origin = new URL(page.url()).origin;
  const thirdParty = requested.filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
  await expect(page).toHaveTitle(`${PROFILE_NAME} | ${SITE_TITLE}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PROFILE_NAME);
  for (const section of [
    'Overview',
    'Quick Facts',
    'Clinical Approach',
    'Program Highlights',
    'Team Composition',
    'Location & Map',
    'Insurance & Payment',
    'Accreditation & Outcomes',
    'Testimonials',
    'Reviews',
    'Get Information',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section, exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Back to Directory' })).toHaveAttribute('href', '/');
  // The rating of its published reviews (the seed's sample reviews), always with the count.
  await expect(page.getByRole('link', { name: /^Rated \d\.\d out of 5 · \d+ reviews?$/ })).toHaveAttribute(
    'href',
    '#reviews',
  );
  const directions = page.getByRole('link', { name: /^Directions/ });
  await expect(directions).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=91%20Old%20Mill/,
  );
  await expect(directions).toHaveAttribute('target', '_blank');
  const website = page.getByRole('link', { name: /Visit Website/ }).first();
  await expect(website).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(website).toContainText('(opens in a new tab)');

  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const clinic = jsonLd
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((d) => d['@type'] === 'MedicalClinic');
  expect(clinic?.['name']).toBe(PROFILE_NAME);
  expect(clinic).not.toHaveProperty('aggregateRating');
  expect(jsonLd.some((text) => text.includes('BreadcrumbList'))).toBe(true);
  expect(thirdParty).toEqual([]);
});

test('profile buttons are server-rendered and React loads only on first interaction', async ({ page }) => {
  await captureEngagement(page);
  const islandRequests: string[] = [];
  page.on('request', (request) => {
    if (/InquiryActions|react-dom/.test(request.url())) islandRequests.push(request.url());
  });
  await page.goto(PROFILE);
  await page.waitForLoadState('networkidle');
  expect(islandRequests).toEqual([]);
  const button = page.getByRole('button', { name: 'Request Info' }).first();
  await expect(button).toBeVisible();
  // The first click must not be lost while React loads.
  await button.click();
  await expect(page.getByRole('dialog', { name: 'Request Information' })).toBeVisible();
  expect(islandRequests.length).toBeGreaterThan(0);
});

test('a view is recorded on load and Request Info sends the request, with a prefilled e-mail as a second choice', async ({
  page,
}) => {
  const events = await captureEngagement(page);
  const sent = await captureInquiries(page);
  await page.goto(PROFILE);
  await page.getByRole('button', { name: 'Request Info' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Request Information' });
  await dialog.getByLabel(/Your name/).fill('Alex Parent');
  await dialog.getByLabel(/Your email/).fill('not-an-email');
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Invalid Email');
  await expect(dialog.getByRole('alert')).toContainText('Please enter a valid email address.');

  await dialog.getByLabel(/Your email/).fill('alex@example.org');
  const href = (await dialog.getByRole('link', { name: /^Write to/ }).getAttribute('href')) ?? '';
  const url = new URL(href);
  expect(url.protocol).toBe('mailto:');
  expect(decodeURIComponent(url.pathname)).toBe('admissions@silvercreekranch.example.org');
  const params = new URLSearchParams(url.search);
  expect(params.get('subject')).toBe(`Information Request - ${PROFILE_NAME}`);
  const body = params.get('body') ?? '';
  expect(body).toContain('I would like to learn more'); // empty message → default greeting
  expect(body).toContain('Name: Alex Parent');
  expect(body).toContain('Email: alex@example.org');

  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Request Submitted')).toBeVisible();
  expect(sent).toEqual([
    { program_id: 'silver-creek-ranch', type: 'info', name: 'Alex Parent', email: 'alex@example.org' },
  ]);

  // Reopening shows an empty form (reset after sending).
  await page.getByRole('button', { name: 'Request Info' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Request Information' }).getByLabel(/Your name/)).toHaveValue(
    '',
  );

  await expect
    .poll(() => events.map((e) => e.event_type).sort(), { timeout: 6000 })
    .toEqual(['info_request', 'view']);
  expect(events.every((e) => e.program_id === 'silver-creek-ranch')).toBe(true);
});

test('Request a Call validates name, e-mail and phone and offers Call Now', async ({ page }) => {
  await captureEngagement(page);
  const sent = await captureInquiries(page);
  await page.goto(PROFILE);
  await page.getByRole('button', { name: 'Request a Call' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Request a Call' });
  await expect(dialog.getByRole('link', { name: /Call Now/ })).toHaveAttribute('href', 'tel:+15550100103');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    /Missing Required Fields.*Please fill in your name and email address\./,
  );
  await expect(dialog.getByLabel(/Your name/)).toBeFocused();
  await dialog.getByLabel(/Your name/).fill('Sam');
  await dialog.getByLabel(/Your email/).fill('sam@');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Invalid Email');
  await dialog.getByLabel(/Your email/).fill('sam@example.org');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Missing Phone Number');
  await dialog.getByLabel(/Phone/).fill('(555) 010-0000');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog).toBeHidden();
  expect(sent).toEqual([
    {
      program_id: 'silver-creek-ranch',
      type: 'call',
      name: 'Sam',
      email: 'sam@example.org',
      phone: '(555) 010-0000',
    },
  ]);
});

test('a program without an admissions e-mail says so and still takes the request', async ({ page }) => {
  await captureEngagement(page);
  await captureInquiries(page);
  await page.goto(NO_EMAIL);
  await page.getByRole('button', { name: 'Request Info' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Request Information' });
  await expect(dialog.getByText('Email Not Available')).toBeVisible();
  await expect(
    dialog.getByText('Contact information for this program is not currently available'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send Email' })).toBeEnabled();
  await expect(dialog.getByLabel(/Message/)).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('on a phone the contact bar is shown and never covers the page end', async ({ page }) => {
  await captureEngagement(page);
  await page.setViewportSize(PHONE);
  await page.goto(PROFILE);
  const bar = page.getByRole('region', { name: 'Contact this program' });
  await expect(bar).toBeVisible();
  // Calling admissions first, Request Info beside it (the program lists a number).
  await expect(bar.getByRole('link', { name: /^Call admissions, \(555\)/ })).toHaveAttribute('href', /^tel:/);
  for (const name of ['Request Info', 'Request Call'])
    await expect(bar.getByRole('button', { name })).toBeVisible();
  await page.evaluate(() => {
    window.scrollTo(0, document.body.scrollHeight);
  });
  const barBox = await bar.boundingBox();
  const footerBottom = await page.locator('footer').evaluate((el) => el.getBoundingClientRect().bottom);
  expect(barBox).not.toBeNull();
  expect(footerBottom).toBeLessThanOrEqual((barBox?.y ?? 0) + 1);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(bar).toBeHidden();
});

for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
  test(`${String(viewport.width)} px: the admissions number is a call button at the top of the profile`, async ({
    page,
  }) => {
    await captureEngagement(page);
    await page.setViewportSize(viewport);
    await page.goto(PROFILE);
    const call = page
      .locator('main')
      .getByRole('link', { name: /^Call \(555\) 010-\d{4}/ })
      .first();
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute('href', /^tel:\+?1?5550100\d{3}$/);
    // Above the fold, before any scrolling, and Request Info beside it.
    const box = await call.boundingBox();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
    await expect(page.locator('main').getByRole('button', { name: 'Request Info' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('/mclean uses the same profile and never invents a phone number', async ({ page }) => {
  await captureEngagement(page);
  await page.goto('/mclean');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('McLean');
  await expect(
    page.getByRole('link', { name: 'Verified provider, checked on January 20, 2026' }).first(),
  ).toHaveAttribute('href', /^\/how-we-verify#/);
  await expect(
    page.getByRole('link', { name: 'Listing reviewed on November 2, 2026' }).first(),
  ).toBeVisible();
  await expect(page.locator('a[href^="tel:"]:not([href="tel:988"]):not([href="tel:911"])')).toHaveCount(0);
  await page.getByRole('button', { name: 'Request a Call' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Request a Call' });
  await expect(dialog.getByText('Email Not Available')).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Call Now/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
});

test('the test program page is noindex, bannered and not listed', async ({ page }) => {
  const events = await captureEngagement(page);
  await page.goto(`/${TEST_PROGRAM_TOKEN}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByText('TEST PROGRAM - NOT FOR PRODUCTION USE', { exact: true })).toBeVisible();
  await expect(page.getByText('TEST PROGRAM', { exact: true })).toBeVisible();
  await expect(page.getByText('DO NOT DISPLAY LIVE', { exact: true })).toBeVisible();
  for (const name of ['Test Call Request', 'Test Info Request', 'Request Information', 'Request Call Back']) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /Test Website/ })).toHaveAttribute('target', '_blank');
  await expect(page.getByText('test-program-001').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await expect.poll(() => events.map((e) => e.event_type), { timeout: 6000 }).toContain('view');

  const home = await page.request.get('/');
  expect(await home.text()).not.toContain(TEST_PROGRAM_TOKEN);
});

test('the program-not-found page leads back to the directory', async ({ page }) => {
  await page.goto('/program-not-found');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Program Not Found');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByRole('link', { name: 'Return to Directory' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a profile has no accessibility violations (dialog open too)', async ({ page }) => {
  await captureEngagement(page);
  await page.goto(PROFILE);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Request a Call' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Request a Call' })).toBeVisible();
  await expectNoAxeViolations(page);
});
