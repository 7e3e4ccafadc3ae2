import { describe, expect, it } from 'vitest';
import {
  FIDELITY_LABELS,
  scoreChangeText,
  validChange,
  type MedianScoreChange,
  type OutcomeMeasure,
  NOT_REPORTED,
  erpAtLeast,
  fidelityRows,
  reportsOutcomes,
  type TreatmentFidelity,
} from '../../../src/lib/fidelity.ts';

const FULL: TreatmentFidelity = {
  erpHoursPerWeek: 20,
  individualSessionsPerWeek: 3,
  specialisedCliniciansPercent: 85,
  outcomeMeasure: 'Y-BOCS',
  medianScoreChange: { direction: 'fell', points: 11, year: 2025, sampleSize: 48 },
  family: { sessionsPerWeek: 1, accommodationWork: true },
};

const values = (f: TreatmentFidelity | null | undefined) =>
  Object.fromEntries(fidelityRows(f).map((r) => [r.key, r.value]));

describe('fidelityRows', () => {
  it('shows every fact of a complete profile, in order', () => {
    expect(fidelityRows(FULL)).toEqual([
      { key: 'erpHoursPerWeek', label: FIDELITY_LABELS.erpHoursPerWeek, value: '20 hours', reported: true },
      {
        key: 'individualSessionsPerWeek',
        label: FIDELITY_LABELS.individualSessionsPerWeek,
        value: '3 sessions',
        reported: true,
      },
      {
        key: 'specialisedCliniciansPercent',
        label: FIDELITY_LABELS.specialisedCliniciansPercent,
        value: '85%',
        reported: true,
      },
      { key: 'outcomeMeasure', label: FIDELITY_LABELS.outcomeMeasure, value: 'Y-BOCS', reported: true },
      {
        key: 'medianScoreChange',
        label: FIDELITY_LABELS.medianScoreChange,
        value:
          "Symptoms eased: the median patient's Y-BOCS score fell 11 points from admission to discharge (lower scores mean milder OCD; 2025 figures, 48 patients)",
        reported: true,
      },
      {
        key: 'familySessionsPerWeek',
        label: FIDELITY_LABELS.familySessionsPerWeek,
        value: '1 session',
        reported: true,
      },
      {
        key: 'familyAccommodationWork',
        label: FIDELITY_LABELS.familyAccommodationWork,
        value: 'Yes',
        reported: true,
      },
    ]);
  });

  it.each([null, undefined, {}, { family: null }, { family: {} }])(
    '%j → all seven rows "Not reported"',
    (f) => {
      const rows = fidelityRows(f);
      expect(rows).toHaveLength(7);
      for (const r of rows) {
        expect(r.value).toBe(NOT_REPORTED);
        expect(r.reported).toBe(false);
        expect(r.label).not.toBe('');
      }
    },
  );

  it.each([
    ['erpHoursPerWeek', { erpHoursPerWeek: 1 }, '1 hour'],
    ['erpHoursPerWeek', { erpHoursPerWeek: 12.5 }, '12.5 hours'],
    ['erpHoursPerWeek', { erpHoursPerWeek: 0 }, '0 hours'], // a reported zero is shown as a zero
    ['erpHoursPerWeek', { erpHoursPerWeek: null }, NOT_REPORTED],
    ['erpHoursPerWeek', { erpHoursPerWeek: -2 }, NOT_REPORTED],
    ['erpHoursPerWeek', { erpHoursPerWeek: Number.NaN }, NOT_REPORTED],
    ['individualSessionsPerWeek', { individualSessionsPerWeek: 1 }, '1 session'],
    ['individualSessionsPerWeek', { individualSessionsPerWeek: 2 }, '2 sessions'],
    ['individualSessionsPerWeek', {}, NOT_REPORTED],
    ['specialisedCliniciansPercent', { specialisedCliniciansPercent: 100 }, '100%'],
    ['specialisedCliniciansPercent', { specialisedCliniciansPercent: 0 }, '0%'],
    ['specialisedCliniciansPercent', { specialisedCliniciansPercent: 120 }, NOT_REPORTED],
    ['outcomeMeasure', { outcomeMeasure: 'CY-BOCS' }, 'CY-BOCS'],
    ['outcomeMeasure', { outcomeMeasure: 'none' }, 'None (no standard measure)'],
    ['outcomeMeasure', { outcomeMeasure: null }, NOT_REPORTED],
    ['medianScoreChange', { medianScoreChange: null }, NOT_REPORTED],
    ['familySessionsPerWeek', { family: { sessionsPerWeek: 0 } }, '0 sessions'],
    ['familySessionsPerWeek', { family: { sessionsPerWeek: 2 } }, '2 sessions'],
    ['familyAccommodationWork', { family: { accommodationWork: false } }, 'No'],
    ['familyAccommodationWork', { family: { accommodationWork: null } }, NOT_REPORTED],
  ] as [string, TreatmentFidelity, string][])('%s of %j → %j', (key, f, value) => {
    expect(values(f)[key]).toBe(value);
    expect(fidelityRows(f).find((r) => r.key === key)?.reported).toBe(value !== NOT_REPORTED);
  });

  it('never shows a blank value', () => {
    for (const f of [FULL, {}, { erpHoursPerWeek: 0 }, { family: { sessionsPerWeek: 0 } }]) {
      for (const r of fidelityRows(f)) expect(r.value.trim()).not.toBe('');
    }
  });
});

