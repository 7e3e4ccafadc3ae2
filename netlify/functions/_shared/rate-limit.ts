/**
 * Rate limiting, with counts kept in Postgres (`private.rate_limit_hit`) so that every function
 * instance — and every invocation under the local server — shares them.
 *
 * Per-IP limits: each endpoint declares its limit once, as a literal `rateLimit` in its
 * `export const config` (Netlify reads that object statically at deploy and enforces it at the
 * edge); the handler passes the same `config.rateLimit` here, so the local server and tests see
 * the same limit, and the site still protects itself if the edge rule is missing.
 * Per-key limits (e.g. per e-mail address) have no edge equivalent and always run here.
 */
import type { Config, Context } from '@netlify/functions';
import { createHash } from 'node:crypto';
import { normalizeEmail } from '../../../src/lib/text-rules.ts';
import { db } from './db.ts';
import { env } from './env.ts';
import { tooManyRequests } from './http.ts';

export type RateLimit = NonNullable<Config['rateLimit']>;

/**
 * The client's address as Netlify (or the local server) saw the connection: `context.ip`.
 * Request headers (`X-Forwarded-For`, `x-nf-client-connection-ip`, `Host`) are never read: a
 * client can set them to anything and would get a fresh budget with each value.
 */
export function clientIp(context: Pick<Context, 'ip'> | undefined): string {
  // Typed as always present, but a caller's context may lack it: never a 500 for that.
  const ip: unknown = context?.ip;
  const trimmed = typeof ip === 'string' ? ip.trim() : '';
  return trimmed ? trimmed.slice(0, 64) : 'unknown';
}

/** Counts one hit on `key`; throws a 429 (with Retry-After) when over `windowLimit` per `windowSize` s. */
async function hit(key: string, windowLimit: number, windowSize: number): Promise<void> {
  if (env().RATE_LIMIT_DISABLED) return;
  const [row] = await db()<{ wait: number }[]>`
    select private.rate_limit_hit(${key}, ${windowLimit}, ${windowSize}) as wait`;
  const wait = row?.wait ?? 0;
  if (wait > 0) throw tooManyRequests(wait);
}

export class RateLimiter {
  readonly name: string;
  readonly limit: RateLimit;

  constructor(name: string, limit: RateLimit | undefined) {
    if (!limit) throw new Error(`Rate limiter ${name}: the function's config has no rateLimit`);
    this.name = name;
    this.limit = limit;
  }

  /** Counts this request against its client's budget; throws a 429 when over the limit. */
  async check(context: Pick<Context, 'ip'> | undefined): Promise<void> {
    if (env().RATE_LIMIT_EXEMPT_IPS.includes(clientIp(context))) return;
    const aggregate = ([] as string[]).concat(this.limit.aggregateBy ?? ['domain']);
    // 'domain' alone means one budget for the whole site; the site has one domain.
    const key = aggregate.includes('ip') ? `${this.name}:ip:${clientIp(context)}` : `${this.name}:site`;
    await hit(key, this.limit.windowLimit, this.limit.windowSize);
  }

  /**
   * Counts a request against a budget of its own, e.g. per e-mail address, so that one person
   * cannot be flooded from many addresses. The value is hashed: no address is stored in clear.
   * Kind `email` keys on `normalizeEmail(value)` (trimmed, NFC, lower-cased), the one form of an
   * address, so `Dana@Example.com` and `dana@example.com ` share a budget; other kinds on the
   * trimmed, lower-cased value.
   */
  async checkKey(
    kind: string,
    value: string,
    limit: Pick<RateLimit, 'windowLimit' | 'windowSize'>,
  ): Promise<void> {
    const key = kind === 'email' ? normalizeEmail(value) : value.trim().toLowerCase();
    const digest = createHash('sha256').update(key).digest('base64url');
    await hit(`${this.name}:${kind}:${digest}`, limit.windowLimit, limit.windowSize);
  }
}
