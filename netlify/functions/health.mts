/**
 * GET /api/health — is the database reachable (`select 1`) and is the auth server up
 * (`GET <SUPABASE_URL>/auth/v1/health`)?
 *
 * 200 `{ ok: true, database: 'ok', auth: 'ok' }`, else 503 with the failing part marked
 * `'unreachable'`. Nothing else (no versions, no error text) is disclosed. Answers within
 * TIMEOUT_MS whatever the database does: the rate limit (counted in the database) is checked
 * alongside the probes, under the same deadline, never before them.
 */
import type { Config, Context } from '@netlify/functions';
import { db, isDatabaseUnavailable } from './_shared/db.ts';
import { env } from './_shared/env.ts';
import { allowMethods, handle, json } from './_shared/http.ts';
import { RateLimiter } from './_shared/rate-limit.ts';

const TIMEOUT_MS = 3000;

type Status = 'ok' | 'unreachable';

/** Settles with 'timed-out' once `signal` aborts (the request's deadline). */
function deadline(signal: AbortSignal): Promise<'timed-out'> {
  return new Promise((resolve) => {
    signal.addEventListener('abort', () => {
      resolve('timed-out');
    });
  });
}

async function probe(
  name: string,
  signal: AbortSignal,
  check: (signal: AbortSignal) => Promise<void>,
): Promise<Status> {
  try {
    const outcome = await Promise.race([check(signal).then(() => 'ok' as const), deadline(signal)]);
    if (outcome === 'timed-out') throw new Error('timed out');
    return 'ok';
  } catch (error) {
    console.error(`[api] health: ${name} check failed:`, error instanceof Error ? error.message : error);
    return 'unreachable';
  }
}

/** A pooled connection that the server closed (not a refused or timed-out connect). */
function droppedConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    ['57P01', '57P02', '08006', 'ECONNRESET', 'EPIPE', 'CONNECTION_CLOSED', 'CONNECTION_ENDED'].includes(code)
  );
}

/**
 * `select 1`, tried again while the failure is a dropped connection and the deadline allows: after
 * a database restart the pool still holds connections whose server process is gone, each failing
 * once ("terminating connection due to unexpected postmaster exit") before a fresh one is opened.
 * The database answering on a fresh connection is what "reachable" means.
 */
async function databaseAnswers(signal: AbortSignal): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db()`select 1`;
      return;
    } catch (error) {
      if (!droppedConnection(error) || attempt >= 10 || signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export default handle('health', async (req: Request, context: Context) => {
  allowMethods(req, ['GET']);
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  // The limiter counts in the database: checked beside the probes under the same deadline, so a
  // database that is down or hangs gives a 503 in time; over the limit is still a 429.
  const limited = Promise.race([
    limiter.check(context).catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
    }),
    deadline(signal),
  ]);
  const [, database, auth] = await Promise.all([
    limited,
    probe('database', signal, databaseAnswers),
    probe('auth', signal, async (s) => {
      const res = await fetch(`${env().SUPABASE_URL}/auth/v1/health`, { signal: s });
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
