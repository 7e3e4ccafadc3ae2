/**
 * Great-circle distance between two points on the Earth, and the helpers the directory's "Near"
 * filter, "N mi away" badge and "Distance" sort use. Pure and browser-safe (no data imported).
 */

/** A point in decimal degrees (WGS 84). */
export interface GeoPoint {
  lat: number;
  lng: number;
}

/** Mean Earth radius in statute miles (the IUGG mean radius, 6371.0 km). */
export const EARTH_RADIUS_MILES = 3958.8;

/** The radius options of the "Near" filter, in miles; `null` means any distance. */
export const RADIUS_OPTIONS_MILES = [50, 100, 250, 500] as const;
export type RadiusMiles = (typeof RADIUS_OPTIONS_MILES)[number];

const RAD = Math.PI / 180;

/**
 * Haversine distance in miles.
 *
 * @example Math.round(milesBetween({ lat: 42.3601, lng: -71.0589 }, { lat: 40.7128, lng: -74.006 })) // 190
 */
export function milesBetween(a: GeoPoint, b: GeoPoint): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  // min(1, …) keeps rounding error from making asin's argument exceed 1 for antipodal points.
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether `point` lies within `radiusMiles` of `origin` (inclusive). A `null` radius ("any")
 * accepts every point, even one without coordinates; a set radius refuses a missing point.
 */
export function withinRadius(
  origin: GeoPoint,
  point: GeoPoint | null | undefined,
  radiusMiles: number | null,
): boolean {
  if (radiusMiles === null) return true;
  if (!point) return false;
  return milesBetween(origin, point) <= radiusMiles;
}

/**
 * The card badge. Whole miles, rounded to the nearest; under half a mile reads "Under 1 mi away"
 * rather than "0 mi away".
 *
 * @example distanceLabel(12.4) // '12 mi away'
 */
export function distanceLabel(miles: number): string {
  const rounded = Math.round(miles);
  if (rounded < 1) return 'Under 1 mi away';
  return `${rounded.toLocaleString('en-US')} mi away`;
}

/**
 * Comparator for distances where `null` means "no coordinates": nearer first, unknown last.
 * Ties compare equal, so a stable sort keeps the previous (e.g. name) order.
 */
export function compareDistance(a: number | null, b: number | null): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return a - b;
}

/** One item with its distance from the origin (`null` when the item has no coordinates). */
export interface WithDistance<T> {
  item: T;
  miles: number | null;
}

/**
 * The items with their distances from `origin`, nearest first (items without coordinates last,
 * in their original order). Does not change `items`.
 */
export function sortByDistance<T>(
  items: readonly T[],
  origin: GeoPoint,
  pointOf: (item: T) => GeoPoint | null | undefined,
): WithDistance<T>[] {
  return items
    .map((item) => {
      const point = pointOf(item);
      return { item, miles: point ? milesBetween(origin, point) : null };
    })
    .sort((x, y) => compareDistance(x.miles, y.miles));
}

/**
 * Filter and sort in one step: the items within `radiusMiles` (`null` = any) of `origin`,
 * nearest first.
 */
export function nearby<T>(
  items: readonly T[],
  origin: GeoPoint,
  radiusMiles: number | null,
  pointOf: (item: T) => GeoPoint | null | undefined,
): WithDistance<T>[] {
  return sortByDistance(items, origin, pointOf).filter(
    (entry) => radiusMiles === null || (entry.miles !== null && entry.miles <= radiusMiles),
  );
}
