/**
 * A listing's published version on /admin: whether it is on the directory, since when, why it was
 * taken down; "Unpublish" for a live one (a reason is required: the provider reads it on the
 * dashboard and gets it by e-mail) and "Republish" for an unpublished or withdrawn one. Each opens
 * a small form and sends one decision (POST /api/admin/listings/:id/publication); a refused one
 * keeps what was typed and shows the API's message beside its field (or above the buttons).
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { MAX_REASON_LENGTH, type AdminListing } from '../../api/contracts/admin.ts';
import { dangerButton, primaryButton, secondaryButton } from '../../ui/buttons.ts';
import { FieldMessage, inputClass, labelClass } from '../../ui/fields.tsx';
import { formatDay } from '../../ui/format.ts';
import { Pill } from '../../ui/Pill.tsx';
import { showToast } from '../../ui/toasts/store.ts';
import { decidePublication, type Failure } from './api.ts';
import { isChangedSinceOpened } from './changes.ts';
import { publicationErrors, publicationLabel, type PublicationAction } from './rules.ts';

export function PublicationPanel({
  listing,
  name,
  onDecided,
  onChanged,
  onFailure,
}: {
  listing: AdminListing;
  name: string;
  onDecided: (listing: AdminListing) => void;
  /** The published version changed since it was shown: the parent reloads and shows the new one. */
  onChanged: (failure: Failure) => Promise<void>;
  onFailure: (failure: Failure) => void;
}) {
  const baseId = useId();
  const [mode, setMode] = useState<PublicationAction | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const publication = listing.publication;
  if (publication === null) return null;

  const state = publicationLabel(publication.state);
  const live = publication.state === 'live';
  const titleId = `${baseId}-title`;
  const reasonId = `${baseId}-reason`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;

  const open = (action: PublicationAction) => {
    setMode(action);
    setError(null);
    setFormError(null);
    requestAnimationFrame(() => {
      if (action === 'unpublish') reasonRef.current?.focus();
      else confirmRef.current?.focus();
    });
  };
  const close = () => {
    setMode(null);
    setError(null);
    setFormError(null);
    requestAnimationFrame(() => {
      openerRef.current?.querySelector('button')?.focus();
    });
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || mode === null) return;
    const input = { action: mode, reason, revision: publication.revision };
    const problems = publicationErrors(input);
    if (problems.reason) {
      setError(problems.reason);
      setFormError(null);
      reasonRef.current?.focus();
      return;
    }
    setError(null);
    setFormError(null);
    setSending(true);
    const result = await decidePublication(listing.id, input);
    setSending(false);
    if (result.ok) {
      setMode(null);
      setReason('');
      onDecided(result.value);
      showToast(
        mode === 'unpublish'
          ? {
              title: 'Listing Unpublished',
              description: `${name} leaves the directory with the next rebuild. The provider has been e-mailed the reason.`,
            }
          : {
              title: 'Listing Republished',
              description: `${name} is back on the directory after the next rebuild. The provider has been e-mailed.`,
            },
      );
      requestAnimationFrame(() => {
        statusRef.current?.focus();
      });
      return;
    }
    if (result.kind !== 'error') {
      onFailure(result);
      return;
    }
    if (isChangedSinceOpened(result)) await onChanged(result);
    const fieldError = result.fields?.['reason'];
    if (fieldError) {
      setError(fieldError);
      reasonRef.current?.focus();
    } else {
      setFormError(result.message.description);
    }
    showToast({ ...result.message, variant: 'destructive' });
  };

  return (
    <section
      className="mt-4 rounded-md border border-slate-300 p-3 text-sm"
      aria-label={`Published version of ${name}`}
      data-testid="publication"
    >
      <div ref={statusRef} tabIndex={-1} className="focus:outline-none">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">Published version:</span>
          <Pill tone={state.tone}>{state.label}</Pill>
          <span className="text-muted">since {formatDay(publication.state_changed_at)}</span>
        </p>
        <p className="mt-1 text-muted">
          {live ? (
            <>
              At{' '}
              <a href={`/program/${publication.program_id}`} className="break-all text-brand-700 underline">
                /program/{publication.program_id}
              </a>
              {'. '}
            </>
          ) : (
            <>Was at /program/{publication.program_id}. </>
          )}
          First published {formatDay(publication.first_published_at)}; this version reviewed{' '}
          {formatDay(publication.reviewed_at)}.
        </p>
        {publication.state_reason ? (
          <div className="mt-2">
            <p className="font-semibold">{live ? 'Reason given' : 'Why it was taken down'}</p>
            <p className="mt-1 whitespace-pre-line break-words" data-testid="publication-reason">
              {publication.state_reason}
            </p>
          </div>
        ) : null}
      </div>

      {mode === null ? (
        <div ref={openerRef} className="mt-3 flex flex-wrap gap-3">
          {live ? (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                open('unpublish');
              }}
            >
              Unpublish<span className="sr-only"> {name}</span>
            </button>
          ) : (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => {
                open('republish');
              }}
            >
              Republish<span className="sr-only"> {name}</span>
            </button>
          )}
        </div>
      ) : (
        <form
          className="mt-3 rounded-lg border border-slate-300 bg-slate-50 p-4"
          aria-labelledby={titleId}
          noValidate
          onSubmit={(e) => void submit(e)}
        >
          <h4 id={titleId} className="font-semibold">
            {mode === 'unpublish' ? `Unpublish ${name}` : `Republish ${name}`}
          </h4>
          {mode === 'unpublish' ? (
            <div className="mt-3">
              <label htmlFor={reasonId} className={labelClass}>
                Reason (required)
              </label>
              <p id={hintId} className="text-muted">
                The provider reads it on the dashboard and gets it by e-mail. The page, its card and its
                search entry are gone after the next rebuild.
              </p>
              <textarea
                id={reasonId}
                ref={reasonRef}
                className={`${inputClass} min-h-24`}
                value={reason}
                maxLength={MAX_REASON_LENGTH}
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${errorId} ${hintId}` : hintId}
                onChange={(e) => {
                  setReason(e.target.value);
                }}
              />
              <FieldMessage id={errorId} message={error} />
            </div>
          ) : (
            <p className="mt-2 text-muted">
              The version reviewed on {formatDay(publication.reviewed_at)} goes back on the directory with the
              next rebuild, and the provider is e-mailed.
            </p>
          )}
          {formError ? (
            <p
              role="alert"
              className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 font-medium text-red-900"
            >
              {formError}
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              ref={confirmRef}
              type="submit"
              className={mode === 'unpublish' ? dangerButton : primaryButton}
              disabled={sending}
              aria-busy={sending}
            >
              {sending ? 'Sending…' : mode === 'unpublish' ? 'Confirm unpublishing' : 'Confirm republishing'}
            </button>
            <button type="button" className={secondaryButton} disabled={sending} onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
