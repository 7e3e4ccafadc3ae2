import { useId, useState } from 'react';
import {
  focusListing,
  listingCompleteness,
  providerPath,
  trialDaysLeft,
  verificationBadge,
  type PathAction,
} from '../../lib/provider-rules.ts';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../lib/vocabulary.ts';
import { showToast } from '../../ui/toasts/store.ts';
import type { DashboardResponse, ProviderInquiry } from '../../api/contracts/providers.ts';
import type { Listing } from '../../api/contracts/listings.ts';
import { setInquiryStatus, type Failure } from './api.ts';
import { listingsToConfirm, localDay } from './availability.ts';
import { CompletenessCard } from './CompletenessCard.tsx';
import { ListingStates } from './ListingStates.tsx';
import { PathChecklist } from './PathChecklist.tsx';
import { EngagementChart } from './EngagementChart.tsx';
import { badgeTone } from './VerificationTab.tsx';
import { Pill, type Tone } from '../../ui/Pill.tsx';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { secondaryButton } from '../../ui/buttons.ts';
import { inputClass } from '../../ui/fields.tsx';
import { formatDay, formatDayTime } from '../../ui/format.ts';

const STATUS_LABEL: Record<InquiryStatus, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };
const STATUS_TONE: Record<InquiryStatus, Tone> = { new: 'blue', contacted: 'amber', closed: 'slate' };

type Props = {
  data: DashboardResponse;
  now: number;
  onInquiry: (inquiry: ProviderInquiry) => void;
  onFailure: (failure: Failure) => void;
  /** Opens the Listings tab (where each listing's availability is confirmed). */
  onOpenListings?: () => void;
  /** Opens the listing builder on a new listing. */
  onOpenBuilder: () => void;
  /** Opens the listing builder on this listing (published ones too). */
  onEditListing: (listing: Listing) => void;
  /** Opens the Verification tab. */
  onOpenVerification: () => void;
  /** A listing changed on the server (e.g. withdrawn). */
  onListing: (listing: Listing) => void;
};

export function OverviewTab({
  data,
  now,
  onInquiry,
  onFailure,
  onOpenListings,
  onOpenBuilder,
  onEditListing,
  onOpenVerification,
  onListing,
}: Props) {
  const { provider } = data;
  const badge = verificationBadge(provider.verification_status);
  const steps = providerPath({
    provider,
    verificationRequests: data.verification.requests,
    listings: data.listings,
  });
  const focus = focusListing(data.listings);
  const completeness = listingCompleteness(focus);
  const onStep = (action: PathAction) => {
    if (action.kind === 'open-builder') onOpenBuilder();
    else if (action.kind === 'open-verification') onOpenVerification();
    else if (action.kind === 'edit-listing') {
      const listing = data.listings.find((l) => l.id === action.listingId);
      if (listing) onEditListing(listing);
      else onOpenBuilder();
    }
  };
  const daysLeft = trialDaysLeft(provider.trial_ends_at, now);
  const onTrial = provider.subscription_status === 'trial';
  const names = new Map(
    data.listings
      .filter((l) => l.published_program_id)
      .map((l) => [l.published_program_id as string, l.center_name]),
  );
  const toConfirm = listingsToConfirm(data.listings, localDay(new Date(now)));

  return (
    <div className="flex flex-col gap-6">
      <PathChecklist steps={steps} onAction={onStep} />

      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className={card}>
          <dt className="text-sm font-medium text-muted">Organization</dt>
          <dd className="mt-1 text-lg font-semibold break-words" data-testid="organization">
            {provider.organization_name}
          </dd>
        </div>
        <div className={card}>
          <dt className="text-sm font-medium text-muted">Verification</dt>
          <dd className="mt-2" data-testid="verification-badge">
            <Pill tone={badgeTone(badge)}>{badge}</Pill>
          </dd>
        </div>
        <div className={card}>
          <dt className="text-sm font-medium text-muted">Free trial</dt>
          <dd className="mt-1" data-testid="trial">
            {onTrial && daysLeft > 0 ? (
              <>
                <span className="text-lg font-semibold">
                  {daysLeft} {daysLeft === 1 ? 'day' : 'days'} left
                </span>
                <p className="mt-1 text-sm text-muted">
                  Ends {formatDay(provider.trial_ends_at)}. No card needed.
                </p>
              </>
            ) : onTrial ? (
              <span className="text-lg font-semibold">Trial ended</span>
            ) : (
              <span className="text-lg font-semibold capitalize">{provider.subscription_status}</span>
            )}
          </dd>
        </div>
      </dl>

      <CompletenessCard
        completeness={completeness}
        listingName={focus ? focus.center_name.trim() || 'Untitled listing' : null}
        onFill={() => {
          if (focus) onEditListing(focus);
          else onOpenBuilder();
        }}
      />

      <ListingStates
        listings={data.listings}
        onEdit={onEditListing}
        onChanged={onListing}
        onFailure={onFailure}
        onOpenBuilder={onOpenBuilder}
      />

      {toConfirm.length > 0 ? (
        <section
          className="rounded-xl border border-amber-400 bg-amber-50 p-5 shadow-sm sm:p-6"
          aria-labelledby="availability-reminder-title"
          data-testid="availability-reminder"
        >
          <h2 id="availability-reminder-title" className="text-lg font-semibold text-amber-950">
            Confirm your availability
          </h2>
          <p className="mt-1 text-amber-950">
            {toConfirm.length === 1
              ? 'One of your published listings shows families “Availability not confirmed” or a date over 30 days old.'
              : `${String(toConfirm.length)} of your published listings show families “Availability not confirmed” or a date over 30 days old.`}{' '}
            Confirming takes one click and does not send a listing back to review.
          </p>
          {onOpenListings ? (
            <button type="button" className={`${secondaryButton} mt-3`} onClick={onOpenListings}>
              Review availability
            </button>
          ) : null}
        </section>
      ) : null}

      <Inquiries inquiries={data.inquiries} onInquiry={onInquiry} onFailure={onFailure} />

      <section className={card} aria-labelledby="engagement-title">
        <SectionTitle id="engagement-title">Engagement, last 30 days</SectionTitle>
        <EngagementChart engagement={data.engagement} nameOf={(id) => names.get(id)} />
      </section>
    </div>
  );
}

