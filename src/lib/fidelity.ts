/**
 * Treatment fidelity facts: how much ERP a program gives and whether it measures
 * outcomes. Every fact is optional; the display shows each one, with "Not reported" where the
 * program has not said — never a blank, and never a 0 standing in for a missing number. Pure.
 */

/** One line of a facts table: `value` is always non-empty text. */
export interface FactRow {
  key: string;
  label: string;
  value: string;
  /** False when `value` is the "not reported" / "not told us" placeholder. */
  reported: boolean;
}

export const OUTCOME_MEASURES = ['Y-BOCS', 'CY-BOCS', 'none'] as const;
export type OutcomeMeasure = (typeof OUTCOME_MEASURES)[number];

export interface MedianScoreChange {
  /** Median change in score from admission to discharge, in points; negative = symptoms fell. */
  change: number;
  /** The year the figures are from. */
  year: number;
  /** How many patients the median is over. */
  sampleSize: number;
}

export interface TreatmentFidelity {
  erpHoursPerWeek?: number | null | undefined;
  individualSessionsPerWeek?: number | null | undefined;
  /** Share of clinicians with specialised OCD/ERP training, in percent (0–100). */
  specialisedCliniciansPercent?: number | null | undefined;
  outcomeMeasure?: OutcomeMeasure | null | undefined;
  medianScoreChange?: MedianScoreChange | null | undefined;
  family?:
    | {
        sessionsPerWeek?: number | null | undefined;
        /** Whether the program works with the family on reducing accommodation of OCD. */
        accommodationWork?: boolean | null | undefined;
      }
    | null
    | undefined;
}

export const NOT_REPORTED = 'Not reported';

/** The "ERP ≥ N hours/week" filter's choices. */
export const ERP_HOURS_OPTIONS = [5, 10, 15, 20, 25] as const;

export const FIDELITY_LABELS = {
  erpHoursPerWeek: 'ERP hours per week',
  individualSessionsPerWeek: 'Individual therapy sessions per week',
  specialisedCliniciansPercent: 'Clinicians with specialised OCD/ERP training',
  outcomeMeasure: 'Outcome measure',
  medianScoreChange: 'Median score change',
  familySessionsPerWeek: 'Family sessions per week',
  familyAccommodationWork: 'Family accommodation work',
} as const;

/** A usable count or amount: finite and not negative. */
function amount(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function percent(value: number | null | undefined): number | null {
  const v = amount(value);
  return v !== null && v <= 100 ? v : null;
}

/** The score change when it is complete and plausible (a whole year, a sample of at least 1). */
function validChange(change: MedianScoreChange | null | undefined): MedianScoreChange | null {
  if (!change) return null;
  const { change: points, year, sampleSize } = change;
  if (!Number.isFinite(points) || !Number.isInteger(year) || year < 1900 || year > 9999) return null;
  if (!Number.isInteger(sampleSize) || sampleSize < 1) return null;
  return change;
}

/** 12 → "12", 12.5 → "12.5", 12.25 → "12.3". */
function number(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

function plural(value: number, one: string, many: string): string {
  return `${number(value)} ${value === 1 ? one : many}`;
}

function row(key: string, label: string, value: string | null): FactRow {
  return value === null
    ? { key, label, value: NOT_REPORTED, reported: false }
    : { key, label, value, reported: true };
}

/** "11 points lower on the Y-BOCS (2025, 48 patients)". */
export function scoreChangeText(
  change: MedianScoreChange,
  measure: OutcomeMeasure | null | undefined,
): string {
  const points = Math.abs(change.change);
  const direction = change.change < 0 ? 'lower' : 'higher';
  const scale = measure === 'Y-BOCS' || measure === 'CY-BOCS' ? ` on the ${measure}` : '';
  const what =
    change.change === 0 ? `No change${scale}` : `${plural(points, 'point', 'points')} ${direction}${scale}`;
  return `${what} (${change.year}, ${plural(change.sampleSize, 'patient', 'patients')})`;
}

/** The facts table, in a fixed order, every row present. */
export function fidelityRows(fidelity: TreatmentFidelity | null | undefined): FactRow[] {
  const f = fidelity ?? {};
  const erp = amount(f.erpHoursPerWeek);
  const sessions = amount(f.individualSessionsPerWeek);
  const share = percent(f.specialisedCliniciansPercent);
  const measure = f.outcomeMeasure && OUTCOME_MEASURES.includes(f.outcomeMeasure) ? f.outcomeMeasure : null;
  const change = validChange(f.medianScoreChange);
  const familySessions = amount(f.family?.sessionsPerWeek);
  const accommodation = f.family?.accommodationWork;
  return [
    row(
      'erpHoursPerWeek',
      FIDELITY_LABELS.erpHoursPerWeek,
      erp === null ? null : plural(erp, 'hour', 'hours'),
    ),
    row(
      'individualSessionsPerWeek',
      FIDELITY_LABELS.individualSessionsPerWeek,
      sessions === null ? null : plural(sessions, 'session', 'sessions'),
    ),
    row(
      'specialisedCliniciansPercent',
      FIDELITY_LABELS.specialisedCliniciansPercent,
      share === null ? null : `${number(share)}%`,
    ),
    row(
      'outcomeMeasure',
      FIDELITY_LABELS.outcomeMeasure,
      measure === null ? null : measure === 'none' ? 'None (no standard measure)' : measure,
    ),
    row(
      'medianScoreChange',
      FIDELITY_LABELS.medianScoreChange,
      change === null ? null : scoreChangeText(change, measure),
    ),
    row(
      'familySessionsPerWeek',
      FIDELITY_LABELS.familySessionsPerWeek,
      familySessions === null ? null : plural(familySessions, 'session', 'sessions'),
    ),
    row(
      'familyAccommodationWork',
      FIDELITY_LABELS.familyAccommodationWork,
      typeof accommodation === 'boolean' ? (accommodation ? 'Yes' : 'No') : null,
    ),
  ];
}

/** The filter "Reports outcomes (Y-BOCS)": a Y-BOCS or CY-BOCS measure with a published change. */
export function reportsOutcomes(fidelity: TreatmentFidelity | null | undefined): boolean {
  const measure = fidelity?.outcomeMeasure;
  return (measure === 'Y-BOCS' || measure === 'CY-BOCS') && validChange(fidelity?.medianScoreChange) !== null;
}

/** The filter "ERP ≥ N hours/week": false when the program has not reported its ERP hours. */
export function erpAtLeast(fidelity: TreatmentFidelity | null | undefined, hours: number): boolean {
  const erp = amount(fidelity?.erpHoursPerWeek);
  return erp !== null && erp >= hours;
}
