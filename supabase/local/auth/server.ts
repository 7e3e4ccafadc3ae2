/**
 * The local auth server: the subset of Supabase Auth (GoTrue) that supabase-js uses, under
 * `/auth/v1/*`, on node:http. Users live in `auth.users` of the local Postgres; signing keys in the
 * data directory; e-mails go to `sendMail` (the outbox).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import postgres from 'postgres';
import { clientIp, close, createLocalServer, listen, sendJson } from '../http.ts';
import { AuthError, errors } from './errors.ts';
import * as h from './handlers.ts';
import { checkQuery, readBody } from './input.ts';
import { loadOrCreateKeys } from './keys.ts';
import {
  createCodeAttemptLimiter,
  createRateLimiter,
  DEFAULT_CODE_ATTEMPT_LIMITS,
  DEFAULT_RATE_LIMITS,
  type CodeAttemptLimits,
  type Family,
  type RateLimits,
} from './ratelimit.ts';

export type AuthServerOptions = {
  databaseUrl: string;
  dataDir: string;
  port: number;
  anonKey: string;
  siteUrl: string;
  siteTitle: string;
  /** Public base URL (SUPABASE_URL); defaults to http://127.0.0.1:<port>. */
  publicUrl?: string;
  extraOrigins?: string[];
  rateLimits?: RateLimits;
  /** Wrong six-digit codes allowed per code and per address (not lifted by relaxed rate limits). */
  codeAttemptLimits?: CodeAttemptLimits;
  /** Per-address minimum seconds between auth e-mails (0 turns the limit off). */
  emailIntervalSeconds?: number;
  minPasswordLength?: number;
  mailFrom: string;
  sendMail: h.AuthContext['sendMail'];
  log?: (line: string) => void;
};

export type AuthServer = { url: string; port: number; jwks: { keys: unknown[] }; stop: () => Promise<void> };

const API_VERSION_HEADERS = { 'x-supabase-api-version': '2024-01-01' };

/** The site's dev (:4321) and production-preview (:8888) origins, on both loopback spellings. */
const LOCAL_SITE_ORIGINS = [
  'http://localhost:4321',
  'http://127.0.0.1:4321',
  'http://localhost:8888',
  'http://127.0.0.1:8888',
];

type Route = {
  handler: (ctx: h.AuthContext, req: h.AuthRequest) => Promise<h.AuthResult> | h.AuthResult;
  family?: Family;
  /** Opened from e-mails or by verifiers without the project key, as on Supabase. */
  open?: boolean;
};

