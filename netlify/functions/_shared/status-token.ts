/**
 * Tokens of the private status links (`/request/<token>`) e-mailed to families. The token is 32
 * random bytes (base64url, 43 characters) and exists only in the e-mail; the database keeps its
 * SHA-256 (hex), and lookups hash what the link carries.
 */
import { createHash, randomBytes } from 'node:crypto';

export function hashStatusToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token and the hash to store for it. */
export function newStatusToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashStatusToken(token) };
}