describe('reportsOutcomes (filter "Reports outcomes (Y-BOCS)")', () => {
  const change = { direction: 'fell', points: 10, year: 2025, sampleSize: 20 } as const;
  it.each([
    [{ outcomeMeasure: 'Y-BOCS', medianScoreChange: change }, true],
    [{ outcomeMeasure: 'CY-BOCS', medianScoreChange: change }, true],
    [{ outcomeMeasure: 'Y-BOCS' }, false], // measures but publishes no change
    [{ outcomeMeasure: 'Y-BOCS', medianScoreChange: { ...change, sampleSize: 0 } }, false],
    [{ outcomeMeasure: 'Y-BOCS', medianScoreChange: { ...change, direction: 'rose' } }, true],
    [{ outcomeMeasure: 'Y-BOCS', medianScoreChange: { ...change, direction: 'unchanged', points: 0 } }, true],
    [{ outcomeMeasure: 'Y-BOCS', medianScoreChange: { ...change, direction: 'unchanged' } }, false],
    [{ outcomeMeasure: 'none', medianScoreChange: change }, false],
    [{ medianScoreChange: change }, false],
    [{}, false],
    [null, false],
  ] as [TreatmentFidelity | null, boolean][])('%j → %s', (f, expected) => {
    expect(reportsOutcomes(f)).toBe(expected);
  });
});

describe('erpAtLeast (filter "ERP ≥ N hours/week")', () => {
  it.each([
    [{ erpHoursPerWeek: 20 }, 20, true],
    [{ erpHoursPerWeek: 19.5 }, 20, false],
    [{ erpHoursPerWeek: 25 }, 10, true],
    [{ erpHoursPerWeek: 0 }, 5, false],
    [{ erpHoursPerWeek: 0 }, 0, true],
    [{}, 0, false], // not reported never passes, even at 0
    [{ erpHoursPerWeek: null }, 5, false],
    [null, 5, false],
  ] as [TreatmentFidelity | null, number, boolean][])('%j, N = %i → %s', (f, hours, expected) => {
    expect(erpAtLeast(f, hours)).toBe(expected);
  });
});

