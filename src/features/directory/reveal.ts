/**
 * Bringing the results into view after a search (docs/product-rules.md#search-and-filters): on a
 * phone the search form fills the first screen, so after "Find programs", Enter or the Filters
 * dialog's Show button the page scrolls to the results heading, smoothly unless the person asked
 * for reduced motion, and only when the first result is not already in view.
 */

/** Marks the home page's hero (src/pages/index.astro); compact on phones once a search is made. */
export const HERO_SELECTOR = '[data-directory-hero]';

/** The hero's text collapses on phones once a search has been made (index.astro's styles). */
export function markSearched(): void {
  document.querySelector(HERO_SELECTOR)?.setAttribute('data-searched', '');
}

function reducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls the results heading to the top of the view (under the sticky header, the page's
 * scroll-padding) unless it is there already, so the chips and the first result follow it on
 * screen. With `focus`, the heading takes the focus (its live count is announced by the results'
 * status line), without a jump of its own.
 */
export function revealResults(heading: HTMLElement | null, focus: boolean): void {
  if (heading === null) return;
  if (focus) heading.focus({ preventScroll: true });
  const header = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const top = heading.getBoundingClientRect().top;
  // Already at the top (the cards may still be loading: their size is not known yet).
  if (top >= header - 1 && top <= header + window.innerHeight / 8) return;
  heading.scrollIntoView({ block: 'start', behavior: reducedMotion() ? 'instant' : 'smooth' });
}
