/**
 * One admissions phone per program (docs/product-rules.md#one-admissions-phone): for every program
 * file, and for programs published from listings, the number the profile shows is the number the
 * family's confirmation e-mail offers, and no other number is in that e-mail.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { renderMail } from '../../../netlify/functions/_shared/mail-templates.ts';
import { publishedListingEntry } from '../../../netlify/functions/_shared/programs.ts';
import { confirmationPhone, listingAdmissionsPhone } from '../../../src/lib/admissions-phone.ts';
import { buildProgramIndex } from '../../../src/lib/content/program-index.ts';
import { programSchema } from '../../../src/lib/program-schema.ts';
import { listingToProgram, type ListingForPublishing } from '../../../src/lib/published-listing.ts';

const DIR = 'content/programs';
const files = readdirSync(DIR).filter((f) => f.endsWith('.md'));
const sources = files.map((f) => ({ id: basename(f, '.md'), source: readFileSync(join(DIR, f), 'utf8') }));
/** What the functions know about each file (the generated program index, as `findListedProgram` returns it). */
const index = new Map(buildProgramIndex(sources).map((entry) => [entry.id, entry]));

/** The phone the profile shows: the program schema's `phone`, as the build reads the file. */
function profilePhone(source: string): string | undefined {
  const yaml = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  return programSchema.parse(parse(yaml)).phone;
}

const PHONE_LIKE = /\(?\d{3}\)?[ .-]?\d{3}-\d{4}/g;

/** The family's confirmation e-mail for `programPhone`. */
function confirmation(programPhone: string | null) {
  return renderMail(
    'inquiryConfirmation',
    {
      to: 'family@example.org',
      name: 'Robin',
      programName: 'The Program',
      type: 'call',
      statusUrl: `https://directory.example.org/request/${'T'.repeat(43)}`,
      programPhone,
    },
    { siteUrl: 'https://directory.example.org', inboxEmail: 'hello@example.org' },
  );
}

describe('program files: the profile and the confirmation e-mail show the same phone', () => {
  it.each(sources.map(({ id, source }) => [id, source] as const))('%s', (id, source) => {
    const shown = profilePhone(source);
    const entry = index.get(id);
    expect(entry).toBeDefined();
    const offered = confirmationPhone(entry ?? { phone: null });
    expect(offered).toBe(shown ?? null);
    const mail = confirmation(offered);
    expect(mail.text.match(PHONE_LIKE) ?? []).toEqual(shown === undefined ? [] : [shown]);
  });

  it('covers programs with a phone and without one (/mclean lists none)', () => {
    const phones = sources.map(({ source }) => profilePhone(source));
    expect(phones.filter((p) => p !== undefined).length).toBeGreaterThan(10);
    expect(profilePhone(sources.find((s) => s.id === 'mclean')?.source ?? '')).toBe(undefined);
  });
});

const LISTING: ListingForPublishing = {
  published_program_id: 'harbor-house',
  center_name: 'Harbor House',
  description: 'Residential ERP for adults.',
  phone: '617-555-0100',
  email: 'admissions@harbor.example.org',
  website: 'https://harbor.example.org',
  address: '1 Main Street',
  city: 'Belmont',
  state: 'MA',
  zip_code: '02478',
  age_groups: ['Adults'],
  gender_specific: 'Co-ed',
  setting: 'Residential',
  capacity: 24,
  avg_length: '45-60 days',
  modalities: ['ERP'],
  staff_ratio: '1:3',
  medical_support: '24/7 nursing',
  insurance: ['Private Pay'],
  financial_aid: null,
  logo_url: null,
  accreditations: [],
  provider_verified: true,
};

describe('programs published from listings: the profile and the confirmation e-mail show the same phone', () => {
  it.each([
    '617-555-0100',
    '(617) 555-0100',
    '617.555.0100',
    '+1 617 555 0100',
    '16175550100',
    ' 617 555 0100 ',
  ])('published phone %j', (phone) => {
    const built = listingToProgram({ ...LISTING, phone });
    if (!built.ok) throw new Error(JSON.stringify(built.problems));
    // The functions' entry for the live publication (its snapshot's phone).
    const entry = publishedListingEntry({ id: 'harbor-house', name: 'Harbor House', phone });
    expect(entry.phone).toBe(built.data.phone);
    expect(confirmationPhone(entry)).toBe('(617) 555-0100');
    expect(confirmation(confirmationPhone(entry)).text).toContain('call The Program at (617) 555-0100.');
  });

  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['call us', null],
    ['555-0100', null],
  ])('no usable published phone (%j): no number in the e-mail', (phone, expected) => {
    expect(listingAdmissionsPhone(phone)).toBe(expected);
    expect(confirmation(listingAdmissionsPhone(phone)).text.match(PHONE_LIKE) ?? []).toEqual([]);
  });
});

describe('confirmationPhone', () => {
  it.each([
    [{ phone: '(555) 010-0104' }, '(555) 010-0104'],
    [{ phone: '  (555) 010-0104 ' }, '(555) 010-0104'],
    [{ phone: '' }, null],
    [{ phone: '   ' }, null],
    [{ phone: null }, null],
    [{ phone: undefined }, null],
  ])('%j → %j', (program, phone) => {
    expect(confirmationPhone(program)).toBe(phone);
  });
});
