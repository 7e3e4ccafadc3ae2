/**
 * An editor's mistake in a program file is named with the file, the field and what to do, every
 * problem at once, before the build starts (scripts/gen-program-index.ts runs this first under
 * npm start, npm run build and each local rebuild).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { programFileProblems } from '../../../../src/lib/content/program-index.ts';

const valid = readFileSync('content/programs/tidemark-ocd-residential.md', 'utf8');
const withLine = (from: RegExp, to: string) => valid.replace(from, to);

describe('programFileProblems', () => {
  it('a valid program file has none', () => {
    expect(programFileProblems([{ id: 'tidemark-ocd-residential', source: valid }])).toEqual([]);
  });

  it.each([
    [
      'an unquoted ZIP (YAML reads it as a number)',
      withLine(/zip: .*/, 'zip: 02478'),
      "content/programs/x.md: address.zip: zip must be five digits in quotes, e.g. zip: '02478' (without quotes YAML reads 2478 as a number)",
    ],
    [
      'a ZIP of four digits',
      withLine(/zip: .*/, "zip: '0247'"),
      "content/programs/x.md: address.zip: zip must be five digits in quotes, e.g. zip: '02478'",
    ],
    [
      'a misspelled field',
      withLine(/^name:/m, 'ratin: 4\nname:'),
      'content/programs/x.md: unknown field "ratin" (a misspelling? docs/content-guide.md lists the fields)',
    ],
    [
      'a setting that is not in the list',
      withLine(/^setting: .*/m, 'setting: Residental'),
      'content/programs/x.md: setting: Invalid option: expected one of "Residential"|"Residential OCD Program"|"Inpatient"|"Partial Hospitalization"|"Intensive Outpatient"',
    ],
    [
      'a website without a scheme',
      withLine(/^website: .*/m, 'website: example.org'),
      'content/programs/x.md: website: website must be a full URL starting with https:// (or http:// for a site without https)',
    ],
    ['no frontmatter', 'name: A', 'content/programs/x.md: no frontmatter (--- … ---) at the top'],
    [
      'a field given twice',
      withLine(/^name:/m, 'setting: Residential\nname:'),
      'content/programs/x.md: the frontmatter is not valid YAML (Map keys must be unique at line 12, column 1)',
    ],
  ])('%s', (_what, source, problem) => {
    expect(programFileProblems([{ id: 'x', source }])).toEqual([problem]);
  });

  it('lists the problems of every file, not only the first', () => {
    const problems = programFileProblems([
      { id: 'a', source: withLine(/zip: .*/, 'zip: 12345') },
      { id: 'b', source: valid },
      { id: 'c', source: withLine(/^setting: .*/m, 'setting: Outpatient') },
    ]);
    expect(problems.map((p) => p.split(':')[0])).toEqual(['content/programs/a.md', 'content/programs/c.md']);
  });

  it('a website with http:// is accepted, as the guide says', () => {
    expect(
      programFileProblems([{ id: 'x', source: withLine(/^website: .*/m, 'website: http://example.org') }]),
    ).toEqual([]);
  });
});
