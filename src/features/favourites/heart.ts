/**
 * What every favorite heart shares, framework-free: its accessible name, classes and icon, so
 * the React heart on directory cards and the server-rendered heart on profiles look and speak
 * alike. The saved state is `aria-pressed`; styles follow it (`aria-pressed:` variants), so a
 * script only has to set that attribute and the name.
 */

/** The button's accessible name (the visible part is the icon). */
export function heartLabel(programName: string, saved: boolean): string {
  return saved ? `Remove ${programName} from favorites` : `Save ${programName} to favorites`;
}

/** A 44 px round button; the heart fills when pressed. */
export const HEART_BUTTON_CLASS =
  'group/heart inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full bg-white text-slate-600 shadow-sm ring-1 ring-slate-300 transition hover:bg-rose-50 hover:text-rose-700 aria-pressed:text-rose-600 motion-reduce:transition-none';

/**
 * On cards: shown on hover, when the card holds keyboard focus, when saved, and always where
 * there is no hover (touch screens).
 */
export const CARD_HEART_VISIBILITY_CLASS =
  'opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 focus-visible:opacity-100 aria-pressed:opacity-100 [@media(hover:none)]:opacity-100';

export const HEART_ICON_CLASS = 'size-6 fill-none group-aria-pressed/heart:fill-current';

/** Heroicons "heart" (outline, 24×24): stroke always, fill when saved. */
export const HEART_PATH =
  'M21 8.25c0-2.485-2.099-4.5-4.688-4.5-1.935 0-3.597 1.126-4.312 2.733-.715-1.607-2.377-2.733-4.313-2.733C5.1 3.75 3 5.765 3 8.25c0 7.22 9 12 9 12s9-4.78 9-12Z';
