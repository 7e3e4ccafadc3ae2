/**
 * The provider's list of the requests families sent it (the overview tab), in the one set of words
 * of src/lib/request-status.ts: Sent → Delivered → Contacted → Closed, the same words the family
 * reads on its status page, in its account and in the e-mails. The provider moves a request on
 * with a select (its status: not yet contacted, Contacted, Closed); each change e-mails the family.
 */
import { useId, useState } from 'react';
import {
  REQUEST_STAGE_WORDS,
  REQUEST_STAGES,
  stageLabel,
  stageOfRow,
  statusChoiceLabel,
  type RequestStage,
} from '../../lib/request-status.ts';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../lib/vocabulary.ts';
import { showToast } from '../../ui/toasts/store.ts';
import type { ProviderInquiry } from '../../api/contracts/providers.ts';
import { setInquiryStatus, type Failure } from './api.ts';
import { Pill, type Tone } from '../../ui/Pill.tsx';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { inputClass } from '../../ui/fields.tsx';
import { formatDayTime } from '../../ui/format.ts';

const STAGE_TONE: Record<RequestStage, Tone> = {
  sent: 'slate',
  delivered: 'blue',
  contacted: 'amber',
  closed: 'slate',
};

export function Inquiries({
  inquiries,
  onInquiry,
  onFailure,
}: {
  inquiries: ProviderInquiry[];
  onInquiry: (inquiry: ProviderInquiry) => void;
  onFailure: (failure: Failure) => void;
}) {
  const filterId = useId();
  const [filter, setFilter] = useState<RequestStage | 'all'>('all');
  const [saving, setSaving] = useState<string | null>(null);
  const shown = filter === 'all' ? inquiries : inquiries.filter((i) => stageOfRow(i) === filter);
  const counts = Object.fromEntries(
    REQUEST_STAGES.map((s) => [s, inquiries.filter((i) => stageOfRow(i) === s).length]),
  ) as Record<RequestStage, number>;
  const summary = REQUEST_STAGES.filter((s) => counts[s] > 0 || s !== 'sent')
    .map((s) => `${String(counts[s])} ${stageLabel(s).toLowerCase()}`)
    .join(', ');

  const change = async (inquiry: ProviderInquiry, status: InquiryStatus) => {
    if (saving !== null || status === inquiry.status) return;
    setSaving(inquiry.id);
    const result = await setInquiryStatus(inquiry.id, status);
    setSaving(null);
    if (!result.ok) {
      onFailure(result);
      return;
    }
    onInquiry(result.inquiry);
    const label = stageLabel(stageOfRow(result.inquiry));
    const who = inquiry.name ?? 'the family';
    showToast({
      title: 'Status Updated',
      description: inquiry.email
        ? `The request from ${who} is now ${label}. We emailed them the new status; their status page shows it too.`
        : `The request from ${who} is now ${label}.`,
    });
  };

  return (
    <section className={card} aria-labelledby="inquiries-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <SectionTitle id="inquiries-title">Inquiries</SectionTitle>
          <p className="mt-1 text-sm text-muted">Requests from families, newest first. {summary}.</p>
        </div>
        <div>
          <label htmlFor={filterId} className="text-sm font-medium">
            Show
          </label>
          <select
            id={filterId}
            className={`${inputClass} mt-1 w-auto min-w-40`}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as RequestStage | 'all');
            }}
          >
            <option value="all">All ({inquiries.length})</option>
            {REQUEST_STAGES.map((s) => (
              <option key={s} value={s}>
                {stageLabel(s)} ({counts[s]})
              </option>
            ))}
          </select>
        </div>
      </div>
      {inquiries.length === 0 ? (
        <p className="mt-4 text-muted">
          No inquiries yet. When a family asks one of your published programs for information or a call, it
          appears here and in your inquiry email.
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-4 text-muted" role="status">
          No {stageLabel(filter as RequestStage).toLowerCase()} inquiries.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" data-testid="inquiries">
          {shown.map((inquiry) => (
            <InquiryItem
              key={inquiry.id}
              inquiry={inquiry}
              busy={saving === inquiry.id}
              onStatus={(status) => void change(inquiry, status)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function InquiryItem({
  inquiry,
  busy,
  onStatus,
}: {
  inquiry: ProviderInquiry;
  busy: boolean;
  onStatus: (status: InquiryStatus) => void;
}) {
  const selectId = useId();
  const hintId = useId();
  const who = inquiry.name ?? 'A family (details removed at their request)';
  const stage = stageOfRow(inquiry);
  const delivered = inquiry.delivered_at !== null;
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between"
      data-inquiry={inquiry.id}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">{who}</span>
          <Pill tone={inquiry.type === 'call' ? 'amber' : 'blue'}>
            {inquiry.type === 'call' ? 'Call request' : 'Info request'}
          </Pill>
          <span data-stage={stage}>
            <Pill tone={STAGE_TONE[stage]}>{stageLabel(stage)}</Pill>
          </span>
        </p>
        <p className="mt-1 text-sm text-muted">
          {inquiry.program_name ?? 'Program'} · {formatDayTime(inquiry.created_at)}
        </p>
        {inquiry.type === 'call' && inquiry.best_time_to_call ? (
          <p className="mt-2 text-sm" data-testid="best-time-to-call">
            <span className="font-medium">Best time to call:</span>{' '}
            <span className="break-words">{inquiry.best_time_to_call}</span>
          </p>
        ) : null}
        {inquiry.message ? <p className="mt-2 whitespace-pre-line break-words">{inquiry.message}</p> : null}
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {inquiry.email ? (
            <a className="font-medium text-brand-700 underline" href={`mailto:${inquiry.email}`}>
              {inquiry.email}
            </a>
          ) : null}
          {inquiry.phone ? (
            <a
              className="font-medium text-brand-700 underline"
              href={`tel:${inquiry.phone.replace(/[^\d+]/g, '')}`}
            >
              {inquiry.phone}
            </a>
          ) : null}
        </p>
      </div>
      <div className="shrink-0 sm:max-w-56">
        <label htmlFor={selectId} className="text-sm font-medium">
          Status
        </label>
        <select
          id={selectId}
          className={`${inputClass} mt-1 w-auto min-w-36`}
          value={inquiry.status}
          aria-busy={busy}
          aria-describedby={hintId}
          disabled={busy}
          onChange={(e) => {
            onStatus(e.target.value as InquiryStatus);
          }}
        >
          {INQUIRY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusChoiceLabel(s, delivered)}
            </option>
          ))}
        </select>
        <p id={hintId} className="mt-1 text-sm text-muted">
          {REQUEST_STAGE_WORDS[stage].program}
        </p>
      </div>
    </li>
  );
}
