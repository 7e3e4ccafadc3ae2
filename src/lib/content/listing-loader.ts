/**
 * The programs collection's loader: the program files (Astro's glob loader) and, when a database
 * is configured (`DATABASE_URL`: the local backend under `npm start`, or production's Supabase
 * connection at build time), every approved provider listing, validated by the same schema.
 *
 * A file always wins over a listing with the same id (an admin cannot choose a taken id, but a
 * file may be added later). A listing that no longer passes the schema (e.g. approved in Studio
 * while incomplete) is left out with a warning. A database that cannot be reached fails the
 * build: a deploy without the published programs must never replace one with them.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { glob } from 'astro/loaders';
import postgres from 'postgres';
import { TEST_PROGRAM_LABEL } from '../vocabulary.ts';
import { listingToProgram, type ListingForPublishing } from '../published-listing.ts';

/** Approved listings with a program id, test providers left out, in id order. */
export async function readPublishedListings(databaseUrl: string): Promise<ListingForPublishing[]> {
  const sql = postgres(databaseUrl, { max: 1, connect_timeout: 15, idle_timeout: 1, onnotice: () => {} });
  try {
    return await sql<ListingForPublishing[]>`
      select l.published_program_id, l.center_name, l.description, l.phone, l.email, l.website,
             l.address, l.city, l.state, l.zip_code, l.age_groups, l.gender_specific, l.setting,
             l.capacity, l.avg_length, l.modalities, l.staff_ratio, l.medical_support, l.insurance,
             l.financial_aid, l.logo_url, l.accreditations,
             p.verification_status = 'verified' as provider_verified
      from public.provider_listings l
      join public.providers p on p.id = l.provider_id
      where l.status = 'approved' and l.published_program_id is not null
        and p.organization_name <> ${TEST_PROGRAM_LABEL}
      order by l.published_program_id`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Adds the approved listings to the store the glob loader has just filled. */
async function loadListings(context: LoaderContext, databaseUrl: string): Promise<void> {
  const { store, logger } = context;
  const listings = await readPublishedListings(databaseUrl);
  let added = 0;
  for (const listing of listings) {
    const result = listingToProgram(listing);
    if (!result.ok) {
      logger.warn(`listing "${result.id}" left out: ${Object.values(result.problems).join(' ')}`);
      continue;
    }
    if (store.has(result.id)) {
      logger.warn(`listing "${result.id}" left out: content/programs/${result.id}.md has that id`);
      continue;
    }
    const data = await context.parseData({ id: result.id, data: { ...result.data } });
    store.set({ id: result.id, data, digest: context.generateDigest(data) });
    added += 1;
  }
  logger.info(`${String(added)} program(s) from approved provider listings`);
}

export function programsLoader(options: { base: string; pattern: string }): Loader {
  const files = glob(options);
  return {
    name: 'programs',
    async load(context) {
      // The glob loader removes every entry it did not load, listings of an earlier build included.
      await files.load(context);
      const databaseUrl = process.env.DATABASE_URL;
      if (databaseUrl) await loadListings(context, databaseUrl);
    },
  };
}
