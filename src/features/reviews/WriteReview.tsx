/**
 * The place on a program's page where a family writes its review:
 *
 * - signed out (and before the page knows): "Write a review" is a link to sign in, which brings
 *   the person back here (`#write-a-review`), where the form then opens;
 * - an administrator, or a provider whose organization publishes the program: why they cannot
 *   review it;
 * - a family that may review: "Write a review" opens the form;
 * - a family that already reviewed the program: its review with where it stands (waiting to be
 *   checked, published, or not published and under which rule), "Edit your review" (the edit is
 *   checked again) and "Delete review".
 *
 * The form (ReviewForm.tsx, with zod for its check) is loaded when it first opens. What was typed
 * stays here while the form is closed and after a refusal.
 */
import { useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import {
  MODERATION_STATUS_LABELS,
  REVIEW_MESSAGES as M,
  type OwnReview,
  type ReviewViewer,
} from '../../api/contracts/reviews.ts';
import { ReviewStars } from '../../components/program/profile/ReviewStars.tsx';
import { REVIEW_POLICY_PATH } from '../../lib/reviews.ts';
import { dangerButton, primaryButton, secondaryButton } from '../../ui/buttons.ts';
import { Pill, type Tone } from '../../ui/Pill.tsx';
import { deleteReview } from './api.ts';
import type { ReviewFormProps } from './ReviewForm.tsx';
import {
  EMPTY_FORM,
  formFromReview,
  signInToReviewHref,
  stayText,
  WRITE_ANCHOR,
  writtenText,
  type ReviewFormValues,
} from './rules.ts';

/** What the section knows about the person reading it. */
export type ViewerState =
  | { state: 'unknown' }
  | { state: 'signed-out' }
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'known'; viewer: ReviewViewer };

const STATUS_TONES: Record<OwnReview['status'], Tone> = {
  pending: 'amber',
  published: 'green',
  rejected: 'red',
};

type Done = { kind: 'submitted' | 'edited' | 'deleted' } | null;

