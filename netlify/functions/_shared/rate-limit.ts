/**
 * Per-IP rate limiting. Each endpoint declares its limit once, as a literal `rateLimit` in its
 * `export const config` (Netlify reads that object statically at deploy and enforces it at the
 * edge); the handler passes the same `config.rateLimit` here, so local development and tests
 * see the same limit, and an instance still protects itself if the edge rule is missing.
 */
import type { Config, Context } from '@netlify/functions';
import { env } from './env.ts';
import { tooManyRequests } from './http.ts';

export type RateLimit = NonNullable<Config['rateLimit']>;

/** The client IP: Netlify's `context.ip`, else its client-IP header, else X-Forwarded-For. */
export function clientIp(req: Request, context: Pick<Context, 'ip'> | undefined): string {
  const fromContext = context?.ip;
  if (fromContext) return fromContext;
  const netlify = req.headers.get('x-nf-client-connection-ip')?.trim();
  if (netlify) return netlify;
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || 'unknown';
}

interface Window {
  start: number;
  count: number;
}

const MAX_KEYS = 10_000;

/**
 * A fixed-window counter per (limiter, IP, domain). Fixed windows are enough here: the edge
 * limiter is the real defence in production; this one must be cheap and predictable in tests.
 */
export class RateLimiter {
  readonly name: string;
  readonly limit: RateLimit;
  private readonly windows = new Map<string, Window>();

  constructor(name: string, limit: RateLimit | undefined) {
    if (!limit) throw new Error(`Rate limiter ${name}: the function's config has no rateLimit`);
    this.name = name;
    this.limit = limit;
  }

  /** Counts one request; returns the seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    const sizeMs = this.limit.windowSize * 1000;
    let window = this.windows.get(key);
    if (!window || now - window.start >= sizeMs) {
      if (this.windows.size >= MAX_KEYS) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.limit.windowLimit) return 0;
    return (window.start + sizeMs - now) / 1000;
  }

  /** Throws a 429 (with Retry-After) when this request is over the limit. */
  check(req: Request, context: Pick<Context, 'ip'> | undefined): void {
    if (env().RATE_LIMIT_DISABLED) return;
    const aggregate = ([] as string[]).concat(this.limit.aggregateBy ?? ['domain']);
    const parts: string[] = [];
    if (aggregate.includes('ip')) parts.push(clientIp(req, context));
    if (aggregate.includes('domain')) parts.push(new URL(req.url).host);
    const wait = this.hit(parts.join('|'));
    if (wait > 0) throw tooManyRequests(wait);
  }

  reset(): void {
    this.windows.clear();
  }

  private prune(now: number): void {
    const sizeMs = this.limit.windowSize * 1000;
    for (const [key, window] of this.windows) if (now - window.start >= sizeMs) this.windows.delete(key);
    // Under a flood of distinct IPs, forget the oldest half rather than grow without bound.
    if (this.windows.size >= MAX_KEYS) {
      let drop = this.windows.size / 2;
      for (const key of this.windows.keys()) {
        if (drop-- <= 0) break;
        this.windows.delete(key);
      }
    }
  }
}
