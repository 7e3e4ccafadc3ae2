/**
 * Administrators review verification requests (docs/product-rules.md#verification).
 *
 * - `GET /api/admin/verification-requests[?status=pending|approved|rejected]` → 200
 *   `{ requests: AdminVerificationRequest[] }`: pending first, then newest first (at most 500).
 * - `GET /api/admin/verification-requests/:id` → 200 `{ request }` (404 unknown id).
 * - `PATCH /api/admin/verification-requests/:id` `{ status: 'approved' | 'rejected',
 *   reviewer_notes?: string, revision }` → 200 `{ request }`. Notes are required when rejecting
 *   (400), and `revision`, the request's as the list showed it (400 without; 409 with
 *   `fields.revision` when it changed since). 409 when the request was already decided, 404 for
 *   an unknown id.
 *
 * The decision is the one row change; the database does the rest (migrations 0400 and 001300):
 * `reviewed_at` / `reviewer_id`, the provider's `verification_status` (`verified` with
 * `verified_at` / `verified_by`, or `rejected`) and one row in the `notifications` outbox. The
 * outbox is drained right after the answer's transaction (the e-mail to the provider); a failed
 * e-mail does not fail the answer (the scheduled drain retries it).
 *
 * 401 without a valid token; 403 for anyone who is not an administrator, decided in SQL by
 * `private.is_admin()` in the same RLS transaction (`withClaims`) as the queries; 405 for other
 * methods; 429 over the limit.
 */
import type { Config, Context } from '@netlify/functions';
import postgres from 'postgres';
import {
  ADMIN_MESSAGES,
  type AdminVerificationRequest,
  type AdminVerificationRequestResponse,
  type AdminVerificationRequestsResponse,
} from '../../src/api/contracts/admin.ts';
import { verificationDecisionSchema } from '../../src/api/contracts/admin-schemas.ts';
import { UUID_PATTERN } from '../../src/lib/provider-schemas.ts';
import { assertAdmin, changedSince, drainAfterDecision, statusFilter } from './_shared/admin.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims, type Tx } from './_shared/db.ts';
import {
  allowMethods,
  badRequestFromZod,
  conflict,
  handle,
  json,
  notFound,
  pathParam,
  readJson,
} from './_shared/http.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

const STATUSES = ['pending', 'approved', 'rejected'] as const;
const ITEM_PATH = /^\/api\/admin\/verification-requests\/([^/]+)$/;

/** Requests with their provider and license files (read through RLS as the administrator). */
async function selectRequests(
  tx: Tx,
  filter: { id?: string; status?: string | undefined },
): Promise<AdminVerificationRequest[]> {
  const rows = await tx<{ request: AdminVerificationRequest }[]>`
    select jsonb_build_object(
      'id', r.id, 'status', r.status, 'documents_submitted', r.documents_submitted,
      'requested_at', r.requested_at, 'reviewed_at', r.reviewed_at, 'reviewer_notes', r.reviewer_notes,
      'revision', r.revision,
      'provider', jsonb_build_object(
        'id', p.id, 'organization_name', p.organization_name, 'contact_name', p.contact_name,
        'email', p.email, 'phone', p.phone, 'verification_status', p.verification_status),
      'license_uploads', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', u.id, 'url', '/api/provider/uploads/' || u.id, 'original_name', u.original_name,
          'content_type', u.content_type) order by u.created_at desc, u.id)
        from provider_uploads u where u.provider_id = p.id and u.kind = 'license'), '[]'::jsonb)
    ) as request
    from provider_verification_requests r
    join providers p on p.id = r.provider_id
    where (${filter.id ?? null}::uuid is null or r.id = ${filter.id ?? null}::uuid)
      and (${filter.status ?? null}::text is null or r.status = ${filter.status ?? null}::text)
    order by (r.status = 'pending') desc, r.requested_at desc, r.id
    limit 500`;
  return rows.map((r) => r.request);
}

export default handle('admin-verification-requests', async (req: Request, context: Context) => {
  const id = pathParam(req, context, 'id', ITEM_PATH);
  allowMethods(req, id === null ? ['GET'] : ['GET', 'PATCH']);
  await limiter.check(context);
  const claims = await requireUser(req);

  if (id !== null && req.method === 'GET') {
    // One request as it is now: /admin reloads it when a decision found a newer version.
    const request = await withClaims(claims, async (tx) => {
      await assertAdmin(tx);
      const [found] = UUID_PATTERN.test(id) ? await selectRequests(tx, { id }) : [];
      if (!found) throw notFound(ADMIN_MESSAGES.requestNotFound);
      return found;
    });
    return json({ request } satisfies AdminVerificationRequestResponse);
  }

  if (id === null) {
    const status = statusFilter(req, STATUSES);
    const requests = await withClaims(claims, async (tx) => {
      await assertAdmin(tx);
      return selectRequests(tx, { status });
    });
    return json({ requests } satisfies AdminVerificationRequestsResponse);
  }

  // The administrator check comes before anything about the id or the body.
  const body = await readJson(req);
  const isUuid = UUID_PATTERN.test(id);
  let request: AdminVerificationRequest;
  try {
    request = await withClaims(claims, async (tx) => {
      await assertAdmin(tx);
      const parsed = verificationDecisionSchema.safeParse(body);
      if (!parsed.success) throw badRequestFromZod(parsed.error);
      if (!isUuid) throw notFound(ADMIN_MESSAGES.requestNotFound);
      // Locked until the decision commits: a change between this check and the update waits.
      const [current] = await tx<{ status: string; revision: number }[]>`
        select status, revision from provider_verification_requests where id = ${id} for update`;
      if (!current) throw notFound(ADMIN_MESSAGES.requestNotFound);
      if (current.revision !== parsed.data.revision) throw changedSince(ADMIN_MESSAGES.requestChanged);
      if (current.status !== 'pending') throw conflict(ADMIN_MESSAGES.requestDecidedAs(current.status));
      await tx`
        update provider_verification_requests
        set status = ${parsed.data.status}, reviewer_notes = ${parsed.data.reviewer_notes || null}
        where id = ${id}`;
      const [decided] = await selectRequests(tx, { id });
      if (!decided) throw notFound(ADMIN_MESSAGES.requestNotFound);
      return decided;
    });
  } catch (error) {
    // A decision that raced another one: the trigger refuses the second.
    if (error instanceof postgres.PostgresError && error.code === '23514' && !error.constraint_name)
      throw conflict(ADMIN_MESSAGES.requestDecided);
    throw error;
  }
  await drainAfterDecision();
  return json({ request } satisfies AdminVerificationRequestResponse);
});

export const config: Config = {
  path: ['/api/admin/verification-requests', '/api/admin/verification-requests/:id'],
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('admin-verification-requests', config.rateLimit);
