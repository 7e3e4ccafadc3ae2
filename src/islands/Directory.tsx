/**
 * The home directory island (features/directory/Directory.tsx) with the cards' heart and Compare
 * toggle (card-parts.tsx): a page cannot pass functions to an island, so the composition is this
 * module, which the page hydrates.
 */
import type { ComponentProps } from 'react';
import DirectoryFeature from '../features/directory/Directory.tsx';
import { CARD_PARTS } from './card-parts.tsx';

type Props = Omit<ComponentProps<typeof DirectoryFeature>, 'cardParts'>;

export default function Directory(props: Props) {
  return <DirectoryFeature {...props} cardParts={CARD_PARTS} />;
}
