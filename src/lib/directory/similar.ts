/**
 * Typo-tolerant suggestions for the directory: used only when the exact substring search
 * finds nothing (e.g. "Massachusets"), never instead of exact matches. MiniSearch builds an
 * inverted index over the same four fields, so a lookup stays fast at 20,000 programs; the
 * island imports this module only when it needs it, so normal searches load none of it.
 */
import MiniSearch from 'minisearch';
import { applyAgeWords } from './age-words.ts';
import {
  MIN_SIMILAR_QUERY_LENGTH,
  filterPrograms,
  normalizeQuery,
  type DirectoryEntry,
  type DirectoryFilters,
} from './rules.ts';

export const MAX_SIMILAR = 6;

export type SimilarFinder = (filters: DirectoryFilters) => DirectoryEntry[];

/**
 * Returns a finder over `programs`: programs whose words are close to every typed word
 * (edit distance up to 20 % of each word, or a word prefix), that also pass the active
 * facets, best first, at most `MAX_SIMILAR`.
 *
 * @example createSimilarFinder(programs)({ ...EMPTY_FILTERS, query: 'Massachusets' }) // → [McLean …]
 */
export function createSimilarFinder(programs: readonly DirectoryEntry[]): SimilarFinder {
  const index = new MiniSearch<DirectoryEntry>({
    fields: ['name', 'description', 'location', 'state'],
    storeFields: [],
    searchOptions: {
      fuzzy: 0.2,
      prefix: true,
      combineWith: 'AND',
      boost: { name: 2, location: 1.5, state: 1.5 },
    },
  });
  index.addAll(programs);
  const byId = new Map(programs.map((program) => [program.id, program]));
  return (typed) => {
    // Age words are filters, not text to spell-correct ("teen" finds the adolescent programs).
    const filters = applyAgeWords(typed);
    const query = normalizeQuery(filters.query);
    if (query.length < MIN_SIMILAR_QUERY_LENGTH) return [];
    const hits = index
      .search(query)
      .map((hit) => byId.get(String(hit.id)))
      .filter((program): program is DirectoryEntry => program !== undefined);
    // The facets still apply: a suggestion must fit what the person asked for.
    return filterPrograms(hits, { ...filters, query: '' }).slice(0, MAX_SIMILAR);
  };
}
