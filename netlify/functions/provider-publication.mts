/**
 * A provider takes its published listing off the directory
 * (docs/product-rules.md#published-listings).
 *
 * - `POST /api/provider/listings/:id/publication` `{ action: 'withdraw', reason?: string }` → 200
 *   `{ listing }`: the listing's published version goes from `live` to `withdrawn` (one row change
 *   on `listing_publications`; the trigger records when, e-mails the provider a confirmation and
 *   asks for a rebuild, after which the program's page, card, search entry, compare data and
 *   logo are gone). The working copy stays, so the provider can edit it and submit it again; an
 *   approval publishes it again. Only an administrator republishes without a new review.
 *
 * 404 for an id that is not one of the caller's listings (never told apart from a missing one),
 * 409 when the listing has no live published version (never published, already withdrawn, or
 * unpublished by the site team); 400 for a body that is not `{ action: 'withdraw' }` with an
 * optional reason (text, at most 2000 characters, no control or direction-override characters);
 * 401 without a valid token; 405 for other methods.
 */
import type { Config, Context } from '@netlify/functions';
import { z } from 'zod';
import type { Listing, ListingResponse } from '../../src/api/contracts/listings.ts';
import { PROVIDER_MESSAGES, UUID_PATTERN } from '../../src/lib/provider-schemas.ts';
import {
  bidiMessage,
  codePointLength,
  hasBidiControl,
  hasControlCharacter,
  hasLoneSurrogate,
  MESSAGES,
} from '../../src/lib/schemas.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims } from './_shared/db.ts';
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
import { listingJson } from './_shared/listings.ts';
import { drainNotifications } from './_shared/notifications.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

const ITEM_PATH = /^\/api\/provider\/listings\/([^/]+)\/publication$/;

export const WITHDRAW_MESSAGES = {
  action: 'Choose an action: withdraw.',
  reasonType: 'The reason must be text.',
  reasonTooLong: 'The reason must be at most 2000 characters.',
  reasonControl: 'The reason must not contain control characters.',
  notLive: 'This listing is not on the directory, so there is nothing to withdraw.',
} as const;

const withdrawSchema = z.strictObject(
  {
    action: z.literal('withdraw', { error: WITHDRAW_MESSAGES.action }),
    reason: z
      .string({ error: WITHDRAW_MESSAGES.reasonType })
      .refine((v) => !hasControlCharacter(v, true), { error: WITHDRAW_MESSAGES.reasonControl, abort: true })
      .refine((v) => !hasLoneSurrogate(v), { error: WITHDRAW_MESSAGES.reasonControl, abort: true })
      .refine((v) => !hasBidiControl(v), { error: bidiMessage('The reason'), abort: true })
      .transform((v) => v.trim())
      .refine((v) => codePointLength(v) <= 2000, { error: WITHDRAW_MESSAGES.reasonTooLong })
      .nullish(),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? MESSAGES.bodyObject : undefined) },
);

export default handle('provider-publication', async (req: Request, context: Context) => {
  allowMethods(req, ['POST']);
  await limiter.check(context);
  const claims = await requireUser(req);
  const id = pathParam(req, context, 'id', ITEM_PATH);
  const parsed = withdrawSchema.safeParse(await readJson(req));
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  if (id === null || !UUID_PATTERN.test(id)) throw notFound(PROVIDER_MESSAGES.listingNotFound);
  const reason = parsed.data.reason || null;

  const listing = await withClaims(claims, async (tx) => {
    const [own] = await tx<{ id: string; state: string | null }[]>`
      select l.id, s.state from provider_listings l
      join providers p on p.id = l.provider_id
      left join listing_publications s on s.listing_id = l.id
      where l.id = ${id} and p.user_id = ${claims.sub}
      for update of l`;
    if (!own) throw notFound(PROVIDER_MESSAGES.listingNotFound);
    if (own.state !== 'live') throw conflict(WITHDRAW_MESSAGES.notLive);
    await tx`
      update listing_publications set state = 'withdrawn', state_reason = ${reason}
      where listing_id = ${own.id} and state = 'live'`;
    const [row] = await tx<{ listing: Listing }[]>`
      select ${listingJson(tx, 'l')} as listing from provider_listings l where l.id = ${own.id}`;
    if (!row) throw notFound(PROVIDER_MESSAGES.listingNotFound);
    return row.listing;
  });
  // The confirmation e-mail and the rebuild request; a failure is retried by the scheduled drain.
  try {
    await drainNotifications();
  } catch (error) {
    console.error('[provider-publication] drain failed:', error instanceof Error ? error.message : error);
  }
  return json({ listing } satisfies ListingResponse);
});

export const config: Config = {
  path: '/api/provider/listings/:id/publication',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('provider-publication', config.rateLimit);
