/**
 * Six-digit codes cannot be guessed by spreading guesses over many source addresses: wrong codes
 * are counted per code (5, then the code and its link are void) and per e-mail address (20 per
 * hour, then 429 for every code of the address), whatever the IP. A second auth server on the same
 * database with the production request limits (30 verifications per IP per 5 minutes), so only
 * the per-code and per-address caps can refuse these guesses; requests come from 20 loopback
 * addresses (127.0.0.1–127.0.0.20), as a prober's would, 20 or so per address (under the per-IP
 * limit).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAuthServer, type AuthServer } from '../../supabase/local/auth/server.ts';
import { anonKey, uniqueEmail } from './helpers.ts';

type Mail = { to: string; subject: string; text: string };
type Answer = { status: number; body: Record<string, unknown> };

const SOURCES = Array.from({ length: 20 }, (_, i) => `127.0.0.${String(i + 1)}`);
/** Sign-ups, resends, links and right codes: kept apart so the guesses' per-IP counts stay under 30. */
const OTHER_SOURCE = '127.0.0.30';

let server: AuthServer;
let dir: string;
const mails: Mail[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ocd-auth-codes-'));
  server = await startAuthServer({
    databaseUrl: inject('databaseUrl'),
    dataDir: dir,
    port: 0,
    anonKey,
    siteUrl: inject('siteUrl'),
    siteTitle: 'Test',
    // No rateLimits: the defaults, as in production. No mail interval, to ask for new codes at once.
    emailIntervalSeconds: 0,
    mailFrom: 'Test <no-reply@example.org>',
    sendMail: (message) => {
      mails.push(message);
      return Promise.resolve();
    },
  });
});

afterAll(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

/** POST to the second auth server from a given loopback address. */
function post(path: string, body: unknown, from = OTHER_SOURCE): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}/auth/v1${path}`,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { apikey: anonKey, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The code and the link token of the newest mail to `email`. */
function codeOf(email: string): { otp: string; tokenHash: string } {
  const mail = mails.findLast((m) => m.to === email);
  const otp = /code: (\d{6})/.exec(mail?.text ?? '')?.[1];
  const tokenHash = /[?&]token=([0-9a-f]+)/.exec(mail?.text ?? '')?.[1];
  if (otp === undefined || tokenHash === undefined) throw new Error(`no code mailed to ${email}`);
  return { otp, tokenHash };
}

async function signUp(label: string): Promise<string> {
  const email = uniqueEmail(label);
  const res = await post('/signup', { email, password: 'long-enough-1' });
  expect(res.status).toBe(200);
  return email;
}

/** A six-digit code other than `otp`, different for each `i`. */
function wrong(otp: string, i: number): string {
  return String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0');
}

const verify = (email: string, token: string, from?: string) =>
  post('/verify', { email, token, type: 'email' }, from);

describe('wrong six-digit codes', () => {
  it('void a code after 5 wrong tries, each from another address; the right one then fails', async () => {
    const email = await signUp('five');
    const { otp, tokenHash } = codeOf(email);
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, wrong(otp, i), SOURCES[i]);
      expect(res.status).toBe(403);
      expect(res.body['code']).toBe('otp_expired');
      expect(res.body['msg']).toBe('Token has expired or is invalid');
    }
    const right = await verify(email, otp, SOURCES[5]);
    expect(right.status).toBe(403);
    expect(right.body['code']).toBe('otp_expired');
    // The e-mail's link was the same token: void too.
    const link = await post('/verify', { token_hash: tokenHash, type: 'signup' });
    expect(link.status).toBe(403);
    // A new e-mail brings a new code, which works.
    expect((await post('/resend', { email, type: 'signup' })).status).toBe(200);
    await expect.poll(() => codeOf(email).otp !== otp || codeOf(email).tokenHash !== tokenHash).toBe(true);
    const fresh = await verify(email, codeOf(email).otp);
    expect(fresh.status).toBe(200);
    expect(typeof fresh.body['access_token']).toBe('string');
  });

  it('accept the right code after fewer than 5 wrong tries', async () => {
    const email = await signUp('four');
    const { otp } = codeOf(email);
    for (let i = 0; i < 4; i++) expect((await verify(email, wrong(otp, i), SOURCES[i])).status).toBe(403);
    expect((await verify(email, otp, SOURCES[4])).status).toBe(200);
  });

  it('count concurrent guesses: 400 wrong codes from 20 addresses, then the right code is refused', async () => {
    const email = await signUp('flood');
    const { otp } = codeOf(email);
    const statuses = await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        verify(email, wrong(otp, i), SOURCES[i % 20]).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s !== 403 && s !== 429)).toEqual([]);
    const right = await verify(email, otp, SOURCES[0]);
    expect([403, 429]).toContain(right.status);
    expect(right.body['access_token']).toBeUndefined();
  });

  it('cap an address at 20 wrong codes an hour across new codes (429), known or unknown alike', async () => {
    const email = await signUp('account');
    for (let round = 0; round < 4; round++) {
      if (round > 0) expect((await post('/resend', { email, type: 'signup' })).status).toBe(200);
      const before = mails.length;
      await expect.poll(() => round === 0 || mails.length > before).toBe(true);
      const { otp } = codeOf(email);
      for (let i = 0; i < 5; i++) {
        const res = await verify(email, wrong(otp, i), SOURCES[(round * 5 + i) % 20]);
        expect(res.status).toBe(403);
      }
    }
    const before = mails.length;
    expect((await post('/resend', { email, type: 'signup' })).status).toBe(200);
    await expect.poll(() => mails.length > before).toBe(true);
    const limited = await verify(email, codeOf(email).otp, SOURCES[19]);
    expect(limited.status).toBe(429);
    expect(limited.body['code']).toBe('over_request_rate_limit');
    expect(limited.body['msg']).toMatch(/too many wrong codes/i);
    // The link of that e-mail still signs in: it cannot be guessed.
    const link = await post('/verify', { token_hash: codeOf(email).tokenHash, type: 'signup' });
    expect(link.status).toBe(200);

    // An address without an account answers the same way: the cap does not tell which exist.
    const ghost = uniqueEmail('ghost');
    const ghostStatuses = [];
    for (let i = 0; i < 21; i++)
      ghostStatuses.push((await verify(ghost, wrong('000000', i), SOURCES[i % 20])).status);
    expect(ghostStatuses).toEqual([...Array<number>(20).fill(403), 429]);
  });

  it('a link token cannot be computed from the address and a guessed code', async () => {
    const email = await signUp('derived');
    const { otp, tokenHash } = codeOf(email);
    const derived = createHash('sha224')
      .update(email + otp)
      .digest('hex');
    expect(derived).not.toBe(tokenHash);
    expect((await post('/verify', { token_hash: derived, type: 'signup' })).status).toBe(403);
    expect((await verify(email, otp)).status).toBe(200);
  });
});
