/**
 * A provider asks to be verified (docs/product-rules.md#verification).
 *
 * - `POST /api/provider/verification-requests` `{ documents: string[] }` → 201 `{ request }`;
 *   the provider's `verification_status` becomes `pending` (set by the database's trigger).
 *
 * Entries are trimmed and blank ones dropped; at least one must remain, else 400 "Missing
 * Documents". 409 `conflict` when a request is already pending or the provider is already
 * verified: the database refuses both (trigger `private.check_new_verification_request` and the
 * partial unique index), and its refusal is mapped here, so two simultaneous requests still
 * make one. 404 when the user has no provider profile; 401 without a valid token; 405 for other
 * methods. The insert runs through `withClaims`, so the policy "Providers request their own
 * verification" and the column grants (`provider_id`, `documents_submitted` only) apply.
 */
import type { Config, Context } from '@netlify/functions';
import {
  ALREADY_PENDING,
  ALREADY_VERIFIED,
  NO_PROFILE,
  type VerificationRequest,
  type VerificationRequestResponse,
} from '../../src/api/contracts/providers.ts';
import postgres from 'postgres';
import { verificationRequestSchema } from '../../src/lib/provider-schemas.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims } from './_shared/db.ts';
import {
  allowMethods,
  badRequestFromZod,
  conflict,
  handle,
  json,
  notFound,
  readJson,
} from './_shared/http.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

export default handle('provider-verification-requests', async (req: Request, context: Context) => {
  allowMethods(req, ['POST']);
  await limiter.check(context);
  const claims = await requireUser(req);
  const parsed = verificationRequestSchema.safeParse(await readJson(req));
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  const documents = parsed.data.documents;

  try {
    const request = await withClaims(claims, async (tx) => {
      const [me] = await tx<{ id: string }[]>`select id from providers where user_id = ${claims.sub}`;
      if (!me) throw notFound(NO_PROFILE);
      const [row] = await tx<VerificationRequest[]>`
        insert into provider_verification_requests (provider_id, documents_submitted)
        values (${me.id}, ${documents})
        returning id, documents_submitted, status, requested_at, reviewed_at, reviewer_notes, created_at`;
      if (!row) throw new Error('verification request not inserted');
      return row;
    });
    return json({ request } satisfies VerificationRequestResponse, 201);
  } catch (error) {
    if (error instanceof postgres.PostgresError) {
      // Raised by the trigger (no constraint name) or by the one-pending index.
      if (error.code === '23505') throw conflict(ALREADY_PENDING);
      if (error.code === '23514' && !error.constraint_name) throw conflict(ALREADY_VERIFIED);
    }
    throw error;
  }
});

export const config: Config = {
  path: '/api/provider/verification-requests',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('provider-verification-requests', config.rateLimit);
