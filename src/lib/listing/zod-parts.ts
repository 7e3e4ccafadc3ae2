/**
 * The zod pieces listing fields are declared with (src/lib/listing/fields.ts) and the provider
 * API's other bodies reuse (src/lib/provider-schemas.ts): trimmed text on the rules of
 * `text-rules.ts`, optional choices from the vocabulary, numbers inside their range, file
 * references. Messages are the forms' own, so a field error can be shown as is.
 */
import { z } from 'zod';
import { bidiMessage, hasBidiControl, hasControlCharacter, hasLoneSurrogate, MESSAGES } from '../schemas.ts';
import { inRange, LISTING_RANGES, rangeMessage, type RangedField } from '../listing-ranges.ts';
import { LISTING_FIELD_MESSAGES, PROVIDER_MESSAGES as RULE_MESSAGES } from '../provider-rules.ts';
import { codePointLength, EMAIL_MAX_LENGTH, hasVisibleText, isEmail } from '../text-rules.ts';

const missingRequired = RULE_MESSAGES.missingRequiredInformation;

/**
 * The outcome questions' messages: "From admission to discharge, the median score fell by / rose
 * by / did not change, by N points", with the year and the number of patients — all four or none.
 */
export const OUTCOME_MESSAGES = {
  scoreDirection: 'Choose whether the median score fell, rose or did not change.',
  outcomeIncomplete:
    'An outcome needs all four answers: whether the median score fell, rose or did not change, by how many points, the year of the figures and the number of patients. Fill in the rest, or clear all four.',
  scorePointsNotZero:
    'A score that fell or rose moved by more than 0 points. If it stayed the same, choose "did not change".',
  scorePointsUnchanged:
    'A score that did not change moved by 0 points. To give a number of points, choose "fell by" or "rose by".',
  outcomeMeasureForChange: 'Choose the outcome measure these figures come from: Y-BOCS or CY-BOCS.',
} as const;

/** The listing body's own messages (part of `PROVIDER_MESSAGES` in provider-schemas.ts). */
export const LISTING_BODY_MESSAGES = {
  invalidEmail: MESSAGES.invalidEmail,
  invalidPhone: MESSAGES.invalidPhone,
  /** Submit for Review: the same text as `listingSubmitErrors` in provider-rules.ts. */
  listingMissing: `${missingRequired.title}: ${missingRequired.description}`,
  ...LISTING_FIELD_MESSAGES,
  logoRef: 'Logo must be a logo you uploaded (/api/provider/uploads/<id>): please upload the logo again.',
  licenseRef:
    'License must be a license file you uploaded (/api/provider/uploads/<id>): please upload the license again.',
  imageRef:
    'Each image must be an http(s) web address or an image you uploaded (/api/provider/uploads/<id>).',
  imagesTooMany: 'Please add at most 20 images.',
  highlightsTooMany: 'Add at most 8 highlights.',
} as const;

export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;

/** Trimmed text with no controls, no broken Unicode, (if `missing` is set) visible text, at most `max` code points. */
export function text(label: string, max: number, missing?: string, multiline = false) {
  const base = z
    .string({ error: missing ?? `${label} must be text.` })
    .trim()
    .refine((v) => !hasControlCharacter(v, multiline), {
      error: `${label} must not contain control characters.`,
      abort: true,
    })
    .refine((v) => !hasLoneSurrogate(v), {
      error: `${label} contains text that is not valid Unicode.`,
      abort: true,
    })
    .refine((v) => !hasBidiControl(v), { error: bidiMessage(label), abort: true });
  return (missing === undefined ? base : base.refine(hasVisibleText, { error: missing, abort: true })).refine(
    (v) => codePointLength(v) <= max,
    { error: tooLong(label, max), abort: true },
  );
}

/** An uploaded file's address as the API answers it in `upload.url`. */
export const UPLOAD_URL_PATTERN =
  /^\/api\/provider\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Optional text: blank (or null) becomes null, so "cleared" and "never filled" are stored alike. */
export function optionalText(label: string, max: number, multiline = false) {
  return text(label, max, undefined, multiline)
    .nullable()
    .optional()
    .transform((v) => (v !== null && v !== undefined && hasVisibleText(v) ? v : null));
}

/** Optional e-mail: blank or null is null, anything else must be an address. */
export function optionalEmail(label: string) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || codePointLength(v) <= EMAIL_MAX_LENGTH, {
      error: tooLong(label, EMAIL_MAX_LENGTH),
      abort: true,
    })
    .refine((v) => v === null || isEmail(v), { error: LISTING_BODY_MESSAGES.invalidEmail });
}

/** An optional choice of `options`: null or a blank string is "not chosen"; `message` replaces the default one. */
export function optionalChoice<const T extends readonly [string, ...string[]]>(
  label: string,
  options: T,
  message = `${label} must be one of: ${options.join(', ')}.`,
) {
  return z
    .union([z.enum(options), z.literal(''), z.null()], { error: message })
    .optional()
    .transform((v): T[number] | null => (v ? v : null));
}

/** A multiple choice of `options`: each at most once (repeats are dropped), in the order sent. */
export function choices<const T extends readonly [string, ...string[]]>(label: string, options: T) {
  const message = `${label} must be a list of: ${options.join(', ')}.`;
  return z
    .array(z.enum(options, { error: message }), { error: message })
    .max(50, { error: message })
    .optional()
    .transform((v): T[number][] => [...new Set(v ?? [])]);
}

/** A file reference: null, blank, or `/api/provider/uploads/<uuid>` (ownership is checked by the API). */
export function uploadRef(message: string) {
  return z
    .union([z.string().trim(), z.null()], { error: message })
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || UPLOAD_URL_PATTERN.test(v), { error: message });
}

/**
 * The message for a number outside its range (src/lib/listing-ranges.ts), naming the range and
 * the unit, and the step when it is not a whole number.
 *
 * @example listingRangeMessage('erp_hours_per_week') // 'Enter a number from 0 to 80 hours per week, in steps of 0.5 (e.g. 12.5).'
 */
export function listingRangeMessage(field: RangedField, now = new Date()): string {
  const message = rangeMessage(field, now);
  const { step } = LISTING_RANGES[field];
  return step === 1 ? message : `${message.replace(/\.$/, '')}, in steps of ${String(step)} (e.g. 12.5).`;
}

/**
 * An optional number with a range (`LISTING_RANGES`): null or left out is "not stated"; otherwise
 * a number inside the range and on its step, else the range's message. Checked with today's date,
 * so the outcome year ends at this year.
 */
export function rangedNumber(field: RangedField) {
  const error = () => listingRangeMessage(field);
  return z
    .number({ error })
    .refine((v) => inRange(field, v), { error })
    .nullable()
    .optional()
    .transform((v) => (v === null || v === undefined ? null : v));
}

/** Required listing text: missing, not text, or blank → "Missing Required Information". */
export function requiredListingText(label: string, max: number, multiline = false) {
  return text(label, max, LISTING_BODY_MESSAGES.listingMissing, multiline);
}

/** A draft's text that a submission requires: checked when given, '' when blank or left out. */
export function draftText(label: string, max: number, multiline = false) {
  return optionalText(label, max, multiline).transform((v) => v ?? '');
}
