/**
 * The server-side program index: the program files (generated from `content/programs` by
 * `scripts/gen-program-index.ts` with src/lib/content/program-index.ts; esbuild bundles the JSON
 * into each function that imports it)
 * and the programs published from approved provider listings, which live in the database.
 *
 * The synchronous lookups know the files only. The `…Listed…` lookups also ask the database for
 * ids the files do not have, so a listing is a program for engagement, favorites and inquiries
 * from its approval on (its page appears with the next build). Found listings are remembered for
 * a minute; an id that is not found is asked again each time (it may be approved any moment).
 */
import { listingAdmissionsPhone } from '../../../src/lib/admissions-phone.ts';
import type { ProgramIndexEntry } from '../../../src/lib/content/program-index.ts';
import { PROGRAM_ID_PATTERN } from '../../../src/lib/program-id.ts';
import { withService } from './db.ts';
import generated from './program-index.generated.json' with { type: 'json' };
import { selectApprovedPrograms, selectFormerPrograms } from './publishing.ts';

export type { ProgramIndexEntry };

const entries: readonly ProgramIndexEntry[] = generated;
const byId = new Map(entries.map((p) => [p.id, p]));

export function findProgram(id: string): ProgramIndexEntry | undefined {
  return byId.get(id);
}

export function isKnownProgram(id: string): boolean {
  return byId.has(id);
}

export function allPrograms(): readonly ProgramIndexEntry[] {
  return entries;
}

const LISTING_TTL_MS = 60_000;
const published = new Map<string, { entry: ProgramIndexEntry; until: number }>();

/**
 * The index entry of a program published from a listing. Inquiries about it go to its provider
 * (private.inquiry_contact), so it carries no address of its own; its phone is the admissions
 * phone its profile shows (src/lib/admissions-phone.ts).
 */
export function publishedListingEntry(row: {
  id: string;
  name: string;
  phone: string | null;
}): ProgramIndexEntry {
  return {
    id: row.id,
    name: row.name,
    email: null,
    phone: listingAdmissionsPhone(row.phone),
    test: false,
    profilePath: null,
  };
}

/** Programs published from approved listings, by id, for ids the program files do not have. */
async function publishedListings(ids: readonly string[]): Promise<Map<string, ProgramIndexEntry>> {
  const now = Date.now();
  const found = new Map<string, ProgramIndexEntry>();
  const ask: string[] = [];
  for (const id of new Set(ids)) {
    // Anything else cannot be a listing's program id (and never reaches the database).
    if (!PROGRAM_ID_PATTERN.test(id)) continue;
    const cached = published.get(id);
    if (cached && cached.until > now) found.set(id, cached.entry);
    else ask.push(id);
  }
  if (ask.length === 0) return found;
  const rows = await withService((tx) => selectApprovedPrograms(tx, ask));
  for (const row of rows) {
    const entry = publishedListingEntry(row);
    published.set(row.id, { entry, until: now + LISTING_TTL_MS });
    found.set(row.id, entry);
  }
  return found;
}

/** A program file or an approved listing's program by id; undefined when neither. */
export async function findListedProgram(id: string): Promise<ProgramIndexEntry | undefined> {
  const file = byId.get(id);
  if (file) return file;
  return (await publishedListings([id])).get(id);
}

/** The ids among `ids` that are neither a program file nor an approved listing's program. */
export async function unknownPrograms(ids: readonly string[]): Promise<Set<string>> {
  const rest = ids.filter((id) => !byId.has(id));
  if (rest.length === 0) return new Set();
  const found = await publishedListings(rest);
  return new Set(rest.filter((id) => !found.has(id)));
}

/** The names of the programs among `ids` (files and approved listings); unknown ids are left out. */
export async function programNames(ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const rest: string[] = [];
  for (const id of new Set(ids)) {
    const file = byId.get(id);
    if (file) names.set(id, file.name);
    else rest.push(id);
  }
  if (rest.length > 0) for (const [id, entry] of await publishedListings(rest)) names.set(id, entry.name);
  return names;
}

/**
 * Whether `id` was a program published from a listing that is no longer on the directory
 * (unpublished by the site team or withdrawn by its provider): favorites, requests and their
 * status pages say "no longer listed" for it instead of "unknown".
 */
export async function isFormerProgram(id: string): Promise<boolean> {
  if (byId.has(id) || !PROGRAM_ID_PATTERN.test(id)) return false;
  const rows = await withService((tx) => selectFormerPrograms(tx, [id]));
  return rows.length > 0;
}

/** Forgets the remembered listings (tests). */
export function forgetPublishedListings(): void {
  published.clear();
}
