import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import {
  DIRECTORY_PATH,
  DIRECTORY_RESTORE_KEY,
  DIRECTORY_RETURN_KEY,
  searchToRestore,
  serializeDirectoryReturn,
  type DirectoryReturn,
} from '../../lib/directory/back-to-search.ts';
import { directorySearchString, type DirectoryState } from '../../lib/directory/url-state.ts';

/** sessionStorage can be missing or refuse (private modes, storage off): then nothing is remembered. */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** True when this page load came from the browser's Back or Forward button. */
function cameBackOrForward(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'back_forward';
}

type Options = {
  latest: RefObject<DirectoryState>;
  /** Cards on screen now. */
  cards: number;
  /** Nothing is loading: the programs, the place's lookup, the device's location. */
  settled: boolean;
  /** Every result is on screen (no "Show more programs" left), or the programs failed to load. */
  complete: boolean;
  /** Called once on load with the search to restore, before `ready` is awaited. */
  onRestore: (entry: DirectoryReturn) => void;
  /** The card of the program the person came back from (its name link gets the focus). */
  cardLink: (programId: string) => HTMLElement | null;
};

/**
 * "Back to Directory" (src/lib/directory/back-to-search.ts): leaving the directory through a
 * program's link remembers the search (its URL, the cards shown and the scroll position) in
 * sessionStorage; coming back through the profile's Back link (or the browser's Back button, when
 * the page was not kept in the back-forward cache) shows as many cards again, scrolls where the
 * person was and puts the focus on the card they had opened.
 */
export function useReturn({ latest, cards, settled, complete, onRestore, cardLink }: Options) {
  const pending = useRef<DirectoryReturn | null>(null);

  // Runs after useUrlState's first effect (declared later), so a restored count of cards is not
  // reset by the address bar's state being applied.
  useEffect(() => {
    const store = storage();
    if (store === null) return;
    const asked = store.getItem(DIRECTORY_RESTORE_KEY) !== null;
    store.removeItem(DIRECTORY_RESTORE_KEY);
    const entry = searchToRestore(
      store.getItem(DIRECTORY_RETURN_KEY),
      asked || cameBackOrForward(),
      `${location.pathname}${location.search}`,
      location.origin,
    );
    if (entry === null) return;
    pending.current = entry;
    onRestore(entry);
    // Runs once: the handlers read refs.
  }, []);

  useEffect(() => {
    const entry = pending.current;
    if (entry === null || !settled || (cards < entry.shown && !complete)) return;
    pending.current = null;
    window.scrollTo({ top: entry.scrollY, behavior: 'instant' });
    if (entry.programId !== null) cardLink(entry.programId)?.focus({ preventScroll: true });
  });

  /** On the results' click (capture): a followed program link remembers the search. */
  function remember(event: MouseEvent<HTMLElement>): void {
    if (!(event.target instanceof Element)) return;
    const link = event.target.closest<HTMLAnchorElement>('a[href]');
    const card = link?.closest<HTMLElement>('[data-program-id]');
    if (!link || !card || link.origin !== location.origin) return;
    const entry: DirectoryReturn = {
      url: `${DIRECTORY_PATH}${directorySearchString(latest.current)}`,
      shown: cards,
      scrollY: Math.round(window.scrollY),
      programId: card.dataset['programId'] ?? null,
    };
    try {
      storage()?.setItem(DIRECTORY_RETURN_KEY, serializeDirectoryReturn(entry));
    } catch {
      // Storage full or refused: Back to Directory then leads to the plain directory.
    }
  }

  return { remember };
}
