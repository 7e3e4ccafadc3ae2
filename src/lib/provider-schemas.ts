/**
 * Request-body schemas of the provider API (`/api/providers`, `/api/provider/*`), shared with the
 * registration form and the provider dashboard. Framework-free zod on the text rules of
 * `text-rules.ts`; messages follow the spec's catalogue (§5, §8) where it has one, so a field
 * error can be shown as is.
 */
import { z } from 'zod';
import { hasControlCharacter, hasLoneSurrogate, hasPhoneDigits, MESSAGES } from './schemas.ts';
import { codePointLength, EMAIL_MAX_LENGTH, hasVisibleText, isEmail } from './text-rules.ts';
import { INQUIRY_STATUSES } from './vocabulary.ts';

export const PROVIDER_MESSAGES = {
  organizationMissing: 'Missing Information: Please fill in your organization name.',
  contactMissing: 'Missing Information: Please fill in the contact name.',
  emailMissing: 'Missing Information: Please fill in your email address.',
  invalidEmail: MESSAGES.invalidEmail,
  invalidPhone: MESSAGES.invalidPhone,
  documentsMissing: 'Missing Documents: Please list at least one document.',
  documentsTooMany: 'Please list at most 50 documents.',
  inquiryStatus: `Status must be one of: ${INQUIRY_STATUSES.join(', ')}.`,
} as const;

/** Most documents a verification request may list (`provider_verification_requests_documents_check`). */
export const MAX_DOCUMENTS = 50;
/** Longest document entry (a name or a short description of the document). */
export const MAX_DOCUMENT_LENGTH = 500;

const bodyObject = {
  error: (issue: { code: string }) =>
    issue.code === 'invalid_type' ? 'The body must be a JSON object.' : undefined,
};

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;

/** Trimmed text with no controls, no broken Unicode, (if `missing` is set) visible text, at most `max` code points. */
function text(label: string, max: number, missing?: string) {
  const base = z
    .string({ error: missing ?? `${label} must be text.` })
    .trim()
    .refine((v) => !hasControlCharacter(v), {
      error: `${label} must not contain control characters.`,
      abort: true,
    })
    .refine((v) => !hasLoneSurrogate(v), {
      error: `${label} contains text that is not valid Unicode.`,
      abort: true,
    });
  return (missing === undefined ? base : base.refine(hasVisibleText, { error: missing, abort: true })).refine(
    (v) => codePointLength(v) <= max,
    { error: tooLong(label, max), abort: true },
  );
}

/**
 * `POST /api/providers` body: the registration's organization name, contact name and e-mail
 * (required, spec §5 "Missing Information"), and an optional phone. All trimmed. Plan, status,
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
 * remain (spec §5 "Missing Documents").
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
