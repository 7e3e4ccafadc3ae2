/**
 * Who sent a report or a message, for the limits and the account's data (migrations
 * 20261206200200_report_limits.sql and 20261206200300_account_data.sql).
 *
 * - `reporterKey`: `account:<user id>` for a signed-in sender, else `address:<network>` (the IPv4
 *   address, or the /64 network of an IPv6 address: one home connection is given a whole /64).
 *   The database replaces the network by its HMAC with a secret it keeps, before the row is
 *   written, and forgets the key when the report is resolved. An e-mail address typed in the form
 *   is never the key: anyone can type any address, so it would neither stop one person nor
 *   protect another from having their report counted as a duplicate.
 * - `senderOf`: the verified token's claims, or null. A missing, expired or bad token makes the
 *   sender a visitor instead of refusing the report or message: those are open to visitors.
 */
import type { Context } from '@netlify/functions';
import { isIPv4, isIPv6 } from 'node:net';
import { getUser } from './auth.ts';
import type { Claims } from './db.ts';
import { clientIp } from './rate-limit.ts';

/** The network an address belongs to, for one key per connection. */
export function networkOf(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip.toLowerCase();
  // An IPv4-mapped address (::ffff:192.0.2.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] !== undefined) return mapped[1];
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}

/** The reporter's key as the functions send it (the database hashes the network). */
export function reporterKey(claims: Claims | null, context: Pick<Context, 'ip'>): string {
  return claims === null ? `address:${networkOf(clientIp(context))}` : `account:${claims.sub}`;
}

/** The signed-in sender, or null (no token, or one that is not valid now). */
export async function senderOf(req: Request): Promise<Claims | null> {
  try {
    return (await getUser(req)).claims;
  } catch {
    return null;
  }
}
