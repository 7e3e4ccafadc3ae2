import { useId, useState } from 'react';
import { barPercent, ENGAGEMENT_METRICS, engagementRows, largestCount } from './engagement.ts';
import type { ProgramEngagement } from '../../api/contracts/providers.ts';

const BAR_COLOURS: Record<(typeof ENGAGEMENT_METRICS)[number]['key'], string> = {
  views: 'bg-brand-600',
  website_clicks: 'bg-teal-700',
  call_clicks: 'bg-amber-600',
  info_requests: 'bg-purple-700',
};

/**
 * Engagement per published program as horizontal bars (no chart library), with the same numbers
 * as a table one click away. The bars are presentational (aria-hidden); each bar group has a
 * text summary, and the table is the accessible alternative.
 */
export function EngagementChart({
  engagement,
  nameOf,
}: {
  engagement: ProgramEngagement[];
  nameOf: (programId: string) => string | undefined;
}) {
  const tableId = useId();
  const [asTable, setAsTable] = useState(false);
  if (engagement.length === 0) {
    return (
      <p className="mt-3 text-muted">
        Views, website clicks, call clicks and info requests appear here once one of your listings is approved
        and published in the directory.
      </p>
    );
  }
  const rows = engagementRows(engagement, nameOf);
  const max = largestCount(rows);
  return (
    <div className="mt-3">
      <button
        type="button"
        className="rounded-sm text-sm font-medium text-brand-700 underline underline-offset-2"
        aria-expanded={asTable}
        aria-controls={tableId}
        onClick={() => {
          setAsTable((v) => !v);
        }}
      >
        {asTable ? 'Show as chart' : 'Show as table'}
      </button>
      {asTable ? (
        <div className="mt-3 overflow-x-auto" id={tableId}>
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Engagement per program over the last 30 days</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Program
                </th>
                {ENGAGEMENT_METRICS.map((m) => (
                  <th key={m.key} scope="col" className="py-2 pr-4 text-right font-semibold">
                    {m.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.program_id} className="border-b border-slate-200">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {r.name}
                  </th>
                  {ENGAGEMENT_METRICS.map((m) => (
                    <td key={m.key} className="py-2 pr-4 text-right tabular-nums">
                      {r[m.key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="mt-3 flex flex-col gap-5" id={tableId}>
          {rows.map((r) => (
            <li key={r.program_id}>
              <p className="font-medium">{r.name}</p>
              <p className="sr-only">
                {ENGAGEMENT_METRICS.map((m) => `${m.label}: ${r[m.key]}`).join(', ')}.
              </p>
              <div className="mt-2 flex flex-col gap-1.5" aria-hidden="true">
                {ENGAGEMENT_METRICS.map((m) => (
                  <div key={m.key} className="grid grid-cols-[8rem_1fr_3rem] items-center gap-2 text-sm">
                    <span className="text-muted">{m.label}</span>
                    <span className="h-3 rounded-sm bg-slate-100">
                      <span
                        className={`block h-3 rounded-sm ${BAR_COLOURS[m.key]}`}
                        style={{ width: `${barPercent(r[m.key], max)}%` }}
                      />
                    </span>
                    <span className="text-right tabular-nums">{r[m.key]}</span>
                  </div>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
