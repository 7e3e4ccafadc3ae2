import type { RefObject } from 'react';

const plural = (n: number): string => `${n} ${n === 1 ? 'program' : 'programs'}`;

type Props = {
  /** The directory's id prefix (useId): the results section is labeled by this heading. */
  id: string;
  /** The heading: "Find programs" and the Filters dialog's Show button bring it into view and focus it. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  resolving: boolean;
  waiting: boolean;
  /** Nothing narrows the list: no search text, place, device location or filter. */
  unfiltered: boolean;
  partial: boolean;
  shownCount: number;
  total: number;
  resultCount: number;
};

/** The results heading and the live count beside it. */
export default function ResultsHeader({
  id,
  headingRef,
  resolving,
  waiting,
  unfiltered,
  partial,
  shownCount,
  total,
  resultCount,
}: Props) {
  let countText: string;
  if (resolving) countText = 'Looking up the place…';
  else if (waiting) countText = 'Loading programs…';
  else if (unfiltered)
    countText = partial ? `Showing ${shownCount} of ${plural(total)}` : plural(resultCount);
  else countText = `${plural(resultCount)} found`;

  return (
    <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
      <h2 ref={headingRef} id={`${id}-results`} tabIndex={-1} className="text-2xl font-semibold">
        Programs
      </h2>
      <p role="status" className="text-sm text-muted">
        {countText}
      </p>
    </div>
  );
}
