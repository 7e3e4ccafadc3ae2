/**
 * /admin's Reviews tab: the moderation queue. Each review shows its program, the
 * stars, the title and text, the name and relationship it is shown with, the flags (a phone
 * number, an e-mail or a web address found in the text), whether its author sent a request to
 * the program through this site (the verified-contact marker), whether a provider account wrote
 * it, its disclosed connection, its reports and the program's response. Publish, or Reject under
 * one rule of the review policy (required, chosen from its list); the same for a response. The
 * rating is never a reason either way (REVIEW_MESSAGES.adminIntro says so above the queue).
 *
 * The first page shows at once; "Show more reviews" under the list appends the next while there is
 * one.
 *
 * Calls: `GET /api/admin/reviews[?status=][&offset=N]`, `PATCH /api/admin/reviews/:id[/response]`
 * (netlify/functions/admin-reviews.mts).
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { apiFetch, failureText, readFailure } from '../../api/client.ts';
import {
  MODERATION_STATUS_LABELS,
  REVIEW_MESSAGES as M,
  type AdminReview,
  type AdminReviewFilter,
  type AdminReviewResponse,
  type AdminReviewResponseItem,
  type AdminReviewsResponse,
} from '../../api/contracts/reviews.ts';
import { ReviewStars } from '../../components/program/profile/ReviewStars.tsx';
import {
  REMOVAL_RULES,
  removalRule,
  REVIEW_FLAG_LABELS,
  REVIEW_POLICY_PATH,
  sentRequestMarker,
  type ModerationStatus,
} from '../../lib/reviews.ts';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { primaryButton, secondaryBusyButton, secondaryButton } from '../../ui/buttons.ts';
import { FieldMessage, inputClass, labelClass } from '../../ui/fields.tsx';
import { formatDay, formatDayTime } from '../../ui/format.ts';
import { Pill, type Tone } from '../../ui/Pill.tsx';
import { showToast } from '../../ui/toasts/store.ts';
import type { Failure, Result } from './api.ts';
import { ChangedSince } from './ChangedSince.tsx';
import { isChangedSinceOpened, responseChangesSinceOpened, reviewChangesSinceOpened } from './changes.ts';
import { ListState, Row, usePagedQueue, type QueuePage } from './parts.tsx';
import {
  REVIEW_FILTERS,
  reviewDecisionBody,
  reviewDecisionErrors,
  reviewDecisions,
  type ReviewDecisionInput,
} from './rules.ts';

export const ADMIN_REVIEWS_ENDPOINT = '/api/admin/reviews';

const STATUS_TONES: Record<ModerationStatus, Tone> = {
  pending: 'amber',
  published: 'green',
  rejected: 'red',
};

async function call(path: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await apiFetch(path, init);
  } catch (error) {
    console.warn(`Could not reach ${path}:`, error);
    return null;
  }
}

/** A non-2xx answer (or none) as the failure the admin page acts on. */
async function failure(res: Response | null, title: string, fallback: string): Promise<Failure> {
  if (res?.status === 401) return { ok: false, kind: 'unauthorized' };
  if (res?.status === 403) return { ok: false, kind: 'forbidden' };
  const read = await readFailure(res);
  const message = { title, description: failureText(read, fallback) };
  return read.fields
    ? { ok: false, kind: 'error', status: read.status, message, fields: read.fields }
    : { ok: false, kind: 'error', status: read.status, message };
}

/**
 * `GET /api/admin/reviews?status=<filter>&offset=N`: one page (ADMIN_REVIEWS_PAGE_SIZE reviews, a
 * bounded size: each carries its newest few reports) and where the next starts (`next_offset`,
 * null on the last). The tab shows the first page at once and asks for the next only when the
 * administrator does ("Show more reviews").
 */
export async function loadAdminReviews(
  filter: AdminReviewFilter,
  offset = 0,
): Promise<Result<{ value: AdminReviewsResponse }>> {
  const title = 'Error Loading Data';
  const res = await call(
    `${ADMIN_REVIEWS_ENDPOINT}?status=${encodeURIComponent(filter)}&offset=${String(offset)}`,
  );
  if (!res?.ok) return failure(res, title, M.adminLoadFailed);
  let data: Partial<AdminReviewsResponse> | null = null;
  try {
    data = (await res.json()) as Partial<AdminReviewsResponse>;
  } catch {
    // Not the API's answer: the message below.
  }
  if (!Array.isArray(data?.reviews))
    return {
      ok: false,
      kind: 'error',
      status: res.status,
      message: { title, description: M.adminLoadFailed },
    };
  const nextOffset = typeof data.next_offset === 'number' ? data.next_offset : null;
  return { ok: true, value: { reviews: data.reviews, next_offset: nextOffset } };
}

