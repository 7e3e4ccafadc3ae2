/**
 * The heart on program profiles, without React: the button is server-rendered
 * (ProfileHeart.astro) and this script sets its `aria-pressed` and name from the store and
 * toggles on click. Profiles stay within their JavaScript budget (no React before the first
 * interaction), and a signed-in visitor sees the saved state without having to touch anything.
 *
 * Signed-out visitors load the store's code only when they click; signed-in ones when the session
 * is known (the session module loads supabase-js only when a session is stored).
 */
import { heartLabel } from './heart.ts';
import { $favouriteIds } from './state.ts';
import { loadFavouritesStore, watchFavourites } from './watch.ts';

export function mountProfileHearts(): void {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[data-profile-heart]')];
  if (buttons.length === 0) return;
  const programs = buttons.map((button) => ({
    button,
    program: { id: button.dataset['favouriteHeart'] ?? '', name: button.dataset['programName'] ?? '' },
  }));
  for (const { button, program } of programs) {
    button.addEventListener('click', () => {
      loadFavouritesStore()
        .then((store) => store.toggleFavourite(program))
        .catch((error: unknown) => {
          console.warn('Could not load the favorites code:', error);
        });
    });
  }
  $favouriteIds.subscribe((ids) => {
    for (const { button, program } of programs) {
      const saved = ids.has(program.id);
      button.setAttribute('aria-pressed', String(saved));
      button.setAttribute('aria-label', heartLabel(program.name, saved));
    }
  });
  watchFavourites();
}
