import { describe, expect, it } from 'vitest';
import {
  FIDELITY_LABELS,
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
  medianScoreChange: { change: -11, year: 2025, sampleSize: 48 },
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
        value: '11 points lower on the Y-BOCS (2025, 48 patients)',
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
    [
      'medianScoreChange',
      { outcomeMeasure: 'CY-BOCS', medianScoreChange: { change: -1, year: 2024, sampleSize: 1 } },
      '1 point lower on the CY-BOCS (2024, 1 patient)',
    ],
    [
      'medianScoreChange',
      { outcomeMeasure: 'Y-BOCS', medianScoreChange: { change: 2, year: 2024, sampleSize: 9 } },
      '2 points higher on the Y-BOCS (2024, 9 patients)',
    ],
    [
      'medianScoreChange',
      { outcomeMeasure: 'Y-BOCS', medianScoreChange: { change: 0, year: 2024, sampleSize: 9 } },
      'No change on the Y-BOCS (2024, 9 patients)',
    ],
    [
      'medianScoreChange',
      { medianScoreChange: { change: -8.5, year: 2023, sampleSize: 30 } },
      '8.5 points lower (2023, 30 patients)',
    ],
    ['medianScoreChange', { medianScoreChange: { change: -8, year: 2023, sampleSize: 0 } }, NOT_REPORTED],
    ['medianScoreChange', { medianScoreChange: { change: -8, year: 23.5, sampleSize: 10 } }, NOT_REPORTED],
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
  const change = { change: -10, year: 2025, sampleSize: 20 };
  it.each([
    [{ outcomeMeasure: 'Y-BOCS', medianScoreChange: change }, true],
    [{ outcomeMeasure: 'CY-BOCS', medianScoreChange: change }, true],
    [{ outcomeMeasure: 'Y-BOCS' }, false], // measures but publishes no change
    [{ outcomeMeasure: 'Y-BOCS', medianScoreChange: { ...change, sampleSize: 0 } }, false],
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
