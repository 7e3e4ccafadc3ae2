/**
 * Reports of factual problems on program pages ("Report an error"). Words:
 * REPORT_MESSAGES (src/api/contracts/reports.ts); table `listing_reports` (migration
 * 20261126000300, which holds who may read and write).
 *
 * - `POST /api/reports` `{ program_id, what, email? }` → 201 `{ id, outcome: 'stored', message:
 *   null, program_sees_it }`. Anyone, signed in or not (the report is stored as `anon` either
 *   way, and a stale token never stops it; a valid one links the report to the account, for its
 *   export and deletion). One open report per reporter and program (the account, else the
 *   sender's network: `_shared/reporter.ts`): a second one answers 200 `{ id: null, outcome:
 *   'already_reported', message }` and stores nothing; a program with OPEN_REPORTS_CAP open
 *   reports answers 200 `outcome: 'counted'` (only counted for the site team). The program must be in the directory: a program file or a published
 *   listing (`findListedProgram`), else 404 in words. The database derives the
 *   listing and provider the report is about; `program_sees_it` says whether a provider reads it
 *   (the thank-you text depends on it). Refusals store nothing: bad input 400 with one message
 *   per field, body over 16 KB 413, not JSON 415, more than 5 reports a minute from one IP or 5
 *   an hour for one e-mail address 429.
 * - `GET /api/admin/reports[?status=open|resolved][&offset=N]` → 200 `{ reports: AdminReport[],
 *   next_offset }`: with the program's name and page, the listing and its provider, the
 *   reporter's address and the program's reports counted beyond the cap (`reports_not_stored`);
 *   open first, then newest, 50 a page (`next_offset` null on the last). 400 for another status
 *   or offset.
 * - `PATCH /api/admin/reports/:id` `{ status: 'resolved', note?, revision }` → 200 `{ report }`.
 *   The date and the administrator are the database's. `revision` is the report's as the list
 *   showed it (400 without); 404 for an unknown id, 409 when already resolved, 409 with
 *   `fields.revision` when it changed since (resolved and reopened).
 * - `GET /api/provider/reports` → 200 `{ reports: ProviderReport[] }`: the reports on the
 *   caller's listings (never the reporter's address); 404 without a provider profile.
 *
 * Admin calls: 401 without a valid token, 403 for anyone who is not an administrator
 * (`private.is_admin()` in the same RLS transaction). Every call: 405 for other methods, 429 over
 * the function's limit (120 a minute per IP).
 */
import type { Config, Context } from '@netlify/functions';
import { randomUUID } from 'node:crypto';
import { NO_PROFILE } from '../../src/api/contracts/providers.ts';
import {
  ADMIN_REPORTS_PAGE_SIZE,
  REPORT_BODY_MAX_BYTES,
  REPORT_MESSAGES,
  REPORT_STATUSES,
  type AdminReportResponse,
  type AdminReportsResponse,
  type ProviderReportsResponse,
  type ReportResponse,
  type ReportStatus,
} from '../../src/api/contracts/reports.ts';
import { reportBodySchema, resolveReportSchema } from '../../src/api/contracts/reports-schemas.ts';
import { UUID_PATTERN } from '../../src/lib/provider-schemas.ts';
import { assertAdmin, changedSince } from './_shared/admin.ts';
import { requireUser } from './_shared/auth.ts';
import { withClaims } from './_shared/db.ts';
import {
  allowMethods,
  badRequest,
  badRequestFromZod,
  conflict,
  handle,
  HttpError,
  json,
  notFound,
  pathParam,
  readJson,
} from './_shared/http.ts';
import { findListedProgram } from './_shared/programs.ts';
import { RateLimiter } from './_shared/rate-limit.ts';
import { reporterKey, senderOf } from './_shared/reporter.ts';
import { isDuplicateReport, selectAdminReports, selectProviderReports } from './_shared/reports.ts';

