/**
 * The Netlify functions of `netlify/functions/*.mts`, loaded ONCE into this process and routed
 * by their `config.path`, the way Netlify's edge routes them in production.
 *
 * Why not `@netlify/dev`'s own function serving: it starts a new worker thread for every request
 * and imports the function (zod, postgres, jose, …) afresh in it, which costs ~1.8 s per call
 * here, leaves one Postgres pool behind per invocation and keeps no state between calls. Loaded
 * once, a function keeps its module state (one connection pool, the JWKS cache) exactly as a warm
 * Netlify instance does, and a call costs what its own work costs.
 */
import type { Config, Context } from '@netlify/functions';
import { BlobsServer } from '@netlify/blobs/server';
import { randomBytes, randomUUID } from 'node:crypto';
import type http from 'node:http';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Handler = (req: Request, context: Context) => Promise<Response> | Response;

export interface LoadedFunction {
  name: string;
  handler: Handler;
  patterns: URLPattern[];
  excluded: URLPattern[];
  methods: string[] | null;
}

export interface RouteMatch {
  fn: LoadedFunction;
  params: Record<string, string>;
}

const list = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : ([] as string[]).concat(value);

/**
 * Imports every `*.mts`/`*.mjs`/`*.ts` function file of `dir` (not `_shared/`). `importer` is
 * Node's `import()` for `npm start` (once, at start) and Vite's `ssrLoadModule` under
 * `npm run dev` (cached, reloaded when a file changes).
 */
export async function loadFunctions(
  dir: string,
  importer: (file: string) => Promise<unknown> = (file) => import(pathToFileURL(file).href),
): Promise<LoadedFunction[]> {
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(mts|mjs|ts|js)$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const loaded: LoadedFunction[] = [];
  for (const file of files) {
    const mod = (await importer(join(dir, file))) as {
      default?: Handler;
      config?: Config;
    };
    const paths = list(mod.config?.path);
    if (typeof mod.default !== 'function' || paths.length === 0) continue;
    loaded.push({
      name: file.replace(/\.[^.]+$/, ''),
      handler: mod.default,
      patterns: paths.map((pathname) => new URLPattern({ pathname })),
      excluded: list(mod.config?.excludedPath).map((pathname) => new URLPattern({ pathname })),
      methods: mod.config?.method ? list(mod.config.method).map((m) => m.toUpperCase()) : null,
    });
  }
  return loaded;
}

/**
 * Routes already looked up, per list of functions (`npm run dev` reloads a new list): matching
 * every function's URLPatterns costs more than the rest of the routing of a request. Bounded:
 * paths with parameters (`/api/provider/listings/<id>`) are many, so the map starts afresh when
 * it is full.
 */
const routeCache = new WeakMap<readonly LoadedFunction[], Map<string, RouteMatch | null>>();
const ROUTE_CACHE_MAX = 1000;

/** The function whose `config.path` matches `pathname` (and `method`, when it lists methods). */
export function route(
  functions: readonly LoadedFunction[],
  pathname: string,
  method: string,
): RouteMatch | null {
  let cache = routeCache.get(functions);
  if (!cache) routeCache.set(functions, (cache = new Map<string, RouteMatch | null>()));
  const key = `${method} ${pathname}`;
  let match = cache.get(key);
  if (match === undefined) {
    if (cache.size >= ROUTE_CACHE_MAX) cache.clear();
    match = findRoute(functions, pathname, method);
    cache.set(key, match);
  }
  // A copy: a function may change its `context.params` without changing the next request's.
  return match && { fn: match.fn, params: { ...match.params } };
}

function findRoute(
  functions: readonly LoadedFunction[],
  pathname: string,
  method: string,
): RouteMatch | null {
  for (const fn of functions) {
    if (fn.methods && !fn.methods.includes(method)) continue;
    if (fn.excluded.some((p) => p.test({ pathname }))) continue;
    for (const pattern of fn.patterns) {
      const match = pattern.exec({ pathname });
      if (!match) continue;
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(match.pathname.groups)) {
        if (value !== undefined) params[key] = value;
      }
      return { fn, params };
    }
  }
  return null;
}

/**
 * The parts of Netlify's `Context` our functions may use. `ip` is the TCP peer's address, never
 * a header: a client cannot choose its own rate-limit key.
 */
