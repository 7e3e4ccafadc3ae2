/**
 * Published pages never carry markup from a program's data. A real build (in a throw-away copy of
 * the project) of programs whose every text field is drawn from hostile strings — markup,
 * `</title>`, `</script>`, quote breaks, a meta refresh, comments, NUL, U+2028, 10 KB — and then
 * every page, JSON file and the sitemap it wrote is parsed the way a browser parses it: no element or attribute appears that a
 * template did not write, each page has one <title>, no meta refresh, every JSON-LD block and
 * data file parses, and the hostile values come back exactly (escaped, not dropped).
 *
 * Program files and approved listings reach the pages through the same collection and schema
 * (src/lib/published-listing.ts maps a listing to program data), so files stand for both here.
 */
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../../scripts/lib/project-copy.ts';
import {
  hostileText as hostile,
  parsedElements,
  PROBE_ATTRIBUTE,
  PROBE_ELEMENT,
  type ParsedElement,
} from '../lib/hostile.ts';

type HostileProgram = { id: string; name: string; front: Record<string, unknown> };

function programs(): HostileProgram[] {
  const drawn = fc.sample(fc.array(hostile, { minLength: 16, maxLength: 16 }), {
    seed: 20261125,
    numRuns: 10,
  });
  const list = drawn.map((t, i): HostileProgram => {
    const name = t[0] ?? '';
    return {
      id: `hostile-${String(i)}`,
      name,
      front: {
        name,
        description: t[1],
        overview: t[2],
        location: 'Bend',
        state: 'Oregon',
        address: { street: t[3], city: 'Bend', state: 'Oregon', zip: '97701' },
        ageGroups: ['Adolescents', 'Adults'],
        modalities: ['ERP'],
        insurance: ['Private Pay'],
        insurancePlans: [t[4]],
        insuranceNotes: t[5],
        paymentBenefits: [t[6]],
        lengthOfStay: t[7],
        genderSpecific: 'Co-ed',
        setting: 'Residential',
        accreditationNotes: t[8],
        outcomes: [t[9]],
        website: `https://hostile.example/?q=${encodeURIComponent(t[10] ?? '')}`,
        clinicalApproach: t[11],
        highlights: [t[12]],
        team: [{ role: t[13], description: t[14] }],
        locationFeatures: [t[15]],
        youthSafety: { schooling: t[2], parentContactPolicy: t[3], license: { number: t[4], agency: t[5] } },
        testimonials: [{ quote: t[6], author: t[7] }],
        sample: true,
      },
    };
  });
  // The probe that reached a real page, and a 10 KB name and description.
  const probe =
    'Title Probe</title><meta http-equiv="refresh" content="1;url=http://127.0.0.1:9/phish"><script>alert(1)</script><title>';
  const long = `Long ${'<x-probe data-probe="1">&"\''.repeat(400)}`.slice(0, 10_240);
  for (const [id, name, description] of [
    ['hostile-title', probe, probe],
    ['hostile-long', long, long],
  ] as const) {
    const base = list[0]?.front ?? {};
    list.push({ id, name, front: { ...base, name, description } });
  }
  return list;
}

/** YAML reads JSON, but folds a raw line separator: keep it escaped so the value round-trips. */
function frontmatter(front: Record<string, unknown>): string {
  return JSON.stringify(front).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

const elements = parsedElements;
const textOf = (e: ParsedElement) => e.text;

let dir = '';
let dist = '';
const hostilePrograms = programs();

beforeAll(() => {
  dir = copyProject('ocd-hostile-');
  dist = join(dir, 'dist');
  for (const p of hostilePrograms) {
    writeFileSync(
      join(dir, 'content', 'programs', `${p.id}.md`),
      `---\n${frontmatter(p.front)}\n---\n\nOverview.\n`,
    );
  }
  // Files only: no database, so no approved listings join them.
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  delete env['DATABASE_URL'];
  const built = spawnSync('npx', ['astro', 'build'], {
    cwd: dir,
    env,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (built.status !== 0)
    throw new Error(`build failed:\n${built.stdout.slice(-3000)}\n${built.stderr.slice(-3000)}`);
}, 300_000);

afterAll(() => {
  // HOSTILE_KEEP=1 keeps the build to look at (its path is printed).
  if (process.env['HOSTILE_KEEP'] === '1') console.log(`hostile build kept in ${dir}`);
  else if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a build of programs with hostile text', () => {
  it('writes no element or attribute from the data into any page, and one title each', () => {
    const pages = filesUnder(dist).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(hostilePrograms.length);
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      const all = elements(html);
      const where = file.slice(dist.length);
      expect(all.filter((e) => e.name === PROBE_ELEMENT).length, where).toBe(0);
      expect(all.filter((e) => PROBE_ATTRIBUTE in e.attributes).length, where).toBe(0);
      expect(all.filter((e) => e.name === 'meta' && 'http-equiv' in e.attributes).length, where).toBe(0);
      expect(all.filter((e) => e.name === 'title').length, where).toBe(1);
      for (const script of all.filter(
        (e) => e.name === 'script' && e.attributes['type'] === 'application/ld+json',
      )) {
        expect(() => JSON.parse(textOf(script)) as unknown, where).not.toThrow();
      }
    }
  });

  it.each(hostilePrograms.map((p) => [p.id, p] as const))(
    '%s: the profile states the name exactly',
    (id, program) => {
      const html = readFileSync(join(dist, 'program', `${id}.html`), 'utf8');
      const all = elements(html);
      const ld = all
        .filter((e) => e.name === 'script' && e.attributes['type'] === 'application/ld+json')
        .map((e) => JSON.stringify(JSON.parse(textOf(e))));
      // JSON-LD names the program exactly (escaped for the script, not altered).
      expect(ld.some((text) => text.includes(JSON.stringify(program.name).slice(1, -1)))).toBe(true);
      const title = all.find((e) => e.name === 'title');
      expect(title && textOf(title).length).toBeGreaterThan(0);
      const h1 = all.find((e) => e.name === 'h1');
      expect(h1).toBeDefined();
    },
  );

  it('writes data files that parse and carry the names exactly', () => {
    const json = filesUnder(dist).filter((f) => f.endsWith('.json') && !f.includes(join('dist', '_astro')));
    const text = json.map((f) => readFileSync(f, 'utf8'));
    for (const [i, t] of text.entries()) expect(() => JSON.parse(t) as unknown, json[i]).not.toThrow();
    const everything = text.join('\n');
    for (const p of hostilePrograms) expect(everything).toContain(JSON.stringify(p.name).slice(1, -1));
    expect(json.some((f) => f.includes(join('dist', 'directory-index')))).toBe(true);
    expect(json.some((f) => f.includes(join('dist', 'compare-data')))).toBe(true);
  });

  it('writes a sitemap that is well formed and lists the programs by id only', () => {
    const sitemaps = filesUnder(dist).filter((f) => /sitemap.*\.xml$/.test(f));
    expect(sitemaps.length).toBeGreaterThan(0);
    const xml = sitemaps.map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(elements(xml).filter((e) => e.name === PROBE_ELEMENT || PROBE_ATTRIBUTE in e.attributes)).toEqual(
      [],
    );
    for (const p of hostilePrograms) expect(xml).toContain(`/program/${p.id}<`);
  });
});
