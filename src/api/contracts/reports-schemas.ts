/**
 * The bodies of `POST /api/reports` and `PATCH /api/admin/reports/:id`: their zod schemas, with
 * the words of REPORT_MESSAGES (reports.ts), and the body types taken from them. The function
 * (netlify/functions/listing-reports.mts) checks with these; the browser imports the types.
 */
import { z } from 'zod';
import { PROGRAM_ID_PATTERN } from '../../lib/program-id.ts';
import {
  codePointLength,
  hasBidiControl,
  hasControlCharacter,
  hasLoneSurrogate,
  hasVisibleText,
  isEmail,
  bodyObject,
} from '../../lib/schemas.ts';
import { REPORT_MESSAGES as M, REPORT_NOTE_MAX, REPORT_WHAT_MAX, REPORT_WHAT_MIN } from './reports.ts';

/**
 * Free text of a report or a note, one message per field in this order: not text, control
 * characters (line breaks and tabs allowed), broken Unicode, direction overrides; then trimmed.
 */
function text(messages: { type: string; control: string; unicode: string; bidi: string }, missing?: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined && missing !== undefined ? missing : messages.type),
    })
    .refine((v) => !hasControlCharacter(v, true), { error: messages.control, abort: true })
    .refine((v) => !hasLoneSurrogate(v), { error: messages.unicode, abort: true })
    .refine((v) => !hasBidiControl(v), { error: messages.bidi, abort: true })
    .transform((v) => v.trim());
}

/**
 * `POST /api/reports` body: the program, what is wrong (10–2000 characters with something visible)
 * and an optional e-mail address (blank or null: none). Whether the program is listed is the
 * function's check (findListedProgram).
 */
export const reportBodySchema = z.strictObject(
  {
    program_id: z.string({ error: M.programId }).trim().regex(PROGRAM_ID_PATTERN, { error: M.programId }),
    what: text(
      { type: M.whatType, control: M.whatControl, unicode: M.whatUnicode, bidi: M.whatBidi },
      M.whatMissing,
    )
      .refine(hasVisibleText, { error: M.whatMissing, abort: true })
      .refine((v) => codePointLength(v) >= REPORT_WHAT_MIN, { error: M.whatTooShort, abort: true })
      .refine((v) => codePointLength(v) <= REPORT_WHAT_MAX, { error: M.whatTooLong, abort: true }),
    email: z
      .string({ error: M.emailType })
      .trim()
      .nullish()
      .transform((v) => (v === null || v === undefined || v === '' ? undefined : v))
      .refine((v) => v === undefined || isEmail(v), { error: M.emailInvalid }),
  },
  bodyObject,
);

/**
 * `PATCH /api/admin/reports/:id` body: `status: 'resolved'`, an optional note (blank: none) and
 * `revision`, the report's as the list showed it (required: a decision names the version read).
 */
export const resolveReportSchema = z.strictObject(
  {
    status: z.literal('resolved', { error: M.resolveStatus }),
    revision: z
      .number({ error: M.revisionRequired })
      .int({ error: M.revisionRequired })
      .positive({ error: M.revisionRequired }),
    note: text({ type: M.noteType, control: M.noteControl, unicode: M.noteUnicode, bidi: M.noteBidi })
      .refine((v) => codePointLength(v) <= REPORT_NOTE_MAX, { error: M.noteTooLong })
      .nullish()
      .transform((v) => (v && hasVisibleText(v) ? v : null)),
  },
  bodyObject,
);

/** `POST /api/reports` body. */
export type ReportBody = z.input<typeof reportBodySchema>;
/** `PATCH /api/admin/reports/:id` body. */
export type ResolveReportBody = z.input<typeof resolveReportSchema>;
