import type { ReactNode } from 'react';
import { Pill } from '../../ui/Pill.tsx';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { formatDay, formatDayTime } from '../../ui/format.ts';
import type { AdminOverview, PublishingState } from '../../api/contracts/admin.ts';
import { publishingView, trialState, verificationLabel } from './rules.ts';

const th = 'border-b border-slate-300 px-3 py-2 text-left font-semibold whitespace-nowrap';
const td = 'border-b border-slate-200 px-3 py-2 align-top';
const num = `${td} text-right tabular-nums`;

/** A table that scrolls sideways on narrow screens (focusable, named, so keyboards can scroll it). */
function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mt-3 overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full min-w-[36rem] border-collapse text-sm">{children}</table>
    </div>
  );
}

/** Whether approvals and changes are on the live directory; a failed build with its error. */
function PublishingSection({ publishing }: { publishing: PublishingState }) {
  const view = publishingView(publishing, formatDayTime);
  return (
    <section className={card} aria-labelledby="overview-publishing-title" data-testid="publishing">
      <SectionTitle id="overview-publishing-title">Publishing</SectionTitle>
      <p className="mt-3">
        <Pill tone={view.tone}>{view.label}</Pill>
      </p>
      <p className="mt-2 text-muted">{view.detail}</p>
      {view.error && (
        <details className="mt-2">
          <summary className="cursor-pointer font-medium">What went wrong</summary>
          <pre className="mt-2 overflow-x-auto rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap">
            {view.error}
          </pre>
        </details>
      )}
    </section>
  );
}

/** Publishing; providers with their trial and verification state; inquiries; 30 days of engagement. */
export function OverviewTab({ data, now }: { data: AdminOverview; now: number }) {
  const { by_status: byStatus, by_program: byProgram } = data.inquiries;
  const inquiryTotal = byStatus.new + byStatus.contacted + byStatus.closed;
  return (
    <div className="flex flex-col gap-6">
      <PublishingSection publishing={data.publishing} />
      <section className={card} aria-labelledby="overview-providers-title">
        <SectionTitle id="overview-providers-title">Providers ({data.providers.length})</SectionTitle>
        {data.providers.length === 0 ? (
          <p className="mt-3 text-muted">No provider accounts yet.</p>
        ) : (
          <ScrollTable label="Providers">
            <caption className="sr-only">Provider accounts, newest first</caption>
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Organization
                </th>
                <th scope="col" className={th}>
                  E-mail
                </th>
                <th scope="col" className={th}>
                  Subscription
                </th>
                <th scope="col" className={th}>
                  Verification
                </th>
                <th scope="col" className={th}>
                  Joined
                </th>
              </tr>
            </thead>
            <tbody>
              {data.providers.map((p) => {
                const trial = trialState(p.subscription_status, p.trial_ends_at, now);
                const verification = verificationLabel(p.verification_status);
                return (
                  <tr key={p.id}>
                    <th scope="row" className={`${td} text-left font-medium`}>
                      {p.organization_name}
                    </th>
                    <td className={`${td} break-all`}>{p.email}</td>
                    <td className={td}>
                      <Pill tone={trial.tone}>{trial.label}</Pill>
                    </td>
                    <td className={td}>
                      <Pill tone={verification.tone}>{verification.label}</Pill>
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{formatDay(p.created_at)}</td>
                  </tr>
                );
              })}
            </tbody>
          </ScrollTable>
        )}
      </section>

      <section className={card} aria-labelledby="overview-inquiries-title">
        <SectionTitle id="overview-inquiries-title">Inquiries ({inquiryTotal})</SectionTitle>
        <ScrollTable label="Inquiries by status">
          <caption className="mt-1 text-left font-semibold">By status</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                Status
              </th>
              <th scope="col" className={`${th} text-right`}>
                Inquiries
              </th>
            </tr>
          </thead>
          <tbody>
            {(
              [
                ['New', byStatus.new],
                ['Contacted', byStatus.contacted],
                ['Closed', byStatus.closed],
              ] as const
            ).map(([label, count]) => (
              <tr key={label}>
                <th scope="row" className={`${td} text-left font-medium`}>
                  {label}
                </th>
                <td className={num}>{count}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
        {byProgram.length === 0 ? (
          <p className="mt-4 text-muted">No inquiries yet.</p>
        ) : (
          <ScrollTable label="Inquiries by program">
            <caption className="mt-3 text-left font-semibold">By program</caption>
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Program
                </th>
                <th scope="col" className={th}>
                  Program id
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Inquiries
                </th>
              </tr>
            </thead>
            <tbody>
              {byProgram.map((p, i) => (
                <tr key={p.program_id ?? `none-${String(i)}`}>
                  <th scope="row" className={`${td} text-left font-medium`}>
                    {p.program_name ?? 'Unnamed'}
                  </th>
                  <td className={td}>{p.program_id ?? '—'}</td>
                  <td className={num}>{p.count}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </section>

      <section className={card} aria-labelledby="overview-engagement-title">
        <SectionTitle id="overview-engagement-title">Engagement, last 30 days</SectionTitle>
        {data.engagement.length === 0 ? (
          <p className="mt-3 text-muted">No engagement in the last 30 days.</p>
        ) : (
          <ScrollTable label="Engagement per program, last 30 days">
            <caption className="sr-only">
              Engagement per program over the last 30 days, most views first
            </caption>
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Program
                </th>
                <th scope="col" className={th}>
                  Program id
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Views
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Website clicks
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Call clicks
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Info requests
                </th>
              </tr>
            </thead>
            <tbody>
              {data.engagement.map((e) => (
                <tr key={e.program_id}>
                  <th scope="row" className={`${td} text-left font-medium`}>
                    {e.program_name ?? 'Unknown program'}
                  </th>
                  <td className={td}>{e.program_id}</td>
                  <td className={num}>{e.views}</td>
                  <td className={num}>{e.website_clicks}</td>
                  <td className={num}>{e.call_clicks}</td>
                  <td className={num}>{e.info_requests}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </section>
    </div>
  );
}
