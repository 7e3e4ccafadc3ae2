/**
 * Sign-up while the mail transport is down keeps nothing, as GoTrue does (user and confirmation in
 * one transaction): 500 `unexpected_failure` "Error sending confirmation email", no user left for
 * a new address, an unconfirmed one's password untouched, and the same answer for an address
 * that already has an account. Once mail works again, signing up again works. A second auth server
 * on the same database whose transport can be switched off.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAuthServer, type AuthServer } from '../../supabase/local/auth/server.ts';
import { anonKey, confirmedUser, db, uniqueEmail } from './helpers.ts';

let server: AuthServer;
let dir: string;
let mailUp = true;
const sent: string[] = [];
const logged: string[] = [];
const sql = db();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ocd-auth-mail-down-'));
  server = await startAuthServer({
    databaseUrl: inject('databaseUrl'),
    dataDir: dir,
    port: 0,
    anonKey,
    siteUrl: inject('siteUrl'),
    siteTitle: 'Test',
    emailIntervalSeconds: 0,
    mailFrom: 'Test <no-reply@example.org>',
    sendMail: (message) => {
      if (!mailUp) return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25'));
      sent.push(message.to);
      return Promise.resolve();
    },
    log: (line) => logged.push(line),
  });
});

afterAll(async () => {
  await server.stop();
  await sql.end();
  await rm(dir, { recursive: true, force: true });
});

async function signUp(email: string, password = 'long-enough-1') {
  const res = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function usersNamed(email: string) {
  return sql<{ id: string; encrypted_password: string; confirmation_sent_at: Date | null }[]>`
    select id, encrypted_password, confirmation_sent_at from auth.users where lower(email) = ${email}`;
}

const NOT_SENT = {
  code: 'unexpected_failure',
  error_code: 'unexpected_failure',
  msg: 'Error sending confirmation email',
};

describe('sign-up while the mail transport is down', () => {
  it('creates nothing for a new address, answers 500, and works once mail is back', async () => {
    const email = uniqueEmail('mail-down');
    mailUp = false;
    const failed = await signUp(email);
    expect(failed).toEqual({ status: 500, body: NOT_SENT });
    expect(await usersNamed(email)).toEqual([]);
    expect(logged.some((l) => l.includes('ECONNREFUSED'))).toBe(true);

    mailUp = true;
    const again = await signUp(email);
    expect(again.status).toBe(200);
    expect(await usersNamed(email)).toHaveLength(1);
    expect(sent).toContain(email);
  });

  it("leaves an unconfirmed address's password and mail slot as they were", async () => {
    const email = uniqueEmail('mail-down-again');
    mailUp = true;
    expect((await signUp(email, 'first-password-1')).status).toBe(200);
    const [before] = await usersNamed(email);
    await sql`update auth.users set confirmation_sent_at = null where id = ${before?.id ?? ''}`;
    mailUp = false;
    expect(await signUp(email, 'second-password-2')).toEqual({ status: 500, body: NOT_SENT });
    const [after] = await usersNamed(email);
    expect(after?.id).toBe(before?.id);
    expect(after?.encrypted_password).toBe(before?.encrypted_password);
    // The slot was given back: asking again once mail works is not refused as too soon.
    expect(after?.confirmation_sent_at).toBeNull();
    mailUp = true;
  });

  it('a magic link for a new address keeps no user when its mail fails, and works once mail is back', async () => {
    const email = uniqueEmail('magic-mail-down');
    const magicLink = () =>
      fetch(`${server.url}/auth/v1/otp`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, create_user: true }),
      });
    mailUp = false;
    const before = logged.length;
    // `{}` at once, whatever happens next (the lookup and the mail run after the answer).
    expect((await magicLink()).status).toBe(200);
    await expect
      .poll(() =>
        logged.slice(before).some((l) => l.startsWith('auth (background)') && l.includes('ECONNREFUSED')),
      )
      .toBe(true);
    expect(await usersNamed(email)).toEqual([]);

    mailUp = true;
    expect((await magicLink()).status).toBe(200);
    await expect.poll(() => sent.includes(email)).toBe(true);
    expect(await usersNamed(email)).toHaveLength(1);
  });

  it('answers an address that already has an account exactly the same', async () => {
    mailUp = true;
    const email = await confirmedUser('mail-down-pass-1', 'mail-down-owner');
    mailUp = false;
    expect(await signUp(email)).toEqual({ status: 500, body: NOT_SENT });
    mailUp = true;
  });
});
