import type { ReactNode } from 'react';
import type { DirectoryEntry } from '../../lib/directory/rules.ts';
import { cardModalities, joinList, moreLabel, placeLine, ratingTexts } from '../../lib/display.ts';
import { track } from '../../api/engagement.ts';
import { distanceLabel } from '../../lib/geo/distance.ts';
import { availabilityView } from '../../lib/availability.ts';
import { SAMPLE_LABEL, trustBadges, type TrustFacts } from '../../lib/trust.ts';
import CardContact from './CardContact.tsx';

/**
 * What other features put on a card: a component never imports a feature, so the heart
 * (features/favourites) and the Compare toggle (features/compare) come in as render props,
 * composed where an island is built (src/islands/card-parts.tsx). Nothing is rendered for a
 * part that is not given, so no dead button ships.
 */
export interface ProgramCardParts {
  /** The favorite heart, placed in the card's top-right corner. */
  renderFavouriteButton?: ((program: DirectoryEntry) => ReactNode) | undefined;
  /** The Compare toggle, after the card's links. */
  renderCompareToggle?: ((program: DirectoryEntry) => ReactNode) | undefined;
}

type Props = ProgramCardParts & {
  program: DirectoryEntry;
  /** Miles from the visitor's place ("N mi away"); null or absent when no place is set. */
  milesAway?: number | null | undefined;
  /** The visitor's date (`YYYY-MM-DD`) for the availability line; absent → no line (never the build date). */
  today?: string | null | undefined;
};

const BADGE_TONES = {
  verified: 'bg-emerald-50 text-emerald-900 ring-emerald-700/30',
  reviewed: 'bg-sky-50 text-sky-900 ring-sky-700/30',
  neutral: 'bg-slate-100 text-slate-800 ring-slate-500/30',
} as const;

const BADGE_CLASS =
  'inline-flex min-h-6 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

export function Badge({ children, tone }: { children: ReactNode; tone: keyof typeof BADGE_TONES }) {
  return <span className={`${BADGE_CLASS} ${BADGE_TONES[tone]}`}>{children}</span>;
}

/**
 * "Verified provider" and "Listing reviewed" (src/lib/trust.ts): each a link to its definition on
 * /how-we-verify, named with its date. Nothing when the program carries neither.
 */
export function TrustBadges({ program, className }: { program: TrustFacts; className?: string | undefined }) {
  const badges = trustBadges(program);
  if (badges.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className ?? ''}`} aria-label="Checked by the site team">
      {badges.map((badge) => (
        <li key={badge.key}>
          <a
            href={badge.href}
            aria-label={badge.label}
            title={badge.title}
            data-trust={badge.key}
            className={`${BADGE_CLASS} ${BADGE_TONES[badge.key]} underline-offset-2 hover:underline`}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
              {badge.key === 'verified' ? (
                <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
              ) : (
                <path d="M4 3a1 1 0 0 1 1-1h7.6a1 1 0 0 1 .7.3l2.4 2.4a1 1 0 0 1 .3.7V17a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V3Zm9.7 6.7a1 1 0 0 0-1.4-1.4L9 11.6 7.7 10.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z" />
              )}
            </svg>
            {badge.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A directory card (docs/product-rules.md#directory-page). Plain links only, so it works without JavaScript. */
export default function ProgramCard({
  program,
  renderFavouriteButton,
  renderCompareToggle,
  milesAway = null,
  today = null,
}: Props) {
  const availability =
    today !== null && program.availability ? availabilityView(program.availability, today) : null;
  const { shown, more } = cardModalities(program.modalities);
  const rating = ratingTexts(program.rating, program.reviewCount);
  return (
    <article
      data-program-id={program.id}
      className="group relative flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md"
    >
      {program.sample ? (
        <p className={renderFavouriteButton ? 'pr-12' : undefined} data-sample>
          <Badge tone="neutral">{SAMPLE_LABEL.card}</Badge>
        </p>
      ) : null}
      <TrustBadges program={program} className={renderFavouriteButton ? 'pr-12' : undefined} />
      <div className={renderFavouriteButton ? 'pr-12' : undefined}>
        <h3 className="text-lg leading-snug font-semibold">
          <a href={program.path} className="text-ink hover:text-brand-700 hover:underline">
            {program.name}
          </a>
        </h3>
        <p className="mt-1 text-sm text-muted">{placeLine(program.location, program.state)}</p>
        {milesAway !== null ? (
          <p className="mt-1 text-sm font-semibold text-brand-800" data-distance={milesAway.toFixed(1)}>
            {distanceLabel(milesAway)}
          </p>
        ) : null}
      </div>
      {/* After the name in reading and tab order; shown in the top-right corner. */}
      {renderFavouriteButton ? (
        <div className="absolute top-3 right-3">{renderFavouriteButton(program)}</div>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-muted">Ages</dt>
        <dd>{joinList(program.ageGroups)}</dd>
        <dt className="font-medium text-muted">Type</dt>
        <dd>{program.setting}</dd>
        <dt className="font-medium text-muted">Rating</dt>
        <dd>
          <span aria-hidden="true">
            {rating.hasReviews ? <span className="text-amber-700">★ </span> : null}
            {rating.visible}
          </span>
          <span className="sr-only">{rating.spoken}</span>
        </dd>
        {availability !== null ? (
          <>
            <dt className="font-medium text-muted">Availability</dt>
            <dd className={availability.isOpen ? 'font-medium text-emerald-800' : undefined}>
              {availability.label}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="line-clamp-3 text-sm">{program.description}</p>
      <ul className="flex flex-wrap gap-1.5" aria-label="Treatment approaches">
        {shown.map((modality) => (
          <li
            key={modality}
            className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800"
          >
            {modality}
          </li>
        ))}
        {more > 0 ? (
          <li className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
            {moreLabel(more)}
          </li>
        ) : null}
      </ul>
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-2">
        <a
          href={program.path}
          className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Learn More<span className="sr-only"> about {program.name}</span>
        </a>
        {program.website !== undefined ? (
          <a
            href={program.website}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => {
              track(program.id, 'website_click');
            }}
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Visit Website<span className="sr-only"> of {program.name} (opens in a new tab)</span>
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
              <path d="M11 3a1 1 0 1 0 0 2h2.6l-6.3 6.3a1 1 0 1 0 1.4 1.4L15 6.4V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5Z" />
              <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
            </svg>
          </a>
        ) : null}
        {renderCompareToggle ? renderCompareToggle(program) : null}
      </div>
      <CardContact
        program={{
          id: program.id,
          name: program.name,
          phone: program.phone,
          email: program.email,
          website: program.website,
        }}
      />
    </article>
  );
}

/** Placeholder card shown while the full directory data is loading. */
export function ProgramCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-72 animate-pulse flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5"
    >
      <div className="h-5 w-2/3 rounded bg-slate-200" />
      <div className="h-4 w-1/3 rounded bg-slate-200" />
      <div className="h-4 w-1/2 rounded bg-slate-200" />
      <div className="h-16 rounded bg-slate-100" />
      <div className="mt-auto h-10 w-28 rounded bg-slate-200" />
    </div>
  );
}
