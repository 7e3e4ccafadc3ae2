/** The listing builder's draft and its pure rules (API body, edit a submitted listing, checks); storage: listing-builder/. */
import type { Listing, ListingBody } from '../../api/contracts/listings.ts';
import type { ListingDraftBody } from '../../lib/provider-schemas.ts';
import { PLAIN_TEXT_FIELDS, type PlainTextDraftKey, type PlainTextField } from '../../lib/listing/fields.ts';
import {
  ACCREDITATIONS,
  AGE_GROUPS,
  GENDER_OPTIONS,
  INSURANCE,
  MODALITIES,
  SETTINGS,
  type Accreditation,
  type AgeGroup,
  type GenderOption,
  type Insurance,
  type Modality,
  type Setting,
} from '../../lib/vocabulary.ts';
import {
  OUTCOME_MEASURES,
  SCORE_DIRECTIONS,
  type OutcomeMeasure,
  type ScoreDirection,
} from '../../lib/fidelity.ts';
import { inRange, type RangedField } from '../../lib/listing-ranges.ts';
import { LISTING_FIELD_MESSAGES, PROVIDER_MESSAGES } from '../../lib/provider-rules.ts';
import {
  listingRangeMessage,
  MAX_HIGHLIGHT_LENGTH,
  MAX_HIGHLIGHTS,
  OUTCOME_MESSAGES,
  PROVIDER_MESSAGES as API_MESSAGES,
} from '../../lib/provider-schemas.ts';
import { isEmail, isWebAddress, isZipCode } from '../../lib/text-rules.ts';

export const YES_NO = ['yes', 'no'] as const;
export type YesNo = (typeof YES_NO)[number];

/**
 * The builder's draft: the plain text fields of the registry (src/lib/listing/fields.ts) as typed,
 * and the fields that need their own handling.
 */
export type ListingDraft = { [K in PlainTextDraftKey]: string } & {
  /** Set when the draft edits a listing that was already submitted (PUT instead of POST). */
  listingId: string | null;
  centerName: string;
  description: string;
  phone: string;
  ageGroups: AgeGroup[];
  genderSpecific: GenderOption | '';
  setting: Setting | '';
  /** As typed; turned into a whole number on submit. */
  capacity: string;
  modalities: Modality[];
  insurance: Insurance[];
  /** Up to 8 short lines, one per entry (blank entries are dropped when sent). */
  programHighlights: string[];
  /** `/api/provider/uploads/<id>` of the uploaded logo, or ''. */
  logo: string;
  /** The logo's file name, for display. */
  logoName: string;
  /** Photo addresses (https), one per entry. */
  images: string[];
  accreditations: Accreditation[];
  /** `/api/provider/uploads/<id>` of the uploaded license, or ''. */
  license: string;
  licenseName: string;
  // Treatment fidelity: numbers as typed, checked on submit.
  erpHoursPerWeek: string;
  individualSessionsPerWeek: string;
  specialisedCliniciansPercent: string;
  outcomeMeasure: OutcomeMeasure | '';
  /**
   * The published outcome, all four or none: "From admission to discharge, the median score fell
   * by / rose by / did not change" (`scoreDirection`), by `scorePoints`, the year and the patients.
   */
  scoreDirection: ScoreDirection | '';
  /** As typed; 0 is sent for "did not change". */
  scorePoints: string;
  scoreChangeYear: string;
  scoreChangeSample: string;
  familySessionsPerWeek: string;
  /** '' = not stated. */
  familyAccommodationWork: YesNo | '';
  isDraft: boolean;
  /** ISO time of the last Save Draft, or null. */
  lastSaved: string | null;
};

export const EMPTY_DRAFT: Readonly<ListingDraft> = Object.freeze({
  ...(Object.fromEntries(PLAIN_TEXT_FIELDS.map(([, key]) => [key, ''])) as Record<PlainTextDraftKey, ''>),
  listingId: null,
  centerName: '',
  description: '',
  phone: '',
  ageGroups: [],
  genderSpecific: '',
  setting: '',
  capacity: '',
  modalities: [],
  insurance: [],
  programHighlights: [],
  logo: '',
  logoName: '',
  images: [],
  accreditations: [],
  license: '',
  licenseName: '',
  erpHoursPerWeek: '',
  individualSessionsPerWeek: '',
  specialisedCliniciansPercent: '',
  outcomeMeasure: '',
  scoreDirection: '',
  scorePoints: '',
  scoreChangeYear: '',
  scoreChangeSample: '',
  familySessionsPerWeek: '',
  familyAccommodationWork: '',
  isDraft: true,
  lastSaved: null,
});

