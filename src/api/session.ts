/**
 * The browser session, as one nanostore every island and page script reads.
 *
 * supabase-js is large, so it loads only when a session may exist: `initSession()` looks
 * synchronously for the session supabase-js keeps under `AUTH_STORAGE_KEY` (in localStorage, or
 * in sessionStorage when the person unticked "Remember me": auth-storage.ts) and, finding none,
 * decides "signed-out" without any download. Signed-in pages load it lazily (dynamic import), keep
 * the token fresh (`autoRefreshToken`) and learn the roles from `GET /api/me`. It gives the API
 * client (client.ts) its token. The session knows nothing about providers: the provider pages
 * create a missing provider profile themselves (providers.ts).
 *
 * @example
 * initSession();
 * const session = useStore($session); // in a React island
 * const res = await apiFetch('/api/favorites'); // client.ts: with `Authorization: Bearer …` when signed in
 */
import type { AuthChangeEvent, Session as AuthSession, SupabaseClient, User } from '@supabase/supabase-js';
import { atom, type ReadableAtom } from 'nanostores';
import { AUTH_STORAGE_KEY, displayName as displayNameRule, signInHrefFor } from '../lib/auth/rules.ts';
import { ROLES, type Role } from '../lib/vocabulary.ts';
import { createAuthStorage } from './auth-storage.ts';
import { setTokenGetter } from './client.ts';

export type SessionUser = { id: string; email: string | null; metadata: Record<string, unknown> };
export type Session =
  | { status: 'unknown' } // before the browser has looked (server render, first paint)
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SessionUser; roles: Role[] };

const $store = atom<Session>({ status: 'unknown' });
export const $session: ReadableAtom<Session> = $store;

/**
 * The local embedded backend's URL and publishable key, used when a build has none (the same
 * fallback astro.config.mjs gives the CSP). The key is public by design (see .env.example).
 */
const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
const LOCAL_ANON_KEY = 'sb_publishable_local_dev_only_7Yq2mXc4RfT9vLbN3sKd';

function supabaseConfig(): { url: string; key: string } {
  // Typed here rather than through Astro's env types, so that unit tests (tsconfig.node.json,
  // without them) can import this module too.
  const env = (import.meta as unknown as { env: Record<string, string | undefined> }).env;
  return {
    url: env['PUBLIC_SUPABASE_URL'] || LOCAL_SUPABASE_URL,
    key: env['PUBLIC_SUPABASE_ANON_KEY'] || LOCAL_ANON_KEY,
  };
}

const inBrowser = (): boolean => typeof window !== 'undefined' && typeof localStorage !== 'undefined';

/** A Web Storage, or null outside a browser or when blocked (privacy settings throw on access). */
function webStorage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  if (!inBrowser()) return null;
  try {
    return window[name];
  } catch {
    return null;
  }
}

/** supabase-js's storage: localStorage, or sessionStorage when not remembered (auth-storage.ts). */
const authStorage = createAuthStorage(
  () => webStorage('localStorage'),
  () => webStorage('sessionStorage'),
);

/** True when supabase-js may have a session stored, in either store (synchronous; no download). */
export function mayHaveSession(): boolean {
  return authStorage.hasSession();
}

/**
 * "Remember me": true keeps the next session in localStorage (it outlives the browser), false in
 * sessionStorage (it ends with the tab). Call before signing in or requesting an e-mail link; a
 * session already stored moves to the matching store. /auth always remembers.
 */
export function setRememberMe(remember: boolean): void {
  authStorage.setRemember(remember);
}

/** The current "Remember me" preference (true unless the person unticked it). */
export function rememberMe(): boolean {
  return authStorage.remembers();
}

let clientPromise: Promise<SupabaseClient> | null = null;

/** supabase-js, loaded and created once; subscribing to its auth events keeps `$session` current. */
export function getSupabase(): Promise<SupabaseClient> {
  clientPromise ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const { url, key } = supabaseConfig();
    const client = createClient(url, key, {
      auth: {
        storageKey: AUTH_STORAGE_KEY,
        storage: authStorage,
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: true,
        // /auth/confirm exchanges `?code=` itself, so that a stray `code` parameter on another
        // page is never taken for a sign-in and errors can be shown where they belong.
        detectSessionInUrl: false,
      },
    });
    client.auth.onAuthStateChange((event: AuthChangeEvent, session: AuthSession | null) => {
      // supabase-js holds a lock while calling back; calling it again from here (getSession in
      // apiFetch) would deadlock, so the work runs after the callback returns.
      setTimeout(() => {
        void applySession(event, session);
      }, 0);
    });
    return client;
  });
  clientPromise.catch(() => {
    // Loading failed (offline, blocked): let a later call try again, and stop waiting.
    clientPromise = null;
    if ($store.get().status === 'unknown') $store.set({ status: 'signed-out' });
  });
  return clientPromise;
}

function toSessionUser(user: User): SessionUser {
  return { id: user.id, email: user.email ?? null, metadata: { ...user.user_metadata } };
}

/** Increases with every session change, so a slow roles answer for an older one is dropped. */
let generation = 0;

async function applySession(event: AuthChangeEvent, session: AuthSession | null): Promise<void> {
  const mine = ++generation;
  if (!session) {
    $store.set({ status: 'signed-out' });
    return;
  }
  const user = toSessionUser(session.user);
  const current = $store.get();
  if (current.status === 'signed-in' && current.user.id === user.id && event !== 'SIGNED_IN') {
    // Token refresh or metadata change: same person, same roles.
    $store.set({ status: 'signed-in', user, roles: current.roles });
    return;
  }
  const roles = await fetchRoles(session.access_token);
  if (mine !== generation) return;
  if (roles === 'unauthorized') {
    // The server no longer accepts this session (user deleted, session ended elsewhere).
    const client = await getSupabase();
    await client.auth.signOut({ scope: 'local' });
    return;
  }
  $store.set({ status: 'signed-in', user, roles });
}

