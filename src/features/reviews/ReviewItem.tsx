/**
 * One published review as families read it: the stars, title and text, the name the reviewer
 * chose, how they know the program, the year of the stay, its markers ("Sent a request through
 * this site", a disclosed connection, "Sample review — demo data"), the program's published
 * response, and "Report this review" (a reason is required; anyone may report).
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { REVIEW_MESSAGES as M, type PublicReview } from '../../api/contracts/reviews.ts';
import { ReviewStars } from '../../components/program/profile/ReviewStars.tsx';
import { Heading } from '../../components/program/profile/Heading.tsx';
import {
  REPORT_REASON_MIN,
  REVIEW_MARKERS,
  REVIEW_POLICY_PATH,
  sentRequestMarker,
} from '../../lib/reviews.ts';
import { primaryButton, secondaryButton } from '../../ui/buttons.ts';
import { FieldHint, FieldMessage, inputClass, labelClass } from '../../ui/fields.tsx';
import { reportReview } from './api.ts';
import { reportReasonError, stayText, writtenText } from './rules.ts';

const marker = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset';

export function ReviewItem({
  review,
  headingLevel,
  focusRef,
}: {
  review: PublicReview;
  headingLevel: number;
  /** Given to the first review of a page loaded with "Show more reviews" (the focus moves there). */
  focusRef?: ((el: HTMLElement | null) => void) | undefined;
}) {
  const headingId = `review-${review.id}`;
  const stay = stayText(review.stay_year);
  return (
    <article
      ref={focusRef}
      tabIndex={focusRef ? -1 : undefined}
      aria-labelledby={headingId}
      className="py-5 first:pt-0 focus:outline-none"
      data-review-id={review.id}
    >
      <ReviewStars rating={review.rating} />
      <Heading level={headingLevel} id={headingId} className="mt-1 text-lg font-semibold break-words">
        {review.title}
      </Heading>
      <p className="mt-1 text-sm text-muted">
        <span className="font-medium text-ink">{review.public_name}</span>
        {' · '}
        {review.relationship_label}
        {stay !== null ? ` · ${stay}` : ''}
        {' · '}
        {writtenText(review.created_at)}
      </p>
      {review.sent_request || review.sample ? (
        <p className="mt-2 flex flex-wrap gap-2">
          {review.sent_request ? (
            <span className={`${marker} bg-green-100 text-green-900 ring-green-700/30`}>
              <span aria-hidden="true" className="mr-1">
                ✓
              </span>
              {sentRequestMarker(review.sent_request_on)}
            </span>
          ) : null}
          {review.sample ? (
            <span className={`${marker} bg-slate-100 text-slate-800 ring-slate-600/30`}>
              {REVIEW_MARKERS.sample}
            </span>
          ) : null}
        </p>
      ) : null}
      {review.connected_to_program ? (
        <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm break-words text-amber-950">
          <span className="font-semibold">{REVIEW_MARKERS.connected}:</span> {review.connection_note}
        </p>
      ) : null}
      <p className="mt-3 break-words whitespace-pre-line">{review.body}</p>
      {review.response !== null ? (
        <div className="mt-4 rounded-md border-l-4 border-brand-600 bg-slate-50 p-3 text-sm">
          <p className="font-semibold text-brand-800">{REVIEW_MARKERS.response}</p>
          <p className="mt-1 break-words whitespace-pre-line">{review.response.body}</p>
          <p className="mt-1 text-xs text-muted">{writtenText(review.response.created_at)}</p>
        </div>
      ) : null}
      <ReportReview review={review} />
    </article>
  );
}

/** "Report this review": a small form under the review; the reason is required. */
function ReportReview({ review }: { review: PublicReview }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  // What the server said when the report was not stored (already reported, or reported often).
  const [note, setNote] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const reasonId = `${id}-reason`;

  useEffect(() => {
    if (open && !sent) reasonRef.current?.focus();
  }, [open, sent]);
  useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <p
        ref={doneRef}
        tabIndex={-1}
        role="status"
        className="mt-3 rounded-md bg-brand-50 p-3 text-sm focus:outline-none"
      >
        {note ?? M.reportThanks}
      </p>
    );
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const problem = reportReasonError(reason);
    if (problem !== null) {
      setError(problem);
      setFormError(null);
      reasonRef.current?.focus();
      return;
    }
    setError(null);
    setFormError(null);
    setSending(true);
    const result = await reportReview(review.id, reason);
    setSending(false);
    if (result.ok) {
      setNote(result.note);
      setSent(true);
      return;
    }
    setError(result.field);
    setFormError(result.message);
    if (result.field !== null) reasonRef.current?.focus();
  };

  if (!open) {
    return (
      <div className="mt-3">
        <button
          ref={openerRef}
          type="button"
          aria-expanded="false"
          // One name with the review it reports (a visually hidden span would be read with a stray
          // space before its colon).
          aria-label={`${M.reportButton}: “${review.title}” by ${review.public_name}`}
          className="inline-flex min-h-11 items-center rounded-md px-1 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          onClick={() => {
            setOpen(true);
          }}
        >
          {M.reportButton}
        </button>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      aria-busy={sending}
      onSubmit={(e) => void submit(e)}
      className="mt-3 flex flex-col gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4"
    >
      <p id={`${id}-title`} className="font-semibold">
        {M.reportTitle}
        <span className="sr-only">
          : “{review.title}” by {review.public_name}
        </span>
      </p>
      <p className="text-sm text-muted">
        {M.reportIntro}{' '}
        <a href={REVIEW_POLICY_PATH} className="font-medium text-brand-700 underline underline-offset-2">
          Read the review policy
        </a>
      </p>
      <div>
        <label htmlFor={reasonId} className={labelClass}>
          {M.reportReasonLabel} <span className="font-normal text-red-800">(required)</span>
        </label>
        <FieldHint id={`${reasonId}-hint`} hint={`At least ${String(REPORT_REASON_MIN)} characters.`} />
        <textarea
          ref={reasonRef}
          id={reasonId}
          rows={3}
          required
          value={reason}
          disabled={sending}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? `${reasonId}-error ${reasonId}-hint` : `${reasonId}-hint`}
          onChange={(e) => {
            setReason(e.target.value);
          }}
          className={`${inputClass} min-h-20`}
        />
        <FieldMessage id={`${reasonId}-error`} message={error} />
      </div>
      <div role="alert" className="empty:hidden">
        {formError !== null ? (
          <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
            {formError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          className={secondaryButton}
          disabled={sending}
          onClick={() => {
            setOpen(false);
            setError(null);
            setFormError(null);
            requestAnimationFrame(() => openerRef.current?.focus());
          }}
        >
          {M.cancel}
        </button>
        <button type="submit" className={primaryButton} disabled={sending}>
          {sending ? 'Sending…' : M.reportSend}
        </button>
      </div>
    </form>
  );
}
