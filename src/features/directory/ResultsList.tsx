import { memo, type ReactNode, type RefObject } from 'react';
import ProgramCard, {
  ProgramCardSkeleton,
  type ProgramCardParts,
} from '../../components/program/ProgramCard.tsx';
import { distanceTo, type DirectoryEntry } from '../../lib/directory/rules.ts';
import type { GeoPoint } from '../../lib/geo/distance.ts';

/** A card rendered again only when its program, distance or date changes. */
const ResultCard = memo(ProgramCard);

type Props = {
  /** Skeleton cards while the programs or the place load. */
  waiting: boolean;
  programs: readonly DirectoryEntry[];
  origin: GeoPoint | null;
  today: string | null;
  listRef: RefObject<HTMLUListElement | null>;
  /** Shown instead of the cards when there are none. */
  empty: ReactNode;
  /** The heart and Compare toggle of each card (src/islands/card-parts.tsx). */
  cardParts: ProgramCardParts;
};

/** The card grid; one component for all three states, so the grid's list element is reused. */
export default function ResultsList({ waiting, programs, origin, today, listRef, empty, cardParts }: Props) {
  if (waiting) {
    return (
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index}>
            <ProgramCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (programs.length === 0) return empty;
  return (
    <ul ref={listRef} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {programs.map((program) => (
        <li key={program.id}>
          <ResultCard
            program={program}
            renderFavouriteButton={cardParts.renderFavouriteButton}
            renderCompareToggle={cardParts.renderCompareToggle}
            milesAway={distanceTo(program, origin)}
            today={today}
          />
        </li>
      ))}
    </ul>
  );
}
