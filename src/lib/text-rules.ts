/**
 * The text rules that both the browser and the server apply, without zod, so an island can use
 * them without shipping a schema library: what counts as invisible, and THE e-mail rule (which
 * the database repeats in `private.is_email()`). `schemas.ts` builds its zod schemas on these.
 */
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

export const INVISIBLE_CLASS = bracketClass((c) => `\\u{${c.toString(16)}}`);
export const INVISIBLE = new RegExp(`[${INVISIBLE_CLASS}]`, 'gu');

/**
 * Code points that are not an address delimiter themselves but become one, or a space, in their
 * compatibility form (NFKC), as inclusive `[first, last]` ranges: fullwidth and small forms of
 * `@ , ; : < > ( ) [ ] \ " .`, parenthesised and full-stop digits and letters (`⑴`, `⒈`),
 * spacing accents (`´` is a space plus a combining mark), and the ideographic and halfwidth full
 * stops that IDNA reads as `.` in a host name. A mail library or server that normalizes text could
 * read `a＠victim.example@evil.example` as two `@`. Listed by number for the same reason as
 * INVISIBLE_RANGES (the database repeats the rule); tests/unit/lib/email-rule.test.ts checks the list
 * still covers what Node's Unicode data says. None of them is in INVISIBLE_RANGES.
 */
export const LOOKALIKE_RANGES: readonly (readonly [number, number])[] = [
  [0x00a8, 0x00a8],
  [0x00af, 0x00af],
  [0x00b4, 0x00b4],
  [0x00b8, 0x00b8],
  [0x02d8, 0x02dd],
  [0x037a, 0x037a],
  [0x037e, 0x037e],
  [0x0384, 0x0385],
  [0x1fbd, 0x1fbd],
  [0x1fbf, 0x1fc1],
  [0x1fcd, 0x1fcf],
  [0x1fdd, 0x1fdf],
  [0x1fed, 0x1fee],
  [0x1ffd, 0x1ffe],
  [0x2017, 0x2017],
  [0x2024, 0x2026],
  [0x203e, 0x203e],
  [0x207d, 0x207e],
  [0x208d, 0x208e],
  [0x2474, 0x24b5],
  [0x2a74, 0x2a74],
  [0x3002, 0x3002],
  [0x309b, 0x309c],
  [0x3200, 0x321e],
  [0x3220, 0x3243],
  [0x33c2, 0x33c2],
  [0x33c7, 0x33c7],
  [0x33d8, 0x33d8],
  [0xfc5e, 0xfc63],
  [0xfdfa, 0xfdfb],
  [0xfe10, 0xfe10],
  [0xfe13, 0xfe14],
  [0xfe19, 0xfe19],
  [0xfe30, 0xfe30],
  [0xfe35, 0xfe36],
  [0xfe47, 0xfe4c],
  [0xfe50, 0xfe50],
  [0xfe52, 0xfe52],
  [0xfe54, 0xfe55],
  [0xfe59, 0xfe5a],
  [0xfe64, 0xfe65],
  [0xfe68, 0xfe68],
  [0xfe6b, 0xfe6b],
  [0xfe70, 0xfe70],
  [0xfe72, 0xfe72],
  [0xfe74, 0xfe74],
  [0xfe76, 0xfe76],
  [0xfe78, 0xfe78],
  [0xfe7a, 0xfe7a],
  [0xfe7c, 0xfe7c],
  [0xfe7e, 0xfe7e],
  [0xff02, 0xff02],
  [0xff08, 0xff09],
  [0xff0c, 0xff0c],
  [0xff0e, 0xff0e],
  [0xff1a, 0xff1c],
  [0xff1e, 0xff1e],
  [0xff20, 0xff20],
  [0xff3b, 0xff3d],
  [0xff61, 0xff61],
  [0xffe3, 0xffe3],
  [0x1f100, 0x1f10a],
  [0x1f110, 0x1f129],
];

/** E-mail addresses longer than this are refused (the SMTP path limit; the database agrees). */
export const EMAIL_MAX_LENGTH = 320;

type Ranges = readonly (readonly [number, number])[];

/** ASCII that may not appear in a dot-atom local part: the specials of RFC 5322 and the dot. */
const LOCAL_SPECIALS: Ranges = [
  [0x22, 0x22], // "
  [0x28, 0x29], // ( )
  [0x2c, 0x2c], // ,
  [0x2e, 0x2e], // . (only between atoms, outside the class)
  [0x3a, 0x3c], // : ; <
  [0x3e, 0x3e], // >
  [0x40, 0x40], // @
  [0x5b, 0x5d], // [ \ ]
];