export async function startAuthServer(opts: AuthServerOptions): Promise<AuthServer> {
  const log = opts.log ?? (() => undefined);
  const keys = await loadOrCreateKeys(join(opts.dataDir, 'auth', 'signing-key.json'));
  const sql = postgres(opts.databaseUrl, {
    max: 5,
    prepare: false,
    onnotice: () => undefined,
    connection: { application_name: 'local-auth-server' },
  });
  const limiter = createRateLimiter(opts.rateLimits ?? DEFAULT_RATE_LIMITS);
  const siteUrl = opts.siteUrl.replace(/\/+$/, '');
  const allowedOrigins = new Set([
    new URL(siteUrl).origin,
    ...LOCAL_SITE_ORIGINS,
    ...(opts.extraOrigins ?? []),
  ]);

  // Work done after answering (h.AuthContext.background): one queue per key, all awaited on stop.
  const queues = new Map<string, Promise<void>>();
  const pending = new Set<Promise<void>>();

  const ctx: h.AuthContext = {
    sql,
    keys,
    issuer: '', // set once the port is known
    accessTokenSeconds: 3600,
    siteUrl,
    siteTitle: opts.siteTitle,
    allowedOrigins,
    emailIntervalSeconds: opts.emailIntervalSeconds ?? 60,
    otpValidSeconds: 3600,
    codeAttempts: createCodeAttemptLimiter(opts.codeAttemptLimits ?? DEFAULT_CODE_ATTEMPT_LIMITS),
    minPasswordLength: opts.minPasswordLength ?? 6,
    mailFrom: opts.mailFrom,
    log,
    sendMail: opts.sendMail,
    background: (key, work) => {
      const next = (queues.get(key) ?? Promise.resolve()).then(work).catch((err: unknown) => {
        log(`auth (background): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      });
      queues.set(key, next);
      pending.add(next);
      void next.finally(() => {
        pending.delete(next);
        if (queues.get(key) === next) queues.delete(key);
      });
    },
  };

  const routes: Record<string, Route | undefined> = {
    'POST /signup': { handler: h.signup, family: 'signup' },
    'POST /token': { handler: h.token, family: 'token' },
    'POST /otp': { handler: h.otp, family: 'email' },
    'POST /magiclink': { handler: h.otp, family: 'email' },
    'POST /recover': { handler: h.recover, family: 'email' },
    'POST /resend': { handler: h.resend, family: 'email' },
    'GET /verify': { handler: h.verifyGet, family: 'verify', open: true },
    'POST /verify': { handler: h.verifyPost, family: 'verify' },
    'GET /user': { handler: h.getUser, family: 'user' },
    'PUT /user': { handler: h.updateUser, family: 'user' },
    'POST /logout': { handler: h.logout, family: 'user' },
    'GET /settings': { handler: h.settings },
    'GET /health': {
      handler: () => ({
        status: 200,
        body: { version: 'local', name: 'GoTrue', description: 'Local auth server for development' },
      }),
      open: true,
    },
    'GET /.well-known/jwks.json': {
      handler: () => ({ status: 200, body: keys.jwks, headers: { 'cache-control': 'public, max-age=600' } }),
      open: true,
    },
  };

  const corsHeaders = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    if (origin === undefined || !allowedOrigins.has(origin)) return { vary: 'Origin' };
    return {
      'access-control-allow-origin': origin,
      'access-control-expose-headers': 'X-Supabase-Api-Version',
      vary: 'Origin',
    };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const cors = corsHeaders(req);
    const method = req.method ?? 'GET';
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      if (status === 204 || status === 303) {
        res.writeHead(status, { ...API_VERSION_HEADERS, ...cors, 'cache-control': 'no-store', ...headers });
        res.end();
      } else {
        sendJson(res, status, body, { ...API_VERSION_HEADERS, ...cors, ...headers });
      }
    };
    const fail = (err: AuthError): void => {
      send(err.status, err.body());
    };

    if (method === 'OPTIONS') {
      if (cors['access-control-allow-origin'] === undefined) {
        send(403, { msg: 'Origin not allowed' });
        return;
      }
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
        'access-control-allow-headers':
          req.headers['access-control-request-headers'] ??
          'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    if (!url.pathname.startsWith('/auth/v1/')) {
      fail(errors.notFound());
      return;
    }
    const path = url.pathname.slice('/auth/v1'.length).replace(/\/+$/, '');
    const route = routes[`${method} ${path}`];
    if (route === undefined) {
      const known = Object.keys(routes).some((k) => k.endsWith(` ${path}`));
      fail(known ? errors.methodNotAllowed() : errors.notFound());
      return;
    }
    if (route.open !== true) {
      const apikey = req.headers.apikey ?? url.searchParams.get('apikey') ?? undefined;
      if (apikey === undefined || apikey === '') {
        fail(errors.noApiKey());
        return;
      }
      if (apikey !== opts.anonKey) {
        fail(errors.invalidApiKey());
        return;
      }
    }
    const ip = clientIp(req);
    if (route.family !== undefined) {
      const family: Family =
        route.family === 'token' && url.searchParams.get('grant_type') === 'refresh_token'
          ? 'refresh'
          : route.family;
      if (!limiter.allow(family, ip)) {
        fail(errors.overRequestRateLimit());
        return;
      }
    }
    // Every endpoint's input is checked here, once: see input.ts.
    checkQuery(url.searchParams);
    const body = method === 'GET' ? {} : await readBody(req);
    const authorization = req.headers.authorization;
    const ua = req.headers['user-agent'];
    const result = await route.handler(ctx, {
      query: url.searchParams,
      body,
      authorization,
      ip,
      userAgent: ua,
    });
    send(result.status, result.body ?? {}, result.headers);
  };

  const server = createLocalServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return;
      const cors = corsHeaders(req);
      if (err instanceof AuthError) {
        sendJson(res, err.status, err.body(), { ...API_VERSION_HEADERS, ...cors });
      } else {
        log(`auth: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        sendJson(
          res,
          500,
          {
            code: 'unexpected_failure',
            error_code: 'unexpected_failure',
            msg: 'The local auth server failed; see its log.',
          },
          { ...API_VERSION_HEADERS, ...cors },
        );
      }
    });
  });

  let port: number;
  try {
    port = await listen(server, opts.port, '127.0.0.1');
  } catch (err) {
    await sql.end({ timeout: 1 });
    throw err;
  }
  const publicUrl = (opts.publicUrl ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  ctx.issuer = `${publicUrl}/auth/v1`;
  return {
    url: publicUrl,
    port,
    jwks: keys.jwks,
    stop: async () => {
      await close(server);
      await Promise.allSettled([...pending]);
      await sql.end({ timeout: 5 });
    },
  };
}
