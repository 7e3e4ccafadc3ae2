/**
 * The listing field registry: every field a provider fills in the listing builder, declared once.
 * A declaration says what the column is called, how the builder names it and in which tab it
 * asks it, the request body's zod piece (type, limits, the vocabulary's options), how the admin's
 * "What changed" table compares it, and whether publishing needs it (with the sentence the
 * administrator and the provider read when it is missing).
 *
 * Readers: the listing body schemas (src/lib/provider-schemas.ts), the API's column list
 * (netlify/functions/provider-listings.mts), the builder's tabs and server-error mapping, the
 * admin's diff labels, the columns publishing reads, and the publishing rule
 * (src/lib/listing/publish-rule.ts). Adding a plain field: one entry here, one migration (and
 * its row type in src/api/contracts/rows.ts), and the builder's input in its tab component.
 *
 * Pure: no server imports, so islands, functions and the build all read it.
 */
import { z } from 'zod';
import { OUTCOME_MEASURES, SCORE_DIRECTIONS, FIDELITY_LABELS } from '../fidelity.ts';
import { findState } from '../geo/states.ts';
import { LISTING_RANGES } from '../listing-ranges.ts';
import { hasPhoneDigits } from '../schemas.ts';
import { codePointLength, hasVisibleText, isWebAddress, isZipCode } from '../text-rules.ts';
import {
  ACCREDITATIONS,
  AGE_GROUPS,
  GENDER_OPTIONS,
  INSURANCE,
  MODALITIES,
  SETTINGS,
} from '../vocabulary.ts';
import { YOUTH_SAFETY_LABELS } from '../youth-safety.ts';
import {
  choices,
  draftText,
  LISTING_BODY_MESSAGES as M,
  optionalChoice,
  optionalEmail,
  optionalText,
  OUTCOME_MESSAGES,
  rangedNumber,
  requiredListingText,
  text,
  tooLong,
  UPLOAD_URL_PATTERN,
  uploadRef,
} from './zod-parts.ts';
import { formatUsPhone } from './us-phone.ts';

/** The listing builder's tabs, in order. */
export const BUILDER_TAB_IDS = [
  'basic',
  'location',
  'program',
  'treatment',
  'youth',
  'media',
  'credentials',
] as const;
export type BuilderTabId = (typeof BUILDER_TAB_IDS)[number];

/** How the admin's "What changed" table compares and shows a value. */
export type DiffKind = 'text' | 'number' | 'boolean' | 'set' | 'list' | 'file';

/** Most images a listing may carry (`provider_listings_images_check`). */
export const MAX_LISTING_IMAGES = 20;
/** Most highlights a listing may carry, and the longest one (`provider_listings_program_highlights_check`). */
export const MAX_HIGHLIGHTS = 8;
export const MAX_HIGHLIGHT_LENGTH = 160;

/** What publishing needs of a field: the sentence naming what is missing, and when it is there. */
export interface PublishNeed {
  /** Where the sentence comes in the administrator's list (the database trigger's order). */
  order: number;
  /** "Add the street address." — the same sentence as `private.publishing_message` in the migrations. */
  message: string;
  /** True when the value is there; default: text that is not blank, or a list with at least one entry. */
  present?: (value: unknown) => boolean;
}

export interface ListingFieldSpec {
  /** The builder's name of the field (`ListingDraft`); the column's in camelCase unless said. */
  draftKey: string;
  /** The builder's question, as the admin's "What changed" table names it. */
  label: string;
  /** The builder tab asking it. */
  tab: BuilderTabId;
  /** How the diff compares it. */
  kind: DiffKind;
  /** The submission body's zod piece. */
  schema: z.ZodType;
  /** Save Draft's piece, when it differs (the fields a submission requires). */
  draftSchema?: z.ZodType;
  /** Publishing needs it (absent: it may be left out). */
  publish?: PublishNeed;
  /** The published snapshot's program page reads it (`listingToProgram`); false for files kept for review only. */
  shown: boolean;
  /**
   * Shown on the program page as one of its highlights, "Staff-to-client ratio: 1:3": the line's
   * start and end around the value (the other shown fields have their own place in the program).
   */
  highlight?: { before: string; after?: string };
  /**
   * A plain text field: the builder holds it as typed ('' when blank), reads it back from a
   * listing and sends it trimmed, left out when blank (src/features/provider-dashboard/draft.ts).
   */
  plain?: true;
}

/** `center_name` → `centerName`. */
const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

// As the database trigger reads text: blank once JavaScript's trim() has removed white space.
const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
const chosen = (options: readonly string[]) => (value: unknown) =>
  Array.isArray(value) && value.length > 0 && value.every((v) => options.includes(v as string));
const oneOf = (options: readonly string[]) => (value: unknown) =>
  typeof value === 'string' && options.includes(value);

