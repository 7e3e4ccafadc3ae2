/**
 * The moderator's side of reviews: /admin's Reviews tab. Words: REVIEW_MESSAGES
 * (src/api/contracts/reviews.ts). A decision is one row change, the same as in Studio
 * (migration 20261126000500): the database stamps it, resolves the review's open reports, queues
 * the author's e-mail on a rejection (with the rule) and asks for a rebuild when the page changes.
 * Moderation is by the published policy (/review-policy), never by the rating: nothing here reads
 * the stars.
 *
 * - `GET /api/admin/reviews[?status=waiting|pending|reported|published|rejected|all]` → 200
 *   `AdminReviewsResponse`: each review with its program, text, flags (phone, e-mail, web
 *   addresses), the verified-contact marker (`sent_request`), whether a provider account wrote
 *   it, its newest 3 reports with the count of all of them (`report_count`) and of those counted
 *   beyond the cap, not stored (`reports_not_stored`), and its response. `waiting` (the
 *   default): pending, reported, or with a pending response, oldest first. 50 a page:
 *   `&offset=N`, and `next_offset` (null on the last page). 400 for another status or offset.
 * - `GET /api/admin/reviews/:id` → 200 `AdminReviewResponse` (any status; 404 unknown id).
 * - `PATCH /api/admin/reviews/:id` `{ decision: 'publish' | 'reject', rule?, revision }` → 200
 *   `AdminReviewResponse`. A rejection needs `rule`, one of REMOVAL_RULES (400 otherwise).
 *   Publishing a published review keeps it and resolves its open reports; 409 when it is
 *   published with no open report, or rejected already under the same rule. `revision` is the
 *   review's as the list showed it (required, 400 without): 409 with `fields.revision` when the
 *   review changed since (an edit is a new revision), checked on the locked row, so what is
 *   published is the version the moderator read.
 * - `PATCH /api/admin/reviews/:id/response` — the same decision on the review's response (404
 *   when it has none; 409 when the decision changes nothing); `revision` is the response's.
 *
 * 401 without a valid token, 403 for anyone who is not an administrator (`private.is_admin()` in
 * the same RLS transaction), 404 for an unknown review, 405 for other methods, 429 over 120 calls
 * a minute per IP. After a decision the outbox is drained (the e-mail, the rebuild).
 */
import type { Config, Context } from '@netlify/functions';
import {
  ADMIN_REVIEW_FILTERS,
  ADMIN_REVIEWS_PAGE_SIZE,
  REVIEW_MESSAGES as M,
  type AdminReview,
  type AdminReviewFilter,
  type AdminReviewResponse,
  type AdminReviewsResponse,
} from '../../src/api/contracts/reviews.ts';
import { decideReviewSchema } from '../../src/api/contracts/reviews-schemas.ts';
import { UUID_PATTERN } from '../../src/lib/provider-schemas.ts';
import type { ModerationStatus } from '../../src/lib/reviews.ts';
import { assertAdmin, changedSince, drainAfterDecision } from './_shared/admin.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims, type Tx } from './_shared/db.ts';
import {
  allowMethods,
  badRequest,
  badRequestFromZod,
  conflict,
  handle,
  json,
  notFound,
  readJson,
} from './_shared/http.ts';
import { RateLimiter } from './_shared/rate-limit.ts';
import { selectAdminReviews } from './_shared/review-queries.ts';

const ITEM = /^\/api\/admin\/reviews\/([^/]+)$/;
const RESPONSE = /^\/api\/admin\/reviews\/([^/]+)\/response$/;

function statusFilter(req: Request): AdminReviewFilter {
  const value = new URL(req.url).searchParams.get('status');
  if (value === null || value === '') return 'waiting';
  if ((ADMIN_REVIEW_FILTERS as readonly string[]).includes(value)) return value as AdminReviewFilter;
  throw badRequest(M.statusFilter, { status: M.statusFilter });
}

/** `?offset=N`: where the page starts (0 unless given). */
function offsetOf(req: Request): number {
  const raw = new URL(req.url).searchParams.get('offset');
  if (raw === null || raw === '') return 0;
  if (!/^\d{1,6}$/.test(raw)) throw badRequest(M.offsetInvalid, { offset: M.offsetInvalid });
  return Number(raw);
}

