/**
 * What the /api/admin/* functions share: the administrator check (made in SQL, inside the
 * caller's own RLS transaction), the decision body schemas, the status filter, and the program
 * id a listing is published as.
 */
import { z } from 'zod';
import {
  bidiMessage,
  codePointLength,
  hasBidiControl,
  hasControlCharacter,
  hasLoneSurrogate,
  hasVisibleText,
  MESSAGES,
} from '../../../src/lib/schemas.ts';
import { ADMIN_MESSAGES, MAX_NOTES_LENGTH, MAX_REASON_LENGTH } from '../../../src/api/contracts/admin.ts';
import { PROGRAM_ID_PATTERN } from '../../../src/lib/program-id.ts';
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

const notes = z
  .string({ error: ADMIN_MESSAGES.notesType })
  .refine((v) => !hasControlCharacter(v, true), { error: ADMIN_MESSAGES.notesControl, abort: true })
  .refine((v) => !hasLoneSurrogate(v), { error: ADMIN_MESSAGES.notesUnicode, abort: true })
  .transform((v) => v.trim())
  .refine((v) => codePointLength(v) <= MAX_NOTES_LENGTH, { error: ADMIN_MESSAGES.notesTooLong })
  .nullish();

/**
 * The version of the item the administrator read (`revision` of the row as the list answered
 * it). Required: a decision is about one version, and a decision that names none is refused.
 */
export const revision = z
  .number({ error: ADMIN_MESSAGES.revisionRequired })
  .int({ error: ADMIN_MESSAGES.revisionRequired })
  .positive({ error: ADMIN_MESSAGES.revisionRequired });

/**
 * 409 for a decision made on an older version than the row's: the sentence, also under
 * `fields.revision` so a client tells it apart from other conflicts (it reloads the item and
 * shows what changed).
 */
export function changedSince(message: string): HttpError {
  return new HttpError(409, 'conflict', message, { fields: { revision: message } });
}

const bodyObject = {
  error: (issue: { code: string }) => (issue.code === 'invalid_type' ? MESSAGES.bodyObject : undefined),
};

/** Notes are required when rejecting: the e-mail tells the provider what to change. */
function notesWhenRejecting(v: { status: string; reviewer_notes?: string | null | undefined }): boolean {
  return v.status !== 'rejected' || hasVisibleText(v.reviewer_notes ?? '');
}

/** `PATCH /api/admin/verification-requests/:id` body. */
export const verificationDecisionSchema = z
  .strictObject(
    {
      status: z.enum(['approved', 'rejected'], { error: ADMIN_MESSAGES.decisionStatus }),
      reviewer_notes: notes,
      revision,
    },
    bodyObject,
  )
  .refine(notesWhenRejecting, { error: ADMIN_MESSAGES.notesRequired, path: ['reviewer_notes'] });

/** `PATCH /api/admin/listings/:id` body. */
export const listingDecisionSchema = z
  .strictObject(
    {
      status: z.enum(['approved', 'rejected'], { error: ADMIN_MESSAGES.decisionStatus }),
      reviewer_notes: notes,
      published_program_id: z
        .string({ error: ADMIN_MESSAGES.programId })
        .trim()
        .regex(PROGRAM_ID_PATTERN, { error: ADMIN_MESSAGES.programId })
        .nullish(),
      revision,
    },
    bodyObject,
  )
  .refine(notesWhenRejecting, { error: ADMIN_MESSAGES.notesRequired, path: ['reviewer_notes'] });

/** Why a listing is taken down: shown to the provider and e-mailed to them. */
const reason = z
  .string({ error: ADMIN_MESSAGES.reasonRequired })
  .refine((v) => !hasControlCharacter(v, true), { error: ADMIN_MESSAGES.notesControl, abort: true })
  .refine((v) => !hasLoneSurrogate(v), { error: ADMIN_MESSAGES.notesUnicode, abort: true })
  .refine((v) => !hasBidiControl(v), { error: bidiMessage('The reason'), abort: true })
  .transform((v) => v.trim())
  .refine((v) => hasVisibleText(v), { error: ADMIN_MESSAGES.reasonRequired, abort: true })
  .refine((v) => codePointLength(v) <= MAX_REASON_LENGTH, { error: ADMIN_MESSAGES.reasonTooLong });

/** `POST /api/admin/listings/:id/publication` body. */
export const publicationDecisionSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('unpublish'), reason, revision }, bodyObject),
    z.strictObject({ action: z.literal('republish'), revision }, bodyObject),
  ],
  { error: ADMIN_MESSAGES.publicationAction },
);

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
