import { expect, test, type Page } from '@playwright/test';
import { sortPrograms, type DirectoryEntry } from '../../src/lib/directory/rules.ts';
import { TEST_PROGRAM_ID } from '../../src/lib/vocabulary.ts';
import { expectNoAxeViolations } from './helpers.ts';

const cards = (page: Page) => page.locator('main article');
const cardNames = (page: Page) => page.locator('main article h3').allInnerTexts();
const status = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /program/ })
    .first();

/** Opens a directory URL and waits until the island is interactive. */
async function open(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')),
  );
}

async function loadIndex(page: Page): Promise<DirectoryEntry[]> {
  // A manifest, then shards (src/lib/directory/index-data.ts).
  const manifest = await page.request.get('/directory-index.json');
  expect(manifest.ok()).toBe(true);
  const { total, shards } = (await manifest.json()) as { total: number; shards: string[] };
  const entries: DirectoryEntry[] = [];
  for (const url of shards) {
    const shard = await page.request.get(url);
    expect(shard.ok(), url).toBe(true);
    entries.push(...((await shard.json()) as DirectoryEntry[]));
  }
  expect(entries.length).toBe(total);
  return entries;
}

test.beforeEach(async ({ page }) => {
  // Engagement events are not what these tests look at; keep them off the network.
  await page.route('**/api/engagement', (route) => route.fulfill({ status: 202, body: '' }));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the first cards are in the HTML and their links work', async ({ page }) => {
    await page.goto('/');
    await expect(cards(page).first()).toBeVisible();
    expect(await cards(page).count()).toBeGreaterThanOrEqual(6);
    const first = cards(page).first().getByRole('heading', { level: 3 }).getByRole('link');
    const name = await first.innerText();
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('every listed program is reachable through the A–Z list, never the test program', async ({ page }) => {
    const index = await loadIndex(page);
    await page.goto('/');
    await page.getByRole('link', { name: /Browse all \d+ programs A–Z/ }).click();
    await expect(page).toHaveURL(/\/programs$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All programs A–Z');
    const links = page.locator('main ul a');
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.sort()).toEqual(index.map((p) => p.path).sort());
    await expect(page.locator('main')).not.toContainText('DO NOT DISPLAY LIVE');
  });
});

test('the directory index (manifest and shards) lists every program except the test program', async ({
  page,
}) => {
  const index = await loadIndex(page);
  expect(index.length).toBeGreaterThanOrEqual(17);
  expect(index.map((p) => p.id)).not.toContain(TEST_PROGRAM_ID);
  expect(index.find((p) => p.id === 'mclean')?.path).toBe('/mclean');
  await open(page);
  await expect(page.locator('main')).not.toContainText('DO NOT DISPLAY LIVE');
});

