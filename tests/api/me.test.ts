import { SignJWT, decodeProtectedHeader, generateKeyPair } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REQUIRED_HEADERS, SEED, body, ctx, signIn, supabaseUrl, type ApiError } from './helpers.ts';
import me from '../../netlify/functions/me.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import type { MeResponse } from '../../src/api/contracts/account.ts';

function get(token?: string): Request {
  return new Request('http://localhost/api/me', {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

let familyToken = '';
beforeAll(async () => {
  familyToken = await signIn(SEED.family.email, SEED.family.password);
});
afterAll(closeDb);
afterEach(() => {
  vi.useRealTimers();
});

/** A well-formed token with the right issuer and audience, signed by a key the server never published. */
async function forged(kid?: string): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256');
  return new SignJWT({ role: 'authenticated', email: SEED.admin.email })
    .setProtectedHeader({ alg: 'ES256', ...(kid ? { kid } : {}) })
    .setSubject('00000000-0000-0000-0000-000000000001')
    .setIssuer(`${supabaseUrl}/auth/v1`)
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
}

describe('GET /api/me rejects requests without a valid token', () => {
  it.each([
    ['no Authorization header', undefined, 'Please sign in.'],
    ['garbage', 'not-a-jwt', 'Your session is not valid. Please sign in again.'],
    ['an empty bearer', '', 'Your session is not valid. Please sign in again.'],
  ])('%s → 401', async (_label, token, message) => {
    const res = await me(get(token), ctx());
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await body<ApiError>(res)).toEqual({ error: { code: 'unauthorized', message } });
  });

  it('a token signed by another key, with the real key id → 401', async () => {
    const { kid } = decodeProtectedHeader(familyToken);
    const res = await me(get(await forged(kid)), ctx());
    expect(res.status).toBe(401);
  });

  it('a token signed by another key, with an unknown key id → 401', async () => {
    const res = await me(get(await forged('unknown-key')), ctx());
    expect(res.status).toBe(401);
  });

  it('a real token altered after signing → 401', async () => {
    const [header, payload, signature] = familyToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const altered = Buffer.from(JSON.stringify({ ...claims, email: SEED.admin.email })).toString('base64url');
    const res = await me(get(`${header}.${altered}.${signature}`), ctx());
    expect(res.status).toBe(401);
  });

  it('an expired real token → 401 with the expiry message', async () => {
    const { exp } = JSON.parse(Buffer.from(familyToken.split('.')[1] ?? '', 'base64url').toString()) as {
      exp: number;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((exp + 60) * 1000);
    const res = await me(get(familyToken), ctx());
    expect(res.status).toBe(401);
    expect((await body<ApiError>(res)).error.message).toBe('Your session has expired. Please sign in again.');
  });
});

describe('GET /api/me with a valid token', () => {
  it('answers the family user, no provider profile, with the security headers', async () => {
    const res = await me(get(familyToken), ctx());
    expect(res.status).toBe(200);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    const data = await body<MeResponse>(res);
    expect(data.user.email).toBe(SEED.family.email);
    expect(data.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.roles).not.toContain('admin');
    expect(data.roles).not.toContain('provider');
    expect(data.provider).toBeNull();
  });

  it('answers the seed provider with its role and provider profile', async () => {
    const token = await signIn(SEED.provider.email, SEED.provider.password);
    const data = await body<MeResponse>(await me(get(token), ctx()));
    expect(data.user.email).toBe(SEED.provider.email);
    expect(data.roles).toContain('provider');
    expect(data.roles).not.toContain('admin');
    expect(data.provider).not.toBeNull();
    expect(data.provider?.email).toBe(SEED.provider.email);
    expect(data.provider?.organization_name.length).toBeGreaterThan(0);
  });

  it('answers the seed admin with the admin role and only its own data', async () => {
    const token = await signIn(SEED.admin.email, SEED.admin.password);
    const data = await body<MeResponse>(await me(get(token), ctx()));
    expect(data.user.email).toBe(SEED.admin.email);
    expect(data.roles).toContain('admin');
    // The admin may read every role row through RLS; /api/me must still only list its own.
    expect(data.roles).not.toContain('provider');
    expect(data.provider).toBeNull();
  });
});

describe('GET /api/me other methods', () => {
  it.each(['POST', 'PUT', 'DELETE'])('%s → 405 with Allow: GET', async (method) => {
    const res = await me(new Request('http://localhost/api/me', { method }), ctx());
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect((await body<ApiError>(res)).error.code).toBe('method_not_allowed');
  });
});
