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

/** The listings already submitted, with their review state, availability and an Edit button while still editable. */
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
          Nothing submitted yet. Listings you submit for review appear here with their review state.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" data-testid="listings">
          {listings.map((l) => {
            const state = LISTING_STATUS[l.status];
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
                    {l.submitted_at
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
                  {l.status === 'approved' && l.published_program_id ? (
                    <p className="mt-2 text-sm">
                      <a
                        className="font-medium text-brand-700 underline"
                        href={`/program/${l.published_program_id}`}
                      >
                        View in the directory
                      </a>
                    </p>
                  ) : null}
                  <AvailabilityCard listing={l} onSaved={onAvailability} onFailure={onFailure} />
                </div>
                {l.status === 'rejected' || l.status === 'pending' || l.status === 'draft' ? (
                  <button
                    type="button"
                    className={`${secondaryButton} shrink-0`}
                    disabled={editingId === l.id}
                    onClick={() => {
                      onEdit(l);
                    }}
                  >
                    {editingId === l.id
                      ? 'In the builder'
                      : l.status === 'rejected'
                        ? 'Edit and resubmit'
                        : 'Edit'}
                    <span className="sr-only"> {l.center_name}</span>
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
