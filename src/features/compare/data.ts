/**
 * The facts /compare shows for one program, as served by /compare-data/<id>.json (one small file
 * per program, so the page fetches only the programs it compares, however large the directory).
 * Types only here: browser-safe. Built by build-data.ts.
 */
import type { Availability } from '../../lib/availability.ts';
import type { TreatmentFidelity } from '../../lib/fidelity.ts';
import type { GeoPoint } from '../../lib/geo/distance.ts';
import type { YouthSafety } from '../../lib/youth-safety.ts';

export interface CompareData {
  id: string;
  name: string;
  /** The profile URL. */
  path: string;
  location: string;
  state: string;
  /** For the distance row; `null` when the program has no known point. */
  point: GeoPoint | null;
  ageGroups: string[];
  setting: string;
  genderSpecific: string;
  lengthOfStay: string;
  modalities: string[];
  insurance: string[];
  insurancePlans: string[];
  availability: Availability | null;
  fidelity: TreatmentFidelity | null;
  youthSafety: YouthSafety | null;
  /** Admits children or adolescents: youth-safety facts apply. */
  servesMinors: boolean;
  verified: boolean;
  rating: number | null;
  /** Median hours to a first reply (reply-time.ts); `null` when there are not enough requests. */
  replyHours: number | null;
}

/** Where a program's facts are, for the page's fetch and the static endpoint. */
export function compareDataPath(id: string): string {
  return `/compare-data/${encodeURIComponent(id)}.json`;
}
