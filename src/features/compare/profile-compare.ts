/**
 * The "Compare" toggle on program profiles, without React: the button is server-rendered
 * (ProfileCompare.astro); this script sets its `aria-pressed` from the browser's selection,
 * toggles on click and shows the compare tray.
 */
import { $compare, startCompare, toggleCompare } from './store.ts';
import { mountCompareTray } from './tray.ts';

export function mountProfileCompare(): void {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[data-profile-compare]')];
  if (buttons.length === 0) return;
  startCompare();
  const programs = buttons.map((button) => ({
    button,
    program: { id: button.dataset['compareToggle'] ?? '', name: button.dataset['programName'] ?? '' },
  }));
  for (const { button, program } of programs) {
    button.addEventListener('click', () => {
      toggleCompare(program);
    });
  }
  $compare.subscribe((list) => {
    for (const { button, program } of programs) {
      button.setAttribute('aria-pressed', String(list.some((p) => p.id === program.id)));
    }
  });
  mountCompareTray();
}