/** One page of reviews as the shared paged queue reads it. */
async function reviewPage(
  filter: AdminReviewFilter,
  offset?: number,
): Promise<Result<{ value: QueuePage<AdminReview> }>> {
  const result = await loadAdminReviews(filter, offset);
  return result.ok
    ? { ok: true, value: { items: result.value.reviews, next_offset: result.value.next_offset } }
    : result;
}

/**
 * Whether the server's list under `filter` still holds `review` (the FILTERS of
 * netlify/functions/_shared/review-queries.ts).
 */
function listedUnder(review: AdminReview, filter: AdminReviewFilter): boolean {
  switch (filter) {
    case 'waiting':
      return review.status === 'pending' || review.response?.status === 'pending' || review.open_reports > 0;
    case 'pending':
      return review.status === 'pending';
    case 'reported':
      return review.open_reports > 0;
    case 'published':
    case 'rejected':
      return review.status === filter;
    case 'all':
      return true;
  }
}

/** `GET /api/admin/reviews/<id>`: one review as it is now (after a decision found a newer version). */
export async function loadAdminReview(id: string): Promise<Result<{ value: AdminReview }>> {
  const title = 'Error Loading Data';
  const res = await call(`${ADMIN_REVIEWS_ENDPOINT}/${encodeURIComponent(id)}`);
  if (!res?.ok) return failure(res, title, M.adminLoadFailed);
  try {
    const data = (await res.json()) as Partial<AdminReviewResponse>;
    if (data.review) return { ok: true, value: data.review };
  } catch {
    // Not the API's answer: the message below.
  }
  return { ok: false, kind: 'error', status: res.status, message: { title, description: M.adminLoadFailed } };
}

/** `PATCH /api/admin/reviews/<id>` (or `…/response`): publish, or reject under a rule, the version `input.revision`. */
export async function decideReview(
  id: string,
  target: 'review' | 'response',
  input: ReviewDecisionInput,
): Promise<Result<{ value: AdminReview }>> {
  const title = 'Decision Not Saved';
  const fallback = 'The decision could not be saved. Please try again.';
  const path = `${ADMIN_REVIEWS_ENDPOINT}/${encodeURIComponent(id)}${target === 'response' ? '/response' : ''}`;
  const res = await call(path, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(reviewDecisionBody(input)),
  });
  if (!res?.ok) return failure(res, title, fallback);
  try {
    const data = (await res.json()) as Partial<AdminReviewResponse>;
    if (data.review) return { ok: true, value: data.review };
  } catch {
    // Not the API's answer: the message below.
  }
  return { ok: false, kind: 'error', status: res.status, message: { title, description: fallback } };
}

