/**
 * Choosing a program, the directory part (docs/product-rules.md#search-and-filters): the "Near"
 * place and radius with distances
 * on the cards, the distance sort, clear messages for places we cannot find, "Use my location",
 * the filters "Reports outcomes (Y-BOCS)", "ERP ≥ N hours/week" and "Confirmed open in the last
 * 30 days". Throughout, no request leaves the site's origin (places are resolved from the site's
 * own /geo/ shards, the device position stays in the browser).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { availabilityView, type Availability } from '../../src/lib/availability.ts';
import { distanceLabel, milesBetween, type GeoPoint } from '../../src/lib/geo/distance.ts';
import { programCoordinates } from '../../src/lib/geo/program-point.ts';
import { LOCATION_MESSAGES } from '../../src/lib/geo/query.ts';
import { expectNoAxeViolations } from './helpers.ts';

type ContentProgram = {
  name: string;
  point: GeoPoint | null;
  ageGroups: string[];
  availability?: Availability;
};

/** The listed programs of content/programs, with their points computed as the build does. */
const PROGRAMS: ContentProgram[] = readdirSync('content/programs')
  .filter((file) => file.endsWith('.md'))
  .map((file) => {
    const source = readFileSync(join('content/programs', file), 'utf8');
    const data = parse(/^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '') as {
      name: string;
      test?: boolean;
      ageGroups: string[];
      address: { zip: string };
      coordinates?: GeoPoint;
      availability?: Availability;
    };
    return { data, point: programCoordinates(data.address.zip, data.coordinates) };
  })
  .filter(({ data }) => data.test !== true)
  .map(({ data, point }) => ({
    name: data.name,
    point,
    ageGroups: data.ageGroups,
    ...(data.availability ? { availability: data.availability } : {}),
  }));
const CONTENT_NAMES = new Set(PROGRAMS.map((p) => p.name));

/** The visitor's calendar day here (the browser runs on this machine, in its time zone). */
function today(): string {
  const now = new Date();
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const cards = (page: Page) => page.locator('main article');
const nearBox = (page: Page) => page.getByRole('textbox', { name: 'Near' });
const results = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /program/ })
    .first();

/** Card names in order, only those of content files (an approved listing may be published too). */
async function contentCardNames(page: Page): Promise<string[]> {
  const names = await page.locator('main article h3').allInnerTexts();
  return names.map((n) => n.trim()).filter((n) => CONTENT_NAMES.has(n));
}

async function open(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')),
  );
}

// Every request of every test in this file: none may leave the site's origin.
let requested: string[] = [];
test.beforeEach(async ({ page }) => {
  requested = [];
  page.on('request', (request) => {
    requested.push(request.url());
  });
  // Engagement events are not what these tests look at (they are same-origin anyway).
  await page.route('**/api/engagement', (route) => route.fulfill({ status: 202, body: '' }));
});
test.afterEach(({ baseURL }) => {
  const origin = new URL(baseURL ?? 'http://localhost:8888').origin;
  expect(
    requested.filter((url) => !url.startsWith(`${origin}/`)),
    'requests that left the site',
  ).toEqual([]);
});

test('/?near=02478&radius=250 lists only programs within 250 miles, each with its distance, nearest first', async ({
  page,
}) => {
  const origin = programCoordinates('02478');
  expect(origin).not.toBeNull();
  const expected = PROGRAMS.filter((p) => p.point !== null)
    .map((p) => ({ name: p.name, miles: milesBetween(origin as GeoPoint, p.point as GeoPoint) }))
    .filter((p) => p.miles <= 250)
    .sort((a, b) => a.miles - b.miles);
  expect(expected.length).toBeGreaterThanOrEqual(2);
  expect(expected.length).toBeLessThan(PROGRAMS.length);

  await open(page, '/?near=02478&radius=250');
  await expect(results(page)).toHaveText(/programs? found/);
  await expect(nearBox(page)).toHaveValue('02478');
  await expect(page.getByLabel('Within', { exact: true })).toHaveValue('250');
  await expect(page.getByLabel('Sort by')).toHaveValue('distance');
  await expect(page.getByText('Programs within 250 miles of ZIP 02478, nearest first.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove filter: Within 250 mi of ZIP 02478' })).toBeVisible();

  await expect.poll(() => contentCardNames(page)).toEqual(expected.map((p) => p.name));
  for (const { name, miles } of expected) {
    const card = cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card).toContainText(distanceLabel(miles));
  }
  // Every card, listing or file, is within the radius and in distance order.
  const shown = await page
    .locator('main article [data-distance]')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-distance'))));
  expect(shown.length).toBe(await cards(page).count());
  expect(shown.every((miles) => miles <= 250)).toBe(true);
  expect([...shown].sort((a, b) => a - b)).toEqual(shown);
  // The URL stays shareable as it was.
  expect(new URL(page.url()).search).toBe('?near=02478&radius=250');
});

