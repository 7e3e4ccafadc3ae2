import { describe, expect, it } from 'vitest';
import { firstThenRest } from '../../../../src/features/directory/paint.ts';
import {
  changeQueue,
  IN_TASK_BUDGET_MS,
  waitsForPaint,
} from '../../../../src/features/directory/useChangeAfterPaint.ts';

const cards = (ids: string): { id: string }[] => Array.from(ids).map((id) => ({ id }));
const ids = (list: readonly { id: string }[]): string => list.map((item) => item.id).join('');

describe('firstThenRest: the new first cards at once, the ones below after the paint', () => {
  it.each([
    // [next, before, first, shown until the paint]
    ['new top row, old cards below', 'xyzuvw', 'abcdef', 3, 'xyzdef'],
    ['a card moved up is not shown twice', 'xdzuvw', 'abcdef', 3, 'xdzef'],
    ['as many cards as the new list has', 'xyzu', 'abcdefgh', 3, 'xyzd'],
    ['a short new list is shown whole', 'xy', 'abcdef', 3, 'xy'],
    ['no results: none', '', 'abcdef', 3, ''],
    ['more new cards than before: the rest follow', 'xyzuvw', 'abcd', 3, 'xyzd'],
    ['from nothing: the first cards only', 'xyzuvw', '', 3, 'xyz'],
    ['unchanged top row', 'abcxyz', 'abcdef', 3, 'abcdef'],
  ])('%s', (_what, next, before, first, expected) => {
    expect(ids(firstThenRest(cards(next), cards(before), first))).toBe(expected);
  });

  it('never repeats a card and never shows more cards than the new list', () => {
    const all = 'abcdefghijklmnop';
    for (let seed = 1; seed < 200; seed++) {
      const pick = (n: number): string =>
        Array.from(all)
          .filter((_, i) => (i * 7 + seed * 13 + n) % 3 !== 0)
          .slice(0, (seed + n) % 12)
          .join('');
      const next = cards(pick(1));
      const shown = firstThenRest(next, cards(pick(2)), 3);
      expect(new Set(ids(shown)).size).toBe(shown.length);
      expect(shown.length).toBeLessThanOrEqual(next.length);
      expect(ids(shown.slice(0, 3))).toBe(ids(next.slice(0, 3)));
    }
  });
});

describe('waitsForPaint: a Filters change waits for the paint on a device that renders it slowly', () => {
  it.each<[number | null, boolean, string]>([
    [null, true, 'nothing measured yet: the mark first'],
    [2, false, 'a quick render: in the tap’s own task'],
    [IN_TASK_BUDGET_MS, false, 'half a frame exactly'],
    [IN_TASK_BUDGET_MS + 0.1, true, 'over half a frame'],
    [40, true, 'a slow phone'],
  ])('%s ms → waits: %s (%s)', (last, waits, _why) => {
    expect(waitsForPaint(last)).toBe(waits);
  });
});

describe('changeQueue: Filters changes, applied at once or together after the paint', () => {
  /** A queue over a list of letters, with a hand-run schedule; returns what was applied. */
  function setup(waits: boolean) {
    let value = '';
    const applied: string[] = [];
    const scheduled: (() => void)[] = [];
    const cancelled: number[] = [];
    const queue = changeQueue<string>({
      apply: (update) => {
        value = update(value);
        applied.push(value);
      },
      schedule: (task) => {
        scheduled.push(task);
        const n = scheduled.length;
        return () => cancelled.push(n);
      },
      waits: () => waits,
    });
    const add = (letter: string) => (current: string) => current + letter;
    return { queue, applied, scheduled, cancelled, add, value: () => value };
  }

  it('a quick device: each change is applied in its own task, nothing scheduled', () => {
    const t = setup(false);
    t.queue.change(t.add('a'));
    t.queue.change(t.add('b'));
    expect(t.applied).toEqual(['a', 'ab']);
    expect(t.scheduled).toHaveLength(0);
  });

  it('a slow device: changes before the paint are applied together, in order, once', () => {
    const t = setup(true);
    t.queue.change(t.add('a'));
    t.queue.change(t.add('b'));
    expect(t.applied).toEqual([]);
    expect(t.scheduled).toHaveLength(1);
    t.scheduled[0]?.();
    expect(t.applied).toEqual(['ab']);
    t.queue.change(t.add('c'));
    expect(t.scheduled).toHaveLength(2);
    t.scheduled[1]?.();
    expect(t.applied).toEqual(['ab', 'abc']);
  });

  it('each update is applied to the newest value (a change made elsewhere meanwhile counts)', () => {
    const t = setup(true);
    t.queue.change(t.add('a'));
    // The value moves on before the flush (e.g. the place resolved): the update builds on it.
    t.queue.flush();
    t.queue.change((current) => `${current}!`);
    t.scheduled[1]?.();
    expect(t.value()).toBe('a!');
  });

  it('flush (closing the dialog) applies what waits at once and cancels the scheduled run', () => {
    const t = setup(true);
    t.queue.change(t.add('a'));
    t.queue.flush();
    expect(t.applied).toEqual(['a']);
    expect(t.cancelled).toEqual([1]);
    t.queue.flush();
    expect(t.applied).toEqual(['a']);
  });

  it('dispose forgets what waits', () => {
    const t = setup(true);
    t.queue.change(t.add('a'));
    t.queue.dispose();
    expect(t.cancelled).toEqual([1]);
    t.queue.flush();
    expect(t.applied).toEqual([]);
  });
});
