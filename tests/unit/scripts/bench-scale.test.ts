/**
 * The programs the build at scale writes (`npm run bench -- --scale N`) are program files the
 * build accepts: each parses with the program schema, as the content loader parses it. A field
 * the schema drops (e.g. `rating`, which only reviews give) fails here in a second instead of in
 * a 20,000-program build nobody runs on every change.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { syntheticProgramFile } from '../../../scripts/lib/bench-scale.ts';
import { syntheticPrograms } from '../../../scripts/lib/bench-search.ts';
import { programSchema } from '../../../src/lib/program-schema.ts';

describe('synthetic programs of the build at scale', () => {
  const programs = syntheticPrograms(400);

  it('every file passes the program schema', () => {
    const refused = programs.flatMap((p) => {
      const match = /^---\n([\s\S]*?)\n---\n/.exec(syntheticProgramFile(p));
      const result = programSchema.safeParse(parse(match?.[1] ?? ''));
      return result.success
        ? []
        : [`${p.id}: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`];
    });
    expect(refused).toEqual([]);
  });

  it('the file keeps the facts the bench searches on (its body is the description)', () => {
    const p = programs[0];
    if (!p) throw new Error('no synthetic program');
    const file = syntheticProgramFile(p);
    const front = parse(/^---\n([\s\S]*?)\n---\n/.exec(file)?.[1] ?? '') as Record<string, unknown>;
    expect(front).toMatchObject({ name: p.name, state: p.state, setting: p.setting, sample: true });
    expect(file.endsWith(`\n\n${p.description}\n`)).toBe(true);
  });
});
