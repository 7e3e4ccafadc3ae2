/**
 * Postgres access for functions. Every query a user can influence runs through `withClaims`,
 * so the row-level-security policies in `supabase/migrations` decide what it may see or change,
 * exactly as behind Supabase's own REST API.
 */
import postgres from 'postgres';
import { env } from './env.ts';

export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;

/** The verified access-token claims that RLS reads through `auth.uid()` / `auth.jwt()`. */
export interface Claims {
  sub: string;
  /** The auth session the token belongs to (Supabase Auth puts it in every access token). */
  session_id: string;
  role?: string;
  email?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  iss?: string;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
  [claim: string]: unknown;
}

let pool: Sql | undefined;

/**
 * Whether the pool may use named prepared statements. postgres.js describes every parameterised
 * statement that is not prepared before running it (Parse/Describe, wait for the parameter types,
 * then Bind/Execute): two round trips per query instead of one. Prepared statements remove that,
 * but Supabase's transaction pooler (Supavisor on port 6543, or a URL marked `pgbouncer=true`)
 * hands each transaction a different server connection, where a statement prepared earlier does
 * not exist. So: on for direct and session-mode connections (the local backend, Supabase's
 * direct URL or session pooler on 5432), off for the transaction pooler; `DATABASE_PREPARE`
 * (`true`/`false`) overrides.
 *
 * @example usePreparedStatements('postgres://u:p@127.0.0.1:54322/postgres') // true
 * @example usePreparedStatements('postgres://u:p@aws-0-eu.pooler.supabase.com:6543/postgres') // false
 */
export function usePreparedStatements(url: string, override?: string): boolean {
  if (override === 'true') return true;
  if (override === 'false') return false;
  try {
    const parsed = new URL(url);
    if (parsed.port === '6543') return false;
    if (/^(true|1)$/i.test(parsed.searchParams.get('pgbouncer') ?? '')) return false;
    return true;
  } catch {
    // Not a URL we can read: the safe choice works with every pooler.
    return false;
  }
}

/** One small pool per function instance (prepared statements: see usePreparedStatements). */
export function db(): Sql {
  pool ??= postgres(env().DATABASE_URL, {
    prepare: usePreparedStatements(env().DATABASE_URL, process.env.DATABASE_PREPARE),
    max: 5,
    idle_timeout: 20,
    connect_timeout: 10,
    onnotice: () => undefined,
  });
  return pool;
}

/** Closes the pool (tests and scripts; functions keep it for the next invocation). */
export async function closeDb(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.end({ timeout: 5 });
}

/**
 * Runs `fn` in ONE transaction as `authenticated` (claims given) or `anon` (null), with
 * `request.jwt.claims` set for the transaction only. Both settings are `local`, so they end with
 * the transaction and never leak to the next user of a pooled connection.
 *
 * For a user, the same statement asks whether the token's session (`session_id`) still exists
 * (`private.assume_user`): a token of a session that was signed out (e.g. "sign out everywhere")
 * is refused with a 401, although its signature is still valid, at no extra round trip.
 *
 * Use it for every read or write on behalf of a visitor or user. Never pass claims that did not
 * come from `verifyToken`/`getUser`; the role is chosen here, never taken from the token.
 *
 * `options.readOnly`: for reads that need not wait for COMMIT (see `ClaimsOptions`).
 */
export async function withClaims<T>(
  claims: Claims | null,
  fn: (tx: Tx) => Promise<T>,
  options: ClaimsOptions = {},
): Promise<T> {
  const readOnly = options.readOnly ?? false;
  let answer: ((value: T) => void) | undefined;
  const answered = readOnly ? new Promise<T>((resolve) => (answer = resolve)) : null;
  let answeredEarly = false;
  const transaction = db().begin(readOnly ? 'read only' : '', async (tx) => {
    // The setup is sent first and NOT awaited: the statements of `fn` follow it on the same
    // connection without waiting for its answer (postgres.js pipelines them), which saves a
    // round trip per request. Postgres runs them in order, and `private.assume_user` raises
    // for an ended session, so the transaction is aborted before anything of `fn` runs.
    const setup = claimsSetup(tx, claims);
    void setup.execute();
    const [value] = await Promise.all([fn(tx), setup]);
    if (answer) {
      answeredEarly = true;
      answer(value);
    }
    return value;
  }) as Promise<T>;
  if (readOnly) {
    transaction.catch((error: unknown) => {
      if (answeredEarly) console.error('[api] a read-only transaction did not end cleanly:', error);
    });
  }
  try {
    return await (answered ? Promise.race([answered, transaction]) : transaction);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'UA401') throw new SessionEnded();
    throw error;
  }
}

export interface ClaimsOptions {
  /**
   * For reads: the transaction is `read only` (a write in `fn` fails with 25006), and its answer
   * is returned as soon as `fn` has it, while COMMIT completes behind it (ending a read-only
   * transaction changes nothing; the connection stays taken until it has). One round trip less.
   */
  readOnly?: boolean;
}

/** The statement that makes the rest of the transaction run as the user (or `anon`). */
function claimsSetup(tx: Sql | Tx, claims: Claims | null): postgres.PendingQuery<postgres.Row[]> {
  const role = claims ? 'authenticated' : 'anon';
  const payload = JSON.stringify(claims ? { ...claims, role } : { role });
  return claims
    ? tx`select private.assume_user(${claims.session_id}::uuid, ${claims.sub}::uuid, ${payload})`
    : tx`select set_config('role', 'anon', true), set_config('request.jwt.claims', ${payload}, true)`;
}

/** The token's session no longer exists (signed out, or expired): `handle()` answers 401. */
export class SessionEnded extends Error {
  constructor() {
    super('The session of this access token has ended.');
    this.name = 'SessionEnded';
  }
}

/**
 * True for errors that mean "the database cannot be reached right now" (refused, reset or timed
 * out connections, a server shutting down or starting, too many connections), as opposed to a
 * bug or a refused statement. The API answers those with 503 and Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'ENOTFOUND',
      'EPIPE',
      'CONNECT_TIMEOUT',
      'CONNECTION_CLOSED',
      'CONNECTION_ENDED',
      'CONNECTION_DESTROYED',
      // SQLSTATE: connection exceptions, admin/crash shutdown, cannot connect now, too many connections.
      '57P01',
      '57P02',
      '57P03',
      '53300',
    ].includes(code) || code.startsWith('08')
  );
}

/**
 * Runs `fn` in one transaction as `service_role`, which bypasses RLS. Allowed only for
 * server-side steps that no policy can express and whose input the function fully controls:
 * reading a program's or provider's notification address to send a templated e-mail,
 * writing audit fields the user must not set, health checks. Never for reading or writing
 * data in answer to a user's request: use `withClaims` for that.
 */
export async function withService<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db().begin(async (tx) => {
    await tx`select set_config('role', 'service_role', true)`;
    return fn(tx);
  });
  return result as T;
}
