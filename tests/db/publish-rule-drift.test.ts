/**
 * One publishing rule, two places: the TypeScript rule the builder, the API and the approval apply
 * (`publishingProblems`, src/lib/listing/publish-rule.ts) and the database's backstop
 * (`private.listing_publishing_problems`, behind the `provider_listings_publishable` trigger)
 * name the same fields, with the same sentences, in the same order, over generated listings.
 *
 * Text with bidi controls is left out: the body schema refuses it before either rule runs, and
 * the trigger's own check of it has no TypeScript twin. The program id is the approval's, never
 * the provider's, so every generated row has one.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishingProblems } from '../../src/lib/listing/publish-rule.ts';
import {
  ACCREDITATIONS,
  AGE_GROUPS,
  GENDER_OPTIONS,
  INSURANCE,
  MODALITIES,
  SETTINGS,
} from '../../src/lib/vocabulary.ts';
import { SEED, type Sql, connect, ensureFixtures, rolledBack } from './helpers.ts';

let sql: Sql;
beforeAll(async () => {
  sql = connect();
  await ensureFixtures(sql);
});
afterAll(async () => {
  await sql.end();
});

describe('the publishing rule: TypeScript and the trigger agree', () => {
  it('on generated listings, field by field and sentence by sentence', async () => {
    // Each field mostly as it should be, sometimes an edge case, so both verdicts are common.
    const mostly = <T>(valid: fc.Arbitrary<T>, edge: fc.Arbitrary<T>) =>
      fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: edge, weight: 1 });
    const text = (valid: string) =>
      mostly(
        fc.constantFrom(valid, ` ${valid} `, `${valid}\u200e`),
        fc.oneof(
          fc.constantFrom('', ' ', '\u00a0', '\t\n', '\ufeff', '\u0085', '\u180e'),
          fc.string({ maxLength: 4 }).filter((s) => !/[\u202a-\u202e\u2066-\u2069]/.test(s)),
        ),
      );
    const list = (options: readonly string[]) =>
      mostly(
        fc.subarray([...options], { minLength: 1, maxLength: 2 }),
        fc.constantFrom<string[]>([], ['Unknown']),
      );
    const listing = fc.record({
      center_name: text('Atlas House'),
      description: text('Residential ERP.'),
      address: text('1 Main Street'),
      city: text('Belmont'),
      state: mostly(
        fc.constantFrom('MA', 'ma', ' Oregon ', 'D.C.', 'New\u00a0York', 'U.S. Virgin Islands'),
        fc.constantFrom('Atlantis', 'XX', 'Kansas\u212a', '', 'M.A.'),
      ),
      zip_code: mostly(
        fc.constantFrom('02478', '02478-1234', ' 02478 '),
        fc.constantFrom('', '2478', 'ABCDE'),
      ),
      phone: mostly(
        fc.constantFrom('617-555-0100', '1 617 555 0100', '(617) 555-0100 x'),
        fc.constantFrom('2 617 555 0100', '555-0100', '', '٦١٧٥٥٥٠١٠٠'),
      ),
      email: mostly(
        fc.constantFrom(null, '', 'a@example.org', 'a.b@example.org', "o'neil@example.org"),
        fc.constantFrom(' ', 'a@b.c', '.a@example.org', 'a..b@example.org', 'a@-x.org', 'é@example.org'),
      ),
      avg_length: text('45-60 days'),
      age_groups: list(AGE_GROUPS),
      modalities: list(MODALITIES),
      insurance: list(INSURANCE),
      accreditations: mostly(fc.subarray<string>([...ACCREDITATIONS]), fc.constant<string[]>(['Unknown'])),
      gender_specific: mostly(fc.constantFrom(...GENDER_OPTIONS), fc.constantFrom(null, 'Anyone')),
      setting: mostly(fc.constantFrom(...SETTINGS), fc.constantFrom(null, 'Camp')),
    });
    const samples = fc.sample(listing, { numRuns: 400, seed: 20261206 });
    const verdicts = await rolledBack(sql, async (tx) => {
      const out: { row: (typeof samples)[number]; problems: [string, string][] }[] = [];
      for (const row of samples) {
        // Over the seed's approved listing, so every other column is a real one.
        const rows = await tx<{ field: string; message: string }[]>`
          select p.field, p.message from public.provider_listings l,
            private.listing_publishing_problems(jsonb_populate_record(l, ${tx.json({ ...row, published_program_id: 'gen-id' })}::jsonb)) p
          where l.id = ${SEED.approvedListing}`;
        out.push({ row, problems: rows.map((r) => [r.field, r.message]) });
      }
      return out;
    });
    let publishable = 0;
    for (const { row, problems } of verdicts) {
      expect(Object.entries(publishingProblems(row)), JSON.stringify(row)).toEqual(problems);
      if (problems.length === 0) publishable += 1;
    }
    // Both verdicts were tried often enough to mean something.
    expect(publishable).toBeGreaterThan(20);
    expect(verdicts.length - publishable).toBeGreaterThan(20);
  });
});