test('search narrows the results and shows the empty state', async ({ page }) => {
  await open(page);
  const search = page.getByLabel('Search programs');
  await expect(search).toHaveAttribute('placeholder', 'Search by program, location, or keyword');
  await search.fill('EQUINE');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Silver Creek Ranch');
  await expect(status(page)).toHaveText('1 program found');

  await search.fill('montana');
  await expect(cards(page).first()).toContainText('Montana');

  await search.fill('no program has this text');
  await expect(page.getByRole('heading', { name: 'No Results Found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
});

const FACETS = [
  ['Age Groups', 'Children'],
  ['Setting', 'Inpatient'],
  ['Insurance', 'Medicaid'],
  ['Modalities', 'DBT'],
] as const;

for (const [section, option] of FACETS) {
  test(`the ${section} filter narrows the list and its count is right`, async ({ page }) => {
    const index = await loadIndex(page);
    await open(page);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    const group = dialog.getByRole('group', { name: new RegExp(`^${section}`) });
    const box = group.getByRole('checkbox', { name: new RegExp(`^${option}\\b`) });
    const label = box.locator('xpath=..');
    // Counts appear once every program is loaded (before that they would count the first cards).
    await expect(label.locator('span.tabular-nums')).toHaveText(/\d/);
    const shownCount = Number((await label.locator('span.tabular-nums').innerText()).match(/\d+/)?.[0]);
    await box.check();
    await dialog.getByRole('button', { name: /^Show/ }).click();
    await expect(dialog).toBeHidden();

    const names = await cardNames(page);
    expect(names.length).toBe(shownCount);
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThan(index.length);
    await expect(page.getByRole('button', { name: `Remove filter: ${option}` })).toBeVisible();
  });
}

test('setting is single-select and choosing the selected one clears it', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const group = page.getByRole('dialog', { name: 'Filters' }).getByRole('group', { name: /^Setting/ });
  const residential = group.getByRole('checkbox', { name: /^Residential\b(?! OCD)/ });
  const inpatient = group.getByRole('checkbox', { name: /^Inpatient/ });
  await residential.check();
  await inpatient.click();
  await expect(inpatient).toBeChecked();
  await expect(residential).not.toBeChecked();
  await inpatient.click();
  await expect(inpatient).not.toBeChecked();
  await expect(page).toHaveURL((url) => !url.searchParams.has('setting'));
});

test('filters combine with AND and Clear Filters resets them', async ({ page }) => {
  const index = await loadIndex(page);
  const expected = index.filter(
    (p) => p.ageGroups.includes('Adolescents') && p.insurance.includes('In-Network'),
  );
  await open(page, '/?age=Adolescents&insurance=In-Network');
  await expect(status(page)).toHaveText(`${expected.length} programs found`);
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(status(page)).toContainText(`${index.length} programs`);
});

test('sort by rating puts the highest rated first (missing ratings last)', async ({ page }) => {
  const index = await loadIndex(page);
  await open(page);
  const byName = (await cardNames(page)).slice(0, 3);
  await page.getByLabel('Sort by').selectOption('rating');
  await expect(page).toHaveURL(/sort=rating/);
  const expected = sortPrograms(index, 'rating').map((p) => p.name);
  await expect.poll(async () => (await cardNames(page)).slice(0, 6)).toEqual(expected.slice(0, 6));
  expect((await cardNames(page)).slice(0, 3)).not.toEqual(byName);
  expect(
    sortPrograms(index, 'name')
      .map((p) => p.name)
      .slice(0, 3),
  ).toEqual(byName);
});

test('the URL keeps the state across reload and the back button', async ({ page }) => {
  await open(page);
  await page.getByLabel('Search programs').fill('ranch');
  await expect(page).toHaveURL(/q=ranch/);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByRole('checkbox', { name: /^Adolescents/ }).check();
  await expect(page).toHaveURL(/age=Adolescents/);
  await dialog.getByRole('checkbox', { name: /^ERP/ }).check();
  await expect(page).toHaveURL(/modality=ERP/);
  await page.keyboard.press('Escape');

  await page.reload();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')),
  );
  await expect(page.getByLabel('Search programs')).toHaveValue('ranch');
  await expect(page.getByRole('button', { name: 'Remove filter: ERP' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove filter: Adolescents' })).toBeVisible();
  const filtered = await cardNames(page);
  expect(filtered.every((name) => /ranch/i.test(name))).toBe(true);

  await page.goBack();
  await expect(page).not.toHaveURL(/modality=ERP/);
  await expect(page.getByRole('button', { name: 'Remove filter: ERP' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove filter: Adolescents' })).toBeVisible();
});

test('unknown URL values are ignored', async ({ page }) => {
  await open(page, '/?age=Toddlers&setting=Spa&sort=price');
  await expect(page.getByRole('button', { name: /Remove filter/ })).toHaveCount(0);
  await expect(page.getByLabel('Sort by')).toHaveValue('name');
});

test('home has no accessibility violations, with and without the filters dialog', async ({ page }) => {
  await open(page);
  await expect(cards(page).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('filter counts wait for the whole directory instead of counting only the first cards', async ({
  page,
}) => {
  const index = await loadIndex(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/directory-index/*.json', async (route) => {
    await held;
    await route.continue();
  });
  await open(page);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('span.tabular-nums')).toHaveCount(0);
  await expect(dialog.getByText('Loading…').first()).toBeVisible();
  release();
  // Every program of the directory (not just the first cards) is counted under "Adults".
  const adults = dialog
    .getByRole('group', { name: /^Age Groups/ })
    .getByRole('checkbox', { name: /^Adults\b/ });
  const expected = index.filter((p) => p.ageGroups.includes('Adults')).length;
  await expect(adults.locator('xpath=..').locator('span.tabular-nums')).toHaveText(
    `${expected} ${expected === 1 ? 'program' : 'programs'}`,
  );
});

test('a misspelt search still says No Results Found, then suggests close spellings', async ({ page }) => {
  await open(page);
  const search = page.getByLabel('Search programs');
  await search.fill('Massachusets');
  await expect(page.getByRole('heading', { name: 'No Results Found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Similar to “Massachusets”' })).toBeVisible();
  await expect(cards(page).filter({ hasText: 'McLean' })).toHaveCount(1);
  // Exact matches are never replaced: the correct spelling shows the normal results.
  await search.fill('Massachusetts');
  await expect(page.getByRole('heading', { name: /Similar to/ })).toHaveCount(0);
  await expect(cards(page).filter({ hasText: 'McLean' })).toHaveCount(1);
  await expect(status(page)).toHaveText(/\d+ programs? found/);
});
