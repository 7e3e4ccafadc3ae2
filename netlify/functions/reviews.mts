/**
 * Families' reviews of programs (docs/product-rules.md#reviews-and-ratings). Words:
 * REVIEW_MESSAGES (src/api/contracts/reviews.ts); body schemas
 * src/api/contracts/reviews-schemas.ts; tables
 * program_reviews and review_reports (migration 20261126000500, which holds who may read and write).
 *
 * - `GET /api/programs/:id/reviews[?offset=N]` → 200 `ProgramReviewsResponse`: the program's
 *   published reviews, newest first, 20 a page (`next_offset`), each with its markers ("Sent a
 *   request through this site", the disclosed connection, "Sample review — demo data") and its
 *   published response; the rating, count and distribution of ALL its published reviews. Anyone;
 *   with a token also `viewer`: whether the caller may write a review (or why not) and their own
 *   review wherever it stands. 404 for a program that is not listed.
 * - `GET /api/reviews` → 200 `OwnReviewsResponse`: the caller's reviews, newest first.
 * - `POST /api/reviews` `ReviewBody` → 201 `OwnReviewResponse` (pending: checked before it is
 *   published). 401 signed out; 403 for an administrator or a provider whose organization
 *   publishes the program; 404 for a program not listed (or the test program); 409 when the
 *   account already reviewed it; 400 with one message per field.
 * - `PUT /api/reviews/:id` (the fields without `program_id`) → 200: the author's edit, pending
 *   again. `DELETE /api/reviews/:id` → 204. 404 for a review that is not the caller's.
 * - `POST /api/reviews/:id/report` `{ reason }` → 201 `{ id, outcome: 'stored', message: null }`:
 *   anyone, about a published review (404 otherwise); it joins the moderator's queue. Stored as
 *   `anon`, with its reporter (the account, else the sender's network: `_shared/reporter.ts`).
 *   One open report per reporter and review: a second one answers 200 `{ id: null, outcome:
 *   'already_reported', message }`; a review with OPEN_REPORTS_CAP open reports answers 200
 *   `outcome: 'counted'` (counted for the moderator, not stored).
 *
 * Refusals write nothing. Bodies over 32 KB (reviews) or 16 KB (reports) are 413, not JSON 415;
 * more than 10 reviews written or edited in 10 minutes, or 5 reports a minute, from one IP is 429;
 * the function answers at most 120 calls a minute per IP.
 */
import type { Config, Context } from '@netlify/functions';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import {
  INELIGIBLE_MESSAGES,
  REVIEW_BODY_MAX_BYTES,
  REVIEW_MESSAGES as M,
  REVIEWS_PAGE_SIZE,
  SMALL_BODY_MAX_BYTES,
  type OwnReview,
  type OwnReviewResponse,
  type OwnReviewsResponse,
  type ProgramReviewsResponse,
  type ReportReviewResponse,
  type ReviewViewer,
  stayYearRangeMessage,
} from '../../src/api/contracts/reviews.ts';
import { REPORT_MESSAGES, type ReportReceipt } from '../../src/api/contracts/reports.ts';
import { PROGRAM_ID_PATTERN } from '../../src/lib/program-id.ts';
import { UUID_PATTERN } from '../../src/lib/provider-schemas.ts';
import {
  reportReviewSchema,
  reviewBodySchema,
  reviewEditSchema,
  type ReviewFields,
} from '../../src/api/contracts/reviews-schemas.ts';
import { reviewFlags, reviewIneligibility } from '../../src/lib/reviews.ts';
import { drainAfterDecision } from './_shared/admin.ts';
import { optionalUser, requireUser } from './_shared/auth.ts';
import { withClaims, type Claims, type Tx } from './_shared/db.ts';
import {
  allowMethods,
  badRequest,
  badRequestFromZod,
  conflict,
  forbidden,
  handle,
  HttpError,
  json,
  notFound,
  readJson,
} from './_shared/http.ts';
import { findListedProgram } from './_shared/programs.ts';
import { RateLimiter } from './_shared/rate-limit.ts';
import { reporterKey, senderOf } from './_shared/reporter.ts';
import { isDuplicateReport } from './_shared/reports.ts';
import {
  reviewPrograms,
  selectOwnReviews,
  selectPublicReviews,
  selectSummary,
} from './_shared/review-queries.ts';

