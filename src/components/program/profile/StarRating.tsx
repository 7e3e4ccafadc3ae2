import { formatRating, starParts } from '../../../lib/display.ts';

/** Five stars with the rating as text; the stars are decoration, the text is what is read. */
export function StarRating({ rating, className }: { rating: number | undefined; className?: string }) {
  const value = formatRating(rating);
  if (value === null || rating === undefined) return null;
  const parts = starParts(rating);
  return (
    <p className={['flex items-center gap-2', className].filter(Boolean).join(' ')}>
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
      <span className="font-semibold">
        {value}
        <span className="font-normal text-muted"> out of 5</span>
      </span>
    </p>
  );
}