/** Up to MAX_HIGHLIGHTS short lines; blank lines are dropped. */
const highlights = z
  .array(text('A highlight', MAX_HIGHLIGHT_LENGTH), { error: 'Highlights must be a list of short lines.' })
  .max(50, { error: M.highlightsTooMany })
  .optional()
  .transform((v) => (v ?? []).filter(hasVisibleText))
  .refine((v) => v.length <= MAX_HIGHLIGHTS, { error: M.highlightsTooMany });

const images = z
  .array(
    z
      .string({ error: M.imageRef })
      .trim()
      .refine((v) => codePointLength(v) <= 1000, { error: tooLong('An image address', 1000), abort: true })
      .refine((v) => UPLOAD_URL_PATTERN.test(v) || isWebAddress(v), { error: M.imageRef }),
    { error: M.imageRef },
  )
  .max(MAX_LISTING_IMAGES, { error: M.imagesTooMany })
  .optional()
  .transform((v) => [...new Set(v ?? [])]);

/** A plain optional text field of the builder. */
const plainText = (label: string, bodyLabel: string, max: number, tab: BuilderTabId, multiline = false) =>
  ({
    label,
    tab,
    kind: 'text',
    schema: optionalText(bodyLabel, max, multiline),
    shown: true,
    plain: true,
  }) as const;

/** A ranged number (src/lib/listing-ranges.ts). */
const ranged = (field: Parameters<typeof rangedNumber>[0], label: string, tab: BuilderTabId) =>
  ({ label, tab, kind: 'number', schema: rangedNumber(field), shown: true }) as const;

/**
 * Every listing field, in the builder's order (Basic, Location, Program, Treatment, Youth safety,
 * Media, Credentials). The key is the column of `provider_listings`.
 */