function Inquiries({
  inquiries,
  onInquiry,
  onFailure,
}: {
  inquiries: ProviderInquiry[];
  onInquiry: (inquiry: ProviderInquiry) => void;
  onFailure: (failure: Failure) => void;
}) {
  const filterId = useId();
  const [filter, setFilter] = useState<InquiryStatus | 'all'>('all');
  const [saving, setSaving] = useState<string | null>(null);
  const shown = filter === 'all' ? inquiries : inquiries.filter((i) => i.status === filter);
  const counts = Object.fromEntries(
    INQUIRY_STATUSES.map((s) => [s, inquiries.filter((i) => i.status === s).length]),
  ) as Record<InquiryStatus, number>;

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
    showToast({
      title: 'Status Updated',
      description: `The request from ${inquiry.name ?? 'the family'} is now ${STATUS_LABEL[status].toLowerCase()}. Their status page shows it too.`,
    });
  };

  return (
    <section className={card} aria-labelledby="inquiries-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <SectionTitle id="inquiries-title">Inquiries</SectionTitle>
          <p className="mt-1 text-sm text-muted">
            Requests from families, newest first. {counts.new} new, {counts.contacted} contacted,{' '}
            {counts.closed} closed.
          </p>
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
              setFilter(e.target.value as InquiryStatus | 'all');
            }}
          >
            <option value="all">All ({inquiries.length})</option>
            {INQUIRY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]} ({counts[s]})
              </option>
            ))}
          </select>
        </div>
      </div>
      {inquiries.length === 0 ? (
        <p className="mt-4 text-muted">
          No inquiries yet. When a family asks one of your published programs for information or a call, it
          appears here and in your inquiry e-mail.
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-4 text-muted" role="status">
          No {STATUS_LABEL[filter as InquiryStatus].toLowerCase()} inquiries.
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
  const who = inquiry.name ?? 'A family (details removed at their request)';
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
          <Pill tone={STATUS_TONE[inquiry.status]}>{STATUS_LABEL[inquiry.status]}</Pill>
        </p>
        <p className="mt-1 text-sm text-muted">
          {inquiry.program_name ?? 'Program'} · {formatDayTime(inquiry.created_at)}
          {inquiry.urgency === 'high' ? ' · urgent' : ''}
        </p>
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
      <div className="shrink-0">
        <label htmlFor={selectId} className="text-sm font-medium">
          Status
        </label>
        <select
          id={selectId}
          className={`${inputClass} mt-1 w-auto min-w-36`}
          value={inquiry.status}
          aria-busy={busy}
          disabled={busy}
          onChange={(e) => {
            onStatus(e.target.value as InquiryStatus);
          }}
        >
          {INQUIRY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </div>
    </li>
  );
}
