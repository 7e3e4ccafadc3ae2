/**
 * Toasts and the request dialog: a refused request is said once, in the dialog's own alert and
 * beside its fields, with no toast over the Send button repeating it (a dialog says
 * each problem once); the confirmation raised as the dialog closes (toaster.ts moves the toast regions
 * into an open modal dialog and back) is shown at home, live again, on top and closable.
 */
import { expect, test, type Locator } from '@playwright/test';
import { expectNoAxeViolations, PHONE, quietEngagement, uniqueEmails } from './helpers.ts';

const uniqueEmail = uniqueEmails('toast');

/** True when a pointer at the middle of `locator` would hit it (nothing, e.g. a backdrop, above). */
function onTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && el.contains(hit);
  });
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  test(`${label}: a refused request is said once in the dialog; the confirmation toast comes home`, async ({
    page,
  }) => {
    await quietEngagement(page);
    await page.setViewportSize(viewport);
    await page.goto('/program/silver-creek-ranch');
    await page.getByRole('button', { name: 'Request Info' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Request Information' });
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    // Said once: the dialog's alert and the fields' messages, no toast.
    await expect(dialog.getByRole('alert')).toHaveText(/Missing Required Fields/);
    await expect(dialog.getByRole('alert')).toHaveCount(1);
    await expect(dialog.getByLabel(/Your name/)).toHaveAccessibleDescription(
      'Please fill in your name and email address.',
    );
    await expect(page.locator('#toast-region-alert > *')).toHaveCount(0);
    await expect(page.locator('#toast-region-polite > *')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await dialog.getByLabel(/Your name/).fill('Robin Parent');
    await dialog.getByLabel(/Your email/).fill(uniqueEmail(label));
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await expect(dialog).toBeHidden();
    const region = page.locator('#toast-region-polite');
    const toast = region.locator('> *');
    await expect(toast).toContainText('Request Submitted');
    expect(await region.evaluate((el) => el.closest('dialog') === null)).toBe(true);
    await expect(region).toHaveAttribute('role', 'status');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    expect(await onTop(toast)).toBe(true);
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await expect(toast).toHaveCount(0);
  });
}
