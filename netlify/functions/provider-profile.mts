/**
 * A provider edits its profile and its contact settings (the dashboard's Contact Settings tab).
 *
 * - `PATCH /api/provider/profile` `ProviderUpdateInput` → 200 `{ provider }`, the whole profile
 *   after the change (the shape of `GET /api/me` and the dashboard).
 *
 * The body (`providerUpdateSchema`) carries any of `organization_name`, `contact_name`, `email`,
 * `phone`, `website`, `description`, `location`, `state`, `inquiry_email`, `inquiry_phone`; only
 * the fields sent change, at least one must be sent. Null or a blank string clears an optional
 * field (`inquiry_email` null: inquiries go to `email`; `inquiry_phone` null: families see the
 * program's phone). Verification and subscription fields are not part of it (400 for an unknown
 * key), and the database's column grants and trigger refuse them anyway.
 *
 * 404 `not_found` when the user has no provider profile; 400 for a body that fails the schema;
 * 401 without a valid token; 405 for other methods; 413 over 64 KB; 415 for a body that is not
 * JSON. The update runs through `withClaims`: the policy "Providers update their own profile"
 * and the column grants decide, and the filter on the caller's own user id keeps an
 * administrator to their own profile here.
 */
import type { Config, Context } from '@netlify/functions';
import {
  NO_PROFILE,
  type Provider,
  type ProviderProfileResponse,
} from '../../src/api/contracts/providers.ts';
import { providerUpdateSchema } from '../../src/lib/provider-schemas.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims } from './_shared/db.ts';
import { allowMethods, badRequestFromZod, handle, json, notFound, readJson } from './_shared/http.ts';
import { PROVIDER_COLUMNS } from './_shared/provider-profile.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

export default handle('provider-profile', async (req: Request, context: Context) => {
  allowMethods(req, ['PATCH']);
  await limiter.check(context);
  const claims = await requireUser(req);
  const parsed = providerUpdateSchema.safeParse(await readJson(req));
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  // Only the keys that were sent (the schema keeps absent keys absent).
  const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));

  const [provider] = await withClaims(
    claims,
    (tx) => tx<Provider[]>`
      update providers set ${tx(changes)}
      where user_id = ${claims.sub}
      returning ${tx(PROVIDER_COLUMNS)}`,
  );
  if (!provider) throw notFound(NO_PROFILE);
  return json({ provider } satisfies ProviderProfileResponse);
});

export const config: Config = {
  path: '/api/provider/profile',
  // Settings are saved now and then; a few retries are fine.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('provider-profile', config.rateLimit);
