/**
 * "Write a review" (and "Edit your review") on a program's page: the rating as a radio group of
 * stars (required), a title, the text with the reminder not to include health details or names of
 * staff or other residents, how the reviewer knows the program, the year of the stay when there
 * was one, the name shown (first name and initial, or "A parent"), and the connection disclosure.
 * Checked with the API's own schema before sending (form-check.ts: loaded with this module, when
 * the form opens); each problem is said once, beside its field, and the first one gets the focus;
 * what is not about a field is said once above the buttons. What was typed is never cleared by a
 * refusal: the values live in the section (WriteReview.tsx), which keeps them when the form closes.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { REVIEW_MESSAGES as M, type OwnReview } from '../../api/contracts/reviews.ts';
import type { ReviewEditBody } from '../../api/contracts/reviews-schemas.ts';
import { starsText } from '../../components/program/profile/ReviewStars.tsx';
import {
  FIRST_STAY_YEAR,
  RATING_MAX,
  RELATIONSHIP_LABELS,
  RELATIONSHIPS,
  REVIEW_POLICY_PATH,
  REVIEW_TITLE_MAX,
} from '../../lib/reviews.ts';
import { primaryButton, secondaryButton } from '../../ui/buttons.ts';
import { FieldHint, FieldMessage, inputClass, labelClass } from '../../ui/fields.tsx';
import { sendReview } from './api.ts';
import { reviewFormErrors } from './form-check.ts';
import {
  firstInvalid,
  namePreview,
  reviewDraftBody,
  showsStayYear,
  type ReviewErrors,
  type ReviewField,
  type ReviewFormValues,
} from './rules.ts';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

const optionRow =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50';
const radio = 'size-4 shrink-0 accent-brand-600';

export interface ReviewFormProps {
  programId: string;
  programName: string;
  /** The family's own review when editing it; null for a new one. */
  existing: OwnReview | null;
  values: ReviewFormValues;
  onChange: (values: ReviewFormValues) => void;
  headingLevel: number;
  onSaved: (review: OwnReview) => void;
  onCancel: () => void;
}

