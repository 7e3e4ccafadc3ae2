/**
 * The schema of a directory program: the frontmatter of `content/programs/<id>.md` and, at build
 * time, each approved provider listing (src/lib/published-listing.ts). One schema, so a program
 * from the database is held to exactly the rules of a program file.
 */
import { z } from 'zod';
import { ACCREDITATIONS, AGE_GROUPS, GENDER_OPTIONS, INSURANCE, MODALITIES, SETTINGS } from './vocabulary.ts';
import { AVAILABILITY_STATUSES } from './availability.ts';
import { OUTCOME_MEASURES, SCORE_DIRECTIONS } from './fidelity.ts';
import { FIRST_OUTCOME_YEAR, LISTING_RANGES } from './listing-ranges.ts';
import { hasBidiControl } from './schemas.ts';
import { parseIsoDate } from './dates.ts';
import { NO_DISTRIBUTION, type RatingDistribution } from './reviews.ts';
import type { PublicReview } from '../api/contracts/reviews.ts';

const POINTS = LISTING_RANGES.score_points;

export const nonEmpty = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} must not be empty`)
    .refine((v) => !hasBidiControl(v), `${what} must not contain direction-override characters`);

const count = (what: string, max: number) =>
  z
    .number(`${what} must be a number`)
    .min(0, `${what} must be 0 or more`)
    .max(max, `${what} must be at most ${String(max)}`);

/**
 * A trust date (docs/product-rules.md#what-the-badges-mean): `YYYY-MM-DD`, a real calendar day
 * (`parseIsoDate`), from 2000 on.
 */
const trustDate = (what: string) =>
  z.string(`${what} must be a date like 2026-03-05`).refine((v) => {
    try {
      return parseIsoDate(v).getUTCFullYear() >= 2000;
    } catch {
      return false;
    }
  }, `${what} must be a real date like 2026-03-05, from 2000 on`);

/** Beds open now / wait list / not admitting, and the day the program last confirmed it. */
export const availabilitySchema = z.strictObject({
  status: z.enum(AVAILABILITY_STATUSES).describe(`One of: ${AVAILABILITY_STATUSES.join(', ')}`),
  waitWeeks: z.number().int().min(1).max(104).optional().describe('For waitlist: about how many weeks'),
  confirmedOn: z.iso
    .date('confirmedOn must be YYYY-MM-DD')
    .describe('The day the program last confirmed this'),
});

/** How the program delivers OCD treatment: every fact optional, "Not reported" when missing. */
export const fidelitySchema = z
  .strictObject({
    erpHoursPerWeek: count('erpHoursPerWeek', 80).optional(),
    individualSessionsPerWeek: count('individualSessionsPerWeek', 30).optional(),
    specialisedCliniciansPercent: count('specialisedCliniciansPercent', 100)
      .optional()
      .describe('Share of clinicians with specialized OCD/ERP training (e.g. IOCDF BTTI), 0–100'),
    outcomeMeasure: z
      .enum(OUTCOME_MEASURES)
      .optional()
      .describe(`One of: ${OUTCOME_MEASURES.join(', ')}`),
    medianScoreChange: z
      .strictObject({
        direction: z
          .enum(SCORE_DIRECTIONS)
          .describe('From admission to discharge the median score fell, rose or did not change (unchanged)'),
        points: z
          .number()
          .min(POINTS.min)
          .max(POINTS.max)
          .multipleOf(POINTS.step)
          .describe('By how many points, 0–40 in steps of 0.5; 0 exactly when unchanged'),
        year: z.number().int().min(FIRST_OUTCOME_YEAR).max(2100).describe('The year of the figures'),
        sampleSize: z
          .number()
          .int()
          .min(LISTING_RANGES.score_change_sample.min)
          .max(LISTING_RANGES.score_change_sample.max)
          .describe('How many patients the median is over'),
      })
      .refine((c) => (c.direction === 'unchanged') === (c.points === 0), {
        message: 'points must be 0 when the direction is unchanged, and more than 0 when it fell or rose',
        path: ['points'],
      })
      .optional(),
    family: z
      .strictObject({
        sessionsPerWeek: count('family.sessionsPerWeek', 14).optional(),
        accommodationWork: z.boolean().optional().describe('Works with the family on reducing accommodation'),
      })
      .optional(),
  })
  .refine(
    (f) =>
      f.medianScoreChange === undefined || f.outcomeMeasure === 'Y-BOCS' || f.outcomeMeasure === 'CY-BOCS',
    {
      message: 'a medianScoreChange needs the outcomeMeasure it was measured on: Y-BOCS or CY-BOCS',
      path: ['outcomeMeasure'],
    },
  );

/** What a parent of a minor must know (programs serving children or adolescents). */
export const youthSafetySchema = z.strictObject({
  license: z
    .strictObject({
      number: nonEmpty('license.number').optional(),
      agency: nonEmpty('license.agency').optional(),
    })
    .optional(),
  restraintSeclusionPolicy: nonEmpty('restraintSeclusionPolicy').optional(),
  parentContactPolicy: nonEmpty('parentContactPolicy').optional(),
  schooling: nonEmpty('schooling').optional(),
  transportEscort: nonEmpty('transportEscort').optional(),
});

/**
 * What a program's published reviews give it (docs/product-rules.md#reviews-and-ratings), set by
 * the build and nothing else: a program file or a listing cannot set a rating.
 */
export interface ProgramReviews {
  /** The average of the published reviews, one decimal (src/lib/reviews.ts); absent without reviews. */
  rating?: number;
  /** How many published reviews ("4.6 · 12 reviews"; 0: "No reviews yet"). */
  reviewCount: number;
  /** Published reviews with 5, 4, 3, 2 and 1 stars. */
  ratingDistribution: RatingDistribution;
  /** How many of them are the seed's fictional demo reviews (JSON-LD states no rating then). */
  sampleReviewCount: number;
  /** The newest published reviews (at most REVIEWS_IN_PAGE), newest first, with their responses. */
  reviews: readonly PublicReview[];
}

/** A program without published reviews. */
export const NO_PROGRAM_REVIEWS: Readonly<Omit<ProgramReviews, 'rating'>> = {
  reviewCount: 0,
  ratingDistribution: NO_DISTRIBUTION,
  sampleReviewCount: 0,
  reviews: [],
};

/**
 * One program. The markdown body (files) or `overview` (listings) is the Overview section.
 */
export const programSchema = z
  .strictObject({
    name: nonEmpty('name').describe('Program name as families know it'),
    description: nonEmpty('description').describe(
      'One or two sentences shown on the card and in search results',
    ),
    overview: z
      .string()
      .optional()
      .describe('Plain-text Overview (programs published from provider listings); files use the body'),
    location: nonEmpty('location').describe('City, e.g. "Belmont"'),
    state: nonEmpty('state').describe('Full state name, e.g. "Massachusetts"'),
    address: z
      .strictObject({
        street: nonEmpty('street'),
        city: nonEmpty('city'),
        state: nonEmpty('state'),
        // Unquoted in YAML, a ZIP is a number (02478 becomes 2478): the message says to quote it.
        zip: z
          .string({
            error: (issue) =>
              issue.input === undefined
                ? 'zip is missing'
                : `zip must be five digits in quotes, e.g. zip: '02478' (without quotes YAML reads ${JSON.stringify(issue.input)} as a number)`,
          })
          .regex(/^\d{5}$/, "zip must be five digits in quotes, e.g. zip: '02478'"),
      })
      .describe('Postal address shown in Location & Map and used for the maps link'),
    coordinates: z
      .strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
      .optional()
      .describe('Overrides the ZIP centroid used for distances'),
    availability: availabilitySchema.optional(),
    fidelity: fidelitySchema.optional(),
    youthSafety: youthSafetySchema.optional(),
    replyHours: z
      .number()
      .min(0)
      .optional()
      .describe('Set by the build for published listings (median hours to a first answer); not for files'),
    ageGroups: z
      .array(z.enum(AGE_GROUPS))
      .min(1, 'list at least one age group')
      .describe(`Any of: ${AGE_GROUPS.join(', ')}`),
    modalities: z
      .array(z.enum(MODALITIES))
      .min(1, 'list at least one modality')
      .describe(`Any of: ${MODALITIES.join(', ')}`),
    insurance: z
      .array(z.enum(INSURANCE))
      .min(1, 'list at least one insurance option')
      .describe(`Any of: ${INSURANCE.join(', ')}`),
    insurancePlans: z
      .array(nonEmpty('plan'))
      .default([])
      .describe('Named plans shown as badges, e.g. "Aetna"'),
    insuranceNotes: z.string().default('').describe('Insurance & Payment description'),
    paymentBenefits: z.array(nonEmpty('benefit')).default([]).describe('Insurance & Payment bullet points'),
    lengthOfStay: nonEmpty('lengthOfStay').describe('Text range, e.g. "45-90 days"'),
    genderSpecific: z.enum(GENDER_OPTIONS).describe(`One of: ${GENDER_OPTIONS.join(', ')}`),
    setting: z.enum(SETTINGS).describe(`One of: ${SETTINGS.join(', ')}`),
    accreditations: z
      .array(z.enum(ACCREDITATIONS))
      .default([])
      .describe(`Any of: ${ACCREDITATIONS.join(', ')}`),
    accreditationNotes: z.string().default('').describe('Accreditation & Outcomes text'),
    outcomes: z
      .array(nonEmpty('outcome'))
      .default([])
      .describe('Outcome statements (as reported by the program)'),
    website: z
      .url({
        protocol: /^https?$/,
        error: 'website must be a full URL starting with https:// (or http:// for a site without https)',
      })
      .optional(),
    email: z
      .email('email must be a valid address')
      .optional()
      .describe('Admissions e-mail; leave out when unknown'),
    phone: z
      .string()
      .regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'phone must look like (555) 010-0123')
      .optional(),
    logo: z.string().optional().describe('Path under public/ or full URL'),
    heroImage: z.string().optional().describe('Path under public/ or full URL'),
    verified: z
      .boolean()
      .default(false)
      .describe('Verified provider: the site team checked its identity, state license and documents'),
    verifiedOn: trustDate('verifiedOn')
      .optional()
      .describe('The day the provider was verified (YYYY-MM-DD); only with verified: true'),
    reviewedOn: trustDate('reviewedOn')
      .optional()
      .describe('The day the site team last reviewed these facts before publishing them (YYYY-MM-DD)'),
    clinicalApproach: z.string().default('').describe('Clinical Approach section'),
    highlights: z.array(nonEmpty('highlight')).default([]).describe('Program Highlights bullet points'),
    team: z
      .array(z.strictObject({ role: nonEmpty('role'), description: nonEmpty('description') }))
      .default([])
      .describe('Team Composition'),
    teamComposition: z
      .string()
      .optional()
      .describe('Team Composition as plain text (programs published from provider listings); files use team'),
    locationFeatures: z
      .array(nonEmpty('feature'))
      .max(3)
      .default([])
      .describe('Up to three lines under Location & Map'),
    testimonials: z
      .array(z.strictObject({ quote: nonEmpty('quote'), author: nonEmpty('author') }))
      .default([])
      .describe('Testimonials (with consent; first names or initials only)'),
    profilePath: z
      .string()
      .regex(/^\/[a-z0-9-]+$/, 'profilePath must look like /mclean')
      .optional()
      .describe('A dedicated page that replaces /program/<id> (e.g. /mclean)'),
    sample: z.boolean().default(false).describe('true for fictional sample programs'),
    test: z
      .boolean()
      .default(false)
      .describe('true only for the test program: never listed, indexed or searched'),
  })
  .refine((p) => p.address.city === p.location && p.address.state === p.state, {
    message: 'address.city and address.state must equal location and state',
    path: ['address'],
  })
  .refine((p) => p.verifiedOn === undefined || p.verified, {
    message: 'verifiedOn is the day the provider was verified: set it only with verified: true',
    path: ['verifiedOn'],
  })
  // Not part of a file or a listing (the strict object refuses a `rating`): the build sets them
  // from the program's published reviews (src/lib/content/listing-loader.ts).
  .transform((p): typeof p & ProgramReviews => ({ ...p, ...NO_PROGRAM_REVIEWS }));

export type ProgramInput = z.input<typeof programSchema>;
export type ProgramData = z.output<typeof programSchema>;