export const LISTING_FIELD_REGISTRY = {
  // Basic
  center_name: {
    label: 'Center name',
    tab: 'basic',
    kind: 'text',
    schema: requiredListingText('Center name', 200),
    draftSchema: draftText('Center name', 200),
    publish: { order: 13, message: 'Add the name of the program.' },
    shown: true,
  },
  description: {
    label: 'Description',
    tab: 'basic',
    kind: 'text',
    schema: requiredListingText('Description', 5000, true),
    draftSchema: draftText('Description', 5000, true),
    publish: { order: 14, message: 'Add a description.' },
    shown: true,
  },
  phone: {
    label: 'Admissions phone',
    tab: 'basic',
    kind: 'text',
    schema: requiredListingText('Phone', 40).refine(hasPhoneDigits, { error: M.invalidPhone }),
    draftSchema: draftText('Phone', 40).refine((v) => v === '' || hasPhoneDigits(v), {
      error: M.invalidPhone,
    }),
    publish: {
      order: 5,
      message: 'Add a US phone number with 10 digits.',
      present: (v) => typeof v === 'string' && formatUsPhone(v) !== undefined,
    },
    shown: true,
  },
  email: {
    label: 'Admissions email',
    tab: 'basic',
    kind: 'text',
    schema: optionalEmail('Email'),
    shown: true,
    plain: true,
  },
  website: {
    label: 'Website',
    tab: 'basic',
    kind: 'text',
    schema: optionalText('Website', 500).refine((v) => v === null || isWebAddress(v), {
      error: M.invalidWebsite,
    }),
    shown: true,
    plain: true,
  },
  // Location
  address: {
    ...plainText('Street address', 'Address', 300, 'location'),
    publish: { order: 1, message: 'Add the street address.' },
  },
  city: { ...plainText('City', 'City', 100, 'location'), publish: { order: 2, message: 'Add the city.' } },
  state: {
    ...plainText('State', 'State', 100, 'location'),
    publish: {
      order: 3,
      message: 'Add the state (a US state name or its two-letter code).',
      present: (v) => typeof v === 'string' && findState(v.trim()) !== undefined,
    },
  },
  zip_code: {
    label: 'ZIP code',
    tab: 'location',
    kind: 'text',
    schema: optionalText('ZIP code', 10).refine((v) => v === null || isZipCode(v), { error: M.invalidZip }),
    plain: true,
    publish: {
      order: 4,
      message: 'Add a five-digit ZIP code.',
      present: (v) => typeof v === 'string' && /^\d{5}(-\d{4})?$/.test(v.trim()),
    },
    shown: true,
  },
  // Program
  age_groups: {
    label: 'Age groups',
    tab: 'program',
    kind: 'set',
    schema: choices('Age groups', AGE_GROUPS),
    publish: { order: 6, message: 'Choose at least one age group.', present: chosen(AGE_GROUPS) },
    shown: true,
  },
  gender_specific: {
    label: 'Who the program serves',
    tab: 'program',
    kind: 'text',
    schema: optionalChoice('Gender', GENDER_OPTIONS),
    publish: {
      order: 7,
      message: 'Choose who the program serves (co-ed or gender-specific).',
      present: oneOf(GENDER_OPTIONS),
    },
    shown: true,
  },
  setting: {
    label: 'Setting',
    tab: 'program',
    kind: 'text',
    schema: optionalChoice('Setting', SETTINGS),
    publish: { order: 8, message: 'Choose the treatment setting.', present: oneOf(SETTINGS) },
    shown: true,
  },
  capacity: {
    ...ranged('capacity', LISTING_RANGES.capacity.label, 'program'),
    highlight: { before: 'Capacity: ', after: ' beds' },
  },
  avg_length: {
    ...plainText('Average length of stay', 'Average length of stay', 100, 'program'),
    publish: { order: 9, message: 'Add the average length of stay.' },
  },
  modalities: {
    label: 'Modalities',
    tab: 'program',
    kind: 'set',
    schema: choices('Modalities', MODALITIES),
    publish: { order: 10, message: 'Choose at least one treatment modality.', present: chosen(MODALITIES) },
    shown: true,
  },
  staff_ratio: {
    ...plainText('Staff-to-client ratio', 'Staff ratio', 100, 'program'),
    highlight: { before: 'Staff-to-client ratio: ' },
  },
  medical_support: {
    ...plainText('Medical support', 'Medical support', 2000, 'program', true),
    highlight: { before: 'Medical support: ' },
  },
  insurance: {
    label: 'Insurance',
    tab: 'program',
    kind: 'set',
    schema: choices('Insurance', INSURANCE),
    publish: { order: 11, message: 'Choose at least one insurance option.', present: chosen(INSURANCE) },
    shown: true,
  },
  financial_aid: plainText('Financial aid', 'Financial aid', 2000, 'program', true),
  clinical_approach: plainText('Clinical approach', 'Clinical approach', 2000, 'treatment', true),
  program_highlights: {
    label: 'Program highlights',
    tab: 'basic',
    kind: 'list',
    schema: highlights,
    shown: true,
  },
  team_composition: plainText('Team composition', 'Team composition', 2000, 'treatment', true),
  // Treatment
  erp_hours_per_week: ranged('erp_hours_per_week', FIDELITY_LABELS.erpHoursPerWeek, 'treatment'),
  individual_sessions_per_week: ranged(
    'individual_sessions_per_week',
    FIDELITY_LABELS.individualSessionsPerWeek,
    'treatment',
  ),
  specialised_clinicians_percent: ranged(
    'specialised_clinicians_percent',
    FIDELITY_LABELS.specialisedCliniciansPercent,
    'treatment',
  ),
  outcome_measure: {
    label: 'Outcome measure',
    tab: 'treatment',
    kind: 'text',
    schema: optionalChoice('Outcome measure', OUTCOME_MEASURES, M.outcomeMeasure),
    shown: true,
  },
  // "From admission to discharge, the median score fell by / rose by / did not change, by N points."
  score_direction: {
    label: 'Median score from intake to discharge',
    tab: 'treatment',
    kind: 'text',
    schema: optionalChoice('Score direction', SCORE_DIRECTIONS, OUTCOME_MESSAGES.scoreDirection),
    shown: true,
  },
  score_points: ranged('score_points', 'Median score change (points)', 'treatment'),
  score_change_year: ranged('score_change_year', 'Year of the outcome figures', 'treatment'),
  score_change_sample: ranged('score_change_sample', 'Patients in the outcome figures', 'treatment'),
  family_sessions_per_week: ranged(
    'family_sessions_per_week',
    FIDELITY_LABELS.familySessionsPerWeek,
    'treatment',
  ),
  family_accommodation_work: {
    label: FIDELITY_LABELS.familyAccommodationWork,
    tab: 'treatment',
    kind: 'boolean',
    schema: z
      .boolean({ error: M.familyAccommodationWork })
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    shown: true,
  },
  // Youth safety: what a parent of a minor needs to know (docs/product-rules.md#program-profiles).
  license_number: plainText(`${YOUTH_SAFETY_LABELS.license} number`, 'License number', 100, 'youth'),
  license_agency: plainText(
    `${YOUTH_SAFETY_LABELS.license} issuing agency`,
    'Licensing agency',
    200,
    'youth',
  ),
  restraint_policy: plainText(
    YOUTH_SAFETY_LABELS.restraintSeclusionPolicy,
    'Restraint and seclusion policy',
    2000,
    'youth',
    true,
  ),
  parent_contact_policy: plainText(
    YOUTH_SAFETY_LABELS.parentContactPolicy,
    'Parent contact policy',
    2000,
    'youth',
    true,
  ),
  schooling: plainText(YOUTH_SAFETY_LABELS.schooling, 'Schooling', 2000, 'youth', true),
  transport_escort: plainText(
    YOUTH_SAFETY_LABELS.transportEscort,
    'Transport and escort services',
    2000,
    'youth',
    true,
  ),
  // Media
  logo_url: {
    draftKey: 'logo',
    label: 'Logo',
    tab: 'media',
    kind: 'file',
    schema: uploadRef(M.logoRef),
    shown: true,
  },
  images: { label: 'Photos', tab: 'media', kind: 'list', schema: images, shown: false },
  // Credentials
  accreditations: {
    label: 'Accreditations',
    tab: 'credentials',
    kind: 'set',
    schema: choices('Accreditations', ACCREDITATIONS),
    shown: true,
  },
  license_url: {
    draftKey: 'license',
    label: 'License document',
    tab: 'credentials',
    kind: 'file',
    schema: uploadRef(M.licenseRef),
    shown: false,
  },
} as const satisfies Record<string, Omit<ListingFieldSpec, 'draftKey'> & { draftKey?: string }>;

