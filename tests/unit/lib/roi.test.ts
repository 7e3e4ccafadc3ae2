import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatRoi,
  roi,
  ROI_ASSUMPTIONS,
  ROI_DEFAULTS,
  ROI_LIMITS,
  type RoiInputs,
  type RoiResult,
} from '../../../src/lib/roi.ts';

type Outputs = Omit<RoiResult, 'inputs'>;
type Output = keyof Outputs;

// Every expected value is worked out by hand from the formulas in roi()'s JSDoc.
describe('roi', () => {
  it('uses the documented defaults and assumptions', () => {
    expect(ROI_DEFAULTS).toEqual({
      beds: 20,
      averageStay: 45,
      revenuePerDay: 800,
      marketingSpend: 15000,
      currentConversion: 15,
      targetOccupancy: 85,
    });
    expect(ROI_ASSUMPTIONS).toEqual({ currentOccupancy: 70, daysPerMonth: 30, planPrice: 499 });
  });

  it.each<[string, Partial<RoiInputs>, Partial<Outputs>]>([
    [
      // 20×0.70×800×30; 20×0.85×800×30; 14×30/45 and 17×30/45; 2 ÷ 0.15; 800×45; 15000 ÷ (420/45);
      // 15000 ÷ ((420/45) ÷ 0.15); 5988 ÷ 36000; (36000 − 5988) ÷ 5988
      'the defaults',
      {},
      {
        currentRevenue: 336000,
        potentialRevenue: 408000,
        additionalRevenue: 72000,
        currentAdmissions: 420 / 45,
        potentialAdmissions: 510 / 45,
        additionalAdmissions: 2,
        inquiriesNeeded: 2 / 0.15,
        revenuePerAdmission: 36000,
        costPerAdmission: 15000 / (420 / 45),
        costPerInquiry: 15000 / (420 / 45 / 0.15),
        planShareOfAdmission: (5988 / 36000) * 100,
        roiPercent: ((36000 - 5988) / 5988) * 100,
      },
    ],
    [
      'a target below today: nothing additional, never negative',
      { targetOccupancy: 50 },
      { additionalRevenue: 0, additionalAdmissions: 0, inquiriesNeeded: 0 },
    ],
    [
      '0% conversion: no inquiry figure',
      { currentConversion: 0 },
      { inquiriesNeeded: null, costPerInquiry: null },
    ],
    [
      'no average stay: no admissions, no revenue per admission',
      { averageStay: 0 },
      {
        currentAdmissions: 0,
        additionalAdmissions: 0,
        costPerAdmission: null,
        revenuePerAdmission: 0,
        planShareOfAdmission: null,
        roiPercent: null,
      },
    ],
    [
      'empty and negative fields count as 0',
      { beds: Number.NaN, marketingSpend: -5 },
      { currentRevenue: 0, currentAdmissions: 0, costPerAdmission: null },
    ],
  ])('%s', (_, inputs, expected) => {
    const result = roi(inputs);
    for (const [key, value] of Object.entries(expected)) {
      if (value === null) expect(result[key as Output], key).toBeNull();
      else expect(result[key as Output], key).toBeCloseTo(value, 9);
    }
  });

  // Each input moves the outputs it should (and the conversion rate is no longer decorative).
  it.each<[keyof RoiInputs, number, Output[]]>([
    [
      'beds',
      30,
      [
        'currentRevenue',
        'potentialRevenue',
        'additionalRevenue',
        'additionalAdmissions',
        'inquiriesNeeded',
        'costPerAdmission',
        'costPerInquiry',
      ],
    ],
    [
      'averageStay',
      30,
      [
        'additionalAdmissions',
        'inquiriesNeeded',
        'revenuePerAdmission',
        'costPerAdmission',
        'roiPercent',
        'costPerInquiry',
        'planShareOfAdmission',
      ],
    ],
    [
      'revenuePerDay',
      1000,
      [
        'currentRevenue',
        'potentialRevenue',
        'additionalRevenue',
        'revenuePerAdmission',
        'roiPercent',
        'planShareOfAdmission',
      ],
    ],
    ['marketingSpend', 20000, ['costPerAdmission', 'costPerInquiry']],
    ['currentConversion', 30, ['inquiriesNeeded', 'costPerInquiry']],
    [
      'targetOccupancy',
      95,
      ['potentialRevenue', 'additionalRevenue', 'additionalAdmissions', 'inquiriesNeeded'],
    ],
  ])('changing %s to %d moves %j', (input, value, moved) => {
    const before = roi();
    const after = roi({ [input]: value });
    const changed = (Object.keys(before) as (keyof RoiResult)[]).filter(
      (k) => k !== 'inputs' && before[k] !== after[k],
    );
    expect(changed).toEqual(expect.arrayContaining(moved));
    for (const k of changed)
      if (k !== 'currentAdmissions' && k !== 'potentialAdmissions') expect(moved).toContain(k);
  });

  it('is finite and bounded for any input', () => {
    const input = fc.oneof(fc.double(), fc.integer({ min: -1e9, max: 1e9 }), fc.constant(Number.NaN));
    fc.assert(
      fc.property(
        fc.record({
          beds: input,
          averageStay: input,
          revenuePerDay: input,
          marketingSpend: input,
          currentConversion: input,
          targetOccupancy: input,
        }),
        (inputs) => {
          const result = roi(inputs);
          for (const [key, value] of Object.entries(result)) {
            if (key === 'inputs' || value === null) continue;
            expect(Number.isFinite(value), key).toBe(true);
            expect(value as number, key).toBeGreaterThanOrEqual(key === 'roiPercent' ? -100 : 0);
          }
          for (const key of Object.keys(ROI_LIMITS) as (keyof RoiInputs)[]) {
            expect(result.inputs[key]).toBeLessThanOrEqual(ROI_LIMITS[key]);
          }
          // The largest possible month: every bed full at the highest daily revenue.
          expect(result.potentialRevenue).toBeLessThanOrEqual(
            ROI_LIMITS.beds * ROI_LIMITS.revenuePerDay * 30,
          );
          const shown = formatRoi(result);
          for (const text of Object.values(shown)) expect(text).not.toMatch(/NaN|Infinity/);
        },
      ),
      { seed: 20261126, numRuns: 500 },
    );
  });
});

describe('formatRoi', () => {
  it('shows the defaults in words', () => {
    expect(formatRoi(roi())).toEqual({
      currentRevenue: '$336,000',
      potentialRevenue: '$408,000',
      additionalRevenue: '$72,000',
      additionalAdmissions: '2 a month',
      inquiriesNeeded: '13.3 a month',
      revenuePerAdmission: '$36,000',
      costPerAdmission: '$1,607',
      costPerInquiry: '$241',
      planShareOfAdmission: '17%',
      roiPercent: '501%',
    });
  });

  it('says — for a figure that does not exist', () => {
    const shown = formatRoi(roi({ currentConversion: 0, averageStay: 0 }));
    expect([shown.inquiriesNeeded, shown.costPerInquiry, shown.roiPercent]).toEqual(['—', '—', '—']);
  });
});
