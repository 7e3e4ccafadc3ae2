/**
 * `client:interaction`: hydrate an island on the first pointer, focus or key event inside it.
 *
 * Profile pages keep their buttons as real server-rendered `<button>`s and load React only
 * when someone reaches for one (DESIGN budget: ≤ 20 KB of JS before the first interaction).
 * A click that lands before React is ready is held back and replayed on the same button once
 * the island is hydrated, so the first click is never lost.
 */
import type { ClientDirective } from 'astro';

const TRIGGERS = ['pointerdown', 'focusin', 'keydown'] as const;

const interactionDirective: ClientDirective = (load, _options, el) => {
  let started = false;
  let ready = false;
  let heldClick: HTMLElement | null = null;

  const holdClick = (event: MouseEvent): void => {
    if (ready) return;
    const control =
      event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"]') : null;
    start();
    // Links and form fields work without React; only button clicks need the island.
    if (control === null) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldClick = control;
  };

  function start(): void {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start, true);
    void (async () => {
      const hydrate = await load();
      await hydrate();
      // React hydrates inside a transition; give it a task to attach state before replaying.
      await new Promise((resolve) => setTimeout(resolve, 0));
      ready = true;
      el.removeEventListener('click', holdClick, true);
      const target = heldClick;
      heldClick = null;
      if (target?.isConnected === true) target.click();
    })();
  }

  for (const type of TRIGGERS) el.addEventListener(type, start, { capture: true, passive: true });
  el.addEventListener('click', holdClick, true);
};

export default interactionDirective;
