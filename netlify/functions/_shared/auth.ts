/**
 * Access-token verification against the auth server's published keys (Supabase Auth, or the
 * local auth server). Only asymmetric algorithms are accepted, so no shared secret lives here.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Claims } from './db.ts';
import { env } from './env.ts';
import { unauthorized, unavailable } from './http.ts';

export type AuthResult =
  { claims: Claims; problem: null } | { claims: null; problem: 'missing' | 'invalid' | 'expired' };

let jwks: { url: string; get: JWTVerifyGetKey } | undefined;

function keySet(supabaseUrl: string): JWTVerifyGetKey {
  const url = `${supabaseUrl}/auth/v1/.well-known/jwks.json`;
  if (jwks?.url !== url) {
    // Keys are cached for 10 minutes, as supabase-js does; an unknown `kid` refetches at most
    // every 30 s, so a key rotation is picked up without letting garbage tokens hammer the server.
    jwks = { url, get: createRemoteJWKSet(new URL(url), { cacheMaxAge: 600_000, cooldownDuration: 30_000 }) };
  }
  return jwks.get;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * jose errors that mean the TOKEN is bad (→ 401). Any other failure — the key endpoint down,
 * timing out, answering non-200 or garbage — is the server's side (→ 503), never the caller's.
 */
const TOKEN_ERRORS = [
  errors.JWTInvalid,
  errors.JWTClaimValidationFailed,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
] as const;

/**
 * Tokens verified in the last minute: the signature check (ES256/RS256 through WebCrypto) is
 * most of what verifying costs, and a signed-in page sends the same token again and again. A
 * token is taken from here only while it has not expired, for at most `VERIFIED_TTL_MS` after
 * its signature was checked (shorter than the 10 minutes a key set is cached, so a key withdrawn
 * from the auth server stops working no later than it does without this), and only for the
 * `SUPABASE_URL` it was checked against. Only successes are kept; every failure is verified
 * (and answered) afresh. Whether the token's session still exists is asked of the database on
 * every request regardless (`withClaims`).
 */
const VERIFIED_TTL_MS = 60_000;
const VERIFIED_MAX = 1000;
const verified = new Map<string, { claims: Claims; until: number; url: string }>();

/** Forgets every verified token (tests that change keys or the clock). */
export function clearVerifiedTokens(): void {
  verified.clear();
}

/** Verifies a bearer token; throws jose errors on any failure. */
export async function verifyToken(token: string): Promise<Claims> {
  const { SUPABASE_URL } = env();
  const now = Date.now();
  const known = verified.get(token);
  if (known) {
    if (known.until > now && known.url === SUPABASE_URL) return { ...known.claims };
    verified.delete(token);
  }
  const claims = await verifySignature(token, SUPABASE_URL);
  // `exp` is required above; past it, the next request goes through jose and gets its answer.
  const until = Math.min(now + VERIFIED_TTL_MS, (claims.exp ?? 0) * 1000);
  if (until > now) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, { claims: { ...claims }, until, url: SUPABASE_URL });
  }
  return claims;
}

async function verifySignature(token: string, SUPABASE_URL: string): Promise<Claims> {
  const { payload } = await jwtVerify(token, keySet(SUPABASE_URL), {
    issuer: `${SUPABASE_URL}/auth/v1`,
    audience: 'authenticated',
    algorithms: ['ES256', 'RS256'],
    clockTolerance: 5,
    requiredClaims: ['sub', 'exp', 'session_id'],
  });
  // Both are compared with uuid columns; anything else would be a malformed token, not a user.
  if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) throw new errors.JWTInvalid('bad subject');
  if (typeof payload['session_id'] !== 'string' || !UUID.test(payload['session_id']))
    throw new errors.JWTInvalid('bad session');
  return payload as Claims;
}

function bearer(req: Request): string | null {
  const header = req.headers.get('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * The signed-in user's claims, or why there are none: `missing` (no Authorization header: an
 * anonymous visitor), `expired`, or `invalid` (malformed, wrong signature, issuer or audience).
 * Failure to get the auth server's keys is not the caller's fault: a thrown 503 `unavailable`.
 */
export async function getUser(req: Request): Promise<AuthResult> {
  const token = bearer(req);
  if (token === null) return { claims: null, problem: 'missing' };
  if (token === '') return { claims: null, problem: 'invalid' };
  try {
    return { claims: await verifyToken(token), problem: null };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { claims: null, problem: 'expired' };
    if (TOKEN_ERRORS.some((kind) => error instanceof kind)) return { claims: null, problem: 'invalid' };
    console.error('[api] auth: cannot get the signing keys:', error);
    throw unavailable();
  }
}

function rejection(problem: 'missing' | 'invalid' | 'expired') {
  return unauthorized(
    problem === 'missing'
      ? 'Please sign in.'
      : problem === 'expired'
        ? 'Your session has expired. Please sign in again.'
        : 'Your session is not valid. Please sign in again.',
  );
}

/** Claims of the signed-in user, or a thrown 401 naming what is wrong with the token. */
export async function requireUser(req: Request): Promise<Claims> {
  const result = await getUser(req);
  if (result.claims) return result.claims;
  throw rejection(result.problem);
}

/**
 * For endpoints open to everyone: claims when a token is sent, null when none is. A token
 * that is sent but bad is still a 401, so a client with a broken session finds out.
 */
export async function optionalUser(req: Request): Promise<Claims | null> {
  const result = await getUser(req);
  if (result.claims) return result.claims;
  if (result.problem === 'missing') return null;
  throw rejection(result.problem);
}
