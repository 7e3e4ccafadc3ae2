/**
 * The favourites' state alone, without the code that loads or changes it: hearts on pages where
 * most visitors are signed out (the directory, profiles) read these atoms and load `store.ts`
 * (the API calls and toasts) only when someone is signed in or clicks a heart.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { $session, initSession } from '../auth/session.ts';

/** One saved program, as `GET /api/favorites` lists it. */
export type Favourite = { program_id: string; program_name: string; created_at: string };

export type FavouritesStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Written by store.ts only. */
export const $favouritesList = atom<readonly Favourite[]>([]);
/** Written by store.ts only. */
export const $favouritesState = atom<FavouritesStatus>('idle');

/** The saved program ids, for hearts. */
export const $favouriteIds: ReadableAtom<ReadonlySet<string>> = computed(
  $favouritesList,
  (list) => new Set(list.map((f) => f.program_id)),
);

/** The store's code, loaded once when first needed. */
export function loadFavouritesStore(): Promise<typeof import('./store.ts')> {
  return import('./store.ts');
}

let watching = false;

/**
 * Loads the store and the saved list as soon as someone is signed in (at once for a stored
 * session; the session module decides "signed out" without any download when there is none).
 * Safe to call from every heart.
 */
export function watchFavourites(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  initSession();
  const stop = $session.subscribe((session) => {
    if (session.status !== 'signed-in') return;
    queueMicrotask(() => {
      stop();
    });
    loadFavouritesStore()
      .then((store) => {
        store.startFavourites();
      })
      .catch((error: unknown) => {
        watching = false;
        console.warn('Could not load the favourites code:', error);
      });
  });
}
