import { expect, test } from '@playwright/test';
import { TEST_PROGRAM_ID, TEST_PROGRAM_TOKEN } from '../../src/lib/vocabulary.ts';
import { expectNoAxeViolations, PHONE, sitemapPaths } from './helpers.ts';

test('the sitemap lists the public pages and never the test program or private areas', async ({
  request,
}) => {
  const paths = await sitemapPaths(request);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/',
      '/blog',
      '/about',
      '/contact',
      '/mclean',
      '/privacy-policy',
      '/how-we-verify',
    ]),
  );
  expect(paths.filter((p) => p.startsWith('/program/')).length).toBeGreaterThanOrEqual(17);
  expect(paths.filter((p) => p.startsWith('/blog/')).length).toBe(8);
  for (const path of paths) {
    expect(path).not.toContain(TEST_PROGRAM_ID);
    expect(path).not.toContain(TEST_PROGRAM_TOKEN);
    expect(path).not.toMatch(/not-found|provider-dashboard|comprehensive-testing|admin/);
  }
});

test('robots.txt allows the site, points at the sitemap and keeps the test page out', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: .*\/sitemap-index\.xml/);
  expect(robots).toContain('Disallow: /test-');
});

test('the test program page is noindex and the directory index never contains it', async ({
  page,
  request,
}) => {
  const response = await page.goto(`/${TEST_PROGRAM_TOKEN}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const manifest = (await (await request.get('/directory-index.json')).json()) as { shards: string[] };
  expect(manifest.shards.length).toBeGreaterThan(0);
  for (const shard of manifest.shards) {
    expect(await (await request.get(shard)).text()).not.toContain(TEST_PROGRAM_ID);
  }
});

// One test per width (about 60 pages each, with axe on every one): under load one width alone
// took close to the old single test's 4 minutes.
for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', PHONE],
] as const) {
  test(`axe finds no WCAG 2.2 AA violation on any page of the sitemap (${label})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(360_000);
    const paths = await sitemapPaths(request);
    await page.setViewportSize(viewport);
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      // The canonical link names the URL the page is served at (no `.html`), as the sitemap does.
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical ?? '').pathname, `canonical of ${path}`).toBe(path);
      await expectNoAxeViolations(page);
    }
  });
}
