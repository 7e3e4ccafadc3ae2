/**
 * Request-body schemas shared by the forms (client-side checks) and the functions (the real
 * checks). Messages follow the spec's catalogue, so a field error can be shown as is.
 */
import { z } from 'zod';
import { ENGAGEMENT_EVENT_TYPES, ENGAGEMENT_MAX_EVENTS_PER_REQUEST, INQUIRY_TYPES } from './vocabulary.ts';

/** The spec's "simple pattern": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  invalidEmail: 'Invalid Email: Please enter a valid email address.',
  inquiryMissing: 'Missing Required Fields: Please fill in your name and email address.',
  contactName: 'Please fill in your name.',
  contactEmail: 'Please fill in your email address.',
  contactSubject: 'Please fill in a subject.',
  contactMessage: 'Please fill in your message.',
  engagementEmpty: 'Send at least one event.',
  engagementTooMany: `Send at most ${ENGAGEMENT_MAX_EVENTS_PER_REQUEST} events per request.`,
  eventType: `Event type must be one of: ${ENGAGEMENT_EVENT_TYPES.join(', ')}.`,
  programId: 'Program id is missing.',
  unknownProgram: 'Unknown program.',
} as const;

/** A body that is valid JSON but not an object (e.g. an array) gets a plain message. */
const bodyObject = {
  error: (issue: { code: string }) =>
    issue.code === 'invalid_type' ? 'The body must be a JSON object.' : undefined,
};

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;

/** A required text field: trimmed, non-empty, bounded. Also rejects a missing or non-text value. */
function required(missing: string, label: string, max: number) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, tooLong(label, max));
}

/** An optional text field: blank becomes undefined, so the database stores null. */
function optional(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, tooLong(label, max))
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));
}

function email(missing: string) {
  return required(missing, 'Email', 320).regex(EMAIL_PATTERN, MESSAGES.invalidEmail);
}

// ---- Engagement ----

export const engagementEventSchema = z.strictObject({
  program_id: z
    .string({ error: MESSAGES.programId })
    .trim()
    .min(1, MESSAGES.programId)
    .max(200, tooLong('Program id', 200)),
  event_type: z.enum(ENGAGEMENT_EVENT_TYPES, { error: MESSAGES.eventType }),
});
export type EngagementEvent = z.infer<typeof engagementEventSchema>;

/** `POST /api/engagement` body. Program ids are checked against the program index by the function. */
export const engagementBatchSchema = z.strictObject(
  {
    events: z
      .array(engagementEventSchema, { error: 'events must be a list of events.' })
      .min(1, MESSAGES.engagementEmpty)
      .max(ENGAGEMENT_MAX_EVENTS_PER_REQUEST, MESSAGES.engagementTooMany),
  },
  bodyObject,
);
export type EngagementBatch = z.infer<typeof engagementBatchSchema>;

// ---- Contact page ----

/** `POST /api/contact` body: name, email, subject and message required (spec §5); phone optional. */
export const contactMessageSchema = z.strictObject(
  {
    name: required(MESSAGES.contactName, 'Name', 200),
    email: email(MESSAGES.contactEmail),
    phone: optional('Phone', 40),
    subject: required(MESSAGES.contactSubject, 'Subject', 200),
    message: required(MESSAGES.contactMessage, 'Message', 5000),
  },
  bodyObject,
);
export type ContactMessage = z.infer<typeof contactMessageSchema>;

// ---- Inquiries (request info / request a call) ----

/** `POST /api/inquiries` body: name and e-mail required; phone and message optional. */
export const inquirySchema = z.strictObject(
  {
    program_id: z
      .string({ error: MESSAGES.programId })
      .trim()
      .min(1, MESSAGES.programId)
      .max(200, tooLong('Program id', 200)),
    type: z.enum(INQUIRY_TYPES, { error: `Type must be one of: ${INQUIRY_TYPES.join(', ')}.` }),
    name: required(MESSAGES.inquiryMissing, 'Name', 200),
    email: email(MESSAGES.inquiryMissing),
    phone: optional('Phone', 40),
    message: optional('Message', 5000),
  },
  bodyObject,
);
export type Inquiry = z.infer<typeof inquirySchema>;
