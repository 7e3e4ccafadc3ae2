/**
 * A provider's listings, built in the dashboard's listing builder
 * (docs/product-rules.md#listings-and-review).
 *
 * - `GET /api/provider/listings` → 200 `{ listings }`: the caller's listings, newest first, every
 *   column but `reviewed_by` (the same shape as `listings` in `GET /api/provider/dashboard`).
 * - `POST /api/provider/listings` `ListingInput` → 201 `{ listing }`: a new listing, submitted
 *   for review (`status` `pending`, `submitted_at` set by the database).
 * - `PUT /api/provider/listings/:id` `ListingInput` → 200 `{ listing }`: the listing's fields
 *   replaced and the listing submitted for review again, whatever its status was (a rejected one
 *   after the reviewer's notes, a pending one, or an approved one: an edit waiting for review).
 *   The reviewer's notes and the published program id stay as history.
 * - Save Draft: the same calls with `draft: true` store the fields with `status` `draft` (201 for
 *   a new listing, 200 for an existing one) and submit nothing. A draft of a pending listing
 *   takes it out of the review queue until it is submitted again.
 *
 * A listing's published version (`listing_publications`) is never written here: whatever the
 * working copy becomes (a draft, a pending edit), the directory keeps showing the version an
 * administrator approved until an administrator approves the new one.
 *
 * The body is `listingSchema` (src/lib/provider-schemas.ts): center name, description and phone
 * required (400 "Missing Required Information: …"), options from the vocabulary, numbers inside
 * the ranges of src/lib/listing-ranges.ts (400 naming the range and unit); with `draft: true`,
 * `listingDraftSchema`: nothing required, every given value checked the same way. `logo_url`,
 * `license_url` and upload entries of `images` must be `/api/provider/uploads/<id>` of the
 * caller's own upload of the right kind (a logo / a license; images are logo-kind uploads), else
 * 400. 404 `not_found` when the user has no provider profile (GET: the dashboard's "no profile"
 * message; POST/PUT: "Provider not found"), and for a PUT id that is not one of the caller's
 * listings (another provider's, a missing one, or not an id: never told apart). 401 without a
 * valid token; 405 for other methods; 413 over 64 KB; 415 for a body that is not JSON.
 *
 * Everything runs in one `withClaims` transaction: the policies "Providers read / create /
 * update their own listings", the trigger `guard_listing` (status rules, `submitted_at`) and
 * RLS on `provider_uploads` decide; explicit filters on the caller's own provider keep an
 * administrator to their own listings here too.
 */
import type { Config, Context } from '@netlify/functions';
import type { Listing, ListingResponse, ListingsResponse } from '../../src/api/contracts/listings.ts';
import { NO_PROFILE } from '../../src/api/contracts/providers.ts';
import {
  listingBodySchema,
  PROVIDER_MESSAGES,
  uploadIdOf,
  UUID_PATTERN,
  type ListingDraftInput,
  type ListingInput,
} from '../../src/lib/provider-schemas.ts';
import { LISTING_FIELD_NAMES } from '../../src/lib/listing/fields.ts';
import { approvalNeedsMessage, publishingProblems } from '../../src/lib/listing/publish-rule.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims, type Tx } from './_shared/db.ts';
import {
  allowMethods,
  badRequest,
  badRequestFromZod,
  handle,
  json,
  notFound,
  pathParam,
  readJson,
} from './_shared/http.ts';
import { listingJson } from './_shared/listings.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

const ITEM_PATH = /^\/api\/provider\/listings\/([^/]+)$/;

/** The columns written from the body (a submission's or a draft's): every field of the registry, for insert and update. */
function fields(input: ListingInput | ListingDraftInput): Record<string, unknown> {
  return Object.fromEntries(LISTING_FIELD_NAMES.map((field) => [field, input[field]]));
}

/**
 * Checks that every file the listing points at is the caller's own upload of the right kind
 * (read through RLS, filtered on the caller's provider); throws a 400 naming the field otherwise.
 */
