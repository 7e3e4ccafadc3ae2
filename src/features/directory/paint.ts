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
 * later; the page stays responsive to the next key).
 */
export function useShownAfterPaint<T>(value: T): T {
  const shown = useRef(value);
  const [, repaint] = useState(0);
  useEffect(() => {
    if (shown.current === value) return;
    return afterPaint(() => {
      shown.current = value;
      repaint((n) => n + 1);
    });
  }, [value]);
  return shown.current;
}
