import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY } from '../../../src/lib/auth/rules.ts';
import { createAuthStorage, REMEMBER_KEY, type StorageLike } from '../../../src/api/auth-storage.ts';

/** A Map-backed Storage; `blocked` makes every call throw, as Safari's private mode once did. */
function fakeStorage(blocked = false): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  const guard = () => {
    if (blocked) throw new DOMException('blocked', 'SecurityError');
  };
  return {
    data,
    getItem: (key) => (guard(), data.get(key) ?? null),
    setItem: (key, value) => (guard(), void data.set(key, value)),
    removeItem: (key) => (guard(), void data.delete(key)),
  };
}

function setup(options: { localBlocked?: boolean } = {}) {
  const local = fakeStorage(options.localBlocked);
  const session = fakeStorage();
  const storage = createAuthStorage(
    () => local,
    () => session,
  );
  return { local, session, storage };
}

const VERIFIER = `${AUTH_STORAGE_KEY}-code-verifier`;

describe('createAuthStorage (Remember me)', () => {
  it('remembers by default: the session goes to localStorage', () => {
    const { local, session, storage } = setup();
    expect(storage.remembers()).toBe(true);
    storage.setItem(AUTH_STORAGE_KEY, 'S');
    expect(local.data.get(AUTH_STORAGE_KEY)).toBe('S');
    expect(session.data.has(AUTH_STORAGE_KEY)).toBe(false);
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBe('S');
    expect(storage.hasSession()).toBe(true);
  });

  it('not remembered: the session goes to sessionStorage, the preference to localStorage', () => {
    const { local, session, storage } = setup();
    storage.setRemember(false);
    expect(local.data.get(REMEMBER_KEY)).toBe('0');
    expect(storage.remembers()).toBe(false);
    storage.setItem(AUTH_STORAGE_KEY, 'S');
    expect(session.data.get(AUTH_STORAGE_KEY)).toBe('S');
    expect(local.data.has(AUTH_STORAGE_KEY)).toBe(false);
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBe('S');
    expect(storage.hasSession()).toBe(true);
  });

  it.each([
    [false, 'local', 'session'],
    [true, 'session', 'local'],
  ] as const)('setRemember(%s) moves a stored session from %s to %s storage', (remember, from, to) => {
    const stores = setup();
    stores.storage.setRemember(!remember);
    stores.storage.setItem(AUTH_STORAGE_KEY, 'S');
    expect(stores[from].data.get(AUTH_STORAGE_KEY)).toBe('S');
    stores.storage.setRemember(remember);
    expect(stores[from].data.has(AUTH_STORAGE_KEY)).toBe(false);
    expect(stores[to].data.get(AUTH_STORAGE_KEY)).toBe('S');
  });

  it('remembering again removes the preference key', () => {
    const { local, storage } = setup();
    storage.setRemember(false);
    storage.setRemember(true);
    expect(local.data.has(REMEMBER_KEY)).toBe(false);
  });

  it('the PKCE code verifier stays in localStorage either way (links open in a new tab)', () => {
    const { local, session, storage } = setup();
    storage.setRemember(false);
    storage.setItem(VERIFIER, 'V');
    expect(local.data.get(VERIFIER)).toBe('V');
    expect(session.data.has(VERIFIER)).toBe(false);
    expect(storage.getItem(VERIFIER)).toBe('V');
  });

  it('reads a session left in the other store, and a write there moves it', () => {
    const { local, session, storage } = setup();
    local.data.set(AUTH_STORAGE_KEY, 'old');
    local.data.set(REMEMBER_KEY, '0');
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBe('old');
    expect(storage.hasSession()).toBe(true);
    storage.setItem(AUTH_STORAGE_KEY, 'new');
    expect(session.data.get(AUTH_STORAGE_KEY)).toBe('new');
    expect(local.data.has(AUTH_STORAGE_KEY)).toBe(false);
  });

  it('removeItem and clearSession clear both stores', () => {
    const { local, session, storage } = setup();
    local.data.set(AUTH_STORAGE_KEY, 'a');
    session.data.set(AUTH_STORAGE_KEY, 'b');
    storage.removeItem(AUTH_STORAGE_KEY);
    expect(storage.hasSession()).toBe(false);
    local.data.set(AUTH_STORAGE_KEY, 'a');
    session.data.set(`${AUTH_STORAGE_KEY}-user`, 'u');
    storage.clearSession();
    expect([...local.data.keys(), ...session.data.keys()]).toEqual([]);
  });

  it('blocked localStorage: remembers, reads nothing from it, never throws', () => {
    const { session, storage } = setup({ localBlocked: true });
    expect(storage.remembers()).toBe(true);
    expect(() => {
      storage.setRemember(false);
      storage.setItem(AUTH_STORAGE_KEY, 'S');
      storage.removeItem(AUTH_STORAGE_KEY);
    }).not.toThrow();
    expect(storage.hasSession()).toBe(session.data.has(AUTH_STORAGE_KEY));
  });

  it('no storage at all (server render): nothing stored, nothing thrown', () => {
    const storage = createAuthStorage(
      () => null,
      () => null,
    );
    storage.setItem(AUTH_STORAGE_KEY, 'S');
    expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(storage.hasSession()).toBe(false);
  });
});
