import { servesMinors } from '../../draft.ts';
import { Fields, type FieldForm, type FieldTable } from '../fields.tsx';

const YOUTH: FieldTable = [
  {
    kind: 'row',
    columns: 2,
    fields: [
      { kind: 'text', name: 'licenseNumber', label: 'State license number', maxLength: 100 },
      {
        kind: 'text',
        name: 'licenseAgency',
        label: 'Licensing agency',
        maxLength: 200,
        placeholder: 'e.g. Department of Children and Families',
      },
    ],
  },
  {
    kind: 'textarea',
    name: 'restraintPolicy',
    label: 'Restraint and seclusion policy',
    maxLength: 2000,
    rows: 3,
    hint: 'Whether and when staff use physical restraint or seclusion, and how it is documented and told to parents.',
  },
  {
    kind: 'textarea',
    name: 'parentContactPolicy',
    label: 'Parent contact policy',
    maxLength: 2000,
    rows: 3,
    hint: 'How and how often a resident can call, message or see their parents.',
  },
  {
    kind: 'textarea',
    name: 'schooling',
    label: 'Schooling',
    maxLength: 2000,
    rows: 3,
    hint: 'On-site school or tutoring, and whether credits are accredited and transfer.',
  },
  {
    kind: 'textarea',
    name: 'transportEscort',
    label: 'Transport and escort services',
    maxLength: 2000,
    rows: 2,
    hint: 'Whether you use or recommend transport/escort services to bring a young person in.',
  },
];

export function YouthTab({ form }: { form: FieldForm }) {
  const minors = servesMinors(form.draft.ageGroups);
  return (
    <>
      <div
        className={`rounded-md border p-3 text-sm ${minors ? 'border-amber-400 bg-amber-50 text-amber-950' : 'border-slate-300 bg-slate-50'}`}
      >
        {minors ? (
          <p>
            <strong>Parents of children and adolescents look for these facts first.</strong> Say them in your
            own words; families see &ldquo;The program has not told us&rdquo; for what you leave blank.
          </p>
        ) : (
          <p>
            These facts matter to parents of minors. Your listing does not serve children or adolescents now,
            so families will not see them.
          </p>
        )}
      </div>
      <Fields table={YOUTH} form={form} />
    </>
  );
}
