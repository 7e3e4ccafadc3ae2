/**
 * How a Netlify deploy ended, recorded for publishing (migration 20261125000300): a decision (or
 * availability change) counts as published only once a build containing it succeeded.
 *
 * Netlify runs these handlers on its own deploy events ("Trigger functions on events":
 * https://docs.netlify.com/build/functions/trigger-on-events/; the typed handlers of
 * @netlify/functions, the successor of files named `deploy-succeeded` / `deploy-failed`). The
 * function has no `fetch` handler and no path: it is not reachable over HTTP, so nobody but
 * Netlify can report a deploy.
 *
 * - `deploySucceeded`: a production deploy is live. A deploy started by our build hook carries
 *   its generation in its title (`… [publishing 12]`, _shared/publishing.ts): every request up to
 *   it is published. Any other production deploy (a git push) read the database after it was
 *   created, so it publishes every request made before `createdAt`. Newer requests waiting for
 *   this build to end are then asked for (`startRebuildIfDue`).
 * - `deployFailed`: a production deploy of a generation failed: those requests stay pending with
 *   the error, and the drain asks for them again after the backoff (1, 2, 4, … minutes, at most
 *   an hour); /admin shows "Publishing failed at … — retrying". A failed deploy without a
 *   generation (a git push) does not concern publishing: the last good deploy stays live.
 *
 * Deploy previews and branch deploys read the same database but publish nothing: ignored.
 */
import type { Deploy, DeployFailedEvent, DeploySucceededEvent } from '@netlify/functions';
import {
  generationOf,
  recordBuildOutcome,
  recordDeploySince,
  startRebuildIfDue,
} from './_shared/publishing.ts';

const isProduction = (deploy: Pick<Deploy, 'context'>) => deploy.context === 'production';

export default {
  /** A production deploy is live: what it contained is published. */
  async deploySucceeded(event: DeploySucceededEvent): Promise<void> {
    const { deploy } = event;
    if (!isProduction(deploy)) return;
    const generation = generationOf(deploy.title);
    if (generation === null) await recordDeploySince(deploy.createdAt);
    else await recordBuildOutcome({ generation, ok: true });
    console.log(
      `[publishing] deploy ${deploy.id} succeeded${generation === null ? '' : ` (generation ${String(generation)})`}`,
    );
    // Requests that waited for this build to end.
    await startRebuildIfDue();
  },

  /** A production deploy of a generation failed: it is asked for again after the backoff. */
  async deployFailed(event: DeployFailedEvent): Promise<void> {
    const { deploy } = event;
    const generation = generationOf(deploy.title);
    if (!isProduction(deploy) || generation === null) return;
    const error = deploy.errorMessage?.trim() || `Netlify deploy ${deploy.id} failed`;
    await recordBuildOutcome({ generation, ok: false, error });
    console.error(`[publishing] deploy ${deploy.id} of generation ${String(generation)} failed: ${error}`);
  },
};
