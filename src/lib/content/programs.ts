/**
 * The programs collection, loaded once per build (DESIGN: call `getCollection` once, not per
 * page) and handed out as ready arrays. Every listing and search uses `listedPrograms`, which
 * never contains the test program.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import type { DirectoryEntry, DirectoryFidelity } from '../directory/rules.ts';
import { programCoordinates } from '../geo/program-point.ts';

export type ProgramEntry = CollectionEntry<'programs'>;
export type ProgramData = ProgramEntry['data'];

const loading: Promise<ProgramEntry[]> = getCollection('programs');

/** Every program file, including the test program. */
export const allPrograms: readonly ProgramEntry[] = await loading;

/** Programs that may appear in the directory, the index, search and the sitemap. */
export const listedPrograms: readonly ProgramEntry[] = allPrograms.filter((entry) => !entry.data.test);

/** Lookup by id (file name), test program included. */
export const programsById: ReadonlyMap<string, ProgramEntry> = new Map(
  allPrograms.map((entry) => [entry.id, entry]),
);

/** The profile URL of a program: its dedicated page (e.g. `/mclean`) or `/program/<id>`. */
export function programPath(entry: Pick<ProgramEntry, 'id' | 'data'>): string {
  return entry.data.profilePath ?? `/program/${entry.id}`;
}

/** The fidelity facts the directory filters read, or undefined when none is reported. */
function directoryFidelity(fidelity: ProgramData['fidelity']): DirectoryFidelity | undefined {
  if (!fidelity) return undefined;
  const { erpHoursPerWeek, outcomeMeasure, medianScoreChange } = fidelity;
  if (erpHoursPerWeek === undefined && outcomeMeasure === undefined && medianScoreChange === undefined) {
    return undefined;
  }
  return { erpHoursPerWeek, outcomeMeasure, medianScoreChange };
}

/**
 * The compact fields a directory card and the search need, with the program's point computed at
 * build time from its `coordinates` or its ZIP centroid (absent when neither gives one).
 */
export function toDirectoryEntry(entry: ProgramEntry): DirectoryEntry {
  const { data } = entry;
  return {
    id: entry.id,
    name: data.name,
    description: data.description,
    location: data.location,
    state: data.state,
    ageGroups: data.ageGroups,
    setting: data.setting,
    insurance: data.insurance,
    modalities: data.modalities,
    ...(data.rating === undefined ? {} : { rating: data.rating, reviewCount: data.reviewCount }),
    verified: data.verified,
    ...(data.verifiedOn === undefined ? {} : { verifiedOn: data.verifiedOn }),
    ...(data.reviewedOn === undefined ? {} : { reviewedOn: data.reviewedOn }),
    website: data.website,
    ...(data.phone === undefined ? {} : { phone: data.phone }),
    ...(data.email === undefined ? {} : { email: data.email }),
    path: programPath(entry),
    coordinates: programCoordinates(data.address.zip, data.coordinates) ?? undefined,
    availability: data.availability,
    fidelity: directoryFidelity(data.fidelity),
    ...(data.sample ? { sample: true } : {}),
  };
}

// One collator for the whole sort: `localeCompare(b, 'en', options)` builds one per comparison,
// which cost about a second at 20,000 programs. Same order.
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Listed programs as directory entries, in the directory's default (name) order. */
export const directoryEntries: readonly DirectoryEntry[] = listedPrograms
  .map(toDirectoryEntry)
  .sort((a, b) => byName.compare(a.name, b.name));
