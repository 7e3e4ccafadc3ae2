/**
 * The spelling check of `npm run lint` (cspell.config.yaml): US English in what people read. Each
 * probe file is written into a throw-away copy of the project's layout with the real config and
 * word list, and cspell is run there exactly as `npm run lint:spelling` runs it: a British word in
 * a page, a sample program, a message or an e-mail fails the lint; identifiers that keep a British
 * spelling pass; files outside the scope (tests) are not read.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const CSPELL = join(ROOT, 'node_modules/cspell/bin.mjs');

/** Probe files: path in the project, text, and the words cspell must report (none: it passes). */
const PROBES: [string, string, string[]][] = [
  ['src/pages/probe.astro', '<p>Save your favourite programs and compare them.</p>\n', ['favourite']],
  ['src/pages/probe-ok.astro', '<p>Save your favorite programs and compare them.</p>\n', []],
  [
    'content/programs/probe.md',
    '---\nname: Probe\n---\n\nA specialised programme with a family centre.\n',
    ['specialised', 'programme', 'centre'],
  ],
  [
    'content/blog/probe.md',
    'Families practise exposures and recognise old behaviours.\n',
    ['practise', 'recognise', 'behaviours'],
  ],
  [
    'src/lib/probe.ts',
    "export const LABEL = 'Your organisation and its licence';\n",
    ['organisation', 'licence'],
  ],
  ['src/api/contracts/probe.ts', "export const M = { saved: 'Added to favourites' };\n", ['favourites']],
  [
    'netlify/functions/_shared/mail-templates.ts',
    "export const subject = 'The colour of your catalogue';\n",
    ['colour', 'catalogue'],
  ],
  ['supabase/local/auth/mails.ts', "export const body = 'Your enrolment was cancelled.';\n", ['enrolment']],
  ['docs/probe.md', 'The favourites feature keeps its folder, `src/features/favourites/`.\n', ['favourites']],
  ['README.md', 'A clear judgement of behaviour.\n', ['judgement', 'behaviour']],
  // Identifiers that keep their British spelling (files, exports, columns) are not prose.
  [
    'src/features/probe.tsx',
    [
      "import FavouriteHeart from '../favourites/FavouriteHeart.tsx';",
      "import { $favourites, toggleFavourite } from '../favourites/store.ts';",
      'export const column = "specialised_clinicians_percent";',
      'export const key = "specialisedCliniciansPercent";',
      'export const selector = "[data-favourite-heart]";',
      'export { FavouriteHeart, $favourites, toggleFavourite };',
      '',
    ].join('\n'),
    [],
  ],
  // The same words as prose in the same kind of file fail.
  [
    'src/features/probe-prose.tsx',
    "export const TEXT = 'Your favourite heart is specialised.';\n",
    ['favourite', 'specialised'],
  ],
  // Outside the scope: never read.
  ['tests/probe.test.ts', "const t = 'favourite colour';\n", []],
];

let dir = '';
let output = '';
let status: number | null = null;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'spelling-'));
  cpSync(join(ROOT, 'cspell.config.yaml'), join(dir, 'cspell.config.yaml'));
  cpSync(join(ROOT, '.cspell'), join(dir, '.cspell'), { recursive: true });
  for (const [path, text] of PROBES) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const run = spawnSync(process.execPath, [CSPELL, 'lint', '--no-progress', '--no-summary', '--no-cache'], {
    cwd: dir,
    encoding: 'utf8',
  });
  output = `${run.stdout}${run.stderr}`;
  status = run.status;
  // cspell loads its dictionaries cold: seconds on a busy machine, so a generous hook timeout.
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The words cspell reported for `path`, in order. */
function reported(path: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith(`${path}:`))
    .map((line) => /\((.+?)\)/.exec(line)?.[1] ?? line);
}

describe('the spelling check (cspell.config.yaml)', () => {
  it('is part of npm run lint', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts['lint']).toContain('npm run --silent lint:spelling');
    expect(scripts['lint:spelling']).toMatch(/^cspell lint /);
  });

  it('fails the lint when a British spelling is in a file people read', () => {
    expect(status).toBe(1);
  });

  it.each(PROBES.map(([path, , words]) => [path, words] as const))('%s reports %j', (path, words) => {
    expect(reported(path)).toEqual(words);
  });

  it('says what to write instead', () => {
    expect(output).toMatch(/src\/pages\/probe\.astro:1:\d+ - Forbidden word \(favourite\) fix: \(favorite\)/);
  });
});
