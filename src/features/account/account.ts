/**
 * The family account page's calls and pure rules (no React here): load the account in one round
 * trip (`GET /api/account`), remove a saved program (the favorites API), download the data
 * export, change the password through supabase-js (via the session module) and delete the account.
 */
import type { AccountRequest, AccountResponse } from '../../api/contracts/account.ts';
import { MIN_PASSWORD_LENGTH } from '../../lib/vocabulary.ts';
import { apiFetch, failureText, readFailure } from '../../api/client.ts';
import { signOut, updatePassword } from '../../api/session.ts';

export const ACCOUNT_PATH = '/enhanced-dashboard';
export const ACCOUNT_ENDPOINT = '/api/account';
export const EXPORT_ENDPOINT = '/api/account/export';
export const FAVOURITES_ENDPOINT = '/api/favorites';

export type Message = { title: string; description: string };

/** What a failed call tells the page: sign in again, or a message to show. */
export type Failure = { kind: 'unauthorized' } | { kind: 'error'; message: Message };

export const LOAD_FAILED: Message = {
  title: 'Error Loading Data',
  description: 'Your account could not be loaded. Please check your connection and try again.',
};

export const ACCOUNT_DELETED: Message = {
  title: 'Account Deleted',
  description: 'Your account, your saved programs and your personal details have been removed.',
};

// ---- pure rules ----

export function typeLabel(type: AccountRequest['type']): string {
  return type === 'call' ? 'Call request' : 'Information request';
}

/** A new password has at least MIN_PASSWORD_LENGTH characters (code points). */
export function passwordProblem(password: string): Message | null {
  if (Array.from(password).length >= MIN_PASSWORD_LENGTH) return null;
  return {
    title: 'Password Too Short',
    description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  };
}

/** The file name of a `content-disposition: attachment; filename="…"` header, else `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const name = /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? '';
  // Only a plain name: no path, nothing a file system could read differently.
  return /^[\w.-]{1,100}$/.test(name) ? name : fallback;
}

/** What deleting removes, as sentences for the confirm step. */
export function deletionSummary(data: Pick<AccountResponse, 'user' | 'favorites' | 'requests'>): string[] {
  const n = data.favorites.length;
  const r = data.requests.length;
  const saved =
    n === 0
      ? 'Your saved programs list (it is empty).'
      : `Your ${n === 1 ? 'saved program' : `${n} saved programs`}.`;
  const requests =
    r === 0
      ? 'You have sent no requests while signed in, so no request is changed.'
      : `Your name, email, phone and message in the ${r === 1 ? 'request' : `${r} requests`} you sent. The ${r === 1 ? 'program keeps' : 'programs keep'} only an anonymous record that a request was made, with its type, date and status. ${r === 1 ? 'Its status link' : 'Their status links'} will then say the request was deleted.`;
  const account = `Your sign-in account${data.user.email ? ` (${data.user.email})` : ''} and its password. You will be signed out.`;
  return [saved, requests, account];
}

// ---- calls ----

async function errorMessage(res: Response | null, title: string, fallback: string): Promise<Message> {
  return { title, description: failureText(await readFailure(res), fallback) };
}

async function send(path: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await apiFetch(path, init);
  } catch (error) {
    console.warn(`Could not reach ${path}:`, error);
    return null;
  }
}

/** `GET /api/account`: the user, roles, saved programs and sent requests. */
export async function loadAccount(): Promise<
  { ok: true; data: AccountResponse } | ({ ok: false } & Failure)
> {
  const res = await send(ACCOUNT_ENDPOINT);
  if (res?.status === 401) return { ok: false, kind: 'unauthorized' };
  if (res?.ok) {
    try {
      const data = (await res.json()) as AccountResponse;
      if (Array.isArray(data.favorites) && Array.isArray(data.requests)) return { ok: true, data };
    } catch {
      // Fall through to the generic failure.
    }
  }
  return { ok: false, kind: 'error', message: LOAD_FAILED };
}

/** `DELETE /api/favorites/:id` (idempotent); null when removed. */
export async function removeFavourite(programId: string): Promise<Failure | null> {
  const res = await send(`${FAVOURITES_ENDPOINT}/${encodeURIComponent(programId)}`, { method: 'DELETE' });
  if (res?.status === 204) return null;
  if (res?.status === 401) return { kind: 'unauthorized' };
  return {
    kind: 'error',
    message: await errorMessage(res, 'Failed to remove from favorites', 'Please try again.'),
  };
}

/** Fetches the export (it needs the bearer token, so not a plain link) and saves it as a file. */
export async function downloadExport(): Promise<Failure | null> {
  const res = await send(EXPORT_ENDPOINT);
  if (res?.status === 401) return { kind: 'unauthorized' };
  if (!res?.ok) {
    return {
      kind: 'error',
      message: await errorMessage(
        res,
        'Download Failed',
        'Your data could not be downloaded. Please try again.',
      ),
    };
  }
  const blob = await res.blob();
  const fallback = `ocd-directory-account-${new Date().toISOString().slice(0, 10)}.json`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(res.headers.get('content-disposition'), fallback);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is released.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
  return null;
}

/** The session module's `updatePassword` (which also ends the other sessions); null on success. */
export async function changePassword(password: string): Promise<Message | null> {
  const tooShort = passwordProblem(password);
  if (tooShort) return tooShort;
  try {
    const error = await updatePassword(password);
    if (!error) return null;
    if (error.code === 'weak_password') {
      return passwordProblem('') ?? { title: 'Password Update Failed', description: error.message };
    }
    if (error.code === 'same_password') {
      return {
        title: 'Password Update Failed',
        description: 'Your new password must be different from your current password.',
      };
    }
    return {
      title: 'Password Update Failed',
      description: error.message.trim() || 'An error occurred while updating your password.',
    };
  } catch (error) {
    console.warn('Could not update the password:', error);
    return {
      title: 'Password Update Failed',
      description: 'Please check your connection and try again.',
    };
  }
}

/**
 * `DELETE /api/account`, then signs this browser out (the server has already ended every
 * session). Null when the account is gone.
 */
export async function deleteAccount(): Promise<Failure | null> {
  const res = await send(ACCOUNT_ENDPOINT, { method: 'DELETE' });
  if (res?.status === 401) return { kind: 'unauthorized' };
  if (res?.status !== 204) {
    return {
      kind: 'error',
      message: await errorMessage(
        res,
        'Account Deletion Failed',
        'Your account could not be deleted. Nothing was removed. Please try again.',
      ),
    };
  }
  try {
    await signOut();
  } catch (error) {
    // The account no longer exists; a refused sign-out call changes nothing about that.
    console.warn('Sign-out after deletion:', error);
  }
  return null;
}
