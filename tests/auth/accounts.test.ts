/**
 * Sessions and account privacy on the local auth server, as on Supabase Auth with e-mail
 * confirmation on: a password change ends the user's other sessions (their refresh tokens, and
 * their access tokens at the functions' session check), and no endpoint tells whether an address
 * has an account — sign-up, recovery, magic link and resend answer a known address exactly as an
 * unknown one, and only the owner of the address learns anything, by e-mail.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startAuthServer } from '../../supabase/local/auth/server.ts';
import me from '../../netlify/functions/me.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { ctx } from '../api/helpers.ts';
import {
  anonKey,
  api,
  confirmedUser,
  follow,
  forgetLastMail,
  latestMail,
  linksOf,
  mailsTo,
  newClient,
  settle,
  siteUrl,
  uniqueEmail,
} from './helpers.ts';

afterAll(closeDb);

/** GET /api/me through the function's handler (which asks the database whether the session lives). */
async function apiMe(token: string): Promise<number> {
  const res = await me(
    new Request('http://localhost/api/me', { headers: { authorization: `Bearer ${token}` } }),
    ctx(),
  );
  return res.status;
}

async function signedIn(email: string, password: string) {
  const client = newClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, session: data.session };
}

describe('changing the password ends the other sessions', () => {
  it('revokes the other session (refresh token, access token at /api/me) and keeps this one', async () => {
    const email = await confirmedUser('first-pass-1', 'pwchange');
    const mine = await signedIn(email, 'first-pass-1');
    const other = await signedIn(email, 'first-pass-1');
    expect(await apiMe(other.session.access_token)).toBe(200);

    const { error } = await mine.client.auth.updateUser({ password: 'second-pass-2' });
    expect(error).toBeNull();

    // The other device: its access token fails the functions' session check at once…
    expect(await apiMe(other.session.access_token)).toBe(401);
    expect((await api('/user', { token: other.session.access_token })).body['code']).toBe(
      'session_not_found',
    );
    // …and its refresh token no longer gives a new one.
    const refreshed = await api('/token?grant_type=refresh_token', {
      body: { refresh_token: other.session.refresh_token },
    });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body['code']).toBe('refresh_token_not_found');

    // This device keeps working, refresh included.
    expect(await apiMe(mine.session.access_token)).toBe(200);
    const again = await api('/token?grant_type=refresh_token', {
      body: { refresh_token: mine.session.refresh_token },
    });
    expect(again.status).toBe(200);
    expect(await apiMe(String(again.body['access_token']))).toBe(200);
  });

  it('retires e-mail links issued before the change (a pending reset link stops working)', async () => {
    const email = await confirmedUser('link-pass-1', 'pwlinks');
    await forgetLastMail(email);
    await newClient().auth.resetPasswordForEmail(email);
    const reset = linksOf(await latestMail(email, /Reset your password/));
    const mine = await signedIn(email, 'link-pass-1');
    expect((await mine.client.auth.updateUser({ password: 'link-pass-2' })).error).toBeNull();
    expect((await follow(reset.verify)).hash.get('error_code')).toBe('otp_expired');
  });

  it("supabase-js signOut({ scope: 'others' }) (the product's call after a change) ends only the others", async () => {
    const email = await confirmedUser('others-pass-1', 'others');
    const mine = await signedIn(email, 'others-pass-1');
    const other = await signedIn(email, 'others-pass-1');
    const { error } = await mine.client.auth.signOut({ scope: 'others' });
    expect(error).toBeNull();
    expect(await apiMe(other.session.access_token)).toBe(401);
    expect(await apiMe(mine.session.access_token)).toBe(200);
    expect((await mine.client.auth.getSession()).data.session?.access_token).toBe(mine.session.access_token);
  });
});

/** The structure of a JSON value: keys (sorted) and value types, recursively. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shape((value as Record<string, unknown>)[k])]),
    );
  }
  return value === null ? 'null' : typeof value;
}

describe('sign-up of an address that already has an account', () => {
  it('answers exactly as for a new address, and mails the owner instead of a confirmation', async () => {
    const taken = await confirmedUser('owner-pass-1', 'taken');
    const ownerId = (await signedIn(taken, 'owner-pass-1')).session.user.id;
    await forgetLastMail(taken);
    const fresh = uniqueEmail('fresh');
    const request = (email: string) =>
      api('/signup', { body: { email, password: 'someone-else-1', data: { full_name: 'Sam' } } });

    const known = await request(taken);
    const unknown = await request(fresh);
    expect(known.status).toBe(200);
    expect(known.status).toBe(unknown.status);
    expect(shape(known.body)).toEqual(shape(unknown.body));
    expect(known.body['id']).not.toBe(ownerId);
    expect(known.body['email']).toBe(taken);
    expect(known.body['user_metadata']).toEqual({ full_name: 'Sam' });
    expect(known.body['identities']).toHaveLength(1);
    expect(known.body['email_confirmed_at']).toBeUndefined();

    // The owner is told, with the ways back in; nothing in that mail signs anyone in.
    const notice = await latestMail(taken);
    expect(notice.subject).toMatch(/You already have an account/);
    expect(notice.text).toMatch(/\/auth\?mode=reset/);
    expect(notice.text).not.toMatch(/token|verify/);
    expect(await mailsTo(taken)).toHaveLength(2); // the confirmation long ago, and this notice
    // The account is untouched: the owner's password still works, the new one does not.
    await signedIn(taken, 'owner-pass-1');
    const intruder = await newClient().auth.signInWithPassword({ email: taken, password: 'someone-else-1' });
    expect(intruder.error?.code).toBe('invalid_credentials');
  });

  it('looks the same to supabase-js: a user, no session, no error', async () => {
    const taken = await confirmedUser('owner-pass-2', 'taken-js');
    await forgetLastMail(taken);
    const results = await Promise.all(
      [taken, uniqueEmail('fresh-js')].map((email) =>
        newClient().auth.signUp({ email, password: 'someone-else-2' }),
      ),
    );
    for (const result of results) {
      expect(result.error).toBeNull();
      expect(result.data.session).toBeNull();
      expect(result.data.user?.identities).toHaveLength(1);
    }
  });

  it('repeated at once, answers as a repeated new sign-up does (429 within the mail interval)', async () => {
    const taken = await confirmedUser('owner-pass-3', 'taken-again');
    await forgetLastMail(taken);
    const fresh = uniqueEmail('fresh-again');
    const statuses = async (email: string) => {
      const out: number[] = [];
      for (let i = 0; i < 2; i++)
        out.push((await api('/signup', { body: { email, password: 'x-pass-12' } })).status);
      return out;
    };
    expect(await statuses(taken)).toEqual(await statuses(fresh));
  });
});

/** A confirmed account, or (for /resend, which concerns sign-ups) one waiting for confirmation. */
async function knownAddress(label: string, unconfirmed: boolean): Promise<string> {
  if (!unconfirmed) return confirmedUser('known-pass-1', label);
  const email = uniqueEmail(label);
  const { error } = await newClient().auth.signUp({ email, password: 'known-pass-1' });
  if (error) throw error;
  return email;
}

