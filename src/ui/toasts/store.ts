/**
 * The one toast store of the site: one toast at a time. Islands and page scripts
 * call `showToast`; the vanilla renderer in `toaster.ts` (loaded by BaseLayout) shows it.
 *
 * @example
 * showToast({ title: 'Message Sent', description: "We'll reply within 24 hours." });
 * showToast({ title: 'Invalid Email', description: 'Please enter a valid email address.', variant: 'destructive' });
 */
import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title: string;
  description?: string | undefined;
  /** `destructive` for errors (announced assertively), `default` for neutral and success messages. */
  variant?: ToastVariant | undefined;
  /** One optional button, e.g. "Resend Email" on Email Not Confirmed. */
  action?: { label: string; onAction: () => void } | undefined;
  /** Milliseconds before it disappears on its own; 0 keeps it until closed. */
  durationMs?: number | undefined;
};

export type Toast = {
  id: number;
  title: string;
  description: string | undefined;
  variant: ToastVariant;
  action: { label: string; onAction: () => void } | undefined;
  durationMs: number;
};

/** Long enough to read two sentences; the renderer pauses it while hovered or focused. */
export const TOAST_DURATION_MS = 6000;

/** The toast on screen, or null. */
export const $toast = atom<Toast | null>(null);

let nextId = 1;

/** Shows a toast, replacing any toast already shown. Returns its id. */
export function showToast(input: ToastInput): number {
  const id = nextId++;
  $toast.set({
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    action: input.action,
    durationMs: input.durationMs ?? TOAST_DURATION_MS,
  });
  return id;
}

/**
 * Removes the toast on screen. With an id, only that toast is removed, so a late timer of a
 * replaced toast cannot close its successor.
 */
export function dismissToast(id?: number): void {
  const current = $toast.get();
  if (current && (id === undefined || current.id === id)) $toast.set(null);
}
