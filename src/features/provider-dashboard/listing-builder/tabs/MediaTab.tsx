import { Fields, type FieldForm, type FieldTable } from '../fields.tsx';

const MEDIA: FieldTable = [
  { kind: 'file', name: 'logo', label: 'Logo', hint: 'Shown on your listing once it is published.' },
  {
    kind: 'lines',
    name: 'images',
    label: 'Photo links',
    rows: 3,
    hint: 'Up to 20 addresses of photos on your website, one per line.',
  },
];

export function MediaTab({ form }: { form: FieldForm }) {
  return <Fields table={MEDIA} form={form} />;
}
