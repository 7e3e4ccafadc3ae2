/**
 * The compare selection's rules (docs/product-rules.md#compare): at most three programs, toggle, order kept, bad
 * stored data ignored, ids from a shared URL cleaned; and the browser state around them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPARE_SHARDS, compareDataPath, compareShard } from '../../../../src/features/compare/data.ts';
import {
  COMPARE_STORAGE_KEY,
  MAX_COMPARE,
  compareHref,
  isProgramId,
  parseCompareIds,
  parseStoredSelection,
  toggleProgram,
  type CompareProgram,
} from '../../../../src/features/compare/store.ts';

const A = { id: 'aspen-cove-womens-ocd', name: 'Aspen Cove' };
const B = { id: 'bluebonnet-ridge-ocd', name: 'Bluebonnet Ridge' };
const C = { id: 'cedar-hollow-childrens-ocd', name: 'Cedar Hollow' };
const D = { id: 'desert-bloom-ocd-intensive', name: 'Desert Bloom' };

describe('toggleProgram', () => {
  it('adds at the end, in the order chosen', () => {
    let list: CompareProgram[] = [];
    for (const p of [B, A, C]) ({ list } = toggleProgram(list, p));
    expect(list.map((p) => p.id)).toEqual([B.id, A.id, C.id]);
  });

  it('removes a chosen program and keeps the others in order', () => {
    const { list, result } = toggleProgram([A, B, C], B);
    expect(result).toBe('removed');
    expect(list).toEqual([A, C]);
  });

  it(`refuses a program beyond ${MAX_COMPARE} and leaves the list alone`, () => {
    const before = [A, B, C];
    const { list, result } = toggleProgram(before, D);
    expect(result).toBe('full');
    expect(list).toEqual(before);
    expect(before).toHaveLength(3);
  });

  it('removing one of three makes room again', () => {
    const { list } = toggleProgram([A, B, C], A);
    expect(toggleProgram(list, D)).toEqual({ list: [B, C, D], result: 'added' });
  });

  it('does not change the list it was given', () => {
    const before = [A];
    toggleProgram(before, B);
    expect(before).toEqual([A]);
  });
});

describe('parseStoredSelection', () => {
  it('reads what was stored', () => {
    expect(parseStoredSelection(JSON.stringify([A, B]))).toEqual([A, B]);
  });

  it.each([
    ['nothing', null],
    ['empty', ''],
    ['not JSON', '{oops'],
    ['an object', JSON.stringify({ id: A.id })],
    ['a string', JSON.stringify('aspen-cove-womens-ocd')],
    ['a number', '42'],
  ])('ignores %s', (_, raw) => {
    expect(parseStoredSelection(raw)).toEqual([]);
  });

  it('drops bad entries, duplicates and anything beyond three', () => {
    const raw = JSON.stringify([
      null,
      'aspen-cove-womens-ocd',
      { id: 'Bad Id!' },
      { id: '../../etc' },
      { name: 'no id' },
      A,
      { ...A, name: 'again' },
      B,
      C,
      D,
    ]);
    expect(parseStoredSelection(raw)).toEqual([A, B, C]);
  });

  it('tidies names and falls back to the id without one', () => {
    const raw = JSON.stringify([
      { id: A.id, name: '  Aspen \n Cove ' },
      { id: B.id, name: 7 },
    ]);
    expect(parseStoredSelection(raw)).toEqual([
      { id: A.id, name: 'Aspen Cove' },
      { id: B.id, name: B.id },
    ]);
  });
});

describe('parseCompareIds', () => {
  it('keeps the order of the URL', () => {
    expect(parseCompareIds(`${C.id},${A.id},${B.id}`)).toEqual([C.id, A.id, B.id]);
  });

  it('drops malformed, empty and repeated ids and keeps at most three', () => {
    expect(parseCompareIds(`b,a,b,,BAD!, c ,<script>,d,e`)).toEqual(['b', 'a', 'c']);
  });

  it('drops ids that are not known', () => {
    const known = new Set([A.id, C.id]);
    expect(parseCompareIds(`${A.id},nope,${C.id}`, (id) => known.has(id))).toEqual([A.id, C.id]);
  });

  it.each([null, undefined, '', ',,,'])('gives nothing for %j', (param) => {
    expect(parseCompareIds(param)).toEqual([]);
  });

  it('refuses ids longer than 100 characters', () => {
    expect(isProgramId('a'.repeat(100))).toBe(true);
    expect(isProgramId('a'.repeat(101))).toBe(false);
    expect(parseCompareIds('a'.repeat(101))).toEqual([]);
  });
});

describe('compareHref', () => {
  it('builds a readable shareable link', () => {
    expect(compareHref([A.id, B.id])).toBe(`/compare?ids=${A.id},${B.id}`);
    expect(compareHref([])).toBe('/compare');
    expect(compareHref([A.id], { near: 'Belmont, MA' })).toBe(`/compare?ids=${A.id}&near=Belmont,+MA`);
  });

  it('round-trips through parseCompareIds', () => {
    const href = compareHref([C.id, A.id]);
    expect(parseCompareIds(new URL(href, 'https://example.org').searchParams.get('ids'))).toEqual([
      C.id,
      A.id,
    ]);
  });
});

describe('the browser selection', () => {
  let stored: Map<string, string>;

  beforeEach(() => {
    vi.resetModules();
    stored = new Map();
    vi.stubGlobal('window', { addEventListener: vi.fn() });
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('survives a reload and ignores bad stored data', async () => {
    stored.set(COMPARE_STORAGE_KEY, JSON.stringify([A, { id: 'BAD' }, B]));
    const store = await import('../../../../src/features/compare/store.ts');
    store.startCompare();
    expect(store.compareIds()).toEqual([A.id, B.id]);
    expect(store.toggleCompare(C)).toBe('added');
    expect(JSON.parse(stored.get(COMPARE_STORAGE_KEY) ?? '[]')).toEqual([A, B, C]);

    vi.resetModules();
    const reloaded = await import('../../../../src/features/compare/store.ts');
    expect(reloaded.compareIds()).toEqual([A.id, B.id, C.id]);
  });

  it('refuses a fourth with a toast saying at most 3 can be compared', async () => {
    const store = await import('../../../../src/features/compare/store.ts');
    const toasts = await import('../../../../src/ui/toasts/store.ts');
    for (const p of [A, B, C]) store.toggleCompare(p);
    expect(store.toggleCompare(D)).toBe('full');
    expect(store.compareIds()).toEqual([A.id, B.id, C.id]);
    expect(toasts.$toast.get()?.title).toBe('You can compare at most 3 programs');
    expect(toasts.$toast.get()?.description).toContain('Desert Bloom');
  });

  it('toggles off and forgets the key when empty', async () => {
    const store = await import('../../../../src/features/compare/store.ts');
    store.toggleCompare(A);
    store.toggleCompare(A);
    expect(store.compareIds()).toEqual([]);
    expect(stored.has(COMPARE_STORAGE_KEY)).toBe(false);
    store.toggleCompare(B);
    store.removeFromCompare(B.id);
    expect(store.compareIds()).toEqual([]);
  });

  it('works for the page when storage throws', async () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = await import('../../../../src/features/compare/store.ts');
    store.startCompare();
    expect(store.toggleCompare(A)).toBe('added');
    expect(store.compareIds()).toEqual([A.id]);
  });
});

describe('compare data shards', () => {
  it('an id always lands in the same one of 256 shards, named by two hex digits', () => {
    expect(compareShard('aspen-cove-womens-ocd')).toBe(compareShard('aspen-cove-womens-ocd'));
    expect(compareDataPath('aspen-cove-womens-ocd')).toMatch(/^\/compare-data\/[0-9a-f]{2}\.json$/);
    const ids = Array.from({ length: 20_000 }, (_, i) => `program-${String(i)}`);
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(compareShard(id), (counts.get(compareShard(id)) ?? 0) + 1);
    expect(counts.size).toBe(COMPARE_SHARDS);
    // Spread evenly enough that no fetch is large: at most twice the mean.
    expect(Math.max(...counts.values())).toBeLessThan((2 * ids.length) / COMPARE_SHARDS);
  });
});
