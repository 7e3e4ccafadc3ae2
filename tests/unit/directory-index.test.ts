import { describe, expect, it } from 'vitest';
import {
  DIRECTORY_INDEX_URL,
  DIRECTORY_SHARD_SIZE,
  loadDirectoryIndex,
  manifestFor,
  shardEntries,
} from '../../src/lib/directory-index.ts';

describe('shardEntries', () => {
  it.each([
    [0, 2, []],
    [1, 2, [1]],
    [2, 2, [2]],
    [3, 2, [2, 1]],
    [5, 2, [2, 2, 1]],
    [5, 10, [5]],
  ])('%i entries in shards of %i → sizes %j', (count, size, sizes) => {
    const entries = Array.from({ length: count }, (_, i) => i);
    const shards = shardEntries(entries, size);
    expect(shards.map((s) => s.length)).toEqual(sizes);
    expect(shards.flat()).toEqual(entries);
  });

  it.each([0, -1, 1.5])('refuses a shard size of %s', (size) => {
    expect(() => shardEntries([1], size)).toThrow(RangeError);
  });
});

describe('manifestFor', () => {
  it.each([
    [0, 1],
    [1, 1],
    [DIRECTORY_SHARD_SIZE, 1],
    [DIRECTORY_SHARD_SIZE + 1, 2],
    [20_000, 40],
  ])('%i programs → %i shards, numbered from 0', (total, count) => {
    const manifest = manifestFor(total);
    expect(manifest.total).toBe(total);
    expect(manifest.shards).toHaveLength(count);
    expect(manifest.shards.at(-1)).toBe(`/directory-index/${count - 1}.json`);
  });
});

describe('loadDirectoryIndex', () => {
  it('reads the manifest, then every shard, and keeps their order', async () => {
    const files: Record<string, unknown> = {
      [DIRECTORY_INDEX_URL]: { total: 3, shards: ['/directory-index/0.json', '/directory-index/1.json'] },
      '/directory-index/0.json': [{ id: 'a' }, { id: 'b' }],
      '/directory-index/1.json': [{ id: 'c' }],
    };
    const asked: string[] = [];
    const entries = await loadDirectoryIndex((url) => {
      asked.push(url);
      return Promise.resolve(files[url]);
    });
    expect(entries.map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(asked).toEqual([DIRECTORY_INDEX_URL, '/directory-index/0.json', '/directory-index/1.json']);
  });

  it('fails when a shard fails, instead of showing a partial directory', async () => {
    await expect(
      loadDirectoryIndex((url) =>
        url === DIRECTORY_INDEX_URL
          ? Promise.resolve({ total: 2, shards: ['/directory-index/0.json'] })
          : Promise.reject(new Error('HTTP 500')),
      ),
    ).rejects.toThrow('HTTP 500');
  });
});