export function ReviewsTab({ onFailure }: { onFailure: (failure: Failure) => void }) {
  const filterId = useId();
  const { filter, setFilter, load, refresh, replace, nextOffset, loadingMore, more, moreRef, focusId } =
    usePagedQueue<AdminReview, AdminReviewFilter>(reviewPage, 'waiting', listedUnder, onFailure);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="reviews-queue-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <SectionTitle id="reviews-queue-title">{M.adminTitle}</SectionTitle>
          <p className="mt-1 max-w-prose text-sm text-muted">
            {M.adminIntro}{' '}
            <a href={REVIEW_POLICY_PATH} className="font-medium text-brand-700 underline underline-offset-2">
              The review policy
            </a>
          </p>
        </div>
        <div className="w-full sm:w-72">
          <label htmlFor={filterId} className={labelClass}>
            Show
          </label>
          <select
            id={filterId}
            className={inputClass}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as AdminReviewFilter);
            }}
          >
            {REVIEW_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListState
        load={load}
        empty={M.adminEmpty}
        count={load.state === 'ready' ? load.items.length : 0}
        noun={nextOffset !== null ? [M.adminShown.one, M.adminShown.many] : ['review', 'reviews']}
        onRetry={() => void refresh(filter)}
      />
      {load.state === 'ready' && load.items.length > 0 ? (
        <ul className="flex flex-col gap-4" data-testid="reviews-queue">
          {load.items.map((r) => (
            <li key={r.id}>
              <ReviewCard review={r} focus={r.id === focusId} onDecided={replace} onFailure={onFailure} />
            </li>
          ))}
        </ul>
      ) : null}
      {load.state === 'ready' && nextOffset !== null ? (
        <div>
          <button
            ref={moreRef}
            type="button"
            className={secondaryBusyButton}
            disabled={loadingMore}
            aria-busy={loadingMore}
            onClick={() => void more()}
          >
            {loadingMore ? M.adminLoadingMore : M.adminShowMore}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function ReviewCard({
  review,
  focus,
  onDecided,
  onFailure,
}: {
  review: AdminReview;
  /** Moves the focus here (the first review "Show more reviews" added). */
  focus: boolean;
  onDecided: (review: AdminReview) => void;
  onFailure: (failure: Failure) => void;
}) {
  const headingId = `admin-review-${review.id}`;
  const name = `“${review.title}” by ${review.public_name}`;
  const program = review.program.name ?? review.program.id;
  const rejected = review.rejection_rule !== null ? removalRule(review.rejection_rule) : undefined;
  const [justDecided, setJustDecided] = useState(0);
  const articleRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (justDecided > 0) articleRef.current?.focus();
  }, [justDecided]);
  useEffect(() => {
    if (focus) articleRef.current?.focus();
  }, [focus]);
  // After a decision was refused because the review (or its response) changed: the version on
  // screen then, which of the two, and the API's sentence.
  const [opened, setOpened] = useState<{
    review: AdminReview;
    target: 'review' | 'response';
    message: string;
  } | null>(null);
  const decided = (next: AdminReview) => {
    setOpened(null);
    setJustDecided((n) => n + 1);
    onDecided(next);
  };
  const changed = async (target: 'review' | 'response', failure: Failure): Promise<void> => {
    if (failure.kind !== 'error') return;
    const fresh = await loadAdminReview(review.id);
    if (!fresh.ok) {
      onFailure(fresh);
      return;
    }
    setOpened({ review, target, message: failure.message.description });
    onDecided(fresh.value);
  };
  return (
    <article
      ref={articleRef}
      tabIndex={-1}
      className={card}
      aria-labelledby={headingId}
      data-review-id={review.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words">
          {name}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Pill tone={STATUS_TONES[review.status]}>{MODERATION_STATUS_LABELS[review.status]}</Pill>
          {review.open_reports > 0 ? <Pill tone="red">{M.openReports(review.open_reports)}</Pill> : null}
          {review.response?.status === 'pending' ? <Pill tone="amber">Response to check</Pill> : null}
        </div>
      </div>
      <div className="mt-2">
        <ReviewStars rating={review.rating} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-0.5 sm:grid-cols-[max-content_1fr] sm:gap-y-2">
        <Row term="Program">
          {review.program.path !== null ? (
            <a
              href={`${review.program.path}#reviews`}
              className="text-brand-700 underline underline-offset-2"
            >
              {program}
            </a>
          ) : (
            <>
              {program} <span className="text-muted">(not listed now)</span>
            </>
          )}
        </Row>
        <Row term="Written">
          {formatDayTime(review.created_at)}
          {review.updated_at !== review.created_at ? (
            <span className="text-muted"> (edited {formatDayTime(review.updated_at)})</span>
          ) : null}
        </Row>
        <Row term="Shown as">
          {review.public_name} · {review.relationship_label}
          {review.stay_year !== null ? ` · stay in ${String(review.stay_year)}` : ''}
        </Row>
        <Row term="Request">
          {review.sent_request ? (
            <Pill tone="green">{sentRequestMarker(review.sent_request_on)}</Pill>
          ) : (
            <span className="text-muted">{M.noVerifiedContact}</span>
          )}
        </Row>
        <Row term="Author">
          {review.author_is_provider ? <Pill tone="amber">{M.authorIsProvider}</Pill> : 'A family account'}
        </Row>
        <Row term="Connection">
          {review.connected_to_program ? (
            <span className="font-medium">Says: {review.connection_note}</span>
          ) : (
            <span className="text-muted">None disclosed</span>
          )}
        </Row>
        <Row term="Flags">
          {review.flags.length === 0 ? (
            <span className="text-muted">None found</span>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label="Flags">
              {review.flags.map((flag) => (
                <li key={flag}>
                  <Pill tone="amber">{REVIEW_FLAG_LABELS[flag]}</Pill>
                </li>
              ))}
            </ul>
          )}
        </Row>
        {review.status !== 'pending' && review.moderated_at !== null ? (
          <Row term="Decided">
            {formatDay(review.moderated_at)}
            {rejected !== undefined ? ` — not published: ${rejected.title}` : ''}
          </Row>
        ) : null}
      </dl>
      <div className="mt-4 rounded-md bg-slate-50 p-3">
        <p className="text-sm font-semibold text-muted">Text</p>
        <p className="mt-1 break-words whitespace-pre-line">{review.body}</p>
      </div>
      {review.reports.length > 0 ? (
        <div className="mt-4">
          <p className="font-semibold">Reports</p>
          <ul className="mt-2 flex flex-col gap-2">
            {review.reports.map((report) => (
              <li key={report.id} className="rounded-md border border-slate-200 p-3 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <Pill tone={report.status === 'open' ? 'red' : 'slate'}>
                    {report.status === 'open' ? 'Open' : 'Resolved'}
                  </Pill>
                  <span className="text-muted">Sent {formatDayTime(report.created_at)}</span>
                </p>
                <p className="mt-1 break-words whitespace-pre-line">{report.reason}</p>
              </li>
            ))}
          </ul>
          {review.report_count > review.reports.length ? (
            <p className="mt-2 text-sm text-muted">
              {M.reportsShown(review.reports.length, review.report_count)}
            </p>
          ) : null}
          {review.reports_not_stored > 0 ? (
            <p className="mt-2 text-sm text-muted">{M.reportsNotStored(review.reports_not_stored)}</p>
          ) : null}
        </div>
      ) : null}
      {opened !== null ? (
        <ChangedSince
          id={review.id}
          message={opened.message}
          changes={
            opened.target === 'review'
              ? reviewChangesSinceOpened(opened.review, review)
              : responseChangesSinceOpened(opened.review, review)
          }
        />
      ) : null}
      <div className="mt-4">
        <DecisionPanel
          target="review"
          id={review.id}
          revision={review.revision}
          name={name}
          status={review.status}
          openReports={review.open_reports}
          onDecided={decided}
          onChanged={(failure) => changed('review', failure)}
          onFailure={onFailure}
        />
      </div>
      {review.response !== null ? (
        <ResponseBlock
          review={review}
          response={review.response}
          onDecided={decided}
          onChanged={(failure) => changed('response', failure)}
          onFailure={onFailure}
        />
      ) : null}
    </article>
  );
}

function ResponseBlock({
  review,
  response,
  onDecided,
  onChanged,
  onFailure,
}: {
  review: AdminReview;
  response: AdminReviewResponseItem;
  onDecided: (review: AdminReview) => void;
  onChanged: (failure: Failure) => Promise<void>;
  onFailure: (failure: Failure) => void;
}) {
  const rejected = response.rejection_rule !== null ? removalRule(response.rejection_rule) : undefined;
  const name = `the response of ${response.organization_name} to “${review.title}”`;
  return (
    <section
      aria-label={`Response from ${response.organization_name}`}
      className="mt-5 border-t border-slate-200 pt-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">Response from {response.organization_name}</h4>
        <Pill tone={STATUS_TONES[response.status]}>{MODERATION_STATUS_LABELS[response.status]}</Pill>
      </div>
      <p className="mt-1 text-sm text-muted">
        Written {formatDayTime(response.created_at)}
        {response.updated_at !== response.created_at ? `, edited ${formatDayTime(response.updated_at)}` : ''}
        {rejected !== undefined ? ` — not published: ${rejected.title}` : ''}
      </p>
      <p className="mt-2 rounded-md bg-slate-50 p-3 break-words whitespace-pre-line">{response.body}</p>
      <div className="mt-3">
        <DecisionPanel
          target="response"
          id={review.id}
          revision={response.revision}
          name={name}
          status={response.status}
          openReports={0}
          onDecided={onDecided}
          onChanged={onChanged}
          onFailure={onFailure}
        />
      </div>
    </section>
  );
}

/** Publish / Reject (a rule of the policy required, chosen from its list), for a review or a response. */
function DecisionPanel({
  target,
  id,
  revision,
  name,
  status,
  openReports,
  onDecided,
  onChanged,
  onFailure,
}: {
  target: 'review' | 'response';
  id: string;
  /** The version shown: the decision is about it. */
  revision: number;
  name: string;
  status: ModerationStatus;
  openReports: number;
  onDecided: (review: AdminReview) => void;
  /** The review or response changed since it was shown: the card reloads it and shows the change. */
  onChanged: (failure: Failure) => Promise<void>;
  onFailure: (failure: Failure) => void;
}) {
  const baseId = useId();
  const ruleId = `${baseId}-rule`;
  const [rejecting, setRejecting] = useState(false);
  const [rule, setRule] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState<'publish' | 'reject' | null>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const rejectRef = useRef<HTMLButtonElement>(null);
  const offers = reviewDecisions(status, openReports);
  const what = target === 'review' ? 'review' : 'response';

  useEffect(() => {
    if (rejecting) selectRef.current?.focus();
  }, [rejecting]);

  const decide = async (typed: Omit<ReviewDecisionInput, 'revision'>) => {
    const input: ReviewDecisionInput = { ...typed, revision };
    if (sending !== null) return;
    const errors = reviewDecisionErrors(input);
    if (errors.rule !== undefined) {
      setError(errors.rule);
      selectRef.current?.focus();
      return;
    }
    setError(null);
    setFormError(null);
    setSending(input.decision);
    const result = await decideReview(id, target, input);
    setSending(null);
    if (result.ok) {
      setRejecting(false);
      setRule('');
      showToast(
        input.decision === 'publish'
          ? {
              title: target === 'review' ? 'Review Published' : 'Response Published',
              description: `The ${what} is published. Program pages show it after the next update of the site.`,
            }
          : {
              title: target === 'review' ? 'Review Not Published' : 'Response Not Published',
              description: `The ${target === 'review' ? 'reviewer' : 'provider'} is told by e-mail which rule it breaks.`,
            },
      );
      onDecided(result.value);
      return;
    }
    if (result.kind !== 'error') {
      onFailure(result);
      return;
    }
    if (isChangedSinceOpened(result)) await onChanged(result);
    const fieldMessage = result.fields?.['rule'];
    if (fieldMessage !== undefined) {
      setError(fieldMessage);
      selectRef.current?.focus();
    } else setFormError(result.message.description);
  };

  const submitReject = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void decide({ decision: 'reject', rule });
  };

  return (
    <div className="flex flex-col gap-3">
      {!rejecting ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          {offers.publish !== null ? (
            <button
              type="button"
              className={primaryButton}
              disabled={sending !== null}
              onClick={() => void decide({ decision: 'publish', rule: '' })}
            >
              {sending === 'publish' ? 'Saving…' : offers.publish}
              <span className="sr-only"> {name}</span>
            </button>
          ) : null}
          {offers.reject ? (
            <button
              ref={rejectRef}
              type="button"
              className={secondaryButton}
              disabled={sending !== null}
              onClick={() => {
                setRejecting(true);
                setFormError(null);
              }}
            >
              {status === 'rejected' ? 'Change the rule' : M.reject}
              <span className="sr-only"> {name}</span>
            </button>
          ) : null}
        </div>
      ) : (
        <form
          noValidate
          onSubmit={submitReject}
          aria-label={`${M.reject} ${name}`}
          className="rounded-lg border border-slate-300 bg-slate-50 p-4"
        >
          <label htmlFor={ruleId} className={labelClass}>
            {M.ruleLabel} <span className="font-normal text-red-800">(required)</span>
          </label>
          <select
            id={ruleId}
            ref={selectRef}
            className={inputClass}
            value={rule}
            disabled={sending !== null}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? `${ruleId}-error` : undefined}
            onChange={(e) => {
              setRule(e.target.value);
            }}
          >
            <option value="">Choose a rule…</option>
            {REMOVAL_RULES.map((r) => (
              <option key={r.id} value={r.id}>
                {r.title}
              </option>
            ))}
          </select>
          <FieldMessage id={`${ruleId}-error`} message={error} />
          {removalRule(rule) !== undefined ? (
            <p className="mt-2 text-sm text-muted">{removalRule(rule)?.text}</p>
          ) : null}
          <p className="mt-2 text-sm text-muted">
            The {target === 'review' ? 'reviewer' : 'provider'} is told by e-mail which rule it breaks.
          </p>
          <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row">
            <button
              type="button"
              className={secondaryButton}
              disabled={sending !== null}
              onClick={() => {
                setRejecting(false);
                setError(null);
                requestAnimationFrame(() => rejectRef.current?.focus());
              }}
            >
              Cancel
            </button>
            <button type="submit" className={primaryButton} disabled={sending !== null}>
              {sending === 'reject' ? 'Saving…' : 'Confirm rejection'}
            </button>
          </div>
        </form>
      )}
      <div role="alert" className="empty:hidden">
        {formError !== null ? (
          <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
            {formError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
