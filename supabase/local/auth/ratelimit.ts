/**
 * Per-IP, per-endpoint-family request limits (sliding window, in memory). The defaults follow
 * Supabase Auth's (30 sign-ins/sign-ups, 30 verifications, 150 refreshes per 5 minutes); test
 * suites use `relaxed` so hundreds of sign-ins from 127.0.0.1 are not refused.
 */
export type Family = 'signup' | 'token' | 'refresh' | 'email' | 'verify' | 'user';

export type RateLimits = { windowSeconds: number; max: Record<Family, number> };

export const DEFAULT_RATE_LIMITS: RateLimits = {
  windowSeconds: 300,
  max: { signup: 30, token: 30, refresh: 150, email: 30, verify: 30, user: 300 },
};

export const RELAXED_RATE_LIMITS: RateLimits = {
  windowSeconds: 300,
  max: { signup: 100_000, token: 100_000, refresh: 100_000, email: 100_000, verify: 100_000, user: 100_000 },
};

export type RateLimiter = { allow: (family: Family, ip: string) => boolean };

export function createRateLimiter(limits: RateLimits): RateLimiter {
  const hits = new Map<string, number[]>();
  return {
    allow(family, ip) {
      const now = Date.now();
      const since = now - limits.windowSeconds * 1000;
      const key = `${family}|${ip}`;
      const recent = (hits.get(key) ?? []).filter((t) => t > since);
      if (recent.length >= limits.max[family]) {
        hits.set(key, recent);
        return false;
      }
      recent.push(now);
      hits.set(key, recent);
      return true;
    },
  };
}
