import { memo, type ReactNode } from 'react';

/**
 * Its children as last rendered while `hold` is true; the render that ends the hold shows the
 * latest. For the page behind a modal dialog: nobody can see it clearly or reach it, and
 * rendering it again on each change made in the dialog cost layout and paint of the whole page
 * before the dialog's own change was seen.
 */
export const Held = memo(
  function Held({ children }: { hold: boolean; children: ReactNode }) {
    return <>{children}</>;
  },
  (_previous, next) => next.hold,
);
