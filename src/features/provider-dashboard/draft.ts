/** The listing builder's draft and its pure rules (API body, edit a submitted listing, checks); storage: listing-builder/. */
import type { Listing, ListingBody } from '../../api/contracts/listings.ts';
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
import { OUTCOME_MEASURES, type OutcomeMeasure } from '../../lib/fidelity.ts';
import {
  CAPACITY_RANGE,
  fidelityNumber,
  LISTING_FIELD_MESSAGES,
  PROVIDER_MESSAGES,
  type FidelityNumberField,
} from '../../lib/provider-rules.ts';
import { isEmail, isWebAddress, isZipCode } from '../../lib/text-rules.ts';

export const YES_NO = ['yes', 'no'] as const;
export type YesNo = (typeof YES_NO)[number];

export type ListingDraft = {
  /** Set when the draft edits a listing that was already submitted (PUT instead of POST). */
  listingId: string | null;
  centerName: string;
  description: string;
  phone: string;
  email: string;
  website: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  ageGroups: AgeGroup[];
  genderSpecific: GenderOption | '';
  setting: Setting | '';
  /** As typed; turned into a whole number on submit. */
  capacity: string;
  avgLength: string;
  modalities: Modality[];
  staffRatio: string;
  medicalSupport: string;
  insurance: Insurance[];
  financialAid: string;
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
  /** The published median score change, its year and sample size: all three or none. */
  scoreChange: string;
  scoreChangeYear: string;
  scoreChangeSample: string;
  familySessionsPerWeek: string;
  /** '' = not stated. */
  familyAccommodationWork: YesNo | '';
  // Facts a parent of a minor needs.
  licenseNumber: string;
  licenseAgency: string;
  restraintPolicy: string;
  parentContactPolicy: string;
  schooling: string;
  transportEscort: string;
  isDraft: boolean;
  /** ISO time of the last Save Draft, or null. */
  lastSaved: string | null;
};

export const EMPTY_DRAFT: Readonly<ListingDraft> = Object.freeze({
  listingId: null,
  centerName: '',
  description: '',
  phone: '',
  email: '',
  website: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  ageGroups: [],
  genderSpecific: '',
  setting: '',
  capacity: '',
  avgLength: '',
  modalities: [],
  staffRatio: '',
  medicalSupport: '',
  insurance: [],
  financialAid: '',
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
  scoreChange: '',
  scoreChangeYear: '',
  scoreChangeSample: '',
  familySessionsPerWeek: '',
  familyAccommodationWork: '',
  licenseNumber: '',
  licenseAgency: '',
  restraintPolicy: '',
  parentContactPolicy: '',
  schooling: '',
  transportEscort: '',
  isDraft: true,
  lastSaved: null,
});

/** The draft's free-text fields (the other fields hold choices from a list). */
export const TEXT_FIELDS = [
  'centerName',
  'description',
  'phone',
  'email',
  'website',
  'address',
  'city',
  'state',
  'zipCode',
  'capacity',
  'avgLength',
  'staffRatio',
  'medicalSupport',
  'financialAid',
  'logo',
  'logoName',
  'license',
  'licenseName',
  'erpHoursPerWeek',
  'individualSessionsPerWeek',
  'specialisedCliniciansPercent',
  'scoreChange',
  'scoreChangeYear',
  'scoreChangeSample',
  'familySessionsPerWeek',
  'licenseNumber',
  'licenseAgency',
  'restraintPolicy',
  'parentContactPolicy',
  'schooling',
  'transportEscort',
] as const satisfies readonly (keyof ListingDraft)[];

/** The draft's fidelity numbers and the rule (range, decimals, message) each one follows. */
export const FIDELITY_NUMBER_FIELDS = [
  ['erpHoursPerWeek', 'erpHoursPerWeek'],
  ['individualSessionsPerWeek', 'individualSessionsPerWeek'],
  ['specialisedCliniciansPercent', 'specialisedCliniciansPercent'],
  ['scoreChange', 'scoreChange'],
  ['scoreChangeYear', 'scoreChangeYear'],
  ['scoreChangeSample', 'scoreChangeSample'],
  ['familySessionsPerWeek', 'familySessionsPerWeek'],
] as const satisfies readonly (readonly [keyof ListingDraft, FidelityNumberField])[];

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
    draft.images.length === 0 &&
    draft.genderSpecific === '' &&
    draft.setting === '' &&
    draft.outcomeMeasure === '' &&
    draft.familyAccommodationWork === '' &&
    draft.listingId === null
  );
}

