/**
 * Build-time: a program's coordinates for the directory entries. Never import from an island.
 */
import type { GeoPoint } from './distance.ts';
import { roundCoordinate } from './shards.ts';
import { zipRecord } from './zip-data.ts';

/**
 * The program's point: the `override` when the program gives `coordinates` (checked to be a real
 * position), else the centroid of its 5-digit ZIP (a ZIP+4 is read by its first five digits),
 * rounded like the shards. `null` when neither gives a point (unknown or malformed ZIP); the
 * caller decides whether that fails the build.
 *
 * @example programCoordinates('02478') // { lat: 42.396, lng: -71.179 }
 */
export function programCoordinates(
  zip: string | null | undefined,
  override?: GeoPoint | null,
): GeoPoint | null {
  if (override) {
    const { lat, lng } = override;
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      throw new RangeError(
        `coordinates must be a latitude (-90…90) and longitude (-180…180), got ${lat}, ${lng}`,
      );
    }
    return { lat, lng };
  }
  const match = /^(\d{5})(?:-\d{4})?$/.exec(zip?.trim() ?? '');
  if (!match?.[1]) return null;
  const record = zipRecord(match[1]);
  return record ? { lat: roundCoordinate(record.lat), lng: roundCoordinate(record.lng) } : null;
}
