/**
 * A program's "Reviews" section (docs/product-rules.md#reviews-and-ratings), one island
 * on the profile. The page is built with what the build knew (the rating of the published
 * reviews, their distribution and the newest ones: program-schema's ProgramReviews), so the
 * section reads fully without JavaScript; hydrated when it comes into view, it fetches the newest
 * published reviews live (`GET /api/programs/:id/reviews`), with the session's token when someone
 * is signed in, which also says whether they may write a review and carries their own.
 *
 * Shown: the rating with its count ("4.6 · 12 reviews", or "No reviews yet"), the distribution
 * from 5 to 1 stars in words and bars, "How reviews work" (/review-policy), the place to write a
 * review (WriteReview.tsx), and the published reviews newest first (ReviewItem.tsx), 20 at a time.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  INELIGIBLE_MESSAGES,
  type OwnReview,
  type PublicReview,
  type ReviewViewer,
} from '../../api/contracts/reviews.ts';
import { $session, initSession, type Session } from '../../api/session.ts';
import { REVIEW_MARKERS, REVIEW_POLICY_PATH, type RatingSummary } from '../../lib/reviews.ts';
import { secondaryBusyButton } from '../../ui/buttons.ts';
import { loadProgramReviews } from './api.ts';
import { RatingOverview } from './RatingOverview.tsx';
import { ReviewItem } from './ReviewItem.tsx';
import { REVIEWS_ANCHOR } from './rules.ts';
import { WriteReview, type ViewerState } from './WriteReview.tsx';

export interface ProgramReviewsProps {
  programId: string;
  programName: string;
  /** The program's page (`/program/<id>` or its `profilePath`): where signing in brings a family back. */
  programPath: string;
  /** The rating, count and distribution of every published review, as the build read them. */
  summary: RatingSummary;
  /** The newest published reviews the build read (at most REVIEWS_IN_PAGE), newest first. */
  reviews: readonly PublicReview[];
  /** The section heading's level (2 on a program's page). */
  headingLevel?: number;
}

const CHECK_FAILED =
  'Whether you can review this program could not be checked. Please reload the page to try again.';

/** The viewer after the family's review changed here, until the next answer of the API. */
function viewerWith(viewer: ReviewViewer, review: OwnReview | null): ReviewViewer {
  if (review === null) return { can_review: true, reason: null, message: null, review: null };
  return {
    ...viewer,
    can_review: false,
    reason: 'already_reviewed',
    message: INELIGIBLE_MESSAGES.already_reviewed,
    review,
  };
}

