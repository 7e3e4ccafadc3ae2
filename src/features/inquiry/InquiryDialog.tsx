import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { telHref } from '../../lib/display.ts';
import { apiFetch } from '../../api/client.ts';
import { $session, initSession } from '../../api/session.ts';
import { track } from '../../api/engagement.ts';
import { showToast } from '../../ui/toasts/store.ts';
import {
  EMAIL_NOT_AVAILABLE,
  inquiryBody,
  inquiryMailto,
  readSendResult,
  SUBMISSION_ERROR,
  validateInquiry,
  type InquiryField,
  type InquiryInput,
  type InquiryProblem,
  type InquiryProgram,
  type SendResult,
} from './inquiry.ts';

type Props = {
  program: InquiryProgram;
  type: InquiryInput['type'];
  onClose: () => void;
};

type Values = Omit<InquiryInput, 'type' | 'bestTime'> & { bestTime: string };
const EMPTY: Values = { name: '', email: '', phone: '', message: '', bestTime: '' };

/** The form value a field edits. */
const valueKey = (field: InquiryField): keyof Values => (field === 'best_time_to_call' ? 'bestTime' : field);

const fieldClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink shadow-sm focus:border-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-muted aria-[invalid=true]:border-red-700';

/** The name a signed-in family gave (never the "Account" fallback of the header). */
function metadataName(metadata: Record<string, unknown>): string {
  for (const key of ['full_name', 'name']) {
    const value = metadata[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return '';
}

/** POST /api/inquiries; a session the server no longer accepts is retried as a visitor. */
async function send(body: Record<string, string>): Promise<SendResult> {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  } satisfies RequestInit;
  let res = await apiFetch('/api/inquiries', init);
  if (res.status === 401) res = await fetch('/api/inquiries', init);
  return readSendResult(res);
}

/**
 * The request-info ("contact admissions") and request-a-call dialog, one for both
 * (docs/product-rules.md#requests).
 * A native modal `<dialog>`: the browser traps focus, closes on Escape and returns focus to the
 * opener. Sending stores the request and e-mails the program (`POST /api/inquiries`); the
 * person's own e-mail app stays available through a mailto link, and Call Now is a `tel:` link.
 */
export default function InquiryDialog({ program, type, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    best_time_to_call: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  } satisfies Record<InquiryField, unknown>;
  const honeypotRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [problem, setProblem] = useState<InquiryProblem | null>(null);
  const [sending, setSending] = useState(false);
  const session = useStore($session);
  const id = useId();
  const isCall = type === 'call';
  const hasEmail = program.email !== undefined;

  // Opened in the task that rendered it, so the dialog is in the frame that follows the click (an
  // effect would wait for a paint first). showModal gives the focus to the name field (autoFocus);
  // should it not (a renderer that focuses by script instead), it is moved there without a scroll,
  // which would lay the page out once more inside this task.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
    const name = refs.name.current;
    if (name !== null && document.activeElement !== name) name.focus({ preventScroll: true });
  }, [refs.name]);

  // The session (a signed-in family's name and e-mail, below) after that paint.
  useEffect(() => {
    initSession();
  }, []);

  // Signed-in families find their name and e-mail filled in (never overwriting what they typed).
  useEffect(() => {
    if (session.status !== 'signed-in') return;
    const { user } = session;
    setValues((current) => ({
      ...current,
      name: current.name === '' ? metadataName(user.metadata) : current.name,
      email: current.email === '' ? (user.email ?? '') : current.email,
    }));
  }, [session]);

  function close(): void {
    dialogRef.current?.close();
  }

  /**
   * A refused request is said once: the alert above the fields and each field's own message (no
   * toast over the Send button repeating them). Focus goes to the first field to fix.
   */
  function refuse(found: InquiryProblem): void {
    setProblem(found);
    const first = (['name', 'email', 'phone', 'best_time_to_call', 'message'] as const).find(
      (f) => found.fields[f],
    );
    if (first) refs[first].current?.focus();
  }

  async function submit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending) return;
    const input: InquiryInput = { type, ...values };
    const found = validateInquiry(input);
    if (found !== null) {
      refuse(found);
      return;
    }
    setProblem(null);
    setSending(true);
    let result: SendResult;
    try {
      result = await send(inquiryBody(program.id, input, honeypotRef.current?.value ?? ''));
    } catch {
      result = { ok: false, problem: { ...SUBMISSION_ERROR, fields: {} } };
    }
    setSending(false);
    if (!result.ok) {
      refuse(result.problem);
      return;
    }
    track(program.id, isCall ? 'call_click' : 'info_request');
    showToast({
      title: 'Request Submitted',
      description:
        result.routed === 'site_team'
          ? `Our team will pass your request on to ${program.name}. We emailed you a confirmation with a link to follow its status.`
          : `${program.name} received your request. We emailed you a confirmation with a link to follow its status.`,
    });
    setValues(EMPTY);
    close();
  }

  const title = isCall ? 'Request a Call' : 'Request Information';
  const intro = isCall
    ? `Leave your details and the admissions team at ${program.name} can call you back.`
    : `Send a message to the admissions team at ${program.name}.`;
  const fieldError = (field: InquiryField) => problem?.fields[field];

  const field = (
    name: InquiryField,
    label: string,
    required: boolean,
    hint: string | null,
    control: (props: {
      id: string;
      'aria-invalid': boolean;
      'aria-describedby': string | undefined;
      value: string;
      disabled: boolean;
      onChange: (event: { target: { value: string } }) => void;
      className: string;
    }) => ReactNode,
  ) => {
    const error = fieldError(name);
    const describedBy = [
      hint !== null ? `${id}-${name}-hint` : '',
      error !== undefined ? `${id}-${name}-error` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <div>
        <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
          {label}{' '}
          {required ? (
            <span className="text-red-800">(required)</span>
          ) : (
            <span className="text-muted">(optional)</span>
          )}
        </label>
        {control({
          id: `${id}-${name}`,
          'aria-invalid': error !== undefined,
          'aria-describedby': describedBy === '' ? undefined : describedBy,
          value: values[valueKey(name)],
          disabled: sending,
          onChange: (event) => {
            setValues((current) => ({ ...current, [valueKey(name)]: event.target.value }));
          },
          className: fieldClass,
        })}
        {hint !== null ? (
          <p id={`${id}-${name}-hint`} className="mt-1 text-sm text-muted">
            {hint}
          </p>
        ) : null}
        {error !== undefined ? (
          <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    );
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
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-busy={sending}
        className="flex flex-col gap-4 p-5 sm:p-6"
      >
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
          {intro} We send your request and email you a confirmation with a private link to follow it.
        </p>

        {!hasEmail ? (
          <div
            role="note"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <p className="font-semibold">{EMAIL_NOT_AVAILABLE.title}</p>
            <p>{EMAIL_NOT_AVAILABLE.description}.</p>
            <p className="mt-1">
              You can still send your request: we keep it and our team passes it on to {program.name}.
            </p>
          </div>
        ) : null}

        {program.phone !== undefined ? (
          <p className="rounded-md bg-brand-50 p-3 text-sm">
            {isCall || !hasEmail ? 'Prefer to call now? ' : 'Prefer to talk? '}
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

        {problem !== null ? (
          <div
            role="alert"
            id={`${id}-error`}
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          >
            <p className="font-semibold">{problem.title}</p>
            <p>{problem.description}</p>
          </div>
        ) : null}

        <fieldset className="flex flex-col gap-4">
          <legend className="sr-only">Your details</legend>
          {field('name', 'Your name', true, null, (props) => (
            // The first field: where showModal puts the focus (see the layout effect above).
            <input ref={refs.name} name="name" autoComplete="name" autoFocus required {...props} />
          ))}
          {field('email', 'Your email', true, null, (props) => (
            <input ref={refs.email} name="email" type="email" autoComplete="email" required {...props} />
          ))}
          {field('phone', 'Phone', isCall, null, (props) => (
            <input ref={refs.phone} name="phone" type="tel" autoComplete="tel" required={isCall} {...props} />
          ))}
          {isCall
            ? field(
                'best_time_to_call',
                'Best time to call',
                false,
                'For example: weekdays after 5 pm Eastern. It goes to the program with your request.',
                (props) => (
                  <input
                    ref={refs.best_time_to_call}
                    name="best_time_to_call"
                    type="text"
                    autoComplete="off"
                    {...props}
                  />
                ),
              )
            : null}
          {field('message', 'Message', false, null, (props) => (
            <textarea
              ref={refs.message}
              name="message"
              rows={4}
              placeholder={
                isCall ? 'Your questions for the admissions team…' : 'Your questions about the program…'
              }
              {...props}
            />
          ))}
          {/* Honeypot: hidden from people and assistive technology; scripts fill it and are refused. */}
          <div className="absolute -left-[10000px] size-px overflow-hidden" aria-hidden="true" inert>
            <label htmlFor={`${id}-fax`}>Leave this field empty</label>
            <input
              ref={honeypotRef}
              id={`${id}-fax`}
              name="fax"
              type="text"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
        </fieldset>

        <p className="text-xs text-muted">
          Please do not include medical details. Your request goes to the program (and to our team when the
          program has no email on file).
        </p>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={close}
            disabled={sending}
            className="rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-50 disabled:cursor-not-allowed"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={sending}
            className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:bg-slate-500"
          >
            {sending ? 'Sending…' : isCall ? 'Send Request' : 'Send Email'}
          </button>
        </div>

        {hasEmail ? (
          <p className="border-t border-slate-200 pt-3 text-sm text-muted">
            Prefer your own email app?{' '}
            <a
              href={inquiryMailto({ ...program, email: program.email ?? '' }, { type, ...values })}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              Write to {program.email}
            </a>
          </p>
        ) : null}
      </form>
    </dialog>
  );
}
