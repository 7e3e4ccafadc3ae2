/**
 * What netlify/functions/listing-reports.mts needs beside the handler: the body schemas (their
 * messages are REPORT_MESSAGES of src/api/contracts/reports.ts) and the two lists (every report
 * for administrators, the caller's own for a provider), read under the caller's RLS.
 */
import { z } from 'zod';
import {
  REPORT_MESSAGES as M,
  REPORT_NOTE_MAX,
  REPORT_WHAT_MAX,
  REPORT_WHAT_MIN,
  type AdminReport,
  type ProviderReport,
  type ReportStatus,
} from '../../../src/api/contracts/reports.ts';
import { PROGRAM_ID_PATTERN } from '../../../src/lib/program-id.ts';
import {
  codePointLength,
  hasBidiControl,
  hasControlCharacter,
  hasLoneSurrogate,
  hasVisibleText,
  isEmail,
  MESSAGES,
} from '../../../src/lib/schemas.ts';
import postgres from 'postgres';
import type { Tx } from './db.ts';
import { programIndex, programNames } from './programs.ts';

/** A body that is valid JSON but not an object (e.g. an array) gets a plain message. */
const bodyObject = {
  error: (issue: { code: string }) => (issue.code === 'invalid_type' ? MESSAGES.bodyObject : undefined),
};

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
export type ReportInput = z.output<typeof reportBodySchema>;

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

/**
 * The database refused a report because its reporter already has an open one on the same item
 * (`private.limit_reports`, or the unique index behind it).
 */
export function isDuplicateReport(error: unknown, table: 'listing_reports' | 'review_reports'): boolean {
  return (
    error instanceof postgres.PostgresError &&
    error.code === '23505' &&
    error.constraint_name === `${table}_one_open_per_reporter`
  );
}

/** Most reports a list answers. */
export const MAX_LISTED_REPORTS = 500;

interface AdminReportRow {
  id: string;
  program_id: string;
  what: string;
  email: string | null;
  created_at: Date;
  status: ReportStatus;
  resolved_at: Date | null;
  resolution_note: string | null;
  revision: number;
  listing_id: string | null;
  center_name: string | null;
  provider_id: string | null;
  organization_name: string | null;
  reports_not_stored: number;
}

/**
 * Reports for an administrator (`filter.id`: that one; `filter.status`: only those), open first,
 * then newest. Run inside a transaction where `assertAdmin` passed: RLS lets administrators read
 * every report, listing and provider, and `private.listing_report_email` answers them the address.
 * The program's name and page come from the program index (files and published listings); a
 * program no longer listed keeps its listing's name and has no page.
 */
export async function selectAdminReports(
  tx: Tx,
  filter: { id?: string; status?: ReportStatus | undefined; offset?: number; limit?: number },
): Promise<AdminReport[]> {
  const id = filter.id ?? null;
  const status = filter.status ?? null;
  const rows = await tx<AdminReportRow[]>`
    select r.id, r.program_id, r.what, private.listing_report_email(r.id) as email, r.created_at,
           r.status, r.resolved_at, r.resolution_note, r.revision,
           r.listing_id, l.center_name, r.provider_id, p.organization_name,
           coalesce((select f.reports from report_overflow f where f.kind = 'program' and f.item = r.program_id), 0)
             as reports_not_stored
    from listing_reports r
    left join provider_listings l on l.id = r.listing_id
    left join providers p on p.id = r.provider_id
    where (${id}::uuid is null or r.id = ${id}::uuid)
      and (${status}::text is null or r.status = ${status}::text)
    order by (r.status = 'open') desc, r.created_at desc, r.id
    limit ${filter.limit ?? MAX_LISTED_REPORTS} offset ${filter.offset ?? 0}`;
  const names = await programNames(rows.map((r) => r.program_id));
  const files = await programIndex();
  return rows.map((r) => {
    const listed = names.get(r.program_id);
    const file = files.find(r.program_id);
    return {
      id: r.id,
      program_id: r.program_id,
      what: r.what,
      email: r.email,
      created_at: r.created_at.toISOString(),
      status: r.status,
      resolved_at: r.resolved_at?.toISOString() ?? null,
      resolution_note: r.resolution_note,
      revision: r.revision,
      program: {
        id: r.program_id,
        name: listed ?? r.center_name,
        path: listed === undefined ? null : (file?.profilePath ?? `/program/${r.program_id}`),
      },
      listing: r.listing_id === null ? null : { id: r.listing_id, center_name: r.center_name ?? '' },
      provider:
        r.provider_id === null ? null : { id: r.provider_id, organization_name: r.organization_name ?? '' },
      reports_not_stored: r.reports_not_stored,
    };
  });
}

interface ProviderReportRow {
  id: string;
  program_id: string;
  listing_id: string | null;
  center_name: string | null;
  what: string;
  created_at: Date;
  status: ReportStatus;
  resolved_at: Date | null;
  resolution_note: string | null;
}

/**
 * The reports on the listings of provider `providerId` (the caller's own: the policy "Providers
 * read reports on their listings" decides, and the filter keeps an administrator who is also a
 * provider to their own here), open first, then newest. Never the reporter's address.
 */
export async function selectProviderReports(tx: Tx, providerId: string): Promise<ProviderReport[]> {
  const rows = await tx<ProviderReportRow[]>`
    select r.id, r.program_id, r.listing_id, l.center_name, r.what, r.created_at, r.status,
           r.resolved_at, r.resolution_note
    from listing_reports r
    left join provider_listings l on l.id = r.listing_id
    where r.provider_id = ${providerId}
    order by (r.status = 'open') desc, r.created_at desc, r.id
    limit ${MAX_LISTED_REPORTS}`;
  return rows.map((r) => ({
    id: r.id,
    program_id: r.program_id,
    listing_id: r.listing_id,
    center_name: r.center_name ?? r.program_id,
    what: r.what,
    created_at: r.created_at.toISOString(),
    status: r.status,
    resolved_at: r.resolved_at?.toISOString() ?? null,
    resolution_note: r.resolution_note,
  }));
}
