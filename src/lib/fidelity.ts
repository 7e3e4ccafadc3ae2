/**
 * Treatment fidelity facts: how much ERP a program gives and whether it measures
 * outcomes. Every fact is optional; the display shows each one, with "Not reported" where the
 * program has not said — never a blank, and never a 0 standing in for a missing number. Pure.
 */
import { FIRST_OUTCOME_YEAR, LISTING_RANGES } from './listing-ranges.ts';

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

/**
 * Which way the median patient's score moved from admission to discharge. Asked as a word, never
 * as a signed number, so a sign cannot turn an improvement into a worsening.
 */
export const SCORE_DIRECTIONS = ['fell', 'rose', 'unchanged'] as const;
export type ScoreDirection = (typeof SCORE_DIRECTIONS)[number];

export interface MedianScoreChange {
  /** `fell` (symptoms eased), `rose` (symptoms worsened) or `unchanged`. */
  direction: ScoreDirection;
  /** How many points, 0–40, at most one decimal; 0 exactly when `unchanged`. */
  points: number;
  /** The year the figures are from. */
  year: number;
  /** How many patients the median is over. */
  sampleSize: number;
}

export interface TreatmentFidelity {
  erpHoursPerWeek?: number | null | undefined;
  individualSessionsPerWeek?: number | null | undefined;
  /** Share of clinicians with specialized OCD/ERP training, in percent (0–100). */
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
  specialisedCliniciansPercent: 'Clinicians with specialized OCD/ERP training',
  outcomeMeasure: 'Outcome measure',
  medianScoreChange: 'Change in symptoms (median patient)',
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

/**
 * The score change when it is complete and consistent: a known direction, 0–40 points (more than 0
 * when it fell or rose, 0 when unchanged), a whole year from FIRST_OUTCOME_YEAR on and a sample of at least 1.
 */
export function validChange(change: MedianScoreChange | null | undefined): MedianScoreChange | null {
  if (!change || typeof change !== 'object') return null;
  const { direction, points, year, sampleSize } = change;
  if (!SCORE_DIRECTIONS.includes(direction)) return null;
  if (
    typeof points !== 'number' ||
    !Number.isFinite(points) ||
    points < 0 ||
    points > LISTING_RANGES.score_points.max
  )
    return null;
  if ((direction === 'unchanged') !== (points === 0)) return null;
  if (!Number.isInteger(year) || year < FIRST_OUTCOME_YEAR || year > 9999) return null;
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

/**
 * The outcome in words a parent understands, saying which way is better, e.g. "Symptoms eased: the
 * median patient's Y-BOCS score fell 11 points from admission to discharge (lower scores mean
 * milder OCD; 2025 figures, 64 patients)". Without a standard measure it names none and says
 * nothing about which way is better.
 */
export function scoreChangeText(
  change: MedianScoreChange,
  measure: OutcomeMeasure | null | undefined,
): string {
  const scale = measure === 'Y-BOCS' || measure === 'CY-BOCS' ? measure : null;
  const score = scale ? `the median patient's ${scale} score` : `the median patient's symptom score`;
  const figures = `${String(change.year)} figures, ${plural(change.sampleSize, 'patient', 'patients')}`;
  const points = plural(change.points, 'point', 'points');
  if (change.direction === 'unchanged') {
    return `No change: ${score} was the same at admission and at discharge (${figures})`;
  }
  if (change.direction === 'fell') {
    return scale
      ? `Symptoms eased: ${score} fell ${points} from admission to discharge (lower scores mean milder OCD; ${figures})`
      : `Score fell: ${score} fell ${points} from admission to discharge (no standard measure named; ${figures})`;
  }
  return scale
    ? `Symptoms worsened: ${score} rose ${points} from admission to discharge (higher scores mean more severe OCD; ${figures})`
    : `Score rose: ${score} rose ${points} from admission to discharge (no standard measure named; ${figures})`;
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
