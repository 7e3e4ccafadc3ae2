/** Publishing in one place: the approval and the build's loader read listings with the same columns, and rebuilds count as published only once a build containing them succeeded. */
import type postgres from 'postgres';
import type { PublishingState } from '../../../src/api/contracts/admin.ts';
import { columnsOf } from '../../../src/api/contracts/rows.ts';
import type { ListingForPublishing, PublishedListingColumns } from '../../../src/lib/published-listing.ts';
import { SHOWN_FIELDS } from '../../../src/lib/listing/fields.ts';
import { TEST_PROGRAM_LABEL } from '../../../src/lib/vocabulary.ts';
import { withService } from './db.ts';
import { env } from './env.ts';

/** The listing columns a directory program is made from (`listingToProgram`): the registry's shown fields. */
export const PUBLISHED_PROGRAM_COLUMNS = columnsOf<PublishedListingColumns>()([
  'published_program_id',
  ...SHOWN_FIELDS,
]);

/**
 * Listings as `listingToProgram` reads them, with their availability and their provider's
 * verification: one working copy by id (the approval's check, inside its transaction), or every
 * live published version in program id order (the build: the snapshots administrators approved,
 * read back as listing rows, whatever the working copies say meanwhile; test providers' listings
 * are never listed).
 */
export function selectListingsForPublishing(
  sql: postgres.ISql,
  which: { id: string } | 'published',
): postgres.PendingQuery<ListingForPublishing[]> {
  const columns = sql(
    PUBLISHED_PROGRAM_COLUMNS.filter((c) => c !== 'published_program_id').map((c) => `l.${c}`),
  );
  if (which === 'published')
    return sql<ListingForPublishing[]>`
      select s.program_id as published_program_id, ${columns},
             a.status as availability_status, a.wait_weeks as availability_wait_weeks,
             a.confirmed_at as availability_confirmed_at,
             p.verification_status = 'verified' as provider_verified,
             case when p.verification_status = 'verified' then p.verified_at end as provider_verified_at,
             s.reviewed_at as listing_reviewed_at
      from public.listing_publications s
      cross join lateral jsonb_populate_record(null::public.provider_listings, s.snapshot) l
      join public.providers p on p.id = s.provider_id
      left join public.listing_availability a on a.listing_id = s.listing_id
      where s.state = 'live' and p.organization_name <> ${TEST_PROGRAM_LABEL}
      order by s.program_id`;
  return sql<ListingForPublishing[]>`
    select l.published_program_id, ${columns},
           a.status as availability_status, a.wait_weeks as availability_wait_weeks,
           a.confirmed_at as availability_confirmed_at,
           p.verification_status = 'verified' as provider_verified,
           case when p.verification_status = 'verified' then p.verified_at end as provider_verified_at,
           coalesce(l.reviewed_at, now()) as listing_reviewed_at
    from public.provider_listings l
    join public.providers p on p.id = l.provider_id
    left join public.listing_availability a on a.listing_id = l.id
    where l.id = ${which.id}`;
}

/** Live published listings with one of `ids` as their program id: programs from their approval on, before their page is built. */
export function selectApprovedPrograms(
  sql: postgres.ISql,
  ids: readonly string[],
): postgres.PendingQuery<{ id: string; name: string; phone: string | null }[]> {
  return sql<{ id: string; name: string; phone: string | null }[]>`
    select s.program_id as id, s.snapshot ->> 'center_name' as name, s.snapshot ->> 'phone' as phone
    from listing_publications s
    where s.state = 'live' and s.program_id = any(${ids}::text[])`;
}

/** Programs that were published and are no longer (unpublished or withdrawn), by id, with their last published name. */
export function selectFormerPrograms(
  sql: postgres.ISql,
  ids: readonly string[],
): postgres.PendingQuery<{ id: string; name: string }[]> {
  return sql<{ id: string; name: string }[]>`
    select s.program_id as id, s.snapshot ->> 'center_name' as name
    from listing_publications s
    where s.state <> 'live' and s.program_id = any(${ids}::text[])`;
}

/**
 * True when a decision changes what the directory lists: a listing (or an edit of it) approved, or
 * a published one unpublished, withdrawn or republished. A rejected edit changes nothing: the
 * published version stays.
 */
export function publishingChanged(n: { kind: string }): boolean {
  return (
    n.kind === 'listing_approved' ||
    n.kind === 'listing_unpublished' ||
    n.kind === 'listing_withdrawn' ||
    n.kind === 'listing_republished'
  );
}

/**
 * Asks for a rebuild when drained decisions change the directory: a listing published or taken
 * down, or the verification of a provider with approved listings (their Verified badge).
 */
export async function requestRebuildForDecisions(
  decisions: readonly { kind: string; provider_id: string; published_program_id: string | null }[],
): Promise<void> {
  let rebuild = decisions.some(publishingChanged);
  const decidedProviders = decisions
    .filter((n) => n.kind.startsWith('verification_'))
    .map((n) => n.provider_id);
  if (!rebuild && decidedProviders.length > 0) {
    const published = await withService(
      (tx) => tx`
        select 1 from listing_publications
        where provider_id = any(${decidedProviders}::uuid[]) and state = 'live' limit 1`,
    );
    rebuild = published.length > 0;
  }
  if (rebuild) await withService((tx) => tx`select private.request_rebuild(${'directory listings changed'})`);
}

