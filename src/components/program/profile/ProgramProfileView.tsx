/**
 * The whole program profile (docs/product-rules.md#program-profiles) as render-only React: hero,
 * content sections, facts families choose by, and the sidebar. One component for every place a
 * profile is shown, so what an administrator previews is what families read:
 *
 * - /program/[id] and /mclean render it at build time without a client directive (static HTML, no
 *   JavaScript shipped for it; ProgramProfile.astro hands in the markdown body and the islands as
 *   slots, and adds the scripts and the phone contact bar);
 * - /admin's listing preview renders it in the browser from `listingToProgram`'s program data.
 *
 * No hooks, no browser APIs: everything comes from the props (`today` judges availability).
 */
import type { ReactNode } from 'react';
import type { ProgramData } from '../../../lib/program-schema.ts';
import { joinList, placeLine } from '../../../lib/display.ts';
import { ChoosingFacts } from './ChoosingFacts.tsx';
import {
  AccreditationSection,
  ClinicalApproachSection,
  HighlightsSection,
  InsuranceSection,
  LocationSection,
  OverviewSection,
  QuickFactsSection,
  TeamSection,
  TestimonialsSection,
} from './ContentSections.tsx';
import { Heading, PAGE_FRAME, type ProfileFrame } from './Heading.tsx';
import { ProgramImage } from './ProgramImage.tsx';
import { StarRating } from './StarRating.tsx';
import { trustFacts, TrustBadges, TrustNote } from './TrustBadges.tsx';
import { SAMPLE_LABEL } from '../../../lib/trust.ts';

export interface ProgramProfileProps {
  data: ProgramData;
  /** `YYYY-MM-DD`: the day availability is judged on. */
  today: string;
  /** The level of the program's name (1 on its page; deeper inside another page). */
  headingLevel?: number;
  /** Prefixes every id, so that several profiles can share a page. */
  idPrefix?: string;
  /** The Overview's rendered markdown body (program files); else the plain-text overview is shown. */
  overview?: ReactNode;
  /**
   * Whether `overview` holds a body. Astro hands a conditional slot to a React component as an
   * element even when the condition rendered nothing, so the page says it explicitly: without
   * this, a program published from a listing (no markdown body) showed an empty Overview.
   */
  hasOverview?: boolean;
  /** Beside the name: the favorite heart. */
  heart?: ReactNode;
  /** Under the rating: the Compare toggle. */
  compare?: ReactNode;
  /** The hero's contact buttons. */
  heroActions?: ReactNode;
  /** The sidebar's contact buttons (Get Information). */
  sideActions?: ReactNode;
  /** The sidebar's crisis resources. */
  emergency?: ReactNode;
  /** The sidebar's accessible name (unique when several profiles share a page). */
  asideLabel?: string;
  /**
   * The "Reviews" section (the reviews island, src/features/reviews/), after the content sections;
   * the hero's rating links to it. Absent (the admin preview): no section, the rating as text.
   */
  reviews?: ReactNode;
}

