/**
 * Engagement tracking (docs/product-rules.md#engagement): `track(programId, type)` queues an
 * event; the queue is sent when it holds ENGAGEMENT_BATCH_SIZE events, ENGAGEMENT_FLUSH_MS after the last event,
 * and when the page is hidden or left (sendBeacon, which survives unload). Events carry the
 * program id and the event type only. Failures are logged as warnings and never shown.
 *
 * @example track('silver-creek-ranch', 'website_click');
 */
import { ENGAGEMENT_BATCH_SIZE, ENGAGEMENT_FLUSH_MS, type EngagementEventType } from '../lib/vocabulary.ts';

export const ENGAGEMENT_ENDPOINT = '/api/engagement';

type EngagementEvent = { program_id: string; event_type: EngagementEventType };

const queue: EngagementEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** Sends everything queued. `unloading` prefers sendBeacon, which the browser finishes after the page is gone. */
export function flush(unloading = false): void {
  if (timer !== undefined) {
    clearTimeout(timer);
    timer = undefined;
  }
  if (queue.length === 0) return;
  const events = queue.splice(0, queue.length);
  const body = JSON.stringify({ events });
  // text/plain keeps the beacon a "simple" request (no CORS preflight); the API reads JSON from it.
  if (unloading && typeof navigator.sendBeacon === 'function') {
    const sent = navigator.sendBeacon(
      ENGAGEMENT_ENDPOINT,
      new Blob([body], { type: 'text/plain;charset=UTF-8' }),
    );
    if (sent) return;
  }
  fetch(ENGAGEMENT_ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  })
    .then((response) => {
      if (!response.ok) console.warn(`Engagement tracking failed: HTTP ${response.status}`);
    })
    .catch((error: unknown) => {
      console.warn('Engagement tracking failed:', error);
    });
}

function listenForUnload(): void {
  if (listening) return;
  listening = true;
  addEventListener('pagehide', () => {
    flush(true);
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush(true);
  });
}

/** Queues one engagement event for a program. */
export function track(programId: string, eventType: EngagementEventType): void {
  listenForUnload();
  queue.push({ program_id: programId, event_type: eventType });
  if (queue.length >= ENGAGEMENT_BATCH_SIZE) {
    flush();
    return;
  }
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(() => {
    flush();
  }, ENGAGEMENT_FLUSH_MS);
}

/**
 * Wires a page: records `view` now and the `data-track` clicks that follow.
 * Elements opt in with `data-track="website_click"` (or `call_click`) and `data-program-id`.
 */
export function trackPage(programId: string): void {
  track(programId, 'view');
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-track]') : null;
    if (target === null) return;
    const type = target.dataset['track'];
    if (type === 'website_click' || type === 'call_click') {
      track(target.dataset['programId'] ?? programId, type);
    }
  });
}
