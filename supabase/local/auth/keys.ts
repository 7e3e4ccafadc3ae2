/**
 * The auth server's ES256 signing key: generated once with `jose` into the data directory (so
 * tokens stay valid across restarts), published as a JWKS with a `kid` so supabase-js's
 * getClaims() and the functions' `jose` verification check signatures locally.
 */
import { hkdfSync, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';

export type SigningKeys = {
  kid: string;
  jwks: { keys: JWK[] };
  sign: (claims: JWTPayload, expiresInSeconds: number) => Promise<string>;
  verify: (token: string, issuer: string) => Promise<JWTPayload>;
  /** HMAC key of the stored six-digit codes (store.ts `codeDigest`), derived from the private key. */
  codeKey: Buffer;
};

export async function loadOrCreateKeys(file: string): Promise<SigningKeys> {
  let privateJwk: JWK;
  if (existsSync(file)) {
    privateJwk = JSON.parse(await readFile(file, 'utf8')) as JWK;
  } else {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    privateJwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'ES256', use: 'sig' };
    await mkdir(dirname(file), { recursive: true });
    // Owner-only: anyone holding this key can mint tokens for any user.
    await writeFile(file, JSON.stringify(privateJwk, null, 2), { mode: 0o600 });
  }
  const kid = privateJwk.kid ?? '';
  const { d: _d, ...publicJwk } = privateJwk;
  const privateKey = await importJWK(privateJwk, 'ES256');
  const publicKey = await importJWK(publicJwk, 'ES256');
  const codeKey = Buffer.from(
    hkdfSync('sha256', Buffer.from(privateJwk.d ?? '', 'base64url'), kid, 'local auth: one-time codes', 32),
  );
  return {
    kid,
    codeKey,
    jwks: { keys: [{ ...publicJwk, key_ops: ['verify'] }] },
    sign: (claims, expiresInSeconds) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(privateKey);
    },
    verify: async (token, issuer) => {
      const { payload } = await jwtVerify(token, publicKey, {
        issuer,
        audience: 'authenticated',
        algorithms: ['ES256'],
      });
      return payload;
    },
  };
}
