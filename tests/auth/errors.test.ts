/** Error codes and statuses as real Supabase Auth sends them, the API key check, CORS and rate limits. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startAuthServer, type AuthServer } from '../../supabase/local/auth/server.ts';
import { anonKey, api, authUrl, confirmedUser, newClient, uniqueEmail } from './helpers.ts';

type Case = [name: string, call: () => ReturnType<typeof api>, status: number, code: string];

const cases: Case[] = [
  [
    'wrong password',
    () =>
      api('/token?grant_type=password', { body: { email: 'provider@example.org', password: 'nope-nope' } }),
    400,
    'invalid_credentials',
  ],
  [
    'unknown address',
    () => api('/token?grant_type=password', { body: { email: uniqueEmail('ghost'), password: 'whatever1' } }),
    400,
    'invalid_credentials',
  ],
  // A sign-up of a confirmed address answers as a new one (200), not user_already_exists: accounts.test.ts.
  [
    'short password',
    () => api('/signup', { body: { email: uniqueEmail('weak'), password: '12345' } }),
    422,
    'weak_password',
  ],
  [
    'malformed e-mail',
    () => api('/signup', { body: { email: 'not-an-address', password: 'long-enough' } }),
    400,
    'validation_failed',
  ],
  [
    'unknown token_hash',
    () => api('/verify', { body: { token_hash: 'f'.repeat(56), type: 'signup' } }),
    403,
    'otp_expired',
  ],
  [
    'wrong code',
    () => api('/verify', { body: { email: 'provider@example.org', token: '000000', type: 'email' } }),
    403,
    'otp_expired',
  ],
  ['garbage bearer', () => api('/user', { token: 'not.a.jwt' }), 403, 'bad_jwt'],
  ['anon key as bearer', () => api('/user', { token: anonKey }), 403, 'bad_jwt'],
  ['no bearer', () => api('/user'), 401, 'no_authorization'],
  [
    'unknown refresh token',
    () => api('/token?grant_type=refresh_token', { body: { refresh_token: 'abc123' } }),
    400,
    'refresh_token_not_found',
  ],
  ['missing apikey', () => api('/settings', { headers: { apikey: '' } }), 401, 'no_api_key'],
  [
    'wrong apikey',
    () => api('/settings', { headers: { apikey: 'sb_publishable_wrong' } }),
    401,
    'invalid_api_key',
  ],
  ['unknown grant', () => api('/token?grant_type=magic', { body: {} }), 400, 'validation_failed'],
  ['missing e-mail', () => api('/signup', { body: { password: 'long-enough' } }), 400, 'validation_failed'],
  [
    'body that is not JSON',
    async () => {
      const res = await fetch(`${authUrl}/signup`, {
        method: 'POST',
        headers: { apikey: anonKey },
        body: '{email:',
      });
      return {
        status: res.status,
        body: (await res.json()) as Record<string, unknown>,
        headers: res.headers,
      };
    },
    400,
    // GoTrue's retrieveRequestParams: "Could not parse request body as JSON: …"
    'bad_json',
  ],
];

describe('error responses', () => {
  it.each(cases)('%s → %i %s', async (_name, call, status, code) => {
    const res = await call();
    expect(res.status).toBe(status);
    expect(res.body['code']).toBe(code);
    expect(res.body['error_code']).toBe(code);
    expect(typeof res.body['msg']).toBe('string');
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('adds the reasons to weak_password, which supabase-js exposes', async () => {
    const res = await api('/signup', { body: { email: uniqueEmail('weak'), password: 'abc' } });
    expect(res.body['weak_password']).toEqual({ reasons: ['length'] });
    const { error } = await newClient().auth.signUp({ email: uniqueEmail('weak'), password: 'abc' });
    expect(error?.code).toBe('weak_password');
    expect(error?.status).toBe(422);
  });

  it('maps codes through supabase-js (invalid_credentials, email_not_confirmed)', async () => {
    const wrong = await newClient().auth.signInWithPassword({
      email: 'admin@example.org',
      password: 'bad-password',
    });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
    const email = uniqueEmail('unconfirmed');
    await newClient().auth.signUp({ email, password: 'good-pass-1' });
    const early = await newClient().auth.signInWithPassword({ email, password: 'good-pass-1' });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);
  });

  it('answers session_not_found for a token whose session ended', async () => {
    const email = await confirmedUser('ended-pass-1', 'ended');
    const client = newClient();
    const { data } = await client.auth.signInWithPassword({ email, password: 'ended-pass-1' });
    await client.auth.signOut();
    const res = await api('/user', { token: data.session?.access_token ?? '' });
    expect(res.status).toBe(403);
    expect(res.body['code']).toBe('session_not_found');
  });

  it('serves health, settings and the JWKS; 404 elsewhere', async () => {
    expect((await fetch(`${authUrl}/health`)).status).toBe(200);
    const settings = await api('/settings');
    expect(settings.body).toMatchObject({ mailer_autoconfirm: false, external: { email: true } });
    const jwks = (await (await fetch(`${authUrl}/.well-known/jwks.json`)).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
    expect(jwks.keys[0]?.['kid']).toBeTruthy();
    expect(jwks.keys[0]?.['d']).toBeUndefined();
    expect((await api('/nowhere')).status).toBe(404);
  });
});

describe('CORS', () => {
  it.each([
    'http://localhost:4321',
    'http://127.0.0.1:4321',
    'http://localhost:8888',
    'http://127.0.0.1:8888',
  ])('answers the preflight of %s', async (origin) => {
    const res = await fetch(`${authUrl}/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'apikey,authorization,content-type,x-client-info,x-supabase-api-version',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('exposes the API version header to allowed origins and ignores other origins', async () => {
    const ok = await fetch(`${authUrl}/settings`, {
      headers: { apikey: anonKey, origin: 'http://localhost:4321' },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/i);
    const other = await fetch(`${authUrl}/settings`, {
      headers: { apikey: anonKey, origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${authUrl}/user`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('request rate limits (a second auth server with tiny limits on the same database)', () => {
  let server: AuthServer;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ocd-auth-limits-'));
    server = await startAuthServer({
      databaseUrl: inject('databaseUrl'),
      dataDir: dir,
      port: 0,
      anonKey,
      siteUrl: inject('siteUrl'),
      siteTitle: 'Test',
      rateLimits: {
        windowSeconds: 60,
        max: { signup: 2, token: 3, refresh: 3, email: 2, verify: 2, user: 3 },
      },
      mailFrom: 'Test <no-reply@example.org>',
      sendMail: () => Promise.resolve(),
    });
  });
  afterAll(async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 429 over_request_rate_limit once an IP exceeds a family limit, per family', async () => {
    const signIn = (): Promise<Response> =>
      fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.org', password: 'wrong-one' }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn()).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const limited = (await (await signIn()).json()) as Record<string, unknown>;
    expect(limited['code']).toBe('over_request_rate_limit');
    // Another family is counted separately.
    const settings = await fetch(`${server.url}/auth/v1/user`, { headers: { apikey: anonKey } });
    expect(settings.status).toBe(401);
  });
});