/** A listing column the builder fills in. */
export type ListingField = keyof typeof LISTING_FIELD_REGISTRY;

type Registry = typeof LISTING_FIELD_REGISTRY;
/** The submission body's shape, field by field (what `listingSchema` is made of). */
export type ListingFieldShape = { [K in ListingField]: Registry[K]['schema'] };
/** Save Draft's shape: the submission's, with the draft pieces of the required fields. */
export type ListingDraftFieldShape = {
  [K in ListingField]: Registry[K] extends { draftSchema: infer D } ? D : Registry[K]['schema'];
};
/** A listing's field values as the body schema gives them (trimmed, blanks as null). */
export type ListingFieldValues = { [K in ListingField]: z.output<Registry[K]['schema']> };

/** Every field with its column and its builder name, in the builder's order. */
export const LISTING_FIELDS: readonly (ListingFieldSpec & { field: ListingField })[] = (
  Object.entries(LISTING_FIELD_REGISTRY) as [
    ListingField,
    Omit<ListingFieldSpec, 'draftKey'> & { draftKey?: string },
  ][]
).map(([field, spec]) => ({ ...spec, field, draftKey: spec.draftKey ?? camel(field) }));

/** A field the published program reads. */
export type ShownField = { [K in ListingField]: Registry[K]['shown'] extends true ? K : never }[ListingField];

/** The columns the published program reads (`listingToProgram`), in the builder's order. */
export const SHOWN_FIELDS = LISTING_FIELDS.filter((f) => f.shown).map((f) => f.field as ShownField);

/**
 * The program highlights a listing's fields make, in the builder's order: "Capacity: 24 beds",
 * "Staff-to-client ratio: 1:3"; a blank value makes none.
 */
export function fieldHighlights(listing: Partial<Record<ListingField, unknown>>): string[] {
  return LISTING_FIELDS.flatMap((f) => {
    const value = listing[f.field];
    if (!f.highlight || (typeof value !== 'string' && typeof value !== 'number')) return [];
    const shown = String(value).trim();
    return shown === '' || shown === '0' ? [] : [`${f.highlight.before}${shown}${f.highlight.after ?? ''}`];
  });
}

/** `center_name` → `centerName`, as a type. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

/** A plain text field (`plain: true`). */
export type PlainTextField = {
  [K in ListingField]: Registry[K] extends { plain: true } ? K : never;
}[ListingField];
/** The builder's names of the plain text fields. */
export type PlainTextDraftKey = Camel<PlainTextField>;

/** The plain text fields: column and builder name, in the builder's order. */
export const PLAIN_TEXT_FIELDS = LISTING_FIELDS.filter((f) => f.plain).map(
  (f) => [f.field as PlainTextField, f.draftKey as PlainTextDraftKey] as const,
);

/** The columns in the builder's order. */
export const LISTING_FIELD_NAMES = LISTING_FIELDS.map((f) => f.field);

/** The submission body's zod shape. */
export function listingFieldShape(draft: boolean): ListingFieldShape | ListingDraftFieldShape {
  return Object.fromEntries(
    LISTING_FIELDS.map((f) => [f.field, draft && f.draftSchema ? f.draftSchema : f.schema]),
  ) as ListingFieldShape;
}

/** The field whose builder name is `draftKey`, if any. */
export function fieldOfDraftKey(draftKey: string): ListingSpecEntry | undefined {
  return LISTING_FIELDS.find((f) => f.draftKey === draftKey);
}
type ListingSpecEntry = ListingFieldSpec & { field: ListingField };

/** True when a value is "not given": blank text, null, or an empty list. */
export function isBlankValue(value: unknown): boolean {
  return Array.isArray(value) ? value.length === 0 : blank(value);
}