for (const width of [390, 1280]) {
  test(`${String(width)} px: "teen" near ZIP 02478 finds every adolescent program within the distance, with its chips`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const origin = programCoordinates('02478') as GeoPoint;
    const expected = PROGRAMS.filter((p) => p.point !== null && p.ageGroups.includes('Adolescents'))
      .map((p) => ({ name: p.name, miles: milesBetween(origin, p.point as GeoPoint) }))
      .filter((p) => p.miles <= 250)
      .sort((a, b) => a.miles - b.miles)
      .map((p) => p.name);
    expect(expected).toContain('McLean OCD Institute for Children and Adolescents');

    await open(page, '/?near=02478&radius=250');
    const search = page.getByLabel('Search programs');
    await search.fill('teen');
    await search.press('Enter');
    await expect(
      page.getByRole('button', { name: 'Remove filter: Adolescents (from “teen”)' }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Remove filter: Within 250 mi of ZIP 02478' }),
    ).toBeVisible();
    await expect.poll(() => contentCardNames(page)).toEqual(expected);
    await expectNoAxeViolations(page);

    // The text beside the age word is searched for, and has its own chip.
    await search.fill('teen zzzz');
    await search.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove filter: Search: “zzzz”' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove filter: Search: “zzzz”' }).click();
    await expect(search).toHaveValue('teen');
    await expect.poll(() => contentCardNames(page)).toEqual(expected);

    // Removing the age word's chip takes the word out of the search box.
    await page.getByRole('button', { name: 'Remove filter: Adolescents (from “teen”)' }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByRole('button', { name: /^Remove filter: Adolescents/ })).toHaveCount(0);
  });
}

test('without JavaScript, the shared URL still shows the first cards', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/?near=02478&radius=250');
  expect(await page.locator('main article').count()).toBeGreaterThanOrEqual(6);
  await context.close();
});

test('an unknown ZIP code or a malformed place explains itself beside the field', async ({ page }) => {
  await open(page, '/?near=99999&radius=100');
  const note = page.locator(`[id="${(await nearBox(page).getAttribute('aria-describedby')) ?? ''}"]`);
  await expect(note).toHaveText(LOCATION_MESSAGES.unknownZip('99999'));
  await expect(nearBox(page)).toHaveAttribute('aria-invalid', 'true');
  // Never an empty grid without a word: the place is ignored, the other results stay.
  await expect(results(page)).toHaveText(/programs? found/);
  expect(await cards(page).count()).toBeGreaterThan(0);

  await nearBox(page).fill('00000');
  await nearBox(page).press('Enter');
  await expect(note).toHaveText(LOCATION_MESSAGES.unknownZip('00000'));
  await expect(page).toHaveURL(/near=00000/);

  await nearBox(page).fill('123');
  await nearBox(page).press('Enter');
  await expect(note).toHaveText(LOCATION_MESSAGES.malformedZip);
  await expectNoAxeViolations(page);

  await nearBox(page).fill('Belmont');
  await nearBox(page).press('Enter');
  await expect(note).toHaveText(LOCATION_MESSAGES.missingState);
});

test('"City, State" works: Belmont, MA within 50 miles finds McLean', async ({ page }) => {
  await open(page);
  await nearBox(page).fill('Belmont, MA');
  await page.getByLabel('Within', { exact: true }).selectOption('50');
  await expect(page).toHaveURL(/near=Belmont%2C\+MA&radius=50/);
  await expect(page.getByText('Programs within 50 miles of Belmont, MA, nearest first.')).toBeVisible();
  await expect(results(page)).toHaveText(/programs? found/);
  // The city's point, read from the site's own city shard like the island does.
  const shard = (await (await page.request.get('/geo/city/MA/b.json')).json()) as Record<
    string,
    [number, number]
  >;
  const [lat, lng] = shard['belmont'] ?? [NaN, NaN];
  const belmont = { lat, lng };
  const expected = PROGRAMS.filter((p) => p.point !== null && milesBetween(belmont, p.point) <= 50).sort(
    (a, b) => milesBetween(belmont, a.point as GeoPoint) - milesBetween(belmont, b.point as GeoPoint),
  );
  await expect.poll(() => contentCardNames(page)).toEqual(expected.map((p) => p.name));
  expect(expected.map((p) => p.name)).toContain('McLean OCD Institute for Children and Adolescents');
  await expect(cards(page).first()).toContainText(/mi away/);

  // Clearing the place goes back to every program in name order.
  await page.getByRole('button', { name: /^Remove filter: Within 50 mi of Belmont, MA/ }).click();
  await expect(nearBox(page)).toHaveValue('');
  await expect(page.getByLabel('Sort by')).toHaveValue('name');
  await expect(page.locator('main article [data-distance]')).toHaveCount(0);
});

