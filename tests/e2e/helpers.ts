import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** Runs axe with the WCAG 2.2 AA rule set and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** A phone-sized viewport (iPhone 12/13/14). */
export const PHONE = { width: 390, height: 844 } as const;

/** Every page URL of the sitemap, as paths. */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const index = await request.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  const sitemaps = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? '').pathname,
  );
  const paths: string[] = [];
  for (const sitemap of sitemaps) {
    const xml = await (await request.get(sitemap)).text();
    paths.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname));
  }
  return paths;
}

/**
 * Fails every test of the calling file that sees a Content-Security-Policy violation on any page
 * it visits: the page's `securitypolicyviolation` event (reported through the console) and
 * Chromium's own console messages. Call once at the top level of a spec file.
 */
export function failOnCspViolations(): void {
  let found: string[] = [];
  test.beforeEach(async ({ page }) => {
    found = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(
          `Content-Security-Policy: ${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`,
        );
      });
    });
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) found.push(message.text());
    });
  });
  test.afterEach(() => {
    expect(found, 'CSP violations').toEqual([]);
  });
}
