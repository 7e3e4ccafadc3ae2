/**
 * The facts /compare shows for one program, as served by /compare-data/<shard>.json (small files
 * of a few programs each, so the page fetches only what it compares, however large the directory).
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
  /** Verified provider (src/lib/trust.ts), and the day it was verified when known (`YYYY-MM-DD`). */
  verified: boolean;
  verifiedOn: string | null;
  /** The day the site team last reviewed the published facts (`YYYY-MM-DD`); null when unknown. */
  reviewedOn: string | null;
  /** The average of the program's published reviews (one decimal), null without any. */
  rating: number | null;
  /** How many published reviews ("4.6 · 12 reviews"). */
  reviewCount: number;
  /** Median hours to a first reply (reply-time.ts); `null` when there are not enough requests. */
  replyHours: number | null;
  /** The admissions phone as the profile shows it (the Call link); null when none is listed. */
  phone: string | null;
  /** The admissions e-mail (the request dialog says whether the program receives it); null when none. */
  email: string | null;
}

/**
 * The facts are grouped in 256 files by a hash of the id (`/compare-data/3f.json` → `{ id: data }`):
 * one small fetch per compared program at any directory size (about 80 programs, ~6 KB gzip, per
 * file at 20,000), and 256 files to build instead of one per program.
 */
export const COMPARE_SHARDS = 256;

/** The shard of a program id: FNV-1a over its UTF-16 code units, as two hex digits. */
export function compareShard(id: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % COMPARE_SHARDS).toString(16).padStart(2, '0');
}

/** Where a program's facts are, for the page's fetch and the static endpoint. */
export function compareDataPath(id: string): string {
  return `/compare-data/${compareShard(id)}.json`;
}
