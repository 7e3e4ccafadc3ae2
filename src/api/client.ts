/**
 * The browser's one way to call `/api/*`. `apiFetch` adds `Authorization: Bearer <token>` when
 * someone is signed in: the session registers where the token comes from (`setTokenGetter`), so
 * this module never loads supabase-js. A 401 is handed back to the caller like any answer: each
 * page decides whether that means "sign in again". `readFailure` reads every failed answer the
 * same way (the API's `{ error: { code, message, fields? } }`).
 *
 * @example
 * const res = await apiFetch('/api/favorites');
 * if (!res.ok) showToast({ title: 'Failed', description: failureText(await readFailure(res), 'Please try again.') });
 */

type TokenGetter = () => Promise<string | null>;

let tokenGetter: TokenGetter = () => Promise.resolve(null);

/** Called once by the session module: where the current access token comes from. */
export function setTokenGetter(getter: TokenGetter): void {
  tokenGetter = getter;
}

/** `fetch` for `/api/*`, with `Authorization: Bearer <access token>` when someone is signed in. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = await tokenGetter();
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(path, { ...init, headers });
}

/** What a failed call tells: nothing but the status when the body is not the API's error. */
export type ApiFailure = {
  /** The HTTP status; null when no answer came (offline, blocked). */
  status: number | null;
  /** The API's error code (`invalid_input`, `forbidden`, …), or null. */
  code: string | null;
  /** The API's message, written for people; null when there is none (use a fallback). */
  message: string | null;
  /** Messages per field (an `invalid_input` answer); undefined when there are none. */
  fields: Record<string, string> | undefined;
};

/** Said when no answer came at all. */
export const OFFLINE_TEXT = 'Please check your connection and try again.';

/** Reads a failed answer (null: none came). Never throws: a body that is not JSON reads as no message. */
export async function readFailure(res: Response | null): Promise<ApiFailure> {
  if (res === null) return { status: null, code: null, message: null, fields: undefined };
  const failure: ApiFailure = { status: res.status, code: null, message: null, fields: undefined };
  try {
    const body = (await res.json()) as { error?: { code?: unknown; message?: unknown; fields?: unknown } };
    const error = body.error;
    if (typeof error?.code === 'string' && error.code !== '') failure.code = error.code;
    if (typeof error?.message === 'string' && error.message !== '') failure.message = error.message;
    if (error?.fields && typeof error.fields === 'object') {
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(error.fields))
        if (typeof value === 'string') fields[key] = value;
      failure.fields = fields;
    }
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return failure;
}

/** The sentence to show for a failure: the API's message, the offline text, or `fallback`. */
export function failureText(failure: ApiFailure, fallback: string): string {
  if (failure.status === null) return OFFLINE_TEXT;
  return failure.message ?? fallback;
}
