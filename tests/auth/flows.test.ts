/** The auth flows the product uses, driven with the real supabase-js client against the local server. */
import { describe, expect, it } from 'vitest';
import {
  api,
  authUrl,
  confirmedUser,
  db,
  follow,
  forgetLastMail,
  latestMail,
  linksOf,
  mailsTo,
  newClient,
  settle,
  siteUrl,
  uniqueEmail,
  waitForMails,
} from './helpers.ts';

describe('sign-up with e-mail confirmation, then the session life cycle', () => {
  it('confirms by link, signs in, refreshes, changes the password and signs out', async () => {
    const email = uniqueEmail('signup');
    const client = newClient();
    const redirect = `${siteUrl}/provider-dashboard`;
    const { data, error } = await client.auth.signUp({
      email,
      password: 'first-pass-1',
      options: { emailRedirectTo: redirect, data: { full_name: 'Dana Tester', organization_name: 'Harbor' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Dana Tester' });

    const early = await client.auth.signInWithPassword({ email, password: 'first-pass-1' });
    expect(early.error?.code).toBe('email_not_confirmed');

    const mail = await latestMail(email);
    expect(mail.subject).toMatch(/Confirm your e-mail address/);
    const links = linksOf(mail);
    expect(links.verify.searchParams.get('type')).toBe('signup');
    expect(links.verify.searchParams.get('redirect_to')).toBe(redirect);
    expect(links.confirm.origin + links.confirm.pathname).toBe(`${siteUrl}/auth/confirm`);
    expect(links.confirm.searchParams.get('token_hash')).toBe(links.verify.searchParams.get('token'));
    expect(mail.html).toContain('/auth/confirm?token_hash=');

    const landing = await follow(links.verify);
    expect(landing.status).toBe(303);
    expect(landing.location.origin + landing.location.pathname).toBe(redirect);
    expect(landing.hash.get('type')).toBe('signup');
    expect(landing.hash.get('token_type')).toBe('bearer');
    expect(Number(landing.hash.get('expires_in'))).toBe(3600);
    const fromLink = await client.auth.setSession({
      access_token: landing.hash.get('access_token') ?? '',
      refresh_token: landing.hash.get('refresh_token') ?? '',
    });
    expect(fromLink.error).toBeNull();
    expect(fromLink.data.user?.email_confirmed_at).toBeTruthy();

    // The link works once.
    const again = await follow(links.verify);
    expect(again.hash.get('error_code')).toBe('otp_expired');
    expect(again.hash.get('error')).toBe('access_denied');

    const signIn = await client.auth.signInWithPassword({ email, password: 'first-pass-1' });
    expect(signIn.error).toBeNull();
    const first = signIn.data.session;
    expect(first?.user.email).toBe(email);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(first?.refresh_token);
    expect(refreshed.data.session?.access_token).toBeTruthy();

    const same = await client.auth.updateUser({ password: 'first-pass-1' });
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.status).toBe(422);
    const changed = await client.auth.updateUser({ password: 'second-pass-2' });
    expect(changed.error).toBeNull();
    const oldPassword = await newClient().auth.signInWithPassword({ email, password: 'first-pass-1' });
    expect(oldPassword.error?.code).toBe('invalid_credentials');

    const lastRefresh = refreshed.data.session?.refresh_token ?? '';
    const { error: outError } = await client.auth.signOut();
    expect(outError).toBeNull();
    const after = await api('/token?grant_type=refresh_token', { body: { refresh_token: lastRefresh } });
    expect(after.status).toBe(400);
    expect(after.body['code']).toBe('refresh_token_not_found');
    const user = await api('/user', { token: refreshed.data.session?.access_token ?? '' });
    expect(user.status).toBe(403);
    expect(user.body['code']).toBe('session_not_found');
  });

  it('answers a second sign-up of an unconfirmed address by mailing a new link, of a confirmed one as if it were new', async () => {
    const email = uniqueEmail('again');
    await newClient().auth.signUp({ email, password: 'pass-one-1' });
    const tooSoon = await newClient().auth.signUp({ email, password: 'pass-one-1' });
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    expect(tooSoon.error?.status).toBe(429);
    await forgetLastMail(email);
    const second = await newClient().auth.signUp({ email, password: 'pass-two-2' });
    expect(second.error).toBeNull();
    expect(await mailsTo(email)).toHaveLength(2);
    await follow(linksOf(await latestMail(email)).verify);
    await forgetLastMail(email);
    // No user_already_exists (GoTrue sends it only with confirmation off): the owner gets a notice.
    const confirmed = await newClient().auth.signUp({ email, password: 'pass-three-3' });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.session).toBeNull();
    expect((await latestMail(email)).subject).toMatch(/You already have an account/);
    const signIn = await newClient().auth.signInWithPassword({ email, password: 'pass-two-2' });
    expect(signIn.error).toBeNull();
  });
});

describe('magic link', () => {
  it('signs a confirmed user in through the link', async () => {
    const email = await confirmedUser('magic-pass-1', 'magic');
    await forgetLastMail(email);
    const { error } = await newClient().auth.signInWithOtp({
      email,
      options: { emailRedirectTo: `${siteUrl}/provider-dashboard`, shouldCreateUser: false },
    });
    expect(error).toBeNull();
    const mail = await latestMail(email, /Your sign-in link/);
    const landing = await follow(linksOf(mail).verify);
    expect(landing.hash.get('type')).toBe('magiclink');
    const client = newClient();
    const { data } = await client.auth.setSession({
      access_token: landing.hash.get('access_token') ?? '',
      refresh_token: landing.hash.get('refresh_token') ?? '',
    });
    expect(data.user?.email).toBe(email);
  });

  it('creates an unknown address when create_user is true; otherwise mails nothing but answers the same', async () => {
    const refused = uniqueEmail('nocreate');
    const no = await newClient().auth.signInWithOtp({ email: refused, options: { shouldCreateUser: false } });
    // GoTrue answers 422 otp_disabled here, which tells that no account exists.
    expect(no.error).toBeNull();
    await settle();
    expect(await mailsTo(refused)).toHaveLength(0);

    const email = uniqueEmail('create');
    const yes = await newClient().auth.signInWithOtp({
      email,
      options: { data: { full_name: 'New Person' } },
    });
    expect(yes.error).toBeNull();
    const { otp } = linksOf(await latestMail(email));
    // The six-digit code from the mail works with verifyOtp (type email covers sign-up and magic link).
    const client = newClient();
    const verified = await client.auth.verifyOtp({ email, token: otp, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.user_metadata).toMatchObject({ full_name: 'New Person' });
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
  });
});

describe('password recovery', () => {
  it('verifies the token_hash (PASSWORD_RECOVERY) and sets a new password', async () => {
    const email = await confirmedUser('old-secret-1', 'recover');
    await forgetLastMail(email);
    const { error } = await newClient().auth.resetPasswordForEmail(email, {
      redirectTo: `${siteUrl}/provider-login?mode=reset`,
    });
    expect(error).toBeNull();
    const mail = await latestMail(email, /Reset your password/);
    const { confirm } = linksOf(mail);
    expect(confirm.searchParams.get('type')).toBe('recovery');

    const client = newClient();
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const verified = await client.auth.verifyOtp({
      token_hash: confirm.searchParams.get('token_hash') ?? '',
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    const updated = await client.auth.updateUser({ password: 'new-secret-2' });
    expect(updated.error).toBeNull();
    const signIn = await newClient().auth.signInWithPassword({ email, password: 'new-secret-2' });
    expect(signIn.error).toBeNull();
  });

  it('answers {} for an unknown address and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const { error } = await newClient().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    await settle();
    expect(await mailsTo(email)).toHaveLength(0);
  });
});

describe('resend', () => {
  it('mails a new confirmation link after the per-address interval and retires the old one', async () => {
    const email = uniqueEmail('resend');
    await newClient().auth.signUp({ email, password: 'resend-pass-1' });
    const oldLink = linksOf(await latestMail(email)).verify;
    // Too soon: answered like any other request (so it tells nothing), but nothing is sent.
    const tooSoon = await newClient().auth.resend({ type: 'signup', email });
    expect(tooSoon.error).toBeNull();
    await settle();
    expect(await mailsTo(email)).toHaveLength(1);
    await forgetLastMail(email);
    const { error } = await newClient().auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: `${siteUrl}/x` },
    });
    expect(error).toBeNull();
    expect(await waitForMails(email, 2)).toHaveLength(2);
    expect((await follow(oldLink)).hash.get('error_code')).toBe('otp_expired');
    const fresh = await follow(linksOf(await latestMail(email)).verify);
    expect(fresh.location.pathname).toBe('/x');
    expect(fresh.hash.get('access_token')).toBeTruthy();
  });
});

describe('PKCE', () => {
  it('redirects with ?code= and exchanges it once for a session', async () => {
    const email = uniqueEmail('pkce');
    const client = newClient('pkce');
    const { error } = await client.auth.signUp({
      email,
      password: 'pkce-pass-1',
      options: { emailRedirectTo: `${siteUrl}/auth/callback` },
    });
    expect(error).toBeNull();
    const landing = await follow(linksOf(await latestMail(email)).verify);
    expect(landing.status).toBe(303);
    expect(landing.location.hash).toBe('');
    const code = landing.location.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(email);
    const reused = await api('/token?grant_type=pkce', {
      body: { auth_code: code, code_verifier: 'x'.repeat(43) },
    });
    expect(reused.status).toBe(404);
    expect(reused.body['code']).toBe('flow_state_not_found');
  });

  it('refuses a wrong code verifier', async () => {
    const email = uniqueEmail('pkcebad');
    await newClient('pkce').auth.signUp({ email, password: 'pkce-pass-1' });
    const landing = await follow(linksOf(await latestMail(email)).verify);
    const wrong = await api('/token?grant_type=pkce', {
      body: { auth_code: landing.location.searchParams.get('code'), code_verifier: 'y'.repeat(50) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body['code']).toBe('bad_code_verifier');
  });
});

describe('tokens', () => {
  it('issues ES256 access tokens with Supabase claims that getClaims() verifies through the JWKS', async () => {
    const client = newClient();
    const { data } = await client.auth.signInWithPassword({
      email: 'provider@example.org',
      password: 'provider-demo-1',
    });
    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.header).toMatchObject({ alg: 'ES256' });
    expect(claims.data?.header.kid).toBeTruthy();
    expect(claims.data?.claims).toMatchObject({
      iss: authUrl,
      sub: '22222222-2222-4222-8222-222222222222',
      aud: 'authenticated',
      role: 'authenticated',
      email: 'provider@example.org',
      aal: 'aal1',
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    const c = claims.data?.claims;
    expect(typeof c?.session_id).toBe('string');
    expect(typeof c?.user_metadata).toBe('object');
    expect((c?.exp ?? 0) - (c?.iat ?? 0)).toBe(3600);

    const token = data.session?.access_token ?? '';
    const [head = '', payload = ''] = token.split('.');
    const forged = `${head}.${payload}.${Buffer.from('not a signature').toString('base64url')}`;
    const bad = await client.auth.getClaims(forged);
    expect(bad.error).not.toBeNull();
  });

  it('rotates refresh tokens: an immediate reuse is tolerated, a late reuse ends the session', async () => {
    const client = newClient();
    const { data } = await client.auth.signInWithPassword({
      email: 'family@example.org',
      password: 'family-demo-1',
    });
    const original = data.session?.refresh_token ?? '';
    const first = await api('/token?grant_type=refresh_token', { body: { refresh_token: original } });
    expect(first.status).toBe(200);
    const concurrent = await api('/token?grant_type=refresh_token', { body: { refresh_token: original } });
    expect(concurrent.status).toBe(200);

    const sql = db();
    try {
      await sql`update auth.refresh_tokens set revoked_at = now() - interval '1 minute' where revoked`;
    } finally {
      await sql.end();
    }
    const late = await api('/token?grant_type=refresh_token', { body: { refresh_token: original } });
    expect(late.status).toBe(400);
    expect(late.body['code']).toBe('refresh_token_already_used');
    const latest = await api('/token?grant_type=refresh_token', {
      body: { refresh_token: concurrent.body['refresh_token'] },
    });
    expect(latest.body['code']).toBe('refresh_token_not_found');
  });

  it.each([
    ['local', [false, true]],
    ['others', [true, false]],
    ['global', [false, false]],
  ] as const)('logout scope %s ends the right sessions', async (scope, [thisAlive, otherAlive]) => {
    const password = 'scope-pass-1';
    const email = await confirmedUser(password, `scope-${scope}`);
    const a = newClient();
    const b = newClient();
    const sa = (await a.auth.signInWithPassword({ email, password })).data.session;
    const sb = (await b.auth.signInWithPassword({ email, password })).data.session;
    const out = await api(`/logout?scope=${scope}`, { body: {}, token: sa?.access_token ?? '' });
    expect(out.status).toBe(204);
    const mine = await api('/user', { token: sa?.access_token ?? '' });
    const theirs = await api('/user', { token: sb?.access_token ?? '' });
    expect(mine.status === 200).toBe(thisAlive);
    expect(theirs.status === 200).toBe(otherAlive);
  });
});

describe('e-mail links', () => {
  it('redirects an expired link to the site with otp_expired', async () => {
    const email = uniqueEmail('expired');
    await newClient().auth.signUp({ email, password: 'expire-pass-1' });
    const sql = db();
    try {
      await sql`update auth.one_time_tokens set expires_at = now() - interval '1 second'
                where relates_to = ${email}`;
    } finally {
      await sql.end();
    }
    const landing = await follow(linksOf(await latestMail(email)).verify);
    expect(landing.status).toBe(303);
    expect(landing.hash.get('error')).toBe('access_denied');
    expect(landing.hash.get('error_code')).toBe('otp_expired');
    expect(landing.hash.get('error_description')).toMatch(/invalid or has expired/);
  });

  it('never redirects to a foreign origin', async () => {
    const email = uniqueEmail('foreign');
    await newClient().auth.signUp({
      email,
      password: 'foreign-pass-1',
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });
    const { verify } = linksOf(await latestMail(email));
    expect(verify.searchParams.get('redirect_to')).toBe(siteUrl);
    const crafted = new URL(verify);
    crafted.searchParams.set('redirect_to', 'https://evil.example/steal');
    const landing = await follow(crafted);
    expect(landing.location.origin).toBe(new URL(siteUrl).origin);
  });
});
