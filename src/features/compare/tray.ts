/**
 * The compare tray: a bar fixed to the bottom of the window while at least one program is chosen,
 * listing them with a "Remove" button each and a "Compare (N)" link to /compare?ids=….
 * Framework-free and added to the page by the first toggle that mounts it (cards or profile),
 * so no layout has to know about it. On a profile on phones it sits above the contact bar.
 */
import {
  $compare,
  compareHref,
  MAX_COMPARE,
  removeFromCompare,
  startCompare,
  type CompareProgram,
} from './store.ts';

const TRAY_ATTR = 'data-compare-tray';
/** The profile's fixed contact bar on phones (ProgramProfile.astro). */
const CONTACT_BAR = '[data-mobile-contact-bar]';

let mounted = false;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function visibleHeight(selector: string): number {
  const node = document.querySelector<HTMLElement>(selector);
  if (!node || getComputedStyle(node).display === 'none') return 0;
  return node.offsetHeight;
}

/** Shows the tray whenever the selection is not empty. Safe to call from every toggle. */
export function mountCompareTray(): void {
  if (mounted || typeof document === 'undefined') return;
  mounted = true;
  startCompare();

  const tray = el(
    'aside',
    'fixed inset-x-0 bottom-0 z-40 border-t border-slate-300 bg-white shadow-[0_-2px_10px_rgba(0,0,0,0.12)] print:hidden',
  );
  tray.setAttribute(TRAY_ATTR, '');
  tray.setAttribute('aria-label', 'Programs to compare');
  tray.hidden = true;
  const inner = el('div', 'mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2');
  const heading = el('h2', 'flex-1 text-sm font-semibold text-ink sm:flex-none');
  // Phones: one row of chips that scrolls sideways, below the heading and the link.
  const list = el(
    'ul',
    'order-last flex min-w-0 basis-full gap-2 overflow-x-auto p-px py-1 sm:order-none sm:flex-1 sm:basis-0 sm:flex-wrap sm:overflow-visible sm:py-0',
  );
  const link = el(
    'a',
    'inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700',
  );
  link.setAttribute('data-compare-link', '');
  let ids: string[] = [];
  /** The directory's location (`?near=`) goes along, so /compare can show distances. */
  const setHref = () => {
    const near = new URLSearchParams(location.search).get('near')?.trim();
    link.href = compareHref(ids, near ? { near } : undefined);
  };
  // The directory changes its URL without a navigation: read it when the link is used.
  for (const type of ['pointerdown', 'focus', 'click']) link.addEventListener(type, setHref);
  inner.append(heading, list, link);
  tray.append(inner);
  document.body.append(tray);

  /** The tray and the bar below it must not cover the end of the page. */
  const layout = () => {
    const bar = visibleHeight(CONTACT_BAR);
    tray.style.bottom = bar > 0 ? `${bar}px` : '';
    document.body.style.paddingBottom = tray.hidden ? '' : `${tray.offsetHeight + bar}px`;
    // Nor a focused element scrolled to the bottom edge (WCAG 2.4.11): keyboard focus stops above them.
    document.documentElement.style.scrollPaddingBottom = tray.hidden
      ? ''
      : `calc(${String(tray.offsetHeight + bar + 8)}px + var(--toast-space, 0px))`;
  };
  new ResizeObserver(layout).observe(tray);
  window.addEventListener('resize', layout);

  const render = (programs: readonly CompareProgram[], focusIndex: number | null) => {
    tray.hidden = programs.length === 0;
    heading.textContent = `Compare (${programs.length} of ${MAX_COMPARE})`;
    link.textContent = `Compare (${programs.length})`;
    ids = programs.map((p) => p.id);
    setHref();
    const items = programs.map((program, index) => {
      const item = el(
        'li',
        'inline-flex max-w-full shrink-0 items-center rounded-full bg-brand-50 pl-3 text-sm font-medium text-brand-900 ring-1 ring-brand-200',
      );
      const name = el('span', 'max-w-[9rem] truncate sm:max-w-[12rem]', program.name);
      name.title = program.name;
      const remove = el(
        'button',
        'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-brand-800 hover:bg-brand-100',
      );
      remove.type = 'button';
      remove.setAttribute('aria-label', `Remove ${program.name} from compare`);
      remove.innerHTML =
        '<svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16"><path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';
      remove.addEventListener('click', () => {
        pendingFocus = index;
        removeFromCompare(program.id);
      });
      item.append(name, remove);
      return item;
    });
    list.replaceChildren(...items);
    if (focusIndex !== null) {
      const buttons = list.querySelectorAll('button');
      const next = buttons[Math.min(focusIndex, buttons.length - 1)];
      if (next) next.focus();
      else document.getElementById('main')?.focus();
    }
    layout();
  };

  let pendingFocus: number | null = null;
  $compare.subscribe((programs) => {
    const focus = pendingFocus;
    pendingFocus = null;
    render(programs, focus);
  });
}
