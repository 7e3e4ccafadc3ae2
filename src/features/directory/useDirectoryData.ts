import { useMemo, useRef, useState } from 'react';
import {
  createDirectoryEngine,
  type DirectoryEngine,
  type DirectoryMatch,
} from '../../lib/directory/engine.ts';
import { loadDirectoryIndex } from '../../lib/directory/index-data.ts';
import {
  prepareSearch,
  sortPrograms,
  type DirectoryContext,
  type DirectoryEntry,
} from '../../lib/directory/rules.ts';
import type { DirectoryState } from '../../lib/directory/url-state.ts';

export type LoadStatus = 'idle' | 'loading' | 'error';

export type DirectoryData = {
  /** Every program once the shards are loaded, else null. */
  all: readonly DirectoryEntry[] | null;
  status: LoadStatus;
  /** Only the first cards are known: the page's own, until every shard is loaded. */
  partial: boolean;
  /** The programs searched: every one once loaded, else the first cards. */
  source: readonly DirectoryEntry[];
  engine: DirectoryEngine<DirectoryEntry>;
  /** Positions of `source` in the chosen sort order. */
  order: Uint32Array;
  match: DirectoryMatch;
  /** Fetches every shard once (a no-op while loading, once loaded, or when the page has them all). */
  loadAll: () => void;
};

/** The directory's programs (the page's first cards, then every shard) and their search. */
export function useDirectoryData(
  initial: readonly DirectoryEntry[],
  total: number,
  state: DirectoryState,
  context: DirectoryContext,
): DirectoryData {
  const [all, setAll] = useState<readonly DirectoryEntry[] | null>(null);
  const [status, setStatus] = useState<LoadStatus>('idle');
  const loading = useRef(false);
  const loaded = useRef(false);
  const complete = initial.length >= total;

  function loadAll(): void {
    if (complete || loaded.current || loading.current) return;
    loading.current = true;
    setStatus('loading');
    // The search data, in shards fetched in parallel (lib/directory/index-data.ts).
    loadDirectoryIndex()
      .then((data) => {
        loaded.current = true;
        prepareSearch(data);
        setAll(data);
        setStatus('idle');
      })
      .catch((error: unknown) => {
        console.warn('Could not load the directory data:', error);
        setStatus('error');
      })
      .finally(() => {
        loading.current = false;
      });
  }

  const source = all ?? initial;
  // Bitsets per filter option (lib/directory/engine.ts): a toggle or a keystroke never walks
  // every program through every matcher, and only the visible page is taken from the order.
  const engine = useMemo(() => createDirectoryEngine(source), [source]);
  const sorted = useMemo(() => sortPrograms(source, state.sort, context), [source, state.sort, context]);
  const order = useMemo(() => engine.positions(sorted), [engine, sorted]);
  const match = useMemo(() => engine.match(state.filters, context), [engine, state.filters, context]);

  return { all, status, partial: all === null && !complete, source, engine, order, match, loadAll };
}
