import { useEffect, useRef, useState } from 'react';

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
 * `value`, shown only after the next paint once it changes: a keystroke paints the typed
 * character, a toggle in the Filters dialog paints the dialog's new counts, and the cards follow
 * in a task of their own rather than delaying that paint (a person sees the new cards one frame
 * later; the page stays responsive to the next key). While `hold` is true the value shown stays
 * as it was and nothing is scheduled; the render that ends the hold shows the latest value at
 * once (the Filters dialog closing: the cards are there as soon as it is gone).
 */
export function useShownAfterPaint<T>(value: T, hold = false): T {
  const shown = useRef(value);
  const held = useRef(hold);
  const [, repaint] = useState(0);
  if (held.current && !hold) shown.current = value;
  held.current = hold;
  useEffect(() => {
    if (hold || shown.current === value) return;
    return afterPaint(() => {
      shown.current = value;
      repaint((n) => n + 1);
    });
  }, [value, hold]);
  return shown.current;
}
