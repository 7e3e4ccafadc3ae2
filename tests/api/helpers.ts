/**
 * Shared helpers for API tests: environment from the backend globalSetup, a minimal Netlify
 * Context, sign-in through the local auth server, and a superuser connection for counting rows.
 */
import type { Context } from '@netlify/functions';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { resetEnvForTests } from '../../netlify/functions/_shared/env.ts';

const provided = {
  SUPABASE_URL: inject('supabaseUrl'),
  DATABASE_URL: inject('databaseUrl'),
  OUTBOX_URL: inject('outboxUrl'),
  SITE_URL: inject('siteUrl'),
};
for (const [key, value] of Object.entries(provided)) process.env[key] ??= value;
resetEnvForTests();

export const supabaseUrl = provided.SUPABASE_URL;
export const outboxUrl = provided.OUTBOX_URL;
export const anonKey = inject('anonKey');

/**
 * A fresh IPv6 documentation-range address per call. Rate-limit counts live in Postgres and are
 * shared by every test file (and by runs within the same minute), so addresses must not repeat
 * across files: a random prefix per process, a counter within it.
 */
const ipPrefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
let ipCounter = 0;
export function freshIp(): string {
  ipCounter += 1;
  return `${ipPrefix}::${ipCounter.toString(16)}`;
}

/** The parts of Netlify's Context our handlers use. */
export function ctx(ip = freshIp()): Context {
  return { ip, requestId: `test-${ip}`, params: {} } as unknown as Context;
}

export const SEED = {
  admin: { email: 'admin@example.org', password: 'admin-demo-1' },
  provider: { email: 'provider@example.org', password: 'provider-demo-1' },
  family: { email: 'family@example.org', password: 'family-demo-1' },
} as const;

/** Signs in with e-mail and password, the way supabase-js does; returns the access token. */
export async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: anonKey, authorization: `Bearer ${anonKey}` },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token)
    throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** A superuser connection (RLS does not apply) for checking what handlers stored. */
export function adminSql(): postgres.Sql {
  return postgres(provided.DATABASE_URL, { max: 2, prepare: false, onnotice: () => undefined });
}

export interface ApiError {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export async function body<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export function jsonRequest(path: string, payload: unknown, init: RequestInit = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
    ...(init.method ? { method: init.method } : {}),
  });
}

/** Every response must carry these (see netlify/functions/_shared/http.ts). */
export const REQUIRED_HEADERS = [
  ['cache-control', 'no-store'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
] as const;

export interface OutboxMessage {
  id: string;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export async function outboxFor(to: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${outboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
  const data = (await res.json()) as OutboxMessage[] | { messages: OutboxMessage[] };
  return Array.isArray(data) ? data : data.messages;
}

export interface TestUser {
  email: string;
  token: string;
  id: string;
}

/**
 * A new address signed up, confirmed through the link the auth server mailed, and signed in: a
 * user no other test shares. `prefix` marks the address (e.g. `fav-alice`).
 */
export async function confirmedUser(
  prefix: string,
  password: string,
  data: Record<string, unknown> = {},
): Promise<TestUser> {
  const email = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
  const res = await fetch(`${supabaseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: anonKey },
    body: JSON.stringify({ email, password, data }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${String(res.status)} ${await res.text()}`);
  const [mail] = await outboxFor(email);
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail?.text ?? '')?.[0];
  if (link === undefined) throw new Error(`no confirmation link mailed to ${email}`);
  const confirmed = await fetch(link, { redirect: 'manual' });
  if (confirmed.status !== 303) throw new Error(`confirmation answered ${String(confirmed.status)}`);
  const token = await signIn(email, password);
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return { email, token, id: claims.sub };
}

const DECISION_TARGETS: readonly [RegExp, string][] = [
  [
    /^\/api\/admin\/listings\/([^/]+)\/publication$/,
    'select revision from listing_publications where listing_id = $1',
  ],
  [/^\/api\/admin\/listings\/([^/]+)$/, 'select revision from provider_listings where id = $1'],
  [
    /^\/api\/admin\/verification-requests\/([^/]+)$/,
    'select revision from provider_verification_requests where id = $1',
  ],
  [
    /^\/api\/admin\/reviews\/([^/]+)\/response$/,
    'select revision from review_responses where review_id = $1',
  ],
  [/^\/api\/admin\/reviews\/([^/]+)$/, 'select revision from program_reviews where id = $1'],
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A decision body as /admin sends it: `payload` with the `revision` of the item the path decides
 * (the listing, its published version, the request, the review or its response) as the list shows
 * it now. A payload that names a revision, or is not an object, is sent as it is; an unknown item
 * gets revision 1, so its request still reaches the 404.
 */
export async function withSeenRevision(sql: postgres.Sql, path: string, payload: unknown): Promise<unknown> {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload) || 'revision' in payload)
    return payload;
  const pathname = new URL(path, 'http://localhost').pathname;
  for (const [pattern, query] of DECISION_TARGETS) {
    const id = pattern.exec(pathname)?.[1];
    if (id === undefined) continue;
    const rows = UUID.test(id) ? await sql.unsafe<{ revision: number }[]>(query, [id]) : [];
    return { ...payload, revision: rows[0]?.revision ?? 1 };
  }
  return payload;
}
