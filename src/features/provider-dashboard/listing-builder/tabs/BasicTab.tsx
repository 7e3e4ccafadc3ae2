import { Fields, type FieldForm, type FieldTable } from '../fields.tsx';

const BASIC: FieldTable = [
  {
    kind: 'text',
    name: 'centerName',
    label: 'Center name',
    required: true,
    maxLength: 200,
    autoComplete: 'organization',
  },
  {
    kind: 'textarea',
    name: 'description',
    label: 'Description',
    required: true,
    maxLength: 5000,
    rows: 6,
    hint: 'What the program treats, for whom, and how. Families read this first.',
  },
  {
    kind: 'lines',
    name: 'programHighlights',
    label: 'Program highlights',
    rows: 4,
    hint: 'Up to 8 short lines, one per line, each at most 160 characters: what sets your program apart (e.g. "Daily ERP with a therapist on every exposure").',
  },
  {
    kind: 'row',
    columns: 2,
    fields: [
      {
        kind: 'text',
        name: 'phone',
        label: 'Admissions phone',
        required: true,
        type: 'tel',
        maxLength: 40,
        autoComplete: 'tel',
      },
      {
        kind: 'text',
        name: 'email',
        label: 'Admissions email',
        type: 'email',
        maxLength: 320,
        autoComplete: 'email',
      },
    ],
  },
  {
    kind: 'text',
    name: 'website',
    label: 'Website',
    type: 'url',
    maxLength: 500,
    placeholder: 'https://',
    autoComplete: 'url',
  },
];

export function BasicTab({ form }: { form: FieldForm }) {
  return <Fields table={BASIC} form={form} />;
}
