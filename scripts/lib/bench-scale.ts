/**
 * `npm run bench -- --scale N`: copies the project to a temporary folder, adds N generated
 * programs (valid against the content schema) to the real ones and builds it. With N = 0 it is
 * the real-content build, isolated from the project's own `dist/` and content store (which
 * `npm start` and the browser tests of other people rebuild at any time).
 */
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { copyProject } from './project-copy.ts';
import { syntheticPrograms } from './bench-search.ts';
import type { DirectoryEntry } from '../../src/lib/directory/rules.ts';

/**
 * The front matter of a synthetic program, as a program file (`content/programs/<id>.md`) holds
 * it: only fields the program schema accepts (a test parses it with the schema, so the build at
 * scale cannot break on a field the schema no longer takes). No rating: ratings come only from
 * published reviews.
 */
export function syntheticProgramFront(p: DirectoryEntry): Record<string, unknown> {
  return {
    name: p.name,
    description: p.description,
    location: p.location,
    state: p.state,
    address: { street: '1 Example Way', city: p.location, state: p.state, zip: '00000' },
    ageGroups: p.ageGroups,
    modalities: p.modalities,
    insurance: p.insurance,
    lengthOfStay: '30-60 days',
    genderSpecific: 'Co-ed',
    setting: p.setting,
    verified: p.verified,
    sample: true,
  };
}

/** The whole file of a synthetic program: JSON front matter (valid YAML) and its description. */
export function syntheticProgramFile(p: DirectoryEntry): string {
  return `---\n${JSON.stringify(syntheticProgramFront(p))}\n---\n\n${p.description}\n`;
}

type Build = (cwd: string) => {
  seconds: number;
  cpuSeconds: number | null;
  peakMiB: number | null;
  ok: boolean;
};

export async function scaleBuild(
  size: number,
  build: Build,
  /** Copy the built `dist/` here before the temporary folder is removed (size 0: the real site). */
  options: { keepDist?: string } = {},
): Promise<
  ReturnType<Build> & {
    programs: number;
    indexShards: number;
    maxShardGzipBytes: number;
    homeHtmlGzipBytes: number;
  }
> {
  const dir = copyProject('ocd-scale-');
  try {
    // The synthetic programs join the real ones (pages such as /mclean need their entries).
    const programsDir = join(dir, 'content', 'programs');
    for (const p of syntheticPrograms(size)) {
      writeFileSync(join(programsDir, `${p.id}.md`), syntheticProgramFile(p));
    }
    await Promise.resolve();
    const result = build(dir);
    // What one fetch of search data and the home page weigh at this size.
    const shardDir = join(dir, 'dist', 'directory-index');
    const shardGzip = result.ok
      ? readdirSync(shardDir).map((f) => gzipSync(readFileSync(join(shardDir, f))).length)
      : [];
    const home = result.ok ? readFileSync(join(dir, 'dist', 'index.html')) : Buffer.alloc(0);
    if (result.ok && options.keepDist) cpSync(join(dir, 'dist'), options.keepDist, { recursive: true });
    return {
      programs: size,
      ...result,
      indexShards: shardGzip.length,
      maxShardGzipBytes: Math.max(0, ...shardGzip),
      homeHtmlGzipBytes: gzipSync(home).length,
    };
  } finally {
    // BENCH_KEEP=1 keeps the folder to look at the output (its path is printed).
    if (process.env['BENCH_KEEP'] === '1') console.log(`scale build kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