/** ASCII that may not appear in a host name label: everything but letters, digits and `-`. */
const HOST_ASCII_HYPHEN_OK: Ranges = [
  [0x21, 0x2c],
  [0x2e, 0x2f],
  [0x3a, 0x40],
  [0x5b, 0x60],
  [0x7b, 0x7e],
];
/** The same, without `-`: the first and last character of a label. */
const HOST_ASCII: Ranges = [[0x2d, 0x2d], ...HOST_ASCII_HYPHEN_OK];

/** A negated bracket class refusing `ranges`, the invisible and the look-alike code points. */
function refusing(ranges: Ranges, escape: (codePoint: number) => string): string {
  const all = [...ranges, ...INVISIBLE_RANGES, ...LOOKALIKE_RANGES];
  return `[^${all.map(([a, b]) => (a === b ? escape(a) : `${escape(a)}-${escape(b)}`)).join('')}]`;
}

/**
 * The pattern of THE e-mail rule, for one regular-expression dialect: a plain addr-spec.
 * Local part: a dot-atom (atoms of RFC 5322 `atext`, or any other visible non-ASCII character as
 * RFC 6531 allows, joined by single dots). Host: two or more labels of letters, digits and inner
 * hyphens (non-ASCII letters allowed, for international domains). No display name, angle
 * brackets, comma or semicolon lists, groups, quoted strings, comments, escapes, routes or domain
 * literals: nothing a mail library could read as several addresses or as another one.
 */
function emailPattern(escape: (codePoint: number) => string): string {
  const atom = `${refusing(LOCAL_SPECIALS, escape)}+`;
  const edge = refusing(HOST_ASCII, escape);
  const inner = refusing(HOST_ASCII_HYPHEN_OK, escape);
  const label = `${edge}(?:${inner}*${edge})?`;
  return `^${atom}(?:\\.${atom})*@${label}(?:\\.${label})+$`;
}

/**
 * THE e-mail rule's pattern (see emailPattern). The database checks the same rule in
 * `private.is_email()`, built from EMAIL_PATTERN_SQL.
 */
export const EMAIL_PATTERN = new RegExp(
  emailPattern((c) => `\\u{${c.toString(16)}}`),
  'u',
);

/**
 * The same pattern in Postgres's regular-expression syntax (`\UXXXXXXXX` escapes; character
 * ranges compare code points). Copied verbatim into
 * supabase/migrations/20261125000400_email_rule.sql; tests/unit/lib/email-rule.test.ts fails if the
 * two drift apart, and tests/db/email-rule.test.ts runs both on the same table of cases.
 */
export const EMAIL_PATTERN_SQL = emailPattern((c) => `\\U${c.toString(16).toUpperCase().padStart(8, '0')}`);

/** Length as the database counts it (code points), so "at most N characters" means one thing. */
export function codePointLength(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/**
 * THE e-mail rule: at most EMAIL_MAX_LENGTH code points, EMAIL_PATTERN, and no `=?` (the start of
 * an RFC 2047 encoded word, which some mail software decodes inside addresses into other
 * characters, `@` included). Expects a trimmed value (a space anywhere is refused). The API, the
 * forms, the mailer, the local outbox and auth server, and the database all use this rule.
 */
export function isEmail(value: string): boolean {
  return codePointLength(value) <= EMAIL_MAX_LENGTH && !value.includes('=?') && EMAIL_PATTERN.test(value);
}

/**
 * The one form of an address that per-address limits (and lookups) key on: trimmed, composed
 * (NFC, so `é` typed two ways is one address) and lower-cased.
 */
export function normalizeEmail(value: string): string {
  return value.trim().normalize('NFC').toLowerCase();
}

/** True when `value` has at least one character a person can see. */
export function hasVisibleText(value: string): boolean {
  return value.replace(INVISIBLE, '') !== '';
}

/**
 * An absolute http(s) address with a dotted host name: the rule for a listing's website and
 * photos (server schema and listing builder alike).
 *
 * @example isWebAddress('https://harbor.example/about') // true
 * @example isWebAddress('harbor.example') // false
 */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** A US ZIP code: 5 digits, or ZIP+4 (`provider_listings_zip_code_check` repeats it). */
export function isZipCode(value: string): boolean {
  return /^\d{5}(-\d{4})?$/.test(value);
}