async function list(req: Request): Promise<Response> {
  allowMethods(req, ['GET']);
  const claims = await requireUser(req);
  const status = statusFilter(req);
  const offset = offsetOf(req);
  const reviews = await withClaims(
    claims,
    async (tx) => {
      await assertAdmin(tx);
      // One more than a page: whether another page follows.
      return selectAdminReviews(tx, { status, offset, limit: ADMIN_REVIEWS_PAGE_SIZE + 1 });
    },
    { readOnly: true },
  );
  return json({
    reviews: reviews.slice(0, ADMIN_REVIEWS_PAGE_SIZE),
    next_offset: reviews.length > ADMIN_REVIEWS_PAGE_SIZE ? offset + ADMIN_REVIEWS_PAGE_SIZE : null,
  } satisfies AdminReviewsResponse);
}

/** One review as it is now (any status): /admin reloads it when a decision found a newer version. */
async function one(req: Request, id: string): Promise<Response> {
  const claims = await requireUser(req);
  const review = await withClaims(
    claims,
    async (tx) => {
      await assertAdmin(tx);
      const [found] = UUID_PATTERN.test(id) ? await selectAdminReviews(tx, { id }) : [];
      if (!found) throw notFound(M.reviewNotFound);
      return found;
    },
    { readOnly: true },
  );
  return json({ review } satisfies AdminReviewResponse);
}

interface Current {
  status: ModerationStatus;
  rejection_rule: string | null;
  open_reports: number;
  revision: number;
}

/**
 * Decides on the review `id` (or its response): reads the row for update, refuses a decision
 * that changes nothing (409), writes the one row change and answers the review as the list shows it.
 */
async function decide(req: Request, id: string, target: 'review' | 'response'): Promise<Response> {
  allowMethods(req, target === 'review' ? ['GET', 'PATCH'] : ['PATCH']);
  if (req.method === 'GET') return one(req, id);
  const claims = await requireUser(req);
  const input = await readJson(req);
  const review = await withClaims(claims, async (tx: Tx): Promise<AdminReview> => {
    await assertAdmin(tx);
    const parsed = decideReviewSchema.safeParse(input);
    if (!parsed.success) throw badRequestFromZod(parsed.error);
    if (!UUID_PATTERN.test(id)) throw notFound(M.reviewNotFound);
    const { decision, rule, revision } = parsed.data;
    const [exists] = await tx`select id from program_reviews where id = ${id}`;
    if (!exists) throw notFound(M.reviewNotFound);
    const [current] =
      target === 'review'
        ? await tx<Current[]>`
            select r.status, r.rejection_rule, r.revision,
                   (select count(*)::integer from review_reports o where o.review_id = r.id and o.status = 'open') as open_reports
            from program_reviews r where r.id = ${id} for update`
        : await tx<Current[]>`
            select s.status, s.rejection_rule, 0 as open_reports, s.revision
            from review_responses s where s.review_id = ${id} for update`;
    if (!current) throw notFound(M.responseNotFound);
    // The row is locked until the decision commits: an edit waits, then goes back to pending with
    // a new revision. A decision on an older revision than the row's publishes nothing.
    if (current.revision !== revision)
      throw changedSince(target === 'review' ? M.reviewChanged : M.responseChanged);
    if (decision === 'publish' && current.status === 'published' && current.open_reports === 0)
      throw conflict(M.alreadyPublished);
    if (decision === 'reject' && current.status === 'rejected' && current.rejection_rule === rule)
      throw conflict(M.alreadyRejected);
    const status = decision === 'publish' ? 'published' : 'rejected';
    if (target === 'review')
      await tx`update program_reviews set status = ${status}, rejection_rule = ${rule} where id = ${id}`;
    else
      await tx`update review_responses set status = ${status}, rejection_rule = ${rule} where review_id = ${id}`;
    const [decided] = await selectAdminReviews(tx, { id });
    if (!decided) throw notFound(M.reviewNotFound);
    return decided;
  });
  await drainAfterDecision();
  return json({ review } satisfies AdminReviewResponse);
}

export default handle('admin-reviews', async (req: Request, context: Context) => {
  await limiter.check(context);
  const { pathname } = new URL(req.url);
  if (pathname === '/api/admin/reviews') return list(req);
  const response = RESPONSE.exec(pathname);
  if (response) return decide(req, response[1] ?? '', 'response');
  const item = ITEM.exec(pathname);
  if (item) return decide(req, item[1] ?? '', 'review');
  throw notFound();
});

export const config: Config = {
  path: ['/api/admin/reviews', '/api/admin/reviews/:id', '/api/admin/reviews/:id/response'],
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('admin-reviews', config.rateLimit);
