import { describe, expect, it } from 'vitest';
import {
  formatRoi,
  roi,
  ROI_ASSUMPTIONS,
  ROI_DEFAULTS,
  type RoiInputs,
  type RoiResult,
} from '../../../src/lib/roi.ts';

type Expected = Omit<RoiResult, 'inputs'>;

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

  it.each<[string, Partial<RoiInputs>, Expected]>([
    [
      // 20×0.70×800×30; 20×0.85×800×30; (72000−499)/499×100; 14×30/45 and 17×30/45;
      // 15000 ÷ (510/45); 499 ÷ (72000/30)
      'the defaults',
      {},
      {
        currentRevenue: 336000,
        potentialRevenue: 408000,
        additionalRevenue: 72000,
        currentAdmissions: 420 / 45,
        potentialAdmissions: 510 / 45,
        additionalAdmissions: 2,
        roiPercent: 14328.857715430862,
        costPerAdmission: 1323.5294117647059,
        breakEvenDays: 0.20791666666666667,
      },
    ],
    [
      'a smaller program (10 beds, 30-day stay, $1000/day, $6000 marketing, 90% target)',
      { beds: 10, averageStay: 30, revenuePerDay: 1000, marketingSpend: 6000, targetOccupancy: 90 },
      {
        currentRevenue: 210000,
        potentialRevenue: 270000,
        additionalRevenue: 60000,
        currentAdmissions: 7,
        potentialAdmissions: 9,
        additionalAdmissions: 2,
        roiPercent: (59501 / 499) * 100,
        costPerAdmission: 6000 / 9,
        breakEvenDays: 0.2495,
      },
    ],
    [
      'target equal to today (70%): nothing gained, never breaks even',
      { targetOccupancy: 70 },
      {
        currentRevenue: 336000,
        potentialRevenue: 336000,
        additionalRevenue: 0,
        currentAdmissions: 420 / 45,
        potentialAdmissions: 420 / 45,
        additionalAdmissions: 0,
        roiPercent: -100,
        costPerAdmission: 15000 / (420 / 45),
        breakEvenDays: null,
      },
    ],
    [
      'target below today (50%): negative additional revenue',
      { targetOccupancy: 50 },
      {
        currentRevenue: 336000,
        potentialRevenue: 240000,
        additionalRevenue: -96000,
        currentAdmissions: 420 / 45,
        potentialAdmissions: 300 / 45,
        additionalAdmissions: -120 / 45,
        roiPercent: (-96499 / 499) * 100,
        costPerAdmission: 15000 / (300 / 45),
        breakEvenDays: null,
      },
    ],
    [
      'target above 100% is capped at 100%',
      { targetOccupancy: 150 },
      {
        currentRevenue: 336000,
        potentialRevenue: 480000,
        additionalRevenue: 144000,
        currentAdmissions: 420 / 45,
        potentialAdmissions: 600 / 45,
        additionalAdmissions: 180 / 45,
        roiPercent: (143501 / 499) * 100,
        costPerAdmission: 15000 / (600 / 45),
        breakEvenDays: 499 / 4800,
      },
    ],
    [
      'zero beds: no revenue, no admissions',
      { beds: 0 },
      {
        currentRevenue: 0,
        potentialRevenue: 0,
        additionalRevenue: 0,
        currentAdmissions: 0,
        potentialAdmissions: 0,
        additionalAdmissions: 0,
        roiPercent: -100,
        costPerAdmission: null,
        breakEvenDays: null,
      },
    ],
    [
      'negative beds count as 0',
      { beds: -5 },
      {
        currentRevenue: 0,
        potentialRevenue: 0,
        additionalRevenue: 0,
        currentAdmissions: 0,
        potentialAdmissions: 0,
        additionalAdmissions: 0,
        roiPercent: -100,
        costPerAdmission: null,
        breakEvenDays: null,
      },
    ],
    [
      'zero average stay: revenue as usual, no admissions',
      { averageStay: 0 },
      {
        currentRevenue: 336000,
        potentialRevenue: 408000,
        additionalRevenue: 72000,
        currentAdmissions: 0,
        potentialAdmissions: 0,
        additionalAdmissions: 0,
        roiPercent: (71501 / 499) * 100,
        costPerAdmission: null,
        breakEvenDays: 499 / 2400,
      },
    ],
    [
      'an empty revenue field (NaN) counts as 0',
      { revenuePerDay: Number.NaN },
      {
        currentRevenue: 0,
        potentialRevenue: 0,
        additionalRevenue: 0,
        currentAdmissions: 420 / 45,
        potentialAdmissions: 510 / 45,
        additionalAdmissions: 2,
        roiPercent: -100,
        costPerAdmission: 15000 / (510 / 45),
        breakEvenDays: null,
      },
    ],
    [
      'zero marketing spend: admissions cost nothing',
      { marketingSpend: 0 },
      {
        currentRevenue: 336000,
        potentialRevenue: 408000,
        additionalRevenue: 72000,
        currentAdmissions: 420 / 45,
        potentialAdmissions: 510 / 45,
        additionalAdmissions: 2,
        roiPercent: (71501 / 499) * 100,
        costPerAdmission: 0,
        breakEvenDays: 499 / 2400,
      },
    ],
    [
      'infinite spend counts as 0',
      { marketingSpend: Number.POSITIVE_INFINITY },
      {
        currentRevenue: 336000,
        potentialRevenue: 408000,
        additionalRevenue: 72000,
        currentAdmissions: 420 / 45,
        potentialAdmissions: 510 / 45,
        additionalAdmissions: 2,
        roiPercent: (71501 / 499) * 100,
        costPerAdmission: 0,
        breakEvenDays: 499 / 2400,
      },
    ],
  ])('%s', (_name, inputs, expected) => {
    const { inputs: _used, ...result } = roi(inputs);
    expect(Object.keys(result).sort()).toEqual(Object.keys(expected).sort());
    for (const [key, value] of Object.entries(expected) as [keyof Expected, number | null][]) {
      if (value === null) expect(result[key], key).toBeNull();
      else expect(result[key], key).toBeCloseTo(value, 9);
    }
    for (const value of Object.values(result)) {
      if (value !== null) expect(Number.isFinite(value)).toBe(true);
    }
  });

  it('keeps current conversion (no output depends on it), clamped to 0–100', () => {
    expect(roi().inputs.currentConversion).toBe(15);
    expect(roi({ currentConversion: 140 }).inputs.currentConversion).toBe(100);
    expect(roi({ currentConversion: -3 }).inputs.currentConversion).toBe(0);
    const { inputs: _a, ...base } = roi();
    const { inputs: _b, ...other } = roi({ currentConversion: 40 });
    expect(other).toEqual(base);
  });

  it('does not round', () => {
    expect(roi().roiPercent).not.toBe(Math.round(roi().roiPercent));
  });
});