/** The draft's free-text fields (the other fields hold choices from a list). */
export const TEXT_FIELDS = [
  ...PLAIN_TEXT_FIELDS.map(([, key]) => key),
  'centerName',
  'description',
  'phone',
  'capacity',
  'logo',
  'logoName',
  'license',
  'licenseName',
  'erpHoursPerWeek',
  'individualSessionsPerWeek',
  'specialisedCliniciansPercent',
  'scorePoints',
  'scoreChangeYear',
  'scoreChangeSample',
  'familySessionsPerWeek',
] as const satisfies readonly (keyof ListingDraft)[];

/** The draft's numbers and the column (range, step, unit: src/lib/listing-ranges.ts) each one is. */
export const RANGED_FIELDS = [
  ['capacity', 'capacity'],
  ['erpHoursPerWeek', 'erp_hours_per_week'],
  ['individualSessionsPerWeek', 'individual_sessions_per_week'],
  ['specialisedCliniciansPercent', 'specialised_clinicians_percent'],
  ['scorePoints', 'score_points'],
  ['scoreChangeYear', 'score_change_year'],
  ['scoreChangeSample', 'score_change_sample'],
  ['familySessionsPerWeek', 'family_sessions_per_week'],
] as const satisfies readonly (readonly [keyof ListingDraft, ListingColumn])[];
export type RangedDraftField = (typeof RANGED_FIELDS)[number][0];
/** The ranged columns of a listing (the wait list's weeks belong to availability). */
type ListingColumn = Exclude<RangedField, 'wait_weeks'>;

/**
 * A number as typed in the builder: `null` for blank, the number when it is inside the column's
 * range and on its step, `undefined` when it is not acceptable.
 *
 * @example rangedNumber('erp_hours_per_week', '12.5') // 12.5
 * @example rangedNumber('erp_hours_per_week', '12.3') // undefined
 */
export function rangedNumber(field: RangedField, text: string, now = new Date()): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) return undefined;
  const value = Number(t);
  return inRange(field, value, now) ? value : undefined;
}

/** Age groups whose families need the youth-safety facts (license, restraint, parent contact, …). */
export const MINOR_AGE_GROUPS: readonly AgeGroup[] = ['Children', 'Adolescents'];

/** True when the listing serves children or adolescents. */
export function servesMinors(ageGroups: readonly string[]): boolean {
  return ageGroups.some((a) => (MINOR_AGE_GROUPS as readonly string[]).includes(a));
}

const YOUTH_FIELDS = [
  'licenseNumber',
  'licenseAgency',
  'restraintPolicy',
  'parentContactPolicy',
  'schooling',
  'transportEscort',
] as const satisfies readonly (keyof ListingDraft)[];

/** True when any youth-safety fact is filled in (so the builder keeps showing them). */
export function hasYouthFacts(draft: ListingDraft): boolean {
  return YOUTH_FIELDS.some((f) => draft[f].trim() !== '');
}

/** The known options in `value`, in the list's order; [] for anything but an array. */
export function pick<T extends string>(value: unknown, allowed: readonly T[]): T[] {
  if (!Array.isArray(value)) return [];
  return allowed.filter((option) => value.includes(option));
}

/** `value` when it is one of the known options, else ''. */
export function one<T extends string>(value: unknown, allowed: readonly T[]): T | '' {
  return allowed.find((option) => option === value) ?? '';
}

/** True when nothing has been typed or chosen (an empty draft is not worth keeping). */
export function isEmptyDraft(draft: ListingDraft): boolean {
  return (
    TEXT_FIELDS.every((f) => draft[f].trim() === '') &&
    draft.ageGroups.length === 0 &&
    draft.modalities.length === 0 &&
    draft.insurance.length === 0 &&
    draft.accreditations.length === 0 &&
    draft.programHighlights.every((h) => h.trim() === '') &&
    draft.images.length === 0 &&
    draft.genderSpecific === '' &&
    draft.setting === '' &&
    draft.outcomeMeasure === '' &&
    draft.scoreDirection === '' &&
    draft.familyAccommodationWork === '' &&
    draft.listingId === null
  );
}

