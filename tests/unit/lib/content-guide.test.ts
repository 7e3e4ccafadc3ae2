/**
 * docs/content-guide.md lists the allowed values of each field as the schema has them: an editor
 * who copies a value from the guide writes a value the build accepts, and no value the build
 * accepts is missing from the guide.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACCREDITATIONS,
  AGE_GROUPS,
  BLOG_CATEGORIES,
  GENDER_OPTIONS,
  INSURANCE,
  MODALITIES,
  SETTINGS,
} from '../../../src/lib/vocabulary.ts';
import { programFileProblems } from '../../../src/lib/content/program-index.ts';

const guide = readFileSync('docs/content-guide.md', 'utf8');

/** The values in backticks after "of:" in the table row of `field`, up to the end of the sentence. */
function listed(field: string): string[] {
  const row = guide.split('\n').find((line) => line.startsWith(`| \`${field}\``));
  if (!row) throw new Error(`no row for ${field}`);
  const list = /of: ((?:`[^`]+`(?:, )?)+)/.exec(row)?.[1] ?? '';
  return [...list.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
}

describe('docs/content-guide.md', () => {
  it.each([
    ['ageGroups', AGE_GROUPS],
    ['setting', SETTINGS],
    ['genderSpecific', GENDER_OPTIONS],
    ['modalities', MODALITIES],
    ['insurance', INSURANCE],
    ['accreditations', ACCREDITATIONS],
    ['category', BLOG_CATEGORIES],
  ])('%s lists exactly the allowed values', (field, values) => {
    expect(listed(field)).toEqual([...values]);
  });

  it('what it says of websites is what the schema does: https:// and http:// pass, no scheme fails', () => {
    expect(listed('website')).toEqual([]);
    expect(guide).toMatch(/\| `website` .*`https:\/\/`.*`http:\/\/`/);
    const source = readFileSync('content/programs/tidemark-ocd-residential.md', 'utf8');
    const withSite = (site: string) => [
      { id: 'x', source: source.replace(/^website: .*/m, `website: ${site}`) },
    ];
    expect(programFileProblems(withSite('https://example.org'))).toEqual([]);
    expect(programFileProblems(withSite('http://example.org'))).toEqual([]);
    expect(programFileProblems(withSite('ftp://example.org'))).toHaveLength(1);
  });

  it('each example message of a program file is the message the check gives', () => {
    const examples = [...guide.matchAll(/^ {2}(content\/programs\/[^\n]+)$/gm)].map((m) => m[1] ?? '');
    expect(examples).toHaveLength(3);
    const real = (id: string) => readFileSync(`content/programs/${id}.md`, 'utf8');
    expect(
      programFileProblems([
        {
          id: 'granite-pines-ocd-lodge',
          source: real('granite-pines-ocd-lodge').replace(/^name:/m, 'ratin: 4\nname:'),
        },
        { id: 'mclean', source: real('mclean').replace(/zip: .*/, 'zip: 02478') },
        {
          id: 'tidemark-ocd-residential',
          source: real('tidemark-ocd-residential').replace(/^setting: .*/m, 'setting: Residental'),
        },
      ]),
    ).toEqual(examples);
  });
});
