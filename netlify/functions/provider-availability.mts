/**
 * A listing's availability, with the day it was confirmed (docs/product-rules.md#availability).
 *
 * - `PUT /api/provider/listings/:id/availability` `{ status, wait_weeks? }` → 200
 *   `{ availability: { status, wait_weeks, confirmed_at } }`: the listing's availability stated or
 *   changed, dated by the database (`confirmed_at` is set on every write). Sending the same status
 *   again is the dashboard's "Still accurate": the date moves forward, nothing else changes.
 *   `status` is `open`, `waitlist` or `not-admitting`; `wait_weeks` (1–104 whole weeks) only with
 *   `waitlist` (400 otherwise, with a message naming the field).
 *
 * Availability lives in its own row (`listing_availability`), so stating it never touches the
 * reviewed listing: its status stays what it was (an approved listing is not sent back to
 * review). When the listing is live on the directory (its published version, also while an edit
 * waits for review), the same transaction
 * records a rebuild request (trigger `listing_availability_request_rebuild`, migration
 * 20261125000300) so the new state or date reaches the static pages, except when nothing the
 * pages show would change (the same state confirmed again on the same UTC day); the function
 * then asks for a build (`startRebuildIfDue`, _shared/publishing.ts). Requests are coalesced: one
 * build at a time, at most one per `REBUILD_MIN_INTERVAL_SECONDS`, so twelve changes in a row
 * start one build and the next one publishes the rest (the drain asks for it once the interval
 * has passed). A failing build hook is retried by the drain; the availability stays saved.
 *
 * 404 `not_found` for an id that is not one of the caller's listings (another provider's, a
 * missing one, or not an id: never told apart) and for a user with no provider profile; 401
 * without a valid token; 405 for other methods. One `withClaims` transaction: the policies
 * "Providers state / confirm their listings' availability" decide, with an explicit filter on the
 * caller's own provider so an administrator is kept to their own listings here too.
 */
import type { Config, Context } from '@netlify/functions';
import type { AvailabilityResponse, ListingAvailability } from '../../src/api/contracts/listings.ts';
import { availabilitySchema, PROVIDER_MESSAGES, UUID_PATTERN } from '../../src/lib/provider-schemas.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims } from './_shared/db.ts';
import {
  allowMethods,
  badRequestFromZod,
  handle,
  json,
  notFound,
  pathParam,
  readJson,
} from './_shared/http.ts';
import { RateLimiter } from './_shared/rate-limit.ts';
import { startRebuildIfDue } from './_shared/publishing.ts';

const ITEM_PATH = /^\/api\/provider\/listings\/([^/]+)\/availability$/;

export default handle('provider-availability', async (req: Request, context: Context) => {
  allowMethods(req, ['PUT']);
  await limiter.check(context);
  const claims = await requireUser(req);
  const id = pathParam(req, context, 'id', ITEM_PATH);

  const parsed = availabilitySchema.safeParse(await readJson(req));
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  const input = parsed.data;

  if (id === null || !UUID_PATTERN.test(id)) throw notFound(PROVIDER_MESSAGES.listingNotFound);
  const { availability, published } = await withClaims(claims, async (tx) => {
    const [listing] = await tx<{ id: string; live: boolean }[]>`
      select l.id, exists (select 1 from listing_publications s where s.listing_id = l.id and s.state = 'live') as live
      from provider_listings l
      join providers p on p.id = l.provider_id
      where l.id = ${id} and p.user_id = ${claims.sub}`;
    if (!listing) throw notFound(PROVIDER_MESSAGES.listingNotFound);
    // What the published pages show now: the same state confirmed earlier the same (UTC) day.
    const [unchanged] = await tx<{ same: boolean }[]>`
      select status = ${input.status} and wait_weeks is not distinct from ${input.wait_weeks}::int
             and (confirmed_at at time zone 'UTC')::date = (now() at time zone 'UTC')::date as same
      from listing_availability where listing_id = ${listing.id} for update`;
    const [row] = await tx<ListingAvailability[]>`
      insert into listing_availability (listing_id, status, wait_weeks)
      values (${listing.id}, ${input.status}, ${input.wait_weeks})
      on conflict (listing_id) do update set status = excluded.status, wait_weeks = excluded.wait_weeks
      returning status, wait_weeks, confirmed_at`;
    if (!row) throw notFound(PROVIDER_MESSAGES.listingNotFound);
    return {
      availability: row,
      // Live on the directory (also while an edit of it waits for review).
      published: listing.live && unchanged?.same !== true,
    };
  });

  // The request is stored with the availability; a build that cannot start now is started by the
  // drain. Never throws.
  if (published) await startRebuildIfDue();
  return json({ availability } satisfies AvailabilityResponse);
});

export const config: Config = {
  path: '/api/provider/listings/:id/availability',
  // One click per listing now and then ("Still accurate"); 60 a minute is plenty.
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('provider-availability', config.rateLimit);
