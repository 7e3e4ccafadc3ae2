/**
 * What the /api/admin/* functions share: the administrator check (made in SQL, inside the
 * caller's own RLS transaction), the 409 of a decision on an older version, the status filter,
 * and the program id a listing is published as. The decision body schemas are the contract's
 * (src/api/contracts/admin.ts), which the /admin page imports too.
 */
import { ADMIN_MESSAGES } from '../../../src/api/contracts/admin.ts';
import type { Tx } from './db.ts';
import { badRequest, forbidden, HttpError } from './http.ts';
import { drainNotifications } from './notifications.ts';

/**
 * Throws 403 unless the caller is an administrator, as the database sees it: `private.is_admin()`
 * in the same `withClaims` transaction the endpoint's queries then run in (so RLS and this check
 * can never disagree). Call it first in every /api/admin transaction.
 */
export async function assertAdmin(tx: Tx): Promise<void> {
  const [row] = await tx<{ admin: boolean }[]>`select private.is_admin() as admin`;
  if (row?.admin !== true) throw forbidden(ADMIN_MESSAGES.notAdmin);
}

/**
 * 409 for a decision made on an older version than the row's: the sentence, also under
 * `fields.revision` so a client tells it apart from other conflicts (it reloads the item and
 * shows what changed).
 */
export function changedSince(message: string): HttpError {
  return new HttpError(409, 'conflict', message, { fields: { revision: message } });
}

/** `?status=` of the list endpoints: one of `allowed`, or undefined for "all". Throws 400 otherwise. */
export function statusFilter<T extends string>(req: Request, allowed: readonly T[]): T | undefined {
  const value = new URL(req.url).searchParams.get('status');
  if (value === null || value === '') return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw badRequest(ADMIN_MESSAGES.statusFilter, { status: ADMIN_MESSAGES.statusFilter });
}

/**
 * The first of `base`, `base-2`, `base-3`, … that `taken` says is free.
 *
 * @example uniqueProgramId('harbor', (id) => id === 'harbor') // 'harbor-2'
 */
export function uniqueProgramId(base: string, taken: (id: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${String(n)}`;
    if (!taken(candidate)) return candidate;
  }
}

/**
 * Sends the decision e-mails now (the outbox row was written by the decision's trigger). A
 * failure is logged, never the caller's answer: the scheduled drain sends it later.
 */
export async function drainAfterDecision(): Promise<void> {
  try {
    await drainNotifications();
  } catch (error) {
    console.error('[api] admin: drain after decision failed:', error);
  }
}
