/**
 * The one publishing rule: what a listing needs before an administrator can approve it and
 * the build can publish it as a program page. Made of the registry's "publishing needs it"
 * declarations (src/lib/listing/fields.ts) and the rules across the vocabulary the database
 * repeats. Read by the builder (Submit for Review says what approval will need), the API (a
 * submission that could not be published is refused), and publishing (`listingToProgram`, so the
 * approval on /admin). The `provider_listings_publishable` trigger (supabase/migrations) stays as
 * the backstop: tests/db/publish-rule-drift.test.ts keeps the two equal.
 */
import { z } from 'zod';
import { ACCREDITATIONS } from '../vocabulary.ts';
import { isBlankValue, LISTING_FIELDS, type ListingField, type LISTING_FIELD_REGISTRY } from './fields.ts';

type Registry = typeof LISTING_FIELD_REGISTRY;
/** A field publishing needs. */
export type NeededField = {
  [K in ListingField]: Registry[K] extends { publish: object } ? K : never;
}[ListingField];

/** A rule that is not one field's presence: a value given that publishing could not show. */
interface ValueRule {
  field: ListingField;
  order: number;
  message: string;
  ok: (value: unknown) => boolean;
}

const VALUE_RULES: readonly ValueRule[] = [
  {
    field: 'accreditations',
    order: 12,
    message: 'Choose accreditations from the list.',
    ok: (v) => !Array.isArray(v) || v.every((a) => (ACCREDITATIONS as readonly unknown[]).includes(a)),
  },
  {
    field: 'email',
    order: 15,
    message: 'Correct the admissions e-mail address (like name@example.org) or leave it empty.',
    ok: (v) => typeof v !== 'string' || v.trim() === '' || z.email().safeParse(v.trim()).success,
  },
];

/** Every rule in the administrator's order: the fields publishing needs, then the values it checks. */
const RULES = [
  ...LISTING_FIELDS.flatMap((f) =>
    f.publish
      ? [
          {
            field: f.field,
            order: f.publish.order,
            message: f.publish.message,
            ok: f.publish.present ?? ((v: unknown) => !isBlankValue(v)),
          },
        ]
      : [],
  ),
  ...VALUE_RULES,
].sort((a, b) => a.order - b.order);

/** The sentence for each field publishing needs ("Add the street address."). */
export const NEEDED_MESSAGES = Object.fromEntries(
  LISTING_FIELDS.flatMap((f) => (f.publish ? [[f.field, f.publish.message]] : [])),
) as Record<NeededField, string>;

/** What the administrator's (and the provider's) sentence starts with. */
export const PUBLISHING_SUMMARY = 'This listing cannot be published yet: ';

/**
 * What keeps a listing from being published, by column, in the administrator's order; empty when
 * nothing does. `listing` holds the columns as stored or as the API body sends them.
 *
 * @example publishingProblems({ ...complete, city: ' ' }) // { city: 'Add the city.' }
 */
export function publishingProblems(listing: Partial<Record<ListingField, unknown>>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const rule of RULES) if (!rule.ok(listing[rule.field])) problems[rule.field] ??= rule.message;
  return problems;
}

/** What the provider reads when Submit for Review is refused: approval would need these first. */
export const APPROVAL_NEEDS = {
  title: 'Needed for approval',
  summary: 'Before this listing can be approved: ',
} as const;

/** The provider's sentence: what approval needs, each problem in turn. */
export function approvalNeedsMessage(problems: Record<string, string>): string {
  return APPROVAL_NEEDS.summary + Object.values(problems).join(' ');
}

/** One sentence: the summary and each problem. */
export function publishingProblemMessage(problems: Record<string, string>): string {
  return PUBLISHING_SUMMARY + Object.values(problems).join(' ');
}