const numberText = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/** A submitted listing back in the builder, to edit and resubmit (e.g. after "Needs changes"). */
export function draftFromListing(listing: Listing): ListingDraft {
  return {
    ...EMPTY_DRAFT,
    listingId: listing.id,
    centerName: listing.center_name,
    description: listing.description,
    phone: listing.phone,
    email: listing.email ?? '',
    website: listing.website ?? '',
    address: listing.address ?? '',
    city: listing.city ?? '',
    state: listing.state ?? '',
    zipCode: listing.zip_code ?? '',
    ageGroups: pick(listing.age_groups, AGE_GROUPS),
    genderSpecific: one(listing.gender_specific, GENDER_OPTIONS),
    setting: one(listing.setting, SETTINGS),
    capacity: listing.capacity === null ? '' : String(listing.capacity),
    avgLength: listing.avg_length ?? '',
    modalities: pick(listing.modalities, MODALITIES),
    staffRatio: listing.staff_ratio ?? '',
    medicalSupport: listing.medical_support ?? '',
    insurance: pick(listing.insurance, INSURANCE),
    financialAid: listing.financial_aid ?? '',
    logo: listing.logo_url ?? '',
    logoName: listing.logo_url ? 'Current logo' : '',
    images: [...listing.images],
    accreditations: pick(listing.accreditations, ACCREDITATIONS),
    license: listing.license_url ?? '',
    licenseName: listing.license_url ? 'Current license' : '',
    erpHoursPerWeek: numberText(listing.erp_hours_per_week),
    individualSessionsPerWeek: numberText(listing.individual_sessions_per_week),
    specialisedCliniciansPercent: numberText(listing.specialised_clinicians_percent),
    outcomeMeasure: one(listing.outcome_measure, OUTCOME_MEASURES),
    scoreChange: numberText(listing.score_change),
    scoreChangeYear: numberText(listing.score_change_year),
    scoreChangeSample: numberText(listing.score_change_sample),
    familySessionsPerWeek: numberText(listing.family_sessions_per_week),
    familyAccommodationWork:
      typeof listing.family_accommodation_work === 'boolean'
        ? listing.family_accommodation_work
          ? 'yes'
          : 'no'
        : '',
    licenseNumber: listing.license_number ?? '',
    licenseAgency: listing.license_agency ?? '',
    restraintPolicy: listing.restraint_policy ?? '',
    parentContactPolicy: listing.parent_contact_policy ?? '',
    schooling: listing.schooling ?? '',
    transportEscort: listing.transport_escort ?? '',
    isDraft: true,
    lastSaved: null,
  };
}

/** The API's name of each fidelity number of the draft. */
const FIDELITY_COLUMNS = {
  erpHoursPerWeek: 'erp_hours_per_week',
  individualSessionsPerWeek: 'individual_sessions_per_week',
  specialisedCliniciansPercent: 'specialised_clinicians_percent',
  scoreChange: 'score_change',
  scoreChangeYear: 'score_change_year',
  scoreChangeSample: 'score_change_sample',
  familySessionsPerWeek: 'family_sessions_per_week',
} as const satisfies Record<(typeof FIDELITY_NUMBER_FIELDS)[number][0], keyof ListingBody>;

/**
 * The API body of a draft: trimmed text, blank optional fields left out, capacity as a whole
 * number (left out when it is not one), blank photo entries dropped.
 */
