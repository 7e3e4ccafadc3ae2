import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { telHref } from '../../lib/display.ts';
import { track } from '../engagement/tracker.ts';
import { showToast } from '../toasts/store.ts';
import {
  EMAIL_NOT_AVAILABLE,
  OPENING_EMAIL,
  deliverInquiry,
  validateInquiry,
  type InquiryError,
  type InquiryInput,
  type InquiryProgram,
} from './inquiry.ts';

type Props = {
  program: InquiryProgram;
  type: InquiryInput['type'];
  onClose: () => void;
};

const EMPTY = { name: '', email: '', phone: '', message: '' };

const fieldClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink shadow-sm focus:border-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-muted aria-[invalid=true]:border-red-700';

/**
 * The request-info ("contact admissions") and request-a-call dialog. A native modal
 * `<dialog>`: the browser traps focus, closes on Escape and returns focus to the opener.
 */
export default function InquiryDialog({ program, type, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<InquiryError | null>(null);
  const id = useId();
  const isCall = type === 'call';
  const adminEmail = program.email;
  const unavailable = adminEmail === undefined;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
  }, []);

  function close(): void {
    dialogRef.current?.close();
  }

  function submit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (adminEmail === undefined) return;
    const input: InquiryInput = { type, ...values };
    const problem = validateInquiry(input);
    setError(problem);
    if (problem !== null) {
      const missingName = isCall && values.name.trim() === '';
      (missingName ? nameRef : emailRef).current?.focus();
      return;
    }
    deliverInquiry({ ...program, email: adminEmail }, input);
    track(program.id, isCall ? 'call_click' : 'info_request');
    showToast(OPENING_EMAIL);
    setValues(EMPTY);
    close();
  }

  const title = isCall ? 'Request a Call' : 'Request Information';
  const intro = isCall
    ? `Leave your details and the admissions team at ${program.name} can call you back.`
    : `Send a message to the admissions team at ${program.name}.`;
  const nameInvalid = error !== null && isCall && values.name.trim() === '';
  const emailInvalid = error !== null && !nameInvalid;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto w-[calc(100%-1.5rem)] max-w-lg rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-slate-900/60"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={close}
            className="-m-2 rounded-md p-2 text-muted hover:bg-slate-100 hover:text-ink"
            aria-label="Close"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        </div>
        <p id={`${id}-intro`} className="text-sm text-muted">
          {intro} {unavailable ? null : 'Your email app will open with the message ready to send.'}
        </p>

        {isCall && program.phone !== undefined ? (
          <p className="rounded-md bg-brand-50 p-3 text-sm">
            Prefer to call now?{' '}
            <a
              href={telHref(program.phone)}
              data-track="call_click"
              data-program-id={program.id}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              Call Now: {program.phone}
            </a>
          </p>
        ) : null}

        {unavailable ? (
          <div
            role="note"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <p className="font-semibold">{EMAIL_NOT_AVAILABLE.title}</p>
            <p>{EMAIL_NOT_AVAILABLE.description}</p>
            {program.website !== undefined ? (
              <p className="mt-1">
                You can reach the program through{' '}
                <a
                  href={program.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-track="website_click"
                  data-program-id={program.id}
                  className="font-semibold underline"
                >
                  its website<span className="sr-only"> (opens in a new tab)</span>
                </a>
                .
              </p>
            ) : null}
          </div>
        ) : null}

        {error !== null ? (
          <div
            role="alert"
            id={`${id}-error`}
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          >
            <p className="font-semibold">{error.title}</p>
            <p>{error.description}</p>
          </div>
        ) : null}

        <fieldset disabled={unavailable} className="flex flex-col gap-4">
          <legend className="sr-only">Your details</legend>
          <div>
            <label htmlFor={`${id}-name`} className="text-sm font-medium">
              Your name{' '}
              {isCall ? (
                <span className="text-red-800">(required)</span>
              ) : (
                <span className="text-muted">(optional)</span>
              )}
            </label>
            <input
              ref={nameRef}
              id={`${id}-name`}
              name="name"
              autoComplete="name"
              required={isCall}
              aria-invalid={nameInvalid}
              aria-describedby={nameInvalid ? `${id}-error` : undefined}
              value={values.name}
              onChange={(event) => {
                setValues({ ...values, name: event.target.value });
              }}
              className={fieldClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-email`} className="text-sm font-medium">
              Your email{' '}
              {isCall ? (
                <span className="text-red-800">(required)</span>
              ) : (
                <span className="text-muted">(optional)</span>
              )}
            </label>
            <input
              ref={emailRef}
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required={isCall}
              aria-invalid={emailInvalid}
              aria-describedby={emailInvalid ? `${id}-error` : undefined}
              value={values.email}
              onChange={(event) => {
                setValues({ ...values, email: event.target.value });
              }}
              className={fieldClass}
            />
          </div>
          {isCall ? (
            <div>
              <label htmlFor={`${id}-phone`} className="text-sm font-medium">
                Phone <span className="text-muted">(optional)</span>
              </label>
              <input
                id={`${id}-phone`}
                name="phone"
                type="tel"
                autoComplete="tel"
                value={values.phone}
                onChange={(event) => {
                  setValues({ ...values, phone: event.target.value });
                }}
                className={fieldClass}
              />
            </div>
          ) : null}
          <div>
            <label htmlFor={`${id}-message`} className="text-sm font-medium">
              Message <span className="text-muted">(optional)</span>
            </label>
            <textarea
              id={`${id}-message`}
              name="message"
              rows={4}
              placeholder={
                isCall
                  ? 'Best times to call, questions…'
                  : 'Leave empty to send a short greeting asking for information.'
              }
              value={values.message}
              onChange={(event) => {
                setValues({ ...values, message: event.target.value });
              }}
              className={fieldClass}
            />
          </div>
        </fieldset>

        <p className="text-xs text-muted">
          Please do not include medical details. Your message goes to the program, not to this directory.
        </p>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={close}
            className="rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-50"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={unavailable}
            className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400"
          >
            {isCall ? 'Send Request' : 'Send Email'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
