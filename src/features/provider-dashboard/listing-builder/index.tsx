/** The dashboard's Listings tab: the listing builder, then the provider's listings. */
import { useEffect, type ComponentType } from 'react';
import type { Failure } from '../api.ts';
import type { Listing } from '../../../api/contracts/listings.ts';
import { isEmptyDraft } from '../draft.ts';
import { card, SectionTitle } from '../../../ui/boxes.tsx';
import { primaryButton, secondaryButton } from '../../../ui/buttons.ts';
import { formatDayTime } from '../../../ui/format.ts';
import { BUILDER_TABS, type BuilderTab } from './builder-tabs.ts';
import { BuilderTabs, Panel } from './BuilderTabs.tsx';
import type { FieldForm } from './fields.tsx';
import { builderStatus } from './opening.ts';
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
  /** A listing was stored: a draft saved on the server, or a submission (the dashboard keeps its copy). */
  onSubmitted: (listing: Listing) => void;
  onFailure: (failure: Failure) => void;
  /** A listing's availability was stated or confirmed (the dashboard keeps its copy current). */
  onAvailability: (listingId: string, availability: NonNullable<Listing['availability']>) => void;
  /** A listing to open in the builder, asked from elsewhere (the overview's Edit listing); `at` tells a new ask apart. */
  open?: { listingId: string; at: number } | null;
};

export function ListingsTab({ userId, listings, onSubmitted, onFailure, onAvailability, open }: Props) {
  const builder = useListingBuilder({ userId, listings, onSaved: onSubmitted, onFailure });
  // The overview's Edit listing opens that listing here, as the list's own Edit button does.
  const openAt = open?.at;
  useEffect(() => {
    const target = open ? listings.find((l) => l.id === open.listingId) : undefined;
    if (target) builder.edit(target);
  }, [openAt]); // only a new ask, never a re-render
  const { baseId, draft, tab, listing, source } = builder;
  const form: FieldForm = { ...builder, onFailure };
  const status = builderStatus(draft, listing, source, formatDayTime);
  const live = listing?.publication?.state === 'live';

  return (
    <div className="flex flex-col gap-6">
      <section ref={builder.builderRef} className={card} aria-labelledby={`${baseId}-title`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <SectionTitle id={`${baseId}-title`}>
              {listing ? (live ? 'Edit your published listing' : 'Edit listing') : 'Listing builder'}
            </SectionTitle>
            <p className="mt-1 text-sm text-muted">
              {listing
                ? `“${listing.center_name || 'Untitled listing'}”. Save Draft keeps your changes on your account; Submit for Review sends them to the site team.`
                : 'Describe your program. Save Draft keeps it on your account; Submit for Review sends it to the site team.'}
            </p>
            <p
              role="status"
              data-testid="builder-status"
              data-source={source}
              className={`mt-2 text-sm ${
                status.tone === 'warn'
                  ? 'rounded-md border border-amber-400 bg-amber-50 p-2 text-amber-950'
                  : 'font-medium text-ink'
              }`}
            >
              {status.text}
              {builder.dirty ? ' You have changes that are not saved yet.' : ''}
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
            <button
              type="button"
              className={secondaryButton}
              disabled={builder.busy !== null}
              aria-busy={builder.busy === 'save'}
              onClick={() => void builder.save()}
            >
              {builder.busy === 'save' ? 'Saving…' : 'Save Draft'}
            </button>
            <button
              type="submit"
              className={primaryButton}
              disabled={builder.busy !== null}
              aria-busy={builder.busy === 'submit'}
            >
              {builder.busy === 'submit' ? 'Submitting…' : 'Submit for Review'}
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