const ADMIN_ITEM = /^\/api\/admin\/reports\/([^/]+)$/;

/** Reports from one IP: a person reports a problem or two; a script is stopped. */
export const PER_IP: NonNullable<Config['rateLimit']> = {
  windowLimit: 5,
  windowSize: 60,
  aggregateBy: ['ip', 'domain'],
};
/** Reports sent with one e-mail address per hour, whatever the IP. */
export const PER_EMAIL = { windowLimit: 5, windowSize: 3600 } as const;

/** A 429 of the report limits, in the dialog's words. */
async function limited(check: Promise<void>, message: string): Promise<void> {
  try {
    await check;
  } catch (error) {
    if (error instanceof HttpError && error.status === 429)
      throw new HttpError(429, 'rate_limited', message, { headers: error.headers });
    throw error;
  }
}

async function send(req: Request, context: Context): Promise<Response> {
  allowMethods(req, ['POST']);
  await limited(postLimiter.check(context), REPORT_MESSAGES.tooMany);
  let body: unknown;
  try {
    body = await readJson(req, { maxBytes: REPORT_BODY_MAX_BYTES });
  } catch (error) {
    if (error instanceof HttpError && error.status === 413)
      throw new HttpError(413, 'payload_too_large', REPORT_MESSAGES.tooLarge);
    throw error;
  }
  const parsed = reportBodySchema.safeParse(body);
  if (!parsed.success) throw badRequestFromZod(parsed.error);
  const report = parsed.data;
  const program = await findListedProgram(report.program_id);
  // A 404 carries no `fields` (those are for 400s): the dialog shows it once, above Send.
  if (!program) throw notFound(REPORT_MESSAGES.unknownProgram);
  if (report.email !== undefined)
    await limited(postLimiter.checkKey('email', report.email, PER_EMAIL), REPORT_MESSAGES.tooManyFromAddress);

  const id = randomUUID();
  const reporter = reporterKey(await senderOf(req), context);
  const answer = await withClaims(null, async (tx): Promise<ReportResponse> => {
    // As a visitor, without RETURNING: visitors may send reports, never read them. No row is
    // stored when the program already has OPEN_REPORTS_CAP open reports (only counted), and a
    // second open report by the same reporter is refused (private.limit_reports).
    // In a savepoint, so that a refused duplicate leaves the transaction usable.
    const inserted = await tx
      .savepoint(
        (sp) => sp`
          insert into listing_reports (id, program_id, what, email, reporter)
          values (${id}, ${program.id}, ${report.what}, ${report.email ?? null}, ${reporter})`,
      )
      .catch((error: unknown) => {
        if (isDuplicateReport(error, 'listing_reports')) return null;
        throw error;
      });
    if (inserted === null)
      return {
        id: null,
        outcome: 'already_reported',
        message: REPORT_MESSAGES.alreadyReported,
        program_sees_it: false,
      };
    if (inserted.count === 0)
      return { id: null, outcome: 'counted', message: REPORT_MESSAGES.reportedOften, program_sees_it: false };
    // Whether a provider reads it: the database derived the provider. Read by the server's own
    // role in the same transaction, and only this yes or no leaves it.
    await tx`select set_config('role', 'service_role', true), set_config('request.jwt.claims', '', true)`;
    const [row] = await tx<{ sees: boolean }[]>`
      select provider_id is not null as sees from listing_reports where id = ${id}`;
    return { id, outcome: 'stored', message: null, program_sees_it: row?.sees === true };
  });
  return json(answer, answer.outcome === 'stored' ? 201 : 200);
}

function statusFilter(req: Request): ReportStatus | undefined {
  const value = new URL(req.url).searchParams.get('status');
  if (value === null || value === '') return undefined;
  if ((REPORT_STATUSES as readonly string[]).includes(value)) return value as ReportStatus;
  throw badRequest(REPORT_MESSAGES.statusFilter, { status: REPORT_MESSAGES.statusFilter });
}

