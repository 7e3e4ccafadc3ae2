/**
 * The parts other features put on a program card (ProgramCard's render props): the favorite
 * heart and the Compare toggle. Composed here, above the features, because a component never
 * imports a feature and a feature never imports another one. Module-level functions, so a
 * memoized card is not rendered again for new props.
 */
import type { ProgramCardParts } from '../components/program/ProgramCard.tsx';
import CompareToggle from '../features/compare/CompareToggle.tsx';
import FavouriteHeart from '../features/favourites/FavouriteHeart.tsx';
import type { DirectoryEntry } from '../lib/directory/rules.ts';

/** Compare, after the card's links. */
export const renderCompareToggle = (program: DirectoryEntry) => (
  <CompareToggle program={{ id: program.id, name: program.name }} />
);

/** Every part: the heart is always shown (a heart that appears only on hover is missed on desktop too). */
export const CARD_PARTS: ProgramCardParts = {
  renderFavouriteButton: (program) => (
    <FavouriteHeart program={{ id: program.id, name: program.name }} visibility="always" />
  ),
  renderCompareToggle,
};
