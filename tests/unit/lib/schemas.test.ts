import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  listingSchema,
  providerProfileSchema,
  verificationRequestSchema,
} from '../../../src/lib/provider-schemas.ts';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN_SQL,
  INVISIBLE_RANGES,
  MESSAGES,
  codePointLength,
  contactMessageSchema,
  engagementBatchSchema,
  hasControlCharacter,
  hasLoneSurrogate,
  hasVisibleText,
  inquirySchema,
  isEmail,
} from '../../../src/lib/schemas.ts';

const MIGRATIONS = join(import.meta.dirname, '../../../supabase/migrations');

describe('isEmail: the one e-mail rule', () => {
  it.each<[string, string, boolean]>([
    ['plain', 'dana@example.com', true],
    ['subdomain and plus', 'dana+ocd@mail.example.co.uk', true],
    ['international local part', 'josé@example.com', true],
    ['international domain', 'dana@bücher.example', true],
    ['astral characters', '𝒹𝒶𝓃𝒶@example.com', true],
    ['no @', 'dana.example.com', false],
    ['two @', 'dana@x@example.com', false],
    ['no dot after @', 'dana@example', false],
    ['dot right after @ and no other', 'dana@.com', false],
    ['two dots', 'dana@a..com', false], // a host name has no empty label (tests/unit/lib/email-rule.test.ts)
    ['ends with a dot', 'dana@example.', false],
    ['empty local part', '@example.com', false],
    ['space', 'dana @example.com', false],
    ['tab', 'dana\t@example.com', false],
    ['NUL', 'a\u0000b@b.co', false],
    ['NEL (U+0085), which Postgres \\s calls space and JavaScript does not', 'a\u0085@b.co', false],
    ['no-break space', 'a\u00a0@b.co', false],
    ['zero-width space', 'a\u200b@b.co', false],
    ['zero-width joiner', 'a\u200d@b.co', false],
    ['BOM inside', 'a\ufeff@b.co', false],
    ['right-to-left override', 'a\u202e@b.co', false],
    ['soft hyphen', 'da\u00adna@b.co', false],
    ['variation selector', 'a\ufe0f@b.co', false],
    ['tag character', 'a\u{e0041}@b.co', false],
    ['lone surrogate', 'a\ud800@b.co', false],
    ['DEL', 'a\u007f@b.co', false],
    ['Hangul filler', 'a\u3164@b.co', false],
    ['line separator', 'a\u2028@b.co', false],
    ['just under the first visible code point', '!@b.co', true],
    ['exactly 320 characters', `${'a'.repeat(EMAIL_MAX_LENGTH - 6)}@b.com`, true],
    ['321 characters', `${'a'.repeat(EMAIL_MAX_LENGTH - 5)}@b.com`, false],
    ['320 astral characters (640 UTF-16 units) count as 320', `${'𝒶'.repeat(314)}@b.com`, true],
  ])('%s: %j → %s', (_label, value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });
});

describe('text checks', () => {
  it.each<[string, boolean]>([
    ['Dana', true],
    ['', false],
    ['   ', false],
    ['\u200b', false],
    ['\u200b\u200c\u200d\u2060\ufeff', false],
    ['\u00ad\u034f\u061c\u180e', false],
    ['\u3164\u115f\u1160\uffa0', false],
    ['\u2800', false],
    ['\u{e0020}\u{e0041}', false],
    ['\ufe0f', false],
    ['\t\n\r\u000b\u000c\u0085\u00a0\u2028\u3000', false],
    ['\u0000', false],
    ['\u200ba', true],
    ['👩‍👧', true],
    ['.', true],
  ])('hasVisibleText(%j) → %s', (value, expected) => {
    expect(hasVisibleText(value)).toBe(expected);
  });

  it.each<[string, boolean, boolean]>([
    // value, single-line verdict, multi-line verdict
    ['plain text', false, false],
    ['a\u0000b', true, true],
    ['a\u0007b', true, true],
    ['a\u001bb', true, true],
    ['a\u007fb', true, true],
    ['a\u0085b', true, true],
    ['a\u009fb', true, true],
    ['a\tb', true, false],
    ['a\nb', true, false],
    ['a\r\nb', true, false],
    ['a\u000bb', true, true],
    ['a\u000cb', true, true],
    ['a\u200bb', false, false], // format characters are text (joiners matter in some scripts)
    // One-line text refuses the line and paragraph separators; multi-line text keeps them.
    ['a\u2028b', true, false],
    ['a\u2029b', true, false],
  ])('hasControlCharacter(%j) → single-line %s, multi-line %s', (value, single, multi) => {
    expect(hasControlCharacter(value)).toBe(single);
    expect(hasControlCharacter(value, true)).toBe(multi);
  });

  it.each<[string, boolean]>([
    ['a\ud800b', true],
    ['a\udfffb', true],
    ['\udc00\ud800', true],
    ['😀', false],
    ['a\ud83d\ude00b', false],
  ])('hasLoneSurrogate(%j) → %s', (value, expected) => {
    expect(hasLoneSurrogate(value)).toBe(expected);
  });

  it('codePointLength counts what Postgres length() counts', () => {
    expect(codePointLength('abc')).toBe(3);
    expect(codePointLength('😀😀')).toBe(2);
    expect(codePointLength('e\u0301')).toBe(2);
  });
});

