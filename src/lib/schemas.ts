/**
 * Request-body schemas shared by the forms (client-side checks) and the functions (the real
 * checks). Messages are the ones the forms show ("Title: sentence"), so a field error can be
 * shown as is (docs/product-rules.md#messages-people-see).
 */
import { z } from 'zod';
import { ENGAGEMENT_EVENT_TYPES, ENGAGEMENT_MAX_EVENTS_PER_REQUEST, INQUIRY_TYPES } from './vocabulary.ts';

import { codePointLength, EMAIL_MAX_LENGTH, hasVisibleText, isEmail } from './text-rules.ts';

// No compiled validators: zod's probe for them (`new Function('')`, caught) is still reported as a
// Content-Security-Policy violation on pages whose forms validate in the browser (/contact).
z.config({ jitless: true });

export {
  codePointLength,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  EMAIL_PATTERN_SQL,
  hasVisibleText,
  INVISIBLE_RANGES,
  isEmail,
} from './text-rules.ts';

// C0/C1 controls and DEL; multi-line text may keep tab, line feed and carriage return (a
// textarea posts CRLF line breaks). One-line text also refuses the Unicode line and paragraph
// separators (U+2028, U+2029): browsers, e-mail clients and JavaScript treat them as line
// breaks, so a one-line title or name holding one would show as two lines.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const CONTROL_EXCEPT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;
// In a `u` regex a surrogate pair is one astral code point, so this matches lone halves only:
// text that cannot be encoded as UTF-8 (Postgres would store U+FFFD instead).
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * True when `value` holds a control character (tab and line breaks allowed if `multiline`); for
 * one-line text (`multiline` false) also U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR.
 */
export function hasControlCharacter(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value);
}

/** True when `value` holds half of a surrogate pair: not valid Unicode, not storable. */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

// Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make a name or a
// file name read differently from what it is ("exe.pdf" shown for "fdp.exe"), in pages and in
// e-mail subjects. The implicit marks U+200E/U+200F stay allowed: they only nudge neutral characters.
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;

/** True when `value` holds a direction embedding, override or isolate character. */
export function hasBidiControl(value: string): boolean {
  return BIDI_CONTROL.test(value);
}

/** The message for a field that holds a direction-override character. */
export const bidiMessage = (label: string) => `${label} must not contain direction-override characters.`;

export const MESSAGES = {
  invalidEmail: 'Invalid Email: Please enter a valid email address.',
  inquiryMissing: 'Missing Required Fields: Please fill in your name and email address.',
  callPhoneMissing: 'Missing Phone Number: Please add a phone number so the program can call you.',
  invalidPhone: 'Invalid Phone Number: Please enter a phone number with at least 7 digits.',
  honeypot: 'Your request could not be sent. Please reload the page and try again.',
  bestTimeCallOnly: 'A best time to call goes with a call request only.',
  contactName: 'Please fill in your name.',
  contactEmail: 'Please fill in your email address.',
  contactSubject: 'Please fill in a subject.',
  contactMessage: 'Please fill in your message.',
  engagementEmpty: 'Send at least one event.',
  engagementTooMany: `Send at most ${ENGAGEMENT_MAX_EVENTS_PER_REQUEST} events per request.`,
  eventType: `Event type must be one of: ${ENGAGEMENT_EVENT_TYPES.join(', ')}.`,
  programId: 'Program id is missing.',
  unknownProgram: 'Unknown program.',
  /** A program published from a listing that was unpublished or withdrawn. */
  programNoLongerListed: 'This program is no longer listed in the directory.',
  bodyObject: 'The body must be a JSON object.',
} as const;