export function ProgramProfileView({
  data,
  today,
  headingLevel = 1,
  idPrefix = '',
  overview,
  hasOverview = overview !== undefined && overview !== null,
  heart,
  compare,
  heroActions,
  sideActions,
  emergency,
  asideLabel = 'Contact and summary',
  reviews,
}: ProgramProfileProps) {
  const frame: ProfileFrame =
    headingLevel === PAGE_FRAME.level && idPrefix === PAGE_FRAME.idPrefix
      ? PAGE_FRAME
      : { level: headingLevel, idPrefix };
  const trust = trustFacts(data);
  const place = placeLine(data.location, data.state);
  return (
    <>
      <section className="bg-brand-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:py-10 lg:grid-cols-[1fr_22rem] lg:items-center">
          <div className="min-w-0">
            {/* The page's script points it at the search the family left (../back-to-search.ts). */}
            <a
              href="/"
              data-back-to-directory
              className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 hover:underline"
            >
              <span aria-hidden="true">←</span> Back to Directory
            </a>
            {data.sample ? (
              <p
                className="mt-3 max-w-prose rounded-md border border-slate-300 bg-white p-3 text-sm"
                data-sample
              >
                <span className="font-semibold">{SAMPLE_LABEL.card}.</span> {SAMPLE_LABEL.profile}
              </p>
            ) : null}
            <TrustBadges facts={trust} className="mt-3 flex flex-wrap items-center gap-2" />
            <div className="mt-2 flex items-center gap-4">
              {data.logo !== undefined ? (
                <ProgramImage
                  src={data.logo}
                  alt={`${data.name} logo`}
                  width={64}
                  height={64}
                  eager
                  className="size-16 rounded-lg bg-white object-contain p-1"
                />
              ) : null}
              <Heading
                level={frame.level}
                className="min-w-0 text-3xl font-bold tracking-tight break-words text-brand-800 sm:text-4xl"
              >
                {data.name}
              </Heading>
              {heart}
            </div>
            <p className="mt-3 flex items-center gap-2 text-lg text-muted">
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0">
                <path d="M10 2a6 6 0 0 0-6 6c0 4.2 5.2 9.4 5.4 9.6a.8.8 0 0 0 1.2 0C10.8 17.4 16 12.2 16 8a6 6 0 0 0-6-6Zm0 8.5A2.5 2.5 0 1 1 10 5.5a2.5 2.5 0 0 1 0 5Z"></path>
              </svg>
              {place}
            </p>
            <StarRating
              rating={data.rating}
              count={data.reviewCount}
              href={reviews ? `#${frame.idPrefix}reviews` : undefined}
              className="mt-2"
            />
            {compare ? <div className="mt-3">{compare}</div> : null}
            {heroActions ? <div className="mt-6">{heroActions}</div> : null}
          </div>
          <ProgramImage
            src={data.heroImage}
            alt=""
            width={800}
            height={600}
            eager
            className="hidden aspect-4/3 w-full rounded-xl object-cover shadow-sm lg:block"
          />
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 lg:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <OverviewSection data={data} body={hasOverview ? overview : undefined} frame={frame} />
          <QuickFactsSection data={data} frame={frame} />
          <ChoosingFacts data={data} today={today} frame={frame} />
          <ClinicalApproachSection data={data} frame={frame} />
          <HighlightsSection data={data} frame={frame} />
          <TeamSection data={data} frame={frame} />
          <LocationSection data={data} frame={frame} />
          <InsuranceSection data={data} frame={frame} />
          <AccreditationSection data={data} frame={frame} />
          <TestimonialsSection data={data} frame={frame} />
          {reviews}
        </div>

        {/*
          Sticky beside the profile on wide screens, but never taller than the window: otherwise its
          end (the crisis links) could not be scrolled or tabbed into view until the page's end.
        */}
        <aside
          aria-label={asideLabel}
          className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:self-start lg:overflow-y-auto"
        >
          <div className="rounded-xl border border-slate-200 bg-white p-5">
            <Heading level={frame.level + 1} className="text-lg font-semibold text-brand-800">
              Get Information
            </Heading>
            <p className="mt-1 mb-4 text-sm text-muted">
              Contact the admissions team directly. This directory does not handle admissions.
            </p>
            {sideActions}
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-5">
            <Heading level={frame.level + 1} className="text-lg font-semibold text-brand-800">
              Quick Facts
            </Heading>
            <dl className="mt-3 space-y-3 text-sm">
              <div>
                <dt className="font-medium text-muted">Location</dt>
                <dd>{place}</dd>
              </div>
              <div>
                <dt className="font-medium text-muted">Age Groups</dt>
                <dd>{joinList(data.ageGroups)}</dd>
              </div>
              <div>
                <dt className="font-medium text-muted">Length of Stay</dt>
                <dd>{data.lengthOfStay}</dd>
              </div>
              <div>
                <dt className="font-medium text-muted">Setting</dt>
                <dd>{data.setting}</dd>
              </div>
            </dl>
            <TrustBadges facts={trust} className="mt-4 flex flex-wrap gap-2" />
            <TrustNote facts={trust} className="mt-3 text-xs text-muted" />
          </div>
          {emergency}
        </aside>
      </div>
    </>
  );
}
