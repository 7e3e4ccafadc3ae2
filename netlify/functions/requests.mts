/**
 * GET /api/requests/:token — the status of one info or call request, for the private link in
 * the family's confirmation e-mail (`/request/<token>`). No account needed: the token is the
 * credential (32 random bytes). Only its SHA-256 is looked up, through
 * `private.inquiry_status()`, which returns the program, type, status and dates and nothing
 * about the person.
 *
 * 200 `{ program: { id, name }, type, status, created_at, updated_at, delivery }`; 404 for a token
 * that is unknown or not shaped like one (the same answer, so the shape reveals nothing); 429 over
 * the rate limit.
 *
 * `delivery` is how the request's e-mail reached the program, from the `notifications` outbox
 * (`private.inquiry_delivery()`): `{ state, to, delivered_at }` with `state` `sending` (queued,
 * maybe being retried), `delivered` (sent; `delivered_at` is when) or `forwarding` (every try
 * failed: the site inbox was alerted and the site team passes the request on), and `to`
 * `program` or `site_team` (the program has no admissions address). Null for requests sent
 * before the outbox carried them.
 *
 * The lookup runs as `service_role` (`withService`): no API role may read an inquiry it did not
 * address or send, the input is a hash this function computed, and the database function
 * decides which fields leave it. Visitors cannot call that function themselves.
 */
import type { Config, Context } from '@netlify/functions';
import { REQUEST_NOT_FOUND, type RequestStatusResponse } from '../../src/api/contracts/inquiries.ts';
import { STATUS_TOKEN_PATTERN } from '../../src/lib/schemas.ts';
import { withService } from './_shared/db.ts';
import { allowMethods, handle, json, notFound } from './_shared/http.ts';
import { RateLimiter } from './_shared/rate-limit.ts';
import { hashStatusToken } from './_shared/status-token.ts';

interface StatusRow {
  program_id: string | null;
  program_name: string | null;
  type: RequestStatusResponse['type'];
  status: RequestStatusResponse['status'];
  created_at: Date;
  updated_at: Date;
  /** From `private.inquiry_delivery()`; null when the request has no outbox row. */
  delivery: 'queued' | 'sent' | 'failed' | null;
  recipient: string | null;
  sent_at: Date | null;
}

/** The outbox's words for a delivery, as the family's page says them. */
const DELIVERY_STATES = { queued: 'sending', sent: 'delivered', failed: 'forwarding' } as const;

/** The token from the path: Netlify's `context.params`, else the last path segment. */
function tokenOf(req: Request, context: Partial<Pick<Context, 'params'>> | undefined): string {
  const param = context?.params?.['token'];
  if (typeof param === 'string' && param !== '') return param;
  const { pathname } = new URL(req.url);
  return pathname.slice(pathname.lastIndexOf('/') + 1);
}

export default handle('requests', async (req: Request, context: Context) => {
  allowMethods(req, ['GET']);
  await limiter.check(context);
  const token = tokenOf(req, context);
  if (!STATUS_TOKEN_PATTERN.test(token)) throw notFound(REQUEST_NOT_FOUND);
  const hash = hashStatusToken(token);
  const [row] = await withService(
    (tx) => tx<StatusRow[]>`
      select s.*, d.delivery, d.recipient, d.sent_at
      from private.inquiry_status(${hash}) s
      left join private.inquiry_delivery(${hash}) d on true`,
  );
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return json({
    program: { id: row.program_id, name: row.program_name },
    type: row.type,
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    delivery: row.delivery
      ? {
          state: DELIVERY_STATES[row.delivery],
          to: row.recipient === 'site_team' ? 'site_team' : 'program',
          delivered_at: row.sent_at?.toISOString() ?? null,
        }
      : null,
  } satisfies RequestStatusResponse);
});

export const config: Config = {
  path: '/api/requests/:token',
  // A person opens their link a few times; nobody needs more, and guessing is pointless anyway.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('requests', config.rateLimit);
