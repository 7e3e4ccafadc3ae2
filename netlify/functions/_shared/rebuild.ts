/**
 * Asks for a new build of the site, so an approved listing becomes a directory program page.
 *
 * In production that is a POST to a Netlify build hook (`BUILD_HOOK_URL`). When it is not set
 * (local runs, previews) nothing happens and the answer says so; a local rebuild under
 * `npm start` is a separate concern.
 */
import { env } from './env.ts';

export type RebuildResult = 'triggered' | 'no-hook';

const TIMEOUT_MS = 10_000;

/** POSTs to `BUILD_HOOK_URL`; `'no-hook'` when unset. Throws when the hook answers an error. */
export async function triggerRebuild(reason = 'listing approved'): Promise<RebuildResult> {
  const hook = env().BUILD_HOOK_URL;
  if (!hook) return 'no-hook';
  // Netlify shows `trigger_title` as the deploy's message.
  const url = new URL(hook);
  url.searchParams.set('trigger_title', reason.slice(0, 200));
  const res = await fetch(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(TIMEOUT_MS) });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`Build hook answered HTTP ${String(res.status)}`);
  return 'triggered';
}
