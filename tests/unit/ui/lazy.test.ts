/**
 * lazyComponent (src/ui/lazy.tsx): the code is fetched once however often it is asked for, and
 * fetched again after a failure (the "Try again" of a part that could not load).
 */
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '../../../src/ui/lazy.tsx';

const Part = () => null;

describe('lazyComponent', () => {
  it('fetches the code once, on the first preload', async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const Lazy = lazyComponent(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([Lazy.preload(), Lazy.preload()]);
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(a).toBe(Part);
    expect(b).toBe(Part);
  });

  it('fetches again after a failed fetch', async () => {
    const load = vi
      .fn<() => Promise<typeof Part>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Part);
    const Lazy = lazyComponent(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await expect(Lazy.preload()).resolves.toBe(Part);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
