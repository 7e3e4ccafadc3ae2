/**
 * The server-side program index: the program files (generated from `content/programs` by
 * `scripts/gen-program-index.ts` with src/lib/content/program-index.ts) and the programs published
 * from approved provider listings, which live in the database.
 *
 * The files' index is loaded when it is first needed, not when this module is imported: a fresh
 * clone has no generated file until `npm start`, `npm run dev` or `npm run build` writes it, and
 * nothing imported at startup may depend on it. In a deployed function esbuild bundles the JSON
 * (the import's path is a literal), so it is the index of the build the pages came from. Under
 * `npm start`, each rebuild swaps in the index of the content it built (`replaceProgramIndex`)
 * when it swaps in the pages, so a page a family sees is a program the functions know.
 *
 * `programIndex()` knows the files only. The `…Listed…` lookups also ask the database for ids
 * the files do not have, so a listing is a program for engagement, favorites and inquiries from
 * its approval on (its page appears with the next build). Found listings are remembered for a
 * minute; an id that is not found is asked again each time (it may be approved any moment).
 */
import { listingAdmissionsPhone } from '../../../src/lib/admissions-phone.ts';
import type { ProgramIndexEntry } from '../../../src/lib/content/program-index.ts';
import { PROGRAM_ID_PATTERN } from '../../../src/lib/program-id.ts';
import { withService } from './db.ts';
import { selectApprovedPrograms, selectFormerPrograms } from './publishing.ts';

export type { ProgramIndexEntry };

/** The program files' index: every entry, and lookups by id. */
export interface ProgramIndex {
  readonly entries: readonly ProgramIndexEntry[];
  find(id: string): ProgramIndexEntry | undefined;
  has(id: string): boolean;
}

function indexOf(entries: readonly ProgramIndexEntry[]): ProgramIndex {
  const byId = new Map(entries.map((p) => [p.id, p]));
  return { entries, find: (id) => byId.get(id), has: (id) => byId.has(id) };
}

let current: Promise<ProgramIndex> | null = null;

/**
 * The program files' index, loaded on first use (see the header). A missing file is an operator's
 * error with one fix; it is not remembered, so the next request tries again once it exists.
 */
export function programIndex(): Promise<ProgramIndex> {
  current ??= import('./program-index.generated.json', { with: { type: 'json' } }).then(
    (module) => indexOf(module.default),
    (error: unknown) => {
      current = null;
      throw new Error(
        'The program index (netlify/functions/_shared/program-index.generated.json) is missing: `npm run gen` writes it (npm start, npm run dev and npm run build do so first).',
        { cause: error },
      );
    },
  );
  return current;
}

/**
 * Replaces the files' index with the one built from the content a new build used: `npm start`
 * calls it when it serves that build, so the functions and the pages switch together.
 */
export function replaceProgramIndex(entries: readonly ProgramIndexEntry[]): void {
  current = Promise.resolve(indexOf(entries));
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
  const file = (await programIndex()).find(id);
  if (file) return file;
  return (await publishedListings([id])).get(id);
}

/** The ids among `ids` that are neither a program file nor an approved listing's program. */
export async function unknownPrograms(ids: readonly string[]): Promise<Set<string>> {
  const files = await programIndex();
  const rest = ids.filter((id) => !files.has(id));
  if (rest.length === 0) return new Set();
  const found = await publishedListings(rest);
  return new Set(rest.filter((id) => !found.has(id)));
}

/** The names of the programs among `ids` (files and approved listings); unknown ids are left out. */
export async function programNames(ids: readonly string[]): Promise<Map<string, string>> {
  const files = await programIndex();
  const names = new Map<string, string>();
  const rest: string[] = [];
  for (const id of new Set(ids)) {
    const file = files.find(id);
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
  if (!PROGRAM_ID_PATTERN.test(id) || (await programIndex()).has(id)) return false;
  const rows = await withService((tx) => selectFormerPrograms(tx, [id]));
  return rows.length > 0;
}

/** Forgets the remembered listings (tests). */
export function forgetPublishedListings(): void {
  published.clear();
}
