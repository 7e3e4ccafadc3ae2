/**
 * A local rebuild (npm start) with a program file an editor got wrong: no build runs, the site
 * keeps serving the previous build, and the log says which file and field to fix.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalRebuilder } from '../../../scripts/lib/local-rebuild.ts';

describe('LocalRebuilder with a wrong program file', () => {
  let root = '';
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('fails before building, keeps dist/, and names the file and the field', async () => {
    root = mkdtempSync(join(tmpdir(), 'local-rebuild-'));
    mkdirSync(join(root, 'content', 'programs'), { recursive: true });
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), 'previous build');
    const valid = readFileSync('content/programs/tidemark-ocd-residential.md', 'utf8');
    writeFileSync(join(root, 'content', 'programs', 'harbor.md'), valid.replace(/zip: .*/, 'zip: 04101'));
    const lines: string[] = [];
    const rebuilder = new LocalRebuilder(root, { log: (line) => lines.push(line) });
    rebuilder.request('changed content/programs/harbor.md');
    await rebuilder.idle();
    expect(rebuilder.status()).toMatchObject({ building: false, builds: 0 });
    expect(rebuilder.status().lastError).toContain(
      "content/programs/harbor.md: address.zip: zip must be five digits in quotes, e.g. zip: '02478'",
    );
    expect(lines[0]).toBe('[rebuild] changed content/programs/harbor.md: building');
    expect(lines[1]).toMatch(/^\[rebuild\] failed, still serving the previous build: Program files to fix/);
    expect(readFileSync(join(root, 'dist', 'index.html'), 'utf8')).toBe('previous build');
  });
});
