/**
 * What every "Compare" toggle shares, framework-free, so the React toggle on directory cards and
 * the server-rendered one on profiles look and speak alike. The chosen state is `aria-pressed`
 * (the accessible name stays "Compare <program>"); styles follow it with `aria-pressed:` variants.
 */

/** Visible "Compare"; the program name is added for screen readers. */
export const COMPARE_TOGGLE_TEXT = 'Compare';

export const COMPARE_TOGGLE_CLASS =
  'group/compare inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 aria-pressed:text-brand-800 print:hidden';

/** A checkbox-like square: empty, or filled with a tick when chosen. */
export const COMPARE_BOX_CLASS =
  'inline-flex size-5 shrink-0 items-center justify-center rounded border-2 border-brand-700 bg-white text-white group-aria-pressed/compare:bg-brand-700';

export const COMPARE_TICK_PATH = 'M4.5 10.5l3.5 3.5 7.5-8';