const numberText = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/** A numeric column as the API sends it (Postgres numeric may arrive as text). */
const numeric = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);

/** A submitted listing back in the builder, to edit and resubmit (e.g. after "Needs changes"). */
export function draftFromListing(listing: Listing): ListingDraft {
  return {
    ...EMPTY_DRAFT,
    ...(Object.fromEntries(PLAIN_TEXT_FIELDS.map(([column, key]) => [key, listing[column] ?? ''])) as Record<
      PlainTextDraftKey,
      string
    >),
    listingId: listing.id,
    centerName: listing.center_name,
    description: listing.description,
    phone: listing.phone,
    ageGroups: pick(listing.age_groups, AGE_GROUPS),
    genderSpecific: one(listing.gender_specific, GENDER_OPTIONS),
    setting: one(listing.setting, SETTINGS),
    capacity: listing.capacity === null ? '' : String(listing.capacity),
    modalities: pick(listing.modalities, MODALITIES),
    insurance: pick(listing.insurance, INSURANCE),
    programHighlights: Array.isArray(listing.program_highlights) ? [...listing.program_highlights] : [],
    logo: listing.logo_url ?? '',
    logoName: listing.logo_url ? 'Current logo' : '',
    images: [...listing.images],
    accreditations: pick(listing.accreditations, ACCREDITATIONS),
    license: listing.license_url ?? '',
    licenseName: listing.license_url ? 'Current license' : '',
    erpHoursPerWeek: numberText(numeric(listing.erp_hours_per_week)),
    individualSessionsPerWeek: numberText(numeric(listing.individual_sessions_per_week)),
    specialisedCliniciansPercent: numberText(listing.specialised_clinicians_percent),
    outcomeMeasure: one(listing.outcome_measure, OUTCOME_MEASURES),
    scoreDirection: one(listing.score_direction, SCORE_DIRECTIONS),
    scorePoints: listing.score_direction === 'unchanged' ? '' : numberText(numeric(listing.score_points)),
    scoreChangeYear: numberText(listing.score_change_year),
    scoreChangeSample: numberText(listing.score_change_sample),
    familySessionsPerWeek: numberText(numeric(listing.family_sessions_per_week)),
    familyAccommodationWork:
      typeof listing.family_accommodation_work === 'boolean'
        ? listing.family_accommodation_work
          ? 'yes'
          : 'no'
        : '',
    isDraft: true,
    lastSaved: null,
  };
}

/** The API's name of each number of the draft. */
const RANGED_COLUMNS = Object.fromEntries(RANGED_FIELDS) as Record<RangedDraftField, ListingColumn>;

/** The draft's non-blank lines (photos, highlights), trimmed. */
const lines = (list: readonly string[]): string[] => list.map((i) => i.trim()).filter((i) => i !== '');

/**
 * The API body of a draft: trimmed text, blank optional fields left out, numbers that are inside
 * their range (others left out: `draftFieldErrors` names them first), blank lines dropped, and
 * "did not change" sent as 0 points.
 */
export function listingBody(draft: ListingDraft, now = new Date()): ListingBody {
  const body: ListingBody = {
    center_name: draft.centerName.trim(),
    description: draft.description.trim(),
    phone: draft.phone.trim(),
    age_groups: [...draft.ageGroups],
    modalities: [...draft.modalities],
    insurance: [...draft.insurance],
    accreditations: [...draft.accreditations],
    images: lines(draft.images),
    program_highlights: lines(draft.programHighlights),
  };
  const optional = {
    ...(Object.fromEntries(PLAIN_TEXT_FIELDS.map(([column, key]) => [column, draft[key]])) as Record<
      PlainTextField,
      string
    >),
    logo_url: draft.logo,
    license_url: draft.license,
  } as const;
  for (const [key, value] of Object.entries(optional) as [keyof typeof optional, string][]) {
    const text = value.trim();
    if (text !== '') body[key] = text;
  }
  if (draft.genderSpecific !== '') body.gender_specific = draft.genderSpecific;
  if (draft.setting !== '') body.setting = draft.setting;
  for (const [field, column] of RANGED_FIELDS) {
    const value = rangedNumber(column, draft[field], now);
    if (typeof value === 'number') body[RANGED_COLUMNS[field]] = value;
  }
  if (draft.outcomeMeasure !== '') body.outcome_measure = draft.outcomeMeasure;
  if (draft.scoreDirection !== '') body.score_direction = draft.scoreDirection;
  if (draft.scoreDirection === 'unchanged') body.score_points = 0;
  if (draft.familyAccommodationWork !== '')
    body.family_accommodation_work = draft.familyAccommodationWork === 'yes';
  return body;
}