function offsetOf(req: Request): number {
  const raw = new URL(req.url).searchParams.get('offset');
  if (raw === null || raw === '') return 0;
  if (!/^\d{1,6}$/.test(raw))
    throw badRequest(REPORT_MESSAGES.offsetInvalid, { offset: REPORT_MESSAGES.offsetInvalid });
  return Number(raw);
}

async function adminList(req: Request): Promise<Response> {
  allowMethods(req, ['GET']);
  const claims = await requireUser(req);
  const status = statusFilter(req);
  const offset = offsetOf(req);
  const reports = await withClaims(
    claims,
    async (tx) => {
      await assertAdmin(tx);
      // One more than a page: whether another page follows.
      return selectAdminReports(tx, { status, offset, limit: ADMIN_REPORTS_PAGE_SIZE + 1 });
    },
    { readOnly: true },
  );
  return json({
    reports: reports.slice(0, ADMIN_REPORTS_PAGE_SIZE),
    next_offset: reports.length > ADMIN_REPORTS_PAGE_SIZE ? offset + ADMIN_REPORTS_PAGE_SIZE : null,
  } satisfies AdminReportsResponse);
}

async function adminResolve(req: Request, id: string): Promise<Response> {
  allowMethods(req, ['PATCH']);
  const claims = await requireUser(req);
  const body = await readJson(req);
  const report = await withClaims(claims, async (tx) => {
    await assertAdmin(tx);
    const parsed = resolveReportSchema.safeParse(body);
    if (!parsed.success) throw badRequestFromZod(parsed.error);
    if (!UUID_PATTERN.test(id)) throw notFound(REPORT_MESSAGES.reportNotFound);
    const [current] = await tx<{ status: ReportStatus; revision: number }[]>`
      select status, revision from listing_reports where id = ${id} for update`;
    if (!current) throw notFound(REPORT_MESSAGES.reportNotFound);
    if (current.status === 'resolved') throw conflict(REPORT_MESSAGES.alreadyResolved);
    // Open again but not the version read: resolved and reopened since (Studio). The locked row
    // decides, so the administrator closes only what they saw.
    if (current.revision !== parsed.data.revision) throw changedSince(REPORT_MESSAGES.reportChanged);
    await tx`
      update listing_reports set status = 'resolved', resolution_note = ${parsed.data.note}
      where id = ${id}`;
    const [resolved] = await selectAdminReports(tx, { id });
    if (!resolved) throw notFound(REPORT_MESSAGES.reportNotFound);
    return resolved;
  });
  return json({ report } satisfies AdminReportResponse);
}

async function providerList(req: Request): Promise<Response> {
  allowMethods(req, ['GET']);
  const claims = await requireUser(req);
  const reports = await withClaims(
    claims,
    async (tx) => {
      const [me] = await tx<{ id: string }[]>`select id from providers where user_id = ${claims.sub}`;
      if (!me) throw notFound(NO_PROFILE);
      return selectProviderReports(tx, me.id);
    },
    { readOnly: true },
  );
  return json({ reports } satisfies ProviderReportsResponse);
}

export default handle('listing-reports', async (req: Request, context: Context) => {
  await limiter.check(context);
  const { pathname } = new URL(req.url);
  if (pathname === '/api/reports') return send(req, context);
  if (pathname === '/api/admin/reports') return adminList(req);
  if (pathname === '/api/provider/reports') return providerList(req);
  const id = pathParam(req, context, 'id', ADMIN_ITEM);
  if (id !== null) return adminResolve(req, id);
  throw notFound();
});

export const config: Config = {
  path: ['/api/reports', '/api/admin/reports', '/api/admin/reports/:id', '/api/provider/reports'],
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

const limiter = new RateLimiter('listing-reports', config.rateLimit);
const postLimiter = new RateLimiter('reports-sent', PER_IP);
