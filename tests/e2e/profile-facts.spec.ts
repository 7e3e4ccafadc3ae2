/**
 * Profile sections families choose by (docs/product-rules.md#program-profiles): availability
 * with its date (stale ones never
 * shown as open, also on a page built before they went stale), "Treatment at a glance" with
 * "Not reported" for what a program has not published, and the facts a parent of a minor needs.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, failOnCspViolations } from './helpers.ts';

failOnCspViolations();

function fact(page: Page, section: string, label: string) {
  return page.locator(`section#${section} dt`, { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

test('a program with published facts shows them, with its availability and its date', async ({ page }) => {
  await page.goto('/program/aspen-cove-womens-ocd');
  const glance = page.getByRole('region', { name: 'Treatment at a glance' });
  await expect(glance).toBeVisible();
  await expect(fact(page, 'treatment-at-a-glance', 'ERP hours per week')).toContainText('15');
  await expect(fact(page, 'treatment-at-a-glance', 'Outcome measure')).toContainText('Y-BOCS');
  await expect(page.locator('section#availability')).toContainText(
    /Beds open now|Not confirmed since November 16, 2026/,
  );
  // An adults-only program has no section for parents of minors.
  await expect(page.locator('section#youth-safety')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a stale availability says since when it is not confirmed, and never that beds are open', async ({
  page,
}) => {
  await page.goto('/program/desert-bloom-ocd-intensive');
  const availability = page.locator('section#availability');
  await expect(availability).toContainText('Not confirmed since July 30, 2026');
  await expect(availability).not.toContainText('Beds open now');
  // What is not published reads "Not reported", never a blank or a zero.
  await expect(fact(page, 'treatment-at-a-glance', 'Individual')).toHaveText('Not reported');
});

test('a page built before the date went stale corrects itself with the visitor’s day', async ({ page }) => {
  // The visitor's clock is 40 days after the build: an opening confirmed around the build is stale.
  await page.clock.setFixedTime(new Date(Date.now() + 40 * 86_400_000));
  await page.goto('/program/northgate-ocd-inpatient');
  const availability = page.locator('section#availability');
  await expect(availability).toContainText('Not confirmed since November 20, 2026');
  await expect(availability).not.toContainText('Beds open now');
});

test('programs for children and teens show the facts parents need, or say plainly what is missing', async ({
  page,
}) => {
  await page.goto('/program/cedar-hollow-childrens-ocd');
  const youth = page.getByRole('region', { name: 'For parents of children and teens' });
  await expect(youth).toContainText('North Carolina DHHS');
  await expect(youth).toContainText('The program does not use transport or escort services.');
  await page.goto('/program/ridgeline-adolescent-ocd');
  await expect(page.locator('section#youth-safety')).toContainText('The program has not told us');
  await expectNoAxeViolations(page);
});

test('/mclean shows only public facts: everything else is "Not reported"', async ({ page }) => {
  await page.goto('/mclean');
  await expect(page.locator('section#availability')).toContainText('Availability not confirmed');
  const values = await page.locator('section#treatment-at-a-glance dd').allTextContents();
  expect(values.length).toBeGreaterThan(0);
  for (const value of values) expect(value.trim()).toBe('Not reported');
  await expect(page.locator('section#youth-safety')).toContainText('The program has not told us');
});
