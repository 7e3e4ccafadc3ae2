import { useId, useState } from 'react';
import { showToast } from '../../ui/toasts/store.ts';
import { Pill } from '../../ui/Pill.tsx';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { inputClass, labelClass } from '../../ui/fields.tsx';
import { formatDay } from '../../ui/format.ts';
import type { AdminListing } from '../../api/contracts/admin.ts';
import { programSlug } from '../../lib/program-id.ts';
import { decideListing, loadListing, loadListings, type Failure } from './api.ts';
import { ChangedSince } from './ChangedSince.tsx';
import { isChangedSinceOpened, listingChangesSinceOpened } from './changes.ts';
import { DecisionPanel } from './DecisionPanel.tsx';
import { FileButton } from './FileButton.tsx';
import { ListingChanges } from './ListingChanges.tsx';
import { ListingPreview } from './ListingPreview.tsx';
import { PublicationPanel } from './PublicationPanel.tsx';
import { Decided, ListState, Row, useQueue } from './parts.tsx';
import {
  ageGroupLabel,
  decisionLabel,
  LISTING_FILTERS,
  listText,
  placeText,
  safeHttpUrl,
  uploadPath,
  verificationLabel,
  type ListingFilter,
} from './rules.ts';

/** What the queue says when a filter finds nothing. */
const EMPTY: Record<ListingFilter, string> = {
  pending: 'No listings are waiting for review.',
  published: 'No listing is on the directory.',
  unpublished: 'No listing is unpublished or withdrawn.',
  approved: 'No listings.',
  rejected: 'No listings.',
  draft: 'No listings.',
  '': 'No listings.',
};

/**
 * Listings waiting for review (or any status, or by published version): every field, a preview as
 * families will see it, the uploaded files, the published version with Unpublish / Republish, what
 * an edit changes, and Approve / Reject.
 */
