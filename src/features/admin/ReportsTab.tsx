import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { apiFetch, failureText, readFailure } from '../../api/client.ts';
import {
  REPORT_MESSAGES as M,
  REPORT_NOTE_MAX,
  REPORT_STATUS_LABELS,
  type AdminReport,
  type AdminReportResponse,
  type AdminReportsResponse,
} from '../../api/contracts/reports.ts';
import type { ResolveReportBody } from '../../api/contracts/reports-schemas.ts';
import { codePointLength } from '../../lib/text-rules.ts';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { primaryButton, secondaryBusyButton, secondaryButton } from '../../ui/buttons.ts';
import { FieldHint, FieldMessage, inputClass, labelClass } from '../../ui/fields.tsx';
import { formatDay, formatDayTime } from '../../ui/format.ts';
import { Pill } from '../../ui/Pill.tsx';
import { showToast } from '../../ui/toasts/store.ts';
import type { Failure, Result } from './api.ts';
import { ListState, Row, usePagedQueue, type QueuePage } from './parts.tsx';

export const REPORTS_ENDPOINT = '/api/admin/reports';

/** The filters of the reports queue; '' asks for every report. */
export const REPORT_FILTERS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: '', label: 'All' },
] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number]['value'];

async function call(path: string, init?: RequestInit): Promise<Response | null> {
  try {
    return await apiFetch(path, init);
  } catch (error) {
    console.warn(`Could not reach ${path}:`, error);
    return null;
  }
}

/** A non-2xx answer (or none) as the failure the admin page acts on. */
async function failure(res: Response | null, title: string, fallback: string): Promise<Failure> {
  if (res?.status === 401) return { ok: false, kind: 'unauthorized' };
  if (res?.status === 403) return { ok: false, kind: 'forbidden' };
  const read = await readFailure(res);
  const message = { title, description: failureText(read, fallback) };
  return read.fields
    ? { ok: false, kind: 'error', status: read.status, message, fields: read.fields }
    : { ok: false, kind: 'error', status: read.status, message };
}

/**
 * `GET /api/admin/reports[?status=]&offset=N`: one page (ADMIN_REPORTS_PAGE_SIZE reports) and where
 * the next starts (`next_offset`, null on the last). The tab shows the first page at once and asks
 * for the next only when the administrator does ("Show more reports").
 */
export async function loadReports(
  filter: ReportFilter,
  offset = 0,
): Promise<Result<{ value: AdminReportsResponse }>> {
  const title = 'Error Loading Data';
  const query = filter === '' ? `?offset=${String(offset)}` : `?status=${filter}&offset=${String(offset)}`;
  const res = await call(`${REPORTS_ENDPOINT}${query}`);
  if (!res?.ok) return failure(res, title, M.adminLoadFailed);
  let data: Partial<AdminReportsResponse> | null = null;
  try {
    data = (await res.json()) as Partial<AdminReportsResponse>;
  } catch {
    // Not the API's answer: the message below.
  }
  if (!Array.isArray(data?.reports))
    return {
      ok: false,
      kind: 'error',
      status: res.status,
      message: { title, description: M.adminLoadFailed },
    };
  const nextOffset = typeof data.next_offset === 'number' ? data.next_offset : null;
  return { ok: true, value: { reports: data.reports, next_offset: nextOffset } };
}

/** One page of reports as the shared paged queue reads it. */
async function reportPage(
  filter: ReportFilter,
  offset?: number,
): Promise<Result<{ value: QueuePage<AdminReport> }>> {
  const result = await loadReports(filter, offset);
  return result.ok
    ? { ok: true, value: { items: result.value.reports, next_offset: result.value.next_offset } }
    : result;
}

/** Whether the server's list under `filter` still holds `report` (the filters of listing-reports.mts). */
function listedUnder(report: AdminReport, filter: ReportFilter): boolean {
  return filter === '' || report.status === filter;
}