const PROGRAM_REVIEWS = /^\/api\/programs\/([^/]+)\/reviews$/;
const REVIEW_ITEM = /^\/api\/reviews\/([^/]+)$/;
const REVIEW_REPORT = /^\/api\/reviews\/([^/]+)\/report$/;

/** Reviews written or edited from one IP: a family writes one or two; a script is stopped. */
export const PER_IP_WRITES: NonNullable<Config['rateLimit']> = {
  windowLimit: 10,
  windowSize: 600,
  aggregateBy: ['ip', 'domain'],
};
/** Reports from one IP. */
export const PER_IP_REPORTS: NonNullable<Config['rateLimit']> = {
  windowLimit: 5,
  windowSize: 60,
  aggregateBy: ['ip', 'domain'],
};

/** A 429 of a write limit, in the form's words. */
async function limited(check: Promise<void>, message: string): Promise<void> {
  try {
    await check;
  } catch (error) {
    if (error instanceof HttpError && error.status === 429)
      throw new HttpError(429, 'rate_limited', message, { headers: error.headers });
    throw error;
  }
}

/** A body within `maxBytes`, or a 413 in the form's words. */
async function body(req: Request, maxBytes: number): Promise<unknown> {
  try {
    return await readJson(req, { maxBytes });
  } catch (error) {
    if (error instanceof HttpError && error.status === 413)
      throw new HttpError(413, 'payload_too_large', M.tooLarge);
    throw error;
  }
}

/**
 * What the database refuses that the schema did not: the insider rule (403), a second review of
 * the program (409), a check constraint (400). Anything else is rethrown.
 */
function refusal(error: unknown): never {
  if (error instanceof postgres.PostgresError) {
    if (error.constraint_name === 'program_reviews_insider_check')
      throw forbidden(error.message.startsWith('Administrators') ? M.administrator : M.insider);
    if (error.code === '23505' && error.constraint_name === 'program_reviews_program_user_key')
      throw conflict(M.alreadyReviewed);
    if (error.code === '23514') {
      // The checks above refuse all this first; should one get through, a person reads our words,
      // never Postgres's ("new row for relation … violates check constraint …").
      if (error.constraint_name === 'program_reviews_stay_year_check')
        throw badRequest(stayYearRangeMessage(), { stay_year: stayYearRangeMessage() });
      throw badRequest(M.notAccepted);
    }
  }
  throw error;
}

/** Whether the signed-in caller may review `programId`, and their own review of it. */
async function viewerOf(tx: Tx, claims: Claims, programId: string): Promise<ReviewViewer> {
  const [row] = await tx<{ roles: string[]; provider_id: string | null; program_provider_ids: string[] }[]>`
    select coalesce((select array_agg(r.role) from user_roles r where r.user_id = ${claims.sub}), '{}') as roles,
           (select p.id from providers p where p.user_id = ${claims.sub}) as provider_id,
           private.program_provider_ids(${programId}) as program_provider_ids`;
  const [review] = await selectOwnReviews(tx, claims.sub, { programId });
  const reason = reviewIneligibility({
    signedIn: true,
    roles: row?.roles ?? [],
    providerId: row?.provider_id ?? null,
    programProviderIds: row?.program_provider_ids ?? [],
    hasReviewed: review !== undefined,
  });
  return {
    can_review: reason === null,
    reason,
    message: reason === null ? null : INELIGIBLE_MESSAGES[reason],
    review: review ?? null,
  };
}

/** A program that may be reviewed: listed (a file or a live listing), not the test program. */
async function reviewableProgram(id: string): Promise<string> {
  const program = PROGRAM_ID_PATTERN.test(id) ? await findListedProgram(id) : undefined;
  if (!program) throw notFound(M.unknownProgram);
  if (program.test) throw notFound(M.testProgram);
  return program.id;
}

