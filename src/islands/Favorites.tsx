/**
 * /favorites (features/favourites/FavouritesPage.tsx) with the cards' Compare toggle
 * (card-parts.tsx): the favorites feature never imports the compare feature, so the two meet
 * here, in the module the page hydrates.
 */
import FavouritesPageFeature from '../features/favourites/FavouritesPage.tsx';
import { renderCompareToggle } from './card-parts.tsx';

export default function FavouritesPage() {
  return <FavouritesPageFeature renderCompareToggle={renderCompareToggle} />;
}
