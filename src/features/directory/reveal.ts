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

/** True when the element is wholly between the sticky header and the bottom of the window. */
function wholeInView(element: Element): boolean {
  const header = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const box = element.getBoundingClientRect();
  return box.top >= header && box.bottom <= window.innerHeight;
}

/**
 * Scrolls the results heading to the top of the view (under the sticky header) unless the heading
 * and the first result are already in view. With `focus`, the heading takes the focus (its live
 * count is announced by the results' status line), without a jump of its own.
 */
export function revealResults(heading: HTMLElement | null, focus: boolean): void {
  if (heading === null) return;
  if (focus) heading.focus({ preventScroll: true });
  const section = heading.closest('section');
  const first = section?.querySelector('article') ?? null;
  if (wholeInView(heading) && (first === null || wholeInView(first))) return;
  heading.scrollIntoView({ block: 'start', behavior: reducedMotion() ? 'instant' : 'smooth' });
}
