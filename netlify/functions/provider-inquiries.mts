/**
 * A provider answers the requests families sent it (docs/product-rules.md#request-statuses).
 *
 * - `PATCH /api/provider/inquiries/:id` `{ status: 'new' | 'contacted' | 'closed' }` → 200
 *   `{ inquiry }`, the updated row (as the dashboard lists it).
 *
 * 404 `not_found` for an id that is not an inquiry addressed to the caller's provider profile
 * (another provider's, a missing one, or not an id at all: the answer never tells them apart);
 * 400 for a body that fails `inquiryStatusSchema`; 401 without a valid token; 405 for other
 * methods. The update runs through `withClaims`: the policy "Providers update the status of their
 * inquiries" and the column grant (`status` only) decide, and the explicit filter on the caller's
 * own provider keeps an administrator to their own inquiries here too.
 *
 * A change of status e-mails the family: the database queues the e-mail (with a new private
 * status link) in the transaction of the update, and the handler sends it after the commit.
 */
import type { Config, Context } from '@netlify/functions';
import {
  NO_INQUIRY,
  type ProviderInquiry,
  type ProviderInquiryResponse,
} from '../../src/api/contracts/providers.ts';
import { inquiryStatusSchema, UUID_PATTERN } from '../../src/lib/provider-schemas.ts';
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
import { sendStatusMessages } from './_shared/message-outbox.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

const ITEM_PATH = /^\/api\/provider\/inquiries\/([^/]+)$/;

export default handle('provider-inquiries', async (req: Request, context: Context) => {
  allowMethods(req, ['PATCH']);
  await limiter.check(context);
  const claims = await requireUser(req);
  const parsed = inquiryStatusSchema.safeParse(await readJson(req));
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  const id = pathParam(req, context, 'id', ITEM_PATH);
  if (id === null || !UUID_PATTERN.test(id)) throw notFound(NO_INQUIRY);

  const [inquiry] = await withClaims(
    claims,
    (tx) => tx<ProviderInquiry[]>`
      update provider_inquiries set status = ${parsed.data.status}
      where id = ${id}
        and provider_id = (select p.id from providers p where p.user_id = ${claims.sub})
      returning id, program_id, listing_id, type, name, email, phone, message, program_name,
                urgency, location, status, created_at, updated_at, best_time_to_call, delivered_at`,
  );
  if (!inquiry) throw notFound(NO_INQUIRY);
  // The database queued the family's e-mail with the change; send it now (the drain retries).
  try {
    await sendStatusMessages(inquiry.id);
  } catch (error) {
    console.error(`[api] provider-inquiries: ${inquiry.id} changed; its status e-mail stays queued:`, error);
  }
  return json({ inquiry } satisfies ProviderInquiryResponse);
});

export const config: Config = {
  path: '/api/provider/inquiries/:id',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('provider-inquiries', config.rateLimit);
