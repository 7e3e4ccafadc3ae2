/**
 * The favorite heart in a program card's corner (ProgramCard's `renderFavouriteButton`), so
 * islands that list programs show the favorites feature's heart without importing that feature.
 * Always shown: a heart that appears only on hover is missed on desktop too.
 */
import FavouriteHeart from '../../features/favourites/FavouriteHeart.tsx';
import type { DirectoryEntry } from '../../lib/directory/rules.ts';

export const renderCardHeart = (program: DirectoryEntry) => (
  <FavouriteHeart program={{ id: program.id, name: program.name }} visibility="always" />
);
