/**
 * A provider's side of reviews: the published reviews of the programs its live
 * listings publish, and its one public response to each, checked by the site team like reviews
 * (migration 20261126000500: the database decides who may respond, to what, and sends an edited
 * response back to pending). Words: REVIEW_MESSAGES (src/api/contracts/reviews.ts).
 *
 * - `GET /api/provider/reviews` → 200 `ProviderReviewsResponse`: newest first (at most 500),
 *   each with the provider's response wherever it stands (with the rule when it was rejected).
 * - `PUT /api/provider/reviews/:id/response` (or `POST`) `{ body }` → 201 for a new response,
 *   200 for an edit; either way it is pending until the site team publishes it. 403 for a review
 *   of a program the provider does not publish; 404 for a review that is not published (or does
 *   not exist).
 * - `DELETE /api/provider/reviews/:id/response` → 204; 404 when there is none.
 *
 * 401 without a valid token; 404 (NO_PROFILE) without a provider profile; 400 with one message
 * per field; 413 over 16 KB; 405 for other methods; 429 over 120 calls a minute per IP. An edit
 * or deletion of a published response asks for a rebuild (the outbox is drained).
 */
import type { Config, Context } from '@netlify/functions';
import postgres from 'postgres';
import { NO_PROFILE } from '../../src/api/contracts/providers.ts';
import {
  REVIEW_MESSAGES as M,
  SMALL_BODY_MAX_BYTES,
  type ProviderResponseItem,
  type ProviderResponseResponse,
  type ProviderReviewsResponse,
} from '../../src/api/contracts/reviews.ts';
import { responseBodySchema } from '../../src/api/contracts/reviews-schemas.ts';
import { UUID_PATTERN } from '../../src/lib/provider-schemas.ts';
import { drainAfterDecision } from './_shared/admin.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims, type Claims, type Tx } from './_shared/db.ts';
import {
  allowMethods,
  badRequestFromZod,
  conflict,
  forbidden,
  handle,
  HttpError,
  json,
  notFound,
  readJson,
} from './_shared/http.ts';
import { RateLimiter } from './_shared/rate-limit.ts';
import { selectProviderReviews } from './_shared/review-queries.ts';

const RESPONSE = /^\/api\/provider\/reviews\/([^/]+)\/response$/;

/** The caller's provider id, or 404 NO_PROFILE. */
async function providerId(tx: Tx, claims: Claims): Promise<string> {
  const [me] = await tx<{ id: string }[]>`select id from providers where user_id = ${claims.sub}`;
  if (!me) throw notFound(NO_PROFILE);
  return me.id;
}

async function list(req: Request): Promise<Response> {
  allowMethods(req, ['GET']);
  const claims = await requireUser(req);
  const reviews = await withClaims(
    claims,
    async (tx) => selectProviderReviews(tx, await providerId(tx, claims)),
    { readOnly: true },
  );
  return json({ reviews } satisfies ProviderReviewsResponse);
}

/** What the database refuses: not this provider's program (403), not a published review (404). */
function refusal(error: unknown): never {
  if (error instanceof postgres.PostgresError) {
    if (error.constraint_name === 'review_responses_provider_check') throw forbidden(M.notYourProgram);
    if (error.constraint_name === 'review_responses_review_check') throw notFound(M.reviewNotFound);
    if (error.code === '23505') throw conflict(M.responseSubmitted);
  }
  throw error;
}

async function respond(req: Request, claims: Claims, reviewId: string): Promise<Response> {
  let input: unknown;
  try {
    input = await readJson(req, { maxBytes: SMALL_BODY_MAX_BYTES });
  } catch (error) {
    if (error instanceof HttpError && error.status === 413)
      throw new HttpError(413, 'payload_too_large', M.responseTooLong);
    throw error;
  }
  const result = await withClaims(claims, async (tx) => {
    const me = await providerId(tx, claims);
    const parsed = responseBodySchema.safeParse(input);
    if (!parsed.success) throw badRequestFromZod(parsed.error);
    if (!UUID_PATTERN.test(reviewId)) throw notFound(M.reviewNotFound);
    const [review] = await tx`select id from program_reviews where id = ${reviewId} and status = 'published'`;
    if (!review) throw notFound(M.reviewNotFound);
    const [own] = await tx<{ id: string }[]>`
      select id from review_responses where review_id = ${reviewId} and provider_id = ${me} for update`;
    if (own) {
      await tx`update review_responses set body = ${parsed.data.body} where id = ${own.id}`.catch(refusal);
    } else {
      await tx`insert into review_responses (review_id, body) values (${reviewId}, ${parsed.data.body})`.catch(
        refusal,
      );
    }
    const [answered] = await selectProviderReviews(tx, me, { id: reviewId });
    const response: ProviderResponseItem | null | undefined = answered?.response;
    if (!response) throw forbidden(M.notYourProgram);
    return { response, created: own === undefined };
  });
  await drainAfterDecision();
  return json({ response: result.response } satisfies ProviderResponseResponse, result.created ? 201 : 200);
}

async function remove(claims: Claims, reviewId: string): Promise<Response> {
  if (!UUID_PATTERN.test(reviewId)) throw notFound(M.responseNotFound);
  const deleted = await withClaims(claims, async (tx) => {
    const me = await providerId(tx, claims);
    return (await tx`delete from review_responses where review_id = ${reviewId} and provider_id = ${me}`)
      .count;
  });
  if (deleted === 0) throw notFound(M.responseNotFound);
  await drainAfterDecision();
  return json(null, 204);
}

export default handle('provider-reviews', async (req: Request, context: Context) => {
  await limiter.check(context);
  const { pathname } = new URL(req.url);
  if (pathname === '/api/provider/reviews') return list(req);
  const match = RESPONSE.exec(pathname);
  if (!match) throw notFound();
  allowMethods(req, ['PUT', 'POST', 'DELETE']);
  const claims = await requireUser(req);
  const reviewId = match[1] ?? '';
  return req.method === 'DELETE' ? remove(claims, reviewId) : respond(req, claims, reviewId);
});

export const config: Config = {
  path: ['/api/provider/reviews', '/api/provider/reviews/:id/response'],
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('provider-reviews', config.rateLimit);
