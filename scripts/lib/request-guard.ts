/**
 * What the local server refuses before any router, file lookup or function sees the request.
 * Each refusal is a plain, fixed answer that says nothing about the server's files or internals:
 * the same 400 for `/program/%2e%2e%2f…` whether or not the file it points at exists, so the
 * answer cannot be used to probe the disk.
 */

/** Methods a browser or API client has any use for here; TRACE/TRACK/CONNECT are refused. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const MAX_TARGET_LENGTH = 4096;

export type GuardResult =
  { ok: true; pathname: string } | { ok: false; status: 400 | 405 | 414; message: string };

/**
 * Checks the method and the raw request target (`req.url` as it came off the wire).
 * `pathname` is the decoded path, safe to join under the site's root.
 *
 * @example guardRequest('GET', '/program/a%20b') // { ok: true, pathname: '/program/a b' }
 * @example guardRequest('GET', '/program/%2e%2e/etc') // { ok: false, status: 400, … }
 */
export function guardRequest(method: string, target: string): GuardResult {
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    return { ok: false, status: 405, message: 'Method Not Allowed' };
  }
  if (target.length > MAX_TARGET_LENGTH) return { ok: false, status: 414, message: 'URI Too Long' };
  // Origin-form only ("/path?query"); absolute-form and "*" have no use on this server.
  if (!target.startsWith('/') || target.startsWith('//')) return bad();
  const rawPath = target.split(/[?#]/, 1)[0] ?? '/';
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return bad();
  }
  // Control characters (NUL included), backslashes (a second separator on some systems) and
  // dot segments have no business in a URL of this site, encoded or not.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(pathname)) return bad();
  if (pathname.split('/').some((segment) => segment === '.' || segment === '..')) return bad();
  return { ok: true, pathname };
}

function bad(): GuardResult {
  return { ok: false, status: 400, message: 'Bad Request' };
}
