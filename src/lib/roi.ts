/**
 * The provider dashboard's revenue calculator (docs/product-rules.md#roi-calculator): what filling
 * more beds is worth, how many admissions and inquiries that takes at the provider's own
 * conversion rate, and what the plan costs against one admission. Every input moves an output it
 * should; every output is finite, bounded and says what it assumes. The formulas are written out
 * in `roi`'s JSDoc; the UI only displays what this module returns. Pure.
 */

import { PLAN_PRICE_PER_MONTH } from './vocabulary.ts';

/** What the provider types into the calculator. Percentages are whole numbers (85 means 85%). */
export type RoiInputs = {
  /** Licensed beds. */
  beds: number;
  /** Average length of stay, in days. */
  averageStay: number;
  /** Revenue per occupied bed per day, in dollars. */
  revenuePerDay: number;
  /** Current marketing spend per month, in dollars. */
  marketingSpend: number;
  /** Current inquiry-to-admission conversion, in percent: how many inquiries one admission takes. */
  currentConversion: number;
  /** Occupancy the provider aims for, in percent. */
  targetOccupancy: number;
};

/** The calculator's starting values: `{ beds: 20, averageStay: 45, revenuePerDay: 800, … }`. */
export const ROI_DEFAULTS: Readonly<RoiInputs> = Object.freeze({
  beds: 20,
  averageStay: 45,
  revenuePerDay: 800,
  marketingSpend: 15000,
  currentConversion: 15,
  targetOccupancy: 85,
});

/** Assumptions: occupancy today 70%, a 30-day month, the plan at $499 a month after the 14-day trial. */
export const ROI_ASSUMPTIONS = Object.freeze({
  currentOccupancy: 70,
  daysPerMonth: 30,
  planPrice: PLAN_PRICE_PER_MONTH,
});

/** The largest value each input is read as (a bigger one is read as this): keeps every output in a sane range. */
export const ROI_LIMITS: Readonly<RoiInputs> = Object.freeze({
  beds: 2000,
  averageStay: 365,
  revenuePerDay: 20000,
  marketingSpend: 10_000_000,
  currentConversion: 100,
  targetOccupancy: 100,
});

export type RoiResult = {
  /** The inputs actually used, after defaults and limits. */
  inputs: RoiInputs;
  /** Monthly revenue at the assumed 70% occupancy. Defaults: 336000. */
  currentRevenue: number;
  /** Monthly revenue at the target occupancy. Defaults: 408000. */
  potentialRevenue: number;
  /** potentialRevenue − currentRevenue, never below 0. Defaults: 72000. */
  additionalRevenue: number;
  /** Admissions per month at 70% occupancy. Defaults: 9.33… */
  currentAdmissions: number;
  /** Admissions per month at the target occupancy. Defaults: 11.33… */
  potentialAdmissions: number;
  /** More admissions a month needed to reach the target (0 when the target is not above 70%). Defaults: 2. */
  additionalAdmissions: number;
  /** Inquiries a month those admissions take at the current conversion; null at 0% conversion. Defaults: 13.33… */
  inquiriesNeeded: number | null;
  /** Revenue of one admission: revenue per day × average stay. Defaults: 36000. */
  revenuePerAdmission: number;
  /** Marketing spend per admission today (at 70%); null when there are no admissions. Defaults: 1607.14… */
  costPerAdmission: number | null;
  /** Marketing spend per inquiry today; null when there are no inquiries. Defaults: 241.07… */
  costPerInquiry: number | null;
  /** A year of the plan (12 × price) as a share of one admission's revenue, in percent; null without revenue. Defaults: 16.63… */
  planShareOfAdmission: number | null;
  /** Return on a year of the plan if it brings one admission a year, in percent; null without revenue. Defaults: 501.20… */
  roiPercent: number | null;
};

/**
 * A usable number: non-finite (an empty field parses to NaN), negative and negligible values
 * (under 0.01) count as 0; over `max` counts as `max`. So no denominator below is ever tiny enough
 * to make an output explode.
 */
function bounded(value: number, max: number): number {
  return Number.isFinite(value) && value >= 0.01 ? Math.min(value, max) : 0;
}

/**
 * The calculator. Every figure is per 30-day month (ROI_ASSUMPTIONS.daysPerMonth) unless it says a year:
 *
 * - current revenue = beds × current occupancy (70%) × revenue per day × 30
 * - potential revenue = beds × target occupancy × revenue per day × 30
 * - additional revenue = potential − current (0 when the target is not above 70%)
 * - admissions a month = beds × occupancy × 30 ÷ average stay (current: 70%; potential: target)
 * - additional admissions = potential − current admissions (not below 0)
 * - inquiries needed = additional admissions ÷ conversion
 * - revenue per admission = revenue per day × average stay
 * - cost per admission = marketing spend ÷ admissions a month today
 * - cost per inquiry = marketing spend ÷ (admissions a month today ÷ conversion)
 * - plan share of one admission = 12 × plan price ÷ revenue per admission × 100
 * - return on a year of the plan, if it brings one admission a year =
 *   (revenue per admission − 12 × plan price) ÷ (12 × plan price) × 100
 *
 * Inputs that are negative, NaN, infinite or under 0.01 count as 0; each is read at most at ROI_LIMITS. No
 * output is NaN or Infinity: a figure that does not exist (no admissions, no conversion, no
 * revenue) is null. Nothing is rounded; use `formatRoi` for display.
 */
