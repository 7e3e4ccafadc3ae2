/**
 * The programs collection's loader: the program files (Astro's glob loader) and, when a database
 * is configured (`DATABASE_URL`: the local backend under `npm start`, or production's Supabase
 * connection at build time), every approved provider listing, validated by the same schema, and
 * every program's rating and reviews from its published reviews (`loadReviews`).
 *
 * A file always wins over a listing with the same id (an admin cannot choose a taken id, but a
 * file may be added later, and a provider's listing may be linked to a program file on purpose,
 * as the seed does for the test program): the program is published, by its file. An approved
 * listing that does not pass the schema fails the build, naming the listing and its problems: it
 * is never left out with only a log line (approved, yet a 404). The database refuses such an
 * approval in the first place (migration 20261125000300, trigger provider_listings_publishable);
 * this is for rules the database does not know. The failed build is reported like any other
 * (retried, shown on /admin with this message). A database that cannot be reached fails the
 * build too: a deploy without the published programs must never replace one with them.
 */
import { readFileSync, readdirSync, type Dirent } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { glob } from 'astro/loaders';
import postgres from 'postgres';
import { selectListingsForPublishing } from '../../../netlify/functions/_shared/publishing.ts';
import { readPublishedReviews, type ProgramReviewData } from '../../../netlify/functions/_shared/reviews.ts';
import { NO_PROGRAM_REVIEWS, type ProgramData } from '../program-schema.ts';
import { TEST_PROGRAM_LABEL } from '../vocabulary.ts';
import { listingToProgram, type ListingForPublishing, type PublishingResult } from '../published-listing.ts';
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
    const listings = await selectListingsForPublishing(sql, 'published');
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

/** Approved listings the build cannot publish: the build fails with every one of them named. */
export class UnpublishableListingsError extends Error {
  readonly problems: { id: string; problems: Record<string, string> }[];
  constructor(problems: { id: string; problems: Record<string, string> }[]) {
    super(
      `${String(problems.length)} approved listing(s) cannot be published, so the build stops rather ` +
        `than leave them out: ${problems
          .map((p) => `"${p.id}": ${Object.values(p.problems).join(' ')}`)
          .join(
            '; ',
          )}. Correct each listing (or set its status back to 'pending') in the database, then rebuild.`,
    );
    this.name = 'UnpublishableListingsError';
    this.problems = problems;
  }
}

/** Every approved listing as a program; throws UnpublishableListingsError if any cannot be one. */
export function listingsAsPrograms(
  listings: readonly ListingForPublishing[],
): (PublishingResult & { ok: true })[] {
  const programs: (PublishingResult & { ok: true })[] = [];
  const refused: { id: string; problems: Record<string, string> }[] = [];
  for (const listing of listings) {
    const result = listingToProgram(listing);
    if (result.ok) programs.push(result);
    else refused.push({ id: result.id, problems: result.problems });
  }
  if (refused.length > 0) throw new UnpublishableListingsError(refused);
  return programs;
}

/** Adds the approved listings to the store the glob loader has just filled. */
async function loadListings(context: LoaderContext, databaseUrl: string): Promise<void> {
  const { store, logger } = context;
  const programs = listingsAsPrograms(await readPublishedListings(databaseUrl));
  let added = 0;
  for (const result of programs) {
    if (store.has(result.id)) {
      logger.info(`listing "${result.id}": published by content/programs/${result.id}.md, which has that id`);
      continue;
    }
    // The schema's output carries the build's review fields; its input refuses them.
    const {
      rating: _,
      reviewCount: _c,
      ratingDistribution: _d,
      sampleReviewCount: _s,
      reviews: _r,
      ...input
    } = result.data;
    const data = await context.parseData({ id: result.id, data: input });
    store.set({ id: result.id, data, digest: context.generateDigest(data) });
    added += 1;
  }
  logger.info(`${String(added)} program(s) from approved provider listings`);
}

/**
 * What Astro's content layer hands every loader besides the documented context (Astro 7). The
 * file's text is spelled `'\u0063ontents'` here: Tailwind reads every source file for class names,
 * and the plain word is a display utility it would add to the site's stylesheet.
 */
interface MarkdownEntryType {
  getEntryInfo(params: {
    '\u0063ontents': string;
    fileUrl: URL;
  }): Promise<{ data: Record<string, unknown>; body: string }>;
  getRenderFunction?(
    config: LoaderContext['config'],
  ): Promise<
    (entry: {
      id: string;
      data: Record<string, unknown>;
      body: string;
      filePath: string;
      digest: string;
    }) => Promise<{ html: string; metadata?: { imagePaths?: string[] } } | undefined>
  >;
}

/**
 * The program file names the fast path takes: one folder, names that are already their own slug,
 * so the id is the file name exactly as Astro's glob loader would make it (github-slugger leaves
 * such a name as it is). Anything else goes through the glob loader.
 */
const PLAIN_FILE = /^[a-z0-9_-]+\.md$/;

/**
 * The rendered body without `metadata.frontmatter`: the renderer copies the raw frontmatter there
 * (it is what `render(entry).remarkPluginFrontmatter` returns), a second object graph of every
 * program's data in the store, the data-store module and the heap of the build. No page reads it:
 * profiles use `entry.data` and only the rendered HTML.
 */
function withoutFrontmatter<T extends { metadata?: object } | undefined>(rendered: T): T {
  if (rendered?.metadata === undefined || !('frontmatter' in rendered.metadata)) return rendered;
  const { frontmatter: _, ...metadata } = rendered.metadata;
  return { ...rendered, metadata };
}

