/**
 * The provider dashboard's ROI calculator (docs/product-rules.md#roi-calculator): the inputs,
 * their defaults, the assumptions and the outputs, with the formulas written out in `roi`'s
 * JSDoc; the UI only displays what this module returns.
 */

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
  /**
   * Current inquiry-to-admission conversion, in percent. An input with a default that no output
   * depends on yet, so it is accepted and returned unchanged.
   */
  currentConversion: number;
  /** Occupancy the provider aims for with a listing, in percent (capped at 100). */
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

/** Assumptions: occupancy today 70%, a 30-day month, the plan at $499 a month. */
export const ROI_ASSUMPTIONS = Object.freeze({
  currentOccupancy: 70,
  daysPerMonth: 30,
  planPrice: 499,
});

export type RoiResult = {
  /** The inputs actually used, after defaults and clamping. */
  inputs: RoiInputs;
  /** Monthly revenue at the assumed 70% occupancy. Defaults: 336000. */
  currentRevenue: number;
  /** Monthly revenue at the target occupancy. Defaults: 408000. */
  potentialRevenue: number;
  /** potentialRevenue − currentRevenue; negative when the target is below 70%. Defaults: 72000. */
  additionalRevenue: number;
  /** Admissions per month at 70% occupancy. Defaults: 9.33… */
  currentAdmissions: number;
  /** Admissions per month at the target occupancy. Defaults: 11.33… */
  potentialAdmissions: number;
  /** potentialAdmissions − currentAdmissions. Defaults: 2. */
  additionalAdmissions: number;
  /** Return on the plan price, in percent. Defaults: 14328.857… */
  roiPercent: number;
  /** Marketing spend per admission at the target occupancy; null when there are no admissions. */
  costPerAdmission: number | null;
  /** Days of additional revenue that pay for a month of the plan; null when that never happens. */
  breakEvenDays: number | null;
};

/** A usable number: non-finite (an empty field parses to NaN) and negative values count as 0. */
function nonNegative(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * The ROI calculator. Every figure is per 30-day month (ROI_ASSUMPTIONS.daysPerMonth):
 *
 * - current revenue = beds × current occupancy (70%) × revenue per day × 30
 * - potential revenue = beds × target occupancy × revenue per day × 30
 * - additional revenue = potential revenue − current revenue
 * - ROI % = (additional revenue − plan price) ÷ plan price × 100
 * - admissions per month = occupied beds × 30 ÷ average stay, where occupied beds = beds ×
 *   occupancy (current: 70%; potential: target)
 * - cost per admission = marketing spend ÷ admissions per month at the target occupancy
 * - break-even days = plan price ÷ (additional revenue ÷ 30)
 *
 * Inputs that are negative, NaN or infinite count as 0; target occupancy is capped at 100%.
 * No output is NaN or Infinity: with average stay 0 every admissions figure is 0; cost per
 * admission is null when there are no admissions at the target; break-even days is null when
 * additional revenue is 0 or less (the plan never pays for itself). Nothing is rounded; use
 * `formatRoi` for display.
 *
 * @example roi() // { currentRevenue: 336000, potentialRevenue: 408000, additionalRevenue: 72000,
 *   roiPercent: 14328.857…, costPerAdmission: 1323.529…, breakEvenDays: 0.2079…, … }
 */
export function roi(overrides: Partial<RoiInputs> = {}): RoiResult {
  const raw = { ...ROI_DEFAULTS, ...overrides };
  const inputs: RoiInputs = {
    beds: nonNegative(raw.beds),
    averageStay: nonNegative(raw.averageStay),
    revenuePerDay: nonNegative(raw.revenuePerDay),
    marketingSpend: nonNegative(raw.marketingSpend),
    currentConversion: Math.min(nonNegative(raw.currentConversion), 100),
    targetOccupancy: Math.min(nonNegative(raw.targetOccupancy), 100),
  };
  const { daysPerMonth, planPrice, currentOccupancy } = ROI_ASSUMPTIONS;
  const { beds, averageStay, revenuePerDay, marketingSpend, targetOccupancy } = inputs;

  // Multiply before dividing by 100 so the defaults come out as exact integers (0.85 is not).
  const monthlyRevenue = (occupancy: number) => (beds * revenuePerDay * daysPerMonth * occupancy) / 100;
  const monthlyAdmissions = (occupancy: number) =>
    averageStay > 0 ? (beds * occupancy * daysPerMonth) / 100 / averageStay : 0;

  const currentRevenue = monthlyRevenue(currentOccupancy);
  const potentialRevenue = monthlyRevenue(targetOccupancy);
  const additionalRevenue = potentialRevenue - currentRevenue;
  const currentAdmissions = monthlyAdmissions(currentOccupancy);
  const potentialAdmissions = monthlyAdmissions(targetOccupancy);

  return {
    inputs,
    currentRevenue,
    potentialRevenue,
    additionalRevenue,
    currentAdmissions,
    potentialAdmissions,
    additionalAdmissions: potentialAdmissions - currentAdmissions,
    roiPercent: ((additionalRevenue - planPrice) / planPrice) * 100,
    // The marketing budget brings in every admission, not only the extra ones, so it is spread
    // over all admissions at the target occupancy. Dividing by the additional admissions alone
    // would charge the whole budget to the listing's increment (7500 per admission with the
    // defaults instead of 1323.53) and would blow up as the target approaches 70%.
    costPerAdmission: potentialAdmissions > 0 ? marketingSpend / potentialAdmissions : null,
    breakEvenDays: additionalRevenue > 0 ? planPrice / (additionalRevenue / daysPerMonth) : null,
  };
}

export type RoiDisplay = Record<
  | 'currentRevenue'
  | 'potentialRevenue'
  | 'additionalRevenue'
  | 'roiPercent'
  | 'costPerAdmission'
  | 'breakEvenDays',
  string
>;

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * The outputs as the calculator shows them: whole dollars, ROI and break-even to one decimal,
 * "—" for a cost per admission that does not exist and "Never" for a plan that never breaks even.
 *
 * @example formatRoi(roi()) // { currentRevenue: '$336,000', potentialRevenue: '$408,000',
 *   additionalRevenue: '$72,000', roiPercent: '14,328.9%', costPerAdmission: '$1,324',
 *   breakEvenDays: '0.2 days' }
 */
export function formatRoi(result: RoiResult): RoiDisplay {
  const days = result.breakEvenDays;
  return {
    currentRevenue: dollars.format(result.currentRevenue),
    potentialRevenue: dollars.format(result.potentialRevenue),
    additionalRevenue: dollars.format(result.additionalRevenue),
    roiPercent: `${oneDecimal.format(result.roiPercent)}%`,
    costPerAdmission: result.costPerAdmission === null ? '—' : dollars.format(result.costPerAdmission),
    breakEvenDays: days === null ? 'Never' : `${oneDecimal.format(days)} ${days === 1 ? 'day' : 'days'}`,
  };
}
