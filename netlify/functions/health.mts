/**
 * GET /api/health — is the database reachable (`select 1`) and is the auth server up
 * (`GET <SUPABASE_URL>/auth/v1/health`)?
 *
 * 200 `{ ok: true, database: 'ok', auth: 'ok' }`, else 503 with the failing part marked
 * `'unreachable'`. Nothing else (no versions, no error text) is disclosed.
 */
import type { Config, Context } from '@netlify/functions';
import { db, isDatabaseUnavailable } from './_shared/db.ts';
import { env } from './_shared/env.ts';
import { allowMethods, handle, json } from './_shared/http.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

const TIMEOUT_MS = 3000;

type Status = 'ok' | 'unreachable';

async function probe(name: string, check: (signal: AbortSignal) => Promise<void>): Promise<Status> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  try {
    await Promise.race([
      check(signal),
      new Promise<never>((_, reject) => {
        signal.addEventListener('abort', () => {
          reject(new Error('timed out'));
        });
      }),
    ]);
    return 'ok';
  } catch (error) {
    console.error(`[api] health: ${name} check failed:`, error instanceof Error ? error.message : error);
    return 'unreachable';
  }
}

export default handle('health', async (req: Request, context: Context) => {
  allowMethods(req, ['GET']);
  // The limiter counts in the database; when that is down, the probe below says so (503).
  await limiter.check(context).catch((error: unknown) => {
    if (!isDatabaseUnavailable(error)) throw error;
  });
  const [database, auth] = await Promise.all([
    probe('database', async () => {
      await db()`select 1`;
    }),
    probe('auth', async (signal) => {
      const res = await fetch(`${env().SUPABASE_URL}/auth/v1/health`, { signal });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    }),
  ]);
  const ok = database === 'ok' && auth === 'ok';
  return json({ ok, database, auth }, ok ? 200 : 503);
});

export const config: Config = {
  path: '/api/health',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('health', config.rateLimit);