/** Save Draft's body: the same fields with `draft: true` (nothing required, every value checked). */
export function listingDraftBody(draft: ListingDraft, now = new Date()): ListingDraftBody {
  return { ...listingBody(draft, now), draft: true };
}

export type FieldError = { field: keyof ListingDraft; message: string };

/** True when the draft states any part of the published outcome. */
export function hasOutcome(draft: ListingDraft): boolean {
  return (
    draft.scoreDirection !== '' ||
    [draft.scorePoints, draft.scoreChangeYear, draft.scoreChangeSample].some((t) => t.trim() !== '')
  );
}

/**
 * Problems that would make the server refuse the listing (or a draft of it), as messages next to
 * the fields: the same rules as the API's schema, from the same tables (the required fields of a
 * submission are `listingSubmitErrors` in src/lib/provider-rules.ts).
 */
export function draftFieldErrors(draft: ListingDraft, now = new Date()): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: keyof ListingDraft, message: string) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, message });
  };
  const zip = draft.zipCode.trim();
  if (zip !== '' && !isZipCode(zip)) add('zipCode', LISTING_FIELD_MESSAGES.invalidZip);
  const email = draft.email.trim();
  if (email !== '' && !isEmail(email)) add('email', PROVIDER_MESSAGES.invalidEmail.description);
  const website = draft.website.trim();
  if (website !== '' && !isWebAddress(website)) add('website', LISTING_FIELD_MESSAGES.invalidWebsite);
  const photos = lines(draft.images);
  if (photos.some((i) => !isWebAddress(i))) {
    add('images', 'Each photo must be a full address starting with https:// or http://.');
  } else if (photos.length > 20) {
    add('images', API_MESSAGES.imagesTooMany);
  }
  const highlights = lines(draft.programHighlights);
  const long = highlights.findIndex((h) => Array.from(h).length > MAX_HIGHLIGHT_LENGTH);
  if (highlights.length > MAX_HIGHLIGHTS) {
    add('programHighlights', `${API_MESSAGES.highlightsTooMany} This list has ${String(highlights.length)}.`);
  } else if (long >= 0) {
    add(
      'programHighlights',
      `Each highlight must be at most ${String(MAX_HIGHLIGHT_LENGTH)} characters: highlight ${String(long + 1)} has ${String(Array.from(highlights[long] ?? '').length)}.`,
    );
  }
  for (const [field, column] of RANGED_FIELDS) {
    if (field === 'scorePoints' && draft.scoreDirection === 'unchanged') continue;
    if (rangedNumber(column, draft[field], now) === undefined) add(field, listingRangeMessage(column, now));
  }
  if (hasOutcome(draft)) {
    const unchanged = draft.scoreDirection === 'unchanged';
    if (draft.scoreDirection === '') add('scoreDirection', OUTCOME_MESSAGES.outcomeIncomplete);
    if (!unchanged && draft.scorePoints.trim() === '') add('scorePoints', OUTCOME_MESSAGES.outcomeIncomplete);
    if (draft.scoreChangeYear.trim() === '') add('scoreChangeYear', OUTCOME_MESSAGES.outcomeIncomplete);
    if (draft.scoreChangeSample.trim() === '') add('scoreChangeSample', OUTCOME_MESSAGES.outcomeIncomplete);
    if (!unchanged && rangedNumber('score_points', draft.scorePoints, now) === 0) {
      add('scorePoints', OUTCOME_MESSAGES.scorePointsNotZero);
    }
    if (draft.outcomeMeasure !== 'Y-BOCS' && draft.outcomeMeasure !== 'CY-BOCS') {
      add('outcomeMeasure', OUTCOME_MESSAGES.outcomeMeasureForChange);
    }
  }
  return errors;
}
