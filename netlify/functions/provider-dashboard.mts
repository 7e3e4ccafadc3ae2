/**
 * The provider dashboard's data (docs/product-rules.md#provider-dashboard), in one round trip.
 *
 * - `GET /api/provider/dashboard` → 200 `DashboardResponse`: the signed-in user's provider
 *   profile; its verification status with every request it sent (newest first); the info and
 *   call requests addressed to it (newest first, at most 500); its listings (newest first); and
 *   for each program published from its listings, the engagement counts of the last 30 days.
 *
 * 404 `not_found` when the user has no provider profile (the page then offers "Complete Your
 * Profile"); 401 without a valid token; 405 for other methods. ONE statement in one `withClaims`
 * transaction, so RLS decides what is read ("Providers read their own profile", "… inquiries
 * addressed to them", "… engagement with their published programs"); every part is filtered on
 * the caller's own provider row, so an administrator, who may read all rows, still gets only
 * their own dashboard.
 */
import type { Config, Context } from '@netlify/functions';
import type { Listing } from '../../src/api/contracts/listings.ts';
import {
  NO_PROFILE,
  type DashboardResponse,
  type ProgramEngagement,
  type Provider,
  type ProviderInquiry,
  type VerificationRequest,
} from '../../src/api/contracts/providers.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims } from './_shared/db.ts';
import { allowMethods, handle, json, notFound } from './_shared/http.ts';
import { listingJson } from './_shared/listings.ts';
import { RateLimiter } from './_shared/rate-limit.ts';
import { PROVIDER_COLUMNS } from './_shared/provider-profile.ts';

/** Days of engagement the dashboard counts. */
export const ENGAGEMENT_DAYS = 30;
/** Most inquiries the dashboard returns (the newest). */
export const MAX_DASHBOARD_INQUIRIES = 500;

interface Row {
  provider: Provider | null;
  requests: VerificationRequest[];
  inquiries: ProviderInquiry[];
  listings: Listing[];
  engagement: ProgramEngagement[];
}

export default handle('provider-dashboard', async (req: Request, context: Context) => {
  allowMethods(req, ['GET']);
  await limiter.check(context);
  const claims = await requireUser(req);

  const row = await withClaims(claims, async (tx) => {
    const [result] = await tx<Row[]>`
      with me as (select ${tx(PROVIDER_COLUMNS)} from providers where user_id = ${claims.sub})
      select
        (select row_to_json(me) from me) as provider,
        coalesce((
          select json_agg(r order by r.requested_at desc, r.id)
          from (
            select id, documents_submitted, status, requested_at, reviewed_at, reviewer_notes, created_at
            from provider_verification_requests where provider_id = (select id from me)
          ) r
        ), '[]') as requests,
        coalesce((
          select json_agg(i order by i.created_at desc, i.id)
          from (
            select id, program_id, listing_id, type, name, email, phone, message, program_name,
                   urgency, location, status, created_at, updated_at, best_time_to_call, delivered_at
            from provider_inquiries where provider_id = (select id from me)
            order by created_at desc, id
            limit ${MAX_DASHBOARD_INQUIRIES}
          ) i
        ), '[]') as inquiries,
        coalesce((
          select jsonb_agg(${listingJson(tx, 'l')} order by l.created_at desc, l.id)
          from provider_listings l where l.provider_id = (select id from me)
        ), '[]') as listings,
        coalesce((
          select json_agg(e order by e.program_id)
          from (
            select l.published_program_id as program_id,
                   count(g.event_type) filter (where g.event_type = 'view')::int as views,
                   count(g.event_type) filter (where g.event_type = 'website_click')::int as website_clicks,
                   count(g.event_type) filter (where g.event_type = 'call_click')::int as call_clicks,
                   count(g.event_type) filter (where g.event_type = 'info_request')::int as info_requests
            from provider_listings l
            left join program_engagement g
              on g.program_id = l.published_program_id
             and g.created_at >= now() - make_interval(days => ${ENGAGEMENT_DAYS})
            where l.provider_id = (select id from me) and l.published_program_id is not null
            group by l.published_program_id
          ) e
        ), '[]') as engagement`;
    return result;
  });

  if (!row?.provider) throw notFound(NO_PROFILE);
  const body: DashboardResponse = {
    provider: row.provider,
    verification: { status: row.provider.verification_status, requests: row.requests },
    inquiries: row.inquiries,
    listings: row.listings,
    engagement: row.engagement,
  };
  return json(body);
});

export const config: Config = {
  path: '/api/provider/dashboard',
  // The dashboard loads once per visit and after each change; 120 a minute is plenty.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('provider-dashboard', config.rateLimit);
