/**
 * Administrators review listings (docs/product-rules.md#listings-and-review).
 *
 * - `GET /api/admin/listings[?status=draft|pending|approved|rejected]` → 200
 *   `{ listings: AdminListing[] }`: every column of `provider_listings` plus
 *   `provider: { id, organization_name, email, verification_status }`; pending first, then the
 *   most recently submitted (at most 500). Without `status`: every listing but drafts (a draft is
 *   the provider's unfinished work).
 * - `GET /api/admin/listings/:id` → 200 `{ listing }` (any status; 404 unknown id).
 * - `PATCH /api/admin/listings/:id` `{ status: 'approved' | 'rejected', reviewer_notes?: string,
 *   published_program_id?: string, revision }` → 200 `{ listing }`. `revision` is the listing's
 *   as the list showed it (required, 400 without); 409 with `fields.revision` ("This listing
 *   changed after you opened it") when the working copy has a newer one, so an approval publishes
 *   exactly the version read (the snapshot keeps its revision). Notes are required when rejecting
 *   (400). On approval the listing gets its directory program id: the one given, else the one it
 *   already had (an approved listing edited and approved again keeps its page), else a slug of
 *   `center_name` made unique against other listings and the programs of `content/programs`
 *   (`harbor-house`, `harbor-house-2`, …). A given id that another program or listing uses: 409.
 *   `published_program_id` is ignored when rejecting. 409 when the listing is not pending; 404 for
 *   an unknown id. 409 with `fields` when the listing lacks what a directory program needs: the
 *   database refuses to approve it (trigger `provider_listings_publishable`, migration
 *   20261125000300, the same rules for Studio), and the program schema
 *   (src/lib/published-listing.ts) checks it again before the decision is committed. An approved
 *   listing is always publishable.
 *
 * The decision is one row change; `reviewed_at` / `reviewed_by` (private.guard_listing) and one
 * row in the `notifications` outbox (migration 001300) follow in the database. The outbox is then
 * drained: the e-mail to the provider, and on approval a rebuild (`BUILD_HOOK_URL`). A failed
 * e-mail or hook does not fail the answer.
 *
 * 401 without a valid token; 403 for anyone who is not an administrator (`private.is_admin()` in
 * the same RLS transaction); 405 for other methods; 429 over the limit.
 */
import type { Config, Context } from '@netlify/functions';
import postgres from 'postgres';
import {
  ADMIN_MESSAGES,
  type AdminListing,
  type AdminListingResponse,
  type AdminListingsResponse,
} from '../../src/api/contracts/admin.ts';
import { listingDecisionSchema, publicationDecisionSchema } from '../../src/api/contracts/admin-schemas.ts';
import { programSlug } from '../../src/lib/program-id.ts';
import { UUID_PATTERN } from '../../src/lib/provider-schemas.ts';
import { listingToProgram, publishingProblemMessage } from '../../src/lib/published-listing.ts';
import {
  assertAdmin,
  changedSince,
  drainAfterDecision,
  statusFilter,
  uniqueProgramId,
} from './_shared/admin.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims, type Claims, type Tx } from './_shared/db.ts';
import {
  allowMethods,
  badRequestFromZod,
  conflict,
  handle,
  HttpError,
  json,
  notFound,
  pathParam,
  readJson,
} from './_shared/http.ts';
import { programIndex } from './_shared/programs.ts';
import { selectListingsForPublishing } from './_shared/publishing.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

/** The working copy's statuses, and `published` / `unpublished`: listings whose published version is live / is not. */
const STATUSES = ['draft', 'pending', 'approved', 'rejected', 'published', 'unpublished'] as const;
const ITEM_PATH = /^\/api\/admin\/listings\/([^/]+)$/;
const PUBLICATION_PATH = /^\/api\/admin\/listings\/([^/]+)\/publication$/;