describe('the outcome in words a parent understands (scoreChangeText, fidelityRows)', () => {
  const change = (direction: MedianScoreChange['direction'], points: number): MedianScoreChange => ({
    direction,
    points,
    year: 2025,
    sampleSize: 64,
  });
  it.each([
    [
      'Y-BOCS',
      change('fell', 11),
      "Symptoms eased: the median patient's Y-BOCS score fell 11 points from admission to discharge (lower scores mean milder OCD; 2025 figures, 64 patients)",
    ],
    [
      'CY-BOCS',
      change('fell', 1),
      "Symptoms eased: the median patient's CY-BOCS score fell 1 point from admission to discharge (lower scores mean milder OCD; 2025 figures, 64 patients)",
    ],
    [
      'Y-BOCS',
      change('fell', 8.5),
      "Symptoms eased: the median patient's Y-BOCS score fell 8.5 points from admission to discharge (lower scores mean milder OCD; 2025 figures, 64 patients)",
    ],
    [
      'Y-BOCS',
      change('rose', 2),
      "Symptoms worsened: the median patient's Y-BOCS score rose 2 points from admission to discharge (higher scores mean more severe OCD; 2025 figures, 64 patients)",
    ],
    [
      'CY-BOCS',
      change('rose', 0.5),
      "Symptoms worsened: the median patient's CY-BOCS score rose 0.5 points from admission to discharge (higher scores mean more severe OCD; 2025 figures, 64 patients)",
    ],
    [
      'Y-BOCS',
      change('unchanged', 0),
      "No change: the median patient's Y-BOCS score was the same at admission and at discharge (2025 figures, 64 patients)",
    ],
    [
      'CY-BOCS',
      { ...change('unchanged', 0), sampleSize: 1 },
      "No change: the median patient's CY-BOCS score was the same at admission and at discharge (2025 figures, 1 patient)",
    ],
    // No standard measure named: no claim about which way is better.
    [
      'none',
      change('fell', 4),
      "Score fell: the median patient's symptom score fell 4 points from admission to discharge (no standard measure named; 2025 figures, 64 patients)",
    ],
    [
      null,
      change('rose', 4),
      "Score rose: the median patient's symptom score rose 4 points from admission to discharge (no standard measure named; 2025 figures, 64 patients)",
    ],
    [
      undefined,
      change('unchanged', 0),
      "No change: the median patient's symptom score was the same at admission and at discharge (2025 figures, 64 patients)",
    ],
  ] as [OutcomeMeasure | null | undefined, MedianScoreChange, string][])(
    '%s, %j → %s',
    (measure, c, text) => {
      expect(scoreChangeText(c, measure)).toBe(text);
      const row = fidelityRows({ outcomeMeasure: measure, medianScoreChange: c }).find(
        (r) => r.key === 'medianScoreChange',
      );
      expect(row).toEqual({
        key: 'medianScoreChange',
        label: FIDELITY_LABELS.medianScoreChange,
        value: text,
        reported: true,
      });
    },
  );

  it('a fall never reads as a rise, nor a rise as a fall', () => {
    for (const measure of ['Y-BOCS', 'CY-BOCS'] as const) {
      const fell = scoreChangeText(change('fell', 11), measure);
      const rose = scoreChangeText(change('rose', 11), measure);
      expect(fell).toMatch(/eased.* fell 11 points/);
      expect(fell).not.toMatch(/rose|worse/);
      expect(rose).toMatch(/worsened.* rose 11 points/);
      expect(rose).not.toMatch(/fell|eased/);
    }
  });

  it.each([
    ['a fall of 0 points', change('fell', 0)],
    ['a rise of 0 points', change('rose', 0)],
    ['no change of 3 points', change('unchanged', 3)],
    ['more than 40 points', change('fell', 41)],
    ['negative points', change('fell', -11)],
    ['points that are not a number', change('fell', Number.NaN)],
    ['an unknown direction', { ...change('fell', 3), direction: 'down' }],
    ['a year before 1990', { ...change('fell', 3), year: 1989 }],
    ['a year that is not whole', { ...change('fell', 3), year: 2023.5 }],
    ['no patients', { ...change('fell', 3), sampleSize: 0 }],
    ['a signed change of the old shape', { change: -11, year: 2025, sampleSize: 64 }],
  ] as [string, MedianScoreChange][])('%s → "Not reported"', (_label, c) => {
    expect(validChange(c)).toBe(null);
    expect(values({ outcomeMeasure: 'Y-BOCS', medianScoreChange: c })['medianScoreChange']).toBe(
      NOT_REPORTED,
    );
  });
});
