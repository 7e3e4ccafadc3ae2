/**
 * The one response vocabulary of the API: JSON bodies, the error shape
 * `{ error: { code, message, fields? } }`, and the headers every function response carries.
 */
import type { Context } from '@netlify/functions';
import type { ZodError } from 'zod';
import { isDatabaseUnavailable, SessionEnded } from './db.ts';

/** Sent on every response: API answers are personal or volatile, and never framed or sniffed. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), browsing-topics=()',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
};

export type ErrorCode =
  | 'invalid_input'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'rate_limited'
  | 'server_error'
  | 'bad_gateway'
  | 'unavailable';

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...SECURITY_HEADERS, ...headers },
  });
}

/**
 * A failure a handler can `throw`; `handle()` turns it into the error response. Handlers that
 * prefer to `return` an error use the helpers below directly.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.fields = extra.fields;
    this.headers = extra.headers ?? {};
  }

  toResponse(): Response {
    const error: ErrorBody['error'] = { code: this.code, message: this.message };
    if (this.fields) error.fields = this.fields;
    return json({ error } satisfies ErrorBody, this.status, this.headers);
  }
}

/** Zod issues as `{ 'events.3.program_id': 'Unknown program.' }`, first message per field. */
export function fieldErrors(error: ZodError): Record<string, string> {
  // No prototype: a field path such as `__proto__` is kept like any other key.
  const fields = Object.create(null) as Record<string, string>;
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function badRequest(message: string, fields?: Record<string, string>): HttpError {
  return new HttpError(400, 'invalid_input', message, fields ? { fields } : {});
}

/** 400 from a zod failure; the top-level message is the first field's, so a toast can show it. */
export function badRequestFromZod(error: ZodError): HttpError {
  const fields = fieldErrors(error);
  const first = Object.values(fields)[0] ?? 'The request is not valid.';
  return badRequest(first, fields);
}

export function unauthorized(message = 'Please sign in again.'): HttpError {
  return new HttpError(401, 'unauthorized', message, { headers: { 'www-authenticate': 'Bearer' } });
}

export function forbidden(message = 'You do not have access to this.'): HttpError {
  return new HttpError(403, 'forbidden', message);
}

export function notFound(message = 'Not found.'): HttpError {
  return new HttpError(404, 'not_found', message);
}

/** 409: the request is valid but the current state refuses it (e.g. a request already pending). */
export function conflict(message: string): HttpError {
  return new HttpError(409, 'conflict', message);
}

export function methodNotAllowed(allow: readonly string[]): HttpError {
  return new HttpError(405, 'method_not_allowed', `Use ${allow.join(' or ')}.`, {
    headers: { allow: allow.join(', ') },
  });
}

export function unsupportedMediaType(accepted: readonly string[]): HttpError {
  return new HttpError(415, 'unsupported_media_type', `Send the body as ${accepted.join(' or ')}.`);
}

export function payloadTooLarge(maxBytes: number): HttpError {
  return new HttpError(413, 'payload_too_large', `The body must be at most ${maxBytes} bytes.`);
}

export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'rate_limited', 'Too many requests. Please wait a moment before trying again.', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}

/** 401 for a token whose session was signed out (see `withClaims`). */
export function sessionEnded(): HttpError {
  return unauthorized('Your session has ended. Please sign in again.');
}

/**
 * 503: a part we depend on (the database, the auth server's keys) cannot be reached right now.
 * The client may retry after `Retry-After` seconds; nothing was done.
 */
export function unavailable(retryAfterSeconds = 5): HttpError {
  return new HttpError(
    503,
    'unavailable',
    'The service is briefly unavailable. Please try again in a moment.',
    { headers: { 'retry-after': String(retryAfterSeconds) } },
  );
}

/** Logs the cause for operators; the client only ever sees a generic message. */
export function serverError(cause: unknown, where: string): Response {
  console.error(`[api] ${where}:`, cause);
  return new HttpError(
    500,
    'server_error',
    'Something went wrong on our side. Please try again.',
  ).toResponse();
}

/**
 * A write that named a user who no longer exists: a foreign-key violation (23503) on a key into
 * `auth.users`, e.g. a save racing the deletion of the account. `private.assume_user` holds the
 * user's row for every writing transaction so this should not happen; if a write still meets it,
 * the account is gone, and the answer is the 401 of an ended session rather than a 500.
 */
function isUserGone(error: unknown): boolean {
  const e = error as { code?: unknown; detail?: unknown } | null;
  return (
    e?.code === '23503' &&
    typeof e.detail === 'string' &&
    e.detail.endsWith('is not present in table "users".')
  );
}

/**
 * Wraps a handler: thrown `HttpError`s become their response, anything else a logged 500.
 * Every response, including errors, carries `SECURITY_HEADERS` because all go through `json()`.
 */