export function listingBody(draft: ListingDraft): ListingBody {
  const body: ListingBody = {
    center_name: draft.centerName.trim(),
    description: draft.description.trim(),
    phone: draft.phone.trim(),
    age_groups: [...draft.ageGroups],
    modalities: [...draft.modalities],
    insurance: [...draft.insurance],
    accreditations: [...draft.accreditations],
    images: draft.images.map((i) => i.trim()).filter((i) => i !== ''),
  };
  const optional = {
    email: draft.email,
    website: draft.website,
    address: draft.address,
    city: draft.city,
    state: draft.state,
    zip_code: draft.zipCode,
    avg_length: draft.avgLength,
    staff_ratio: draft.staffRatio,
    medical_support: draft.medicalSupport,
    financial_aid: draft.financialAid,
    logo_url: draft.logo,
    license_url: draft.license,
    license_number: draft.licenseNumber,
    license_agency: draft.licenseAgency,
    restraint_policy: draft.restraintPolicy,
    parent_contact_policy: draft.parentContactPolicy,
    schooling: draft.schooling,
    transport_escort: draft.transportEscort,
  } as const;
  for (const [key, value] of Object.entries(optional) as [keyof typeof optional, string][]) {
    const text = value.trim();
    if (text !== '') body[key] = text;
  }
  if (draft.genderSpecific !== '') body.gender_specific = draft.genderSpecific;
  if (draft.setting !== '') body.setting = draft.setting;
  const capacity = draft.capacity.trim();
  if (/^\d+$/.test(capacity)) body.capacity = Number(capacity);
  for (const [field, rule] of FIDELITY_NUMBER_FIELDS) {
    const value = fidelityNumber(rule, draft[field]);
    if (typeof value === 'number') body[FIDELITY_COLUMNS[field]] = value;
  }
  if (draft.outcomeMeasure !== '') body.outcome_measure = draft.outcomeMeasure;
  if (draft.familyAccommodationWork !== '')
    body.family_accommodation_work = draft.familyAccommodationWork === 'yes';
  return body;
}

export type FieldError = { field: keyof ListingDraft; message: string };

/**
 * Problems with optional fields that would make the server refuse the listing, as messages next
 * to the fields (the required ones are `listingSubmitErrors` in src/lib/provider-rules.ts).
 */
export function draftFieldErrors(draft: ListingDraft): FieldError[] {
  const errors: FieldError[] = [];
  const capacity = draft.capacity.trim();
  const beds = Number(capacity);
  if (
    capacity !== '' &&
    !(/^\d+$/.test(capacity) && beds >= CAPACITY_RANGE.min && beds <= CAPACITY_RANGE.max)
  ) {
    errors.push({ field: 'capacity', message: LISTING_FIELD_MESSAGES.capacity });
  }
  const zip = draft.zipCode.trim();
  if (zip !== '' && !isZipCode(zip))
    errors.push({ field: 'zipCode', message: LISTING_FIELD_MESSAGES.invalidZip });
  const email = draft.email.trim();
  if (email !== '' && !isEmail(email)) {
    errors.push({ field: 'email', message: PROVIDER_MESSAGES.invalidEmail.description });
  }
  const website = draft.website.trim();
  if (website !== '' && !isWebAddress(website)) {
    errors.push({ field: 'website', message: LISTING_FIELD_MESSAGES.invalidWebsite });
  }
  if (draft.images.some((i) => i.trim() !== '' && !isWebAddress(i.trim()))) {
    errors.push({
      field: 'images',
      message: 'Each photo must be a full address starting with https:// or http://.',
    });
  }
  for (const [field, rule] of FIDELITY_NUMBER_FIELDS) {
    if (fidelityNumber(rule, draft[field]) === undefined)
      errors.push({ field, message: LISTING_FIELD_MESSAGES[rule] });
  }
  const change = [draft.scoreChange, draft.scoreChangeYear, draft.scoreChangeSample];
  const given = change.filter((t) => t.trim() !== '').length;
  if (given > 0 && given < 3) {
    const missing = (['scoreChange', 'scoreChangeYear', 'scoreChangeSample'] as const).find(
      (f) => draft[f].trim() === '',
    );
    if (missing && !errors.some((e) => e.field === missing))
      errors.push({ field: missing, message: LISTING_FIELD_MESSAGES.scoreChangeIncomplete });
  }
  return errors;
}
