/**
 * One-line fields (names, titles, subjects, notes) refuse U+2028 LINE SEPARATOR and U+2029
 * PARAGRAPH SEPARATOR: browsers, e-mail clients and JavaScript break the line there, so a title
 * holding one shows as two lines. Multi-line fields (messages, review bodies) keep them.
 */
import { describe, expect, it } from 'vitest';
import { reportBodySchema } from '../../../src/api/contracts/reports-schemas.ts';
import { listingSchema, providerProfileSchema } from '../../../src/lib/provider-schemas.ts';
import { reviewBodySchema } from '../../../src/api/contracts/reviews-schemas.ts';
import { contactMessageSchema, hasControlCharacter, inquirySchema } from '../../../src/lib/schemas.ts';

type Parse = (value: string) => { success: boolean; error?: { issues: { path: PropertyKey[] }[] } };

const contact = { name: 'Dana', email: 'dana@example.com', subject: 'Hello', message: 'A question.' };
const inquiry = {
  program_id: 'mclean',
  type: 'call',
  name: 'Dana',
  email: 'dana@example.com',
  phone: '555 0142',
};
const review = {
  program_id: 'mclean',
  rating: 4,
  title: 'Helpful staff',
  body: 'The staff explained every step of the program to us.',
  relationship: 'parent_or_guardian',
  stay_year: null,
  name_choice: 'a_parent',
  connected_to_program: false,
};
const listing = { center_name: 'Calm Harbor', description: 'A program.', phone: '555 0142' };
const profile = { organization_name: 'Acme OCD', contact_name: 'Sam', email: 'sam@example.org' };

const ONE_LINE: [string, string, Parse][] = [
  ['contact name', 'name', (v) => contactMessageSchema.safeParse({ ...contact, name: v })],
  ['contact subject', 'subject', (v) => contactMessageSchema.safeParse({ ...contact, subject: v })],
  ['request name', 'name', (v) => inquirySchema.safeParse({ ...inquiry, name: v })],
  [
    'best time to call',
    'best_time_to_call',
    (v) => inquirySchema.safeParse({ ...inquiry, best_time_to_call: v }),
  ],
  ['review title', 'title', (v) => reviewBodySchema.safeParse({ ...review, title: v })],
  [
    'review connection note',
    'connection_note',
    (v) => reviewBodySchema.safeParse({ ...review, connected_to_program: true, connection_note: v }),
  ],
  ['listing center name', 'center_name', (v) => listingSchema.safeParse({ ...listing, center_name: v })],
  [
    'organization name',
    'organization_name',
    (v) => providerProfileSchema.safeParse({ ...profile, organization_name: v }),
  ],
  ['contact person', 'contact_name', (v) => providerProfileSchema.safeParse({ ...profile, contact_name: v })],
];

describe('one-line fields refuse the Unicode line and paragraph separators', () => {
  it.each(ONE_LINE)('%s: accepted without, refused with U+2028 and U+2029', (_, field, parse) => {
    expect(parse('Calm Harbor Staff').success).toBe(true);
    for (const separator of ['\u2028', '\u2029']) {
      const result = parse(`Calm Harbor${separator}Staff`);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(field);
    }
  });

  it('multi-line fields keep them', () => {
    expect(hasControlCharacter('one\u2028two\u2029three', true)).toBe(false);
    expect(hasControlCharacter('one\u2028two')).toBe(true);
    expect(hasControlCharacter('one\u2029two')).toBe(true);
    expect(contactMessageSchema.safeParse({ ...contact, message: 'Line one\u2028line two' }).success).toBe(
      true,
    );
    expect(
      reportBodySchema.safeParse({ program_id: 'mclean', what: 'The phone number\u2029is out of date.' })
        .success,
    ).toBe(true);
  });
});
