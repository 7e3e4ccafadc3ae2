import { useCallback, useEffect, useState } from 'react';
import { apiFetch, failureText, readFailure } from '../../api/client.ts';
import {
  REPORT_MESSAGES as M,
  REPORT_STATUS_LABELS,
  type ProviderReport,
  type ProviderReportsResponse,
} from '../../api/contracts/reports.ts';
import { card, RetryAlert, SectionTitle } from '../../ui/boxes.tsx';
import { formatDay } from '../../ui/format.ts';
import { Pill } from '../../ui/Pill.tsx';
import type { Failure } from './api.ts';

export const PROVIDER_REPORTS_ENDPOINT = '/api/provider/reports';

type Load =
  | { state: 'loading' }
  | { state: 'error'; description: string }
  | { state: 'ready'; reports: ProviderReport[] };

/** `GET /api/provider/reports`: the reports on the caller's listings, or why not. */
async function loadReports(): Promise<{ ok: true; reports: ProviderReport[] } | Failure> {
  let res: Response | null;
  try {
    res = await apiFetch(PROVIDER_REPORTS_ENDPOINT);
  } catch {
    res = null;
  }
  if (res?.status === 401) return { ok: false, kind: 'unauthorized' };
  const message = { title: 'Error Loading Data', description: M.providerLoadFailed };
  if (!res?.ok) {
    const read = await readFailure(res);
    return {
      ok: false,
      kind: 'error',
      status: read.status,
      message: { ...message, description: failureText(read, M.providerLoadFailed) },
    };
  }
  try {
    const data = (await res.json()) as Partial<ProviderReportsResponse>;
    if (Array.isArray(data.reports)) return { ok: true, reports: data.reports };
  } catch {
    // Not the API's answer: the message below.
  }
  return { ok: false, kind: 'error', status: res.status, message };
}

/**
 * "Reports from families" on the dashboard's overview: what families reported as wrong
 * on the provider's program pages, with the date and whether the site team resolved it (and its
 * note). Loaded on its own, so the rest of the dashboard never waits for it.
 */
export function ReportsCard({ onFailure }: { onFailure: (failure: Failure) => void }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const refresh = useCallback(async () => {
    setLoad({ state: 'loading' });
    const result = await loadReports();
    if (result.ok) setLoad({ state: 'ready', reports: result.reports });
    else if (result.kind === 'error') setLoad({ state: 'error', description: result.message.description });
    else onFailure(result);
  }, [onFailure]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <section
      className={`${card} mt-6`}
      aria-labelledby="provider-reports-title"
      data-testid="provider-reports"
    >
      <SectionTitle id="provider-reports-title">{M.providerTitle}</SectionTitle>
      <p className="mt-1 text-sm text-muted">{M.providerIntro}</p>
      <div className="mt-4">
        {load.state === 'loading' ? (
          <p role="status" className="text-muted">
            Loading…
          </p>
        ) : load.state === 'error' ? (
          <RetryAlert description={load.description} onRetry={() => void refresh()} />
        ) : load.reports.length === 0 ? (
          <p className="text-muted">{M.providerEmpty}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200">
            {load.reports.map((r) => (
              <li key={r.id} className="py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 font-semibold break-words">{r.center_name}</p>
                  <Pill tone={r.status === 'resolved' ? 'slate' : 'amber'}>
                    {REPORT_STATUS_LABELS[r.status]}
                  </Pill>
                </div>
                <p className="mt-1 text-sm text-muted">
                  Reported on {formatDay(r.created_at)}
                  {r.status === 'resolved' && r.resolved_at !== null
                    ? `, resolved on ${formatDay(r.resolved_at)}`
                    : ''}
                </p>
                <p className="mt-2 break-words whitespace-pre-line">{r.what}</p>
                {r.resolution_note !== null ? (
                  <p className="mt-2 rounded-md bg-slate-50 p-2 text-sm break-words whitespace-pre-line">
                    <span className="font-semibold">Site team: </span>
                    {r.resolution_note}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
