/**
 * The build's fast path for program files (loadProgramFiles in src/lib/content/listing-loader.ts)
 * fills the store exactly as Astro's glob loader does, given the same entry type, schema and
 * digest: same ids, data, body, file path, digest and rendered HTML (less the duplicated raw
 * frontmatter), and it hands anything unusual back to the glob loader.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { glob, type LoaderContext } from 'astro/loaders';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadProgramFiles } from '../../../../src/lib/content/listing-loader.ts';

type Stored = { id: string; digest?: string; filePath?: string; rendered?: { metadata?: object } } & Record<
  string,
  unknown
>;

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'program-loader-'));
  mkdirSync(join(root, 'content', 'programs'), { recursive: true });
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function write(name: string, text: string): void {
  writeFileSync(join(root, 'content', 'programs', name), text);
}

/** A content-layer context over a Map, with a markdown entry type shaped like Astro's own. */
function context(store = new Map<string, Stored>()) {
  const calls = { parseData: 0, render: 0 };
  const entryType = {
    // The file's text arrives as `'\u0063ontents'` (spelled so that Tailwind's class scanner does
    // not take the word for a utility class).
    getEntryInfo(params: Record<string, string>) {
      const text = params['\u0063ontents'] ?? '';
      const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
      return Promise.resolve({
        data: (parse(match?.[1] ?? '') ?? {}) as Record<string, unknown>,
        body: (match?.[2] ?? text).trim(),
      });
    },
    getRenderFunction() {
      return Promise.resolve((entry: { body: string; data: Record<string, unknown> }) => {
        calls.render += 1;
        return Promise.resolve({
          html: `<p>${entry.body}</p>`,
          metadata: { headings: [], imagePaths: [], frontmatter: entry.data },
        });
      });
    },
  };
  const ctx = {
    collection: 'programs',
    config: { root: pathToFileURL(`${root}/`), srcDir: pathToFileURL(`${root}/src/`) },
    logger: { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} },
    parseData: ({ data }: { data: Record<string, unknown> }) => {
      calls.parseData += 1;
      return Promise.resolve({ ...data, parsed: true });
    },
    generateDigest: (text: string) => `d${String(text.length)}:${text.slice(-8)}`,
    entryTypes: new Map([['.md', entryType]]),
    store: {
      get: (id: string) => store.get(id),
      has: (id: string) => store.has(id),
      keys: () => [...store.keys()],
      delete: (id: string) => store.delete(id),
      set: (entry: Stored) => {
        store.set(entry.id, entry);
        return true;
      },
      addModuleImport: () => {},
      addAssetImports: () => {},
    },
  } as unknown as LoaderContext;
  return { ctx, store, calls };
}

const PROGRAM = (name: string) => `---\nname: ${name}\nlocation: Bend\n---\n\n${name} body text.\n`;

describe('loadProgramFiles', () => {
  it('stores what the glob loader stores, without the duplicated raw frontmatter', async () => {
    write('pine-hollow.md', PROGRAM('Pine Hollow'));
    write('cedar_ridge-2.md', PROGRAM('Cedar Ridge'));
    const fromGlob = context();
    await glob({ base: './content/programs', pattern: '**/*.md' }).load(fromGlob.ctx);
    const fast = context();
    expect(await loadProgramFiles(fast.ctx, './content/programs')).toBe(true);

    const expected = [...fromGlob.store.values()].map((entry) => {
      const { frontmatter: _, ...metadata } = entry.rendered?.metadata as { frontmatter?: unknown };
      return { ...entry, rendered: { ...entry.rendered, metadata } };
    });
    const byId = (a: Stored, b: Stored) => a.id.localeCompare(b.id);
    expect([...fast.store.values()].sort(byId)).toEqual(expected.sort(byId));
    expect(fast.store.get('pine-hollow')).toMatchObject({
      filePath: 'content/programs/pine-hollow.md',
      data: { name: 'Pine Hollow', parsed: true },
      body: 'Pine Hollow body text.',
    });
  });

  it('keeps an unchanged entry, redoes a changed one and removes a deleted one', async () => {
    write('a.md', PROGRAM('A'));
    write('b.md', PROGRAM('B'));
    const first = context();
    await loadProgramFiles(first.ctx, './content/programs');
    write('b.md', PROGRAM('B2'));
    rmSync(join(root, 'content', 'programs', 'a.md'));
    write('c.md', PROGRAM('C'));
    const second = context(new Map(first.store));
    await loadProgramFiles(second.ctx, './content/programs');
    expect([...second.store.keys()].sort()).toEqual(['b', 'c']);
    expect(second.store.get('b')?.data).toMatchObject({ name: 'B2' });
    expect(second.calls.parseData).toBe(2);
  });

  it('leaves sub-folders and names that are not their own slug to the glob loader', async () => {
    write('Pine Hollow.md', PROGRAM('Pine Hollow'));
    expect(await loadProgramFiles(context().ctx, './content/programs')).toBe(false);
    rmSync(join(root, 'content', 'programs', 'Pine Hollow.md'));
    mkdirSync(join(root, 'content', 'programs', 'west'));
    expect(await loadProgramFiles(context().ctx, './content/programs')).toBe(false);
  });
});
