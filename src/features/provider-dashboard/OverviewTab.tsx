import {
  focusListing,
  listingCompleteness,
  providerPath,
  trialDaysLeft,
  verificationBadge,
  type PathAction,
} from '../../lib/provider-rules.ts';
import type { DashboardResponse, ProviderInquiry } from '../../api/contracts/providers.ts';
import type { Listing } from '../../api/contracts/listings.ts';
import type { Failure } from './api.ts';
import { listingsToConfirm, localDay } from './availability.ts';
import { CompletenessCard } from './CompletenessCard.tsx';
import { ListingStates } from './ListingStates.tsx';
import { PathChecklist } from './PathChecklist.tsx';
import { EngagementChart } from './EngagementChart.tsx';
import { Inquiries } from './Inquiries.tsx';
import { badgeTone } from './badge-tone.ts';
import { Pill } from '../../ui/Pill.tsx';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { secondaryButton } from '../../ui/buttons.ts';
import { formatDay } from '../../ui/format.ts';

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
