import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { REPORT_MESSAGES as M } from '../../api/contracts/reports.ts';
import { primaryButton, secondaryButton } from '../../ui/buttons.ts';
import { FieldHint, FieldMessage, inputClass, labelClass } from '../../ui/fields.tsx';
import { reportErrors, sendReport, type ReportErrors, type ReportField, type ReportInput } from './report.ts';

type Props = {
  program: { id: string; name: string };
  onClose: () => void;
};

const EMPTY: ReportInput = { what: '', email: '' };

/**
 * The "Report an error" dialog of a program's page: what is wrong (required) and an
 * optional e-mail address for an answer. A native modal `<dialog>`: the browser traps focus,
 * closes on Escape and gives focus back to the button that opened it. Each problem is said once,
 * beside its field (what is not about a field, once above the buttons); what was typed stays.
 * Once sent, the dialog says what happens next.
 */
export default function ReportDialog({ program, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const whatRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const [values, setValues] = useState<ReportInput>(EMPTY);
  const [errors, setErrors] = useState<ReportErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ programSeesIt: boolean; note: string | null } | null>(null);
  const id = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
    whatRef.current?.focus();
  }, []);

  useEffect(() => {
    if (sent !== null) doneRef.current?.focus();
  }, [sent]);

  function close(): void {
    dialogRef.current?.close();
  }

  function focusFirst(found: ReportErrors): void {
    if (found.what !== undefined) whatRef.current?.focus();
    else if (found.email !== undefined) emailRef.current?.focus();
  }

  async function submit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending) return;
    const found = reportErrors(values);
    if (found.what !== undefined || found.email !== undefined) {
      setErrors(found);
      setFormError(null);
      focusFirst(found);
      return;
    }
    setErrors({});
    setFormError(null);
    setSending(true);
    const result = await sendReport(program.id, values);
    setSending(false);
    if (result.ok) {
      setSent({ programSeesIt: result.programSeesIt, note: result.note });
      setValues(EMPTY);
      return;
    }
    setErrors(result.fields);
    setFormError(result.message);
    focusFirst(result.fields);
  }

  const field = (name: ReportField) => ({
    id: `${id}-${name}`,
    hintId: `${id}-${name}-hint`,
    errorId: `${id}-${name}-error`,
    error: errors[name],
  });
  const what = field('what');
  const email = field('email');
  const describedBy = (f: ReturnType<typeof field>) =>
    [f.error !== undefined ? f.errorId : null, f.hintId].filter(Boolean).join(' ');
  const update = (name: ReportField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget && !sending) close();
      }}
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-slate-900/60"
    >
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            {M.title}
          </h2>
          <button
            type="button"
            onClick={close}
            disabled={sending}
            className="-m-2 rounded-md p-2 text-muted hover:bg-slate-100 hover:text-ink"
            aria-label={M.close}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        </div>

        {sent !== null ? (
          <div role="status" className="flex flex-col gap-4">
            <p
              id={`${id}-intro`}
              ref={doneRef}
              tabIndex={-1}
              className="rounded-md bg-brand-50 p-3 focus:outline-none"
            >
              <span className="block font-semibold">{M.thanksTitle}</span>
              <span className="mt-1 block">
                {sent.note ?? (sent.programSeesIt ? M.thanks : M.thanksSiteTeamOnly)}
              </span>
            </p>
            <div className="flex justify-end">
              <button type="button" onClick={close} className={primaryButton}>
                {M.close}
              </button>
            </div>
          </div>
        ) : (
          <form
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-busy={sending}
            className="flex flex-col gap-4"
          >
            <p id={`${id}-intro`} className="text-sm text-muted">
              {M.intro} <span className="sr-only">{program.name}.</span>
            </p>

            <div>
              <label htmlFor={what.id} className={labelClass}>
                {M.whatLabel} <span className="font-normal text-red-800">(required)</span>
              </label>
              <FieldHint id={what.hintId} hint={M.whatHint} />
              <textarea
                ref={whatRef}
                id={what.id}
                name="what"
                rows={5}
                required
                value={values.what}
                disabled={sending}
                onChange={update('what')}
                aria-invalid={what.error !== undefined}
                aria-describedby={describedBy(what)}
                className={`${inputClass} min-h-32`}
              />
              <FieldMessage id={what.errorId} message={what.error} />
            </div>

            <div>
              <label htmlFor={email.id} className={labelClass}>
                {M.emailLabel} <span className="font-normal text-muted">(optional)</span>
              </label>
              <FieldHint id={email.hintId} hint={M.emailHint} />
              <input
                ref={emailRef}
                id={email.id}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={values.email}
                disabled={sending}
                onChange={update('email')}
                aria-invalid={email.error !== undefined}
                aria-describedby={describedBy(email)}
                className={inputClass}
              />
              <FieldMessage id={email.errorId} message={email.error} />
            </div>

            <p className="text-xs text-muted">{M.privacy}</p>

            <div role="alert" className="empty:hidden">
              {formError !== null ? (
                <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
                  {formError}
                </p>
              ) : null}
            </div>

            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button type="button" onClick={close} disabled={sending} className={secondaryButton}>
                {M.cancel}
              </button>
              <button type="submit" disabled={sending} className={primaryButton}>
                {sending ? M.sending : M.send}
              </button>
            </div>
          </form>
        )}
      </div>
    </dialog>
  );
}
