/** Each tab lists its fields as data (name, label, kind, hint, options); `Fields` is their one renderer. */
import type { Failure } from '../api.ts';
import type { ListingDraft } from '../draft.ts';
import type { UploadKind } from '../uploads.ts';
import { rangeOf, type RangedField } from '../../../lib/listing-ranges.ts';
import { fieldOfDraftKey } from '../../../lib/listing/fields.ts';
import {
  Checkboxes,
  described,
  FieldHint,
  FieldLabel,
  FieldMessage,
  inputClass,
  TextArea,
  TextInput,
} from '../../../ui/fields.tsx';
import type { Errors } from './field-errors.ts';
import { UploadField } from './UploadField.tsx';
import type { UpdateField } from './useListingBuilder.ts';

/** Draft fields holding one choice from a list ('' = not specified). */
type ChoiceKey =
  'genderSpecific' | 'setting' | 'outcomeMeasure' | 'scoreDirection' | 'familyAccommodationWork';
/** Draft fields holding any number of choices from a list. */
type ListKey = 'ageGroups' | 'modalities' | 'insurance' | 'accreditations';
type TextKey = Exclude<
  { [K in keyof ListingDraft]: ListingDraft[K] extends string ? K : never }[keyof ListingDraft],
  ChoiceKey
>;
type OptionOf<K extends ChoiceKey | ListKey> = K extends ChoiceKey
  ? Exclude<ListingDraft[K], ''>
  : K extends ListKey
    ? ListingDraft[K][number]
    : never;

type TextSpec = {
  kind: 'text';
  name: TextKey;
  label: string;
  maxLength: number;
  required?: boolean;
  type?: 'tel' | 'email' | 'url';
  placeholder?: string;
  inputMode?: 'numeric';
  autoComplete?: string;
  hint?: string;
};

/**
 * A number with a range and a unit (src/lib/listing-ranges.ts): kept as typed, checked before
 * saving; the input carries the range's min, max and step, the unit stands beside it and the hint
 * says the range. The label is the range table's unless given.
 */
type NumberSpec = {
  kind: 'number';
  name: TextKey;
  column: Exclude<RangedField, 'wait_weeks'>;
  label?: string;
  placeholder?: string;
  /** Said before the range in the hint. */
  hint?: string;
};

type TextAreaSpec = {
  kind: 'textarea';
  name: TextKey;
  label: string;
  maxLength: number;
  rows: number;
  required?: boolean;
  hint?: string;
};

type SelectSpec = {
  [K in ChoiceKey]: {
    kind: 'select';
    name: K;
    label: string;
    options: readonly OptionOf<K>[];
    labels?: Partial<Record<OptionOf<K>, string>>;
    hint?: string;
    /** The empty choice's text. */
    empty?: string;
  };
}[ChoiceKey];

type CheckboxesSpec = {
  [K in ListKey]: {
    kind: 'checkboxes';
    name: K;
    label: string;
    options: readonly OptionOf<K>[];
    labels?: Partial<Record<OptionOf<K>, string>>;
  };
}[ListKey];

/** Photo addresses or highlights, one per line (checked before saving, never cut off). */
type LinesSpec = {
  kind: 'lines';
  name: 'images' | 'programHighlights';
  label: string;
  rows: number;
  hint: string;
};

type FileSpec = { kind: 'file'; name: UploadKind; label: string; hint: string };

export type FieldSpec =
  TextSpec | NumberSpec | TextAreaSpec | SelectSpec | CheckboxesSpec | LinesSpec | FileSpec;

/** Fields side by side from the small breakpoint up. */
type RowSpec = { kind: 'row'; columns: 2 | 3; fields: readonly FieldSpec[] };

export type FieldTable = readonly (FieldSpec | RowSpec)[];

/** What a tab's fields read and write. */
export type FieldForm = {
  baseId: string;
  draft: ListingDraft;
  errors: Errors;
  update: UpdateField;
  setUpload: (kind: UploadKind, url: string, name: string) => void;
  onFailure: (failure: Failure) => void;
};

const ROW_CLASS = { 2: 'grid gap-4 sm:grid-cols-2', 3: 'grid gap-4 sm:grid-cols-3' } as const;

export function Fields({ table, form }: { table: FieldTable; form: FieldForm }) {
  return (
    <>
      {table.map((entry) =>
        entry.kind === 'row' ? (
          <div key={entry.fields.map((f) => f.name).join()} className={ROW_CLASS[entry.columns]}>
            {entry.fields.map((spec) => (
              <Field key={spec.name} spec={spec} form={form} />
            ))}
          </div>
        ) : (
          <Field key={entry.name} spec={entry} form={form} />
        ),
      )}
    </>
  );
}

/**
 * The hint of a number: the range with its unit, and the step when it is not a whole number.
 *
 * @example rangeHint('erp_hours_per_week') // 'From 0 to 80 hours per week, in steps of 0.5.'
 */
