/**
 * Where supabase-js keeps the session: "Remember me" on /provider-login
 * (docs/accounts.md#remember-me-storagets).
 *
 * Remembered (the default, and always on /auth): localStorage, so the session outlives the
 * browser. Not remembered: sessionStorage, so it ends when the tab or browser closes. The choice
 * is a preference in localStorage (`REMEMBER_KEY` = '0' when not remembered); changing it moves a
 * stored session to the other store. Reads look in both stores (preferred first), removals clear
 * both, so nothing is left behind whichever way the preference went.
 *
 * The PKCE code verifier (`<key>-code-verifier`) always lives in localStorage: an e-mail link
 * opens in a new tab, whose sessionStorage is empty, and the verifier must be found there.
 *
 * Free of the DOM globals: the stores are passed in (null when blocked), so unit tests use fakes.
 *
 * @example
 * const storage = createAuthStorage(() => safeLocal(), () => safeSession());
 * storage.setRemember(false); // before signInWithPassword
 * createClient(url, key, { auth: { storage, storageKey: AUTH_STORAGE_KEY } });
 */
import { AUTH_STORAGE_KEY } from '../lib/auth/rules.ts';

/** localStorage key of the preference; '0' = do not remember, anything else (or none) = remember. */
export const REMEMBER_KEY = 'ocd-directory-remember';

/** The part of the Web Storage API used here. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type AuthStorage = StorageLike & {
  /** True unless the person chose not to be remembered. */
  remembers(): boolean;
  /** Records the choice and moves a stored session to the matching store. */
  setRemember(remember: boolean): void;
  /** True when a session may be stored (in either store); synchronous, no supabase-js needed. */
  hasSession(): boolean;
  /** Removes the session from both stores. */
  clearSession(): void;
};

/** Keys that hold the session itself (and so follow the preference). */
const SESSION_KEYS = [AUTH_STORAGE_KEY, `${AUTH_STORAGE_KEY}-user`];
const followsPreference = (key: string): boolean => SESSION_KEYS.includes(key);

function attempt<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    // Storage blocked or full: behave as if nothing were stored.
    return fallback;
  }
}

export function createAuthStorage(
  local: () => StorageLike | null,
  session: () => StorageLike | null,
): AuthStorage {
  const remembers = (): boolean => attempt(() => local()?.getItem(REMEMBER_KEY) !== '0', true);
  /** [where it goes, the other store] for a key. */
  const stores = (key: string): [StorageLike | null, StorageLike | null] =>
    !followsPreference(key) || remembers() ? [local(), session()] : [session(), local()];

  const getItem = (key: string): string | null => {
    const [preferred, other] = stores(key);
    return (
      attempt(() => preferred?.getItem(key) ?? null, null) ??
      (followsPreference(key) ? attempt(() => other?.getItem(key) ?? null, null) : null)
    );
  };
  const setItem = (key: string, value: string): void => {
    const [preferred, other] = stores(key);
    attempt(() => preferred?.setItem(key, value), undefined);
    if (followsPreference(key)) attempt(() => other?.removeItem(key), undefined);
  };
  const removeItem = (key: string): void => {
    attempt(() => local()?.removeItem(key), undefined);
    attempt(() => session()?.removeItem(key), undefined);
  };

  return {
    getItem,
    setItem,
    removeItem,
    remembers,
    setRemember(remember) {
      const values = SESSION_KEYS.map((key) => [key, getItem(key)] as const);
      attempt(() => {
        if (remember) local()?.removeItem(REMEMBER_KEY);
        else local()?.setItem(REMEMBER_KEY, '0');
      }, undefined);
      for (const [key, value] of values) if (value !== null) setItem(key, value);
    },
    hasSession: () => getItem(AUTH_STORAGE_KEY) !== null,
    clearSession() {
      for (const key of SESSION_KEYS) removeItem(key);
    },
  };
}
