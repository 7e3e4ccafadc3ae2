/**
 * Reports of factual problems on program pages ("Report an error"): `POST /api/reports`,
 * `GET /api/admin/reports`, `PATCH /api/admin/reports/:id`, `GET /api/provider/reports`
 * (netlify/functions/listing-reports.mts; table `listing_reports`, migration 20261126000300).
 * Every word a person reads about them is here: the dialog on the profile, /admin's Reports tab
 * and the provider dashboard's card use these, and the API answers with them. The body schemas
 * and types are reports-schemas.ts (zod stays out of this module, so the dialog stays small).
 */
import type { ListingReportRow } from './rows.ts';

/** Fewest and most characters (code points, after trimming) of what a report says. */
export const REPORT_WHAT_MIN = 10;
export const REPORT_WHAT_MAX = 2000;
/** Most characters of an administrator's resolution note. */
export const REPORT_NOTE_MAX = 2000;
/** Largest `POST /api/reports` body: 2,000 four-byte characters and an address fit with room to spare. */
export const REPORT_BODY_MAX_BYTES = 16 * 1024;

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The words of the report dialog, the admin tab, the provider card and the API's answers. */
export const REPORT_MESSAGES = {
  // ---- The dialog on a program's page ----
  prompt: 'Something wrong or out of date on this page?',
  button: 'Report an error',
  title: 'Report an error',
  intro: 'Tell us what is wrong or out of date on this page. The site team checks it with the program.',
  whatLabel: 'What is wrong',
  whatHint: 'What is wrong on this page? e.g. the phone number, the insurance, the age groups',
  emailLabel: "Your email, if you'd like an answer",
  emailHint: 'We use it only to answer this report. The program does not see it.',
  send: 'Send',
  sending: 'Sending…',
  cancel: 'Cancel',
  close: 'Close',
  thanksTitle: 'Report sent',
  /** After a report on a program that has a provider account (it sees the report on its dashboard). */
  thanks: 'Thank you. The site team checks every report; the program sees it too.',
  /** After a report on a program without a provider account (nobody but the site team reads it). */
  thanksSiteTeamOnly: 'Thank you. The site team checks every report.',
  privacy: 'Please do not include medical details or anything private about a person.',

  // ---- What the API refuses (each also shown beside its field) ----
  whatMissing: 'Please tell us what is wrong on this page.',
  whatType: 'What is wrong must be text.',
  whatTooShort: `Please describe the problem in at least ${String(REPORT_WHAT_MIN)} characters.`,
  whatTooLong: `Please keep your report to ${String(REPORT_WHAT_MAX)} characters.`,
  whatControl: 'Your report must not contain control characters.',
  whatUnicode: 'Your report contains text that is not valid Unicode.',
  whatBidi: 'Your report must not contain direction-override characters.',
  emailType: 'The email address must be text.',
  emailInvalid: 'Please enter a valid email address, or leave it empty.',
  programId: 'Program id must be 1–100 lower-case letters, digits and hyphens.',
  unknownProgram:
    'This program is not listed in the directory, so it cannot be reported. If you think it should be, please write to us from the contact page.',
  tooLarge: 'Your report is too long. Please shorten it and send it again.',
  tooManyFromAddress:
    'You have sent several reports from this email address in the last hour. Please wait before sending another.',
  tooMany: 'You have sent several reports in a short time. Please wait a few minutes before sending another.',
  sendFailed: 'Your report could not be sent. Please try again in a moment.',
  /** A second report by the same person on the same item while their first is open (nothing stored). */
  alreadyReported: 'You already reported this; the site team will look at it.',
  /** A report on an item with OPEN_REPORTS_CAP open reports: counted, not stored. */
  reportedOften: 'Thank you. This has already been reported several times; the site team will look at it.',

  // ---- /admin: the Reports tab ----
  adminTitle: 'Reports from families',
  adminIntro:
    'Factual problems families reported on program pages. Check each with the program or the listing, correct what is wrong, then mark it resolved.',
  adminEmpty: { open: 'No open reports.', resolved: 'No resolved reports.', all: 'No reports yet.' },
  adminLoadFailed: 'The reports could not be loaded. Please try again.',
  /** Under the list while another page follows (ADMIN_REPORTS_PAGE_SIZE a page). */
  adminShowMore: 'Show more reports',
  adminLoadingMore: 'Loading…',
  /** The count above the list while another page follows ("50 reports shown"). */
  adminShown: { one: 'report shown', many: 'reports shown' },
  noEmail: 'No email given',
  programFile: 'Program file (no provider account)',
  notListed: 'No longer listed',
  resolve: 'Mark resolved',
  resolveConfirm: 'Mark resolved',
  noteLabel: 'Note',
  noteHint: 'What was done, for the site team (optional). The provider sees it with the report.',
  resolvedTitle: 'Report Resolved',
  resolvedDescription: 'The report is marked resolved.',
  resolveFailed: 'The report could not be marked resolved. Please try again.',

  // ---- What the admin API refuses ----
  reportNotFound: 'Report not found.',
  alreadyResolved: 'This report was already resolved.',
  /** A resolution that names no version of the report (as for every other decision). */
  revisionRequired: 'Reload the page: this decision does not say which version you reviewed.',
  /** A resolution on an older version: the report was resolved and reopened since it was read. */
  reportChanged: 'This report changed after you opened it — read it again before resolving it.',
  resolveStatus: "Send status 'resolved' to mark a report resolved.",
  noteType: 'The note must be text.',
  noteTooLong: `The note must be at most ${String(REPORT_NOTE_MAX)} characters.`,
  noteControl: 'The note must not contain control characters.',
  noteUnicode: 'The note contains text that is not valid Unicode.',
  noteBidi: 'The note must not contain direction-override characters.',
  statusFilter: 'Show open or resolved reports (status=open or status=resolved).',
  offsetInvalid: 'offset must be a whole number from 0.',
  /** Beside a report whose program had more reports than are kept open. */
  notStored: (n: number) =>
    `${String(n)} more ${n === 1 ? 'report' : 'reports'} on this program ${n === 1 ? 'was' : 'were'} received and counted, not stored.`,

  // ---- The provider dashboard's card ----
  providerTitle: 'Reports from families',
  providerIntro:
    'Families can report a factual problem on your program pages. The site team checks each one with you; correct your listing when something is out of date.',
  providerEmpty: 'No reports on your listings.',
  providerLoadFailed: 'The reports on your listings could not be loaded. Please try again.',
} as const;

