/**
 * The functions' program index is loaded when first needed and replaced as a whole when npm start
 * serves a new build: nothing imported at startup reads the generated file (a fresh clone has
 * none until the first build step writes it), and after a swap every lookup sees the new programs.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findListedProgram,
  programIndex,
  programNames,
  replaceProgramIndex,
  unknownPrograms,
  type ProgramIndexEntry,
} from '../../../netlify/functions/_shared/programs.ts';

const entry = (id: string, name: string): ProgramIndexEntry => ({
  id,
  name,
  email: `admissions@${id}.example.org`,
  phone: null,
  test: false,
  profilePath: null,
});

describe('program index', () => {
  const original = programIndex();
  afterAll(async () => {
    replaceProgramIndex((await original).entries);
  });

  it('loads the generated index on first use', async () => {
    const files = await programIndex();
    expect(files.has('tidemark-ocd-residential')).toBe(true);
    expect(files.find('tidemark-ocd-residential')?.name).toBe('Tidemark OCD Residential Center');
  });

  it('a replaced index is what every lookup sees, without the database for file programs', async () => {
    replaceProgramIndex([entry('editor-added-program', 'Editor Added Program')]);
    expect(await findListedProgram('editor-added-program')).toEqual(
      entry('editor-added-program', 'Editor Added Program'),
    );
    expect(await programNames(['editor-added-program'])).toEqual(
      new Map([['editor-added-program', 'Editor Added Program']]),
    );
    expect((await programIndex()).has('tidemark-ocd-residential')).toBe(false);
    expect(await unknownPrograms(['editor-added-program'])).toEqual(new Set());
  });
});

describe('nothing imports the generated index statically', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(m?ts|tsx|astro|mjs)$/.test(e.name))
      .map((e) => join(e.parentPath, e.name));

  it.each(['netlify/functions', 'scripts', 'src', 'supabase/local'])('%s', (dir) => {
    const staticImports = sources(dir).filter((file) =>
      /^\s*import\s[^;]*['"][^'"]*program-index\.generated\.json['"]/m.test(readFileSync(file, 'utf8')),
    );
    expect(staticImports).toEqual([]);
  });
});

describe('a deployed function carries the index of its build', () => {
  it('bundling a function (as Netlify does, with esbuild) puts the program files into it', async () => {
    const result = await build({
      entryPoints: ['netlify/functions/inquiries.mts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles.map((f) => f.text).join('\n');
    for (const entry of (await programIndex()).entries) expect(code).toContain(`id: "${entry.id}"`);
    // Nothing left to read from disk at run time.
    expect(code).not.toMatch(/import\(\s*["'][^"']*program-index\.generated\.json/);
  });
});