const valid = {
  name: 'Dana Example',
  email: 'dana@example.com',
  phone: '555 0142',
  subject: 'Question',
  message: 'Hello,\n\tthanks.',
};

describe('contactMessageSchema', () => {
  type Row = [label: string, overrides: Record<string, unknown>, field: string, message: string];
  it.each<Row>([
    ['missing name', { name: undefined }, 'name', MESSAGES.contactName],
    ['name of spaces', { name: '   ' }, 'name', MESSAGES.contactName],
    ['name of a zero-width space', { name: '\u200b' }, 'name', MESSAGES.contactName],
    [
      'name of joiners, BOM and word joiner',
      { name: '\u200c\u200d\ufeff\u2060' },
      'name',
      MESSAGES.contactName,
    ],
    ['name of a Hangul filler', { name: '\u3164' }, 'name', MESSAGES.contactName],
    ['name with NUL', { name: 'a\u0000b' }, 'name', 'Name must not contain control characters.'],
    ['name with a tab', { name: 'a\tb' }, 'name', 'Name must not contain control characters.'],
    ['name with a C1 control', { name: 'a\u0085b' }, 'name', 'Name must not contain control characters.'],
    ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'].map(
      (c): [string, Record<string, unknown>, string, string] => [
        `name with direction control U+${c.codePointAt(0)?.toString(16).toUpperCase() ?? ''}`,
        { name: `Sam${c} Rivera` },
        'name',
        'Name must not contain direction-override characters.',
      ],
    ),
    [
      'subject with a right-to-left override',
      { subject: 'Hi \u202etxt.exe' },
      'subject',
      'Subject must not contain direction-override characters.',
    ],
    [
      'name with a lone surrogate',
      { name: 'a\ud800' },
      'name',
      'Name contains text that is not valid Unicode.',
    ],
    ['name of 201 characters', { name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters.'],
    ['name as a number', { name: 42 }, 'name', MESSAGES.contactName],
    ['name as an object', { name: { toString: 'x' } }, 'name', MESSAGES.contactName],
    ['missing email', { email: undefined }, 'email', MESSAGES.contactEmail],
    ['blank email', { email: '  ' }, 'email', MESSAGES.contactEmail],
    ['email with NEL', { email: 'a\u0085@b.co' }, 'email', MESSAGES.invalidEmail],
    ['email with NUL', { email: 'a\u0000@b.co' }, 'email', MESSAGES.invalidEmail],
    ['email with a zero-width space', { email: 'a\u200b@b.co' }, 'email', MESSAGES.invalidEmail],
    [
      'email too long',
      { email: `${'a'.repeat(320)}@b.co` },
      'email',
      'Email must be at most 320 characters.',
    ],
    ['subject of format characters', { subject: '\u2062\u00ad' }, 'subject', MESSAGES.contactSubject],
    [
      'subject with a newline',
      { subject: 'a\nBcc: x@y.z' },
      'subject',
      'Subject must not contain control characters.',
    ],
    ['message of invisible characters', { message: '\u200b\n\u2800\t' }, 'message', MESSAGES.contactMessage],
    ['message with NUL', { message: 'a\u0000' }, 'message', 'Message must not contain control characters.'],
    [
      'message with ESC',
      { message: 'a\u001b[31m' },
      'message',
      'Message must not contain control characters.',
    ],
    [
      'message with a lone surrogate',
      { message: '\udc00' },
      'message',
      'Message contains text that is not valid Unicode.',
    ],
    [
      'message of 5001 characters',
      { message: 'x'.repeat(5001) },
      'message',
      'Message must be at most 5000 characters.',
    ],
    ['phone with NUL', { phone: '555\u00000142' }, 'phone', 'Phone must not contain control characters.'],
    ['phone as a number', { phone: 5550142 }, 'phone', 'Phone must be text.'],
    ['an extra field', { admin: true }, '_', 'Unrecognized key: "admin"'],
    [
      'a __proto__ field',
      JSON.parse('{"__proto__": {"admin": true}}') as Record<string, unknown>,
      '_',
      'Unrecognized key: "__proto__"',
    ],
  ])('%s → %s: %s', (_label, overrides, field, message) => {
    const result = contactMessageSchema.safeParse({ ...valid, ...overrides });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => (i.path.length ? i.path.join('.') : '_') === field);
    expect(issue?.message).toBe(message);
    // One message per field: a person is told the first thing to fix, not three.
    expect(
      result.error?.issues.filter((i) => i === issue || (i.path.join('.') === field && i.path.length > 0)),
    ).toHaveLength(1);
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['a valid message', {}, valid],
    [
      'trimmed fields',
      { name: '  Dana  ', email: ' dana@example.com ' },
      { name: 'Dana', email: 'dana@example.com' },
    ],
    ['line breaks, CRLF and tabs in the message', { message: 'a\r\n\tb\nc' }, { message: 'a\r\n\tb\nc' }],
    ['a joiner inside a name', { name: 'Nasrin\u200cZadeh 👩‍👧' }, { name: 'Nasrin\u200cZadeh 👩‍👧' }],
    ['a blank phone becomes undefined', { phone: '  ' }, { phone: undefined }],
    ['an invisible phone becomes undefined', { phone: '\u200b' }, { phone: undefined }],
    ['a null phone becomes undefined', { phone: null }, { phone: undefined }],
    ['200 astral characters in a name', { name: '😀'.repeat(200) }, { name: '😀'.repeat(200) }],
  ])('%s is accepted', (_label, overrides, expected) => {
    const result = contactMessageSchema.safeParse({ ...valid, ...overrides });
    expect(result.error?.issues).toBeUndefined();
    expect(result.data).toMatchObject(expected);
  });

  it.each<[string, unknown]>([
    ['an array', []],
    ['null', null],
    ['a string', 'name=Dana'],
    ['a number', 1],
  ])('a body that is %s → "The body must be a JSON object."', (_label, input) => {
    const result = contactMessageSchema.safeParse(input);
    expect(result.error?.issues[0]?.message).toBe('The body must be a JSON object.');
  });
});

