/**
 * The reviews section's calls (no React here): a program's published reviews (with the
 * signed-in family's own review and whether they may write one), writing, editing and deleting
 * one's review, and reporting a review. Each answers `{ ok: true, … }` or what the section says:
 * messages beside their fields, and at most one message that is not about a field.
 * Endpoints: netlify/functions/reviews.mts; words: src/api/contracts/reviews.ts.
 */
import { apiFetch, failureText, OFFLINE_TEXT, readFailure } from '../../api/client.ts';
import type { ReportReceipt } from '../../api/contracts/reports.ts';
import {
  REVIEW_MESSAGES as M,
  type OwnReview,
  type OwnReviewResponse,
  type ProgramReviewsResponse,
} from '../../api/contracts/reviews.ts';
import type { ReviewBody, ReviewEditBody } from '../../api/contracts/reviews-schemas.ts';
import { splitFieldMessages, type ReviewErrors } from './rules.ts';

export const REVIEWS_ENDPOINT = '/api/reviews';

/** `/api/programs/<id>/reviews[?offset=N]`. */
export function programReviewsPath(programId: string, offset = 0): string {
  const base = `/api/programs/${encodeURIComponent(programId)}/reviews`;
  return offset > 0 ? `${base}?offset=${String(offset)}` : base;
}

async function call(path: string, init?: RequestInit, signedIn = true): Promise<Response | null> {
  try {
    return signedIn ? await apiFetch(path, init) : await fetch(path, init);
  } catch {
    return null;
  }
}

const LOAD_FAILED =
  'The newest reviews could not be loaded. The reviews shown are from the last update of this page.';

export type LoadResult = { ok: true; value: ProgramReviewsResponse } | { ok: false; message: string };

function isReviewsAnswer(body: unknown): body is ProgramReviewsResponse {
  return (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as Partial<ProgramReviewsResponse>).reviews) &&
    typeof (body as Partial<ProgramReviewsResponse>).summary === 'object'
  );
}

/**
 * `GET /api/programs/<id>/reviews`: with the session's token when there is one (the answer then
 * says whether this person may review and carries their own review). A token the API no longer
 * accepts (401) is not the visitor's problem: the reviews are asked for again without it.
 */
export async function loadProgramReviews(programId: string, offset = 0): Promise<LoadResult> {
  const path = programReviewsPath(programId, offset);
  let res = await call(path);
  if (res?.status === 401) res = await call(path, undefined, false);
  if (res?.ok) {
    const body: unknown = await res.json().catch(() => null);
    if (isReviewsAnswer(body)) return { ok: true, value: body };
    return { ok: false, message: LOAD_FAILED };
  }
  return { ok: false, message: res === null ? OFFLINE_TEXT : LOAD_FAILED };
}

export type SendResult =
  | { ok: true; review: OwnReview }
  /** `fields`: beside their fields; `message`: what is not about a field, said once above Send. */
  | { ok: false; status: number | null; fields: ReviewErrors; message: string | null };

function jsonInit(method: string, body: unknown): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** Reads the answer to a POST or PUT of a review (null: none came). */
export async function readSendResult(res: Response | null): Promise<SendResult> {
  if (res?.ok) {
    const body = (await res.json().catch(() => null)) as Partial<OwnReviewResponse> | null;
    if (body?.review) return { ok: true, review: body.review };
    return { ok: false, status: res.status, fields: {}, message: M.sendFailed };
  }
  if (res === null)
    return { ok: false, status: null, fields: {}, message: `${M.sendFailed} ${OFFLINE_TEXT}` };
  if (res.status === 413) return { ok: false, status: 413, fields: { body: M.tooLarge }, message: null };
  const failure = await readFailure(res);
  if (res.status === 401) return { ok: false, status: 401, fields: {}, message: M.signInToReview };
  const split = splitFieldMessages(failure.fields);
  if (res.status === 400 && Object.keys(split.fields).length > 0)
    return { ok: false, status: 400, fields: split.fields, message: split.rest[0] ?? null };
  return {
    ok: false,
    status: res.status,
    fields: {},
    message:
      failure.status !== null && failure.status >= 500 ? M.sendFailed : failureText(failure, M.sendFailed),
  };
}

/** `POST /api/reviews` (a new review) or `PUT /api/reviews/<id>` (the family's edit). */
export async function sendReview(
  programId: string,
  existingId: string | null,
  body: ReviewEditBody,
): Promise<SendResult> {
  const res =
    existingId === null
      ? await call(
          REVIEWS_ENDPOINT,
          jsonInit('POST', { program_id: programId, ...body } satisfies ReviewBody),
        )
      : await call(`${REVIEWS_ENDPOINT}/${encodeURIComponent(existingId)}`, jsonInit('PUT', body));
  return readSendResult(res);
}

/** `DELETE /api/reviews/<id>`. */
export async function deleteReview(id: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const res = await call(`${REVIEWS_ENDPOINT}/${encodeURIComponent(id)}`, { method: 'DELETE' });
  if (res?.status === 204 || res?.status === 404) return { ok: true };
  if (res?.status === 401) return { ok: false, message: M.signInToReview };
  return {
    ok: false,
    message: failureText(await readFailure(res), 'Your review could not be deleted. Please try again.'),
  };
}

/** `note`: what to say instead of the thank-you when the report was not stored (already reported, or reported often). */
export type ReportResult =
  { ok: true; note: string | null } | { ok: false; field: string | null; message: string | null };

/** Reads the answer to a report (null: none came). */
export async function readReportResult(res: Response | null): Promise<ReportResult> {
  if (res?.status === 201) return { ok: true, note: null };
  // 200: not stored, and said why (the person already reported it, or many people did).
  if (res?.status === 200) {
    const data = (await res.json().catch(() => null)) as Partial<ReportReceipt> | null;
    return { ok: true, note: typeof data?.message === 'string' ? data.message : null };
  }
  if (res === null) return { ok: false, field: null, message: OFFLINE_TEXT };
  if (res.status === 413) return { ok: false, field: M.reportReasonTooLong, message: null };
  const failure = await readFailure(res);
  const field = failure.fields?.['reason'];
  if (res.status === 400 && field !== undefined) return { ok: false, field, message: null };
  return {
    ok: false,
    field: null,
    message:
      res.status >= 500
        ? 'Your report could not be sent. Please try again in a moment.'
        : failureText(failure, 'Your report could not be sent. Please try again in a moment.'),
  };
}

/**
 * `POST /api/reviews/<id>/report` `{ reason }`: anyone, signed in or not. The token goes with it
 * when someone is signed in: the report counts as theirs (one open report per person and review)
 * and is part of their account's export and deletion.
 */
export async function reportReview(id: string, reason: string): Promise<ReportResult> {
  const res = await call(
    `${REVIEWS_ENDPOINT}/${encodeURIComponent(id)}/report`,
    jsonInit('POST', { reason: reason.trim() }),
  );
  return readReportResult(res);
}
