import { starParts } from '../../../lib/display.ts';
import { ratingText, reviewCountText } from '../../../lib/reviews.ts';

/**
 * The hero's rating: the stars as decoration and the words as text, always with the count of
 * published reviews ("4.6 · 12 reviews"), or "No reviews yet" (never a zero or a bare number).
 * With `href` (the profile's Reviews section) the words are a link to it.
 */
export function StarRating({
  rating,
  count,
  href,
  className,
}: {
  rating: number | undefined;
  count: number;
  href?: string | undefined;
  className?: string;
}) {
  const text = ratingText(rating, count);
  const classes = ['flex flex-wrap items-center gap-x-2', className].filter(Boolean).join(' ');
  const link = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';
  if (!text.hasReviews || rating === undefined) {
    return (
      <p className={classes}>
        {href !== undefined ? (
          <a href={href} className={link}>
            {text.visible}
          </a>
        ) : (
          <span className="text-muted">{text.visible}</span>
        )}
      </p>
    );
  }
  const parts = starParts(rating);
  // "4.6 · 12 reviews" on screen, "Rated 4.6 out of 5 · 12 reviews" read aloud.
  const words = (
    <>
      <span className="sr-only">Rated </span>
      {(Math.round(rating * 10) / 10).toFixed(1)}
      <span className="sr-only"> out of 5</span> · {reviewCountText(count)}
    </>
  );
  return (
    <p className={classes}>
      <span className="flex text-amber-600" aria-hidden="true">
        {Array.from({ length: parts.full }, (_, i) => (
          <span key={`full-${String(i)}`}>★</span>
        ))}
        {parts.half === 1 ? (
          <span className="bg-gradient-to-r from-amber-600 from-50% to-slate-300 to-50% bg-clip-text text-transparent">
            ★
          </span>
        ) : null}
        {Array.from({ length: parts.empty }, (_, i) => (
          <span key={`empty-${String(i)}`} className="text-slate-300">
            ★
          </span>
        ))}
      </span>
      {href !== undefined ? (
        <a href={href} className={link}>
          {words}
        </a>
      ) : (
        <span className="font-semibold">{words}</span>
      )}
    </p>
  );
}