describe('inquirySchema uses the same text and e-mail rules', () => {
  const inquiry = { program_id: 'x', type: 'info', name: 'Dana', email: 'dana@example.com' };
  it.each<[Record<string, unknown>, string, string]>([
    [{ name: '\u200b' }, 'name', MESSAGES.inquiryMissing],
    [{ email: 'a\u0085@b.co' }, 'email', MESSAGES.invalidEmail],
    [{ message: 'a\u0000' }, 'message', 'Message must not contain control characters.'],
  ])('%j → %s: %s', (overrides, field, message) => {
    const result = inquirySchema.safeParse({ ...inquiry, ...overrides });
    expect(result.error?.issues.find((i) => i.path.join('.') === field)?.message).toBe(message);
  });

  it('an optional message of invisible characters is "not given"; line breaks are kept', () => {
    expect(inquirySchema.parse({ ...inquiry, message: '\u200b \n' }).message).toBeUndefined();
    expect(inquirySchema.parse({ ...inquiry, message: 'a\r\nb' }).message).toBe('a\r\nb');
  });
});

describe('engagementBatchSchema', () => {
  it.each<[string, unknown]>([
    ['an array body', []],
    ['events not a list', { events: 'view' }],
    ['no events', { events: [] }],
    ['an unknown event type', { events: [{ program_id: 'x', event_type: 'hack' }] }],
    ['an extra field in an event', { events: [{ program_id: 'x', event_type: 'view', user_id: 'u' }] }],
    ['a __proto__ key', JSON.parse('{"events":[{"program_id":"x","event_type":"view"}],"__proto__":{}}')],
  ])('%s is refused', (_label, input) => {
    expect(engagementBatchSchema.safeParse(input).success).toBe(false);
  });
});

