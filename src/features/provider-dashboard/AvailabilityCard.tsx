/**
 * A listing's availability on the dashboard (docs/product-rules.md#availability): what families
 * see now ("Beds open now ·
 * Confirmed November 12, 2026", or "Not confirmed since …" after 30 days), "Still accurate" to
 * confirm it in one click, and a small form to change it. Saving never sends the listing back to
 * review; for a published listing the directory is rebuilt with the new date.
 */
import { useId, useState } from 'react';
import { availabilityView, type AvailabilityStatus } from '../../lib/availability.ts';
import { formatLongDate } from '../../lib/dates.ts';
import { showToast } from '../../ui/toasts/store.ts';
import { saveAvailability, type Failure } from './api.ts';
import {
  AVAILABILITY_CHOICES,
  availabilityBody,
  availabilityFromRow,
  confirmBody,
  localDay,
} from './availability.ts';
import type { AvailabilityBody, Listing, ListingAvailability } from '../../api/contracts/listings.ts';
import { primaryButton, secondaryButton } from '../../ui/buttons.ts';
import { inputClass, labelClass } from '../../ui/fields.tsx';

type Props = {
  listing: Listing;
  onSaved: (listingId: string, availability: ListingAvailability) => void;
  onFailure: (failure: Failure) => void;
};

const smallButton = 'min-h-11 px-3 py-1.5 text-sm';

export function AvailabilityCard({ listing, onSaved, onFailure }: Props) {
  const id = useId();
  const row = listing.availability ?? null;
  const current = availabilityFromRow(row);
  const today = localDay(new Date());
  const view = availabilityView(current, today);
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<AvailabilityStatus>(row?.status ?? 'open');
  const [weeks, setWeeks] = useState(row?.wait_weeks ? String(row.wait_weeks) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = listing.center_name || 'this listing';

  const send = async (body: AvailabilityBody, confirming: boolean) => {
    if (busy) return;
    setBusy(true);
    const result = await saveAvailability(listing.id, body);
    setBusy(false);
    if (!result.ok) {
      if (result.kind === 'error' && result.fields?.['wait_weeks']) setError(result.fields['wait_weeks']);
      onFailure(result);
      return;
    }
    onSaved(listing.id, result.availability);
    setEditing(false);
    setError(null);
    const on = availabilityFromRow(result.availability)?.confirmedOn ?? today;
    showToast(
      confirming
        ? {
            title: 'Availability Confirmed',
            description: `Marked as still accurate on ${formatLongDate(on)}.`,
          }
        : {
            title: 'Availability Saved',
            description: `${availabilityView(availabilityFromRow(result.availability), today).label}, confirmed ${formatLongDate(on)}.`,
          },
    );
  };

  const save = () => {
    const made = availabilityBody(status, weeks);
    if ('error' in made) {
      setError(made.error);
      document.getElementById(`${id}-weeks`)?.focus();
      return;
    }
    void send(made.body, false);
  };

  const open = () => {
    setStatus(row?.status ?? 'open');
    setWeeks(row?.wait_weeks ? String(row.wait_weeks) : '');
    setError(null);
    setEditing(true);
  };

  const toneClass = view.stale
    ? 'border-amber-400 bg-amber-50'
    : view.state === 'unknown'
      ? 'border-slate-300 bg-slate-50'
      : 'border-slate-300 bg-white';

  return (
    <section
      className={`mt-3 rounded-md border p-3 ${toneClass}`}
      aria-labelledby={`${id}-title`}
      data-testid="availability"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Availability <span className="sr-only">of {name}</span>
      </h3>
      <p className="mt-1" data-testid="availability-state">
        <span className="font-medium">{view.label}</span>
        {view.confirmedLabel ? <span className="text-muted"> · {view.confirmedLabel}</span> : null}
      </p>
      {view.stale && current ? (
        <p className="mt-1 text-sm text-muted">
          Last stated: {availabilityView(current, current.confirmedOn).label}. Families see it as not
          confirmed until you confirm or change it.
        </p>
      ) : null}
      {view.state === 'unknown' ? (
        <p className="mt-1 text-sm text-muted">
          Tell families whether you have beds open. Confirm it at least every 30 days.
        </p>
      ) : null}

      {!editing ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {row ? (
            <button
              type="button"
              className={`${primaryButton} ${smallButton}`}
              disabled={busy}
              aria-busy={busy}
              onClick={() => void send(confirmBody(row), true)}
            >
              {busy ? 'Saving…' : 'Still accurate'}
              <span className="sr-only"> ({name})</span>
            </button>
          ) : null}
          <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={open}>
            {row ? 'Change availability' : 'State availability'}
            <span className="sr-only"> ({name})</span>
          </button>
        </div>
      ) : (
        <form
          noValidate
          className="mt-2 flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={`${id}-status`} className={labelClass}>
                Availability
              </label>
              <select
                id={`${id}-status`}
                className={inputClass}
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value as AvailabilityStatus);
                  setError(null);
                }}
              >
                {AVAILABILITY_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
            {status === 'waitlist' ? (
              <div>
                <label htmlFor={`${id}-weeks`} className={labelClass}>
                  Expected wait in weeks <span className="font-normal text-muted">(optional)</span>
                </label>
                <input
                  id={`${id}-weeks`}
                  className={`${inputClass} max-w-32`}
                  inputMode="numeric"
                  maxLength={3}
                  value={weeks}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? `${id}-weeks-error` : undefined}
                  onChange={(e) => {
                    setWeeks(e.target.value);
                    setError(null);
                  }}
                />
              </div>
            ) : null}
          </div>
          {error ? (
            <p id={`${id}-weeks-error`} className="text-sm font-medium text-red-800" data-field-error>
              {error}
            </p>
          ) : null}
          <p className="text-sm text-muted">
            Saving dates it today. It does not send your listing back to review.
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              className={`${primaryButton} ${smallButton}`}
              disabled={busy}
              aria-busy={busy}
            >
              {busy ? 'Saving…' : 'Save availability'}
            </button>
            <button
              type="button"
              className={`${secondaryButton} ${smallButton}`}
              onClick={() => {
                setEditing(false);
                setError(null);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