export function handle<C>(
  where: string,
  fn: (req: Request, context: C) => Promise<Response>,
): (req: Request, context: C) => Promise<Response> {
  return async (req, context) => {
    try {
      return await fn(req, context);
    } catch (error) {
      if (error instanceof HttpError) return error.toResponse();
      if (error instanceof SessionEnded || isUserGone(error)) return sessionEnded().toResponse();
      if (isDatabaseUnavailable(error)) {
        console.error(`[api] ${where}: database unavailable:`, (error as { code?: string }).code);
        return unavailable().toResponse();
      }
      return serverError(error, where);
    }
  };
}

export function allowMethods(req: Request, allow: readonly string[]): void {
  if (!allow.includes(req.method)) throw methodNotAllowed(allow);
}

/** The body limit of `readJson` unless a function sets its own. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a JSON body. `text/plain` is accepted only when `allowTextPlain` is set, because
 * `navigator.sendBeacon` with a string sends `text/plain;charset=UTF-8` and cannot set headers.
 * The body is read as a stream and abandoned as soon as it passes `maxBytes`, so a huge body
 * sent without (or with a false) Content-Length is never buffered whole. Bytes that are not
 * UTF-8 are a 400: decoding them leniently would store U+FFFD in place of what was sent.
 */
export async function readJson(
  req: Request,
  options: { allowTextPlain?: boolean; allowForm?: boolean; maxBytes?: number } = {},
): Promise<unknown> {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const type = mediaType(req);
  const accepted = [
    'application/json',
    ...(options.allowTextPlain ? ['text/plain'] : []),
    ...(options.allowForm ? [FORM_TYPE] : []),
  ];
  if (!accepted.includes(type)) throw unsupportedMediaType(accepted);
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw payloadTooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw payloadTooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The body is not valid UTF-8 text.');
  }
  if (type === FORM_TYPE) {
    // Percent-escapes must decode to UTF-8 as well: URLSearchParams would silently turn bad
    // bytes (or an escaped surrogate) into U+FFFD. Each run of escapes is checked on its own,
    // since a character's bytes are always escaped together; a stray "%" stays as typed.
    for (const [run] of text.matchAll(/(?:%[0-9a-f]{2})+/gi)) {
      try {
        decodeURIComponent(run);
      } catch {
        throw badRequest('The form is not valid UTF-8 text.');
      }
    }
    // An HTML form posts every field; an empty optional field means "not given".
    return Object.fromEntries([...new URLSearchParams(text)].filter(([, value]) => value.trim() !== ''));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('The body is not valid JSON.');
  }
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

function mediaType(req: Request): string {
  return (req.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * True for a plain HTML form post (a browser without JavaScript), which expects a page back:
 * a urlencoded or multipart body, or any POST the browser makes as a top-level navigation
 * (`Sec-Fetch-Mode: navigate`, e.g. a form with `enctype="text/plain"`), since whatever we
 * answer is what the person sees. `fetch()` can never send `navigate`.
 */
export function isFormPost(req: Request): boolean {
  if (req.method !== 'POST') return false;
  const type = mediaType(req);
  return (
    type === FORM_TYPE ||
    type === 'multipart/form-data' ||
    req.headers.get('sec-fetch-mode')?.toLowerCase() === 'navigate'
  );
}

/** 303 See Other: after a form post, the browser loads `location` with GET. */
export function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, location } });
}

/**
 * A minimal HTML page for answers to plain form posts (no JavaScript in the browser). `items`
 * are shown as a list; everything is escaped. The back button returns to the filled-in form.
 */
export function htmlPage(
  status: number,
  page: { title: string; message: string; items?: readonly string[]; back: string },
): Response {
  const esc = (value: string): string =>
    value.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
    );
  const items = page.items?.length ? `<ul>${page.items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>` : '';
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(page.title)}</title></head><body><main><h1>${esc(page.title)}</h1><p>${esc(page.message)}</p>${items}<p><a href="${esc(page.back)}">Go back to the form</a> (your browser's back button keeps what you typed).</p></main></body></html>`;
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS },
  });
}

/**
 * A path parameter (`:id`, `:programId`) of the request: from `context.params` (Netlify and the
 * local server route by `config.path`), else from the path itself with `pattern` (its first
 * group), so a caller that passes no params (tests, a future router) reaches the same answer.
 * `null` when the path has none (a collection path). A context without `params` is never a 500.
 *
 * @example pathParam(req, context, 'id', /^\/api\/provider\/listings\/([^/]+)$/)
 */
export function pathParam(
  req: Request,
  context: Context | undefined,
  name: string,
  pattern: RegExp,
): string | null {
  const params = (context as Partial<Pick<Context, 'params'>> | undefined)?.params;
  const param: unknown = params?.[name];
  if (typeof param === 'string') return param;
  return pattern.exec(new URL(req.url).pathname)?.[1] ?? null;
}
