/**
 * Request input, read and checked once before any handler runs, so no endpoint can pass Postgres
 * something it refuses (which used to surface as a 500). Limits and error codes follow GoTrue's
 * `retrieveRequestParams` (internal/api/helpers.go) and `limitRequestBody` (internal/api/api.go).
 */
import type { IncomingMessage } from 'node:http';
import { AuthError, errors } from './errors.ts';

/** GoTrue wraps every body in `http.MaxBytesReader(…, 1 << 20)`. */
export const MAX_BODY_BYTES = 1 << 20;

/**
 * How much of an oversized body is still read (and dropped) so the client, which is usually still
 * sending, receives the 413 instead of a connection reset. Beyond this the connection is cut.
 */
const MAX_DRAIN_BYTES = 16 << 20;

/**
 * Deeper bodies are refused like a JSON syntax error. Go's decoder stops at 10 000 levels; we stop
 * far earlier because `JSON.stringify` (used for jsonb and the access token) recurses, and nothing
 * supabase-js sends is more than three levels deep.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Cap on `user_metadata` as compact JSON in UTF-8 bytes, checked after merging with what is stored.
 * GoTrue has no cap of its own (only the 1 MB body limit), but the metadata is copied into every
 * access token, and a token that no longer fits in a request header makes every `/api/*` call fail
 * with 431. At 2 KB the largest possible token (254-character address included) is about 4 KB,
 * half the 8 KB many proxies allow for one header line, and leaves room for cookies under Node's
 * 16 KB total; the product itself stores about 150 bytes (names, organization, phone).
 */
export const MAX_USER_METADATA_BYTES = 2048;

const badJson = (why: string): AuthError =>
  new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${why}`);

/**
 * Reads a JSON object body. An empty body is `{}` (curl and `POST /logout` send none). Invalid
 * UTF-8 bytes become U+FFFD, as Go's decoder does.
 */
export async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_DRAIN_BYTES) break; // leaving the loop destroys the request
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  if (size > MAX_BODY_BYTES) {
    throw new AuthError(
      413,
      'request_entity_too_large',
      `Request body too large (max ${MAX_BODY_BYTES} bytes)`,
    );
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw badJson(err instanceof Error ? err.message : 'invalid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badJson(`the body must be a JSON object, not ${describe(parsed)}`);
  }
  checkValue(parsed);
  return parsed as Record<string, unknown>;
}

/** `null`, `an array`, `a string`… for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' || type === 'undefined' ? `an ${type}` : `a ${type}`;
}

/**
 * Postgres text and jsonb cannot hold U+0000, and jsonb refuses `\ud800`-style escapes of unpaired
 * surrogates (which `JSON.stringify` writes for them); in text parameters they would silently turn
 * into U+FFFD. Either way the value cannot be stored as sent, so it is refused.
 */
export function storable(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

function unstorable(path: string): AuthError {
  return errors.validation(
    `Invalid ${path}: contains U+0000 or an unpaired UTF-16 surrogate, which cannot be stored`,
  );
}

/** Walks the parsed body without recursion (so any depth is safe to inspect) and checks every key and string. */
function checkValue(root: object): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, path, depth } = item;
    if (typeof value === 'string') {
      if (!storable(value)) throw unstorable(path);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) throw badJson(`exceeded max depth of ${MAX_JSON_DEPTH}`);
    if (Array.isArray(value)) {
      value.forEach((element: unknown, i) => {
        stack.push({ value: element, path: `${path}[${i}]`, depth: depth + 1 });
      });
      continue;
    }
    for (const [key, element] of Object.entries(value)) {
      const keyPath = path === '' ? key : `${path}.${key}`;
      if (!storable(key)) throw unstorable(path === '' ? 'field name' : `key in ${path}`);
      stack.push({ value: element, path: keyPath, depth: depth + 1 });
    }
  }
}

/** Query parameters reach e-mails, redirects and SQL like body fields do. */
export function checkQuery(query: URLSearchParams): void {
  for (const [key, value] of query) {
    if (!storable(key) || !storable(value)) throw unstorable(storable(key) ? key : 'query parameter name');
  }
}

/** Refuses metadata (already merged with what is stored) over MAX_USER_METADATA_BYTES. */
export function checkUserMetadataSize(metadata: Record<string, unknown>): void {
  const bytes = Buffer.byteLength(JSON.stringify(metadata));
  if (bytes > MAX_USER_METADATA_BYTES) {
    throw errors.validation(
      `User metadata is too large: at most ${MAX_USER_METADATA_BYTES} bytes of JSON, got ${bytes}`,
    );
  }
}