async function selectListings(
  tx: Tx,
  filter: { id?: string; status?: string | undefined },
): Promise<AdminListing[]> {
  const id = filter.id ?? null;
  const status = filter.status ?? null;
  const rows = await tx<{ listing: AdminListing }[]>`
    select to_jsonb(l) || jsonb_build_object(
      'provider', jsonb_build_object(
        'id', p.id, 'organization_name', p.organization_name, 'email', p.email,
        'verification_status', p.verification_status, 'verified_at', p.verified_at),
      'publication', (
        select jsonb_build_object(
          'program_id', s.program_id, 'state', s.state, 'state_reason', s.state_reason,
          'state_changed_at', s.state_changed_at, 'reviewed_at', s.reviewed_at,
          'first_published_at', s.first_published_at, 'snapshot', s.snapshot, 'revision', s.revision)
        from listing_publications s where s.listing_id = l.id),
      'uploads', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', u.id, 'url', '/api/provider/uploads/' || u.id, 'kind', u.kind,
          'original_name', u.original_name, 'content_type', u.content_type) order by u.created_at, u.id)
        from provider_uploads u where u.provider_id = l.provider_id), '[]'::jsonb)
    ) as listing
    from provider_listings l
    join providers p on p.id = l.provider_id
    left join listing_publications pub on pub.listing_id = l.id
    where (${id}::uuid is null or l.id = ${id}::uuid)
      and (case when ${status}::text is null then ${id}::uuid is not null or l.status <> 'draft'
                when ${status}::text = 'published' then pub.state = 'live'
                when ${status}::text = 'unpublished' then pub.state in ('unpublished', 'withdrawn')
                else l.status = ${status}::text end)
    order by (l.status = 'pending') desc, l.submitted_at desc nulls last, l.created_at desc, l.id
    limit 500`;
  return rows.map((r) => r.listing);
}

/** The program id an approved listing is published as (see the header). */
async function programIdFor(
  tx: Tx,
  listing: { id: string; center_name: string; published_program_id: string | null },
  given: string | null | undefined,
): Promise<string> {
  if (given) {
    const [other] = await tx`
      select 1 from provider_listings where published_program_id = ${given} and id <> ${listing.id}
      union all
      select 1 from listing_publications where program_id = ${given} and listing_id <> ${listing.id}`;
    if ((await programIndex()).has(given) || other) throw conflict(ADMIN_MESSAGES.programIdTaken);
    return given;
  }
  if (listing.published_program_id) return listing.published_program_id;
  const base = programSlug(listing.center_name);
  // `base` holds only [a-z0-9-], so it has no LIKE wildcards.
  const rows = await tx<{ id: string }[]>`
    select published_program_id as id from provider_listings
    where published_program_id = ${base} or published_program_id like ${`${base}-%`}`;
  const used = new Set(rows.map((r) => r.id));
  const files = await programIndex();
  return uniqueProgramId(base, (candidate) => used.has(candidate) || files.has(candidate));
}

/**
 * The database's refusal of an approved listing it could not publish (23514 from the trigger
 * `provider_listings_publishable`), as the 409 the admin reads: the sentence, and the problems by
 * field (DETAIL is their JSON). Null for any other error.
 */
function publishingRefusal(error: unknown): HttpError | null {
  if (!(error instanceof postgres.PostgresError)) return null;
  if (error.code !== '23514' || error.constraint_name !== 'provider_listings_publishable') return null;
  let fields: Record<string, string> | undefined;
  try {
    const parsed: unknown = JSON.parse(error.detail ?? '');
    if (parsed && typeof parsed === 'object') fields = parsed as Record<string, string>;
  } catch {
    fields = undefined;
  }
  return new HttpError(409, 'conflict', error.message, fields ? { fields } : {});
}

/** Throws 409 with the missing fields unless the listing would be a valid directory program. */
async function assertPublishable(tx: Tx, id: string, programId: string | null): Promise<void> {
  const [row] = await selectListingsForPublishing(tx, { id });
  if (!row || programId === null) throw notFound(ADMIN_MESSAGES.listingNotFound);
  const result = listingToProgram({ ...row, published_program_id: programId });
  if (!result.ok) {
    throw new HttpError(409, 'conflict', publishingProblemMessage(result.problems), {
      fields: result.problems,
    });
  }
}

/**
 * `POST /api/admin/listings/:id/publication`: unpublish a live listing (with the reason the
 * provider reads and is e-mailed) or republish an unpublished or withdrawn one. One row change on
 * `listing_publications`; the trigger records who and when, writes the e-mail and asks for a rebuild.
 */