describe('INVISIBLE_RANGES', () => {
  it('are sorted, disjoint and not adjacent', () => {
    for (let i = 1; i < INVISIBLE_RANGES.length; i++) {
      const [, prevEnd] = INVISIBLE_RANGES[i - 1] ?? [0, 0];
      const [start, end] = INVISIBLE_RANGES[i] ?? [0, 0];
      expect(start).toBeGreaterThan(prevEnd + 1);
      expect(end).toBeGreaterThanOrEqual(start);
    }
  });

  it("cover every control, white-space, format and default-ignorable code point of this runtime's Unicode", () => {
    // If a Node upgrade brings new such characters, add them here and in a new migration.
    const property = /[\p{Cc}\p{Cs}\p{Cf}\p{White_Space}\p{Default_Ignorable_Code_Point}]/u;
    const inRanges = (c: number) => INVISIBLE_RANGES.some(([a, b]) => c >= a && c <= b);
    const missing: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      if (property.test(String.fromCodePoint(c)) && !inRanges(c)) missing.push(c.toString(16));
    }
    expect(missing).toEqual([]);
  });
});

describe('the database repeats the e-mail rule verbatim', () => {
  const file = readdirSync(MIGRATIONS).find((f) => f.endsWith('_one_email_rule.sql'));
  const sql = readFileSync(join(MIGRATIONS, file ?? 'missing'), 'utf8');

  it('private.is_email() uses EMAIL_PATTERN_SQL and EMAIL_MAX_LENGTH (replaced by 20261125000400_email_rule)', () => {
    const current = readFileSync(join(MIGRATIONS, '20261125000400_email_rule.sql'), 'utf8');
    expect(current).toContain(`length(value) <= ${EMAIL_MAX_LENGTH}`);
    expect(current).toContain(`value ~ '${EMAIL_PATTERN_SQL}'`);
  });

  it.each([
    ['providers', 'private.is_email(email)'],
    ['provider_listings', "email = '' or private.is_email(email)"],
    ['provider_inquiries', 'private.is_email(email)'],
    ['contact_messages', 'private.is_email(email)'],
  ])('%s: its e-mail check is replaced by the rule', (table, check) => {
    expect(sql).toContain(
      `alter table public.${table}\n  drop constraint ${table}_email_check,\n  add constraint ${table}_email_check check (${check});`,
    );
  });

  it('no later migration brings back a \\s-based e-mail check', () => {
    const later = readdirSync(MIGRATIONS)
      .filter((f) => f > (file ?? ''))
      .map((f) => readFileSync(join(MIGRATIONS, f), 'utf8'));
    for (const text of later) expect(text).not.toMatch(/email\s*~/);
  });
});

describe('provider texts refuse direction-override characters (they spoof names in pages and e-mail subjects)', () => {
  const listing = { center_name: 'Calm Harbor', description: 'A program.', phone: '555 0142' };
  it.each<
    [
      string,
      () => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
      string,
      string,
    ]
  >([
    [
      'listing center name',
      () => listingSchema.safeParse({ ...listing, center_name: 'Calm \u202eroobraH' }),
      'center_name',
      'Center name must not contain direction-override characters.',
    ],
    [
      'listing description',
      () => listingSchema.safeParse({ ...listing, description: 'A \u2066program\u2069.' }),
      'description',
      'Description must not contain direction-override characters.',
    ],
    [
      'organization name',
      () =>
        providerProfileSchema.safeParse({
          organization_name: 'Acme\u202b OCD',
          contact_name: 'Sam',
          email: 'sam@example.org',
        }),
      'organization_name',
      'Organization name must not contain direction-override characters.',
    ],
    [
      'document name',
      () => verificationRequestSchema.safeParse({ documents: ['license\u202efdp.exe'] }),
      'documents.0',
      'A document must not contain direction-override characters.',
    ],
  ])('%s', (_, parse, path, message) => {
    const result = parse();
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([path, message]);
  });

  it('keeps the implicit direction marks (U+200E, U+200F) that right-to-left names need', () => {
    expect(listingSchema.safeParse({ ...listing, center_name: 'مركز\u200f Calm' }).success).toBe(true);
  });
});
