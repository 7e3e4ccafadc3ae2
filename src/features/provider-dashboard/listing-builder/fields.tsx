/** Each tab lists its fields as data (name, label, kind, hint, options); `Fields` is their one renderer. */
import type { Failure } from '../api.ts';
import type { ListingDraft } from '../draft.ts';
import type { UploadKind } from '../uploads.ts';
import { Checkboxes, Select, TextArea, TextInput } from '../../../ui/fields.tsx';
import type { Errors } from './field-errors.ts';
import { UploadField } from './UploadField.tsx';
import type { UpdateField } from './useListingBuilder.ts';

/** Draft fields holding one choice from a list ('' = not specified). */
type ChoiceKey = 'genderSpecific' | 'setting' | 'outcomeMeasure' | 'familyAccommodationWork';
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

/** A number kept as typed and checked on submit: a text input with a numeric keyboard. */
type NumberSpec = {
  kind: 'number';
  name: TextKey;
  label: string;
  maxLength: number;
  inputMode: 'numeric' | 'decimal' | 'text';
  placeholder?: string;
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

/** Photo addresses, one per line. */
type LinesSpec = { kind: 'lines'; name: 'images'; label: string; rows: number; max: number; hint: string };

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

function Field({ spec, form }: { spec: FieldSpec; form: FieldForm }) {
  const { baseId, draft, errors, update } = form;
  const id = `${baseId}-${spec.name}`;
  switch (spec.kind) {
    case 'text':
    case 'number':
      return (
        <TextInput
          {...spec}
          id={id}
          value={draft[spec.name]}
          error={errors[spec.name]}
          onChange={(v) => {
            update(spec.name, v);
          }}
        />
      );
    case 'textarea':
      return (
        <TextArea
          {...spec}
          id={id}
          value={draft[spec.name]}
          error={errors[spec.name]}
          onChange={(v) => {
            update(spec.name, v);
          }}
        />
      );
    case 'select':
      return (
        <Select
          {...spec}
          id={id}
          value={draft[spec.name]}
          onChange={(v) => {
            update(spec.name, v as ListingDraft[ChoiceKey]);
          }}
        />
      );
    case 'checkboxes':
      return (
        <Checkboxes
          legend={spec.label}
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
            update(spec.name, v.split('\n').slice(0, spec.max));
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
