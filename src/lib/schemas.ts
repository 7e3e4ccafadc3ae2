/**
 * Request-body schemas shared by the forms (client-side checks) and the functions (the real
 * checks). Messages follow the spec's catalogue, so a field error can be shown as is.
 */
import { z } from 'zod';
import { ENGAGEMENT_EVENT_TYPES, ENGAGEMENT_MAX_EVENTS_PER_REQUEST, INQUIRY_TYPES } from './vocabulary.ts';

/**
 * Code points a person cannot see, or that are not text at all, as inclusive `[first, last]`
 * ranges: C0 and C1 controls and DEL; every Unicode White_Space character; format characters
 * (Cf: zero-width space and joiners, BOM, bidi controls, soft hyphen, tags, …); the other
 * default-ignorable code points (variation selectors, Hangul fillers, reserved ignorables);
 * surrogates; and the blank braille pattern (U+2800), which renders as nothing. Listed by number
 * rather than with `\p{…}` or `\s` because the database repeats the e-mail rule below, and
 * Postgres's `\s` depends on the server's locale and differs from JavaScript's (U+0085 is space
 * to one and not the other); a unit test checks this list still covers those properties.
 */
export const INVISIBLE_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x0020],
  [0x007f, 0x00a0],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x0600, 0x0605],
  [0x061c, 0x061c],
  [0x06dd, 0x06dd],
  [0x070f, 0x070f],
  [0x0890, 0x0891],
  [0x08e2, 0x08e2],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x2800, 0x2800],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xd800, 0xdfff],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];

function bracketClass(escape: (codePoint: number) => string): string {
  return INVISIBLE_RANGES.map(([a, b]) => (a === b ? escape(a) : `${escape(a)}-${escape(b)}`)).join('');
}

const INVISIBLE_CLASS = bracketClass((c) => `\\u{${c.toString(16)}}`);
const INVISIBLE = new RegExp(`[${INVISIBLE_CLASS}]`, 'gu');

/** E-mail addresses longer than this are refused (the SMTP path limit; the database agrees). */
export const EMAIL_MAX_LENGTH = 320;

/**
 * THE e-mail rule, the spec's "simple pattern": something@something.something, where no part
 * contains `@` or an invisible character (see INVISIBLE_RANGES: no spaces, controls, zero-width
 * characters). International addresses (`josé@bücher.example`) pass. The database checks the
 * same rule in `private.is_email()`, built from EMAIL_PATTERN_SQL.
 */
export const EMAIL_PATTERN = new RegExp(
  `^[^@${INVISIBLE_CLASS}]+@[^@${INVISIBLE_CLASS}]+\\.[^@${INVISIBLE_CLASS}]+$`,
  'u',
);

/**
 * The same pattern in Postgres's regular-expression syntax (`\UXXXXXXXX` escapes; character
 * ranges compare code points). Copied verbatim into supabase/migrations/*_one_email_rule.sql;
 * tests/unit/schemas.test.ts fails if the two drift apart.
 */
export const EMAIL_PATTERN_SQL = (() => {
  const cls = bracketClass((c) => `\\U${c.toString(16).toUpperCase().padStart(8, '0')}`);
  return `^[^@${cls}]+@[^@${cls}]+\\.[^@${cls}]+$`;
})();

/** Length as the database counts it (code points), so "at most N characters" means one thing. */
export function codePointLength(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/** The whole e-mail rule: length in code points and the pattern. Expects a trimmed value. */
export function isEmail(value: string): boolean {
  return codePointLength(value) <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** True when `value` has at least one character a person can see. */
export function hasVisibleText(value: string): boolean {
  return value.replace(INVISIBLE, '') !== '';
}

// C0/C1 controls and DEL; multi-line text may keep tab, line feed and carriage return (a
// textarea posts CRLF line breaks).
const CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;
// In a `u` regex a surrogate pair is one astral code point, so this matches lone halves only:
// text that cannot be encoded as UTF-8 (Postgres would store U+FFFD instead).
const LONE_SURROGATE = /\p{Cs}/u;

/** True when `value` holds a control character (tab and line breaks allowed if `multiline`). */
export function hasControlCharacter(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value);
}

/** True when `value` holds half of a surrogate pair: not valid Unicode, not storable. */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

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
    });
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

/** `POST /api/contact` body: name, email, subject and message required (spec §5); phone optional. */
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
    message: optional('Message', 5000, true),
  },
  bodyObject,
);
export type Inquiry = z.infer<typeof inquirySchema>;
