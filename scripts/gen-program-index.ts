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
import { parse } from 'yaml';

export interface ProgramIndexEntry {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** The test program: valid for engagement and inquiries, never listed. */
  test: boolean;
  profilePath: string | null;
}

export interface ProgramSource {
  /** File name without `.md`; it is the program id. */
  id: string;
  source: string;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PROGRAMS_DIR = join(root, 'content/programs');
export const INDEX_PATH = join(root, 'netlify/functions/_shared/program-index.generated.json');

function frontmatter(id: string, source: string): Record<string, unknown> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\s*(\r?\n|$)/.exec(source);
  if (!match) throw new Error(`content/programs/${id}.md: no frontmatter (--- … ---) at the top`);
  const data: unknown = parse(match[1] ?? '');
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new Error(`content/programs/${id}.md: frontmatter is not a YAML mapping`);
  }
  return data as Record<string, unknown>;
}

function optionalString(id: string, data: Record<string, unknown>, key: string): string | null {
  const value = data[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new Error(`content/programs/${id}.md: ${key} must be text`);
  return value;
}

/** Pure: program files in, index entries (sorted by id) out. */
export function buildProgramIndex(files: readonly ProgramSource[]): ProgramIndexEntry[] {
  return files
    .map(({ id, source }) => {
      const data = frontmatter(id, source);
      const name = data['name'];
      if (typeof name !== 'string' || name.trim() === '') {
        throw new Error(`content/programs/${id}.md: name is missing`);
      }
      return {
        id,
        name,
        email: optionalString(id, data, 'email'),
        phone: optionalString(id, data, 'phone'),
        test: data['test'] === true,
        profilePath: optionalString(id, data, 'profilePath'),
      };
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

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
