/**
 * Request-body schemas of the provider API (`/api/providers`, `/api/provider/*`), shared with the
 * registration form and the provider dashboard. Framework-free zod on the text rules of
 * `text-rules.ts`; messages are the forms' own (docs/product-rules.md#messages-people-see), so a
 * field error can be shown as is.
 */
import { z } from 'zod';
import {
  bidiMessage,
  hasBidiControl,
  hasControlCharacter,
  hasLoneSurrogate,
  hasPhoneDigits,
  bodyObject,
} from './schemas.ts';
import { AVAILABILITY_STATUSES } from './availability.ts';
import { SCORE_DIRECTIONS } from './fidelity.ts';
import { AVAILABILITY_MESSAGES, WAIT_WEEKS_RANGE } from './provider-rules.ts';
import { codePointLength, EMAIL_MAX_LENGTH, hasVisibleText, isEmail, isWebAddress } from './text-rules.ts';
import { INQUIRY_STATUSES } from './vocabulary.ts';
import { listingFieldShape, type ListingDraftFieldShape, type ListingFieldShape } from './listing/fields.ts';
import {
  LISTING_BODY_MESSAGES,
  optionalEmail,
  optionalText,
  OUTCOME_MESSAGES,
  text,
  tooLong,
  UPLOAD_URL_PATTERN,
} from './listing/zod-parts.ts';

export { AVAILABILITY_MESSAGES, WAIT_WEEKS_RANGE };
export { OUTCOME_MESSAGES, UPLOAD_URL_PATTERN };
export { listingRangeMessage } from './listing/zod-parts.ts';
export { MAX_HIGHLIGHT_LENGTH, MAX_HIGHLIGHTS, MAX_LISTING_IMAGES } from './listing/fields.ts';

export const PROVIDER_MESSAGES = {
  organizationMissing: 'Missing Information: Please fill in your organization name.',
  contactMissing: 'Missing Information: Please fill in the contact name.',
  emailMissing: 'Missing Information: Please fill in your email address.',
  documentsMissing: 'Missing Documents: Please list at least one document.',
  documentsTooMany: 'Please list at most 50 documents.',
  inquiryStatus: `Status must be one of: ${INQUIRY_STATUSES.join(', ')}.`,
  /** Creating a listing with no provider profile. */
  providerNotFound:
    'Provider not found: please complete your provider registration before creating a listing.',
  listingNotFound: 'This listing was not found among your listings.',
  ...LISTING_BODY_MESSAGES,
  nothingToUpdate: 'Send at least one field to change.',
  ...OUTCOME_MESSAGES,
  draftFlag: 'draft must be true (save a draft) or false (submit for review).',
} as const;

/** Most documents a verification request may list (`provider_verification_requests_documents_check`). */
export const MAX_DOCUMENTS = 50;
/** Longest document entry (a name or a short description of the document). */
export const MAX_DOCUMENT_LENGTH = 500;

/**
 * `POST /api/providers` body: the registration's organization name, contact name and e-mail
 * (required, "Missing Information"), and an optional phone. All trimmed. Plan, status,
 * trial and verification fields are not part of it: the database sets them (column grants).
 */
export const providerProfileSchema = z.strictObject(
  {
    organization_name: text('Organization name', 200, PROVIDER_MESSAGES.organizationMissing),
    contact_name: text('Contact name', 200, PROVIDER_MESSAGES.contactMissing),
    email: z
      .string({ error: PROVIDER_MESSAGES.emailMissing })
      .trim()
      .refine((v) => v !== '', { error: PROVIDER_MESSAGES.emailMissing, abort: true })
      .refine((v) => codePointLength(v) <= EMAIL_MAX_LENGTH, {
        error: tooLong('Email', EMAIL_MAX_LENGTH),
        abort: true,
      })
      .refine(isEmail, { error: PROVIDER_MESSAGES.invalidEmail, abort: true }),
    phone: text('Phone', 40)
      .optional()
      .nullable()
      .transform((v) => (v && hasVisibleText(v) ? v : undefined))
      .refine((v) => v === undefined || hasPhoneDigits(v), { error: PROVIDER_MESSAGES.invalidPhone }),
  },
  bodyObject,
);
export type ProviderProfileInput = z.infer<typeof providerProfileSchema>;

