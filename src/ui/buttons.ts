/**
 * Button looks (class names for `<button>` and `<a>`): one primary action per view, secondary
 * actions beside it, a red one for what cannot be undone, and a text link that acts.
 */

/** The main action of a card or page. */
export const primaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70';

/** The full-width submit button of the sign-in and registration forms. */
export const submitButton =
  'inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70';

/** A secondary action; disabled means "not possible now". */
export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-ink hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

/** A secondary action disabled only while its own work runs (the cursor says "wait"). */
export const secondaryBusyButton =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-ink hover:bg-slate-50 disabled:cursor-wait disabled:opacity-70';

/** An action that cannot be undone (deleting an account). */
export const dangerButton =
  'inline-flex min-h-11 items-center justify-center rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-70';

/** A button that reads as a link ("Forgot password?", "Use a magic link instead"). */
export const linkButton =
  'rounded-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** "Try again" inside a red error box. */
export const retryButton =
  'mt-3 inline-flex min-h-11 items-center rounded-md border border-red-800 bg-white px-4 py-2 font-semibold text-red-900 hover:bg-red-100';
