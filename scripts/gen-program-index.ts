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
  programFileProblems,
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

/** A program file that does not pass the program schema; the message lists every problem. */
export class ProgramFilesError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Program files to fix before the site can build:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ProgramFilesError';
    this.problems = problems;
  }
}

/**
 * The index of the program files in `dir`; throws `ProgramFilesError` naming each file and field
 * when a file would fail the build.
 */
export async function readProgramIndex(dir = PROGRAMS_DIR): Promise<ProgramIndexEntry[]> {
  const sources = await readProgramSources(dir);
  const problems = programFileProblems(sources);
  if (problems.length > 0) throw new ProgramFilesError(problems);
  return buildProgramIndex(sources);
}

/** Writes `index` where the functions load it from. */
export async function saveProgramIndex(index: readonly ProgramIndexEntry[], out = INDEX_PATH): Promise<void> {
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(index, null, 2)}\n`);
}

export async function writeProgramIndex(dir = PROGRAMS_DIR, out = INDEX_PATH): Promise<ProgramIndexEntry[]> {
  const index = await readProgramIndex(dir);
  await saveProgramIndex(index, out);
  return index;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const index = await writeProgramIndex();
    console.log(`program index: ${index.length} programs → ${INDEX_PATH}`);
  } catch (error) {
    if (!(error instanceof ProgramFilesError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
