import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { afterPaint } from './paint.ts';

/** A change to a value, applied to the newest one (two quick taps both count). */
export type Update<T> = (current: T) => T;

/**
 * Half a frame: a change whose render took longer than this on this device is applied after the
 * next paint (the tapped box shows its mark first); a cheaper one in the tap's own task (its
 * results in the same frame).
 */
export const IN_TASK_BUDGET_MS = 8;

/** How long the last applied change took to render on this device; unknown until one is made. */
let lastRenderMs: number | null = null;

/** Whether the next change waits for the paint: until one was measured, and when it was slow. */
export function waitsForPaint(lastMs: number | null): boolean {
  return lastMs === null || lastMs > IN_TASK_BUDGET_MS;
}

/**
 * Changes waiting to be applied together: `change` applies at once unless `waits()` says so, else
 * queues the update and schedules one `flush` (`schedule` returns its cancel); `flush` applies
 * every queued update in order to the newest value, in one `apply`. No React here, so the rules
 * are unit-tested; `useChangeAfterPaint` below gives it the paint and the timing.
 */
export function changeQueue<T>(options: {
  apply: (update: Update<T>) => void;
  schedule: (task: () => void) => () => void;
  waits: () => boolean;
}) {
  let queued: Update<T>[] = [];
  let cancel: (() => void) | null = null;

  function flush(): void {
    cancel?.();
    cancel = null;
    const updates = queued;
    queued = [];
    if (updates.length === 0) return;
    options.apply((current) => updates.reduce((next, update) => update(next), current));
  }

  function change(update: Update<T>): void {
    queued.push(update);
    if (!options.waits()) flush();
    else cancel ??= options.schedule(flush);
  }

  /** Forgets what waits (the component is gone). */
  function dispose(): void {
    cancel?.();
    cancel = null;
    queued = [];
  }

  return { change, flush, dispose };
}

/**
 * Changes for `apply`, made at once when this device renders them within half a frame, else
 * queued and applied together after the next paint (a slow phone paints the tapped box's mark
 * first and the counts follow: counting and laying out every option in the tap's own task kept
 * the mark from showing for about 100 ms). `flush` applies what waits at once (before closing).
 * The render's cost is taken from the change to this component's next commit.
 */
export function useChangeAfterPaint<T>(apply: (update: Update<T>) => void) {
  const latestApply = useRef(apply);
  latestApply.current = apply;
  const started = useRef<number | null>(null);
  const [queue] = useState(() =>
    changeQueue<T>({
      apply: (update) => {
        started.current = performance.now();
        latestApply.current(update);
      },
      schedule: afterPaint,
      waits: () => waitsForPaint(lastRenderMs),
    }),
  );

  // Runs after every commit of the component, before the paint: the change's render is done.
  useLayoutEffect(() => {
    if (started.current === null) return;
    lastRenderMs = performance.now() - started.current;
    started.current = null;
  });

  useEffect(
    () => () => {
      queue.dispose();
    },
    [queue],
  );

  return { change: queue.change, flush: queue.flush };
}
