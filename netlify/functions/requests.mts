/**
 * The status of one info or call request (docs/product-rules.md#request-statuses), two ways in:
 *
 * - `GET /api/requests/:token` — the private link of the family's e-mails (`/request/<token>`: the
 *   confirmation's, and a new one in each status e-mail). No account needed: the token is the
 *   credential (32 random bytes). Only its SHA-256 is looked up, through
 *   `private.inquiry_status()`, which returns the program, type, status and dates and nothing
 *   about the person. 404 for a token that is unknown or not shaped like one (the same answer, so
 *   the shape reveals nothing); 410 `REQUEST_DELETED` for the link of a request deleted with the
 *   account it was sent from (`private.request_link_removed()`).
 * - `GET /api/requests?id=<uuid>` — one of the signed-in family's own requests, for the links of
 *   My Account (`/request?id=<uuid>`), which cannot know the e-mailed token. Read as the user
 *   (`withClaims`: the policy "Senders read their own inquiries"), filtered on `sender_id`, so an
 *   administrator too sees only their own here. 401 without a valid token; 404 for any id that
 *   is not a request the caller sent (never told apart).
 *
 * 200 `RequestStatusResponse`: `{ program: { id, name }, type, status, stage, created_at,
 * updated_at, delivery }`, `stage` the one word of src/lib/request-status.ts (Sent, Delivered,
 * Contacted, Closed) from the status and the delivery. 429 over the rate limit.
 *
 * `delivery` is how the request's e-mail reached the program, from the `notifications` outbox:
 * `{ state, to, delivered_at }` with `state` `sending` (queued, maybe being retried), `delivered`
 * (sent; `delivered_at` is when) or `forwarding` (every try failed: the site inbox was alerted and
 * the site team passes the request on), and `to` `program` or `site_team` (the program has no
 * admissions address). Null for requests sent before the outbox carried them.
 *
 * The token lookups run as `service_role` (`withService`): no API role may read an inquiry it did
 * not address or send, the input is a hash this function computed, and the database functions
 * decide which fields leave them. Visitors cannot call those functions themselves.
 */
import type { Config, Context } from '@netlify/functions';
import {
  REQUEST_DELETED,
  REQUEST_NOT_FOUND,
  type RequestStatusResponse,
} from '../../src/api/contracts/inquiries.ts';
import { UUID_PATTERN } from '../../src/lib/provider-schemas.ts';
import { stageOfDelivery } from '../../src/lib/request-status.ts';
import { STATUS_TOKEN_PATTERN } from '../../src/lib/schemas.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims, withService } from './_shared/db.ts';
import { allowMethods, handle, HttpError, json, notFound } from './_shared/http.ts';
import { RateLimiter } from './_shared/rate-limit.ts';
import { hashStatusToken } from './_shared/status-token.ts';

interface StatusRow {
  program_id: string | null;
  program_name: string | null;
  type: RequestStatusResponse['type'];
  status: RequestStatusResponse['status'];
  created_at: Date;
  updated_at: Date;
}

interface DeliveryRow {
  /** The outbox's delivery of the request's `inquiry` e-mail; null when it has no outbox row. */
  delivery: 'queued' | 'sent' | 'failed' | null;
  recipient: string | null;
  sent_at: Date | null;
}

/** The outbox's words for a delivery, as the family's page says them. */
const DELIVERY_STATES = { queued: 'sending', sent: 'delivered', failed: 'forwarding' } as const;

const COLLECTION_PATH = /^\/api\/requests$/;

/**
 * The token from the path: Netlify's `context.params`, else the last path segment (any other
 * shape is simply not a token: 404); null on the collection path `/api/requests` (`?id=`).
 */
function tokenOf(req: Request, context: Partial<Pick<Context, 'params'>> | undefined): string | null {
  const param = context?.params?.['token'];
  if (typeof param === 'string' && param !== '') return param;
  const { pathname } = new URL(req.url);
  if (COLLECTION_PATH.test(pathname)) return null;
  return pathname.slice(pathname.lastIndexOf('/') + 1);
}

function answer(row: StatusRow, delivery: DeliveryRow | undefined): Response {
  const state = delivery?.delivery ? DELIVERY_STATES[delivery.delivery] : null;
  const to = delivery?.recipient === 'site_team' ? 'site_team' : 'program';
  const body: RequestStatusResponse = {
    program: { id: row.program_id, name: row.program_name },
    type: row.type,
    status: row.status,
    stage: stageOfDelivery(row.status, state ? { state, to } : null),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    delivery: state ? { state, to, delivered_at: delivery?.sent_at?.toISOString() ?? null } : null,
  };
  return json(body);
}

/** `GET /api/requests/:token`. */
async function byToken(token: string): Promise<Response> {
  if (!STATUS_TOKEN_PATTERN.test(token)) throw notFound(REQUEST_NOT_FOUND);
  const hash = hashStatusToken(token);
  const [row] = await withService(
    (tx) => tx<(StatusRow & DeliveryRow & { removed: boolean })[]>`
      select s.*, d.delivery, d.recipient, d.sent_at, private.request_link_removed(${hash}) as removed
      from (select 1) one
      left join private.inquiry_status(${hash}) s on true
      left join private.inquiry_delivery(${hash}) d on true`,
  );
  if (row?.removed) throw new HttpError(410, 'not_found', REQUEST_DELETED);
  if (!row?.type) throw notFound(REQUEST_NOT_FOUND);
  return answer(row, row);
}

/** `GET /api/requests?id=…`: the signed-in sender's own request. */
async function byId(req: Request, id: string): Promise<Response> {
  const claims = await requireUser(req);
  if (!UUID_PATTERN.test(id)) throw notFound(REQUEST_NOT_FOUND);
  const [row] = await withClaims(
    claims,
    (tx) => tx<StatusRow[]>`
      select program_id, program_name, type, status, created_at, updated_at
      from provider_inquiries where id = ${id} and sender_id = ${claims.sub}`,
  );
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  // The id is the caller's own request (read through RLS above); its e-mail's delivery is in the
  // outbox, which no API role reads.
  const [delivery] = await withService(
    (tx) => tx<DeliveryRow[]>`
      select n.delivery, n.recipient, n.sent_at from public.notifications n
      where n.subject_id = ${id} and n.kind = 'inquiry'
      order by n.created_at desc limit 1`,
  );
  return answer(row, delivery);
}

export default handle('requests', async (req: Request, context: Context) => {
  allowMethods(req, ['GET']);
  await limiter.check(context);
  const token = tokenOf(req, context);
  if (token !== null) return byToken(token);
  return byId(req, new URL(req.url).searchParams.get('id') ?? '');
});

export const config: Config = {
  path: ['/api/requests/:token', '/api/requests'],
  // A person opens their link a few times; nobody needs more, and guessing is pointless anyway.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('requests', config.rateLimit);
