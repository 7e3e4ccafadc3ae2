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
