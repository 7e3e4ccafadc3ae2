import ProgramCard, { type ProgramCardParts } from '../../components/program/ProgramCard.tsx';
import type { DirectoryEntry } from '../../lib/directory/rules.ts';

type Props = {
  query: string;
  /** Close spellings of the search text, when there are any. */
  suggestions: readonly DirectoryEntry[];
  onClear: () => void;
  /** The heart and Compare toggle of each card (src/islands/card-parts.tsx). */
  cardParts: ProgramCardParts;
};

/** No results: a way back to every program, and close spellings of the search text. */
export default function EmptyState({ query, suggestions, onClear, cardParts }: Props) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
      <h3 className="text-xl font-semibold">No Results Found</h3>
      <p className="mt-2 text-muted">Try adjusting your search or filter criteria</p>
      <button
        type="button"
        onClick={onClear}
        className="mt-4 rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
      >
        Clear search and filters
      </button>
      {suggestions.length > 0 ? (
        <div className="mt-8 text-left">
          <h3 className="text-lg font-semibold">Similar to “{query.trim()}”</h3>
          <p className="mt-1 text-sm text-muted">Close spellings of what you typed.</p>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {suggestions.map((program) => (
              <li key={program.id}>
                <ProgramCard program={program} {...cardParts} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
