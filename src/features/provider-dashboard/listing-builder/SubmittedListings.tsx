import type { Failure } from '../api.ts';
import { AvailabilityCard } from '../AvailabilityCard.tsx';
import type { Listing } from '../../../api/contracts/listings.ts';
import { Pill, type Tone } from '../../../ui/Pill.tsx';
import { card, SectionTitle } from '../../../ui/boxes.tsx';
import { secondaryButton } from '../../../ui/buttons.ts';
import { formatDay } from '../../../ui/format.ts';

const LISTING_STATUS: Record<Listing['status'], { label: string; tone: Tone }> = {
  draft: { label: 'Draft', tone: 'slate' },
  pending: { label: 'Pending review', tone: 'amber' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Needs changes', tone: 'red' },
};

/** A published listing whose working copy is being changed says so: the page families read has not changed. */
const EDIT_STATUS: Partial<Record<Listing['status'], { label: string; tone: Tone }>> = {
  draft: { label: 'Draft of changes', tone: 'slate' },
  pending: { label: 'Changes pending review', tone: 'amber' },
  rejected: { label: 'Changes need work', tone: 'red' },
};

const EDIT_LABEL: Record<Listing['status'], string> = {
  draft: 'Continue editing',
  pending: 'Edit',
  approved: 'Edit listing',
  rejected: 'Edit and resubmit',
};

/** Where the published version stands, in a line: live since, or taken down and why. */
function PublicationLine({ listing }: { listing: Listing }) {
  const p = listing.publication;
  if (!p) return null;
  if (p.state === 'live') {
    return (
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <Pill tone="green">Live on the directory</Pill>
        <span className="text-muted">Listing reviewed {formatDay(p.reviewed_at)}</span>
        <a className="font-medium text-brand-700 underline" href={`/program/${p.program_id}`}>
          View in the directory
        </a>
      </p>
    );
  }
  return (
    <p className="mt-2 text-sm">
      <Pill tone="slate">
        {p.state === 'unpublished' ? 'Unpublished by the site team' : 'Withdrawn by you'}
      </Pill>{' '}
      <span className="text-muted">
        {formatDay(p.state_changed_at)}
        {p.state_reason ? ` · ${p.state_reason}` : ''}
      </span>
    </p>
  );
}

/** The provider's listings (drafts included), with their review state, the published version, availability and Edit. */
export function SubmittedListings({
  listings,
  editingId,
  onEdit,
  onAvailability,
  onFailure,
}: {
  listings: Listing[];
  editingId: string | null;
  onEdit: (listing: Listing) => void;
  onAvailability: (listingId: string, availability: NonNullable<Listing['availability']>) => void;
  onFailure: (failure: Failure) => void;
}) {
  return (
    <section className={card} aria-labelledby="submitted-listings-title">
      <SectionTitle id="submitted-listings-title">Your listings</SectionTitle>
      {listings.length === 0 ? (
        <p className="mt-3 text-muted">
          No listings yet. Listings you save or submit for review appear here with their review state.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" data-testid="listings">
          {listings.map((l) => {
            const state = (l.publication ? EDIT_STATUS[l.status] : undefined) ?? LISTING_STATUS[l.status];
            return (
              <li
                key={l.id}
                className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold break-words">{l.center_name || 'Untitled listing'}</span>
                    <Pill tone={state.tone}>{state.label}</Pill>
                  </p>
                  <p className="mt-1 text-sm text-muted">
                    {l.status === 'draft'
                      ? `Draft saved ${formatDay(l.updated_at)}`
                      : l.submitted_at
                        ? `Submitted ${formatDay(l.submitted_at)}`
                        : `Created ${formatDay(l.created_at)}`}
                    {l.reviewed_at ? ` · reviewed ${formatDay(l.reviewed_at)}` : ''}
                  </p>
                  {l.reviewer_notes ? (
                    <div className="mt-2 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm">
                      <p className="font-semibold">Reviewer notes</p>
                      <p className="mt-1 whitespace-pre-line break-words">{l.reviewer_notes}</p>
                    </div>
                  ) : null}
                  <PublicationLine listing={l} />
                  <AvailabilityCard listing={l} onSaved={onAvailability} onFailure={onFailure} />
                </div>
                <button
                  type="button"
                  className={`${secondaryButton} shrink-0`}
                  disabled={editingId === l.id}
                  onClick={() => {
                    onEdit(l);
                  }}
                >
                  {editingId === l.id ? 'In the builder' : EDIT_LABEL[l.status]}
                  <span className="sr-only"> {l.center_name || 'Untitled listing'}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
