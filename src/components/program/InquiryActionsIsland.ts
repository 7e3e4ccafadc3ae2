/**
 * The profile's contact buttons (features/inquiry/InquiryActions.tsx), marked as a React
 * component for Astro. Unmarked, Astro asks every renderer whether it can render the component,
 * and @astrojs/react answers by rendering it once more in a throw-away React stream: on a profile
 * page (three islands) that doubled the React work of every build page, which counts at 20,000
 * programs. The mark is the one Astro reads (`Symbol.for('astro:renderer')`, see
 * astro/dist/runtime/server/render/common.js); the component itself is unchanged.
 */
import InquiryActions from '../../features/inquiry/InquiryActions.tsx';

(InquiryActions as unknown as Record<symbol, string>)[Symbol.for('astro:renderer')] = '@astrojs/react';

export default InquiryActions;