test('"Use my location" sorts by distance without putting the position in the URL', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 43.66, longitude: -70.26 }); // Portland, Maine
  await open(page);
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(
    page.getByText(/Distances from your location \(your location stays in this browser\)/),
  ).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('distance');
  await expect(cards(page).first()).toContainText('Tidemark');
  await expect(cards(page).first()).toContainText(/mi away/);
  expect(page.url()).not.toMatch(/43\.6|70\.2/);
  expect(requested.some((url) => /43\.6|70\.2/.test(url))).toBe(false);
});

test('"Confirmed open in the last 30 days" hides stale and unconfirmed programs (the visitor\'s date)', async ({
  page,
}) => {
  const day = today();
  const openNow = PROGRAMS.filter((p) => availabilityView(p.availability, day).isOpen).map((p) => p.name);
  const stale = PROGRAMS.filter((p) => availabilityView(p.availability, day).stale);
  expect(openNow.length).toBeGreaterThan(0);
  expect(stale.length).toBeGreaterThan(0);

  await open(page);
  // Without the filter, a stale program says so and never reads as open.
  await page.getByRole('button', { name: 'Show more programs' }).click();
  const staleCard = cards(page).filter({
    has: page.getByRole('heading', { name: stale[0]?.name ?? '', exact: true }),
  });
  await expect(staleCard).toContainText(availabilityView(stale[0]?.availability, day).label);
  await expect(staleCard).toContainText('Not confirmed since');
  await expect(staleCard).not.toContainText('Beds open now');

  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  const box = dialog.getByRole('checkbox', { name: /^Confirmed open in the last 30 days/ });
  await expect(box.locator('xpath=..').locator('span.tabular-nums')).toHaveText(
    new RegExp(`^${String(openNow.length)}\\b`),
  );
  await box.check();
  await dialog.getByRole('button', { name: /^Show/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/open=1/);
  await expect(
    page.getByRole('button', { name: 'Remove filter: Confirmed open in the last 30 days' }),
  ).toBeVisible();
  expect((await contentCardNames(page)).sort()).toEqual([...openNow].sort());
  for (const program of stale) {
    await expect(page.getByRole('heading', { name: program.name, exact: true })).toHaveCount(0);
  }
});

test('outcome and ERP filters and the Availability sort come from the URL and the dialog; no axe violations', async ({
  page,
}) => {
  await open(page, '/?near=02478&radius=500&outcomes=1&erp=10&open=1&sort=availability');
  await expect(results(page)).toHaveText(/programs? found/);
  await expect(page.getByLabel('Sort by')).toHaveValue('availability');
  for (const chip of [
    'Within 500 mi of ZIP 02478',
    'Reports outcomes (Y-BOCS)',
    'ERP ≥ 10 hours/week',
    'Confirmed open in the last 30 days',
  ]) {
    await expect(page.getByRole('button', { name: `Remove filter: ${chip}` })).toBeVisible();
  }
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog.getByRole('checkbox', { name: /^Reports outcomes \(Y-BOCS\)/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^ERP ≥ 10 hours\/week/ })).toBeChecked();
  await expectNoAxeViolations(page);
  await dialog.getByRole('radio', { name: /^ERP ≥ 20 hours\/week/ }).check();
  await expect(page).toHaveURL(/erp=20/);
  await dialog.getByRole('button', { name: 'Clear Filters' }).click();
  // Clear Filters in the dialog keeps the place, which has its own field.
  await expect(page).toHaveURL(/\?near=02478&radius=500&sort=availability$/);
  await dialog.getByRole('button', { name: 'Close filters' }).click();
});

test('pages allow geolocation for the site itself only', async ({ request }) => {
  const response = await request.get('/');
  expect(response.headers()['permissions-policy']).toContain('geolocation=(self)');
});