export type RebuildResult = 'triggered' | 'no-hook' | 'waiting';

const TIMEOUT_MS = 10_000;

/** `trigger_title` of a build hook call for `generation` (Netlify shows it as the deploy's title). */
export function rebuildTitle(reason: string, generation?: number | string): string {
  const text = reason.replace(/\s+/g, ' ').trim().slice(0, 150) || 'rebuild';
  return generation === undefined ? text : `${text} [publishing ${String(generation)}]`;
}

/** The generation a deploy title carries (`… [publishing 12]`), or null. */
export function generationOf(title: string | null | undefined): number | null {
  const match = /\[publishing (\d{1,15})\]\s*$/.exec(title ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * POSTs to `BUILD_HOOK_URL`; `'no-hook'` when unset. Throws when the hook answers an error or
 * does not answer within 10 seconds.
 */
export async function triggerRebuild(
  reason = 'listing approved',
  generation?: number | string,
): Promise<Exclude<RebuildResult, 'waiting'>> {
  const hook = env().BUILD_HOOK_URL;
  if (!hook) return 'no-hook';
  const url = new URL(hook);
  url.searchParams.set('trigger_title', rebuildTitle(reason, generation));
  const res = await fetch(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(TIMEOUT_MS) });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`Build hook answered HTTP ${String(res.status)}`);
  return 'triggered';
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Calls the build hook for what is not yet published, if a build may start now. `'triggered'`:
 * the hook accepted (a build is under way); `'waiting'`: something waits for the build under
 * way, the interval or a failure's retry time; `'failed'`: the hook did not accept (asked again
 * by a later drain); `'no-hook'`: no `BUILD_HOOK_URL`; null: everything is published.
 */
export async function askForRebuild(): Promise<RebuildResult | 'failed' | null> {
  if (!env().BUILD_HOOK_URL) {
    const [pending] = await withService((tx) => tx`select 1 from private.pending_rebuild()`);
    return pending ? 'no-hook' : null;
  }
  const interval = env().REBUILD_MIN_INTERVAL_SECONDS;
  const [claim] = await withService(
    (tx) => tx<{ generation: string; reason: string }[]>`
      select generation::text, reason from private.claim_rebuild(${interval})`,
  );
  if (!claim) {
    const [pending] = await withService((tx) => tx`select 1 from private.pending_rebuild()`);
    return pending ? 'waiting' : null;
  }
  try {
    const outcome = await triggerRebuild(claim.reason, claim.generation);
    await withService((tx) => tx`select private.rebuild_started(${claim.generation})`);
    return outcome;
  } catch (error) {
    console.error('[rebuild] build hook:', error);
    await withService((tx) => tx`select private.rebuild_hook_failed(${claim.generation}, ${message(error)})`);
    return 'failed';
  }
}

/** `askForRebuild()` for a caller whose answer must not depend on it: errors are logged. */
export async function startRebuildIfDue(): Promise<RebuildResult | 'failed' | null> {
  try {
    return await askForRebuild();
  } catch (error) {
    console.error('[rebuild] ask:', error);
    return 'failed';
  }
}

export interface BuildOutcome {
  /** The newest request the build contains (its hook call's generation). */
  generation: number;
  ok: boolean;
  /** Why it failed (shown to administrators on /admin). */
  error?: string | null;
}

/**
 * Records how a build ended: success publishes every request up to `generation`; failure keeps
 * them for a retry after the backoff. Returns true when newer requests wait for a build (the
 * caller may then `askForRebuild()`).
 */
export async function recordBuildOutcome(outcome: BuildOutcome): Promise<boolean> {
  if (outcome.ok) {
    const [row] = await withService(
      (tx) => tx<{ more: boolean | null }[]>`select private.rebuild_succeeded(${outcome.generation}) as more`,
    );
    return row?.more === true;
  }
  await withService(
    (tx) => tx`select private.rebuild_failed(${outcome.generation}, ${(outcome.error ?? '').slice(0, 2000)})`,
  );
  return true;
}

/** The newest generation requested so far (0 when none): what a build starting now contains. */
export async function currentGeneration(): Promise<number> {
  const [row] = await withService(
    (tx) => tx<{ generation: string }[]>`select generation::text from public.pending_rebuild`,
  );
  return row ? Number(row.generation) : 0;
}

/**
 * Records a successful deploy that carried no generation (e.g. from a git push): it contains
 * every request made before `createdAt`. Returns the generation it published, or null.
 */
export async function recordDeploySince(createdAt: string | Date): Promise<number | null> {
  const [row] = await withService(
    (tx) => tx<{ generation: string | null }[]>`
      select private.rebuild_succeeded_at(${new Date(createdAt)})::text as generation`,
  );
  return row?.generation ? Number(row.generation) : null;
}

/** The overview's publishing state before any request was ever made. */
export const NOTHING_PUBLISHED_YET: PublishingState = {
  pending: false,
  waiting_since: null,
  published_at: null,
  building: false,
  build_started_at: null,
  failures: 0,
  failed_at: null,
  retry_at: null,
  error: null,
  hook_failures: 0,
  hook_error: null,
};
