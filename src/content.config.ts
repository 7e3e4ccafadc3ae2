import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { programsLoader } from './lib/content/listing-loader';
import { programSchema } from './lib/program-schema';
import { BLOG_CATEGORIES } from './lib/vocabulary';

const nonEmpty = (what: string) => z.string().trim().min(1, `${what} must not be empty`);

/**
 * Programs: one file per program in `content/programs/<id>.md` (the file name is the id and the
 * URL `/program/<id>`, the markdown body the Overview), plus the approved provider listings when
 * a database is configured (src/lib/content/listing-loader.ts). Both are validated by
 * `programSchema`.
 */
const programs = defineCollection({
  loader: programsLoader({ base: './content/programs', pattern: '**/*.md' }),
  schema: programSchema,
});

/** Blog articles: `content/blog/<slug>.md`, the markdown body is the article. */
const blog = defineCollection({
  loader: glob({ base: './content/blog', pattern: '**/*.md' }),
  schema: z.strictObject({
    // Unquoted in YAML, an id is a number: the type's message says to quote it, as the rule's does.
    id: z
      .string({ error: `id must be a number in quotes, e.g. id: '3'` })
      .regex(/^\d+$/, `id must be a number in quotes, e.g. id: '3'`),
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