/** `PATCH /api/provider/inquiries/:id` body. */
export const inquiryStatusSchema = z.strictObject(
  { status: z.enum(INQUIRY_STATUSES, { error: PROVIDER_MESSAGES.inquiryStatus }) },
  bodyObject,
);
export type InquiryStatusInput = z.infer<typeof inquiryStatusSchema>;

/**
 * `POST /api/provider/verification-requests` body: the documents as a list of names. Entries are
 * trimmed and blank ones dropped (the dashboard's list may hold an empty row); at least one must
 * remain ("Missing Documents").
 */
export const verificationRequestSchema = z.strictObject(
  {
    documents: z
      .array(
        z
          .string({ error: 'Each document must be text.' })
          .trim()
          .refine((v) => !hasControlCharacter(v), {
            error: 'A document must not contain control characters.',
            abort: true,
          })
          .refine((v) => !hasLoneSurrogate(v), {
            error: 'A document contains text that is not valid Unicode.',
            abort: true,
          })
          .refine((v) => !hasBidiControl(v), { error: bidiMessage('A document'), abort: true })
          .refine((v) => codePointLength(v) <= MAX_DOCUMENT_LENGTH, {
            error: tooLong('A document', MAX_DOCUMENT_LENGTH),
            abort: true,
          }),
        { error: PROVIDER_MESSAGES.documentsMissing },
      )
      .max(MAX_DOCUMENTS, PROVIDER_MESSAGES.documentsTooMany)
      .transform((docs) => docs.filter(hasVisibleText))
      .refine((docs) => docs.length > 0, { error: PROVIDER_MESSAGES.documentsMissing }),
  },
  bodyObject,
);
export type VerificationRequestInput = z.infer<typeof verificationRequestSchema>;

/** An inquiry id in the path: a UUID (anything else cannot be one of the provider's inquiries). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---- Listings (docs/product-rules.md#listings-and-review) -----------------------------------------

/** The upload id of `/api/provider/uploads/<id>`, or null for any other value. */
export function uploadIdOf(url: string | null | undefined): string | null {
  return UPLOAD_URL_PATTERN.exec(url ?? '')?.[1] ?? null;
}

/**
 * The fields of a listing, from the registry (src/lib/listing/fields.ts); `draft` relaxes the
 * three a submission requires (each still checked when given).
 */
function listingShape(draft: false): ListingFieldShape;
function listingShape(draft: true): ListingDraftFieldShape;
function listingShape(draft: boolean): ListingFieldShape | ListingDraftFieldShape {
  return listingFieldShape(draft);
}

type OutcomeFields = {
  outcome_measure: string | null;
  score_direction: (typeof SCORE_DIRECTIONS)[number] | null;
  score_points: number | null;
  score_change_year: number | null;
  score_change_sample: number | null;
};

const OUTCOME_PARTS = [
  'score_direction',
  'score_points',
  'score_change_year',
  'score_change_sample',
] as const;

/**
 * The outcome is one statement: all four answers or none ("did not change" needs no points: it
 * is 0), points that agree with the direction, and a Y-BOCS or CY-BOCS measure to read them on.
 */
function checkOutcome(v: OutcomeFields, ctx: z.RefinementCtx): void {
  const points = v.score_direction === 'unchanged' && v.score_points === null ? 0 : v.score_points;
  const parts = { ...v, score_points: points };
  const given = OUTCOME_PARTS.filter((k) => parts[k] !== null);
  if (given.length === 0) return;
  for (const k of OUTCOME_PARTS) {
    if (parts[k] === null)
      ctx.addIssue({ code: 'custom', path: [k], message: OUTCOME_MESSAGES.outcomeIncomplete });
  }
  if ((v.score_direction === 'fell' || v.score_direction === 'rose') && points === 0) {
    ctx.addIssue({ code: 'custom', path: ['score_points'], message: OUTCOME_MESSAGES.scorePointsNotZero });
  }
  if (v.score_direction === 'unchanged' && points !== 0) {
    ctx.addIssue({ code: 'custom', path: ['score_points'], message: OUTCOME_MESSAGES.scorePointsUnchanged });
  }
  if (v.outcome_measure !== 'Y-BOCS' && v.outcome_measure !== 'CY-BOCS') {
    ctx.addIssue({
      code: 'custom',
      path: ['outcome_measure'],
      message: OUTCOME_MESSAGES.outcomeMeasureForChange,
    });
  }
}