/** A body that is valid JSON but not an object (e.g. an array) gets a plain message. */
export const bodyObject = {
  error: (issue: { code: string }) => (issue.code === 'invalid_type' ? MESSAGES.bodyObject : undefined),
};

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters.`;

interface TextRule {
  /** Shown when the field is missing, blank, or made only of invisible characters. */
  missing: string;
  label: string;
  max: number;
  /** Long text (a message) may contain tabs and line breaks; a name or subject may not. */
  multiline?: boolean;
}

/**
 * The checks every text field shares, after trimming. Each aborts, so a field reports one
 * problem, in this order: controls, broken Unicode, nothing visible, too long.
 */
function checkedText(schema: z.ZodString, rule: TextRule, requireVisible: boolean) {
  const refined = schema
    .refine((v) => !hasControlCharacter(v, rule.multiline), {
      error: `${rule.label} must not contain control characters.`,
      abort: true,
    })
    .refine((v) => !hasLoneSurrogate(v), {
      error: `${rule.label} contains text that is not valid Unicode.`,
      abort: true,
    })
    .refine((v) => !hasBidiControl(v), { error: bidiMessage(rule.label), abort: true });
  return (
    requireVisible ? refined.refine(hasVisibleText, { error: rule.missing, abort: true }) : refined
  ).refine((v) => codePointLength(v) <= rule.max, { error: tooLong(rule.label, rule.max), abort: true });
}

/** A required text field: trimmed, with visible text, bounded. Also rejects a missing or non-text value. */
function required(missing: string, label: string, max: number, multiline = false) {
  return checkedText(z.string({ error: missing }).trim(), { missing, label, max, multiline }, true);
}

/** An optional text field: blank (or only invisible characters) becomes undefined, so the database stores null. */
function optional(label: string, max: number, multiline = false) {
  return checkedText(
    z.string({ error: `${label} must be text.` }).trim(),
    { missing: '', label, max, multiline },
    false,
  )
    .optional()
    .nullable()
    .transform((v) => (v && hasVisibleText(v) ? v : undefined));
}

function email(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .refine((v) => v !== '', { error: missing, abort: true })
    .refine((v) => codePointLength(v) <= EMAIL_MAX_LENGTH, {
      error: tooLong('Email', EMAIL_MAX_LENGTH),
      abort: true,
    })
    .refine(isEmail, { error: MESSAGES.invalidEmail, abort: true });
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

/** `POST /api/contact` body: name, email, subject and message required; phone optional. */
export const contactMessageSchema = z.strictObject(
  {
    name: required(MESSAGES.contactName, 'Name', 200),
    email: email(MESSAGES.contactEmail),
    phone: optional('Phone', 40),
    subject: required(MESSAGES.contactSubject, 'Subject', 200),
    message: required(MESSAGES.contactMessage, 'Message', 5000, true),
  },
  bodyObject,
);
export type ContactMessage = z.infer<typeof contactMessageSchema>;

// ---- Inquiries (request info / request a call) ----

/** Digits a phone number needs at least (a local number without area code has 7). */
export const PHONE_MIN_DIGITS = 7;

/** True when `value` has at least PHONE_MIN_DIGITS digits; any punctuation and spacing is allowed. */
export function hasPhoneDigits(value: string): boolean {
  return (value.match(/\d/g) ?? []).length >= PHONE_MIN_DIGITS;
}

/**
 * The honeypot of the inquiry form: a field people never see or fill (hidden from sight and from
 * assistive technology); a script that fills every field fills it too.
 */
export const INQUIRY_HONEYPOT = 'fax';

/** Longest best time to call (`provider_inquiries.best_time_to_call`, the same check in the database). */
export const BEST_TIME_TO_CALL_MAX = 200;

/**
 * `POST /api/inquiries` body (docs/product-rules.md#requests): name and e-mail required, and a
 * phone for a call request; message optional; a call request may say the best time to call. Urgency is not part of it: the database derives it from `type`.
 */
export const inquirySchema = z
  .strictObject(
    {
      program_id: z
        .string({ error: MESSAGES.programId })
        .trim()
        .min(1, MESSAGES.programId)
        .max(200, tooLong('Program id', 200)),
      type: z.enum(INQUIRY_TYPES, { error: `Type must be one of: ${INQUIRY_TYPES.join(', ')}.` }),
      name: required(MESSAGES.inquiryMissing, 'Name', 200),
      email: email(MESSAGES.inquiryMissing),
      phone: optional('Phone', 40).refine((v) => v === undefined || hasPhoneDigits(v), {
        error: MESSAGES.invalidPhone,
      }),
      message: optional('Message', 5000, true),
      best_time_to_call: optional('Best time to call', BEST_TIME_TO_CALL_MAX),
      [INQUIRY_HONEYPOT]: z
        .unknown()
        .optional()
        .refine((v) => v === undefined || v === null || v === '', { error: MESSAGES.honeypot }),
    },
    bodyObject,
  )
  .superRefine((value, ctx) => {
    if (value.type === 'call' && value.phone === undefined)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.callPhoneMissing });
    if (value.type !== 'call' && value.best_time_to_call !== undefined)
      ctx.addIssue({ code: 'custom', path: ['best_time_to_call'], message: MESSAGES.bestTimeCallOnly });
  })
  .transform(({ [INQUIRY_HONEYPOT]: _honeypot, ...rest }) => rest);
export type Inquiry = z.infer<typeof inquirySchema>;

/** The status-link token of `GET /api/requests/:token`: 32 random bytes, base64url (43 characters). */
export const STATUS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
