/**
 * The top of a profile's reviews: the rating with its count ("4.6 · 12 reviews", or "No reviews
 * yet", never a zero) and the distribution from 5 to 1 stars. Every bar carries its numbers as
 * text ("5 stars: 8 reviews (67%)"); the bars themselves are decoration (SVG widths, no inline
 * style, which the Content-Security-Policy forbids).
 */
import { starParts } from '../../lib/display.ts';
import { distributionRows, ratingText, type RatingSummary } from '../../lib/reviews.ts';
import { distributionText } from './rules.ts';

export function RatingOverview({ summary, idPrefix }: { summary: RatingSummary; idPrefix: string }) {
  const text = ratingText(summary.rating, summary.count);
  if (!text.hasReviews) {
    return (
      <p className="text-lg font-semibold" data-rating-summary>
        {text.visible}
      </p>
    );
  }
  const parts = starParts(summary.rating ?? 0);
  const rows = distributionRows(summary.distribution);
  return (
    <div className="grid gap-5 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:gap-8">
      <div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1" data-rating-summary>
          <span aria-hidden="true" className="text-4xl font-bold text-ink">
            {(summary.rating ?? 0).toFixed(1)}
          </span>
          <span aria-hidden="true" className="text-xl leading-none">
            <span className="text-amber-600">{'★'.repeat(parts.full)}</span>
            {parts.half === 1 ? (
              <span className="bg-gradient-to-r from-amber-600 from-50% to-slate-300 to-50% bg-clip-text text-transparent">
                ★
              </span>
            ) : null}
            <span className="text-slate-300">{'★'.repeat(parts.empty)}</span>
          </span>
          <span className="sr-only">{text.spoken}</span>
        </p>
        <p aria-hidden="true" className="mt-1 font-semibold text-muted">
          {text.visible}
        </p>
      </div>
      <div>
        <p id={`${idPrefix}distribution-title`} className="text-sm font-semibold">
          Reviews by stars
        </p>
        <ul aria-labelledby={`${idPrefix}distribution-title`} className="mt-2 flex flex-col gap-1.5 text-sm">
          {rows.map((row) => (
            <li key={row.stars} className="grid grid-cols-[4.5rem_minmax(0,1fr)_5.5rem] items-center gap-2">
              <span className="sr-only">{distributionText(row)}</span>
              <span aria-hidden="true">
                {row.stars} {row.stars === 1 ? 'star' : 'stars'}
              </span>
              <svg
                aria-hidden="true"
                viewBox="0 0 100 8"
                preserveAspectRatio="none"
                className="h-2.5 w-full overflow-hidden rounded-full"
              >
                <rect width="100" height="8" className="fill-slate-200" />
                <rect width={row.percent} height="8" className="fill-amber-500" />
              </svg>
              <span aria-hidden="true" className="text-right tabular-nums">
                {row.count} ({row.percent}%)
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