/**
 * Roles from GET /api/me; an empty list when it cannot be read (no role entries in the menu, not
 * a failed sign-in), or 'unauthorized'.
 */
async function fetchRoles(accessToken: string): Promise<Role[] | 'unauthorized'> {
  try {
    const res = await fetch('/api/me', { headers: { authorization: `Bearer ${accessToken}` } });
    if (res.status === 401) return 'unauthorized';
    if (!res.ok) throw new Error(`GET /api/me answered ${res.status}`);
    const body = (await res.json()) as { roles?: unknown };
    const roles = Array.isArray(body.roles) ? body.roles : [];
    return roles.filter((r): r is Role => (ROLES as readonly unknown[]).includes(r));
  } catch (error) {
    console.warn('Could not load the account roles', error);
    return [];
  }
}

let started = false;

/** Starts watching the session; safe to call from every island and script, any number of times. */
export function initSession(): void {
  if (started || !inBrowser()) return;
  started = true;
  if (mayHaveSession()) void getSupabase();
  else if (!clientPromise) $store.set({ status: 'signed-out' });
  // Signing in or out in another tab: supabase-js tells its own instances (BroadcastChannel), but
  // a signed-out page has not loaded it, so it listens to the storage key itself.
  window.addEventListener('storage', (event) => {
    if (event.key !== AUTH_STORAGE_KEY) return;
    if (event.newValue !== null) void getSupabase();
    else if (!clientPromise) $store.set({ status: 'signed-out' });
  });
}

/** The current access token, refreshed by supabase-js when close to expiry; null when signed out. */
async function accessToken(): Promise<string | null> {
  if (!clientPromise && !mayHaveSession()) return null;
  const client = await getSupabase();
  const { data } = await client.auth.getSession();
  return data.session?.access_token ?? null;
}

// Every apiFetch call (client.ts) carries this session's token.
setTokenGetter(accessToken);

/**
 * Signs out of this browser (the server revokes this session's refresh token). Rejects with the
 * auth error when that fails, so the caller can say "Sign Out Error".
 */
let signingOut = false;

/**
 * True once this page called `signOut()` (until it fails): the caller navigates when it is done.
 * A page that sends signed-out visitors away (the provider dashboard) leaves that navigation to
 * the caller instead of racing it; its effect may run after `signOut()` has already returned.
 */
export function isSigningOut(): boolean {
  return signingOut;
}

export async function signOut(): Promise<void> {
  signingOut = true;
  try {
    await signOutNow();
  } catch (error) {
    signingOut = false;
    throw error;
  }
}

async function signOutNow(): Promise<void> {
  if (!clientPromise && !mayHaveSession()) {
    $store.set({ status: 'signed-out' });
    return;
  }
  const client = await getSupabase();
  generation++;
  const { error } = await client.auth.signOut({ scope: 'local' });
  // supabase-js removes its key; a copy left in the other store (localStorage or sessionStorage)
  // must not bring the session back on the next page.
  authStorage.clearSession();
  $store.set({ status: 'signed-out' });
  if (error) throw error;
}

/**
 * Sets a new password for the signed-in user (`updateUser`), then ends the user's other sessions
 * (`signOut({ scope: 'others' })`: every other browser and device must sign in again, so a
 * session someone else took over does not outlive the new password). Supabase Auth and the local
 * auth server already end them when the password changes; the second call makes sure of it
 * whatever the project's settings. Resolves with the `updateUser` error, or null on success; a
 * failure of the second call is only logged (the password did change).
 */
export async function updatePassword(
  password: string,
): Promise<{ code?: string | undefined; status?: number | undefined; message: string } | null> {
  const client = await getSupabase();
  const { error } = await client.auth.updateUser({ password });
  if (error) return error;
  const { error: othersError } = await client.auth.signOut({ scope: 'others' });
  if (othersError) console.warn('Could not end the other sessions after the password change:', othersError);
  return null;
}

/** The header's name for a person: full_name metadata, else the e-mail's local part, else "Account". */
export function displayName(user: SessionUser | null): string {
  return displayNameRule(user);
}

/** `/auth?next=<path+search>` (the current page by default); only same-site paths are kept. */
export function signInHref(next?: string): string {
  const target = next ?? (inBrowser() ? `${location.pathname}${location.search}` : undefined);
  return signInHrefFor(target);
}

/**
 * Resolves with the signed-in session once `$session` has it (roles included), or null when it
 * becomes signed-out or `timeoutMs` passes first. For "sign in, then go where this person
 * belongs" (a provider's dashboard), which needs the roles the session learns from /api/me.
 */
export function whenSignedIn(timeoutMs = 5000): Promise<Extract<Session, { status: 'signed-in' }> | null> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: Extract<Session, { status: 'signed-in' }> | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // nanostores calls the listener at once when already signed in: unsubscribe after that.
      queueMicrotask(() => {
        unsubscribe();
      });
      resolve(value);
    };
    const timer = setTimeout(() => {
      finish(null);
    }, timeoutMs);
    const unsubscribe = $store.subscribe((session) => {
      if (session.status === 'signed-in') finish(session);
    });
  });
}
