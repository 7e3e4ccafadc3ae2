import { useEffect, useSyncExternalStore } from 'react';
import type { FavouriteProgram } from './store.ts';
import { $favouriteIds } from './state.ts';
import { loadFavouritesStore, watchFavourites } from './watch.ts';
import {
  CARD_HEART_VISIBILITY_CLASS,
  HEART_BUTTON_CLASS,
  HEART_ICON_CLASS,
  HEART_PATH,
  heartLabel,
} from './heart.ts';

// useSyncExternalStore directly: @nanostores/react would add its own chunk to the home page.
const subscribe = (onChange: () => void) => $favouriteIds.listen(onChange);
const getIds = () => $favouriteIds.get();
const NONE: ReadonlySet<string> = new Set();
/** The server renders every heart unpressed (and hydration starts from the same). */
const getServerIds = () => NONE;

type Props = {
  program: FavouriteProgram;
  /** `card`: shown on hover/focus (always on touch screens); `always`: always shown. */
  visibility?: 'card' | 'always';
};

/**
 * The favorite toggle (docs/product-rules.md#favorites): a button with `aria-pressed`, named
 * "Save … to favorites" or "Remove … from favorites". Signed out, a click asks the person to sign in (store.ts).
 */
export default function FavouriteHeart({ program, visibility = 'card' }: Props) {
  const ids = useSyncExternalStore(subscribe, getIds, getServerIds);
  useEffect(() => {
    // Signed-out visitors load the store's code only when they click.
    watchFavourites();
  }, []);
  const saved = ids.has(program.id);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={heartLabel(program.name, saved)}
      data-favourite-heart={program.id}
      onClick={() => {
        loadFavouritesStore()
          .then((store) => store.toggleFavourite(program))
          .catch((error: unknown) => {
            console.warn('Could not load the favorites code:', error);
          });
      }}
      className={`${HEART_BUTTON_CLASS} ${visibility === 'card' ? CARD_HEART_VISIBILITY_CLASS : ''}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        stroke="currentColor"
        strokeWidth={1.8}
        className={HEART_ICON_CLASS}
      >
        <path strokeLinecap="round" strokeLinejoin="round" d={HEART_PATH} />
      </svg>
    </button>
  );
}
