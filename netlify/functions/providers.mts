/**
 * Provider registration: the signed-in user's provider profile
 * (docs/product-rules.md#provider-registration).
 *
 * - `POST /api/providers` `{ organization_name, contact_name, email, phone? }` → 201
 *   `{ provider }` when the profile is created; 200 `{ provider }` with the EXISTING profile
 *   (unchanged) when the user already has one, so the registration page can call it on every
 *   sign-in until it succeeds: a profile that failed to be created is created next time, never
 *   lost, and never duplicated (the database's unique `user_id` decides between simultaneous
 *   calls).
 *
 * The new profile is on the `free` plan, `trial` status, with `trial_ends_at` = now + 14 days
 * and `verification_status` `unverified`: the database's column defaults set these, and its
 * column grants do not let the API role give them at all (only an administrator changes them
 * later). The welcome e-mail (14-day trial) is sent on 201 only; a mail failure is logged and
 * does not undo the registration.
 *
 * 400 for a body that fails `providerProfileSchema`; 401 without a valid token; 405 for other
 * methods. Everything runs through `withClaims`, so the RLS policy "Signed-in users create their
 * own provider profile" decides.
 */
import type { Config, Context } from '@netlify/functions';
import type { Provider, ProviderResponse } from '../../src/api/contracts/providers.ts';
import { providerProfileSchema } from '../../src/lib/provider-schemas.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims } from './_shared/db.ts';
import { PROVIDER_COLUMNS } from './_shared/provider-profile.ts';
import { allowMethods, badRequestFromZod, handle, json, readJson } from './_shared/http.ts';
import { sendMail } from './_shared/mailer.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

export default handle('providers', async (req: Request, context: Context) => {
  allowMethods(req, ['POST']);
  await limiter.check(context);
  const claims = await requireUser(req);
  const parsed = providerProfileSchema.safeParse(await readJson(req));
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  const input = parsed.data;

  const { provider, created } = await withClaims(claims, async (tx) => {
    // user_id must be the caller's (the insert policy checks it); the protected fields are left
    // to their defaults. A profile that already exists is kept as it is.
    const [inserted] = await tx<Provider[]>`
      insert into providers (user_id, organization_name, contact_name, email, phone)
      values (${claims.sub}, ${input.organization_name}, ${input.contact_name}, ${input.email},
              ${input.phone ?? null})
      on conflict (user_id) do nothing
      returning ${tx(PROVIDER_COLUMNS)}`;
    if (inserted) return { provider: inserted, created: true };
    const [existing] = await tx<Provider[]>`
      select ${tx(PROVIDER_COLUMNS)} from providers where user_id = ${claims.sub}`;
    if (!existing) throw new Error('provider row neither inserted nor found');
    return { provider: existing, created: false };
  });

  if (created) {
    try {
      await sendMail('welcome', {
        to: provider.email,
        contactName: provider.contact_name,
        organizationName: provider.organization_name,
      });
    } catch (error) {
      console.error('[api] providers: welcome mail not sent:', (error as Error).message);
    }
  }
  return json({ provider } satisfies ProviderResponse, created ? 201 : 200);
});

export const config: Config = {
  path: '/api/providers',
  // Registration calls it once per sign-in; 20 a minute leaves room for retries.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('providers', config.rateLimit);