/** "Did not change" is 0 points, whether or not the body said so. */
function withUnchangedPoints<T extends OutcomeFields>(v: T): T {
  return v.score_direction === 'unchanged' && v.score_points === null ? { ...v, score_points: 0 } : v;
}

/**
 * `POST /api/provider/listings` and `PUT /api/provider/listings/:id` body: the listing builder's
 * fields in snake_case, submitted for review. Center name, description and phone are required (the
 * same rule as `listingSubmitErrors`); every other field may be left out, null or blank. Options
 * are the vocabulary's lists and numbers the ranges of src/lib/listing-ranges.ts, which the
 * database's checks repeat. Status and review fields are not part of it: a submitted listing is
 * always `pending`. `draft: true` is `listingDraftSchema`'s.
 */
export const listingSchema = z
  .strictObject(
    {
      draft: z.literal(false, { error: PROVIDER_MESSAGES.draftFlag }).optional(),
      ...listingShape(false),
    },
    bodyObject,
  )
  .superRefine(checkOutcome)
  .transform(withUnchangedPoints);
export type ListingInput = z.infer<typeof listingSchema>;

/**
 * Save Draft's body (`draft: true`): the same fields, none required, every given value checked
 * as a submission's is (a draft can hold nothing the database or a later submission would refuse).
 */
export const listingDraftSchema = z
  .strictObject(
    {
      draft: z.literal(true, { error: PROVIDER_MESSAGES.draftFlag }),
      ...listingShape(true),
    },
    bodyObject,
  )
  .superRefine(checkOutcome)
  .transform(withUnchangedPoints);
export type ListingDraftInput = z.infer<typeof listingDraftSchema>;
/** Save Draft's request body (`POST /api/provider/listings`, `PUT /api/provider/listings/:id`). */
export type ListingDraftBody = z.input<typeof listingDraftSchema>;

/** The body's schema: a draft when it says `draft: true`, else a submission. */
export function listingBodySchema(body: unknown): typeof listingSchema | typeof listingDraftSchema {
  return typeof body === 'object' && body !== null && (body as { draft?: unknown }).draft === true
    ? listingDraftSchema
    : listingSchema;
}

// ---- Availability: `PUT /api/provider/listings/:id/availability` --------------------------------

/**
 * The availability body: a status, and for a wait list optionally the expected wait in whole weeks.
 * Sending the same status again is the provider's "Still accurate" (the database dates it).
 */
export const availabilitySchema = z
  .strictObject(
    {
      status: z.enum(AVAILABILITY_STATUSES, { error: AVAILABILITY_MESSAGES.status }),
      wait_weeks: z
        .number({ error: AVAILABILITY_MESSAGES.waitWeeks })
        .int({ error: AVAILABILITY_MESSAGES.waitWeeks })
        .min(WAIT_WEEKS_RANGE.min, { error: AVAILABILITY_MESSAGES.waitWeeks })
        .max(WAIT_WEEKS_RANGE.max, { error: AVAILABILITY_MESSAGES.waitWeeks })
        .nullable()
        .optional()
        .transform((v) => v ?? null),
    },
    bodyObject,
  )
  .superRefine((v, ctx) => {
    if (v.wait_weeks !== null && v.status !== 'waitlist') {
      ctx.addIssue({
        code: 'custom',
        path: ['wait_weeks'],
        message: AVAILABILITY_MESSAGES.waitWeeksOnlyWaitlist,
      });
    }
  });
export type AvailabilityInput = z.infer<typeof availabilitySchema>;

// ---- Provider profile and contact settings (the dashboard's Contact Settings tab) -----------------

