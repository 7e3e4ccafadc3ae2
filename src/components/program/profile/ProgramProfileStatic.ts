/**
 * ProgramProfileView marked as a React component for Astro, which renders it to static HTML at
 * build time (no client directive: no JavaScript is shipped for it). Unmarked, Astro asks every
 * renderer whether it can render the component and @astrojs/react answers by rendering it once more
 * (see ../InquiryActionsIsland.ts): at 20,000 profiles that doubles the build's React work. The
 * mark is the one Astro reads (`Symbol.for('astro:renderer')`); the component itself is unchanged,
 * and the admin preview imports ProgramProfileView.tsx directly.
 */
import { ProgramProfileView } from './ProgramProfileView.tsx';

(ProgramProfileView as unknown as Record<symbol, string>)[Symbol.for('astro:renderer')] = '@astrojs/react';

export default ProgramProfileView;
