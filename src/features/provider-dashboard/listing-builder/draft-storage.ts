/**
 * The browser copy of a draft: Save Draft stores drafts on the server, and keeps one here only when
 * the server could not be reached (an offline fallback, labeled as such when the builder opens
 * it). Per user, so a shared computer never shows another's.
 */
import {
  ACCREDITATIONS,
  AGE_GROUPS,
  GENDER_OPTIONS,
  INSURANCE,
  MODALITIES,
  SETTINGS,
} from '../../../lib/vocabulary.ts';
import { OUTCOME_MEASURES, SCORE_DIRECTIONS } from '../../../lib/fidelity.ts';
import { EMPTY_DRAFT, one, pick, TEXT_FIELDS, YES_NO, type ListingDraft } from '../draft.ts';

const KEY_PREFIX = 'ocd-directory-listing-draft:';

export function draftKey(userId: string): string {
  return `${KEY_PREFIX}${userId}`;
}

/** Longest text a draft field keeps (the description's limit; the server checks each field). */
const MAX_TEXT = 5000;

/** The strings of a stored list, at most `max` of them, each at most MAX_TEXT long. */
function strings(value: unknown, max: number): string[] {
  return Array.isArray(value)
    ? value
        .filter((i): i is string => typeof i === 'string')
        .slice(0, max)
        .map((i) => i.slice(0, MAX_TEXT))
    : [];
}

/** A stored draft (JSON text) as a draft; `EMPTY_DRAFT` for null, damaged or foreign values. */
export function parseDraft(raw: string | null): ListingDraft {
  if (raw === null) return { ...EMPTY_DRAFT };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ...EMPTY_DRAFT };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ...EMPTY_DRAFT };
  const v = value as Record<string, unknown>;
  const draft: ListingDraft = {
    ...EMPTY_DRAFT,
    ageGroups: [],
    modalities: [],
    insurance: [],
    images: [],
    accreditations: [],
    programHighlights: [],
  };
  for (const field of TEXT_FIELDS) {
    const text = v[field];
    if (typeof text === 'string') draft[field] = text.slice(0, MAX_TEXT);
  }
  draft.listingId =
    typeof v['listingId'] === 'string' && /^[0-9a-f-]{36}$/i.test(v['listingId']) ? v['listingId'] : null;
  draft.ageGroups = pick(v['ageGroups'], AGE_GROUPS);
  draft.genderSpecific = one(v['genderSpecific'], GENDER_OPTIONS);
  draft.setting = one(v['setting'], SETTINGS);
  draft.modalities = pick(v['modalities'], MODALITIES);
  draft.insurance = pick(v['insurance'], INSURANCE);
  draft.accreditations = pick(v['accreditations'], ACCREDITATIONS);
  draft.outcomeMeasure = one(v['outcomeMeasure'], OUTCOME_MEASURES);
  draft.scoreDirection = one(v['scoreDirection'], SCORE_DIRECTIONS);
  draft.familyAccommodationWork = one(v['familyAccommodationWork'], YES_NO);
  draft.images = strings(v['images'], 20);
  draft.programHighlights = strings(v['programHighlights'], 20);
  draft.lastSaved =
    typeof v['lastSaved'] === 'string' && !Number.isNaN(Date.parse(v['lastSaved'])) ? v['lastSaved'] : null;
  draft.isDraft = true;
  return draft;
}

/** This browser's localStorage, or undefined where it is missing or blocked (private modes, policies). */
export function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The stored draft of `userId` in `storage`, or an empty one (storage blocked or nothing saved). */
export function loadDraft(storage: Storage | undefined, userId: string): ListingDraft {
  try {
    return parseDraft(storage?.getItem(draftKey(userId)) ?? null);
  } catch {
    return { ...EMPTY_DRAFT };
  }
}

/** Saves the draft with `lastSaved` = `now`; false when the browser refuses (storage blocked or full). */
export function saveDraft(
  storage: Storage | undefined,
  userId: string,
  draft: ListingDraft,
  now: Date,
): ListingDraft | null {
  const saved: ListingDraft = { ...draft, isDraft: true, lastSaved: now.toISOString() };
  try {
    if (!storage) return null;
    storage.setItem(draftKey(userId), JSON.stringify(saved));
    return saved;
  } catch {
    return null;
  }
}

export function clearDraft(storage: Storage | undefined, userId: string): void {
  try {
    storage?.removeItem(draftKey(userId));
  } catch {
    // Nothing stored that we could remove.
  }
}
