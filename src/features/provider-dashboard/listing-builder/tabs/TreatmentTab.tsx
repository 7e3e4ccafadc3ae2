import { FIDELITY_LABELS, OUTCOME_MEASURES } from '../../../../lib/fidelity.ts';
import { YES_NO } from '../../draft.ts';
import { labelClass } from '../../../../ui/fields.tsx';
import { Fields, type FieldForm, type FieldTable } from '../fields.tsx';

const TREATMENT: FieldTable = [
  {
    kind: 'row',
    columns: 2,
    fields: [
      {
        kind: 'number',
        name: 'erpHoursPerWeek',
        label: FIDELITY_LABELS.erpHoursPerWeek,
        maxLength: 5,
        inputMode: 'decimal',
        hint: 'Hours of exposure and response prevention a resident does in a typical week, 0–80.',
      },
      {
        kind: 'number',
        name: 'individualSessionsPerWeek',
        label: FIDELITY_LABELS.individualSessionsPerWeek,
        maxLength: 4,
        inputMode: 'decimal',
        hint: '0–30.',
      },
      {
        kind: 'number',
        name: 'specialisedCliniciansPercent',
        label: `${FIDELITY_LABELS.specialisedCliniciansPercent} (%)`,
        maxLength: 3,
        inputMode: 'numeric',
        hint: 'Share of your clinicians with specialised OCD/ERP training, 0–100.',
      },
      {
        kind: 'select',
        name: 'outcomeMeasure',
        label: 'Outcome measure at intake and discharge',
        options: OUTCOME_MEASURES,
        labels: { none: 'None' },
      },
    ],
  },
];

/** All three or none: a score change means little without its year and sample size. */
const SCORE_CHANGE: FieldTable = [
  {
    kind: 'number',
    name: 'scoreChange',
    label: 'Change (points)',
    maxLength: 5,
    inputMode: 'text',
    placeholder: 'e.g. -11.5',
  },
  {
    kind: 'number',
    name: 'scoreChangeYear',
    label: 'Year',
    maxLength: 4,
    inputMode: 'numeric',
    placeholder: 'e.g. 2025',
  },
  {
    kind: 'number',
    name: 'scoreChangeSample',
    label: 'Sample size (patients)',
    maxLength: 7,
    inputMode: 'numeric',
  },
];

const FAMILY: FieldTable = [
  {
    kind: 'row',
    columns: 2,
    fields: [
      {
        kind: 'number',
        name: 'familySessionsPerWeek',
        label: FIDELITY_LABELS.familySessionsPerWeek,
        maxLength: 4,
        inputMode: 'decimal',
        hint: '0–14.',
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

export function TreatmentTab({ form }: { form: FieldForm }) {
  return (
    <>
      <p className="text-sm text-muted">
        How much treatment a resident gets and whether you measure results. Every fact is optional; families
        see &ldquo;Not reported&rdquo; for what you leave blank.
      </p>
      <Fields table={TREATMENT} form={form} />
      <fieldset className="rounded-md border border-slate-300 p-4">
        <legend className={`${labelClass} px-1`}>
          Published median score change{' '}
          <span className="font-normal text-muted">(optional: all three or none)</span>
        </legend>
        <p className="text-sm text-muted">
          Only if you publish it: the median change from intake to discharge (negative when symptoms fell),
          the year of the figures and how many patients they cover.
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          <Fields table={SCORE_CHANGE} form={form} />
        </div>
      </fieldset>
      <Fields table={FAMILY} form={form} />
    </>
  );
}
