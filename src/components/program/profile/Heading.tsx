/**
 * A heading whose level comes from where the profile is shown: the program's name is an h1 on its
 * own page and a deeper heading inside the admin preview, and every heading below follows it.
 */
import type { HTMLAttributes } from 'react';

type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export function Heading({ level, ...rest }: { level: number } & HTMLAttributes<HTMLHeadingElement>) {
  const Tag = `h${String(Math.min(6, Math.max(1, Math.round(level))))}` as HeadingTag;
  return <Tag {...rest} />;
}

/**
 * Where a profile is shown: the level of the program's name (1 on its page) and a prefix for every
 * id (empty on its page, so `#overview` links keep working; unique per preview in /admin).
 */
export interface ProfileFrame {
  level: number;
  idPrefix: string;
}

export const PAGE_FRAME: ProfileFrame = { level: 1, idPrefix: '' };
