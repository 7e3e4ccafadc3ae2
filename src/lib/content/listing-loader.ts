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
import { REPLY_WINDOW_DAYS, medianReplyHours, type ReplyRow } from '../reply-time.ts';

/**
 * Approved listings with a program id, test providers left out, in id order, with their
 * availability and their median reply time (requests of the last 90 days; test requests left out).
 */
export async function readPublishedListings(
  databaseUrl: string,
  now = new Date(),
): Promise<ListingForPublishing[]> {
  const sql = postgres(databaseUrl, { max: 1, connect_timeout: 15, idle_timeout: 1, onnotice: () => {} });
  try {
    const listings = await sql<ListingForPublishing[]>`
      select l.published_program_id, l.center_name, l.description, l.phone, l.email, l.website,
             l.address, l.city, l.state, l.zip_code, l.age_groups, l.gender_specific, l.setting,
             l.capacity, l.avg_length, l.modalities, l.staff_ratio, l.medical_support, l.insurance,
             l.financial_aid, l.logo_url, l.accreditations,
             l.erp_hours_per_week, l.individual_sessions_per_week, l.specialised_clinicians_percent,
             l.outcome_measure, l.score_change, l.score_change_year, l.score_change_sample,
             l.family_sessions_per_week, l.family_accommodation_work, l.licence_number, l.licence_agency,
             l.restraint_policy, l.parent_contact_policy, l.schooling, l.transport_escort,
             a.status as availability_status, a.wait_weeks as availability_wait_weeks,
             a.confirmed_at as availability_confirmed_at,
             p.verification_status = 'verified' as provider_verified
      from public.provider_listings l
      join public.providers p on p.id = l.provider_id
      left join public.listing_availability a on a.listing_id = l.id
      where l.status = 'approved' and l.published_program_id is not null
        and p.organization_name <> ${TEST_PROGRAM_LABEL}
      order by l.published_program_id`;
    const ids = listings.map((l) => l.published_program_id);
    const since = new Date(now.getTime() - REPLY_WINDOW_DAYS * 86_400_000);
    const requests = await sql<(ReplyRow & { program_id: string })[]>`
      select program_id, created_at, first_status_change_at
      from public.provider_inquiries
      where program_id = any(${ids}::text[]) and created_at > ${since}
        and program_name <> ${TEST_PROGRAM_LABEL}`;
    const byProgram = Map.groupBy(requests, (r) => r.program_id);
    return listings.map((l) => ({
      ...l,
      reply_hours: medianReplyHours(byProgram.get(l.published_program_id) ?? [], now),
    }));
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
