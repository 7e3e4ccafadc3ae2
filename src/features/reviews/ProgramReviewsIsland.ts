/**
 * The profile's reviews island (ProgramReviews.tsx), marked as a React component for Astro so it
 * is rendered once, by @astrojs/react, instead of being offered to every renderer (see
 * src/components/program/InquiryActionsIsland.ts). The component itself is unchanged.
 */
import ProgramReviews from './ProgramReviews.tsx';

(ProgramReviews as unknown as Record<symbol, string>)[Symbol.for('astro:renderer')] = '@astrojs/react';

export default ProgramReviews;
