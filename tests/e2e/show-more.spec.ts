/**
 * The directory's pages: "Show more programs" adds cards and hands focus to the first card it
 * added (the button moves below them, or is gone once every program is shown), so a keyboard or
 * screen reader user goes on where the new cards start instead of losing their place.
 */
import { expect, test } from '@playwright/test';
import { PHONE } from './helpers.ts';

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  test(`${label}: "Show more programs" by keyboard focuses the first added card`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const cards = page.locator('section[aria-labelledby$="-results"] > ul > li');
    const before = await cards.count();
    expect(before).toBeGreaterThan(0);
    const more = page.getByRole('button', { name: 'Show more programs' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
    const first = cards.nth(before).locator('h3 a');
    await expect(first).toBeFocused();
    await expect(first).toBeInViewport();
    // The next Tab stays among the new cards (not back at the top of the page).
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('li')?.parentElement?.tagName)).toBe(
      'UL',
    );
  });
}
