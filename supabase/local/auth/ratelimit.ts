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

/**
 * Wrong six-digit codes per e-mail address, whatever the client's IP: each code dies after
 * `perCode` wrong tries (store.ts `consumeCode`), and an address takes at most `perAddress` wrong
 * codes within `windowSeconds` (across new codes; 429 after that, for any code of the address,
 * until the window moves on). Counted by address, known or not, so the limit does not tell
 * whether an account exists. Not lifted by `RELAXED_RATE_LIMITS`.
 */
export type CodeAttemptLimits = { perCode: number; perAddress: number; windowSeconds: number };

export const DEFAULT_CODE_ATTEMPT_LIMITS: CodeAttemptLimits = {
  perCode: 5,
  perAddress: 20,
  windowSeconds: 3600,
};

export type CodeAttemptLimiter = {
  limits: CodeAttemptLimits;
  /**
   * Takes one attempt for the address before its code is checked (so concurrent requests cannot
   * all pass a count read before any was recorded); false when the address is at its limit.
   */
  reserve: (email: string) => boolean;
  /** Gives the attempt back: the code was right. */
  refund: (email: string) => void;
};

export function createCodeAttemptLimiter(limits: CodeAttemptLimits): CodeAttemptLimiter {
  const attempts = new Map<string, number[]>();
  const recent = (email: string): number[] => {
    const since = Date.now() - limits.windowSeconds * 1000;
    const kept = (attempts.get(email) ?? []).filter((t) => t > since);
    if (kept.length === 0) attempts.delete(email);
    else attempts.set(email, kept);
    return kept;
  };
  return {
    limits,
    reserve(email) {
      // Addresses seen once are dropped when their window has passed, so the map stays small.
      if (attempts.size > 10_000) for (const key of [...attempts.keys()]) recent(key);
      const kept = recent(email);
      if (kept.length >= limits.perAddress) return false;
      attempts.set(email, [...kept, Date.now()]);
      return true;
    },
    refund(email) {
      const kept = recent(email);
      kept.pop();
      if (kept.length === 0) attempts.delete(email);
    },
  };
}
