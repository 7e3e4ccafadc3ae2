import { useEffect, useRef, useState } from 'react';
import {
  MIN_SIMILAR_QUERY_LENGTH,
  normalizeQuery,
  type DirectoryEntry,
  type DirectoryFilters,
} from '../../lib/directory/rules.ts';
import type { SimilarFinder } from '../../lib/directory/similar.ts';

/** Close spellings of the search text, looked for (and loaded) only when the exact search finds nothing. */
export function useSimilar(
  source: readonly DirectoryEntry[],
  filters: DirectoryFilters,
  resultCount: number,
  partial: boolean,
): DirectoryEntry[] {
  const [similar, setSimilar] = useState<{ filters: DirectoryFilters; items: DirectoryEntry[] } | null>(null);
  const finder = useRef<{ source: readonly DirectoryEntry[]; find: Promise<SimilarFinder> } | null>(null);
  const wantSimilar =
    !partial && resultCount === 0 && normalizeQuery(filters.query).length >= MIN_SIMILAR_QUERY_LENGTH;
  useEffect(() => {
    if (!wantSimilar) return;
    let current = true;
    if (finder.current?.source !== source) {
      finder.current = {
        source,
        find: import('../../lib/directory/similar.ts').then((m) => m.createSimilarFinder(source)),
      };
    }
    finder.current.find
      .then((find) => {
        if (current) setSimilar({ filters, items: find(filters) });
      })
      .catch((error: unknown) => {
        console.warn('Could not look for similar programs:', error);
      });
    return () => {
      current = false;
    };
  }, [wantSimilar, source, filters]);
  return wantSimilar && similar?.filters === filters ? similar.items : [];
}
