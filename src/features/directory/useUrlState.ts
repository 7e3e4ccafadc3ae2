import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  DEFAULT_STATE,
  directorySearchString,
  parseDirectoryState,
  type DirectoryState,
} from '../../lib/directory/url-state.ts';
import { afterPaint } from './paint.ts';

/** Typing updates the results at once but the address bar only after a pause. */
const URL_DEBOUNCE_MS = 400;

/** Where a new state came from: a deliberate change, typing, or the address bar. */
export type StateSource = 'commit' | 'type' | 'url';

export type UrlState = {
  state: DirectoryState;
  /** The newest state, ahead of the render that shows it. */
  latest: RefObject<DirectoryState>;
  /** A deliberate change (filter, sort, Enter): new history entry. */
  commit: (next: DirectoryState) => void;
  /** Typed search text: replaces the current history entry after a pause. */
  typeQuery: (query: string) => void;
};

function writeUrl(next: DirectoryState, mode: 'push' | 'replace'): void {
  const url = `${location.pathname}${directorySearchString(next)}${location.hash}`;
  if (url === `${location.pathname}${location.search}${location.hash}`) return;
  if (mode === 'push') history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

/** The directory's state in the address bar, so a search can be shared, reloaded and walked back. */
export function useUrlState(
  searchRef: RefObject<HTMLInputElement | null>,
  onChange: (next: DirectoryState, source: StateSource) => void,
): UrlState {
  const [state, setState] = useState<DirectoryState>(DEFAULT_STATE);
  const latest = useRef(state);
  const urlTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const changed = useRef(onChange);
  latest.current = state;
  changed.current = onChange;

  function commit(next: DirectoryState): void {
    clearTimeout(urlTimer.current);
    // Seen at once by a second change in the same event (e.g. the place, then the radius).
    latest.current = next;
    setState(next);
    changed.current(next, 'commit');
    // The address bar after the paint too: pushState costs about as much as the dialog's render.
    afterPaint(() => {
      writeUrl(next, 'push');
    });
  }

  function typeQuery(query: string): void {
    const next = { ...latest.current, filters: { ...latest.current.filters, query } };
    setState(next);
    changed.current(next, 'type');
    clearTimeout(urlTimer.current);
    urlTimer.current = setTimeout(() => {
      writeUrl(latest.current, 'replace');
    }, URL_DEBOUNCE_MS);
  }

  // Read the address bar after hydration (the HTML was built for the default state) and follow
  // the back and forward buttons.
  useEffect(() => {
    const apply = (): void => {
      const next = parseDirectoryState(location.search);
      setState(next);
      changed.current(next, 'url');
    };
    if (location.search !== '') apply();
    else {
      // Text typed before hydration would otherwise be wiped by the controlled input.
      const typed = searchRef.current?.value ?? '';
      if (typed !== '') typeQuery(typed);
    }
    addEventListener('popstate', apply);
    return () => {
      removeEventListener('popstate', apply);
      clearTimeout(urlTimer.current);
    };
    // Runs once: the handlers read refs, not render-time values.
  }, []);

  return { state, latest, commit, typeQuery };
}