function offsetOf(req: Request): number {
  const raw = new URL(req.url).searchParams.get('offset');
  if (raw === null || raw === '') return 0;
  if (!/^\d{1,6}$/.test(raw))
    throw badRequest('offset must be a whole number from 0.', {
      offset: 'offset must be a whole number from 0.',
    });
  return Number(raw);
}

async function programReviews(req: Request, programId: string): Promise<Response> {
  allowMethods(req, ['GET']);
  const claims = await optionalUser(req);
  const offset = offsetOf(req);
  const id = await reviewableProgram(programId);
  const answer = await withClaims(
    claims,
    async (tx): Promise<ProgramReviewsResponse> => {
      const summary = await selectSummary(tx, id);
      const reviews = await selectPublicReviews(tx, id, { offset, limit: REVIEWS_PAGE_SIZE + 1 });
      const viewer = claims ? await viewerOf(tx, claims, id) : null;
      return {
        program_id: id,
        summary,
        reviews: reviews.slice(0, REVIEWS_PAGE_SIZE),
        next_offset: reviews.length > REVIEWS_PAGE_SIZE ? offset + REVIEWS_PAGE_SIZE : null,
        viewer,
      };
    },
    { readOnly: true },
  );
  return json(answer);
}

async function ownReviews(claims: Claims): Promise<Response> {
  const reviews = await withClaims(claims, (tx) => selectOwnReviews(tx, claims.sub), { readOnly: true });
  const programs = await reviewPrograms(reviews.map((r) => r.program_id));
  return json({
    reviews: reviews.map((r) => ({
      ...r,
      program: programs.get(r.program_id) ?? { id: r.program_id, name: null, path: null },
    })),
  } satisfies OwnReviewsResponse);
}

/** The columns a review's fields are written to, with the moderator's flags. */
function writable(fields: ReviewFields) {
  return {
    rating: fields.rating,
    title: fields.title,
    body: fields.body,
    relationship: fields.relationship,
    stay_year: fields.stay_year,
    public_name: fields.public_name,
    connected_to_program: fields.connected_to_program,
    connection_note: fields.connection_note,
    flags: reviewFlags(fields.title, fields.body, fields.connection_note),
  };
}

async function writeReview(req: Request, context: Context, claims: Claims): Promise<Response> {
  await limited(writeLimiter.check(context), M.tooManyReviews);
  const parsed = reviewBodySchema.safeParse(await body(req, REVIEW_BODY_MAX_BYTES));
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  const programId = await reviewableProgram(parsed.data.program_id);
  const review = await withClaims(claims, async (tx): Promise<OwnReview> => {
    const viewer = await viewerOf(tx, claims, programId);
    if (viewer.reason === 'already_reviewed') throw conflict(M.alreadyReviewed);
    if (viewer.reason !== null) throw forbidden(INELIGIBLE_MESSAGES[viewer.reason]);
    const values = { program_id: programId, ...writable(parsed.data) };
    const [row] = await tx<{ id: string }[]>`
      insert into program_reviews ${tx(values)} returning id`.catch(refusal);
    const [created] = row ? await selectOwnReviews(tx, claims.sub, { id: row.id }) : [];
    if (!created) throw new Error('The new review could not be read back.');
    return created;
  });
  return json({ review } satisfies OwnReviewResponse, 201);
}

async function editReview(req: Request, context: Context, claims: Claims, id: string): Promise<Response> {
  await limited(writeLimiter.check(context), M.tooManyReviews);
  const input = await body(req, REVIEW_BODY_MAX_BYTES);
  if (!UUID_PATTERN.test(id)) throw notFound(M.reviewNotFound);
  const parsed = reviewEditSchema.safeParse(input);
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  const review = await withClaims(claims, async (tx): Promise<OwnReview> => {
    const [current] = await tx`
      select id from program_reviews where id = ${id} and user_id = ${claims.sub} for update`;
    if (!current) throw notFound(M.reviewNotFound);
    await tx`update program_reviews set ${tx(writable(parsed.data))} where id = ${id}`.catch(refusal);
    const [edited] = await selectOwnReviews(tx, claims.sub, { id });
    if (!edited) throw notFound(M.reviewNotFound);
    return edited;
  });
  // An edit takes a published review off the page until it is checked again: rebuild.
  await drainAfterDecision();
  return json({ review } satisfies OwnReviewResponse);
}