describe('formatRoi', () => {
  it.each<[string, Partial<RoiInputs>, ReturnType<typeof formatRoi>]>([
    [
      'the defaults',
      {},
      {
        currentRevenue: '$336,000',
        potentialRevenue: '$408,000',
        additionalRevenue: '$72,000',
        roiPercent: '14,328.9%',
        costPerAdmission: '$1,324',
        breakEvenDays: '0.2 days',
      },
    ],
    [
      'target below today',
      { targetOccupancy: 50 },
      {
        currentRevenue: '$336,000',
        potentialRevenue: '$240,000',
        additionalRevenue: '-$96,000',
        roiPercent: '-19,338.5%',
        costPerAdmission: '$2,250',
        breakEvenDays: 'Never',
      },
    ],
    [
      'no beds',
      { beds: 0 },
      {
        currentRevenue: '$0',
        potentialRevenue: '$0',
        additionalRevenue: '$0',
        roiPercent: '-100%',
        costPerAdmission: '—',
        breakEvenDays: 'Never',
      },
    ],
    [
      // 1×4990×30×(80−70)/100 = 14970 = 499×30, so exactly one day
      'breaking even in exactly one day',
      { beds: 1, revenuePerDay: 4990, targetOccupancy: 80 },
      {
        currentRevenue: '$104,790',
        potentialRevenue: '$119,760',
        additionalRevenue: '$14,970',
        roiPercent: '2,900%',
        costPerAdmission: '$28,125',
        breakEvenDays: '1 day',
      },
    ],
  ])('%s', (_name, inputs, expected) => {
    expect(formatRoi(roi(inputs))).toEqual(expected);
  });
});
