import { Fragment } from 'react';
import { Pill } from '../../ui/Pill.tsx';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { formatDay, formatDayTime } from '../../ui/format.ts';
import type { AdminOverview, PublishingState } from '../../api/contracts/admin.ts';
import { DataTable } from './parts.tsx';
import {
  ADMIN_TABS,
  adminSearchWithTab,
  publishingView,
  trialState,
  verificationLabel,
  type AdminTabId,
} from './rules.ts';
import { NOTHING_WAITING, waitingParts } from './waiting.ts';

const th = 'border-b border-slate-300 px-3 py-2 text-left font-semibold';
const td = 'border-b border-slate-200 px-3 py-2 align-top';
const num = `${td} text-right tabular-nums`;

type Overview = AdminOverview;
type ProviderRow = Overview['providers'][number];
type ProgramInquiries = Overview['inquiries']['by_program'][number];
type Engagement = Overview['engagement'][number];

/** The /admin tab with this id, if the page has one. */
function adminTab(id: string): AdminTabId | undefined {
  return ADMIN_TABS.find((t) => t.id === id)?.id;
}

/**
 * What waits, first: "3 verification requests, 2 listings, 1 report waiting", each part a link to
 * its tab (a real address, `?tab=…`, so it also opens in a new tab).
 */
function WaitingSection({
  waiting,
  onOpenTab,
}: {
  waiting: Overview['waiting'] | undefined;
  onOpenTab: (tab: AdminTabId) => void;
}) {
  const parts = waitingParts(waiting);
  return (
    <section className={card} aria-labelledby="overview-waiting-title" data-testid="waiting">
      <SectionTitle id="overview-waiting-title">Waiting for review</SectionTitle>
      <p className="mt-3 text-lg">
        {parts.length === 0
          ? NOTHING_WAITING
          : parts.map((part, i) => {
              const tab = adminTab(part.tab);
              return (
                <Fragment key={part.key}>
                  {i > 0 ? ', ' : null}
                  {tab ? (
                    <a
                      href={adminSearchWithTab('', tab)}
                      className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
                      onClick={(event) => {
                        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                        event.preventDefault();
                        onOpenTab(tab);
                      }}
                    >
                      {part.text}
                    </a>
                  ) : (
                    <span className="font-semibold">{part.text}</span>
                  )}
                </Fragment>
              );
            })}
        {parts.length === 0 ? null : ' waiting'}
      </p>
    </section>
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

/**
 * What waits; publishing; providers with their trial and verification state; inquiries; 30 days of
 * engagement. Wide tables become one card per row on phones (DataTable).
 */
export function OverviewTab({
  data,
  now,
  onOpenTab,
}: {
  data: AdminOverview;
  now: number;
  onOpenTab: (tab: AdminTabId) => void;
}) {
  const { by_status: byStatus, by_program: byProgram } = data.inquiries;
  const inquiryTotal = byStatus.new + byStatus.contacted + byStatus.closed;
  return (
    <div className="flex flex-col gap-6">
      <WaitingSection waiting={data.waiting} onOpenTab={onOpenTab} />
      <PublishingSection publishing={data.publishing} />
      <section className={card} aria-labelledby="overview-providers-title">
        <SectionTitle id="overview-providers-title">Providers ({data.providers.length})</SectionTitle>
        {data.providers.length === 0 ? (
          <p className="mt-3 text-muted">No provider accounts yet.</p>
        ) : (
          <DataTable<ProviderRow>
            label="Providers"
            caption="Provider accounts, newest first"
            rows={data.providers}
            rowKey={(p) => p.id}
            rowHeader={{ header: 'Organization', cell: (p) => p.organization_name }}
            columns={[
              { header: 'E-mail', cell: (p) => p.email, breakAll: true },
              {
                header: 'Subscription',
                nowrap: true,
                cell: (p) => {
                  const trial = trialState(p.subscription_status, p.trial_ends_at, now);
                  return <Pill tone={trial.tone}>{trial.label}</Pill>;
                },
              },
              {
                header: 'Verification',
                nowrap: true,
                cell: (p) => {
                  const verification = verificationLabel(p.verification_status);
                  return <Pill tone={verification.tone}>{verification.label}</Pill>;
                },
              },
              {
                header: 'Joined',
                nowrap: true,
                cell: (p) => formatDay(p.created_at),
              },
            ]}
          />
        )}
      </section>

      <section className={card} aria-labelledby="overview-inquiries-title">
        <SectionTitle id="overview-inquiries-title">Inquiries ({inquiryTotal})</SectionTitle>
        <div className="mt-3 overflow-x-auto" role="region" aria-label="Inquiries by status" tabIndex={0}>
          <table className="w-full border-collapse text-sm sm:max-w-md">
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
          </table>
        </div>
        {byProgram.length === 0 ? (
          <p className="mt-4 text-muted">No inquiries yet.</p>
        ) : (
          <DataTable<ProgramInquiries>
            label="Inquiries by program"
            caption="By program"
            showCaption
            rows={byProgram}
            rowKey={(p, i) => p.program_id ?? `none-${String(i)}`}
            rowHeader={{ header: 'Program', cell: (p) => p.program_name ?? 'Unnamed' }}
            columns={[
              { header: 'Program id', cell: (p) => p.program_id ?? '—', breakAll: true },
              { header: 'Inquiries', cell: (p) => p.count, numeric: true },
            ]}
          />
        )}
      </section>

      <section className={card} aria-labelledby="overview-engagement-title">
        <SectionTitle id="overview-engagement-title">Engagement, last 30 days</SectionTitle>
        {data.engagement.length === 0 ? (
          <p className="mt-3 text-muted">No engagement in the last 30 days.</p>
        ) : (
          <DataTable<Engagement>
            label="Engagement per program, last 30 days"
            caption="Engagement per program over the last 30 days, most views first"
            rows={data.engagement}
            rowKey={(e) => e.program_id}
            rowHeader={{ header: 'Program', cell: (e) => e.program_name ?? 'Unknown program' }}
            columns={[
              { header: 'Program id', cell: (e) => e.program_id, breakAll: true },
              { header: 'Views', cell: (e) => e.views, numeric: true },
              { header: 'Website clicks', cell: (e) => e.website_clicks, numeric: true },
              { header: 'Call clicks', cell: (e) => e.call_clicks, numeric: true },
              { header: 'Info requests', cell: (e) => e.info_requests, numeric: true },
            ]}
          />
        )}
      </section>
    </div>
  );
}
