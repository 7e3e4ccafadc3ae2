/**
 * Toasts over a modal dialog: a toast raised while a modal `<dialog>` is open (e.g. the request
 * dialog's "Missing Required Fields") is shown inside that dialog's top layer, above its backdrop,
 * and can be read and closed, without a second announcement of what the dialog's own alert says;
 * when the dialog closes, the live regions return to their place and speak again.
 */
import { expect, test, type Locator } from '@playwright/test';
import { PHONE } from './helpers.ts';

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
  test(`${label}: a toast raised in an open dialog is above its backdrop, closable, then goes home`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/program/silver-creek-ranch');
    await page.getByRole('button', { name: 'Request Info' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Request Information' });
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    const toast = page.locator('#toast-region-alert > *');
    await expect(toast).toContainText('Missing Required Fields');
    expect(await onTop(toast)).toBe(true);
    // Said once: the dialog's own alert speaks; the toast there is for the eyes only.
    await expect(dialog.getByRole('alert')).toHaveCount(1);
    await expect(page.locator('#toast-region-alert')).toHaveAttribute('aria-live', 'off');
    // Reachable: outside the dialog everything is inert, so this click proves where it is.
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await expect(toast).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const region = page.locator('#toast-region-alert');
    expect(await region.evaluate((el) => el.closest('dialog') === null)).toBe(true);
    await expect(region).toHaveAttribute('role', 'alert');
    await expect(region).toHaveAttribute('aria-live', 'assertive');
  });
}