async function deleteReview(claims: Claims, id: string): Promise<Response> {
  if (!UUID_PATTERN.test(id)) throw notFound(M.reviewNotFound);
  const deleted = await withClaims(
    claims,
    async (tx) => (await tx`delete from program_reviews where id = ${id} and user_id = ${claims.sub}`).count,
  );
  if (deleted === 0) throw notFound(M.reviewNotFound);
  await drainAfterDecision();
  return json(null, 204);
}

async function reportReview(req: Request, context: Context, id: string): Promise<Response> {
  allowMethods(req, ['POST']);
  await limited(reportLimiter.check(context), M.tooManyReports);
  const parsed = reportReviewSchema.safeParse(await body(req, SMALL_BODY_MAX_BYTES));
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  if (!UUID_PATTERN.test(id)) throw notFound(M.reviewNotFound);
  const reportId = randomUUID();
  const reporter = reporterKey(await senderOf(req), context);
  let stored: number;
  try {
    // As a visitor, without RETURNING: anyone may report, nobody but administrators reads reports.
    // No row is stored when the review already has OPEN_REPORTS_CAP open reports (only counted).
    stored = await withClaims(
      null,
      async (tx) =>
        (
          await tx`
            insert into review_reports (id, review_id, reason, reporter)
            values (${reportId}, ${id}, ${parsed.data.reason}, ${reporter})`
        ).count,
    );
  } catch (error) {
    // The reporter already has an open report on this review: nothing stored, a kind answer.
    if (isDuplicateReport(error, 'review_reports'))
      return json(
        {
          id: null,
          outcome: 'already_reported',
          message: REPORT_MESSAGES.alreadyReported,
        } satisfies ReportReceipt,
        200,
      );
    // No such review (foreign key) or not a published one (private.prepare_review_report).
    if (error instanceof postgres.PostgresError && (error.code === '23503' || error.code === '23514'))
      throw notFound(M.reviewNotFound);
    throw error;
  }
  if (stored === 0)
    return json(
      { id: null, outcome: 'counted', message: REPORT_MESSAGES.reportedOften } satisfies ReportReceipt,
      200,
    );
  return json(
    { id: reportId, outcome: 'stored', message: null } satisfies ReportReviewResponse & ReportReceipt,
    201,
  );
}

export default handle('reviews', async (req: Request, context: Context) => {
  await limiter.check(context);
  const { pathname } = new URL(req.url);
  const programMatch = PROGRAM_REVIEWS.exec(pathname);
  if (programMatch) return programReviews(req, programMatch[1] ?? '');
  const reportMatch = REVIEW_REPORT.exec(pathname);
  if (reportMatch) return reportReview(req, context, reportMatch[1] ?? '');
  if (pathname === '/api/reviews') {
    allowMethods(req, ['GET', 'POST']);
    const claims = await requireUser(req);
    return req.method === 'POST' ? writeReview(req, context, claims) : ownReviews(claims);
  }
  const itemMatch = REVIEW_ITEM.exec(pathname);
  if (itemMatch) {
    allowMethods(req, ['PUT', 'DELETE']);
    const claims = await requireUser(req);
    const id = itemMatch[1] ?? '';
    return req.method === 'PUT' ? editReview(req, context, claims, id) : deleteReview(claims, id);
  }
  throw notFound();
});

export const config: Config = {
  path: ['/api/programs/:id/reviews', '/api/reviews', '/api/reviews/:id', '/api/reviews/:id/report'],
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('reviews', config.rateLimit);
const writeLimiter = new RateLimiter('reviews-written', PER_IP_WRITES);
const reportLimiter = new RateLimiter('reviews-reported', PER_IP_REPORTS);
