/**
 * "Back to Directory" on a profile returns to the search the family left: its filters, place and
 * sort (the directory's address-bar state, url-state.ts), how many cards were shown ("Show more
 * programs") and where the page was scrolled. The directory remembers this in sessionStorage
 * when someone leaves it for a program (features/directory/useReturn.ts); the profile's Back link
 * reads it (components/program/back-to-search.ts) and the directory restores it.
 *
 * Only a same-origin directory path is ever followed (`safeNextPath`, then the path must be the
 * directory's own `/`): whatever sessionStorage holds, the link never leaves the site.
 */
import { safeNextPath } from '../auth/rules.ts';

/** sessionStorage key of the last directory search left for a program (JSON, `DirectoryReturn`). */
export const DIRECTORY_RETURN_KEY = 'ocd-directory:return';
/** sessionStorage key set by the Back link: the next directory page load restores the search. */
export const DIRECTORY_RESTORE_KEY = 'ocd-directory:restore';

/** The directory's path: the home page. */
export const DIRECTORY_PATH = '/';

/** Cards kept at most when restoring "Show more programs" (keeps a stored value from asking for millions). */
export const MAX_RESTORED_CARDS = 2_000;

export type DirectoryReturn = {
  /** `/` plus the search's query string (`/?age=Adolescents&near=02478`). */
  url: string;
  /** Cards shown when the person left (the first page or more after "Show more programs"). */
  shown: number;
  /** The page's vertical scroll position, in CSS pixels. */
  scrollY: number;
  /** The program whose link was followed, when known (its card gets the focus back). */
  programId: string | null;
};

/**
 * The directory URL `raw` names, as a same-site path (`/` + its query, no fragment), or null when
 * it is anything else: another site, another page, a protocol-relative or malformed address.
 *
 * @example directoryPath('/?age=Adults') // → '/?age=Adults'
 * @example directoryPath('https://evil.example/?age=Adults', 'https://site.example') // → null
 * @example directoryPath('/admin') // → null
 */
export function directoryPath(raw: string | null | undefined, origin?: string): string | null {
  const safe = safeNextPath(raw, origin);
  if (safe === null) return null;
  const url = new URL(safe, 'https://same-site.invalid');
  if (url.pathname !== DIRECTORY_PATH) return null;
  return `${DIRECTORY_PATH}${url.search}`;
}

const wholeNumber = (value: unknown, max: number): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(Math.round(value), max) : null;

/** A program id as the directory writes them (lower-case letters, digits, hyphens). */
const PROGRAM_ID = /^[a-z0-9-]{1,100}$/;

/**
 * Reads what the directory stored; anything malformed or off-site gives null.
 *
 * @example parseDirectoryReturn('{"url":"/?q=ranch","shown":48,"scrollY":900,"programId":"harbor"}')
 * // → { url: '/?q=ranch', shown: 48, scrollY: 900, programId: 'harbor' }
 */
export function parseDirectoryReturn(
  raw: string | null | undefined,
  origin?: string,
): DirectoryReturn | null {
  if (raw === null || raw === undefined || raw === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const url = typeof record['url'] === 'string' ? directoryPath(record['url'], origin) : null;
  if (url === null) return null;
  const programId = record['programId'];
  return {
    url,
    shown: wholeNumber(record['shown'], MAX_RESTORED_CARDS) ?? 0,
    scrollY: wholeNumber(record['scrollY'], Number.MAX_SAFE_INTEGER) ?? 0,
    programId: typeof programId === 'string' && PROGRAM_ID.test(programId) ? programId : null,
  };
}

/** The stored text of a search left for a program. */
export function serializeDirectoryReturn(entry: DirectoryReturn): string {
  return JSON.stringify(entry);
}

/**
 * Where "Back to Directory" leads: the search the family left, or the plain directory.
 *
 * @example backToSearchHref('{"url":"/?age=Adults","shown":24,"scrollY":0,"programId":null}') // → '/?age=Adults'
 * @example backToSearchHref('{"url":"//evil.example/"}') // → '/'
 * @example backToSearchHref(null) // → '/'
 */
export function backToSearchHref(raw: string | null | undefined, origin?: string): string {
  return parseDirectoryReturn(raw, origin)?.url ?? DIRECTORY_PATH;
}

/**
 * The stored search to restore on this directory page, or null: only after the Back link asked
 * for it (`restoreAsked`) and only when the page is that very search (`here`: path + query).
 */
export function searchToRestore(
  raw: string | null | undefined,
  restoreAsked: boolean,
  here: string,
  origin?: string,
): DirectoryReturn | null {
  if (!restoreAsked) return null;
  const entry = parseDirectoryReturn(raw, origin);
  if (entry === null) return null;
  return entry.url === directoryPath(here, origin) ? entry : null;
}
