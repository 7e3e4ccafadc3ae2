/**
 * What netlify/functions/listing-reports.mts needs beside the handler and the body schemas (those
 * are the contract's, src/api/contracts/reports.ts): the duplicate-report check and the two lists
 * (every report for administrators, the caller's own for a provider), read under the caller's RLS.
 */
import type { AdminReport, ProviderReport, ReportStatus } from '../../../src/api/contracts/reports.ts';
import postgres from 'postgres';
import type { Tx } from './db.ts';
import { programIndex, programNames } from './programs.ts';

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
