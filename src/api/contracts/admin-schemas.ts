/**
 * The bodies of the administrators' decisions (`/api/admin/*`): one zod schema each, with the
 * words of ADMIN_MESSAGES (admin.ts), and the body types the /admin page sends, taken from them.
 * The functions (netlify/functions/admin-*.mts) check with these; the page imports them too.
 */
import { z } from 'zod';
import { PROGRAM_ID_PATTERN } from '../../lib/program-id.ts';
import {
  bidiMessage,
  codePointLength,
  hasBidiControl,
  hasControlCharacter,
  hasLoneSurrogate,
  hasVisibleText,
  bodyObject,
} from '../../lib/schemas.ts';
import { ADMIN_MESSAGES, MAX_NOTES_LENGTH, MAX_REASON_LENGTH } from './admin.ts';

/** Reviewer notes: trimmed, at most MAX_NOTES_LENGTH characters, no control characters. */
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
const revision = z
  .number({ error: ADMIN_MESSAGES.revisionRequired })
  .int({ error: ADMIN_MESSAGES.revisionRequired })
  .positive({ error: ADMIN_MESSAGES.revisionRequired });

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

/**
 * `POST /api/admin/listings/:id/publication` body: take a live listing off the directory (a
 * reason, shown to and e-mailed to the provider) or put an unpublished/withdrawn one back.
 */
export const publicationDecisionSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('unpublish'), reason, revision }, bodyObject),
    z.strictObject({ action: z.literal('republish'), revision }, bodyObject),
  ],
  { error: ADMIN_MESSAGES.publicationAction },
);

/** `PATCH /api/admin/verification-requests/:id` body. */
export type VerificationDecisionBody = z.input<typeof verificationDecisionSchema>;
/** `PATCH /api/admin/listings/:id` body. */
export type ListingDecisionBody = z.input<typeof listingDecisionSchema>;

/** `POST /api/admin/listings/:id/publication` body. */
export type PublicationDecisionBody = z.input<typeof publicationDecisionSchema>;
