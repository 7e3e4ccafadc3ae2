/**
 * Writes `netlify/functions/_shared/program-index.generated.json`: the few facts about each
 * program that functions need (validating program ids, finding an admissions address) without
 * bundling the whole content collection into every function.
 *
 *   node scripts/gen-program-index.ts
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildProgramIndex,
  type ProgramIndexEntry,
  type ProgramSource,
} from '../src/lib/content/program-index.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PROGRAMS_DIR = join(root, 'content/programs');
export const INDEX_PATH = join(root, 'netlify/functions/_shared/program-index.generated.json');

export async function readProgramSources(dir = PROGRAMS_DIR): Promise<ProgramSource[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.md'));
  return Promise.all(
    names.map(async (n) => ({ id: basename(n, '.md'), source: await readFile(join(dir, n), 'utf8') })),
  );
}

export async function writeProgramIndex(dir = PROGRAMS_DIR, out = INDEX_PATH): Promise<ProgramIndexEntry[]> {
  const index = buildProgramIndex(await readProgramSources(dir));
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(index, null, 2)}\n`);
  return index;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const index = await writeProgramIndex();
  console.log(`program index: ${index.length} programs → ${INDEX_PATH}`);
}
