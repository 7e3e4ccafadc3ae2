import { useEffect, useMemo, useRef, useState } from 'react';

/** Runs `task` after the next paint (a frame, then a task); the returned function cancels it. */
export function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Cards rendered in the change's own task: the first row at the widest layout (three columns),
 * which holds every card in view when the results sit under the search form.
 */
export const CARDS_IN_TASK = 3;

/**
 * What the list shows between a change and the paint after it: the first `first` cards of
 * `next`, then the cards that were below them before (without those now at the top), as many as
 * `next` has. The cards in view are the new ones at once; the page keeps the new list's length
 * (no jump of what follows the list), and the cards below the fold follow after the paint.
 */
export function firstThenRest<T extends { id: string }>(
  next: readonly T[],
  before: readonly T[],
  first: number,
): readonly T[] {
  if (next.length <= first) return next;
  const head = next.slice(0, first);
  const ids = new Set(head.map((item) => item.id));
  const rest = before
    .slice(first)
    .filter((item) => !ids.has(item.id))
    .slice(0, next.length - first);
  return [...head, ...rest];
}

/**
 * The cards for `value`: the first `CARDS_IN_TASK` at once (the person sees the new results in
 * the frame that shows the typed character), the rest after the next paint, in a task of their
 * own rather than delaying that paint (the page stays responsive to the next key). While `hold`
 * is true the cards stay as they were and nothing is scheduled; the render that ends the hold
 * (the Filters dialog closing) shows the new first cards at once and the rest after the paint.
 */
export function useShownAfterPaint<T extends { id: string }>(
  value: readonly T[],
  hold = false,
): readonly T[] {
  /** The list last shown whole. */
  const shown = useRef(value);
  const [, repaint] = useState(0);
  const before = shown.current;
  useEffect(() => {
    if (hold || shown.current === value) return;
    return afterPaint(() => {
      shown.current = value;
      repaint((n) => n + 1);
    });
  }, [value, hold]);
  return useMemo(
    () => (hold || before === value ? before : firstThenRest(value, before, CARDS_IN_TASK)),
    [value, before, hold],
  );
}
