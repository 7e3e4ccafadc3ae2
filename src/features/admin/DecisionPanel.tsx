import { useId, useRef, useState, type SubmitEvent } from 'react';
import { showToast } from '../../ui/toasts/store.ts';
import { dangerButton, primaryButton, secondaryButton } from '../../ui/buttons.ts';
import { FieldMessage, inputClass, labelClass } from '../../ui/fields.tsx';
import { MAX_NOTES_LENGTH } from '../../api/contracts/admin.ts';
import type { Failure } from './api.ts';
import { decisionErrors, type Decision, type DecisionErrors, type DecisionInput } from './rules.ts';

/**
 * Approve / Reject for one queue item. Each button opens a small form: reviewer notes (required
 * to reject), and for a listing's approval the program id it is published as (empty: the API's
 * default, shown as the hint). The button disables while sending; a refused decision keeps what
 * was typed and shows the API's message beside its field (or above the buttons) — also when the
 * item changed since it was opened: the parent then shows the new version, and the next
 * confirmation is about it.
 */
export function DecisionPanel({
  itemName,
  revision,
  programIdDefault,
  replacesPublished = false,
  onDecide,
  onFailure,
}: {
  /** The organization or center, for the buttons' accessible names and the form's heading. */
  itemName: string;
  /** The version shown: the decision is about it (the API refuses it when the item has a newer one). */
  revision: number;
  /** Listings only: the id the API uses when the field is left empty. */
  programIdDefault?: string;
  /** A listing's edit of a published version: approving replaces it, rejecting keeps it live. */
  replacesPublished?: boolean;
  /** Sends the decision; answers null when it was saved, else the failure. */
  onDecide: (input: DecisionInput) => Promise<Failure | null>;
  onFailure: (failure: Failure) => void;
}) {
  const baseId = useId();
  const [mode, setMode] = useState<Decision | null>(null);
  const [notes, setNotes] = useState('');
  const [programId, setProgramId] = useState('');
  const [errors, setErrors] = useState<DecisionErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const programRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<HTMLDivElement>(null);
  const withProgramId = programIdDefault !== undefined;

  const open = (next: Decision) => {
    setMode(next);
    setErrors({});
    setFormError(null);
    requestAnimationFrame(() => {
      if (next === 'approved' && withProgramId) programRef.current?.focus();
      else notesRef.current?.focus();
    });
  };

  const close = () => {
    setMode(null);
    setErrors({});
    setFormError(null);
    requestAnimationFrame(() => {
      openerRef.current?.querySelector('button')?.focus();
    });
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || mode === null) return;
    const input: DecisionInput = withProgramId
      ? { decision: mode, notes, programId, revision }
      : { decision: mode, notes, revision };
    const problems = decisionErrors(input);
    if (problems.reviewer_notes || problems.published_program_id) {
      setErrors(problems);
      setFormError(null);
      if (problems.published_program_id) programRef.current?.focus();
      else notesRef.current?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    setSending(true);
    const failure = await onDecide(input);
    setSending(false);
    if (failure === null) return;
    if (failure.kind !== 'error') {
      onFailure(failure);
      return;
    }
    const fieldErrors: DecisionErrors = {};
    if (failure.fields?.['reviewer_notes']) fieldErrors.reviewer_notes = failure.fields['reviewer_notes'];
    if (failure.fields?.['published_program_id'])
      fieldErrors.published_program_id = failure.fields['published_program_id'];
    if (fieldErrors.reviewer_notes || fieldErrors.published_program_id) {
      setErrors(fieldErrors);
      if (fieldErrors.published_program_id) programRef.current?.focus();
      else notesRef.current?.focus();
    } else {
      setFormError(failure.message.description);
    }
    showToast({ ...failure.message, variant: 'destructive' });
  };

  if (mode === null) {
    return (
      <div ref={openerRef} className="flex flex-wrap gap-3">
        <button
          type="button"
          className={primaryButton}
          onClick={() => {
            open('approved');
          }}
        >
          Approve<span className="sr-only"> {itemName}</span>
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            open('rejected');
          }}
        >
          Reject<span className="sr-only"> {itemName}</span>
        </button>
      </div>
    );
  }

  const rejecting = mode === 'rejected';
  const notesId = `${baseId}-notes`;
  const notesHint = `${baseId}-notes-hint`;
  const notesError = `${baseId}-notes-error`;
  const programField = `${baseId}-program`;
  const programHint = `${baseId}-program-hint`;
  const programError = `${baseId}-program-error`;
  const titleId = `${baseId}-title`;
  return (
    <form
      className="rounded-lg border border-slate-300 bg-slate-50 p-4"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <h4 id={titleId} className="font-semibold">
        {rejecting ? 'Reject' : 'Approve'} {itemName}
      </h4>
      {!rejecting && withProgramId ? (
        <div className="mt-3">
          <label htmlFor={programField} className={labelClass}>
            Program id (optional)
          </label>
          <p id={programHint} className="text-sm text-muted">
            The address of its directory page, /program/&lt;id&gt;. Leave empty to use{' '}
            <code className="break-all">{programIdDefault}</code>.
          </p>
          <input
            id={programField}
            ref={programRef}
            className={inputClass}
            value={programId}
            placeholder={programIdDefault}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.published_program_id ? true : undefined}
            aria-describedby={errors.published_program_id ? `${programError} ${programHint}` : programHint}
            onChange={(e) => {
              setProgramId(e.target.value);
            }}
          />
          <FieldMessage id={programError} message={errors.published_program_id} />
        </div>
      ) : null}
      <div className="mt-3">
        <label htmlFor={notesId} className={labelClass}>
          Reviewer notes {rejecting ? '(required)' : '(optional)'}
        </label>
        <p id={notesHint} className="text-sm text-muted">
          {rejecting
            ? 'Tell the provider what to change; the notes are e-mailed to them and shown on their dashboard.'
            : 'Sent to the provider with the approval.'}
          {replacesPublished
            ? rejecting
              ? ' The published version stays on the directory.'
              : ' This edit replaces the published version with the next rebuild.'
            : ''}
        </p>
        <textarea
          id={notesId}
          ref={notesRef}
          className={`${inputClass} min-h-28`}
          value={notes}
          maxLength={MAX_NOTES_LENGTH}
          required={rejecting}
          aria-invalid={errors.reviewer_notes ? true : undefined}
          aria-describedby={errors.reviewer_notes ? `${notesError} ${notesHint}` : notesHint}
          onChange={(e) => {
            setNotes(e.target.value);
          }}
        />
        <FieldMessage id={notesError} message={errors.reviewer_notes} />
      </div>
      {formError ? (
        <p
          role="alert"
          className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900"
        >
          {formError}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="submit"
          className={rejecting ? dangerButton : primaryButton}
          disabled={sending}
          aria-busy={sending}
        >
          {sending ? 'Sending…' : rejecting ? 'Send rejection' : 'Confirm approval'}
        </button>
        <button type="button" className={secondaryButton} disabled={sending} onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
