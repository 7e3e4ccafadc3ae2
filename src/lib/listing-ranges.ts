/**
 * The plausible range and the unit of every numeric or dated fact of a listing, in one table.
 * The listing builder (input attributes, hints), the API's schema (src/lib/provider-schemas.ts)
 * and the database (check constraints of migration 20261126000100, compared with this table by
 * tests/db/listing-publications.test.ts) all say the same. A value outside is refused with
 * `rangeMessage`, never clamped. Pure.
 */

export interface FactRange {
  min: number;
  max: number;
  /** The smallest difference a value can have (1: whole numbers; 0.5: halves). */
  step: number;
  /** What the number counts, as shown after it ("hours per week"). */
  unit: string;
  /** The field's question, as the builder asks it. */
  label: string;
}

/** The first year outcome figures may be from. The last is the current year (`maxOutcomeYear`). */
export const FIRST_OUTCOME_YEAR = 1990;

export const LISTING_RANGES = {
  capacity: { min: 1, max: 500, step: 1, unit: 'beds', label: 'Number of beds' },
  erp_hours_per_week: {
    min: 0,
    max: 80,
    step: 0.5,
    unit: 'hours per week',
    label: 'ERP (exposure and response prevention) hours per week',
  },
  individual_sessions_per_week: {
    min: 0,
    max: 30,
    step: 0.5,
    unit: 'sessions per week',
    label: 'Individual therapy sessions per week',
  },
  specialised_clinicians_percent: {
    min: 0,
    max: 100,
    step: 1,
    unit: '%',
    label: 'Clinicians with specialized OCD/ERP training',
  },
  family_sessions_per_week: {
    min: 0,
    max: 14,
    step: 0.5,
    unit: 'sessions per week',
    label: 'Family sessions per week',
  },
  score_points: {
    min: 0,
    max: 40,
    step: 0.5,
    unit: 'points',
    label: 'By how many points (the Y-BOCS and CY-BOCS run from 0 to 40)',
  },
  score_change_year: {
    min: FIRST_OUTCOME_YEAR,
    // Replaced by the current year when checked (`rangeOf`); 2100 is the database's outer bound.
    max: 2100,
    step: 1,
    unit: '',
    label: 'Year of the figures',
  },
  score_change_sample: { min: 1, max: 10_000, step: 1, unit: 'patients', label: 'Number of patients' },
  wait_weeks: { min: 1, max: 104, step: 1, unit: 'weeks', label: 'Expected wait' },
} as const satisfies Record<string, FactRange>;

export type RangedField = keyof typeof LISTING_RANGES;

/** The latest year outcome figures may be from: this year (UTC). */
export function maxOutcomeYear(now = new Date()): number {
  return now.getUTCFullYear();
}

/** A field's range as checked today (the outcome year ends at the current year). */
export function rangeOf(field: RangedField, now = new Date()): FactRange {
  const range: FactRange = LISTING_RANGES[field];
  return field === 'score_change_year' ? { ...range, max: maxOutcomeYear(now) } : range;
}

/** "12.5 hours per week", "80%", "2025". */
export function withUnit(value: number, unit: string): string {
  const text = value.toLocaleString('en-US', { maximumFractionDigits: 1 });
  if (unit === '') return String(value);
  return unit === '%' ? `${text}%` : `${text} ${unit}`;
}

/** "Enter a number from 0 to 80 hours per week." — the message for a value out of range. */
export function rangeMessage(field: RangedField, now = new Date()): string {
  const r = rangeOf(field, now);
  if (field === 'score_change_year') return `Enter a year from ${String(r.min)} to ${String(r.max)}.`;
  const whole = r.step === 1 ? 'a whole number' : 'a number';
  const unit = r.unit === '%' ? ' percent' : r.unit === '' ? '' : ` ${r.unit}`;
  return `Enter ${whole} from ${String(r.min)} to ${String(r.max)}${unit}.`;
}

/** Whether `value` is inside the field's range and on its step. */
export function inRange(field: RangedField, value: number, now = new Date()): boolean {
  const r = rangeOf(field, now);
  if (!Number.isFinite(value) || value < r.min || value > r.max) return false;
  const steps = (value - r.min) / r.step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}