export function ReviewForm({
  programId,
  programName,
  existing,
  values,
  onChange,
  headingLevel,
  onSaved,
  onCancel,
}: ReviewFormProps) {
  const id = useId();
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const fieldId = (field: ReviewField) => `${id}-${field}`;
  const errorId = (field: ReviewField) => `${fieldId(field)}-error`;
  const hintId = (field: ReviewField) => `${fieldId(field)}-hint`;
  const describedBy = (field: ReviewField, hint: boolean) =>
    [errors[field] !== undefined ? errorId(field) : null, hint ? hintId(field) : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const set = (patch: Partial<ReviewFormValues>) => {
    onChange({ ...values, ...patch });
  };

  /** Focuses the control of a field (a radio group: its checked radio, else its first). */
  const focusField = (field: ReviewField) => {
    const form = formRef.current;
    if (!form) return;
    const control =
      form.querySelector<HTMLElement>(`[data-field="${field}"]:checked`) ??
      form.querySelector<HTMLElement>(`[data-field="${field}"]`);
    control?.focus();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const checked = reviewFormErrors(values);
    const first = firstInvalid(checked.fields);
    if (first !== undefined || checked.rest.length > 0) {
      setErrors(checked.fields);
      setFormError(checked.rest[0] ?? null);
      if (first !== undefined) focusField(first);
      return;
    }
    setErrors({});
    setFormError(null);
    setSending(true);
    // The check passed: every choice is made, so the draft is a review's body.
    const result = await sendReview(
      programId,
      existing?.id ?? null,
      reviewDraftBody(values) as ReviewEditBody,
    );
    setSending(false);
    if (result.ok) {
      onSaved(result.review);
      return;
    }
    setErrors(result.fields);
    setFormError(result.message);
    const firstRefused = firstInvalid(result.fields);
    if (firstRefused !== undefined) focusField(firstRefused);
  };

  const preview = namePreview(values);
  const HeadingTag = headingTag(headingLevel);
  const title = existing === null ? M.formTitle : M.editTitle;

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={`${id}-heading`}
      aria-busy={sending}
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-5 rounded-lg border border-slate-300 bg-white p-4 sm:p-5"
      data-review-form
    >
      <div>
        <HeadingTag
          id={`${id}-heading`}
          ref={headingRef}
          tabIndex={-1}
          // One name, "Write a review: <program>" (a visually hidden span would be read with a
          // stray space before its colon).
          aria-label={`${title}: ${programName}`}
          className="text-lg font-semibold text-brand-800 focus:outline-none"
        >
          {title}
        </HeadingTag>
        {existing !== null ? <p className="mt-1 text-sm text-muted">{M.edited}</p> : null}
        <p className="mt-1 text-sm text-muted">All fields are required unless they say “optional”.</p>
      </div>

      <fieldset>
        <legend className={labelClass}>{M.ratingLabel}</legend>
        <div className="mt-1 flex flex-wrap items-center gap-1">
          {STARS.map((n) => (
            <label
              key={n}
              className="relative inline-flex size-11 cursor-pointer items-center justify-center rounded-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={values.rating === n}
                disabled={sending}
                onChange={() => {
                  set({ rating: n });
                }}
                className="sr-only"
                data-field="rating"
                aria-describedby={describedBy('rating', false)}
              />
              {/* The star is decoration: a click on it goes to the label, which checks the radio. */}
              <span
                aria-hidden="true"
                className={`pointer-events-none text-3xl leading-none ${values.rating !== null && n <= values.rating ? 'text-amber-600' : 'text-slate-500'}`}
              >
                {values.rating !== null && n <= values.rating ? '★' : '☆'}
              </span>
              <span className="sr-only">{starsText(n)}</span>
            </label>
          ))}
          <span aria-hidden="true" className="ml-2 text-sm font-medium">
            {values.rating !== null ? starsText(values.rating) : 'Choose from 1 to 5 stars'}
          </span>
        </div>
        <FieldMessage id={errorId('rating')} message={errors.rating} />
      </fieldset>

      <div>
        <label htmlFor={fieldId('title')} className={labelClass}>
          {M.titleLabel}
        </label>
        <FieldHint id={hintId('title')} hint={`One line, at most ${String(REVIEW_TITLE_MAX)} characters.`} />
        <input
          id={fieldId('title')}
          type="text"
          autoComplete="off"
          value={values.title}
          disabled={sending}
          onChange={(e) => {
            set({ title: e.target.value });
          }}
          aria-invalid={errors.title !== undefined}
          aria-describedby={describedBy('title', true)}
          className={inputClass}
          data-field="title"
        />
        <FieldMessage id={errorId('title')} message={errors.title} />
      </div>

      <div>
        <label htmlFor={fieldId('body')} className={labelClass}>
          {M.bodyLabel}
        </label>
        <p id={hintId('body')} className="mt-1 text-sm text-muted">
          <span className="font-medium text-ink">{M.reminder}</span> {M.bodyHint}
        </p>
        <textarea
          id={fieldId('body')}
          rows={7}
          value={values.body}
          disabled={sending}
          onChange={(e) => {
            set({ body: e.target.value });
          }}
          aria-invalid={errors.body !== undefined}
          aria-describedby={describedBy('body', true)}
          className={`${inputClass} min-h-40`}
          data-field="body"
        />
        <FieldMessage id={errorId('body')} message={errors.body} />
      </div>

      <RadioGroup
        legend={M.relationshipLabel}
        error={<FieldMessage id={errorId('relationship')} message={errors.relationship} />}
      >
        {RELATIONSHIPS.map((r) => (
          <label key={r} className={optionRow}>
            <input
              type="radio"
              name={`${id}-relationship`}
              value={r}
              checked={values.relationship === r}
              disabled={sending}
              onChange={() => {
                set({ relationship: r });
              }}
              className={radio}
              data-field="relationship"
              aria-describedby={describedBy('relationship', false)}
            />
            {RELATIONSHIP_LABELS[r]}
          </label>
        ))}
      </RadioGroup>

      {showsStayYear(values.relationship) ? (
        <div>
          <label htmlFor={fieldId('stay_year')} className={labelClass}>
            {M.stayYearLabel}
          </label>
          <FieldHint
            id={hintId('stay_year')}
            hint={`A year from ${String(FIRST_STAY_YEAR)} to this year, e.g. 2024.`}
          />
          <input
            id={fieldId('stay_year')}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={values.stayYear}
            disabled={sending}
            onChange={(e) => {
              set({ stayYear: e.target.value });
            }}
            aria-invalid={errors.stay_year !== undefined}
            aria-describedby={describedBy('stay_year', true)}
            className={`${inputClass} max-w-40`}
            data-field="stay_year"
          />
          <FieldMessage id={errorId('stay_year')} message={errors.stay_year} />
        </div>
      ) : null}

      <RadioGroup
        legend={M.nameLabel}
        hint={<FieldHint id={hintId('name_choice')} hint={M.nameHint} />}
        error={<FieldMessage id={errorId('name_choice')} message={errors.name_choice} />}
      >
        {(
          [
            ['first_name_initial', M.nameInitialOption],
            ['a_parent', M.nameParentOption],
          ] as const
        ).map(([choice, label]) => (
          <label key={choice} className={optionRow}>
            <input
              type="radio"
              name={`${id}-name`}
              value={choice}
              checked={values.nameChoice === choice}
              disabled={sending}
              onChange={() => {
                set({ nameChoice: choice });
              }}
              className={radio}
              data-field="name_choice"
              aria-describedby={describedBy('name_choice', true)}
            />
            {label}
          </label>
        ))}
      </RadioGroup>

      {values.nameChoice === 'first_name_initial' ? (
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <div>
            <label htmlFor={fieldId('first_name')} className={labelClass}>
              {M.firstNameLabel}
            </label>
            <input
              id={fieldId('first_name')}
              type="text"
              autoComplete="given-name"
              value={values.firstName}
              disabled={sending}
              onChange={(e) => {
                set({ firstName: e.target.value });
              }}
              aria-invalid={errors.first_name !== undefined}
              aria-describedby={describedBy('first_name', false)}
              className={inputClass}
              data-field="first_name"
            />
            <FieldMessage id={errorId('first_name')} message={errors.first_name} />
          </div>
          <div>
            <label htmlFor={fieldId('last_initial')} className={labelClass}>
              {M.lastInitialLabel}
            </label>
            <input
              id={fieldId('last_initial')}
              type="text"
              autoComplete="off"
              value={values.lastInitial}
              disabled={sending}
              onChange={(e) => {
                set({ lastInitial: e.target.value });
              }}
              aria-invalid={errors.last_initial !== undefined}
              aria-describedby={describedBy('last_initial', false)}
              className={`${inputClass} max-w-24`}
              data-field="last_initial"
            />
            <FieldMessage id={errorId('last_initial')} message={errors.last_initial} />
          </div>
        </div>
      ) : null}
      {preview !== null ? (
        <p className="-mt-2 text-sm">
          Your review will be shown as <strong>{preview}</strong>.
        </p>
      ) : null}

      <RadioGroup
        legend={M.connectedLabel}
        error={<FieldMessage id={errorId('connected_to_program')} message={errors.connected_to_program} />}
        inline
      >
        {(
          [
            ['no', M.connectedNo],
            ['yes', M.connectedYes],
          ] as const
        ).map(([answer, label]) => (
          <label key={answer} className={optionRow}>
            <input
              type="radio"
              name={`${id}-connected`}
              value={answer}
              checked={values.connected === answer}
              disabled={sending}
              onChange={() => {
                set({ connected: answer });
              }}
              className={radio}
              data-field="connected_to_program"
              aria-describedby={describedBy('connected_to_program', false)}
            />
            {label}
          </label>
        ))}
      </RadioGroup>

      {values.connected === 'yes' ? (
        <div>
          <label htmlFor={fieldId('connection_note')} className={labelClass}>
            {M.connectionNoteLabel}
          </label>
          <FieldHint id={hintId('connection_note')} hint={M.connectionNoteHint} />
          <input
            id={fieldId('connection_note')}
            type="text"
            autoComplete="off"
            value={values.connectionNote}
            disabled={sending}
            onChange={(e) => {
              set({ connectionNote: e.target.value });
            }}
            aria-invalid={errors.connection_note !== undefined}
            aria-describedby={describedBy('connection_note', true)}
            className={inputClass}
            data-field="connection_note"
          />
          <FieldMessage id={errorId('connection_note')} message={errors.connection_note} />
        </div>
      ) : null}

      <p className="rounded-md bg-slate-50 p-3 text-sm">
        {M.policyNote}{' '}
        <a href={REVIEW_POLICY_PATH} className="font-medium text-brand-700 underline underline-offset-2">
          Read the review policy
        </a>
      </p>

      <div role="alert" className="empty:hidden">
        {formError !== null ? (
          <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
            {formError}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} disabled={sending} onClick={onCancel}>
          {M.cancel}
        </button>
        <button type="submit" className={primaryButton} disabled={sending}>
          {sending ? M.submitting : existing === null ? M.submit : M.save}
        </button>
      </div>
    </form>
  );
}

/** The tag of a heading at `level` (2–6). */
function headingTag(level: number): 'h2' | 'h3' | 'h4' | 'h5' | 'h6' {
  return `h${String(Math.min(6, Math.max(2, Math.round(level))))}` as 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
}

/** A group of radio buttons with its legend, an optional hint and its message. */
function RadioGroup({
  legend,
  hint,
  error,
  inline = false,
  children,
}: {
  legend: string;
  hint?: ReactNode;
  error: ReactNode;
  inline?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      {hint}
      <div className={`mt-2 grid gap-2 ${inline ? 'grid-cols-2 sm:max-w-xs' : 'sm:grid-cols-2'}`}>
        {children}
      </div>
      {error}
    </fieldset>
  );
}
