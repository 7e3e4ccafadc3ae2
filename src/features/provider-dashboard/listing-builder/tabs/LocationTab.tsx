import { Fields, type FieldForm, type FieldTable } from '../fields.tsx';

const LOCATION: FieldTable = [
  { kind: 'text', name: 'address', label: 'Street address', maxLength: 300, autoComplete: 'street-address' },
  {
    kind: 'row',
    columns: 3,
    fields: [
      { kind: 'text', name: 'city', label: 'City', maxLength: 100, autoComplete: 'address-level2' },
      { kind: 'text', name: 'state', label: 'State', maxLength: 100, autoComplete: 'address-level1' },
      {
        kind: 'text',
        name: 'zipCode',
        label: 'ZIP code',
        maxLength: 10,
        inputMode: 'numeric',
        autoComplete: 'postal-code',
      },
    ],
  },
];

export function LocationTab({ form }: { form: FieldForm }) {
  return <Fields table={LOCATION} form={form} />;
}
