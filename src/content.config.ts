import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import {
  ACCREDITATIONS,
  AGE_GROUPS,
  BLOG_CATEGORIES,
  GENDER_OPTIONS,
  INSURANCE,
  MODALITIES,
  SETTINGS,
} from './lib/vocabulary';

const nonEmpty = (what: string) => z.string().trim().min(1, `${what} must not be empty`);

/**
 * One program per file in `content/programs/<id>.md`. The file name is the program id and
 * its URL (`/program/<id>`). The markdown body is the Overview section.
 */
const programs = defineCollection({
  loader: glob({ base: './content/programs', pattern: '**/*.md' }),
  schema: z
    .strictObject({
      name: nonEmpty('name').describe('Program name as families know it'),
      description: nonEmpty('description').describe(
        'One or two sentences shown on the card and in search results',
      ),
      location: nonEmpty('location').describe('City, e.g. "Belmont"'),
      state: nonEmpty('state').describe('Full state name, e.g. "Massachusetts"'),
      address: z
        .strictObject({
          street: nonEmpty('street'),
          city: nonEmpty('city'),
          state: nonEmpty('state'),
          zip: z.string().regex(/^\d{5}$/, 'zip must be five digits'),
        })
        .describe('Postal address shown in Location & Map and used for the maps link'),
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
      website: z.url('website must be a full URL starting with https://').optional(),
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
      verified: z.boolean().default(false),
      featured: z.boolean().default(false),
      rating: z
        .number()
        .min(0, 'rating must be between 0 and 5')
        .max(5, 'rating must be between 0 and 5')
        .optional(),
      clinicalApproach: z.string().default('').describe('Clinical Approach section'),
      highlights: z.array(nonEmpty('highlight')).default([]).describe('Program Highlights bullet points'),
      team: z
        .array(z.strictObject({ role: nonEmpty('role'), description: nonEmpty('description') }))
        .default([])
        .describe('Team Composition'),
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
    }),
});

/** Blog articles: `content/blog/<slug>.md`, the markdown body is the article. */
const blog = defineCollection({
  loader: glob({ base: './content/blog', pattern: '**/*.md' }),
  schema: z.strictObject({
    id: z.string().regex(/^\d+$/, 'id must be a number in quotes, e.g. "3"'),
    title: nonEmpty('title'),
    excerpt: nonEmpty('excerpt'),
    featuredImage: z.string().describe('Path under public/ or full URL'),
    featuredImageAlt: nonEmpty('featuredImageAlt'),
    publishDate: z.iso.date('publishDate must be YYYY-MM-DD'),
    author: nonEmpty('author'),
    category: z.enum(BLOG_CATEGORIES).describe(`One of: ${BLOG_CATEGORIES.join(', ')}`),
    tags: z.array(nonEmpty('tag')).min(1),
    featured: z.boolean().default(false),
  }),
});

/** Long-form static pages: privacy policy, terms, disclaimer. */
const pages = defineCollection({
  loader: glob({ base: './content/pages', pattern: '**/*.md' }),
  schema: z.strictObject({
    title: nonEmpty('title'),
    description: nonEmpty('description'),
    effectiveDate: z.string().optional().describe('Shown under the title, e.g. "December 30, 2024"'),
    lastUpdated: z.string().optional(),
  }),
});

export const collections = { programs, blog, pages };
