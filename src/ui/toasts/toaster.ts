/**
 * Vanilla renderer of the toast store: no framework, so static pages stay within their
 * JavaScript budget. BaseLayout renders the two live regions (`Toaster.astro`) in the HTML
 * so that screen readers are already watching them when a toast appears.
 */
import { $toast, dismissToast, type Toast } from './store.ts';

const POLITE_ID = 'toast-region-polite';
const ALERT_ID = 'toast-region-alert';

function render(toast: Toast): HTMLElement {
  const box = document.createElement('div');
  box.className =
    toast.variant === 'destructive'
      ? 'toast pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-red-800 bg-red-700 p-4 text-white shadow-lg'
      : 'toast pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-ink shadow-lg';
  box.dataset['toastId'] = String(toast.id);
  box.dataset['variant'] = toast.variant;

  const text = document.createElement('div');
  text.className = 'min-w-0 flex-1';
  const title = document.createElement('p');
  title.className = 'font-semibold';
  title.textContent = toast.title;
  text.append(title);
  if (toast.description) {
    const description = document.createElement('p');
    description.className = 'mt-1 text-sm';
    description.textContent = toast.description;
    text.append(description);
  }
  if (toast.action) {
    const { label, onAction } = toast.action;
    const action = document.createElement('button');
    action.type = 'button';
    action.className =
      'mt-2 rounded-md border border-current px-3 py-1 text-sm font-medium hover:bg-black/10';
    action.textContent = label;
    action.addEventListener('click', () => {
      onAction();
      dismissToast(toast.id);
    });
    text.append(action);
  }
  box.append(text);

  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'shrink-0 rounded-md p-1 leading-none hover:bg-black/10';
  close.setAttribute('aria-label', 'Close notification');
  close.innerHTML =
    '<svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16"><path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';
  close.addEventListener('click', () => {
    dismissToast(toast.id);
  });
  box.append(close);
  return box;
}

/** The open modal dialog on top, if any: everything outside it is inert and under its backdrop. */
function topModal(): HTMLDialogElement | null {
  const open = [...document.querySelectorAll('dialog[open]')].filter((d) => d.matches(':modal'));
  return (open.at(-1) as HTMLDialogElement | undefined) ?? null;
}

/**
 * Keeps the toasts' container where a person can see and reach it: inside the modal dialog on
 * top while one is open (outside it a toast would sit under the backdrop, inert), back in its
 * own place otherwise. Answers whether it moved.
 *
 * Inside a dialog the regions are visual only (no role, `aria-live="off"`): every dialog of the
 * site says its problems in its own `role="alert"` text, which a second live region would repeat.
 */
function place(
  container: HTMLElement,
  regions: readonly HTMLElement[],
  home: { parent: HTMLElement; next: Node | null },
): boolean {
  const host = topModal() ?? home.parent;
  if (container.parentNode === host) return false;
  if (host === home.parent) home.parent.insertBefore(container, home.next);
  else host.append(container);
  for (const region of regions) {
    const live = region.dataset['live'] ?? region.getAttribute('aria-live') ?? 'polite';
    const role = region.dataset['role'] ?? region.getAttribute('role') ?? 'status';
    region.dataset['live'] = live;
    region.dataset['role'] = role;
    if (host === home.parent) {
      region.setAttribute('role', role);
      region.setAttribute('aria-live', live);
    } else {
      region.removeAttribute('role');
      region.setAttribute('aria-live', 'off');
    }
  }
  return true;
}

/**
 * While a toast is shown at the bottom of the page, keyboard focus stops above it (WCAG 2.4.11):
 * `--toast-space` joins the scroll padding of the page (global.css, and the bars that add their
 * own: the profile's contact bar, the compare tray), and the page gets as much room at its end,
 * so an element focused under the toast can be scrolled above it (see `mountToaster`).
 */
function keepFocusAbove(container: HTMLElement | null): void {
  const root = document.documentElement.style;
  if (container === null) {
    root.removeProperty('--toast-space');
    document.body.style.removeProperty('margin-bottom');
  } else {
    const space = `${String(container.offsetHeight + 8)}px`;
    root.setProperty('--toast-space', space);
    document.body.style.setProperty('margin-bottom', space);
  }
}