/**
 * `PATCH /api/provider/profile` body: any of the profile fields the provider may edit, and the
 * contact settings (where inquiries are e-mailed, which phone families are shown). Every field
 * is optional, at least one must be sent. Organization name, contact name and e-mail may not be
 * cleared; the others are cleared with null or a blank string.
 */
export const providerUpdateSchema = z
  .strictObject(
    {
      organization_name: text('Organization name', 200, PROVIDER_MESSAGES.organizationMissing).optional(),
      contact_name: text('Contact name', 200, PROVIDER_MESSAGES.contactMissing).optional(),
      email: z
        .string({ error: PROVIDER_MESSAGES.emailMissing })
        .trim()
        .refine((v) => v !== '', { error: PROVIDER_MESSAGES.emailMissing, abort: true })
        .refine((v) => codePointLength(v) <= EMAIL_MAX_LENGTH, {
          error: tooLong('Email', EMAIL_MAX_LENGTH),
          abort: true,
        })
        .refine(isEmail, { error: PROVIDER_MESSAGES.invalidEmail, abort: true })
        .optional(),
      // `.optional()` last: a key that is not sent stays out of the result (nothing changes).
      phone: optionalText('Phone', 40)
        .refine((v) => v === null || hasPhoneDigits(v), { error: PROVIDER_MESSAGES.invalidPhone })
        .optional(),
      website: optionalText('Website', 500)
        .refine((v) => v === null || isWebAddress(v), { error: PROVIDER_MESSAGES.invalidWebsite })
        .optional(),
      description: optionalText('Description', 5000, true).optional(),
      location: optionalText('Location', 200).optional(),
      state: optionalText('State', 100).optional(),
      inquiry_email: optionalEmail('Inquiry email').optional(),
      inquiry_phone: optionalText('Inquiry phone', 40)
        .refine((v) => v === null || hasPhoneDigits(v), { error: PROVIDER_MESSAGES.invalidPhone })
        .optional(),
    },
    bodyObject,
  )
  .refine((v) => Object.keys(v).length > 0, { error: PROVIDER_MESSAGES.nothingToUpdate });
export type ProviderUpdateInput = z.infer<typeof providerUpdateSchema>;

// ---- Uploads (`POST /api/provider/uploads`) ---------------------------------------------------------

export const UPLOAD_KINDS = ['logo', 'license'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** Largest file accepted: 5 MB (`provider_uploads_size_bytes_check`). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The content types each kind accepts: a logo is an image; a license a PDF or an image. */
export const UPLOAD_TYPES = {
  logo: ['image/png', 'image/jpeg', 'image/webp'],
  license: ['application/pdf', 'image/png', 'image/jpeg'],
} as const satisfies Record<UploadKind, readonly string[]>;
export type UploadContentType = (typeof UPLOAD_TYPES)[UploadKind][number];

export const UPLOAD_MESSAGES = {
  notMultipart: 'Send the file as multipart/form-data with the fields "kind" and "file".',
  unreadable: 'The upload could not be read. Please choose the file again.',
  kind: 'Kind must be "logo" or "license".',
  fileMissing: 'Attach exactly one file in the "file" field.',
  extraField: 'Send only the fields "kind" and "file".',
  empty: 'The file is empty. Please choose another file.',
  tooLarge: 'The file is larger than 5 MB. Please upload a smaller file.',
  logoType: 'A logo must be a PNG, JPEG or WebP image.',
  licenseType: 'A license must be a PDF, PNG or JPEG file.',
  contentMismatch:
    "The file's content does not match its type: it is not a real PNG, JPEG, WebP or PDF file. Please upload the original file.",
  notFound: 'This file was not found.',
  bidiName:
    'The file name contains direction-override characters, which can disguise its type. Please rename the file and upload it again.',
} as const;

/**
 * The type a file's first bytes show: PNG `89 50 4E 47 0D 0A 1A 0A`, JPEG `FF D8 FF`, WebP
 * `RIFF····WEBP`, PDF `%PDF-`; null for anything else (an executable, a text file…).
 */
export function sniffContentType(bytes: Uint8Array): UploadContentType | null {
  const starts = (sig: readonly number[], at = 0) =>
    bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}
