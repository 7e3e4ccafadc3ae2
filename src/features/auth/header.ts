/**
 * The signed-in part of the site header, without a framework so that every static page
 * stays within its JavaScript budget: fills `#user-menu-slot` (desktop) and
 * `#mobile-user-menu-slot` (mobile menu) from `$session`, and hides `[data-signed-out-only]`.
 * Loaded by header-boot.ts only once someone is signed in, so signed-out visitors never download it.
 *
 * Pages are rendered signed-out; the desktop slot's box has a fixed width (SiteHeader.astro) so
 * swapping "Provider Login" for the menu moves nothing else in the header.
 */
import { showToast } from '../../ui/toasts/store.ts';
import { clearFlash, flashToast } from '../../ui/toasts/flash.ts';
import { MESSAGES } from '../../lib/auth/messages.ts';
import { isProviderAccount, PROVIDER_HOME } from '../../lib/auth/rules.ts';
import { $session, displayName, type Session, signOut } from '../../api/session.ts';

type Entry = { href: string; label: string; className?: string };

/**
 * Links of a signed-in person; role entries only for that role (docs/product-rules.md#roles).
 * Favorites and My Account (saved programs, requests sent) are a family's: a provider or an
 * administrator gets the work of their role instead, and reaches the account's password and data
 * through Settings in the menu.
 */
export function headerEntries(
  roles: readonly string[],
  metadata: Record<string, unknown>,
): { links: Entry[]; roleLinks: Entry[] } {
  // A provider whose profile is still to be created (registered, confirmed later) counts too: the
  // dashboard is where that profile gets created.
  const provider = isProviderAccount(roles, metadata);
  const admin = roles.includes('admin');
  if (!provider && !admin)
    return {
      links: [
        { href: '/favorites', label: 'Favorites' },
        { href: '/enhanced-dashboard', label: 'My Account' },
      ],
      roleLinks: [],
    };
  const roleLinks: Entry[] = [];
  if (provider) roleLinks.push({ href: PROVIDER_HOME, label: 'Provider Dashboard' });
  if (admin) roleLinks.push({ href: '/admin', label: 'Admin' }, { href: '/testing', label: 'Testing' });
  roleLinks.push({ href: '/enhanced-dashboard', label: 'Settings' });
  return { links: [], roleLinks };
}

