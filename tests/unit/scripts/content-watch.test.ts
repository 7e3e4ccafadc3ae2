/**
 * npm start's watch of content/: which saved files start a rebuild, what the rebuild says it is
 * for, and that a burst of saves starts one rebuild with every file of the burst.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  changeReason,
  isContentFile,
  watchContent,
  type ContentWatcher,
} from '../../../scripts/lib/content-watch.ts';

describe('isContentFile', () => {
  it.each([
    ['programs/new-program.md', true],
    ['blog/erp-at-home.md', true],
    ['pages/privacy-policy.md', true],
    ['programs/data.yaml', true],
    ['programs/data.yml', true],
    ['programs/data.json', true],
    ['programs/.new-program.md.swp', false],
    ['programs/new-program.md~', false],
    ['programs/#new-program.md#', false],
    ['programs/.DS_Store', false],
    ['programs/4913', false],
    ['programs', false],
  ])('%s → %s', (name, expected) => {
    expect(isContentFile(name)).toBe(expected);
  });
});

describe('changeReason', () => {
  it.each([
    [['content/programs/a.md'], 'changed content/programs/a.md'],
    [
      ['content/programs/b.md', 'content/programs/a.md', 'content/programs/a.md'],
      'changed content/programs/a.md, content/programs/b.md',
    ],
    [
      ['content/blog/d.md', 'content/blog/c.md', 'content/blog/b.md', 'content/blog/a.md'],
      'changed content/blog/a.md, content/blog/b.md and 2 more files',
    ],
  ])('%j → %s', (files, reason) => {
    expect(changeReason(files)).toBe(reason);
  });
});

describe('watchContent', () => {
  let dir = '';
  let watcher: ContentWatcher | null = null;
  afterEach(() => {
    watcher?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a burst of saves in subfolders starts one change with each content file once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'content-watch-'));
    mkdirSync(join(dir, 'programs'));
    mkdirSync(join(dir, 'blog'));
    const calls: string[][] = [];
    watcher = watchContent(dir, (files) => calls.push(files.sort()), { quietMs: 150 });
    writeFileSync(join(dir, 'programs', 'new-program.md'), '---\nname: New\n---\n');
    writeFileSync(join(dir, 'programs', '.new-program.md.swp'), 'x');
    writeFileSync(join(dir, 'programs', 'new-program.md'), '---\nname: New program\n---\n');
    writeFileSync(join(dir, 'blog', 'post.md'), '---\ntitle: T\n---\n');
    await expect.poll(() => calls.length, { timeout: 5000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toEqual([['content/blog/post.md', 'content/programs/new-program.md']]);
  });

  it('after close, saves start nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'content-watch-'));
    const calls: string[][] = [];
    watcher = watchContent(dir, (files) => calls.push(files), { quietMs: 50 });
    watcher.close();
    writeFileSync(join(dir, 'late.md'), 'x');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toEqual([]);
  });
});
