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
import { randomUUID } from 'node:crypto';
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

/** Imports every `*.mts`/`*.mjs`/`*.ts` function file of `dir` (not `_shared/`) once. */
export async function loadFunctions(dir: string): Promise<LoadedFunction[]> {
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(mts|mjs|ts|js)$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const loaded: LoadedFunction[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as {
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

/** The function whose `config.path` matches `pathname` (and `method`, when it lists methods). */
export function route(
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
