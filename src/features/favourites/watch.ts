/**
 * The favorites' one session watcher. Hearts and the favorites page call `watchFavourites()`;
 * once someone is signed in it loads store.ts (the API calls and toasts) and has it follow the
 * session: the list is loaded once per signed-in person and forgotten on sign-out. Signed-out
 * visitors load store.ts only when they click a heart (`loadFavouritesStore`).
 */
import { $session, initSession } from '../../api/session.ts';

/** The store's code, loaded once when first needed. */
export function loadFavouritesStore(): Promise<typeof import('./store.ts')> {
  return import('./store.ts');
}

let watching = false;
let storeLoaded = false;

/** Starts watching the session; safe to call from every heart, any number of times. */
export function watchFavourites(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  initSession();
  $session.subscribe((session) => {
    if (session.status === 'unknown') return;
    // Signed out before anything was loaded: there is nothing to forget.
    if (session.status === 'signed-out' && !storeLoaded) return;
    loadFavouritesStore()
      .then((store) => {
        storeLoaded = true;
        store.followSession();
      })
      .catch((error: unknown) => {
        // The next session change or click tries again.
        console.warn('Could not load the favorites code:', error);
      });
  });
}
