/**
 * A program's stated availability and the date it was last confirmed
 * (docs/product-rules.md#availability). A fact that
 * changes is never shown as current once it is stale: older than 30 days it reads "Not confirmed
 * since <date>" and never counts as open. Pure; `today` is passed in (the build date on a static
 * page, the visitor's date in an island).
 */
import { formatLongDate, parseIsoDate } from './dates.ts';

export const AVAILABILITY_STATUSES = ['open', 'waitlist', 'not-admitting'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

export interface Availability {
  status: AvailabilityStatus;
  /** For `waitlist`: the expected wait, in whole weeks ("about N weeks"); optional. */
  waitWeeks?: number | null | undefined;
  /** The day the program last confirmed this, `YYYY-MM-DD`. */
  confirmedOn: string;
}

/** A confirmation older than this many days is stale. Day 30 is still current; day 31 is not. */
export const STALE_AFTER_DAYS = 30;

/**
 * A confirmation dated this many days after `today` still counts as today: a provider west of
 * the build's (UTC) clock can be a day behind or ahead. A date further ahead is a mistake and
 * is treated as not confirmed.
 */
export const FUTURE_TOLERANCE_DAYS = 1;

export type AvailabilityState = 'open' | 'waitlist' | 'not-admitting' | 'stale' | 'unknown';

export interface AvailabilityView {
  state: AvailabilityState;
  /** What the card or profile shows: "Beds open now", "Not confirmed since October 3, 2026", … */
  label: string;
  /** Open and confirmed in the last 30 days: the only case the site calls open. */
  isOpen: boolean;
  stale: boolean;
  /** "Confirmed October 3, 2026" for a current fact; `null` when stale or unknown. */
  confirmedLabel: string | null;
  /** Whole days since the confirmation (0 for today or within the future tolerance); `null` if unknown. */
  ageDays: number | null;
}

export const AVAILABILITY_LABELS = {
  open: 'Beds open now',
  waitlist: 'Wait list',
  notAdmitting: 'Not admitting',
  unknown: 'Availability not confirmed',
  waitWeeks: (weeks: number) => `Wait list about ${weeks} ${weeks === 1 ? 'week' : 'weeks'}`,
  stale: (longDate: string) => `Not confirmed since ${longDate}`,
  confirmed: (longDate: string) => `Confirmed ${longDate}`,
} as const;

const DAY_MS = 86_400_000;

function dayNumber(day: string | Date): number {
  const date = typeof day === 'string' ? parseIsoDate(day) : day;
  return Math.floor(date.getTime() / DAY_MS);
}

function validWeeks(weeks: number | null | undefined): number | null {
  return typeof weeks === 'number' && Number.isFinite(weeks) && weeks >= 0 ? Math.round(weeks) : null;
}

const UNKNOWN: AvailabilityView = {
  state: 'unknown',
  label: AVAILABILITY_LABELS.unknown,
  isOpen: false,
  stale: false,
  confirmedLabel: null,
  ageDays: null,
};

/** Days since the confirmation (0 for today or tomorrow); null for an unreadable or later date. */
function confirmedDaysAgo(availability: Availability, today: string | Date): number | null {
  let age: number;
  try {
    age = dayNumber(today) - dayNumber(availability.confirmedOn);
  } catch {
    return null;
  }
  return age < -FUTURE_TOLERANCE_DAYS ? null : Math.max(0, age);
}

/**
 * What to show for a program's availability on `today` (`YYYY-MM-DD`, or a Date read as its UTC
 * day). No availability, an unreadable date or a date more than a day ahead → "Availability not
 * confirmed".
 */
export function availabilityView(
  availability: Availability | null | undefined,
  today: string | Date,
): AvailabilityView {
  if (!availability) return UNKNOWN;
  const ageDays = confirmedDaysAgo(availability, today);
  if (ageDays === null) return UNKNOWN;
  const longDate = formatLongDate(availability.confirmedOn);
  if (ageDays > STALE_AFTER_DAYS) {
    return {
      state: 'stale',
      label: AVAILABILITY_LABELS.stale(longDate),
      isOpen: false,
      stale: true,
      confirmedLabel: null,
      ageDays,
    };
  }
  const current = { stale: false, confirmedLabel: AVAILABILITY_LABELS.confirmed(longDate), ageDays };
  switch (availability.status) {
    case 'open':
      return { state: 'open', label: AVAILABILITY_LABELS.open, isOpen: true, ...current };
    case 'waitlist': {
      const weeks = validWeeks(availability.waitWeeks);
      const label =
        weeks === null || weeks === 0 ? AVAILABILITY_LABELS.waitlist : AVAILABILITY_LABELS.waitWeeks(weeks);
      return { state: 'waitlist', label, isOpen: false, ...current };
    }
    case 'not-admitting':
      return { state: 'not-admitting', label: AVAILABILITY_LABELS.notAdmitting, isOpen: false, ...current };
    default:
      return UNKNOWN;
  }
}

/**
 * The filter "Confirmed open in the last 30 days": `availabilityView(…).isOpen` without its
 * labels (formatting a date for each of 20,000 programs cost the Filters dialog's first counts).
 */
export function confirmedOpenRecently(
  availability: Availability | null | undefined,
  today: string | Date,
): boolean {
  if (availability?.status !== 'open') return false;
  const ageDays = confirmedDaysAgo(availability, today);
  return ageDays !== null && ageDays <= STALE_AFTER_DAYS;
}

const RANK: Record<AvailabilityState, number> = {
  open: 0,
  waitlist: 1,
  stale: 2,
  'not-admitting': 3,
  unknown: 4,
};

/**
 * The sort "Availability": confirmed openings first (most recently confirmed first), then current
 * wait lists (shortest stated wait first, an unstated wait after the stated ones, then most
 * recently confirmed), then stale facts, current "not admitting", and no availability. Ties
 * compare equal, so a stable sort keeps the previous order (e.g. by name).
 *
 * @example programs.sort((a, b) => compareAvailability(a.availability, b.availability, today))
 */
export function compareAvailability(
  a: Availability | null | undefined,
  b: Availability | null | undefined,
  today: string | Date,
): number {
  const va = availabilityView(a, today);
  const vb = availabilityView(b, today);
  if (va.state !== vb.state) return RANK[va.state] - RANK[vb.state];
  if (va.state === 'waitlist') {
    const wa = validWeeks(a?.waitWeeks) ?? Number.POSITIVE_INFINITY;
    const wb = validWeeks(b?.waitWeeks) ?? Number.POSITIVE_INFINITY;
    if (wa !== wb) return wa < wb ? -1 : 1;
  }
  // Fresher confirmation first within a state (also among stale ones); unknown has no age.
  return (va.ageDays ?? 0) - (vb.ageDays ?? 0);
}
