/** The listing builder's sections and which of them a field's message points to. */
import { hasYouthFacts, servesMinors, type ListingDraft } from '../draft.ts';
import type { Errors } from './field-errors.ts';
import { LISTING_FIELDS, type BuilderTabId } from '../../../lib/listing/fields.ts';

export const BUILDER_TABS = [
  { id: 'basic', label: 'Basic' },
  { id: 'location', label: 'Location' },
  { id: 'program', label: 'Program' },
  { id: 'treatment', label: 'Treatment' },
  { id: 'youth', label: 'Youth safety' },
  { id: 'media', label: 'Media' },
  { id: 'credentials', label: 'Credentials' },
] as const satisfies readonly { id: BuilderTabId; label: string }[];
export type BuilderTabEntry = (typeof BUILDER_TABS)[number];
export type BuilderTab = BuilderTabEntry['id'];

/** The builder's tabs for this draft: "Youth safety" only for a program serving minors (or already filled in). */
export function visibleTabs(draft: ListingDraft) {
  const youth = servesMinors(draft.ageGroups) || hasYouthFacts(draft);
  return BUILDER_TABS.filter((t) => t.id !== 'youth' || youth);
}

/** Which builder tab holds each field that can carry a message (the registry's; any other field points to Basic). */
const TAB_OF = new Map<string, BuilderTab>(LISTING_FIELDS.map((f) => [f.draftKey, f.tab]));

export function tabOf(field: keyof ListingDraft): BuilderTab {
  return TAB_OF.get(field) ?? 'basic';
}

/** The tabs holding at least one message, so their tab can say "(check)". */
export function tabsWithErrors(errors: Errors): Set<BuilderTab> {
  return new Set(
    Object.entries(errors)
      .filter(([, m]) => m)
      .map(([f]) => tabOf(f as keyof ListingDraft)),
  );
}
