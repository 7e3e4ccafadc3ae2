/**
 * A toast that survives one navigation ("Welcome!" after sign-in, "Signed Out" on the home page):
 * the toast store lives in one page, so the message waits in sessionStorage and the header script
 * shows it on the next page.
 */
import { showToast, type ToastInput } from './store.ts';

const KEY = 'ocd-directory-flash';

type FlashInput = Pick<ToastInput, 'title' | 'description' | 'variant'>;

/** Stores a toast for the next page this tab opens. */
export function flashToast(input: FlashInput): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(input));
  } catch {
    // Storage blocked: the message is a courtesy; the navigation itself says enough.
  }
}

/** Forgets a stored toast (the action it announced failed). */
export function clearFlash(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage blocked: nothing was stored.
  }
}

/** Shows (once) the toast a previous page stored. */
export function showFlashedToast(): void {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (raw === null) return;
  try {
    const parsed = JSON.parse(raw) as Partial<FlashInput>;
    if (typeof parsed.title !== 'string') return;
    showToast({
      title: parsed.title,
      description: typeof parsed.description === 'string' ? parsed.description : undefined,
      variant: parsed.variant === 'destructive' ? 'destructive' : 'default',
    });
  } catch {
    // Not ours or damaged: drop it.
  }
}
