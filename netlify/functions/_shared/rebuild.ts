/**
 * Rebuilds of the static directory: asked for, coalesced, and counted as published only once a
 * build containing them succeeded (migration 20261125000300_publishing_outcomes.sql).
 *
 * - Requests: something the pages show changed. The database records them itself, in the
 *   transaction of the change (a listing approved, taken down or edited while approved; an
 *   availability change of an approved listing; a provider's Verified badge), and the drain for
 *   each decision (`private.request_rebuild`, one more generation in `pending_rebuild`). Many
 *   requests in a row make one build: at most one build is under way, builds start at most once
 *   per `REBUILD_MIN_INTERVAL_SECONDS`, and the next build contains every request before it.
 * - `askForRebuild()`: the notifications drain calls it every run (Netlify every 5 minutes,
 *   `npm start` every minute), so a request that had to wait, a hook that did not answer and a
 *   build that failed (after its backoff: 1, 2, 4, … minutes, at most an hour) are all asked
 *   for again.
 * - `recordBuildOutcome()`: the build's end. On Netlify the deploy events report it
 *   (netlify/functions/publishing-events.mts); under `npm start` the local rebuilder does.
 *
 * The build hook is a POST to `BUILD_HOOK_URL` (Netlify: Site configuration → Build hooks) whose
 * `trigger_title` ends with `[publishing <generation>]`, so the deploy it starts says which
 * requests it contains. Without `BUILD_HOOK_URL` nothing is called: the requests wait for the
 * next deploy, which reports its outcome the same way.
 */
import { withService } from './db.ts';
import { env } from './env.ts';

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

/** The publishing state /admin shows (netlify/functions/admin-overview.mts). */
export interface PublishingState {
  /** Requests not yet contained in a successful build. */
  pending: boolean;
  /** The oldest of them. */
  waiting_since: string | null;
  /** When the newest successful build was reported. */
  published_at: string | null;
  /** A build is under way, asked for at `build_started_at`. */
  building: boolean;
  build_started_at: string | null;
  /** Failed builds in a row (0: none), the newest failure, why, and when it is tried again. */
  failures: number;
  failed_at: string | null;
  retry_at: string | null;
  error: string | null;
  /** Build hook calls that failed in a row, and why the last one did. */
  hook_failures: number;
  hook_error: string | null;
}

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