export function ListingsTab({ onFailure }: { onFailure: (failure: Failure) => void }) {
  const filterId = useId();
  const { filter, setFilter, load, refresh, replace } = useQueue<AdminListing, ListingFilter>(
    loadListings,
    'pending',
    onFailure,
  );

  return (
    <section className="flex flex-col gap-4" aria-labelledby="listing-queue-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SectionTitle id="listing-queue-title">Listings</SectionTitle>
        <div className="w-full sm:w-56">
          <label htmlFor={filterId} className={labelClass}>
            Show
          </label>
          <select
            id={filterId}
            className={inputClass}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as ListingFilter);
            }}
          >
            {LISTING_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListState
        load={load}
        empty={EMPTY[filter]}
        count={load.state === 'ready' ? load.items.length : 0}
        noun={['listing', 'listings']}
        onRetry={() => void refresh(filter)}
      />
      {load.state === 'ready' && load.items.length > 0 ? (
        <ul className="flex flex-col gap-4" data-testid="admin-listings">
          {load.items.map((l) => (
            <li key={l.id}>
              <ListingCard listing={l} onDecided={replace} onFailure={onFailure} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Text({ value }: { value: string | number | null | undefined }) {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text === '' ? <span className="text-muted">Not given</span> : <>{text}</>;
}

function ListingCard({
  listing,
  onDecided,
  onFailure,
}: {
  listing: AdminListing;
  onDecided: (listing: AdminListing) => void;
  onFailure: (failure: Failure) => void;
}) {
  const [justDecided, setJustDecided] = useState(false);
  // After a decision was refused because the listing changed: the version the administrator had
  // open, and the API's sentence; cleared by the next decision that is saved.
  const [opened, setOpened] = useState<{ listing: AdminListing; message: string } | null>(null);
  const status = decisionLabel(listing.status);
  const providerState = verificationLabel(listing.provider.verification_status);
  const website = safeHttpUrl(listing.website);
  const logo = uploadPath(listing.logo_url);
  const license = uploadPath(listing.license_url);
  const name = listing.center_name.trim() || 'Untitled listing';
  const fileNames = new Map(listing.uploads.map((u) => [u.url, u.original_name]));

  /** A decision found a newer version: show it, with what changed since the one on screen. */
  const showNewVersion = async (failure: Failure): Promise<void> => {
    if (failure.kind !== 'error') return;
    const fresh = await loadListing(listing.id);
    if (!fresh.ok) {
      onFailure(fresh);
      return;
    }
    setOpened({ listing, message: failure.message.description });
    onDecided(fresh.value);
  };

  return (
    <article className={card} aria-labelledby={`listing-${listing.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`listing-${listing.id}`} className="text-lg font-semibold break-words">
          {name}
        </h3>
        <Pill tone={status.tone}>{status.label}</Pill>
      </div>
      <p className="mt-1 text-sm text-muted">
        From <span className="font-medium text-ink">{listing.provider.organization_name}</span> (
        <span className="break-all">{listing.provider.email}</span>) · provider{' '}
        {providerState.label.toLowerCase()}
        {listing.submitted_at ? ` · submitted ${formatDay(listing.submitted_at)}` : ''}
      </p>

      <h4 className="mt-4 font-semibold">Overview</h4>
      <p className="mt-1 whitespace-pre-line break-words" data-testid="listing-description">
        <Text value={listing.description} />
      </p>

      <dl className="mt-4 grid gap-x-6 gap-y-0.5 sm:grid-cols-[max-content_1fr] sm:gap-y-2">
        <Row term="Location">{placeText(listing)}</Row>
        <Row term="Ages">{listText(listing.age_groups.map(ageGroupLabel))}</Row>
        <Row term="Setting">
          <Text value={listing.setting} />
        </Row>
        <Row term="Gender">
          <Text value={listing.gender_specific} />
        </Row>
        <Row term="Capacity">
          <Text value={listing.capacity === null ? null : `${String(listing.capacity)} beds`} />
        </Row>
        <Row term="Length of stay">
          <Text value={listing.avg_length} />
        </Row>
        <Row term="Modalities">{listText(listing.modalities)}</Row>
        <Row term="Staff ratio">
          <Text value={listing.staff_ratio} />
        </Row>
        <Row term="Medical support">
          <Text value={listing.medical_support} />
        </Row>
        <Row term="Insurance">{listText(listing.insurance)}</Row>
        <Row term="Financial aid">
          <Text value={listing.financial_aid} />
        </Row>
        <Row term="Accreditations">{listText(listing.accreditations)}</Row>
        <Row term="Phone">
          <Text value={listing.phone} />
        </Row>
        <Row term="E-mail">
          <span className="break-all">
            <Text value={listing.email} />
          </span>
        </Row>
        <Row term="Website">
          {website ? (
            <a
              href={website}
              className="break-all text-brand-700 underline"
              rel="noopener noreferrer nofollow"
              target="_blank"
            >
              {listing.website}
            </a>
          ) : (
            <span className="break-all">
              <Text value={listing.website} />
            </span>
          )}
        </Row>
        <Row term="Photos">
          {listing.images.length === 0 ? (
            <span className="text-muted">None</span>
          ) : (
            <ul className="flex flex-col gap-1">
              {listing.images.map((image, i) => {
                const href = safeHttpUrl(image);
                return (
                  <li key={i} className="break-all">
                    {href ? (
                      <a
                        href={href}
                        className="text-brand-700 underline"
                        rel="noopener noreferrer nofollow"
                        target="_blank"
                      >
                        {image}
                      </a>
                    ) : (
                      image
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </Row>
        <Row term="Logo">
          {logo ? (
            <FileButton path={logo} name="logo" label={`logo of ${name}`} onFailure={onFailure} />
          ) : (
            <Text value={listing.logo_url} />
          )}
        </Row>
        <Row term="License">
          {license ? (
            <FileButton path={license} name="license" label={`license of ${name}`} onFailure={onFailure} />
          ) : (
            <Text value={listing.license_url} />
          )}
        </Row>
        {listing.published_program_id ? (
          <Row term="Program id">
            <code className="break-all">{listing.published_program_id}</code>
          </Row>
        ) : null}
      </dl>

      {opened !== null ? (
        <ChangedSince
          id={listing.id}
          message={opened.message}
          changes={listingChangesSinceOpened(opened.listing, listing, {
            fileName: (url) => fileNames.get(url) ?? null,
          })}
        />
      ) : null}

      <ListingPreview listing={listing} name={name} onFailure={onFailure} />
      <PublicationPanel
        listing={listing}
        name={name}
        onDecided={(next) => {
          setOpened(null);
          onDecided(next);
        }}
        onChanged={showNewVersion}
        onFailure={onFailure}
      />
      {listing.publication !== null && listing.status !== 'approved' ? (
        <ListingChanges listing={listing} />
      ) : null}

      <div className="mt-4">
        {listing.status === 'pending' ? (
          <DecisionPanel
            itemName={name}
            revision={listing.revision}
            replacesPublished={listing.publication !== null}
            programIdDefault={listing.published_program_id ?? programSlug(listing.center_name)}
            onFailure={onFailure}
            onDecide={async (input) => {
              const result = await decideListing(listing.id, input);
              if (!result.ok) {
                if (isChangedSinceOpened(result)) await showNewVersion(result);
                return result;
              }
              setOpened(null);
              setJustDecided(true);
              onDecided(result.value);
              showToast(
                result.value.status === 'approved'
                  ? {
                      title: 'Listing Approved',
                      description: `${name} is published as /program/${result.value.published_program_id ?? ''} after the next rebuild. The provider has been e-mailed.`,
                    }
                  : {
                      title: 'Listing Rejected',
                      description: `${listing.provider.organization_name} was sent your notes by e-mail.`,
                    },
              );
              return null;
            }}
          />
        ) : listing.status === 'draft' ? (
          <p className="text-muted">A draft: the provider has not submitted it for review.</p>
        ) : (
          <Decided
            status={listing.status}
            reviewedAt={listing.reviewed_at}
            notes={listing.reviewer_notes}
            focus={justDecided}
          />
        )}
      </div>
    </article>
  );
}
