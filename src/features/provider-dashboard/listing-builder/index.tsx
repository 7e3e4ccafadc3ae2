/** The dashboard's Listings tab: the listing builder, then the listings already submitted. */
import type { ComponentType } from 'react';
import type { Failure } from '../api.ts';
import type { Listing } from '../../../api/contracts/listings.ts';
import { isEmptyDraft } from '../draft.ts';
import { card, SectionTitle } from '../../../ui/boxes.tsx';
import { primaryButton, secondaryButton } from '../../../ui/buttons.ts';
import { formatDayTime } from '../../../ui/format.ts';
import { BUILDER_TABS, type BuilderTab } from './builder-tabs.ts';
import { BuilderTabs, Panel } from './BuilderTabs.tsx';
import type { FieldForm } from './fields.tsx';
import { SubmittedListings } from './SubmittedListings.tsx';
import { BasicTab } from './tabs/BasicTab.tsx';
import { CredentialsTab } from './tabs/CredentialsTab.tsx';
import { LocationTab } from './tabs/LocationTab.tsx';
import { MediaTab } from './tabs/MediaTab.tsx';
import { ProgramTab } from './tabs/ProgramTab.tsx';
import { TreatmentTab } from './tabs/TreatmentTab.tsx';
import { YouthTab } from './tabs/YouthTab.tsx';
import { useListingBuilder } from './useListingBuilder.ts';

const TAB_CONTENT: Record<BuilderTab, ComponentType<{ form: FieldForm }>> = {
  basic: BasicTab,
  location: LocationTab,
  program: ProgramTab,
  treatment: TreatmentTab,
  youth: YouthTab,
  media: MediaTab,
  credentials: CredentialsTab,
};

type Props = {
  userId: string;
  listings: Listing[];
  onSubmitted: (listing: Listing) => void;
  onFailure: (failure: Failure) => void;
  /** A listing's availability was stated or confirmed (the dashboard keeps its copy current). */
  onAvailability: (listingId: string, availability: NonNullable<Listing['availability']>) => void;
};

export function ListingsTab({ userId, listings, onSubmitted, onFailure, onAvailability }: Props) {
  const builder = useListingBuilder({ userId, onSubmitted, onFailure });
  const { baseId, draft, tab } = builder;
  const form: FieldForm = { ...builder, onFailure };
  const editing = draft.listingId ? listings.find((l) => l.id === draft.listingId) : undefined;

  return (
    <div className="flex flex-col gap-6">
      <section ref={builder.builderRef} className={card} aria-labelledby={`${baseId}-title`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <SectionTitle id={`${baseId}-title`}>{editing ? 'Edit listing' : 'Listing builder'}</SectionTitle>
            <p className="mt-1 text-sm text-muted">
              {editing
                ? `Editing “${editing.center_name}”. Submitting sends it back for review.`
                : 'Describe your program. Save Draft keeps it in this browser; Submit for Review sends it to our team.'}
            </p>
            <p className="mt-1 text-sm text-muted" role="status" data-testid="last-saved">
              {draft.lastSaved ? `Draft saved ${formatDayTime(draft.lastSaved)}.` : ''}
            </p>
          </div>
          {!isEmptyDraft(draft) ? (
            <button type="button" className={secondaryButton} onClick={builder.discard}>
              Start a new listing
            </button>
          ) : null}
        </div>

        <BuilderTabs
          baseId={baseId}
          tabs={builder.tabs}
          tab={tab}
          setTab={builder.setTab}
          errors={builder.errors}
        />

        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void builder.submit();
          }}
        >
          {/* Every panel stays mounted, hidden when closed: each tab's aria-controls names it, and an upload keeps its state. */}
          {BUILDER_TABS.map(({ id }) => {
            const Content = TAB_CONTENT[id];
            return (
              <Panel key={id} baseId={baseId} id={id} tab={tab}>
                <Content form={form} />
              </Panel>
            );
          })}

          <div className="mt-6 flex flex-wrap gap-3 border-t border-slate-200 pt-4">
            <button type="button" className={secondaryButton} onClick={builder.save}>
              Save Draft
            </button>
            <button
              type="submit"
              className={primaryButton}
              disabled={builder.submitting}
              aria-busy={builder.submitting}
            >
              {builder.submitting ? 'Submitting…' : 'Submit for Review'}
            </button>
          </div>
        </form>
      </section>

      <SubmittedListings
        listings={listings}
        editingId={draft.listingId}
        onEdit={builder.edit}
        onAvailability={onAvailability}
        onFailure={onFailure}
      />
    </div>
  );
}