describe.each([
  ['/recover', (email: string) => ({ email }), false],
  ['/otp (create_user false)', (email: string) => ({ email, create_user: false }), false],
  ['/otp', (email: string) => ({ email, create_user: true }), false],
  ['/resend', (email: string) => ({ email, type: 'signup' }), true],
] as const)('%s answers a known and an unknown address alike', (label, body, unconfirmed) => {
  const path = label.split(' ')[0] ?? '';

  it('same status and body, twice in a row (no 429 for the address mailed a moment ago)', async () => {
    const known = await knownAddress('known', unconfirmed);
    await forgetLastMail(known);
    const unknown = uniqueEmail('unknown');
    const answers = [];
    for (const email of [known, unknown, known, unknown]) {
      const res = await api(path, { body: body(email) });
      answers.push({ status: res.status, body: res.body });
    }
    expect(answers).toEqual(Array.from({ length: 4 }, () => ({ status: 200, body: {} })));
  });

  it('answers before the address is looked up: a mail transport that hangs does not hold the answer', async () => {
    // A second auth server on the same database whose mail never goes out until the test ends. Had
    // the answer waited for the lookup and the mail (as it did), a known address would hang here
    // while an unknown one answered at once: the difference an attacker times.
    const releases: (() => void)[] = [];
    // Set when the test ends: a mail tried after that (the unknown address's, for /otp) goes out at
    // once, so stopping the server, which waits for queued mail, does not hang on it.
    let released = false;
    const server = await startAuthServer({
      databaseUrl: inject('databaseUrl'),
      dataDir: mkdtempSync(join(tmpdir(), 'auth-hang-')),
      port: 0,
      anonKey,
      siteUrl,
      siteTitle: 'Test',
      emailIntervalSeconds: 0,
      mailFrom: 'auth@example.org',
      sendMail: () =>
        released
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              releases.push(resolve);
            }),
    });
    try {
      const known = await knownAddress('hang', unconfirmed);
      for (const email of [known, uniqueEmail('hang-unknown')]) {
        const answer = fetch(`${server.url}/auth/v1${path}`, {
          method: 'POST',
          headers: { apikey: anonKey, 'content-type': 'application/json' },
          body: JSON.stringify(body(email)),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));
        // The old order never answers here (the mail never goes out); 10 s only bounds the wait on a
        // loaded machine.
        const late = new Promise<'late'>((resolve) =>
          setTimeout(() => {
            resolve('late');
          }, 10_000),
        );
        expect(await Promise.race([answer, late])).toEqual({ status: 200, body: {} });
      }
      // The known address's mail was attempted, after the answer.
      await expect.poll(() => releases.length).toBeGreaterThanOrEqual(1);
    } finally {
      released = true;
      for (const release of releases) release();
      await server.stop();
    }
  });
});

describe('what the owner of a known address receives', () => {
  it('/recover mails a reset link to a known address only', async () => {
    const known = await confirmedUser('mail-pass-1', 'mailknown');
    await forgetLastMail(known);
    const unknown = uniqueEmail('mailunknown');
    await api('/recover', { body: { email: known } });
    await api('/recover', { body: { email: unknown } });
    expect((await latestMail(known, /Reset your password/)).subject).toMatch(/Reset your password/);
    await settle();
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it('/otp with create_user false mails a known address a sign-in link, an unknown one nothing', async () => {
    const known = await confirmedUser('mail-pass-2', 'otpknown');
    await forgetLastMail(known);
    const unknown = uniqueEmail('otpunknown');
    await api('/otp', { body: { email: known, create_user: false } });
    await api('/otp', { body: { email: unknown, create_user: false } });
    expect((await latestMail(known, /sign-in link/)).subject).toMatch(/Your sign-in link/);
    await settle();
    expect(await mailsTo(unknown)).toHaveLength(0);
  });
});