function entries(session: Extract<Session, { status: 'signed-in' }>): { links: Entry[]; roleLinks: Entry[] } {
  return headerEntries(session.roles, session.user.metadata);
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const isCurrent = (href: string): boolean =>
  location.pathname === href || location.pathname.startsWith(`${href}/`);

function link(entry: Entry, className: string): HTMLAnchorElement {
  const a = el('a', { href: entry.href, class: `${className} ${entry.className ?? ''}`.trim() }, entry.label);
  if (isCurrent(entry.href)) a.setAttribute('aria-current', 'page');
  return a;
}

let signingOut = false;

async function doSignOut(): Promise<void> {
  if (signingOut) return;
  signingOut = true;
  // Stored before signing out: the moment the session ends, a page of its own (e.g. the provider
  // dashboard, which sends signed-out visitors to /provider-login) may navigate first.
  flashToast(MESSAGES.signedOut);
  try {
    await signOut();
    location.assign('/');
  } catch (error) {
    clearFlash();
    signingOut = false;
    showToast({
      title: 'Sign Out Error',
      description: error instanceof Error && error.message ? error.message : 'Please try again.',
      variant: 'destructive',
    });
  }
}

const MENU_ID = 'user-menu';
const ITEM_CLASS =
  'block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-ink hover:bg-brand-50 hover:text-brand-700 focus-visible:bg-brand-50 aria-[current=page]:text-brand-700';

/** The desktop user menu: a disclosure button and a list of links (Escape and outside clicks close it). */
function desktopMenu(session: Extract<Session, { status: 'signed-in' }>): HTMLElement {
  const name = displayName(session.user);
  const { links, roleLinks } = entries(session);

  const chevron = el('span', { 'aria-hidden': 'true', class: 'text-xs' }, '▾');
  const button = el(
    'button',
    {
      type: 'button',
      id: 'user-menu-button',
      'aria-expanded': 'false',
      'aria-controls': MENU_ID,
      class:
        'inline-flex max-w-40 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-ink ring-1 ring-slate-300 ring-inset hover:bg-brand-50',
    },
    el('span', { class: 'sr-only' }, 'Account menu: '),
    el('span', { class: 'truncate', 'data-display-name': '' }, name),
    chevron,
  );

  const items: HTMLElement[] = [
    // Favorites and My Account sit in the header bar from xl up (see below), in the menu before that.
    ...links.map((entry) => el('li', { class: 'xl:hidden' }, link(entry, ITEM_CLASS))),
    ...roleLinks.map((entry) => el('li', {}, link(entry, ITEM_CLASS))),
  ];
  const signOutButton = el('button', { type: 'button', class: ITEM_CLASS, 'data-sign-out': '' }, 'Sign Out');
  signOutButton.addEventListener('click', () => void doSignOut());
  items.push(el('li', { class: 'mt-1 border-t border-slate-200 pt-1' }, signOutButton));

  const panel = el(
    'div',
    {
      id: MENU_ID,
      class:
        'absolute right-0 z-50 mt-2 hidden w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg',
    },
    el(
      'p',
      { class: 'px-3 py-2 text-xs text-slate-600' },
      'Signed in as ',
      el('span', { class: 'font-semibold break-all text-ink' }, session.user.email ?? name),
    ),
    el('ul', { class: 'space-y-0.5' }, ...items),
  );
  const wrapper = el('div', { class: 'relative' }, button, panel);

  const focusables = (): HTMLElement[] =>
    Array.from(panel.querySelectorAll<HTMLElement>('a, button')).filter((n) => n.offsetParent !== null);
  const setOpen = (open: boolean, focus: 'first' | 'button' | 'none' = 'none') => {
    button.setAttribute('aria-expanded', String(open));
    panel.classList.toggle('hidden', !open);
    if (open && focus === 'first') focusables()[0]?.focus();
    if (!open && focus === 'button') button.focus();
  };
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';

  button.addEventListener('click', (event) => {
    // A keyboard "click" (Enter/Space) has detail 0: move focus into the menu for keyboard users.
    setOpen(!isOpen(), event.detail === 0 ? 'first' : 'none');
  });
  button.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true, 'first');
    }
  });
  wrapper.addEventListener('keydown', (event) => {
    if (!isOpen()) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false, 'button');
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End')
      return;
    const list = focusables();
    if (list.length === 0 || event.target === button) return;
    event.preventDefault();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? list.length - 1
          : (at + (event.key === 'ArrowDown' ? 1 : -1) + list.length) % list.length;
    list[next]?.focus();
  });
  // Tabbing out of the menu or clicking elsewhere closes it.
  wrapper.addEventListener('focusout', (event) => {
    if (isOpen() && !(event.relatedTarget instanceof Node && wrapper.contains(event.relatedTarget)))
      setOpen(false);
  });
  document.addEventListener('click', (event) => {
    if (isOpen() && !(event.target instanceof Node && wrapper.contains(event.target))) setOpen(false);
  });
  panel.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
  });

  const barLink =
    'hidden rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:text-brand-700 xl:inline-block';
  const fragment = el('div', { class: 'flex items-center gap-2' });
  fragment.append(...links.map((entry) => link(entry, barLink)), wrapper);
  return fragment;
}

/** The mobile menu's signed-in part: who is signed in, the links, Sign Out. */
function mobileMenu(session: Extract<Session, { status: 'signed-in' }>): HTMLElement[] {
  const { links, roleLinks } = entries(session);
  const itemClass =
    'block w-full rounded-md px-3 py-3 text-left text-base font-medium text-ink hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700';
  const signOutButton = el('button', { type: 'button', class: itemClass, 'data-sign-out': '' }, 'Sign Out');
  signOutButton.addEventListener('click', () => void doSignOut());
  return [
    el(
      'p',
      { class: 'mt-2 border-t border-slate-200 px-3 pt-3 text-sm text-slate-600' },
      'Signed in as ',
      el('span', { class: 'font-semibold text-ink', 'data-display-name': '' }, displayName(session.user)),
    ),
    el(
      'ul',
      { class: 'space-y-1', 'aria-label': 'Your account' },
      ...[...links, ...roleLinks].map((entry) => el('li', {}, link(entry, itemClass))),
      el('li', {}, signOutButton),
    ),
  ];
}

/** Connects the header to the session; header-boot.ts calls it once per page. */
export function mountHeaderSession(): void {
  const slot = document.getElementById('user-menu-slot');
  const mobileSlot = document.getElementById('mobile-user-menu-slot');
  const signedOutOnly = Array.from(document.querySelectorAll<HTMLElement>('[data-signed-out-only]'));
  let shown = '';

  $session.subscribe((session) => {
    // Re-render only when what the header shows changes (not on every token refresh).
    const key =
      session.status === 'signed-in'
        ? JSON.stringify([session.user.id, displayName(session.user), session.user.email, session.roles])
        : session.status;
    if (key === shown) return;
    shown = key;
    const signedIn = session.status === 'signed-in';
    for (const node of signedOutOnly) node.hidden = signedIn;
    slot?.replaceChildren(...(signedIn ? [desktopMenu(session)] : []));
    mobileSlot?.replaceChildren(...(signedIn ? mobileMenu(session) : []));
  });
}