export function roi(overrides: Partial<RoiInputs> = {}): RoiResult {
  const raw = { ...ROI_DEFAULTS, ...overrides };
  const inputs: RoiInputs = {
    beds: bounded(raw.beds, ROI_LIMITS.beds),
    averageStay: bounded(raw.averageStay, ROI_LIMITS.averageStay),
    revenuePerDay: bounded(raw.revenuePerDay, ROI_LIMITS.revenuePerDay),
    marketingSpend: bounded(raw.marketingSpend, ROI_LIMITS.marketingSpend),
    currentConversion: bounded(raw.currentConversion, ROI_LIMITS.currentConversion),
    targetOccupancy: bounded(raw.targetOccupancy, ROI_LIMITS.targetOccupancy),
  };
  const { daysPerMonth, planPrice, currentOccupancy } = ROI_ASSUMPTIONS;
  const { beds, averageStay, revenuePerDay, marketingSpend, currentConversion, targetOccupancy } = inputs;

  // Multiply before dividing by 100 so the defaults come out as exact integers (0.85 is not).
  const monthlyRevenue = (occupancy: number) => (beds * revenuePerDay * daysPerMonth * occupancy) / 100;
  const monthlyAdmissions = (occupancy: number) =>
    averageStay > 0 ? (beds * occupancy * daysPerMonth) / 100 / averageStay : 0;

  const currentRevenue = monthlyRevenue(currentOccupancy);
  const potentialRevenue = monthlyRevenue(targetOccupancy);
  const currentAdmissions = monthlyAdmissions(currentOccupancy);
  const potentialAdmissions = monthlyAdmissions(targetOccupancy);
  const additionalAdmissions = Math.max(0, potentialAdmissions - currentAdmissions);
  const conversion = currentConversion / 100;
  const revenuePerAdmission = revenuePerDay * averageStay;
  const planYear = 12 * planPrice;
  const currentInquiries = conversion > 0 ? currentAdmissions / conversion : 0;

  return {
    inputs,
    currentRevenue,
    potentialRevenue,
    additionalRevenue: Math.max(0, potentialRevenue - currentRevenue),
    currentAdmissions,
    potentialAdmissions,
    additionalAdmissions,
    inquiriesNeeded: conversion > 0 ? additionalAdmissions / conversion : null,
    revenuePerAdmission,
    costPerAdmission: currentAdmissions > 0 ? marketingSpend / currentAdmissions : null,
    costPerInquiry: currentInquiries > 0 ? marketingSpend / currentInquiries : null,
    planShareOfAdmission: revenuePerAdmission > 0 ? (planYear / revenuePerAdmission) * 100 : null,
    roiPercent: revenuePerAdmission > 0 ? ((revenuePerAdmission - planYear) / planYear) * 100 : null,
  };
}

export type RoiDisplay = Record<
  | 'currentRevenue'
  | 'potentialRevenue'
  | 'additionalRevenue'
  | 'additionalAdmissions'
  | 'inquiriesNeeded'
  | 'revenuePerAdmission'
  | 'costPerAdmission'
  | 'costPerInquiry'
  | 'planShareOfAdmission'
  | 'roiPercent',
  string
>;

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * The outputs as the calculator shows them: whole dollars, counts to one decimal, percentages
 * whole, "—" for a figure that does not exist.
 *
 * @example formatRoi(roi()).inquiriesNeeded // '13.3 a month'
 */
export function formatRoi(result: RoiResult): RoiDisplay {
  const perMonth = (n: number) => `${oneDecimal.format(n)} a month`;
  const percent = (n: number | null) => (n === null ? '—' : `${whole.format(n)}%`);
  const money = (n: number | null) => (n === null ? '—' : dollars.format(n));
  return {
    currentRevenue: dollars.format(result.currentRevenue),
    potentialRevenue: dollars.format(result.potentialRevenue),
    additionalRevenue: dollars.format(result.additionalRevenue),
    additionalAdmissions: perMonth(result.additionalAdmissions),
    inquiriesNeeded: result.inquiriesNeeded === null ? '—' : perMonth(result.inquiriesNeeded),
    revenuePerAdmission: dollars.format(result.revenuePerAdmission),
    costPerAdmission: money(result.costPerAdmission),
    costPerInquiry: money(result.costPerInquiry),
    planShareOfAdmission: percent(result.planShareOfAdmission),
    roiPercent: percent(result.roiPercent),
  };
}
