/**
 * Build-time only: the US ZIP centroids of the `zipcodes` package (BSD license; 42,555 US ZIP
 * codes with latitude, longitude, city and state). Never import this from an island: the data
 * is 5 MB. The browser reads the small shards that lookup-data.ts makes from it.
 */
import zipcodes from 'zipcodes';

export interface ZipRecord {
  zip: string;
  lat: number;
  lng: number;
  city: string;
  state: string;
}

/**
 * Whether a package row is a usable US ZIP centroid. The package also holds Canadian postal
 * codes, and gives the military APO/FPO/DPO ZIP codes (states AA, AE, AP) 0,0 or a foreign
 * position, which must never be shown as a place.
 */
export function isUsableRecord(row: {
  zip: string;
  latitude: number;
  longitude: number;
  state: string;
  country: string;
}): boolean {
  return (
    row.country === 'US' &&
    /^\d{5}$/.test(row.zip) &&
    !['AA', 'AE', 'AP'].includes(row.state) &&
    Number.isFinite(row.latitude) &&
    Number.isFinite(row.longitude) &&
    Math.abs(row.latitude) <= 90 &&
    Math.abs(row.longitude) <= 180 &&
    !(row.latitude === 0 && row.longitude === 0)
  );
}

let cached: ZipRecord[] | undefined;

/** Every usable US ZIP of the package, in ZIP order (computed once). */
export function zipRecords(): readonly ZipRecord[] {
  cached ??= Object.values(zipcodes.codes)
    .filter(isUsableRecord)
    .map((row) => ({ zip: row.zip, lat: row.latitude, lng: row.longitude, city: row.city, state: row.state }))
    .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  return cached;
}

let byZip: Map<string, ZipRecord> | undefined;

/** The package's record for a 5-digit ZIP, or `undefined`. */
export function zipRecord(zip: string): ZipRecord | undefined {
  byZip ??= new Map(zipRecords().map((r) => [r.zip, r]));
  return byZip.get(zip);
}
