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
 * One small pool per function instance. `prepare: false` because Supabase's pooler in
 * transaction mode hands each transaction a different server connection, where a named
 * prepared statement from an earlier one would not exist.
 */
export function db(): Sql {
  pool ??= postgres(env().DATABASE_URL, {
    prepare: false,
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
 * Use it for every read or write on behalf of a visitor or user. Never pass claims that did not
 * come from `verifyToken`/`getUser`; the role is chosen here, never taken from the token.
 */
export async function withClaims<T>(claims: Claims | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const role = claims ? 'authenticated' : 'anon';
  const payload = JSON.stringify(claims ? { ...claims, role } : { role });
  const result = await db().begin(async (tx) => {
    // set_config('role', …, true) is `set local role` with a bind parameter: one round trip.
    await tx`select set_config('role', ${role}, true), set_config('request.jwt.claims', ${payload}, true)`;
    return fn(tx);
  });
  return result as T;
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