export function WriteReview({
  programId,
  programName,
  programPath,
  headingLevel,
  viewer,
  onReview,
}: {
  programId: string;
  programName: string;
  programPath: string;
  headingLevel: number;
  viewer: ViewerState;
  /** The family's review changed (saved or deleted: null): the section updates and reloads. */
  onReview: (review: OwnReview | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [Form, setForm] = useState<ComponentType<ReviewFormProps> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [values, setValues] = useState<ReviewFormValues>(EMPTY_FORM);
  /** Whose values the form holds: a new review ('new') or the id of the review being edited. */
  const draftFor = useRef<string | null>(null);
  const [done, setDone] = useState<Done>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const autoOpened = useRef(false);

  const own = viewer.state === 'known' ? viewer.viewer.review : null;
  const canWrite = viewer.state === 'known' && viewer.viewer.can_review;

  const openForm = () => {
    const key = own?.id ?? 'new';
    if (draftFor.current !== key) {
      setValues(own !== null ? formFromReview(own) : EMPTY_FORM);
      draftFor.current = key;
    }
    setDone(null);
    setOpen(true);
    if (Form === null) {
      import('./ReviewForm.tsx').then(
        (module) => {
          setForm(() => module.ReviewForm);
        },
        () => {
          setLoadFailed(true);
        },
      );
    }
  };

  // Back from signing in (…#write-a-review): the form opens by itself, once.
  useEffect(() => {
    if (autoOpened.current || viewer.state !== 'known') return;
    autoOpened.current = true;
    if (location.hash === `#${WRITE_ANCHOR}` && (canWrite || own !== null)) openForm();
    // openForm reads the current viewer; this runs once, when the viewer is first known.
  }, [viewer.state]);

  useEffect(() => {
    if (done !== null) doneRef.current?.focus();
  }, [done]);

  const closeForm = () => {
    setOpen(false);
    requestAnimationFrame(() => openerRef.current?.focus());
  };

  const saved = (review: OwnReview) => {
    const wasEdit = own !== null;
    draftFor.current = null;
    setOpen(false);
    setDone({ kind: wasEdit ? 'edited' : 'submitted' });
    onReview(review);
  };

  return (
    <div id={WRITE_ANCHOR} className="scroll-mt-24" data-write-review>
      {done !== null ? (
        <div
          ref={doneRef}
          tabIndex={-1}
          role="status"
          className="mb-4 rounded-md border border-brand-100 bg-brand-50 p-4 focus:outline-none"
        >
          <p className="font-semibold">
            {done.kind === 'submitted'
              ? M.submittedTitle
              : done.kind === 'edited'
                ? M.editedTitle
                : M.deletedTitle}
          </p>
          <p className="mt-1">
            {done.kind === 'submitted' ? M.submitted : done.kind === 'edited' ? M.edited : M.deleted}
          </p>
          {done.kind !== 'deleted' ? (
            <p className="mt-2">
              <a
                href={REVIEW_POLICY_PATH}
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                Read our review policy
              </a>
            </p>
          ) : null}
        </div>
      ) : null}

      {open ? (
        Form !== null ? (
          <Form
            programId={programId}
            programName={programName}
            existing={own}
            values={values}
            onChange={setValues}
            headingLevel={headingLevel}
            onSaved={saved}
            onCancel={closeForm}
          />
        ) : loadFailed ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            The review form could not be loaded. Please check your connection and reload the page.
          </p>
        ) : (
          <p role="status" className="text-muted">
            Opening the form…
          </p>
        )
      ) : own !== null ? (
        <OwnReviewCard
          review={own}
          headingLevel={headingLevel}
          openerRef={openerRef}
          onEdit={openForm}
          onDeleted={() => {
            draftFor.current = null;
            setValues(EMPTY_FORM);
            setDone({ kind: 'deleted' });
            onReview(null);
          }}
        />
      ) : viewer.state === 'known' && !canWrite ? (
        <p className="rounded-md bg-slate-50 p-3 text-sm" data-review-ineligible>
          {viewer.viewer.message}
        </p>
      ) : canWrite ? (
        <button ref={openerRef} type="button" className={primaryButton} onClick={openForm}>
          {M.formTitle}
        </button>
      ) : viewer.state === 'loading' ? (
        <p role="status" className="text-sm text-muted">
          Checking whether you can review this program…
        </p>
      ) : viewer.state === 'failed' ? (
        <p role="alert" className="text-sm text-red-900">
          {viewer.message}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <a href={signInToReviewHref(programPath)} className={primaryButton}>
            {M.formTitle}
          </a>
          {viewer.state === 'signed-out' ? <p className="text-sm text-muted">{M.signInToReview}</p> : null}
        </div>
      )}
    </div>
  );
}

function OwnReviewCard({
  review,
  headingLevel,
  openerRef,
  onEdit,
  onDeleted,
}: {
  review: OwnReview;
  headingLevel: number;
  openerRef: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const Tag = `h${String(Math.min(6, Math.max(2, headingLevel)))}` as 'h3';
  const stay = stayText(review.stay_year);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const remove = async () => {
    setDeleting(true);
    setError(null);
    const result = await deleteReview(review.id);
    setDeleting(false);
    if (result.ok) onDeleted();
    else setError(result.message);
  };

  return (
    <section
      aria-labelledby="own-review-title"
      className="rounded-lg border border-slate-300 bg-slate-50 p-4"
      data-own-review
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Tag id="own-review-title" className="text-lg font-semibold text-brand-800">
          Your review
        </Tag>
        <Pill tone={STATUS_TONES[review.status]}>{MODERATION_STATUS_LABELS[review.status]}</Pill>
      </div>
      <div className="mt-2">
        <ReviewStars rating={review.rating} />
      </div>
      <p className="mt-1 font-semibold break-words">{review.title}</p>
      <p className="mt-1 text-sm text-muted">
        {review.public_name} · {review.relationship_label}
        {stay !== null ? ` · ${stay}` : ''} · {writtenText(review.created_at)}
      </p>
      <p className="mt-2 break-words whitespace-pre-line">{review.body}</p>
      {review.status === 'rejected' && review.rejection !== null ? (
        <div className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950">
          <p>{M.rejectedBecause}</p>
          <p className="mt-1">
            <a
              href={`${REVIEW_POLICY_PATH}#${review.rejection.id}`}
              className="font-semibold underline underline-offset-2"
            >
              {review.rejection.title}
            </a>
            : {review.rejection.text}
          </p>
          <p className="mt-1">{M.rejectedEdit}</p>
        </div>
      ) : null}
      {confirming ? (
        <div className="mt-4 rounded-md border border-red-300 bg-white p-3">
          <p className="font-medium">{M.deleteConfirm}</p>
          <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row">
            <button
              type="button"
              className={secondaryButton}
              disabled={deleting}
              onClick={() => {
                setConfirming(false);
              }}
            >
              {M.cancel}
            </button>
            <button
              ref={confirmRef}
              type="button"
              className={dangerButton}
              disabled={deleting}
              onClick={() => void remove()}
            >
              {deleting ? 'Deleting…' : M.delete}
            </button>
          </div>
          {error !== null ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-900">
              {error}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <button ref={openerRef} type="button" className={primaryButton} onClick={onEdit}>
            {M.editTitle}
          </button>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              setConfirming(true);
            }}
          >
            {M.delete}
          </button>
        </div>
      )}
    </section>
  );
}
