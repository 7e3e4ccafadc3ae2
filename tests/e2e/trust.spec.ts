/**
 * One meaning for each badge (docs/product-rules.md#what-the-badges-mean): /how-we-verify defines
 * "Verified provider" and "Listing reviewed"; every badge on a card is a link to its definition,
 * named with its date; and no built page or directory data says "Featured" (the blog's "Featured
 * Articles" is about articles, and /how-we-verify says there is no Featured placement).
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, failOnCspViolations, PHONE, sitemapPaths } from './helpers.ts';

failOnCspViolations();

test('/how-we-verify defines both facts, says neither is an endorsement, and passes axe (desktop and phone)', async ({
  page,
}) => {
  // Eleven checks and an axe scan per width: more than the 30 s default on a busy machine.
  test.setTimeout(90_000);
  for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/how-we-verify');
    await expect(page.getByRole('heading', { level: 1, name: 'How we verify' })).toBeVisible();
    const verified = page.locator('section#verified-provider');
    await expect(verified.getByRole('heading', { level: 2 })).toHaveText('“Verified provider”');
    await expect(verified).toContainText('identity, state license and documents');
    const reviewed = page.locator('section#listing-reviewed');
    await expect(reviewed.getByRole('heading', { level: 2 })).toHaveText('“Listing reviewed”');
    await expect(reviewed).toContainText('reviewed the listing’s facts before publishing them');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Verification is not endorsement' }),
    ).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Report an error');
    await expect(page.getByRole('main')).toContainText('There is no “Featured” placement');
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 320, height: 640 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'sideways scrolling at 320 px').toBeLessThanOrEqual(0);
});

test('a card badge is a dated link to its definition on /how-we-verify; the footer links there too', async ({
  page,
}) => {
  await page.goto('/');
  const verifiedBadge = page.getByRole('link', {
    name: /^Verified provider, checked on [A-Z][a-z]+ \d{1,2}, \d{4}$/,
  });
  const reviewedBadge = page.getByRole('link', { name: /^Listing reviewed on [A-Z][a-z]+ \d{1,2}, \d{4}$/ });
  await expect(verifiedBadge.first()).toHaveText('Verified provider');
  await expect(reviewedBadge.first()).toHaveText('Listing reviewed');
  await expect(verifiedBadge.first()).toHaveAttribute(
    'title',
    /The site team checked this provider’s identity/,
  );
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'How we verify' })).toHaveAttribute(
    'href',
    '/how-we-verify',
  );

  await verifiedBadge.first().click();
  await expect(page).toHaveURL(/\/how-we-verify#verified-provider$/);
  await expect(page.locator('section#verified-provider')).toBeInViewport();

  await page.goBack();
  await reviewedBadge.first().click();
  await expect(page).toHaveURL(/\/how-we-verify#listing-reviewed$/);
  await expect(page.locator('section#listing-reviewed')).toBeInViewport();
});

test('no page of the sitemap and no directory data says "Featured"', async ({ request }) => {
  test.setTimeout(90_000);
  // The blog's "Featured Articles" picks articles, not programs; /how-we-verify says there is no
  // Featured placement.
  const allowed = (path: string) =>
    path === '/blog' || path.startsWith('/blog/') || path === '/how-we-verify';
  const paths = (await sitemapPaths(request)).filter((path) => !allowed(path));
  expect(paths).toEqual(expect.arrayContaining(['/', '/about', '/mclean', '/programs']));
  expect(paths.filter((path) => path.startsWith('/program/')).length).toBeGreaterThanOrEqual(17);
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    expect(html.match(/.{0,40}featured.{0,40}/i)?.[0] ?? null, path).toBeNull();
  }
  const manifest = (await (await request.get('/directory-index.json')).json()) as { shards: string[] };
  for (const shard of manifest.shards) {
    const text = await (await request.get(shard)).text();
    expect(text, shard).not.toMatch(/featured/i);
    // The index carries the trust dates the cards name.
    expect(text, shard).toMatch(/"reviewedOn":"\d{4}-\d{2}-\d{2}"/);
  }
});
