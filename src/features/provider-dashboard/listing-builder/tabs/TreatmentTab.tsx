import {
  FIDELITY_LABELS,
  OUTCOME_MEASURES,
  SCORE_DIRECTIONS,
  scoreChangeText,
  validChange,
} from '../../../../lib/fidelity.ts';
import { YES_NO, listingBody, type ListingDraft } from '../../draft.ts';
import { labelClass } from '../../../../ui/fields.tsx';
import { Fields, type FieldForm, type FieldTable } from '../fields.tsx';

const APPROACH: FieldTable = [
  {
    kind: 'textarea',
    name: 'clinicalApproach',
    label: 'Clinical approach',
    maxLength: 2000,
    rows: 4,
    hint: 'How you treat OCD, in your words: the therapies, how exposures are planned and how a stay is structured.',
  },
  {
    kind: 'textarea',
    name: 'teamComposition',
    label: 'Team composition',
    maxLength: 2000,
    rows: 3,
    hint: 'Who treats residents: roles, training and how many (e.g. "2 psychiatrists, 6 licensed therapists trained in ERP, nurses around the clock").',
  },
];

const TREATMENT: FieldTable = [
  {
    kind: 'row',
    columns: 2,
    fields: [
      {
        kind: 'number',
        name: 'erpHoursPerWeek',
        column: 'erp_hours_per_week',
        label: FIDELITY_LABELS.erpHoursPerWeek,
        hint: 'Hours of exposure and response prevention a resident does in a typical week.',
      },
      {
        kind: 'number',
        name: 'individualSessionsPerWeek',
        column: 'individual_sessions_per_week',
        label: FIDELITY_LABELS.individualSessionsPerWeek,
      },
      {
        kind: 'number',
        name: 'specialisedCliniciansPercent',
        column: 'specialised_clinicians_percent',
        hint: 'Share of your clinicians with specialized OCD/ERP training.',
      },
      {
        kind: 'select',
        name: 'outcomeMeasure',
        label: 'Outcome measure',
        options: OUTCOME_MEASURES,
        labels: { none: 'None (no standard measure)' },
        hint: 'The scale you score at admission and at discharge. Y-BOCS for adults, CY-BOCS for children and teens.',
      },
    ],
  },
];

/** All four or none: an outcome means little without its direction, size, year and sample. */
const OUTCOME_DIRECTION: FieldTable = [
  {
    kind: 'select',
    name: 'scoreDirection',
    label: 'From admission to discharge, the median score…',
    options: SCORE_DIRECTIONS,
    labels: { fell: 'fell by', rose: 'rose by', unchanged: 'did not change' },
    empty: 'Not stated',
  },
];
const OUTCOME_POINTS: FieldTable = [{ kind: 'number', name: 'scorePoints', column: 'score_points' }];
const OUTCOME_FIGURES: FieldTable = [
  { kind: 'number', name: 'scoreChangeYear', column: 'score_change_year', placeholder: 'e.g. 2025' },
  { kind: 'number', name: 'scoreChangeSample', column: 'score_change_sample' },
];

const FAMILY: FieldTable = [
  {
    kind: 'row',
    columns: 2,
    fields: [
      {
        kind: 'number',
        name: 'familySessionsPerWeek',
        column: 'family_sessions_per_week',
        label: FIDELITY_LABELS.familySessionsPerWeek,
      },
      {
        kind: 'select',
        name: 'familyAccommodationWork',
        label: 'Family accommodation work',
        options: YES_NO,
        labels: { yes: 'Yes', no: 'No' },
        hint: 'Do you work with the family on reducing accommodation of OCD?',
      },
    ],
  },
];

/** The sentence families will read for this outcome, or null while it is incomplete or out of range. */
export function outcomePreview(draft: ListingDraft): string | null {
  const body = listingBody(draft);
  if (
    !body.score_direction ||
    body.score_points == null ||
    !body.score_change_year ||
    !body.score_change_sample
  ) {
    return null;
  }
  const change = validChange({
    direction: body.score_direction,
    points: body.score_points,
    year: body.score_change_year,
    sampleSize: body.score_change_sample,
  });
  return change ? scoreChangeText(change, draft.outcomeMeasure || null) : null;
}

export function TreatmentTab({ form }: { form: FieldForm }) {
  const unchanged = form.draft.scoreDirection === 'unchanged';
  const preview = outcomePreview(form.draft);
  return (
    <>
      <p className="text-sm text-muted">
        How you treat OCD, how much treatment a resident gets and whether you measure results. Every fact is
        optional; families see &ldquo;Not reported&rdquo; for what you leave blank.
      </p>
      <Fields table={APPROACH} form={form} />
      <Fields table={TREATMENT} form={form} />
      <fieldset className="rounded-md border border-slate-300 p-4">
        <legend className={`${labelClass} px-1`}>
          Published outcome{' '}
          <span className="font-normal text-muted">(optional: all four answers or none)</span>
        </legend>
        <p className="text-sm text-muted">
          Only if you publish it: how the median patient&rsquo;s score on your outcome measure changed from
          admission to discharge, the year of the figures and how many patients they cover.
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <Fields table={OUTCOME_DIRECTION} form={form} />
          {unchanged ? (
            <p className="self-end text-sm text-muted">No points to give: the score stayed the same.</p>
          ) : (
            <Fields table={OUTCOME_POINTS} form={form} />
          )}
          <Fields table={OUTCOME_FIGURES} form={form} />
        </div>
        <div
          className="mt-4 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm"
          data-testid="outcome-preview"
        >
          <p className="font-semibold">Families will read</p>
          <p className="mt-1">{preview ?? 'Not reported (until all four answers are given).'}</p>
        </div>
      </fieldset>
      <Fields table={FAMILY} form={form} />
    </>
  );
}
