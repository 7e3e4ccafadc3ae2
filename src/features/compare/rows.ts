/**
 * The rows of the compare table, pure: programs (data.ts) in, groups of labeled rows with one
 * cell per program out. Missing facts always read as such ("Not reported", "The program has not
 * told us", "Availability not confirmed"), and stale availability reads "Not confirmed since …"
 * (availability.ts, evaluated with the visitor's date).
 */
import { availabilityView } from '../../lib/availability.ts';
import { formatLongDate } from '../../lib/dates.ts';
import { joinList, placeLine, ratingTexts } from '../../lib/display.ts';
import { fidelityRows } from '../../lib/fidelity.ts';
import { distanceLabel, milesBetween, type GeoPoint } from '../../lib/geo/distance.ts';
import { replyTimeLabel } from '../../lib/reply-time.ts';
import { TRUST } from '../../lib/trust.ts';
import { youthSafetyRows } from '../../lib/youth-safety.ts';
import type { CompareData } from './data.ts';

export interface CompareCell {
  /** The main text; never empty. */
  text: string;
  /** A second, smaller line (e.g. "Confirmed November 16, 2026"). */
  detail?: string | undefined;
  /** A list shown as one item per line (modalities, insurance). */
  items?: string[] | undefined;
  /** The fact is missing or not current: shown in a muted style. */
  missing?: boolean | undefined;
  /** Availability only: its state, for styling ('open', 'stale', …). */
  tone?: 'open' | 'warn' | undefined;
}

export interface CompareRow {
  key: string;
  label: string;
  cells: CompareCell[];
}

export interface CompareGroup {
  key: string;
  label: string;
  rows: CompareRow[];
}

/** The visitor's location, when the compare URL carries `near` and it resolved. */
export interface CompareOrigin {
  point: GeoPoint;
  label: string;
}

export const COMPARE_TEXT = {
  noReplyTime: 'Not enough requests to tell',
  /** A trust fact the program has; its date is the cell's second line. */
  yes: 'Yes',
  noDistance: 'Distance not known',
  adultsOnly: 'Not applicable (adults only)',
  noPlans: 'No named plans listed',
} as const;

/** "Checked on March 3, 2026" from a `YYYY-MM-DD` day; undefined when absent or not a real date. */
function checkedOn(words: string, on: string | null): string | undefined {
  if (on === null) return undefined;
  try {
    return `${words} ${formatLongDate(on)}`;
  } catch {
    return undefined;
  }
}

function row(
  key: string,
  label: string,
  programs: readonly CompareData[],
  cell: (p: CompareData) => CompareCell,
) {
  return { key, label, cells: programs.map(cell) };
}

/**
 * The table, group by group. `today` is the visitor's date; `origin` adds the distance row.
 */
export function compareGroups(
  programs: readonly CompareData[],
  today: string | Date,
  origin: CompareOrigin | null,
): CompareGroup[] {
  const basics: CompareRow[] = [
    row('location', 'Location', programs, (p) => ({ text: placeLine(p.location, p.state) })),
  ];
  if (origin) {
    basics.push(
      row('distance', `Distance from ${origin.label}`, programs, (p) =>
        p.point
          ? { text: distanceLabel(milesBetween(origin.point, p.point)) }
          : { text: COMPARE_TEXT.noDistance, missing: true },
      ),
    );
  }
  basics.push(
    row('ages', 'Ages', programs, (p) => ({ text: joinList(p.ageGroups) })),
    row('setting', 'Setting', programs, (p) => ({ text: p.setting, detail: p.genderSpecific })),
    row('lengthOfStay', 'Length of stay', programs, (p) => ({ text: p.lengthOfStay })),
    row('modalities', 'Modalities', programs, (p) => ({ text: joinList(p.modalities), items: p.modalities })),
    row('insurance', 'Insurance', programs, (p) => ({
      text: joinList(p.insurance),
      items: p.insurance,
      detail: p.insurancePlans.length > 0 ? `Plans: ${joinList(p.insurancePlans)}` : undefined,
    })),
  );

  const availability: CompareRow[] = [
    row('availability', 'Availability', programs, (p) => {
      const view = availabilityView(p.availability, today);
      return {
        text: view.label,
        detail: view.confirmedLabel ?? undefined,
        missing: view.state === 'unknown' || view.stale,
        tone: view.isOpen ? 'open' : view.stale ? 'warn' : undefined,
      };
    }),
    row('replyTime', 'Reply time', programs, (p) => {
      const label = replyTimeLabel(p.replyHours);
      return label === null ? { text: COMPARE_TEXT.noReplyTime, missing: true } : { text: label };
    }),
  ];

  const fidelity: CompareRow[] = fidelityRows(null).map((template, index) =>
    row(`fidelity-${template.key}`, template.label, programs, (p) => {
      const fact = fidelityRows(p.fidelity)[index] ?? template;
      return { text: fact.value, missing: !fact.reported };
    }),
  );

  const youth: CompareRow[] = youthSafetyRows(null).map((template, index) =>
    row(`youth-${template.key}`, template.label, programs, (p) => {
      const fact = youthSafetyRows(p.youthSafety)[index] ?? template;
      if (!fact.reported && !p.servesMinors) return { text: COMPARE_TEXT.adultsOnly, missing: true };
      return { text: fact.value, missing: !fact.reported };
    }),
  );

  const trust: CompareRow[] = [
    row('verified', TRUST.verified.badge, programs, (p) =>
      p.verified
        ? { text: COMPARE_TEXT.yes, detail: checkedOn('Checked on', p.verifiedOn) }
        : { text: TRUST.verified.notVerified, missing: true },
    ),
    row('reviewed', TRUST.reviewed.badge, programs, (p) => {
      const detail = checkedOn('Reviewed on', p.reviewedOn);
      return detail === undefined
        ? { text: TRUST.reviewed.notReviewed, missing: true }
        : { text: COMPARE_TEXT.yes, detail };
    }),
    row('rating', 'Rating', programs, (p) => {
      // The average of published reviews with their count, or "No reviews yet" (src/lib/reviews.ts).
      const rating = ratingTexts(p.rating ?? undefined, p.reviewCount);
      return rating.hasReviews ? { text: rating.visible } : { text: rating.visible, missing: true };
    }),
  ];

  return [
    { key: 'basics', label: 'The program', rows: basics },
    { key: 'availability', label: 'Availability and replies', rows: availability },
    { key: 'fidelity', label: 'Treatment fidelity', rows: fidelity },
    { key: 'youth', label: 'Youth safety', rows: youth },
    { key: 'trust', label: 'Verification, review and rating', rows: trust },
  ];
}
