/**
 * "Reviews of your programs" on the dashboard's overview: the published reviews of the
 * programs the provider's live listings publish, newest first, each with "Respond publicly": one
 * response per review, checked by the site team against the review policy before it is published
 * (like the reviews). A response can be edited (checked again) or deleted. Loaded on its own, so
 * the rest of the dashboard never waits for it.
 *
 * Calls: `GET /api/provider/reviews`, `PUT|DELETE /api/provider/reviews/:id/response`
 * (netlify/functions/provider-reviews.mts). Words: REVIEW_MESSAGES.
 */
import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { apiFetch, failureText, OFFLINE_TEXT, readFailure } from '../../api/client.ts';
import {
  MODERATION_STATUS_LABELS,
  REVIEW_MESSAGES as M,
  type ProviderResponseItem,
  type ProviderResponseResponse,
  type ProviderReview,
  type ProviderReviewsResponse,
} from '../../api/contracts/reviews.ts';
import { ReviewStars } from '../../components/program/profile/ReviewStars.tsx';
import {
  RESPONSE_BODY_MAX,
  REVIEW_MARKERS,
  REVIEW_POLICY_PATH,
  sentRequestMarker,
  type ModerationStatus,
} from '../../lib/reviews.ts';
import { card, RetryAlert, SectionTitle } from '../../ui/boxes.tsx';
import { dangerButton, primaryButton, secondaryButton } from '../../ui/buttons.ts';
import { FieldHint, FieldMessage, inputClass, labelClass } from '../../ui/fields.tsx';
import { formatDay } from '../../ui/format.ts';
import { Pill, type Tone } from '../../ui/Pill.tsx';
import type { Failure } from './api.ts';

export const PROVIDER_REVIEWS_ENDPOINT = '/api/provider/reviews';

const STATUS_TONES: Record<ModerationStatus, Tone> = {
  pending: 'amber',
  published: 'green',
  rejected: 'red',
};
const LOAD_FAILED = 'The reviews of your programs could not be loaded. Please try again.';
const SEND_FAILED = 'Your response could not be sent. Please try again in a moment.';
const DELETE_FAILED = 'Your response could not be deleted. Please try again in a moment.';

type Load =
  | { state: 'loading' }
  | { state: 'error'; description: string }
  | { state: 'ready'; reviews: ProviderReview[] };

async function call(path: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await apiFetch(path, init);
  } catch {
    return null;
  }
}

/** `GET /api/provider/reviews`. */
async function loadReviews(): Promise<{ ok: true; reviews: ProviderReview[] } | Failure> {
  const res = await call(PROVIDER_REVIEWS_ENDPOINT);
  if (res?.status === 401) return { ok: false, kind: 'unauthorized' };
  const message = { title: 'Error Loading Data', description: LOAD_FAILED };
  if (!res?.ok) {
    const read = await readFailure(res);
    return {
      ok: false,
      kind: 'error',
      status: read.status,
      message: { ...message, description: failureText(read, LOAD_FAILED) },
    };
  }
  try {
    const data = (await res.json()) as Partial<ProviderReviewsResponse>;
    if (Array.isArray(data.reviews)) return { ok: true, reviews: data.reviews };
  } catch {
    // Not the API's answer: the message below.
  }
  return { ok: false, kind: 'error', status: res.status, message };
}

type SendResult =
  | { ok: true; response: ProviderResponseItem }
  | { ok: false; unauthorized: boolean; field: string | null; message: string | null };

/** The check before sending (the API's own schema, response-check.ts): fetched when a form opens. */
const loadResponseCheck = () => import('./response-check.ts');

/**
 * The message beside the field, or null. Should the check's code not load, the response is sent
 * and the API, which checks the same way, answers the same message.
 */
async function responseError(body: string): Promise<string | null> {
  try {
    return (await loadResponseCheck()).responseError(body);
  } catch (error) {
    console.warn('Could not load the response check:', error);
    return null;
  }
}

/** `PUT /api/provider/reviews/<id>/response` `{ body }`: a new response or an edit, pending either way. */
async function sendResponse(reviewId: string, body: string): Promise<SendResult> {
  const res = await call(`${PROVIDER_REVIEWS_ENDPOINT}/${encodeURIComponent(reviewId)}/response`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ body: body.trim() }),
  });
  if (res?.ok) {
    const data = (await res.json().catch(() => null)) as Partial<ProviderResponseResponse> | null;
    if (data?.response) return { ok: true, response: data.response };
    return { ok: false, unauthorized: false, field: null, message: SEND_FAILED };
  }
  if (res === null) return { ok: false, unauthorized: false, field: null, message: OFFLINE_TEXT };
  if (res.status === 401) return { ok: false, unauthorized: true, field: null, message: null };
  if (res.status === 413) return { ok: false, unauthorized: false, field: M.responseTooLong, message: null };
  const read = await readFailure(res);
  const field = read.fields?.['body'];
  if (res.status === 400 && field !== undefined)
    return { ok: false, unauthorized: false, field, message: null };
  return {
    ok: false,
    unauthorized: false,
    field: null,
    message: res.status >= 500 ? SEND_FAILED : failureText(read, SEND_FAILED),
  };
}