/**
 * The program files in one synchronous pass, for `astro build` and `astro sync` (no watcher):
 * the same entries as Astro's glob loader (the `.md` entry type's own frontmatter parser and
 * markdown renderer, `parseData` with the collection schema, the same digest, file path and
 * rendered HTML), in the order the folder lists them, without the 3–4 file-system round trips
 * through the thread pool and the promise queue per file that cost about 2 s of CPU at 20,000
 * programs. An entry whose file is unchanged since the stored build is kept as it is, as the glob
 * loader does. A file that cannot be read fails the build (the glob loader would leave the
 * program out with an error in the log). Returns false (nothing done) when the folder holds
 * anything the fast path does not take; the caller then uses the glob loader.
 */
export async function loadProgramFiles(context: LoaderContext, base: string): Promise<boolean> {
  const { config, store, logger } = context;
  const entryType = (
    context as LoaderContext & { entryTypes?: Map<string, MarkdownEntryType> }
  ).entryTypes?.get('.md');
  if (!entryType?.getRenderFunction) return false;
  const baseDir = new URL(base.endsWith('/') ? base : `${base}/`, config.root);
  const dir = fileURLToPath(baseDir);
  let dirents: Dirent[];
  try {
    dirents = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  const files: string[] = [];
  for (const dirent of dirents) {
    if (dirent.isFile() && PLAIN_FILE.test(dirent.name)) files.push(dirent.name);
    else if (dirent.isDirectory() || dirent.name.endsWith('.md')) return false;
  }
  const root = fileURLToPath(config.root);
  const render = await entryType.getRenderFunction(config);
  const untouched = new Set(store.keys());
  for (const file of files) {
    const id = file.slice(0, -'.md'.length);
    const filePath = join(dir, file);
    const source = readFileSync(filePath, 'utf8');
    untouched.delete(id);
    const digest = context.generateDigest(source);
    const existing = store.get(id);
    // Unchanged since the stored build (a local rebuild): keep it. An entry with images to import
    // is done again, so that its imports are registered for this build too.
    if (existing?.digest === digest && existing.filePath && !existing.assetImports?.length) continue;
    const { data, body } = await entryType.getEntryInfo({
      '\u0063ontents': source,
      fileUrl: pathToFileURL(filePath),
    });
    const parsed = await context.parseData({ id, data, filePath });
    let rendered: Awaited<ReturnType<typeof render>>;
    try {
      rendered = withoutFrontmatter(await render({ id, data, body, filePath, digest }));
    } catch (error) {
      logger.error(`Error rendering ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    store.set({
      id,
      data: parsed,
      body,
      filePath: relative(root, filePath).split('\\').join('/'),
      digest,
      ...(rendered === undefined
        ? {}
        : {
            rendered,
            ...(rendered.metadata?.imagePaths ? { assetImports: rendered.metadata.imagePaths } : {}),
          }),
    });
  }
  for (const id of untouched) store.delete(id);
  return true;
}

/**
 * A program's data with what its published reviews give it (docs/product-rules.md#reviews-and-ratings):
 * the rating (average, one decimal) and count, the distribution, how many are sample reviews, and
 * the newest reviews. Without published reviews: no rating, "No reviews yet".
 */
export function withReviews(data: ProgramData, reviews: ProgramReviewData | undefined): ProgramData {
  const { rating: _, ...rest } = data;
  if (reviews === undefined || reviews.summary.count === 0 || reviews.summary.rating === null)
    return { ...rest, ...NO_PROGRAM_REVIEWS };
  return {
    ...rest,
    rating: reviews.summary.rating,
    reviewCount: reviews.summary.count,
    ratingDistribution: reviews.summary.distribution,
    sampleReviewCount: reviews.sampleCount,
    reviews: reviews.reviews,
  };
}

/**
 * Sets every program's reviews (files and listings alike) from the published reviews in the
 * database: a rating is always that of the program's published reviews, never a file's. Entries
 * without reviews, as the files and listings give them, are left as they are (so the fast path
 * still finds unchanged files unchanged at the next build); the others get a digest of their own.
 */
async function loadReviews(context: LoaderContext, databaseUrl: string): Promise<void> {
  const { store, logger } = context;
  const sql = postgres(databaseUrl, { max: 1, connect_timeout: 15, idle_timeout: 1, onnotice: () => {} });
  let byProgram: Map<string, ProgramReviewData>;
  try {
    byProgram = await readPublishedReviews(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
  let rated = 0;
  for (const entry of store.values()) {
    const current = entry.data as unknown as ProgramData;
    const reviews = byProgram.get(entry.id);
    if (reviews === undefined && current.reviewCount === 0 && current.rating === undefined) continue;
    const data = withReviews(current, reviews);
    if (data.reviewCount > 0) rated += 1;
    store.set({
      ...entry,
      data: data as unknown as Record<string, unknown>,
      digest: context.generateDigest(`${String(entry.digest ?? '')}\n${JSON.stringify(reviews ?? null)}`),
    });
  }
  logger.info(`${String(rated)} program(s) with published reviews`);
}

export function programsLoader(options: { base: string; pattern: string }): Loader {
  const files = glob(options);
  return {
    name: 'programs',
    async load(context) {
      // Every entry the files do not give is removed, listings of an earlier build included. Under
      // `astro dev` the glob loader also watches the folder.
      const fast =
        context.watcher === undefined &&
        options.pattern === '**/*.md' &&
        (await loadProgramFiles(context, options.base));
      if (!fast) await files.load(context);
      const databaseUrl = process.env.DATABASE_URL;
      if (databaseUrl) {
        await loadListings(context, databaseUrl);
        await loadReviews(context, databaseUrl);
      }
    },
  };
}
