/**
 * A review's stars: five stars as decoration and the rating in words, which is what
 * is read ("4 out of 5 stars"). Render-only; the profile's reviews, /admin's Reviews tab and the
 * provider dashboard's reviews all show a review's rating this way.
 */
import { RATING_MAX, RATING_MIN } from '../../../lib/reviews.ts';

/** "1 out of 5 stars", "4 out of 5 stars". */
export function starsText(rating: number): string {
  return `${String(rating)} out of ${String(RATING_MAX)} stars`;
}

export function ReviewStars({ rating, className }: { rating: number; className?: string }) {
  const stars = Math.min(RATING_MAX, Math.max(RATING_MIN, Math.round(rating)));
  return (
    <span className={['inline-flex flex-wrap items-center gap-x-2', className].filter(Boolean).join(' ')}>
      <span aria-hidden="true" className="text-lg leading-none tracking-tight">
        <span className="text-amber-600">{'★'.repeat(stars)}</span>
        <span className="text-slate-300">{'★'.repeat(RATING_MAX - stars)}</span>
      </span>
      <span className="text-sm font-semibold">{starsText(stars)}</span>
    </span>
  );
}