/** The label of a report's status, as the admin tab and the provider card show it. */
export const REPORT_STATUS_LABELS: Readonly<Record<ReportStatus, string>> = {
  open: 'Open',
  resolved: 'Resolved',
};

/**
 * Most open reports stored per item (a review; a program for error reports): more are counted,
 * not stored (`private.open_reports_cap()`, migration 20261206200200_report_limits.sql).
 */
export const OPEN_REPORTS_CAP = 10;

/**
 * What became of a report: `stored` (201), `already_reported` (200: the sender already has an
 * open report on the item; nothing stored) or `counted` (200: the item has OPEN_REPORTS_CAP open
 * reports; only counted for the moderator).
 */
export const REPORT_OUTCOMES = ['stored', 'already_reported', 'counted'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** The answer to a report of a program or a review. `id`: the stored report, else null. */
export interface ReportReceipt {
  id: string | null;
  outcome: ReportOutcome;
  /** What to tell the person when the report was not stored; null when it was. */
  message: string | null;
}

/** `POST /api/reports` → 201 or 200. `program_sees_it`: the program has a provider account that reads the report. */
export interface ReportResponse extends ReportReceipt {
  program_sees_it: boolean;
}

/** The program a report is about, as the admin tab shows it. */
export interface ReportProgram {
  id: string;
  /** Its name; null when it is no longer in the directory and no listing names it. */
  name: string | null;
  /** Its page (`/program/<id>` or a dedicated one such as `/mclean`); null when it is not listed now. */
  path: string | null;
}

/** One report in `GET /api/admin/reports`. */
export interface AdminReport extends Pick<
  ListingReportRow,
  | 'id'
  | 'program_id'
  | 'what'
  | 'email'
  | 'created_at'
  | 'status'
  | 'resolved_at'
  | 'resolution_note'
  | 'revision'
> {
  program: ReportProgram;
  /** The listing published as the program, when it is one. */
  listing: { id: string; center_name: string } | null;
  /** That listing's provider. */
  provider: { id: string; organization_name: string } | null;
  /** Reports on the same program received beyond OPEN_REPORTS_CAP open ones: counted, not stored. */
  reports_not_stored: number;
}

/** Reports per page of `GET /api/admin/reports`. */
export const ADMIN_REPORTS_PAGE_SIZE = 50;

/**
 * `GET /api/admin/reports[?status=open|resolved][&offset=N]` → 200: open first, newest first,
 * ADMIN_REPORTS_PAGE_SIZE a page; `next_offset` asks for the next page (null: this was the last).
 */
export interface AdminReportsResponse {
  reports: AdminReport[];
  next_offset: number | null;
}

/** `PATCH /api/admin/reports/:id` → 200. */
export interface AdminReportResponse {
  report: AdminReport;
}

/** One report in `GET /api/provider/reports` (never the reporter's address). */
export interface ProviderReport extends Pick<
  ListingReportRow,
  'id' | 'program_id' | 'listing_id' | 'what' | 'created_at' | 'status' | 'resolved_at' | 'resolution_note'
> {
  /** The listing's center name. */
  center_name: string;
}

/** `GET /api/provider/reports` → 200: the reports on the caller's listings, open first, newest first (at most 500). */
export interface ProviderReportsResponse {
  reports: ProviderReport[];
}