export function rangeHint(column: RangedField, now = new Date()): string {
  const r = rangeOf(column, now);
  if (column === 'score_change_year') return `A year from ${String(r.min)} to ${String(r.max)}.`;
  const unit = r.unit === '%' ? ' percent' : r.unit === '' ? '' : ` ${r.unit}`;
  return r.step === 1
    ? `A whole number from ${String(r.min)} to ${String(r.max)}${unit}.`
    : `From ${String(r.min)} to ${String(r.max)}${unit}, in steps of ${String(r.step)}.`;
}

function NumberField({ spec, form }: { spec: NumberSpec; form: FieldForm }) {
  const { baseId, draft, errors, update } = form;
  const id = `${baseId}-${spec.name}`;
  const range = rangeOf(spec.column);
  const hint = [spec.hint, rangeHint(spec.column)].filter(Boolean).join(' ');
  const error = errors[spec.name];
  return (
    <div>
      <FieldLabel htmlFor={id} label={spec.label ?? range.label} />
      <div className="flex items-center gap-2">
        <div className="w-32 shrink-0">
          <input
            id={id}
            type="number"
            className={inputClass}
            value={draft[spec.name]}
            min={range.min}
            max={range.max}
            step={range.step}
            inputMode={range.step === 1 ? 'numeric' : 'decimal'}
            placeholder={spec.placeholder}
            autoComplete="off"
            aria-invalid={Boolean(error)}
            aria-describedby={described(id, true, Boolean(error))}
            onChange={(e) => {
              update(spec.name, e.target.value);
            }}
          />
        </div>
        {range.unit ? (
          <span className="mt-1 text-sm text-muted" data-unit>
            {range.unit}
          </span>
        ) : null}
      </div>
      <FieldHint id={`${id}-hint`} hint={hint} />
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

function ChoiceField({ spec, form }: { spec: SelectSpec; form: FieldForm }) {
  const { baseId, draft, errors, update } = form;
  const id = `${baseId}-${spec.name}`;
  const error = errors[spec.name];
  const labels: Partial<Record<string, string>> = spec.labels ?? {};
  return (
    <div>
      <FieldLabel htmlFor={id} label={spec.label} required={neededForApproval(spec.name)} />
      <select
        id={id}
        className={inputClass}
        value={draft[spec.name]}
        aria-invalid={Boolean(error)}
        aria-describedby={described(id, Boolean(spec.hint), Boolean(error))}
        onChange={(e) => {
          update(spec.name, e.target.value as ListingDraft[ChoiceKey]);
        }}
      >
        <option value="">{spec.empty ?? 'Not specified'}</option>
        {spec.options.map((o) => (
          <option key={o} value={o}>
            {labels[o] ?? o}
          </option>
        ))}
      </select>
      <FieldHint id={`${id}-hint`} hint={spec.hint} />
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}

/** Approval needs it (src/lib/listing/publish-rule.ts): labeled "required to submit", not optional. */
function neededForApproval(name: string): boolean {
  return fieldOfDraftKey(name)?.publish !== undefined;
}

function Field({ spec, form }: { spec: FieldSpec; form: FieldForm }) {
  const { baseId, draft, errors, update } = form;
  const id = `${baseId}-${spec.name}`;
  switch (spec.kind) {
    case 'text':
      return (
        <TextInput
          {...spec}
          required={spec.required === true || neededForApproval(spec.name)}
          id={id}
          value={draft[spec.name]}
          error={errors[spec.name]}
          onChange={(v) => {
            update(spec.name, v);
          }}
        />
      );
    case 'number':
      return <NumberField spec={spec} form={form} />;
    case 'textarea':
      return (
        <TextArea
          {...spec}
          required={spec.required === true || neededForApproval(spec.name)}
          id={id}
          value={draft[spec.name]}
          error={errors[spec.name]}
          onChange={(v) => {
            update(spec.name, v);
          }}
        />
      );
    case 'select':
      return <ChoiceField spec={spec} form={form} />;
    case 'checkboxes':
      return (
        <Checkboxes
          legend={spec.label}
          required={neededForApproval(spec.name)}
          options={spec.options}
          labels={spec.labels}
          value={draft[spec.name]}
          onChange={(v) => {
            update(spec.name, v as ListingDraft[ListKey]);
          }}
        />
      );
    case 'lines':
      return (
        <TextArea
          id={id}
          label={spec.label}
          rows={spec.rows}
          hint={spec.hint}
          value={draft[spec.name].join('\n')}
          error={errors[spec.name]}
          onChange={(v) => {
            update(spec.name, v.split('\n'));
          }}
        />
      );
    case 'file':
      return (
        <UploadField
          id={id}
          kind={spec.name}
          label={spec.label}
          hint={spec.hint}
          url={draft[spec.name]}
          name={draft[spec.name === 'logo' ? 'logoName' : 'licenseName']}
          onUploaded={(url, name) => {
            form.setUpload(spec.name, url, name);
          }}
          onFailure={form.onFailure}
        />
      );
  }
}