/** `PATCH /api/admin/reports/<id>` `{ status: 'resolved', note?, revision }`: the version shown. */
export async function resolveReport(
  report: Pick<AdminReport, 'id' | 'revision'>,
  note: string,
): Promise<Result<{ value: AdminReport }>> {
  const title = 'Report Not Resolved';
  const { revision } = report;
  const body: ResolveReportBody =
    note.trim() === '' ? { status: 'resolved', revision } : { status: 'resolved', note, revision };
  const res = await call(`${REPORTS_ENDPOINT}/${encodeURIComponent(report.id)}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res?.ok) return failure(res, title, M.resolveFailed);
  try {
    const data = (await res.json()) as Partial<AdminReportResponse>;
    if (data.report) return { ok: true, value: data.report };
  } catch {
    // Not the API's answer: the message below.
  }
  return { ok: false, kind: 'error', status: res.status, message: { title, description: M.resolveFailed } };
}

/**
 * /admin's Reports tab: the factual problems families reported on program pages, open
 * first. Each shows the program (a link to its page while it is listed), its listing and
 * provider, what is wrong, the reporter's address when given, and the date; "Mark resolved" takes
 * an optional note. The first page shows at once; "Show more reports" under the list appends the
 * next while there is one.
 */
export function ReportsTab({ onFailure }: { onFailure: (failure: Failure) => void }) {
  const filterId = useId();
  const { filter, setFilter, load, refresh, replace, nextOffset, loadingMore, more, moreRef, focusId } =
    usePagedQueue<AdminReport, ReportFilter>(reportPage, 'open', listedUnder, onFailure);
  const empty =
    filter === 'open' ? M.adminEmpty.open : filter === 'resolved' ? M.adminEmpty.resolved : M.adminEmpty.all;

  return (
    <section className="flex flex-col gap-4" aria-labelledby="reports-queue-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <SectionTitle id="reports-queue-title">{M.adminTitle}</SectionTitle>
          <p className="mt-1 max-w-prose text-sm text-muted">{M.adminIntro}</p>
        </div>
        <div className="w-full sm:w-56">
          <label htmlFor={filterId} className={labelClass}>
            Show
          </label>
          <select
            id={filterId}
            className={inputClass}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as ReportFilter);
            }}
          >
            {REPORT_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListState
        load={load}
        empty={empty}
        count={load.state === 'ready' ? load.items.length : 0}
        noun={nextOffset !== null ? [M.adminShown.one, M.adminShown.many] : ['report', 'reports']}
        onRetry={() => void refresh(filter)}
      />
      {load.state === 'ready' && load.items.length > 0 ? (
        <ul className="flex flex-col gap-4" data-testid="reports">
          {load.items.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} focus={r.id === focusId} onResolved={replace} onFailure={onFailure} />
            </li>
          ))}
        </ul>
      ) : null}
      {load.state === 'ready' && nextOffset !== null ? (
        <div>
          <button
            ref={moreRef}
            type="button"
            className={secondaryBusyButton}
            disabled={loadingMore}
            aria-busy={loadingMore}
            onClick={() => void more()}
          >
            {loadingMore ? M.adminLoadingMore : M.adminShowMore}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function ReportCard({
  report,
  focus,
  onResolved,
  onFailure,
}: {
  report: AdminReport;
  /** Moves the focus here (the first report "Show more reports" added). */
  focus: boolean;
  onResolved: (report: AdminReport) => void;
  onFailure: (failure: Failure) => void;
}) {
  const name = report.program.name ?? report.program_id;
  const headingId = `report-${report.id}`;
  const resolved = report.status === 'resolved';
  // Right after "Mark resolved" its form is gone: the focus moves to the report it changed.
  const [justResolved, setJustResolved] = useState(false);
  const articleRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (justResolved) articleRef.current?.focus();
  }, [justResolved]);
  useEffect(() => {
    if (focus) articleRef.current?.focus();
  }, [focus]);
  return (
    <article
      ref={articleRef}
      tabIndex={-1}
      className={card}
      aria-labelledby={headingId}
      data-report-id={report.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words">
          {report.program.path !== null ? (
            <a href={report.program.path} className="text-brand-700 underline underline-offset-2">
              {name}
            </a>
          ) : (
            name
          )}
        </h3>
        <Pill tone={resolved ? 'slate' : 'amber'}>{REPORT_STATUS_LABELS[report.status]}</Pill>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-0.5 sm:grid-cols-[max-content_1fr] sm:gap-y-2">
        <Row term="What is wrong">
          <p className="whitespace-pre-line">{report.what}</p>
        </Row>
        <Row term="Program">
          <span className="break-all">{report.program_id}</span>
          {report.program.path === null ? <span className="text-muted"> ({M.notListed})</span> : null}
        </Row>
        <Row term="Provider">
          {report.provider !== null ? (
            <>
              {report.provider.organization_name}
              {report.listing !== null ? (
                <span className="text-muted"> (listing: {report.listing.center_name})</span>
              ) : null}
            </>
          ) : (
            M.programFile
          )}
        </Row>
        <Row term="E-mail">
          {report.email !== null ? (
            <a
              href={`mailto:${report.email}`}
              className="break-all text-brand-700 underline underline-offset-2"
            >
              {report.email}
            </a>
          ) : (
            <span className="text-muted">{M.noEmail}</span>
          )}
        </Row>
        <Row term="Sent">{formatDayTime(report.created_at)}</Row>
        {report.reports_not_stored > 0 ? (
          <Row term="Also">
            <span className="text-muted">{M.notStored(report.reports_not_stored)}</span>
          </Row>
        ) : null}
        {resolved ? <Row term="Resolved on">{formatDay(report.resolved_at)}</Row> : null}
        {resolved && report.resolution_note !== null ? (
          <Row term="Note">
            <p className="whitespace-pre-line">{report.resolution_note}</p>
          </Row>
        ) : null}
      </dl>
      {!resolved ? (
        <div className="mt-4">
          <ResolvePanel
            report={report}
            name={name}
            onResolved={(next) => {
              setJustResolved(true);
              onResolved(next);
            }}
            onFailure={onFailure}
          />
        </div>
      ) : null}
    </article>
  );
}

/** "Mark resolved": opens a small form with an optional note; a refusal keeps what was typed. */
function ResolvePanel({
  report,
  name,
  onResolved,
  onFailure,
}: {
  report: AdminReport;
  name: string;
  onResolved: (report: AdminReport) => void;
  onFailure: (failure: Failure) => void;
}) {
  const baseId = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const noteId = `${baseId}-note`;

  if (!open) {
    return (
      <button
        ref={openerRef}
        type="button"
        className={secondaryButton}
        onClick={() => {
          setOpen(true);
          setError(null);
          requestAnimationFrame(() => noteRef.current?.focus());
        }}
      >
        {M.resolve}
        <span className="sr-only"> (report on {name})</span>
      </button>
    );
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (codePointLength(note.trim()) > REPORT_NOTE_MAX) {
      setError(M.noteTooLong);
      noteRef.current?.focus();
      return;
    }
    setError(null);
    setSending(true);
    const result = await resolveReport(report, note);
    setSending(false);
    if (result.ok) {
      onResolved(result.value);
      showToast({ title: M.resolvedTitle, description: M.resolvedDescription });
      return;
    }
    if (result.kind !== 'error') {
      onFailure(result);
      return;
    }
    setError(result.fields?.['note'] ?? result.message.description);
    noteRef.current?.focus();
  };

  return (
    <form
      className="rounded-lg border border-slate-300 bg-slate-50 p-4"
      aria-label={`${M.resolve}: ${name}`}
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <label htmlFor={noteId} className={labelClass}>
        {M.noteLabel} <span className="font-normal text-muted">(optional)</span>
      </label>
      <FieldHint id={`${noteId}-hint`} hint={M.noteHint} />
      <textarea
        id={noteId}
        ref={noteRef}
        className={`${inputClass} min-h-24`}
        value={note}
        disabled={sending}
        aria-invalid={error !== null ? true : undefined}
        aria-describedby={error !== null ? `${noteId}-error ${noteId}-hint` : `${noteId}-hint`}
        onChange={(e) => {
          setNote(e.target.value);
        }}
      />
      <FieldMessage id={`${noteId}-error`} message={error} />
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={sending} aria-busy={sending}>
          {sending ? 'Sending…' : M.resolveConfirm}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={sending}
          onClick={() => {
            setOpen(false);
            setError(null);
            requestAnimationFrame(() => openerRef.current?.focus());
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
