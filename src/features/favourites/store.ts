/**
 * The signed-in user's favorites (docs/product-rules.md#favorites), as nanostores every heart reads.
 *
 * `followSession()` (called by watch.ts, the one session watcher, on every session change) loads
 * the saved programs ONCE per page when someone is signed in (`GET /api/favorites`), and forgets
 * them when they sign out. `toggleFavourite(program)` flips the heart at once, then saves or removes it
 * (`PUT`/`DELETE /api/favorites/:id`) and rolls the change back if the server refuses; toggles of
 * one program run one after the other, so the last click wins. Signed out, it asks the person to
 * sign in and come back to the same page.
 *
 * supabase-js is not imported here: the session module loads it only when a session may exist.
 * Hearts on public pages import `state.ts` and load this module lazily (watch.ts).
 *
 * @example
 * watchFavourites(); // watch.ts
 * const ids = useStore($favouriteIds);
 * await toggleFavourite({ id: 'tidemark-ocd-residential', name: 'Tidemark OCD Residential' });
 */
import type { ReadableAtom } from 'nanostores';
import { apiFetch, failureText, OFFLINE_TEXT, readFailure } from '../../api/client.ts';
import { $session, initSession, type Session, signInHref } from '../../api/session.ts';
import { showToast } from '../../ui/toasts/store.ts';
import {
  $favouriteIds,
  $favouritesList as $list,
  $favouritesState as $state,
  type Favorite,
  type FavouritesStatus,
} from './state.ts';

export { $favouriteIds, type Favorite, type FavouritesStatus };

export type FavouriteProgram = { id: string; name: string };

export const FAVOURITES_ENDPOINT = '/api/favorites';

/** The saved programs, newest first (empty until loaded, and when signed out). */
export const $favourites: ReadableAtom<readonly Favorite[]> = $list;
/** `ready` once the list for the signed-in user has been loaded. */
export const $favouritesStatus: ReadableAtom<FavouritesStatus> = $state;

let loadedFor: string | null = null;
let loading: Promise<void> | null = null;

/** Brings the list in step with the session: loaded for the signed-in person, empty when signed out. */
export function followSession(): void {
  const session = $session.get();
  if (session.status === 'signed-in') {
    if (loadedFor !== session.user.id) void loadFavourites();
  } else if (session.status === 'signed-out') {
    loadedFor = null;
    loading = null;
    $list.set([]);
    $state.set('idle');
  }
}

/**
 * Loads the list for the signed-in user (again, when called after a failure). Shows "Failed to
 * load favorites" when it cannot, with a way to try again.
 */
export function loadFavourites(): Promise<void> {
  const session = $session.get();
  if (session.status !== 'signed-in') return Promise.resolve();
  const userId = session.user.id;
  if (loading && loadedFor === userId) return loading;
  loadedFor = userId;
  $state.set('loading');
  const current = (async () => {
    try {
      const res = await apiFetch(FAVOURITES_ENDPOINT);
      if (!res.ok) throw new Error(`GET ${FAVOURITES_ENDPOINT} answered ${res.status}`);
      const body = (await res.json()) as { favorites?: unknown };
      if (!Array.isArray(body.favorites)) throw new Error('unexpected answer');
      if (loadedFor !== userId) return;
      // Toggles made while the list was on its way win over what it says.
      $list.set(mergePending(body.favorites as Favorite[]));
      $state.set('ready');
    } catch (error) {
      if (loadedFor !== userId) return;
      console.warn('Could not load favorites:', error);
      $state.set('error');
      loadedFor = null;
      showToast({
        title: 'Failed to load favorites',
        description: 'Your saved programs could not be loaded. Please try again.',
        variant: 'destructive',
        action: {
          label: 'Try again',
          onAction: () => {
            void loadFavourites();
          },
        },
      });
    }
  })();
  loading = current;
  void current.finally(() => {
    if (loading === current) loading = null;
  });
  return current;
}

/** Programs toggled since the list was requested: id → saved? (the latest click). */
const pending = new Map<string, { saved: boolean; entry: Favorite }>();

