/**
 * The dashboard's availability card, as pure functions (docs/product-rules.md#availability): the
 * API's row as the shared display rule's `Availability` (dated on the provider's own calendar
 * day), the choices of the change form, and the body a change or "Still accurate" sends.
 */
import {
  AVAILABILITY_LABELS,
  availabilityView,
  type Availability,
  type AvailabilityStatus,
} from '../../lib/availability.ts';
import { AVAILABILITY_MESSAGES, WAIT_WEEKS_RANGE } from '../../lib/provider-rules.ts';
import type { AvailabilityBody, Listing, ListingAvailability } from '../../api/contracts/listings.ts';

/** The change form's choices, in the order a provider reads them. */
export const AVAILABILITY_CHOICES: readonly { value: AvailabilityStatus; label: string }[] = [
  { value: 'open', label: AVAILABILITY_LABELS.open },
  { value: 'waitlist', label: AVAILABILITY_LABELS.waitlist },
  { value: 'not-admitting', label: AVAILABILITY_LABELS.notAdmitting },
];

/** `YYYY-MM-DD` of `date` on this computer's calendar (the provider's "today"). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The API's availability as the display rule's, dated on the local day; null when none or unreadable. */
export function availabilityFromRow(row: ListingAvailability | null | undefined): Availability | null {
  if (!row) return null;
  const time = Date.parse(row.confirmed_at);
  if (Number.isNaN(time)) return null;
  return { status: row.status, waitWeeks: row.wait_weeks, confirmedOn: localDay(new Date(time)) };
}

/**
 * The body of a change: the status, and for a wait list the weeks as typed (blank = not said).
 * `{ error }` when the weeks are not a whole number from 1 to 104.
 */
export function availabilityBody(
  status: AvailabilityStatus,
  weeksText: string,
): { body: AvailabilityBody } | { error: string } {
  if (status !== 'waitlist') return { body: { status } };
  const text = weeksText.trim();
  if (text === '') return { body: { status, wait_weeks: null } };
  const weeks = Number(text);
  if (!/^\d+$/.test(text) || weeks < WAIT_WEEKS_RANGE.min || weeks > WAIT_WEEKS_RANGE.max)
    return { error: AVAILABILITY_MESSAGES.waitWeeks };
  return { body: { status, wait_weeks: weeks } };
}

/** "Still accurate": the stored availability sent again as it is. */
export function confirmBody(row: ListingAvailability): AvailabilityBody {
  return row.status === 'waitlist'
    ? { status: row.status, wait_weeks: row.wait_weeks }
    : { status: row.status };
}

/**
 * Published (approved) listings whose availability families see as not confirmed: never stated,
 * or confirmed more than 30 days before `today` (`YYYY-MM-DD`). The overview asks for these.
 */
export function listingsToConfirm(
  listings: readonly Pick<Listing, 'id' | 'status' | 'availability'>[],
  today: string,
): string[] {
  return listings
    .filter((l) => l.status === 'approved')
    .filter((l) => {
      const state = availabilityView(availabilityFromRow(l.availability), today).state;
      return state === 'stale' || state === 'unknown';
    })
    .map((l) => l.id);
}
