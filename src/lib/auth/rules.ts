/**
 * Pure rules of accounts, free of the DOM and of supabase-js so that unit tests, the session and
 * every island can use them: the display name, which `next` targets are honored, the /auth
 * modes, where providers land, and the storage key the session lives under.
 */

/**
 * localStorage key of supabase-js's session. Fixed (instead of supabase-js's default, derived
 * from the project URL) so that the session module can tell synchronously, without loading
 * supabase-js, whether a session may exist.
 */
export const AUTH_STORAGE_KEY = 'ocd-directory-auth';

/** The shape of a user the display-name rule needs. */
export type NamedUser = { email: string | null; metadata: Record<string, unknown> } | null;

/** The header's name for a person: full_name metadata, else the e-mail's local part, else "Account". */
export function displayName(user: NamedUser): string {
  if (!user) return 'Account';
  const fullName = user.metadata['full_name'];
  if (typeof fullName === 'string' && fullName.trim() !== '') return fullName.trim();
  const email = user.email?.trim() ?? '';
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : '';
  return local !== '' ? local : 'Account';
}

/** Modes of /auth: signin (the default), sign-up, magic link, reset and update-password. */
export const AUTH_MODES = ['signin', 'signup', 'magic-link', 'reset', 'update-password'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** The mode of `?mode=`; anything unknown (or absent) is sign-in. */
export function parseAuthMode(raw: string | null | undefined): AuthMode {
  const value = (raw ?? '').trim().toLowerCase();
  return (AUTH_MODES as readonly string[]).includes(value) ? (value as AuthMode) : 'signin';
}

/** C0 controls, DEL and backslashes, which browsers treat in URLs in surprising ways. */
function hasControlOrBackslash(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/** How many `/auth/confirm?next=…` wrappers are unwrapped before giving up (see safeNextPath). */
const MAX_UNWRAP = 3;

/** Stands in for the site's origin when the caller does not know it (relative paths only). */
const SOME_SITE = 'https://same-site.invalid';

/**
 * The `next` target as a same-site path (path + query + hash), or null when it must not be
 * followed. The target is resolved the way the browser will resolve it (`new URL(next, origin)`)
 * and kept only when it stays on `origin` and its normalized path cannot be read as another host:
 * `/.//evil.example`, `/..//evil`, `/%2e//evil` and `http://site//evil` all normalize to
 * `//evil…`, which a browser follows off-site. An absolute URL of `origin` itself is honored,
 * because the auth server's e-mails carry `next=<redirect_to>` as a full URL (as Supabase's
 * `{{ .RedirectTo }}` does). A `next` that points at /auth/confirm is unwrapped to its own
 * `next` (the e-mail's `redirect_to` is that page), and one that points back at the sign-in
 * form is dropped, so no loop can form.
 */
export function safeNextPath(raw: string | null | undefined, origin?: string): string | null {
  let base: string;
  try {
    base = origin ? new URL(origin).origin : SOME_SITE;
  } catch {
    return null;
  }
  let current = raw ?? '';
  for (let depth = 0; depth <= MAX_UNWRAP; depth++) {
    const value = current.trim();
    if (value === '' || hasControlOrBackslash(value)) return null;
    // A path of this site, or (origin known) an absolute URL; never a relative word like "evil".
    if (!value.startsWith('/') && !(origin && /^[a-z][a-z0-9+.-]*:/i.test(value))) return null;
    let url: URL;
    try {
      url = new URL(value, base);
    } catch {
      return null;
    }
    if (url.origin !== base || url.pathname.startsWith('//')) return null;
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (path === '/auth/confirm') {
      current = url.searchParams.get('next') ?? '/';
      continue;
    }
    if (path === '/auth' && parseAuthMode(url.searchParams.get('mode')) !== 'update-password') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  }
  return null;
}

/** `/auth?next=<path>` for a same-site path; plain `/auth` when the path cannot be honored. */
export function signInHrefFor(next: string | null | undefined): string {
  const safe = safeNextPath(next);
  return safe && safe !== '/' ? `/auth?next=${encodeURIComponent(safe)}` : '/auth';
}

/** Where a provider's account lives. */
export const PROVIDER_HOME = '/provider-dashboard';

/**
 * A provider account: the provider role (a provider profile exists), or sign-up metadata naming
 * an organization (registered as a provider; the profile may still be waiting to be created,
 * which the dashboard does on the next sign-in).
 *
 * @example isProviderAccount([], { organization_name: 'Acme OCD' }) // true
 */
export function isProviderAccount(roles: readonly string[], metadata: Record<string, unknown>): boolean {
  if (roles.includes('provider')) return true;
  const organization = metadata['organization_name'];
  return typeof organization === 'string' && organization.trim() !== '';
}

/** Where a sign-in without an explicit `next` lands: the provider dashboard for providers, else home. */
export function landingPath(roles: readonly string[], metadata: Record<string, unknown>): string {
  return isProviderAccount(roles, metadata) ? PROVIDER_HOME : '/';
}
