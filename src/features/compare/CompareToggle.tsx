import { useEffect, useSyncExternalStore } from 'react';
import { $compare, startCompare, toggleCompare, type CompareProgram } from './store.ts';
import { mountCompareTray } from './tray.ts';
import { COMPARE_BOX_CLASS, COMPARE_TICK_PATH, COMPARE_TOGGLE_CLASS, COMPARE_TOGGLE_TEXT } from './toggle.ts';

const subscribe = (onChange: () => void) => $compare.listen(onChange);
const getList = () => $compare.get();
const NONE: readonly CompareProgram[] = [];
/** The server renders every toggle unpressed (and hydration starts from the same). */
const getServerList = () => NONE;

/**
 * The "Compare" toggle of a directory card: a button with `aria-pressed`, named "Compare
 * <program>". It starts the browser's selection and the compare tray.
 */
export default function CompareToggle({ program }: { program: CompareProgram }) {
  const list = useSyncExternalStore(subscribe, getList, getServerList);
  useEffect(() => {
    startCompare();
    mountCompareTray();
  }, []);
  const chosen = list.some((p) => p.id === program.id);
  return (
    <button
      type="button"
      aria-pressed={chosen}
      data-compare-toggle={program.id}
      className={COMPARE_TOGGLE_CLASS}
      onClick={() => {
        toggleCompare({ id: program.id, name: program.name });
      }}
    >
      <span aria-hidden="true" className={COMPARE_BOX_CLASS}>
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={2.5} className="size-3.5">
          <path strokeLinecap="round" strokeLinejoin="round" d={COMPARE_TICK_PATH} />
        </svg>
      </span>
      {COMPARE_TOGGLE_TEXT}
      <span className="sr-only"> {program.name}</span>
    </button>
  );
}