async function checkUploads(
  tx: Tx,
  providerId: string,
  input: ListingInput | ListingDraftInput,
): Promise<void> {
  const wanted: { field: string; id: string; kind: 'logo' | 'license'; message: string }[] = [];
  const logo = uploadIdOf(input.logo_url);
  if (logo) wanted.push({ field: 'logo_url', id: logo, kind: 'logo', message: PROVIDER_MESSAGES.logoRef });
  const license = uploadIdOf(input.license_url);
  if (license)
    wanted.push({
      field: 'license_url',
      id: license,
      kind: 'license',
      message: PROVIDER_MESSAGES.licenseRef,
    });
  input.images.forEach((url, i) => {
    const id = uploadIdOf(url);
    if (id) wanted.push({ field: `images.${i}`, id, kind: 'logo', message: PROVIDER_MESSAGES.imageRef });
  });
  if (wanted.length === 0) return;
  const ids = [...new Set(wanted.map((w) => w.id.toLowerCase()))];
  const rows = await tx<{ id: string; kind: string }[]>`
    select id, kind from provider_uploads where provider_id = ${providerId} and id = any(${ids}::uuid[])`;
  const kinds = new Map(rows.map((r) => [r.id, r.kind]));
  const wrong = wanted.find((w) => kinds.get(w.id.toLowerCase()) !== w.kind);
  if (wrong) throw badRequest(wrong.message, { [wrong.field]: wrong.message });
}

async function myProviderId(tx: Tx, userId: string): Promise<string | null> {
  const [me] = await tx<{ id: string }[]>`select id from providers where user_id = ${userId}`;
  return me?.id ?? null;
}

export default handle('provider-listings', async (req: Request, context: Context) => {
  const id = pathParam(req, context, 'id', ITEM_PATH);
  allowMethods(req, id === null ? ['GET', 'POST'] : ['PUT']);
  await limiter.check(context);
  const claims = await requireUser(req);

  if (req.method === 'GET') {
    const listings = await withClaims(claims, async (tx) => {
      const providerId = await myProviderId(tx, claims.sub);
      if (providerId === null) throw notFound(NO_PROFILE);
      const rows = await tx<{ listing: Listing }[]>`
        select ${listingJson(tx, 'l')} as listing from provider_listings l
        where l.provider_id = ${providerId}
        order by l.created_at desc, l.id`;
      return rows.map((r) => r.listing);
    });
    return json({ listings } satisfies ListingsResponse);
  }

  const body = await readJson(req);
  const parsed = listingBodySchema(body).safeParse(body);
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  const input = parsed.data;
  const values = fields(input);
  // Save Draft stores without submitting; anything else is a submission for review.
  const status = input.draft === true ? 'draft' : 'pending';
  // A submission must be one an administrator can approve (the rule the approval applies).
  if (status === 'pending') {
    const problems = publishingProblems(input);
    if (Object.keys(problems).length > 0) throw badRequest(approvalNeedsMessage(problems), problems);
  }

  if (id === null) {
    const listing = await withClaims(claims, async (tx) => {
      const providerId = await myProviderId(tx, claims.sub);
      if (providerId === null) throw notFound(PROVIDER_MESSAGES.providerNotFound);
      await checkUploads(tx, providerId, input);
      const [row] = await tx<{ listing: Listing }[]>`
        insert into provider_listings ${tx({ ...values, provider_id: providerId, status })}
        returning ${listingJson(tx, 'provider_listings')} as listing`;
      if (!row) throw new Error('listing not inserted');
      return row.listing;
    });
    return json({ listing } satisfies ListingResponse, 201);
  }

  if (!UUID_PATTERN.test(id)) throw notFound(PROVIDER_MESSAGES.listingNotFound);
  const listing = await withClaims(claims, async (tx) => {
    const providerId = await myProviderId(tx, claims.sub);
    if (providerId === null) throw notFound(PROVIDER_MESSAGES.providerNotFound);
    const [existing] = await tx<{ id: string }[]>`
      select id from provider_listings where id = ${id} and provider_id = ${providerId} for update`;
    if (!existing) throw notFound(PROVIDER_MESSAGES.listingNotFound);
    await checkUploads(tx, providerId, input);
    const [row] = await tx<{ listing: Listing }[]>`
      update provider_listings set ${tx({ ...values, status })}
      where id = ${existing.id} and provider_id = ${providerId}
      returning ${listingJson(tx, 'provider_listings')} as listing`;
    if (!row) throw notFound(PROVIDER_MESSAGES.listingNotFound);
    return row.listing;
  });
  return json({ listing } satisfies ListingResponse);
});

export const config: Config = {
  path: ['/api/provider/listings', '/api/provider/listings/:id'],
  // The listing builder submits a listing now and then; reads follow each change.
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('provider-listings', config.rateLimit);
