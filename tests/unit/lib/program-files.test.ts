/**
 * Every program file passes the program schema the build applies (src/lib/program-schema.ts), and
 * the schema refuses what the content guide forbids. The build would refuse the same files; this
 * says which rule broke in a second instead of a minute.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { programSchema } from '../../../src/lib/program-schema.ts';

const DIR = 'content/programs';
const files = readdirSync(DIR).filter((f) => f.endsWith('.md'));

function frontmatter(file: string): Record<string, unknown> {
  const source = readFileSync(join(DIR, file), 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  return parse(match?.[1] ?? '') as Record<string, unknown>;
}

describe('content/programs', () => {
  it.each(files)('%s passes the program schema', (file) => {
    const result = programSchema.safeParse(frontmatter(file));
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(
      [],
    );
  });

  it('sample programs report realistic, clearly fictional facts; /mclean only what is public', () => {
    const samples = files.map((f) => programSchema.parse(frontmatter(f))).filter((p) => p.sample && !p.test);
    expect(samples.filter((p) => p.fidelity?.erpHoursPerWeek !== undefined).length).toBeGreaterThan(10);
    for (const p of samples) {
      const youth = p.youthSafety?.license?.number;
      if (youth !== undefined) expect(youth).toMatch(/fictional/);
    }
    const mclean = programSchema.parse(frontmatter('mclean.md'));
    expect(mclean.fidelity).toBe(undefined);
    expect(mclean.availability).toBe(undefined);
  });
});

describe('programSchema refuses', () => {
  const base = frontmatter('aspen-cove-womens-ocd.md');
  it.each<[string, unknown]>([
    ['rating', 4.9],
    ['reviewCount', 12],
    ['ratingDistribution', [12, 0, 0, 0, 0]],
    ['sampleReviewCount', 0],
    ['reviews', []],
  ])('a file cannot set its own %s: ratings come from published reviews only', (key, value) => {
    const result = programSchema.safeParse({ ...base, [key]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: [key] }),
    ]);
  });

  it('a file’s program has no rating and no reviews until the build adds its published reviews', () => {
    const program = programSchema.parse(base);
    expect(program.rating).toBeUndefined();
    expect(program).toMatchObject({ reviewCount: 0, ratingDistribution: [0, 0, 0, 0, 0], reviews: [] });
  });

  it.each([
    ['a website that is not http(s)', { website: 'javascript:alert(1)' }, 'website'],
    [
      'an unknown availability status',
      { availability: { status: 'maybe', confirmedOn: '2026-11-01' } },
      'availability.status',
    ],
    ['an availability without its date', { availability: { status: 'open' } }, 'availability.confirmedOn'],
    [
      'a date that is not YYYY-MM-DD',
      { availability: { status: 'open', confirmedOn: '11/01/2026' } },
      'availability.confirmedOn',
    ],
    ['negative ERP hours', { fidelity: { erpHoursPerWeek: -1 } }, 'fidelity.erpHoursPerWeek'],
    [
      'a share over 100 %',
      { fidelity: { specialisedCliniciansPercent: 120 } },
      'fidelity.specialisedCliniciansPercent',
    ],
    ['an unknown outcome measure', { fidelity: { outcomeMeasure: 'OCI-R' } }, 'fidelity.outcomeMeasure'],
    ['an unknown fidelity field', { fidelity: { erpHours: 10 } }, 'fidelity'],
    [
      'a signed score change (the old shape)',
      {
        fidelity: {
          outcomeMeasure: 'Y-BOCS',
          medianScoreChange: { change: -11, year: 2025, sampleSize: 64 },
        },
      },
      'fidelity.medianScoreChange.direction',
    ],
    [
      'a fall of 0 points',
      {
        fidelity: {
          outcomeMeasure: 'Y-BOCS',
          medianScoreChange: { direction: 'fell', points: 0, year: 2025, sampleSize: 64 },
        },
      },
      'fidelity.medianScoreChange.points',
    ],
    [
      'no change of 3 points',
      {
        fidelity: {
          outcomeMeasure: 'Y-BOCS',
          medianScoreChange: { direction: 'unchanged', points: 3, year: 2025, sampleSize: 64 },
        },
      },
      'fidelity.medianScoreChange.points',
    ],
    [
      'points not in halves',
      {
        fidelity: {
          outcomeMeasure: 'Y-BOCS',
          medianScoreChange: { direction: 'fell', points: 11.3, year: 2025, sampleSize: 64 },
        },
      },
      'fidelity.medianScoreChange.points',
    ],
    [
      'a score change without a standard measure',
      {
        fidelity: {
          outcomeMeasure: 'none',
          medianScoreChange: { direction: 'fell', points: 11, year: 2025, sampleSize: 64 },
        },
      },
      'fidelity.outcomeMeasure',
    ],
    ['coordinates off the globe', { coordinates: { lat: 91, lng: 0 } }, 'coordinates.lat'],
    ['an empty youth-safety text', { youthSafety: { schooling: ' ' } }, 'youthSafety.schooling'],
    ['a name with a right-to-left override', { name: 'Aspen \u202eevoC' }, 'name'],
    ['a state with a direction isolate', { state: '\u2067Oregon' }, 'state'],
  ])('%s', (_, change, path) => {
    const result = programSchema.safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});
