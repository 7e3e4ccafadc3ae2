import { describe, expect, it } from 'vitest';
import {
  DIRECTORY_INDEX_URL,
  DIRECTORY_SHARD_SIZE,
  loadDirectoryIndex,
  manifestFor,
  shardEntries,
} from '../../../../src/lib/directory/index-data.ts';

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

describe('shard size with the issue-9 fields (coordinates, availability, fidelity)', () => {
  it('a full shard of realistic entries stays ≤ 150 KB gzip', async () => {
    const { gzipSync } = await import('node:zlib');
    const { program } = await import('./fixtures.ts');
    // A seeded generator, so the text compresses like real prose rather than like repeats.
    let seed = 42;
    const next = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const words = Array.from({ length: 3000 }, () =>
      Array.from({ length: 3 + Math.floor(next() * 7) }, () =>
        String.fromCharCode(97 + Math.floor(next() * 26)),
      ).join(''),
    );
    const text = (n: number): string =>
      Array.from({ length: n }, () => words[Math.floor(next() * words.length)]).join(' ');
    const entries = Array.from({ length: DIRECTORY_SHARD_SIZE }, (_, i) =>
      program({
        id: `program-${String(i)}-${text(2).replace(' ', '-')}`,
        name: `${text(3)} OCD Residence`,
        description: text(32),
        location: text(1),
        state: 'Massachusetts',
        ageGroups: ['Adolescents', 'Young Adults', 'Adults'],
        insurance: ['In-Network', 'Out-of-Network', 'Private Pay'],
        modalities: ['ERP', 'CBT', 'ACT', 'DBT', 'Family Therapy', 'Mindfulness'],
        rating: 4.7,
        verified: true,
        website: `https://${text(1)}.example.org`,
        coordinates: { lat: Math.round(next() * 90_000) / 1000, lng: -Math.round(next() * 180_000) / 1000 },
        availability: { status: 'waitlist', waitWeeks: 3, confirmedOn: '2026-11-12' },
        fidelity: {
          erpHoursPerWeek: 15,
          outcomeMeasure: 'Y-BOCS',
          medianScoreChange: { direction: 'fell', points: 11, year: 2025, sampleSize: 64 },
        },
      }),
    );
    const gzip = gzipSync(JSON.stringify(entries)).length;
    expect(gzip).toBeLessThanOrEqual(150 * 1024);
  });
});
