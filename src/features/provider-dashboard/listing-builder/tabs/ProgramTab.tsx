import {
  AGE_GROUP_LABELS,
  AGE_GROUPS,
  GENDER_OPTIONS,
  INSURANCE,
  MODALITIES,
  SETTINGS,
} from '../../../../lib/vocabulary.ts';
import { Fields, type FieldForm, type FieldTable } from '../fields.tsx';

const PROGRAM: FieldTable = [
  {
    kind: 'checkboxes',
    name: 'ageGroups',
    label: 'Age groups',
    options: AGE_GROUPS,
    labels: AGE_GROUP_LABELS,
  },
  {
    kind: 'row',
    columns: 2,
    fields: [
      {
        kind: 'select',
        name: 'genderSpecific',
        label: 'Who the program admits',
        options: GENDER_OPTIONS,
        hint: 'Co-ed, or the one group a gender-specific program serves (e.g. Girls-only, Women-only).',
      },
      { kind: 'select', name: 'setting', label: 'Setting', options: SETTINGS },
      { kind: 'number', name: 'capacity', column: 'capacity', label: 'Capacity' },
      {
        kind: 'text',
        name: 'avgLength',
        label: 'Average length of stay',
        maxLength: 100,
        placeholder: 'e.g. 45 days',
      },
    ],
  },
  { kind: 'checkboxes', name: 'modalities', label: 'Treatment modalities', options: MODALITIES },
  {
    kind: 'text',
    name: 'staffRatio',
    label: 'Staff-to-resident ratio',
    maxLength: 100,
    placeholder: 'e.g. 1:3',
  },
  { kind: 'textarea', name: 'medicalSupport', label: 'Medical support', maxLength: 2000, rows: 3 },
  { kind: 'checkboxes', name: 'insurance', label: 'Insurance', options: INSURANCE },
  { kind: 'textarea', name: 'financialAid', label: 'Financial aid', maxLength: 2000, rows: 3 },
];

export function ProgramTab({ form }: { form: FieldForm }) {
  return <Fields table={PROGRAM} form={form} />;
}
