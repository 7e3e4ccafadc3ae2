import { useId, useState } from 'react';
import { formatRoi, roi, ROI_ASSUMPTIONS, ROI_DEFAULTS, type RoiInputs } from '../../lib/roi.ts';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { inputClass, labelClass } from '../../ui/fields.tsx';

const FIELDS: { key: keyof RoiInputs; label: string; unit: string }[] = [
  { key: 'beds', label: 'Number of beds', unit: 'beds' },
  { key: 'averageStay', label: 'Average length of stay', unit: 'days' },
  { key: 'revenuePerDay', label: 'Revenue per bed per day', unit: 'dollars' },
  { key: 'marketingSpend', label: 'Marketing spend per month', unit: 'dollars' },
  { key: 'currentConversion', label: 'Current inquiry-to-admission conversion', unit: 'percent' },
  { key: 'targetOccupancy', label: 'Target occupancy', unit: 'percent' },
];

/** The ROI calculator: the defaults, the outputs, and the formulas written out (src/lib/roi.ts). */
export function RoiTab() {
  const id = useId();
  const [values, setValues] = useState<Record<keyof RoiInputs, string>>(
    () =>
      Object.fromEntries(FIELDS.map((f) => [f.key, String(ROI_DEFAULTS[f.key])])) as Record<
        keyof RoiInputs,
        string
      >,
  );
  const inputs = Object.fromEntries(
    FIELDS.map((f) => [f.key, values[f.key].trim() === '' ? 0 : Number(values[f.key])]),
  ) as RoiInputs;
  const result = roi(inputs);
  const shown = formatRoi(result);
  const { currentOccupancy, daysPerMonth, planPrice } = ROI_ASSUMPTIONS;

  const outputs: { label: string; value: string }[] = [
    {
      label: `Monthly revenue today (at ${String(currentOccupancy)}% occupancy)`,
      value: shown.currentRevenue,
    },
    { label: 'Monthly revenue at your target occupancy', value: shown.potentialRevenue },
    { label: 'Additional monthly revenue at the target', value: shown.additionalRevenue },
    { label: 'More admissions needed to reach the target', value: shown.additionalAdmissions },
    { label: 'Inquiries those admissions take at your conversion rate', value: shown.inquiriesNeeded },
    { label: 'Revenue of one admission', value: shown.revenuePerAdmission },
    { label: 'Marketing cost per admission today', value: shown.costPerAdmission },
    { label: 'Marketing cost per inquiry today', value: shown.costPerInquiry },
    { label: 'A year of the plan, as a share of one admission', value: shown.planShareOfAdmission },
    { label: 'Return on a year of the plan if it brings one admission a year', value: shown.roiPercent },
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <section className={card} aria-labelledby={`${id}-title`}>
        <SectionTitle id={`${id}-title`}>ROI Calculator</SectionTitle>
        <p className="mt-1 text-muted">
          Estimate what filling more beds is worth and how many inquiries it takes. Change any figure; results
          update as you type.
        </p>
        <form
          className="mt-4 grid gap-4 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
          }}
        >
          {FIELDS.map((f) => (
            <div key={f.key}>
              <label htmlFor={`${id}-${f.key}`} className={labelClass}>
                {f.label} <span className="font-normal text-muted">({f.unit})</span>
              </label>
              <input
                id={`${id}-${f.key}`}
                type="number"
                inputMode="decimal"
                min={0}
                max={f.unit === 'percent' ? 100 : undefined}
                className={inputClass}
                value={values[f.key]}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [f.key]: e.target.value }));
                }}
              />
            </div>
          ))}
        </form>
      </section>
      <section className={card} aria-labelledby={`${id}-results`}>
        <SectionTitle id={`${id}-results`}>Results</SectionTitle>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2" aria-live="polite" data-testid="roi-results">
          {outputs.map((o) => (
            <div key={o.label} className="rounded-lg bg-brand-50 p-3">
              <dt className="text-sm text-muted">{o.label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{o.value}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-6 font-semibold">How it is calculated</h3>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-muted">
          <li>
            Revenue = beds × occupancy × revenue per day × {daysPerMonth} days (today: {currentOccupancy}%
            occupancy; at the target: your target).
          </li>
          <li>
            Admissions a month = beds × occupancy × {daysPerMonth} ÷ average stay. More admissions needed =
            admissions at the target − admissions today.
          </li>
          <li>Inquiries needed = more admissions needed ÷ your inquiry-to-admission conversion rate.</li>
          <li>Revenue of one admission = revenue per day × average stay.</li>
          <li>
            Cost per admission = marketing spend ÷ admissions today; cost per inquiry = marketing spend ÷
            (admissions today ÷ conversion rate).
          </li>
          <li>
            Return on a year of the plan = (revenue of one admission − 12 × ${planPrice}) ÷ (12 × ${planPrice}
            ) × 100, if the plan brings one admission a year.
          </li>
        </ul>
        <p className="mt-3 text-sm text-muted">
          Assumptions: {currentOccupancy}% occupancy today, {daysPerMonth}-day months, the plan at $
          {planPrice} a month after the 14-day free trial. These are estimates from your own figures, not a
          promise of inquiries or admissions: being listed and being verified are free and never bought, and
          nothing here changes where a program appears in the directory.
        </p>
      </section>
    </div>
  );
}