/** `DELETE /api/provider/reviews/<id>/response`. */
async function deleteResponse(
  reviewId: string,
): Promise<{ ok: true } | { ok: false; unauthorized: boolean; message: string }> {
  const res = await call(`${PROVIDER_REVIEWS_ENDPOINT}/${encodeURIComponent(reviewId)}/response`, {
    method: 'DELETE',
  });
  if (res?.status === 204 || res?.status === 404) return { ok: true };
  if (res?.status === 401) return { ok: false, unauthorized: true, message: '' };
  return { ok: false, unauthorized: false, message: failureText(await readFailure(res), DELETE_FAILED) };
}

export function ReviewsCard({ onFailure }: { onFailure: (failure: Failure) => void }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const refresh = useCallback(async () => {
    setLoad({ state: 'loading' });
    const result = await loadReviews();
    if (result.ok) setLoad({ state: 'ready', reviews: result.reviews });
    else if (result.kind === 'error') setLoad({ state: 'error', description: result.message.description });
    else onFailure(result);
  }, [onFailure]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const setResponse = (reviewId: string, response: ProviderResponseItem | null) => {
    setLoad((current) =>
      current.state === 'ready'
        ? {
            state: 'ready',
            reviews: current.reviews.map((r) => (r.id === reviewId ? { ...r, response } : r)),
          }
        : current,
    );
  };

  return (
    <section
      className={`${card} mt-6`}
      aria-labelledby="provider-reviews-title"
      data-testid="provider-reviews"
    >
      <SectionTitle id="provider-reviews-title">{M.providerTitle}</SectionTitle>
      <p className="mt-1 text-sm text-muted">
        {M.providerIntro}{' '}
        <a href={REVIEW_POLICY_PATH} className="font-medium text-brand-700 underline underline-offset-2">
          The review policy
        </a>
      </p>
      <div className="mt-4">
        {load.state === 'loading' ? (
          <p role="status" className="text-muted">
            Loading…
          </p>
        ) : load.state === 'error' ? (
          <RetryAlert description={load.description} onRetry={() => void refresh()} />
        ) : load.reviews.length === 0 ? (
          <p className="text-muted">{M.providerEmpty}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200">
            {load.reviews.map((r) => (
              <li key={r.id} className="py-4 first:pt-0 last:pb-0">
                <ReviewRow
                  review={r}
                  onResponse={(response) => {
                    setResponse(r.id, response);
                  }}
                  onUnauthorized={() => {
                    onFailure({ ok: false, kind: 'unauthorized' });
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ReviewRow({
  review,
  onResponse,
  onUnauthorized,
}: {
  review: ProviderReview;
  onResponse: (response: ProviderResponseItem | null) => void;
  onUnauthorized: () => void;
}) {
  const headingId = `provider-review-${review.id}`;
  const program = review.program.name ?? review.program.id;
  return (
    <article aria-labelledby={headingId} data-review-id={review.id}>
      <p className="text-sm text-muted">
        {review.program.path !== null ? (
          <a
            href={`${review.program.path}#reviews`}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {program}
          </a>
        ) : (
          program
        )}
      </p>
      <div className="mt-1">
        <ReviewStars rating={review.rating} />
      </div>
      <h3 id={headingId} className="mt-1 font-semibold break-words">
        {review.title}
      </h3>
      <p className="mt-1 text-sm text-muted">
        {review.public_name} · {review.relationship_label}
        {review.stay_year !== null ? ` · stay in ${String(review.stay_year)}` : ''} ·{' '}
        {formatDay(review.created_at)}
      </p>
      {review.sent_request || review.connected_to_program ? (
        <p className="mt-1 flex flex-wrap gap-2 text-sm">
          {review.sent_request ? <Pill tone="green">{sentRequestMarker(review.sent_request_on)}</Pill> : null}
          {review.connected_to_program ? (
            <span>
              <span className="font-semibold">{REVIEW_MARKERS.connected}:</span> {review.connection_note}
            </span>
          ) : null}
        </p>
      ) : null}
      <p className="mt-2 break-words whitespace-pre-line">{review.body}</p>
      <Respond review={review} onResponse={onResponse} onUnauthorized={onUnauthorized} />
    </article>
  );
}

/** The provider's one response to a review: write, edit (checked again) or delete it. */
function Respond({
  review,
  onResponse,
  onUnauthorized,
}: {
  review: ProviderReview;
  onResponse: (response: ProviderResponseItem | null) => void;
  onUnauthorized: () => void;
}) {
  const id = useId();
  const fieldId = `${id}-body`;
  const response = review.response;
  const [editing, setEditing] = useState(false);
  const [body, setBody] = useState(response?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  /** Set while the response is checked, before `busy` (a second submit then does nothing). */
  const checking = useRef(false);

  useEffect(() => {
    if (!editing) return;
    fieldRef.current?.focus();
    loadResponseCheck().catch(() => undefined); // ready by Send; a failure is handled there
  }, [editing]);
  useEffect(() => {
    if (notice !== null) noticeRef.current?.focus();
  }, [notice]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const open = () => {
    if (response !== null && body === '') setBody(response.body);
    setNotice(null);
    setEditing(true);
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy !== null || checking.current) return;
    checking.current = true;
    const problem = await responseError(body);
    checking.current = false;
    if (problem !== null) {
      setError(problem);
      setFormError(null);
      fieldRef.current?.focus();
      return;
    }
    setError(null);
    setFormError(null);
    setBusy('send');
    const result = await sendResponse(review.id, body);
    setBusy(null);
    if (result.ok) {
      setEditing(false);
      setNotice(M.responseSubmitted);
      onResponse(result.response);
      return;
    }
    if (result.unauthorized) {
      onUnauthorized();
      return;
    }
    setError(result.field);
    setFormError(result.message);
    if (result.field !== null) fieldRef.current?.focus();
  };

  const remove = async () => {
    setBusy('delete');
    setFormError(null);
    const result = await deleteResponse(review.id);
    setBusy(null);
    if (result.ok) {
      setConfirming(false);
      setBody('');
      setNotice('Your response was deleted.');
      onResponse(null);
    } else if (result.unauthorized) onUnauthorized();
    else setFormError(result.message);
  };

  const noticeBox =
    notice !== null ? (
      <p
        ref={noticeRef}
        tabIndex={-1}
        role="status"
        className="mt-3 rounded-md bg-brand-50 p-3 text-sm focus:outline-none"
      >
        {notice}
      </p>
    ) : null;
  const alert = (
    <div role="alert" className="empty:hidden">
      {formError !== null ? (
        <p className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
          {formError}
        </p>
      ) : null}
    </div>
  );

  if (editing) {
    return (
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label={`${M.responseLabel}: “${review.title}”`}
        aria-busy={busy !== null}
        className="mt-3 rounded-lg border border-slate-300 bg-slate-50 p-4"
      >
        <label htmlFor={fieldId} className={labelClass}>
          {M.responseLabel}
        </label>
        <FieldHint
          id={`${fieldId}-hint`}
          hint={`Shown under the review as “${REVIEW_MARKERS.response}”, at most ${String(RESPONSE_BODY_MAX)} characters. Never confirm that someone was treated by your program, and leave out health details and names.`}
        />
        <textarea
          ref={fieldRef}
          id={fieldId}
          rows={5}
          value={body}
          disabled={busy !== null}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? `${fieldId}-error ${fieldId}-hint` : `${fieldId}-hint`}
          onChange={(e) => {
            setBody(e.target.value);
          }}
          className={`${inputClass} min-h-28`}
        />
        <FieldMessage id={`${fieldId}-error`} message={error} />
        {alert}
        <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            className={secondaryButton}
            disabled={busy !== null}
            onClick={() => {
              setEditing(false);
              setError(null);
              setFormError(null);
              requestAnimationFrame(() => openerRef.current?.focus());
            }}
          >
            {M.cancel}
          </button>
          <button type="submit" className={primaryButton} disabled={busy !== null}>
            {busy === 'send' ? 'Sending…' : 'Send response'}
          </button>
        </div>
      </form>
    );
  }

  if (response === null) {
    return (
      <div className="mt-3">
        {noticeBox}
        <button ref={openerRef} type="button" className={`${secondaryButton} mt-3`} onClick={open}>
          {M.respond}
          <span className="sr-only">: “{review.title}”</span>
        </button>
      </div>
    );
  }

  return (
    <div className="mt-3 rounded-md border-l-4 border-brand-600 bg-slate-50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">Your response</p>
        <Pill tone={STATUS_TONES[response.status]}>{MODERATION_STATUS_LABELS[response.status]}</Pill>
      </div>
      <p className="mt-1 break-words whitespace-pre-line">{response.body}</p>
      {response.status === 'rejected' && response.rejection !== null ? (
        <p className="mt-2 text-sm text-red-900">
          {M.rejectedBecause}{' '}
          <a
            href={`${REVIEW_POLICY_PATH}#${response.rejection.id}`}
            className="font-semibold underline underline-offset-2"
          >
            {response.rejection.title}
          </a>
          . You can edit your response to follow the policy; it is checked again.
        </p>
      ) : null}
      {noticeBox}
      {confirming ? (
        <div className="mt-3">
          <p className="font-medium">Delete your response? This cannot be undone.</p>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row">
            <button
              type="button"
              className={secondaryButton}
              disabled={busy !== null}
              onClick={() => {
                setConfirming(false);
              }}
            >
              {M.cancel}
            </button>
            <button
              ref={confirmRef}
              type="button"
              className={dangerButton}
              disabled={busy !== null}
              onClick={() => void remove()}
            >
              {busy === 'delete' ? 'Deleting…' : 'Delete response'}
            </button>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <button ref={openerRef} type="button" className={secondaryButton} onClick={open}>
            Edit response
            <span className="sr-only">: “{review.title}”</span>
          </button>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              setConfirming(true);
            }}
          >
            Delete response
            <span className="sr-only">: “{review.title}”</span>
          </button>
        </div>
      )}
      {alert}
    </div>
  );
}
