/**
 * Security headers as served by `npm start`: each page graded like the MDN HTTP Observatory
 * (tests/lib/observatory.ts; over http://localhost the https-only checks are skipped), and no
 * Content-Security-Policy violation on any page of the sitemap, islands included.
 */
import { expect, test, type Page } from '@playwright/test';
import { grade, OBSERVATORY_CORS_ORIGIN } from '../lib/observatory.ts';
import { sitemapPaths, watchCsp } from './helpers.ts';

/** Pages graded one by one; the signed-in areas must earn the same grade as the public pages. */
const GRADED_PATHS = [
  '/',
  '/program/silver-creek-ranch',
  '/contact',
  '/blog',
  '/auth',
  '/auth/confirm',
  '/enhanced-dashboard',
  '/provider-dashboard',
  '/provider-login',
  '/provider-registration',
  '/registration-success',
  // A rewritten address: served the /request page, it must carry that page's CSP too.
  '/request/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
];

for (const path of GRADED_PATHS) {
  test(`${path} grades A+ on the Observatory's scale`, async ({ request, baseURL }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    // The Observatory also sends a CORS preflight from its own origin.
    const preflight = await request.fetch(path, {
      method: 'OPTIONS',
      headers: { Origin: OBSERVATORY_CORS_ORIGIN, 'Access-Control-Request-Method': 'GET' },
    });
    const result = grade({
      url: new URL(path, baseURL),
      status: response.status(),
      headers: response.headersArray(),
      html: await response.text(),
      cors: { headers: preflight.headersArray(), origin: OBSERVATORY_CORS_ORIGIN },
    });
    const failing = Object.entries(result.tests).filter(([, t]) => t.pass === false);
    expect(failing, `failing tests on ${path}`).toEqual([]);
    expect(result.tests['content-security-policy'].result).toBe(
      'csp-implemented-with-no-unsafe-default-src-none',
    );
    expect(result.grade, `score ${result.score}`).toBe('A+');

    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['permissions-policy']).toContain('browsing-topics=()');
    expect(headers['permissions-policy']).not.toContain('interest-cohort');
  });
}

/**
 * The violations `watchCsp` has collected, read after a round trip to the page, so that the
 * console messages the page sent before it have arrived.
 */
async function violations(page: Page, found: string[]): Promise<string[]> {
  await page.evaluate(() => undefined);
  return [...found];
}

test('the collector sees a violation, so "none" below means none', async ({ page }) => {
  const found = await watchCsp(page);
  await page.goto('/about');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.append(script);
  });
  await expect.poll(async () => (await violations(page, found)).join('\n')).toContain('script-src');
  expect(await page.evaluate(() => 'injected' in window)).toBe(false);
});

test('no CSP violation on any page of the sitemap, islands hydrated and dialogs open', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const found = await watchCsp(page);
  const paths = await sitemapPaths(request);
  expect(paths.length).toBeGreaterThan(20);
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    expect(response?.headers()['content-security-policy'], `CSP header on ${path}`).toContain(
      "default-src 'none'",
    );
    await page.waitForLoadState('networkidle');
    if (path === '/') {
      await page.getByRole('button', { name: /^Filters/ }).click();
      await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    }
    if (path.startsWith('/program/')) {
      await page.getByRole('button', { name: 'Request Info' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Request Information' })).toBeVisible();
    }
    expect(await violations(page, found), `CSP violations on ${path}`).toEqual([]);
  }
});

test('a broken program image still falls back to the placeholder without an inline handler', async ({
  page,
}) => {
  const found = await watchCsp(page);
  await page.route('**/images/programs/silver-creek-ranch.svg', (route) => route.fulfill({ status: 404 }));
  await page.goto('/program/silver-creek-ranch');
  const hero = page.locator('img[data-fallback][alt=""]');
  await expect(hero).toHaveAttribute('src', '/images/placeholder-program.svg');
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(await violations(page, found)).toEqual([]);
});

// Not-found answers are pages too: a visitor (or a crafted link) reaches them at any address.
for (const path of [
  '/no-such-page',
  '/program/no-such-program',
  '/blog/no-such-article',
  '/api/no-such-route',
]) {
  test(`${path}: a 404 with the security headers and its page's CSP, and no violation`, async ({ page }) => {
    const found = await watchCsp(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const headers = response?.headers() ?? {};
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['content-security-policy']).toContain("default-src 'none'");
    expect(headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations(page, found), `CSP violations on ${path}`).toEqual([]);
  });
}
