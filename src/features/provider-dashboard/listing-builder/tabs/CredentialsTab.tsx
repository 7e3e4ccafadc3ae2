import { ACCREDITATIONS } from '../../../../lib/vocabulary.ts';
import { Fields, type FieldForm, type FieldTable } from '../fields.tsx';

const CREDENTIALS: FieldTable = [
  { kind: 'checkboxes', name: 'accreditations', label: 'Accreditations', options: ACCREDITATIONS },
  {
    kind: 'file',
    name: 'license',
    label: 'State license',
    hint: 'Only you and our review team can open it.',
  },
];

export function CredentialsTab({ form }: { form: FieldForm }) {
  return <Fields table={CREDENTIALS} form={form} />;
}