async function decidePublication(req: Request, claims: Claims, id: string): Promise<Response> {
  const body = await readJson(req);
  const listing = await withClaims(claims, async (tx) => {
    await assertAdmin(tx);
    const parsed = publicationDecisionSchema.safeParse(body);
    if (!parsed.success) throw badRequestFromZod(parsed.error);
    if (!UUID_PATTERN.test(id)) throw notFound(ADMIN_MESSAGES.listingNotFound);
    const [current] = await tx<{ state: string; revision: number }[]>`
      select state, revision from listing_publications where listing_id = ${id} for update`;
    if (!current) {
      const [exists] = await tx`select 1 from provider_listings where id = ${id}`;
      throw exists ? conflict(ADMIN_MESSAGES.neverPublished) : notFound(ADMIN_MESSAGES.listingNotFound);
    }
    const decision = parsed.data;
    if (current.revision !== decision.revision) throw changedSince(ADMIN_MESSAGES.publicationChanged);
    if (decision.action === 'unpublish') {
      if (current.state !== 'live') throw conflict(ADMIN_MESSAGES.notLive(current.state));
      await tx`
        update listing_publications set state = 'unpublished', state_reason = ${decision.reason}
        where listing_id = ${id}`;
    } else {
      if (current.state === 'live') throw conflict(ADMIN_MESSAGES.alreadyLive);
      await tx`update listing_publications set state = 'live' where listing_id = ${id}`;
    }
    const [decided] = await selectListings(tx, { id });
    if (!decided) throw notFound(ADMIN_MESSAGES.listingNotFound);
    return decided;
  });
  await drainAfterDecision();
  return json({ listing } satisfies AdminListingResponse);
}

export default handle('admin-listings', async (req: Request, context: Context) => {
  const publicationOf = PUBLICATION_PATH.exec(new URL(req.url).pathname)?.[1];
  if (publicationOf !== undefined) {
    allowMethods(req, ['POST']);
    await limiter.check(context);
    return decidePublication(req, await requireUser(req), decodeURIComponent(publicationOf));
  }
  const id = pathParam(req, context, 'id', ITEM_PATH);
  allowMethods(req, id === null ? ['GET'] : ['GET', 'PATCH']);
  await limiter.check(context);
  const claims = await requireUser(req);

  if (id !== null && req.method === 'GET') {
    // One listing as it is now: /admin reloads it when a decision found a newer version.
    const listing = await withClaims(claims, async (tx) => {
      await assertAdmin(tx);
      const [found] = UUID_PATTERN.test(id) ? await selectListings(tx, { id }) : [];
      if (!found) throw notFound(ADMIN_MESSAGES.listingNotFound);
      return found;
    });
    return json({ listing } satisfies AdminListingResponse);
  }

  if (id === null) {
    const status = statusFilter(req, STATUSES);
    const listings = await withClaims(claims, async (tx) => {
      await assertAdmin(tx);
      return selectListings(tx, { status });
    });
    return json({ listings } satisfies AdminListingsResponse);
  }

  const body = await readJson(req);
  const isUuid = UUID_PATTERN.test(id);
  let listing: AdminListing;
  try {
    listing = await withClaims(claims, async (tx) => {
      await assertAdmin(tx);
      const parsed = listingDecisionSchema.safeParse(body);
      if (!parsed.success) throw badRequestFromZod(parsed.error);
      if (!isUuid) throw notFound(ADMIN_MESSAGES.listingNotFound);
      // The row stays locked until the decision commits, so an edit cannot slip in between this
      // check and the update: it waits, and then makes the listing pending again with a new
      // revision. The approval publishes exactly the revision the administrator read.
      const [current] = await tx<
        {
          id: string;
          status: string;
          center_name: string;
          published_program_id: string | null;
          revision: number;
        }[]
      >`
        select id, status, center_name, published_program_id, revision
        from provider_listings where id = ${id} for update`;
      if (!current) throw notFound(ADMIN_MESSAGES.listingNotFound);
      const decision = parsed.data;
      if (current.revision !== decision.revision) throw changedSince(ADMIN_MESSAGES.listingChanged);
      if (current.status !== 'pending') throw conflict(ADMIN_MESSAGES.listingNotPending(current.status));
      const programId =
        decision.status === 'approved'
          ? await programIdFor(tx, current, decision.published_program_id)
          : current.published_program_id;
      // The database refuses an approval it could not publish (the 409 below); the schema then
      // checks the approved row once more before the decision is committed.
      await tx`
        update provider_listings
        set status = ${decision.status}, reviewer_notes = ${decision.reviewer_notes || null},
            published_program_id = ${programId}
        where id = ${id}`;
      if (decision.status === 'approved') await assertPublishable(tx, id, programId);
      const [decided] = await selectListings(tx, { id });
      if (!decided) throw notFound(ADMIN_MESSAGES.listingNotFound);
      return decided;
    });
  } catch (error) {
    // Two approvals choosing the same program id at the same time: the unique index refuses one.
    if (error instanceof postgres.PostgresError && error.code === '23505')
      throw conflict(ADMIN_MESSAGES.programIdTaken);
    throw publishingRefusal(error) ?? error;
  }
  await drainAfterDecision();
  return json({ listing } satisfies AdminListingResponse);
});

export const config: Config = {
  path: ['/api/admin/listings', '/api/admin/listings/:id', '/api/admin/listings/:id/publication'],
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('admin-listings', config.rateLimit);
