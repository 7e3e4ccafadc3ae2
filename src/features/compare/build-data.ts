/**
 * Build time only: a program entry → the facts /compare shows (data.ts). Never import from the
 * browser (it reads the ZIP data for the program's point).
 */
import type { ProgramEntry } from '../../lib/content/programs.ts';
import { programPath } from '../../lib/content/programs.ts';
import type { GeoPoint } from '../../lib/geo/distance.ts';
import { programCoordinates } from '../../lib/geo/program-point.ts';
import type { CompareData } from './data.ts';

const MINORS = new Set(['Children', 'Adolescents']);

/** Median hours to a first reply, set by the build for published listings (reply-time.ts). */
function replyHours(hours: number | undefined): number | null {
  return typeof hours === 'number' && Number.isFinite(hours) && hours >= 0 ? hours : null;
}

export function toCompareData(entry: ProgramEntry): CompareData {
  const { data } = entry;
  let point: GeoPoint | null;
  try {
    point = programCoordinates(data.address.zip, data.coordinates ?? null);
  } catch {
    point = null;
  }
  return {
    id: entry.id,
    name: data.name,
    path: programPath(entry),
    location: data.location,
    state: data.state,
    point,
    ageGroups: [...data.ageGroups],
    setting: data.setting,
    genderSpecific: data.genderSpecific,
    lengthOfStay: data.lengthOfStay,
    modalities: [...data.modalities],
    insurance: [...data.insurance],
    insurancePlans: [...data.insurancePlans],
    availability: data.availability ?? null,
    fidelity: data.fidelity ?? null,
    youthSafety: data.youthSafety ?? null,
    servesMinors: data.ageGroups.some((group) => MINORS.has(group)),
    verified: data.verified,
    verifiedOn: data.verified ? (data.verifiedOn ?? null) : null,
    reviewedOn: data.reviewedOn ?? null,
    rating: data.rating ?? null,
    reviewCount: data.reviewCount,
    replyHours: replyHours(data.replyHours),
    phone: data.phone ?? null,
    email: data.email ?? null,
  };
}