/** Connects the store to the live regions; safe to call once per page. */
export function mountToaster(): void {
  const politeRegion = document.getElementById(POLITE_ID);
  const alertRegion = document.getElementById(ALERT_ID);
  const container = politeRegion?.parentElement;
  if (!politeRegion || !alertRegion || !container?.parentElement) return;
  const [polite, alert, toasts] = [politeRegion, alertRegion, container];
  const home = { parent: container.parentElement, next: container.nextSibling };
  const placed = (): boolean => place(container, [polite, alert], home);
  let current: { toast: Toast; box: HTMLElement } | null = null;
  let pendingFrame: number | undefined;

  /** Fills a region a frame after it became live again, so screen readers hear it. */
  const fillLater = (toast: Toast): void => {
    pendingFrame = requestAnimationFrame(() => {
      pendingFrame = undefined;
      show(toast);
    });
  };

  // `close` does not bubble, but a capturing listener sees every dialog's. A toast raised in the
  // dialog (e.g. "Request Submitted" as it closes) is shown again in the live region at home.
  document.addEventListener(
    'close',
    (event) => {
      if (!(event.target instanceof HTMLDialogElement) || !event.target.contains(container)) return;
      if (!placed() || current === null) return;
      const { toast, box } = current;
      box.remove();
      fillLater(toast);
    },
    true,
  );

  let timer: ReturnType<typeof setTimeout> | undefined;
  let remaining = 0;
  let startedAt = 0;

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const startTimer = (id: number) => {
    stopTimer();
    startedAt = Date.now();
    timer = setTimeout(() => {
      dismissToast(id);
    }, remaining);
  };

  // Focus that lands under a toast (already on screen, so nothing scrolls) is scrolled above it.
  document.addEventListener('focusin', (event) => {
    if (current === null || toasts.parentElement !== home.parent) return;
    const target = event.target;
    if (!(target instanceof Element) || toasts.contains(target)) return;
    const cover = current.box.getBoundingClientRect();
    const focused = target.getBoundingClientRect();
    const overlaps =
      focused.bottom > cover.top &&
      focused.top < cover.bottom &&
      focused.right > cover.left &&
      focused.left < cover.right;
    if (!overlaps) return;
    // Up until its bottom clears the toast, but never its top under the sticky header.
    const header = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    const by = Math.min(focused.bottom - cover.top + 8, focused.top - header);
    if (by > 0) window.scrollBy({ top: by, behavior: 'instant' });
  });

  $toast.subscribe((toast) => {
    stopTimer();
    if (pendingFrame !== undefined) cancelAnimationFrame(pendingFrame);
    pendingFrame = undefined;
    current = null;
    polite.replaceChildren();
    alert.replaceChildren();
    keepFocusAbove(null);
    if (!toast) return;
    // Back home (live again) after a dialog: a frame before it is filled.
    if (placed() && topModal() === null) fillLater(toast);
    else show(toast);
  });

  function show(toast: Toast): void {
    const box = render(toast);
    current = { toast, box };
    (toast.variant === 'destructive' ? alert : polite).append(box);
    keepFocusAbove(toasts.parentElement === home.parent ? toasts : null);
    if (toast.durationMs <= 0) return;
    remaining = toast.durationMs;
    startTimer(toast.id);
    // WCAG 2.2.1: a message must not vanish while someone is reading or operating it.
    const pause = () => {
      if (timer === undefined) return;
      stopTimer();
      remaining = Math.max(1000, remaining - (Date.now() - startedAt));
    };
    const resume = () => {
      if (timer === undefined && !box.matches(':hover, :focus-within')) startTimer(toast.id);
    };
    box.addEventListener('mouseenter', pause);
    box.addEventListener('focusin', pause);
    box.addEventListener('mouseleave', resume);
    box.addEventListener('focusout', () => {
      // focusout fires before focus lands on the next element
      setTimeout(resume, 0);
    });
  }
}
