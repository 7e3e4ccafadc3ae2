/**
 * GET /api/me — the signed-in user: `{ user: { id, email, metadata }, roles, provider }`.
 *
 * `roles` come from `user_roles` and `provider` from `providers`, both read as the user through
 * RLS in one read-only transaction: the claims and the read go in one round trip after BEGIN,
 * and the answer does not wait for COMMIT. `provider` is null for users without a provider profile. 401 without a valid bearer token (missing, malformed, wrong signature, issuer or
 * audience, or expired).
 */
import type { Config, Context } from '@netlify/functions';
import type { MeResponse } from '../../src/api/contracts/account.ts';
import type { Provider } from '../../src/api/contracts/providers.ts';
import type { Role } from '../../src/lib/vocabulary.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims } from './_shared/db.ts';
import { PROVIDER_COLUMNS } from './_shared/provider-profile.ts';
import { allowMethods, handle, json } from './_shared/http.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

export default handle('me', async (req: Request, context: Context) => {
  allowMethods(req, ['GET']);
  await limiter.check(context);
  const claims = await requireUser(req);

  const [row] = await withClaims(
    claims,
    (tx) => tx<{ roles: Role[]; provider: Provider | null }[]>`
      select
        coalesce((select json_agg(r.role order by r.role) from user_roles r where r.user_id = ${claims.sub}), '[]') as roles,
        (select row_to_json(p) from (
          select ${tx(PROVIDER_COLUMNS)} from providers where user_id = ${claims.sub}
        ) p) as provider`,
    { readOnly: true },
  );

  const body: MeResponse = {
    user: {
      id: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      metadata: claims.user_metadata ?? {},
    },
    roles: row?.roles ?? [],
    provider: row?.provider ?? null,
  };
  return json(body);
});

export const config: Config = {
  path: '/api/me',
  // Every page of a signed-in session asks once; 120 a minute covers fast navigation.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('me', config.rateLimit);