export function localContext(opts: { ip: string; params: Record<string, string>; siteUrl: string }): Context {
  const context = {
    ip: opts.ip,
    params: opts.params,
    requestId: randomUUID(),
    geo: {},
    account: { id: 'local' },
    deploy: { context: 'dev', id: 'local', published: false },
    server: { region: 'local' },
    site: { id: 'local', name: 'local', url: opts.siteUrl },
    waitUntil: (promise: Promise<unknown>) => {
      // The process outlives the response, as a Netlify instance does until the promise settles.
      promise.catch((error: unknown) => {
        console.error('[functions] waitUntil:', error);
      });
    },
    json: (body: unknown, init?: ResponseInit) => Response.json(body, init),
    log: (...args: unknown[]) => {
      console.log(...args);
    },
  };
  return context as unknown as Context;
}

/** Netlify refuses function request bodies over 6 MB; so do we, before buffering more. */
const MAX_BODY_BYTES = 6 * 1024 * 1024;
/** A body that has not fully arrived by then (e.g. Content-Length larger than what is sent) gets a 408. */
const BODY_TIMEOUT_MS = 5_000;

/** The error shape of the API for /api/* paths, a plain text page elsewhere. */
export function refusal(
  pathname: string,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  if (pathname.startsWith('/api/')) {
    const code =
      status === 405
        ? 'method_not_allowed'
        : status === 408
          ? 'request_timeout'
          : status === 413
            ? 'payload_too_large'
            : 'invalid_input';
    return Response.json(
      { error: { code, message } },
      { status, headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers } },
    );
  }
  return new Response(`${message}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', ...headers },
  });
}

export class BodyError extends Error {
  readonly status: 408 | 413;
  constructor(status: 408 | 413, message: string) {
    super(message);
    this.status = status;
  }
}

/** The whole request body, or a BodyError when it is too large or does not arrive in time. */
function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((done, fail) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > MAX_BODY_BYTES) {
      fail(new BodyError(413, 'The request body is too large.'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      fail(new BodyError(408, 'The request body did not arrive in time.'));
    }, BODY_TIMEOUT_MS);
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        clearTimeout(timer);
        fail(new BodyError(413, 'The request body is too large.'));
        req.pause();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(timer);
      done(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
  });
}

function peerIp(req: http.IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/** Calls the matched function with a web `Request` built from the node request. */
export async function callFunction(
  req: http.IncomingMessage,
  match: RouteMatch,
  origin: string,
): Promise<Response> {
  const method = req.method ?? 'GET';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const v of ([] as string[]).concat(value)) headers.append(name, v);
  }
  const body = method === 'GET' || method === 'HEAD' ? null : await readBody(req);
  // The origin is ours, not the Host header's: a forged Host changes nothing a function sees.
  const request = new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(body && body.byteLength > 0 ? { body: new Uint8Array(body) } : {}),
  });
  return match.fn.handler(request, localContext({ ip: peerIp(req), params: match.params, siteUrl: origin }));
}

export interface LocalBlobs {
  /** The value of `NETLIFY_BLOBS_CONTEXT` that points `getStore` at this server. */
  context: string;
  stop: () => Promise<void>;
}

/**
 * Netlify Blobs for the local server and the API tests: `@netlify/blobs`'s own file-backed
 * `BlobsServer` on a free 127.0.0.1 port, storing under `directory`, with a random token. Sets
 * `process.env.NETLIFY_BLOBS_CONTEXT` (what Netlify sets for deployed functions), so the
 * functions' `getStore()` (netlify/functions/_shared/blobs.ts) works unchanged.
 */
export async function startLocalBlobs(directory: string): Promise<LocalBlobs> {
  const token = randomBytes(24).toString('base64url');
  const server = new BlobsServer({ directory, token, logger: () => undefined });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const context = Buffer.from(
    JSON.stringify({
      edgeURL: url,
      uncachedEdgeURL: url,
      siteID: 'local',
      token,
      primaryRegion: 'us-east-2',
    }),
  ).toString('base64');
  process.env.NETLIFY_BLOBS_CONTEXT = context;
  return {
    context,
    stop: async () => {
      await server.stop();
    },
  };
}

/**
 * Writes a web `Response` to the node response (`npm start`'s server, and the API tests'). An
 * answer with `Connection: close` (a body refused as too large or too slow) closes the
 * connection once it is sent: the rest of that body is never read.
 */
export async function sendResponse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  response: Response,
): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, key) => res.setHeader(key, value));
  if (response.body && req.method !== 'HEAD') {
    // Every answer here is small (JSON, pages, images of the build): one write is cheaper
    // than a web-to-node stream bridge per response.
    res.end(Buffer.from(await response.arrayBuffer()));
  } else {
    await response.body?.cancel();
    res.end();
  }
  if (response.headers.get('connection') === 'close') res.on('finish', () => req.socket.destroy());
}
