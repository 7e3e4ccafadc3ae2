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
    { label: 'Current monthly revenue', value: shown.currentRevenue },
    { label: 'Potential monthly revenue', value: shown.potentialRevenue },
    { label: 'Additional monthly revenue', value: shown.additionalRevenue },
    { label: 'Return on the plan', value: shown.roiPercent },
    { label: 'Marketing cost per admission', value: shown.costPerAdmission },
    { label: 'Break-even', value: shown.breakEvenDays },
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <section className={card} aria-labelledby={`${id}-title`}>
        <SectionTitle id={`${id}-title`}>ROI Calculator</SectionTitle>
        <p className="mt-1 text-muted">
          Estimate what filling more beds is worth. Change any figure; results update as you type.
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
        <SectionTitle id={`${id}-results`}>Results per month</SectionTitle>
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
            Current revenue = beds × {currentOccupancy}% occupancy today × revenue per day × {daysPerMonth}{' '}
            days.
          </li>
          <li>Potential revenue = beds × target occupancy × revenue per day × {daysPerMonth} days.</li>
          <li>Additional revenue = potential revenue − current revenue.</li>
          <li>
            Return on the plan = (additional revenue − ${planPrice} plan price) ÷ ${planPrice} × 100.
          </li>
          <li>
            Cost per admission = marketing spend ÷ admissions per month at the target, where admissions = beds
            × occupancy × {daysPerMonth} ÷ average stay.
          </li>
          <li>
            Break-even = ${planPrice} ÷ (additional revenue ÷ {daysPerMonth}) days.
          </li>
        </ul>
        <p className="mt-3 text-sm text-muted">
          Assumptions: {currentOccupancy}% occupancy today, {daysPerMonth}-day months, the plan at $
          {planPrice} a month. The conversion rate is kept for your reference and does not change these
          figures.
        </p>
      </section>
    </div>
  );
}