function mergePending(server: readonly Favorite[]): Favorite[] {
  let list = server.filter((f) => !pending.has(f.program_id));
  for (const [, { saved, entry }] of pending) if (saved) list = [entry, ...list];
  return sortNewestFirst(list);
}

function sortNewestFirst(list: readonly Favorite[]): Favorite[] {
  return [...list].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/** Resolves once the session is known (signed in or out). */
function knownSession(): Promise<Exclude<Session, { status: 'unknown' }>> {
  initSession();
  return new Promise((resolve) => {
    const stop = $session.subscribe((session) => {
      if (session.status === 'unknown') return;
      queueMicrotask(() => {
        stop();
      });
      resolve(session);
    });
  });
}

export function isFavourite(id: string): boolean {
  return $favouriteIds.get().has(id);
}

/** One request at a time per program, in click order. */
const queues = new Map<string, Promise<void>>();

/**
 * Saves or removes `program` for the signed-in user, optimistically; toasts the outcome
 * (added, removed, or why it failed). Signed out: "Authentication Required" with a sign-in
 * button that returns here.
 * Resolves when the server has answered (or the change was rolled back).
 */
export async function toggleFavourite(program: FavouriteProgram): Promise<void> {
  const session = $session.get().status === 'unknown' ? await knownSession() : $session.get();
  if (session.status !== 'signed-in') {
    askToSignIn();
    return;
  }
  followSession();
  // A click before the list arrived would otherwise act on a heart that only looked empty.
  if ($state.get() === 'loading' && loading) await loading;

  const saved = !isFavourite(program.id);
  const before = $list.get().find((f) => f.program_id === program.id);
  const entry: Favorite = before ?? {
    program_id: program.id,
    program_name: program.name,
    created_at: new Date().toISOString(),
  };
  apply(program.id, saved, entry);
  if ($state.get() !== 'ready') pending.set(program.id, { saved, entry });

  const previous = queues.get(program.id) ?? Promise.resolve();
  const run = previous.then(() => send(program, saved, entry));
  queues.set(program.id, run);
  try {
    await run;
  } finally {
    if (queues.get(program.id) === run) {
      queues.delete(program.id);
      pending.delete(program.id);
    }
  }
}

/** Puts `entry` into the list or takes it out, keeping newest first. */
function apply(id: string, saved: boolean, entry: Favorite): void {
  const rest = $list.get().filter((f) => f.program_id !== id);
  $list.set(saved ? sortNewestFirst([entry, ...rest]) : rest);
}

async function send(program: FavouriteProgram, saved: boolean, entry: Favorite): Promise<void> {
  const path = `${FAVOURITES_ENDPOINT}/${encodeURIComponent(program.id)}`;
  let res: Response | null = null;
  try {
    res = await apiFetch(path, { method: saved ? 'PUT' : 'DELETE' });
  } catch (error) {
    console.warn('Could not reach the favorites API:', error);
  }
  if (res?.status === 204) {
    showToast(
      saved
        ? { title: 'Added to Favorites', description: `${program.name} was saved to your favorites.` }
        : {
            title: 'Removed from Favorites',
            description: `${program.name} was removed from your favorites.`,
            action: {
              label: 'Undo',
              onAction: () => {
                void toggleFavourite(program);
              },
            },
          },
    );
    return;
  }
  // Roll back this change only: other programs may have changed meanwhile.
  apply(program.id, !saved, entry);
  const message = failureText(await readFailure(res), OFFLINE_TEXT);
  showToast({
    title: saved ? 'Failed to add to favorites' : 'Failed to remove from favorites',
    description: message,
    variant: 'destructive',
    ...(res?.status === 401 ? { action: signInAction() } : {}),
  });
}

function signInAction(): { label: string; onAction: () => void } {
  return {
    label: 'Sign In',
    onAction: () => {
      location.assign(signInHref());
    },
  };
}

/** Favorites need an account. The button returns to this page after sign-in. */
function askToSignIn(): void {
  showToast({
    title: 'Authentication Required',
    description: 'Please sign in to save favorites',
    variant: 'destructive',
    action: signInAction(),
    // Long enough to reach the button; the toaster also pauses while it is hovered or focused.
    durationMs: 12_000,
  });
}