export default function ProgramReviews({
  programId,
  programName,
  programPath,
  summary: builtSummary,
  reviews: builtReviews,
  headingLevel = 2,
}: ProgramReviewsProps) {
  const stored = useStore($session);
  // The first render matches the page's HTML (built without a session), whatever the browser knows.
  const [hydrated, setHydrated] = useState(false);
  const session: Session = hydrated ? stored : { status: 'unknown' };
  const [summary, setSummary] = useState<RatingSummary>(builtSummary);
  const [reviews, setReviews] = useState<readonly PublicReview[]>(builtReviews);
  const [nextOffset, setNextOffset] = useState<number | null>(
    builtSummary.count > builtReviews.length ? builtReviews.length : null,
  );
  const [viewer, setViewer] = useState<ViewerState>({ state: 'unknown' });
  const [liveNote, setLiveNote] = useState<string | null>(null);
  const [more, setMore] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });
  const firstNewId = useRef<string | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    setHydrated(true);
    initSession();
  }, []);

  const signedIn = session.status === 'signed-in';
  const sessionKey = session.status === 'signed-in' ? session.user.id : session.status;

  /** The newest reviews (and the viewer); `quiet` keeps what is shown while asking. */
  const refresh = useCallback(
    async (withViewer: boolean, quiet = false) => {
      const call = ++latest.current;
      if (withViewer && !quiet) setViewer({ state: 'loading' });
      const result = await loadProgramReviews(programId);
      if (call !== latest.current) return;
      if (!result.ok) {
        setLiveNote(result.message);
        if (withViewer) setViewer({ state: 'failed', message: CHECK_FAILED });
        else setViewer({ state: 'signed-out' });
        return;
      }
      setLiveNote(null);
      setSummary(result.value.summary);
      setReviews(result.value.reviews);
      setNextOffset(result.value.next_offset);
      setViewer(
        result.value.viewer !== null
          ? { state: 'known', viewer: result.value.viewer }
          : { state: 'signed-out' },
      );
    },
    [programId],
  );

  useEffect(() => {
    if (sessionKey === 'unknown') return;
    void refresh(signedIn);
    // sessionKey names the person: the reviews are asked for again when someone signs in or out.
  }, [sessionKey, refresh]);

  const showMore = async () => {
    if (nextOffset === null || more.loading) return;
    setMore({ loading: true, error: null });
    const result = await loadProgramReviews(programId, nextOffset);
    if (!result.ok) {
      setMore({ loading: false, error: result.message });
      return;
    }
    const known = new Set(reviews.map((r) => r.id));
    const added = result.value.reviews.filter((r) => !known.has(r.id));
    firstNewId.current = added[0]?.id ?? null;
    setReviews([...reviews, ...added]);
    setNextOffset(result.value.next_offset);
    setMore({ loading: false, error: null });
  };

  const focusFirstNew = useCallback((el: HTMLElement | null) => {
    if (el !== null && firstNewId.current !== null && el.dataset['reviewId'] === firstNewId.current) {
      firstNewId.current = null;
      el.focus();
    }
  }, []);

  const HeadingTag = `h${String(Math.min(5, Math.max(2, headingLevel)))}` as 'h2';
  const titleId = `${REVIEWS_ANCHOR}-title`;
  const hasSample = reviews.some((r) => r.sample);

  return (
    <section
      id={REVIEWS_ANCHOR}
      aria-labelledby={titleId}
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
      data-program-reviews
    >
      <HeadingTag id={titleId} className="text-xl font-semibold text-brand-800">
        Reviews
      </HeadingTag>
      <div className="mt-4">
        <RatingOverview summary={summary} idPrefix={`${REVIEWS_ANCHOR}-`} />
      </div>
      <p className="mt-4 text-sm text-muted">
        Reviews come from families, not from this site. Each one is checked against our review policy before
        it is published, and a low rating is never a reason to remove one.{' '}
        <a href={REVIEW_POLICY_PATH} className="font-medium text-brand-700 underline underline-offset-2">
          {REVIEW_MARKERS.howReviewsWork}
        </a>
      </p>
      {hasSample ? (
        <p className="mt-2 text-sm text-muted">
          Reviews marked “{REVIEW_MARKERS.sample}” are fictional examples that show how reviews look.
        </p>
      ) : null}
      <div className="mt-5">
        <WriteReview
          programId={programId}
          programName={programName}
          programPath={programPath}
          headingLevel={headingLevel + 1}
          viewer={viewer}
          onReview={(review) => {
            if (viewer.state === 'known')
              setViewer({ state: 'known', viewer: viewerWith(viewer.viewer, review) });
            void refresh(true, true);
          }}
        />
      </div>
      {liveNote !== null ? (
        <p role="status" className="mt-4 text-sm text-muted">
          {liveNote}
        </p>
      ) : null}
      {reviews.length > 0 ? (
        <ol
          aria-label="Published reviews, newest first"
          className="mt-6 divide-y divide-slate-200 border-t border-slate-200 pt-5"
        >
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} headingLevel={headingLevel + 1} focusRef={focusFirstNew} />
            </li>
          ))}
        </ol>
      ) : null}
      {nextOffset !== null ? (
        <div className="mt-4">
          <button
            type="button"
            className={secondaryBusyButton}
            disabled={more.loading}
            onClick={() => void showMore()}
          >
            {more.loading ? 'Loading…' : 'Show more reviews'}
          </button>
          {more.error !== null ? (
            <p role="alert" className="mt-2 text-sm text-red-900">
              {more.error}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
