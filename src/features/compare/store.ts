/**
 * "Compare side by side" (docs/product-rules.md#compare): the up to three programs a visitor has chosen to compare,
 * kept in this browser (localStorage; no account needed), in the order they were added.
 *
 * The rules are pure functions (tested in tests/unit/features/compare/store.test.ts); the atom `$compare`
 * and its `toggleCompare`/`removeFromCompare` wrap them for the toggles, the tray and /compare.
 * Bad stored data is ignored rather than trusted, and a change in another tab is picked up.
 *
 * @example
 * startCompare();
 * toggleCompare({ id: 'tidemark-ocd-residential', name: 'Tidemark OCD Residential' }); // 'added'
 * compareHref(compareIds()); // '/compare?ids=tidemark-ocd-residential'
 */
import { atom, type ReadableAtom } from 'nanostores';
import { showToast } from '../../ui/toasts/store.ts';

export const COMPARE_STORAGE_KEY = 'ocd-directory.compare';
export const MAX_COMPARE = 3;
export const COMPARE_PATH = '/compare';

export type CompareProgram = { id: string; name: string };
export type ToggleResult = 'added' | 'removed' | 'full';

/** A program id as files and published listings have them (lowercase slug, ≤ 100 characters). */
const PROGRAM_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

export function isProgramId(value: unknown): value is string {
  return typeof value === 'string' && PROGRAM_ID.test(value);
}

/** The names are only for the tray; a long or odd one is tidied, never trusted as markup. */
function tidyName(value: unknown, id: string): string {
  if (typeof value !== 'string') return id;
  const name = value.replace(/\s+/g, ' ').trim().slice(0, 200);
  return name === '' ? id : name;
}

/**
 * The selection stored under COMPARE_STORAGE_KEY: a JSON array of `{ id, name }`. Anything else
 * (not JSON, not an array, entries without a valid id) is ignored entry by entry; duplicates and
 * entries beyond the third are dropped.
 */
export function parseStoredSelection(raw: string | null | undefined): CompareProgram[] {
  if (typeof raw !== 'string' || raw === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const list: CompareProgram[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, name } = item as { id?: unknown; name?: unknown };
    if (!isProgramId(id) || list.some((p) => p.id === id)) continue;
    list.push({ id, name: tidyName(name, id) });
    if (list.length === MAX_COMPARE) break;
  }
  return list;
}

/**
 * Adds `program` at the end, or removes it when it is already there. A fourth program is
 * refused (`full`) and the list is returned unchanged.
 */
export function toggleProgram(
  list: readonly CompareProgram[],
  program: CompareProgram,
): { list: CompareProgram[]; result: ToggleResult } {
  if (list.some((p) => p.id === program.id)) {
    return { list: list.filter((p) => p.id !== program.id), result: 'removed' };
  }
  if (list.length >= MAX_COMPARE) return { list: [...list], result: 'full' };
  return { list: [...list, { id: program.id, name: tidyName(program.name, program.id) }], result: 'added' };
}

/**
 * The ids of `?ids=a,b,c`, in order: malformed and repeated ids are dropped, and, when
 * `isKnown` is given, ids it does not know; at most three are kept.
 *
 * @example parseCompareIds('b,a,b,,BAD!,c,d') // ['b', 'a', 'c']
 */
export function parseCompareIds(
  param: string | null | undefined,
  isKnown?: (id: string) => boolean,
): string[] {
  if (typeof param !== 'string') return [];
  const ids: string[] = [];
  for (const part of param.split(',')) {
    const id = part.trim();
    if (!isProgramId(id) || ids.includes(id)) continue;
    if (isKnown && !isKnown(id)) continue;
    ids.push(id);
    if (ids.length === MAX_COMPARE) break;
  }
  return ids;
}

/** The shareable page for these ids: `/compare?ids=a,b,c` (`/compare` for none). */
export function compareHref(ids: readonly string[], extra?: Record<string, string>): string {
  const params = new URLSearchParams();
  if (ids.length > 0) params.set('ids', ids.join(','));
  for (const [key, value] of Object.entries(extra ?? {})) params.set(key, value);
  // Commas stay readable in a shared link.
  const query = params.toString().replace(/%2C/gi, ',');
  return query === '' ? COMPARE_PATH : `${COMPARE_PATH}?${query}`;
}

// ---- The browser's selection ----

const $list = atom<readonly CompareProgram[]>([]);

/** The chosen programs, in the order they were added (empty until `startCompare`). */
export const $compare: ReadableAtom<readonly CompareProgram[]> = $list;

let started = false;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be switched off; the selection then lasts for the page only.
    return null;
  }
}

/** Reads the stored selection once and follows changes made in other tabs. Safe to call often. */
export function startCompare(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  let raw: string | null;
  try {
    raw = storage()?.getItem(COMPARE_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  $list.set(parseStoredSelection(raw));
  window.addEventListener('storage', (event) => {
    if (event.key === COMPARE_STORAGE_KEY || event.key === null) {
      $list.set(parseStoredSelection(event.newValue));
    }
  });
}

/** Replaces the selection (kept to the rules) and stores it. */
export function setCompare(list: readonly CompareProgram[]): void {
  startCompare();
  const clean = parseStoredSelection(JSON.stringify(list));
  $list.set(clean);
  try {
    const store = storage();
    if (clean.length === 0) store?.removeItem(COMPARE_STORAGE_KEY);
    else store?.setItem(COMPARE_STORAGE_KEY, JSON.stringify(clean));
  } catch (error) {
    console.warn('Could not keep the compare selection:', error);
  }
}

/** The ids of the selection, in order. */
export function compareIds(): string[] {
  startCompare();
  return $list.get().map((p) => p.id);
}

export const FULL_TOAST = {
  title: `You can compare at most ${MAX_COMPARE} programs`,
  description: (name: string) => `Remove one from the compare tray to add ${name}.`,
} as const;

/** Adds or removes `program`; a fourth is refused with a toast saying at most 3 can be compared. */
export function toggleCompare(program: CompareProgram): ToggleResult {
  startCompare();
  const { list, result } = toggleProgram($list.get(), program);
  if (result === 'full') {
    showToast({ title: FULL_TOAST.title, description: FULL_TOAST.description(program.name) });
  } else {
    setCompare(list);
  }
  return result;
}

export function removeFromCompare(id: string): void {
  startCompare();
  setCompare($list.get().filter((p) => p.id !== id));
}
