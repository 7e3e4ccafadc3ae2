/**
 * `npm start`'s build hook (`BUILD_HOOK_URL` under the local backend): `POST` starts a background
 * rebuild, `GET` says how it goes (scripts/lib/local-rebuild.ts).
 *
 * Like a Netlify build hook (`https://api.netlify.com/build_hooks/<id>`), the URL carries a secret:
 * a token drawn at each start, `/.local/build-hook/<token>`, known only to this process (the
 * functions call it in-process through `BUILD_HOOK_URL`). A web page the developer opens cannot
 * learn it, so a cross-site form or `fetch` cannot start builds; requests that say they come from
 * another site (an `Origin` other than this server's, `Sec-Fetch-Site: cross-site|same-site`) are
 * refused even with the token, and only this machine is answered.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { refusal } from './functions.ts';
import { LOCAL_BUILD_HOOK_PATH } from './local-rebuild.ts';

export type BuildHookTarget = {
  request: (title: string, generation: number | null) => void;
  status: () => unknown;
};

export type BuildHook = {
  /** The path with this start's token: what `BUILD_HOOK_URL` points at. */
  path: string;
  /** True for the hook's paths (with or without a token): the server hands those to `handle`. */
  matches: (rawPath: string) => boolean;
  handle: (req: http.IncomingMessage) => Response;
};

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function createBuildHook(opts: {
  target: BuildHookTarget;
  /** This server's own origins (e.g. http://localhost:8888, http://127.0.0.1:8888). */
  origins: readonly string[];
  /** The title's generation (`… [publishing 12]`), see netlify/functions/_shared/publishing.ts. */
  generationOf: (title: string) => number | null;
  /** Fixed in tests; else 32 random bytes per start. */
  token?: string;
}): BuildHook {
  const token = opts.token ?? randomBytes(32).toString('base64url');
  const expected = Buffer.from(token);
  const origins = new Set(opts.origins);
  const prefix = `${LOCAL_BUILD_HOOK_PATH}/`;

  const tokenOk = (rawPath: string): boolean => {
    if (!rawPath.startsWith(prefix)) return false;
    const given = Buffer.from(rawPath.slice(prefix.length));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  /** Why a request is refused as coming from another site, or null. */
  const crossSite = (req: http.IncomingMessage): string | null => {
    const origin = req.headers.origin;
    if (origin !== undefined && !origins.has(origin)) return 'another site';
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'another site';
    return null;
  };

  return {
    path: `${prefix}${token}`,
    matches: (rawPath) => rawPath === LOCAL_BUILD_HOOK_PATH || rawPath.startsWith(prefix),
    handle(req) {
      const rawPath = (req.url ?? '/').split('?', 1)[0] ?? '/';
      const headers = { 'cache-control': 'no-store' };
      if (!LOOPBACK.has(req.socket.remoteAddress ?? ''))
        return refusal(LOCAL_BUILD_HOOK_PATH, 403, 'The build hook answers this machine only.');
      if (crossSite(req) !== null)
        return refusal(LOCAL_BUILD_HOOK_PATH, 403, 'The build hook does not answer other sites.');
      if (req.method === 'GET') return Response.json(opts.target.status(), { headers });
      if (req.method !== 'POST')
        return refusal(LOCAL_BUILD_HOOK_PATH, 405, 'Use POST or GET.', { allow: 'GET, POST' });
      if (!tokenOk(rawPath))
        return refusal(
          LOCAL_BUILD_HOOK_PATH,
          403,
          'Starting a build needs the URL in BUILD_HOOK_URL (it carries a token drawn at each start).',
        );
      const title =
        new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('trigger_title') ?? 'build hook';
      opts.target.request(title.slice(0, 200), opts.generationOf(title));
      return Response.json(opts.target.status(), { status: 202, headers });
    },
  };
}
