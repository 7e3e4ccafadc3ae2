/**
 * The overview's "Your listings": each listing's state in words (`listingState`), its dates and
 * notes, how complete it is, and its actions: Edit listing (every listing, published ones too: an
 * edit is reviewed while the published version stays live), View in the directory and Withdraw
 * from directory (a live one, after a confirmation).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Listing } from '../../api/contracts/listings.ts';
import { listingCompleteness } from '../../lib/provider-rules.ts';
import { Pill } from '../../ui/Pill.tsx';
import { card, SectionTitle, type Message } from '../../ui/boxes.tsx';
import { dangerButton, secondaryBusyButton, secondaryButton } from '../../ui/buttons.ts';
import { inputClass, labelClass } from '../../ui/fields.tsx';
import { formatDay } from '../../ui/format.ts';
import { showToast } from '../../ui/toasts/store.ts';
import { withdrawListing, type Failure } from './api.ts';
import { listingState } from './listing-state.ts';

/** Longest reason kept (`listing_publications_state_reason_check`). */
export const MAX_WITHDRAW_REASON = 2000;

type Props = {
  listings: Listing[];
  onEdit: (listing: Listing) => void;
  /** A listing changed on the server (withdrawn): the dashboard keeps the new copy. */
  onChanged: (listing: Listing) => void;
  onFailure: (failure: Failure) => void;
  /** Opens the builder on a new listing. */
  onOpenBuilder: () => void;
};

export function ListingStates({ listings, onEdit, onChanged, onFailure, onOpenBuilder }: Props) {
  const [withdrawing, setWithdrawing] = useState<Listing | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  return (
    <section ref={sectionRef} className={card} aria-labelledby="listing-states-title">
      <SectionTitle id="listing-states-title">Your listings</SectionTitle>
      {listings.length === 0 ? (
        <>
          <p className="mt-3 text-muted">
            No listing yet. A listing you save or submit appears here with its state.
          </p>
          <button type="button" className={`${secondaryButton} mt-3`} onClick={onOpenBuilder}>
            Start a listing
          </button>
        </>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" data-testid="listing-states">
          {listings.map((l) => (
            <ListingItem
              key={l.id}
              listing={l}
              onEdit={onEdit}
              onWithdraw={() => {
                setWithdrawing(l);
              }}
            />
          ))}
        </ul>
      )}
      {withdrawing ? (
        <WithdrawDialog
          key={withdrawing.id}
          listing={withdrawing}
          onClose={() => {
            setWithdrawing(null);
          }}
          onWithdrawn={(listing) => {
            onChanged(listing);
            // Its Withdraw button is gone: focus moves to the listing's first action (Edit listing).
            requestAnimationFrame(() => {
              sectionRef.current
                ?.querySelector<HTMLButtonElement>(`li[data-listing="${listing.id}"] button`)
                ?.focus();
            });
          }}
          onFailure={onFailure}
        />
      ) : null}
    </section>
  );
}

function ListingItem({
  listing,
  onEdit,
  onWithdraw,
}: {
  listing: Listing;
  onEdit: (listing: Listing) => void;
  onWithdraw: () => void;
}) {
  const view = listingState(listing);
  const { percent } = listingCompleteness(listing);
  const name = listing.center_name.trim() || 'Untitled listing';
  return (
    <li className="py-4" data-listing={listing.id} data-state={view.kind}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h3 className="font-semibold break-words">{name}</h3>
        <Pill tone={view.tone}>{view.label}</Pill>
      </div>
      {view.dates.length > 0 ? (
        <p className="mt-1 text-sm text-muted">
          {view.dates.map((d) => `${d.label} ${formatDay(d.at)}`).join(' · ')}
        </p>
      ) : null}
      {view.lines.map((line) => (
        <p key={line} className="mt-1 break-words">
          {line}
        </p>
      ))}
      {view.notes.map((note) => (
        <div key={note.title} className="mt-2 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm">
          <p className="font-semibold">{note.title}</p>
          <p className="mt-1 whitespace-pre-line break-words">{note.text}</p>
        </div>
      ))}
      <p className="mt-1 text-sm text-muted">{percent}% complete</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            onEdit(listing);
          }}
        >
          Edit listing<span className="sr-only"> {name}</span>
        </button>
        {view.programPath ? (
          <a
            className={secondaryButton}
            href={view.programPath}
            aria-label={`View in the directory: ${name}`}
          >
            View in the directory
          </a>
        ) : null}
        {view.canWithdraw ? (
          <button
            type="button"
            className={secondaryButton}
            aria-label={`Withdraw from directory: ${name}`}
            onClick={onWithdraw}
          >
            Withdraw from directory
          </button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * "Withdraw from directory?": what happens (the page goes at the next update; the listing stays
 * here and can be published again), an optional reason, Cancel and Withdraw. A failure is shown in
 * the dialog and keeps the reason typed.
 */
function WithdrawDialog({
  listing,
  onClose,
  onWithdrawn,
  onFailure,
}: {
  listing: Listing;
  onClose: () => void;
  onWithdrawn: (listing: Listing) => void;
  onFailure: (failure: Failure) => void;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Message | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const close = () => {
    if (busy) return;
    ref.current?.close();
  };

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const result = await withdrawListing(listing.id, reason);
    setBusy(false);
    if (!result.ok) {
      if (result.kind === 'unauthorized') {
        onFailure(result);
        return;
      }
      setProblem(result.message);
      return;
    }
    ref.current?.close();
    showToast({
      title: 'Listing Withdrawn',
      description: `“${listing.center_name}” leaves the directory at its next update. You can publish it again by submitting it for review.`,
    });
    onWithdrawn(result.listing);
  };

  const name = listing.center_name.trim() || 'Untitled listing';
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-slate-900/60"
    >
      <form
        className="flex flex-col gap-4 p-5 sm:p-6"
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <h2 id={`${id}-title`} className="text-xl font-semibold break-words">
          Withdraw “{name}” from the directory?
        </h2>
        <div id={`${id}-intro`} className="flex flex-col gap-2">
          <p>
            Its page, its card and its search entry disappear from the directory at the next update. Families
            who saved it see that it is no longer listed.
          </p>
          <p>
            The listing stays here in your dashboard. To publish it again, edit it and submit it for review,
            or ask the site team to republish it.
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className={labelClass}>
            Why are you withdrawing it? <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id={`${id}-reason`}
            className={`${inputClass} min-h-24`}
            value={reason}
            maxLength={MAX_WITHDRAW_REASON}
            aria-describedby={`${id}-reason-hint`}
            onChange={(e) => {
              setReason(e.target.value);
            }}
          />
          <p id={`${id}-reason-hint`} className="mt-1 text-sm text-muted">
            Kept with the listing for you and the site team, at most{' '}
            {MAX_WITHDRAW_REASON.toLocaleString('en-US')} characters.
          </p>
        </div>
        <div role="alert" className="empty:hidden">
          {problem ? (
            <div className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              <p className="font-semibold">{problem.title}</p>
              <p className="mt-1">{problem.description}</p>
            </div>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={close} disabled={busy} className={secondaryBusyButton}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={dangerButton}>
            {busy ? 'Withdrawing…' : 'Withdraw from directory'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
