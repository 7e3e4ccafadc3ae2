/**
 * The administrators' overview (docs/product-rules.md#administrators).
 *
 * - `GET /api/admin/overview` → 200 `{ providers, inquiries: { by_status, by_program }, engagement }`:
 *   - `providers`: every provider account, newest first (at most 1000): `id`, `organization_name`,
 *     `email`, `subscription_status`, `trial_ends_at`, `verification_status`, `created_at`;
 *   - `inquiries.by_status`: `{ new, contacted, closed }` counts of all inquiries;
 *   - `inquiries.by_program`: `[{ program_id, program_name, count }]`, most inquiries first (100);
 *   - `engagement`: the last 30 days per program, `[{ program_id, program_name, views,
 *     website_clicks, call_clicks, info_requests }]`, most views first (200); `program_name` is
 *     the program file's or the approved listing's name, null for an id that is neither (any
 *     longer);
 *   - `publishing`: whether every decision and availability change is on the live directory
 *     (`private.publishing_status()`, migration 20261125000300): `pending` with `waiting_since`,
 *     `building` since `build_started_at`, the last success `published_at`, and after a failed
 *     build `failures`, `failed_at`, `retry_at` and `error` ("Publishing failed at … — retrying");
 *   - `waiting`: `{ verification_requests, listings, reports, reviews }`, what waits for an
 *     administrator: pending verification requests, listings pending review (new or edited), open
 *     reports (`listing_reports`) and reviews to check (pending, reported, or with a pending
 *     response), counted as the tabs list them.
 *
 * Test data of the internal testing suite (test providers, test inquiries, the test program's
 * engagement; see _shared/test-tools.ts) is left out of every list and total: /comprehensive-testing
 * shows it.
 *
 * Read through RLS as the administrator (`withClaims`; the admin policies on each table). 401
 * without a valid token; 403 for anyone else (`private.is_admin()`); 405 for other methods.
 */
import type { Config, Context } from '@netlify/functions';
import type { AdminOverview, AdminWaiting, PublishingState } from '../../src/api/contracts/admin.ts';
import { assertAdmin } from './_shared/admin.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims } from './_shared/db.ts';
import { allowMethods, handle, json } from './_shared/http.ts';
import { programNames } from './_shared/programs.ts';
import { RateLimiter } from './_shared/rate-limit.ts';
import { NOTHING_PUBLISHED_YET } from './_shared/publishing.ts';
import { isTestInquirySql, isTestProviderSql, TEST_PROGRAM_ID } from './_shared/test-tools.ts';

export default handle('admin-overview', async (req: Request, context: Context) => {
  allowMethods(req, ['GET']);
  await limiter.check(context);
  const claims = await requireUser(req);
  const overview = await withClaims(claims, async (tx): Promise<AdminOverview> => {
    await assertAdmin(tx);
    const providers = await tx<AdminOverview['providers']>`
      select id, organization_name, email, subscription_status, trial_ends_at, verification_status, created_at
      from providers p where not ${isTestProviderSql(tx, 'p')}
      order by created_at desc, id limit 1000`;
    const statuses = await tx<{ status: 'new' | 'contacted' | 'closed'; count: number }[]>`
      select status, count(*)::int as count from provider_inquiries i
      where not ${isTestInquirySql(tx, 'i')} group by status`;
    const byProgram = await tx<AdminOverview['inquiries']['by_program']>`
      select program_id, max(program_name) as program_name, count(*)::int as count
      from provider_inquiries i where not ${isTestInquirySql(tx, 'i')}
      group by program_id order by count(*) desc, program_id limit 100`;
    const engagement = await tx<Omit<AdminOverview['engagement'][number], 'program_name'>[]>`
      select program_id,
             count(*) filter (where event_type = 'view')::int as views,
             count(*) filter (where event_type = 'website_click')::int as website_clicks,
             count(*) filter (where event_type = 'call_click')::int as call_clicks,
             count(*) filter (where event_type = 'info_request')::int as info_requests
      from program_engagement
      where created_at > now() - interval '30 days' and program_id <> ${TEST_PROGRAM_ID}
      group by program_id order by views desc, program_id limit 200`;
    const [publishing] = await tx<PublishingState[]>`
      select pending, waiting_since, published_at, building, build_started_at, failures, failed_at,
             retry_at, build_error as error, hook_attempts as hook_failures, hook_error
      from private.publishing_status()`;
    // What waits, counted as the queues list it (test data included: the queues show it too).
    const [waiting] = await tx<AdminWaiting[]>`
      select (select count(*) from provider_verification_requests where status = 'pending')::int
               as verification_requests,
             (select count(*) from provider_listings where status = 'pending')::int as listings,
             (select count(*) from listing_reports where status = 'open')::int as reports,
             -- The Reviews tab's 'waiting' filter (FILTERS.waiting, _shared/review-queries.ts).
             (select count(*) from program_reviews r left join review_responses s on s.review_id = r.id
              where r.status = 'pending' or s.status = 'pending'
                 or exists (select 1 from review_reports o where o.review_id = r.id and o.status = 'open'))::int
               as reviews`;
    const by_status = { new: 0, contacted: 0, closed: 0 };
    for (const s of statuses) by_status[s.status] = s.count;
    return {
      providers: [...providers],
      inquiries: { by_status, by_program: [...byProgram] },
      engagement: engagement.map((row) => ({ ...row, program_name: null })),
      publishing: publishing ? { ...publishing } : NOTHING_PUBLISHED_YET,
      waiting: waiting ? { ...waiting } : { verification_requests: 0, listings: 0, reports: 0, reviews: 0 },
    };
  });
  const names = await programNames(overview.engagement.map((row) => row.program_id));
  for (const row of overview.engagement) row.program_name = names.get(row.program_id) ?? null;
  return json(overview satisfies AdminOverview);
});

export const config: Config = {
  path: '/api/admin/overview',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('admin-overview', config.rateLimit);
