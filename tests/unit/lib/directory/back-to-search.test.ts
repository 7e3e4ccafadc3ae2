/**
 * "Back to Directory" (src/lib/directory/back-to-search.ts): the URL the profile's link follows is
 * the stored directory search when it is a same-site directory path, else the plain directory;
 * never another site or another page of this one.
 */
import { describe, expect, it } from 'vitest';
import {
  backToSearchHref,
  directoryPath,
  parseDirectoryReturn,
  searchToRestore,
  serializeDirectoryReturn,
  MAX_RESTORED_CARDS,
  type DirectoryReturn,
} from '../../../../src/lib/directory/back-to-search.ts';

const ORIGIN = 'https://ocd.example';
const stored = (value: Record<string, unknown>): string => JSON.stringify(value);
const entry = (url: string, more: Partial<DirectoryReturn> = {}): string =>
  stored({ url, shown: 24, scrollY: 0, programId: null, ...more });

describe('directoryPath', () => {
  it.each<[string, string | null | undefined, string | null]>([
    ['the plain directory', '/', '/'],
    ['a search', '/?age=Adolescents&near=02478&sort=rating', '/?age=Adolescents&near=02478&sort=rating'],
    ['an encoded search', '/?q=a%26b%3Dc', '/?q=a%26b%3Dc'],
    ['the fragment is dropped', '/?q=ranch#results', '/?q=ranch'],
    ['an absolute URL of the site', `${ORIGIN}/?q=ranch`, '/?q=ranch'],
    ['another site', 'https://evil.example/?q=ranch', null],
    ['protocol-relative', '//evil.example/?q=ranch', null],
    ['normalises to protocol-relative', '/.//evil.example', null],
    ['backslash trick', '/\\evil.example', null],
    ['javascript:', 'javascript:alert(1)', null],
    ['data:', 'data:text/html,<script>alert(1)</script>', null],
    ['a relative word', 'evil', null],
    ['another page of the site', '/admin', null],
    ['a profile', '/program/harbor', null],
    ['a path under the directory', '/?x=1/../admin', '/?x=1/../admin'],
    ['a look-alike path', '/index.html?q=ranch', null],
    ['control characters', '/?q=a\nb', null],
    ['empty', '', null],
    ['missing', null, null],
  ])('%s', (_label, raw, expected) => {
    expect(directoryPath(raw, ORIGIN)).toBe(expected);
  });
});

describe('backToSearchHref', () => {
  it.each<[string, string | null, string]>([
    ['nothing stored: the plain directory', null, '/'],
    ['the stored search', entry('/?age=Adults&modality=ERP'), '/?age=Adults&modality=ERP'],
    ['the stored plain directory', entry('/'), '/'],
    ['another site stored', entry('https://evil.example/'), '/'],
    ['protocol-relative stored', entry('//evil.example/'), '/'],
    ['another page stored', entry('/admin'), '/'],
    ['not JSON', '/?age=Adults', '/'],
    ['JSON but not an object', '"/?age=Adults"', '/'],
    ['null JSON', 'null', '/'],
    ['no url', stored({ shown: 24 }), '/'],
    ['url of the wrong type', stored({ url: 42 }), '/'],
  ])('%s', (_label, raw, expected) => {
    expect(backToSearchHref(raw, ORIGIN)).toBe(expected);
  });

  it('works without knowing the origin (relative paths only)', () => {
    expect(backToSearchHref(entry('/?q=ranch'))).toBe('/?q=ranch');
    expect(backToSearchHref(entry(`${ORIGIN}/?q=ranch`))).toBe('/');
  });
});

describe('parseDirectoryReturn', () => {
  it.each<[string, string, DirectoryReturn | null]>([
    [
      'everything',
      entry('/?q=ranch', { shown: 48, scrollY: 912.4, programId: 'silver-creek-ranch' }),
      { url: '/?q=ranch', shown: 48, scrollY: 912, programId: 'silver-creek-ranch' },
    ],
    [
      'bad numbers become 0',
      stored({ url: '/', shown: -3, scrollY: 'far', programId: null }),
      { url: '/', shown: 0, scrollY: 0, programId: null },
    ],
    [
      'too many cards are capped',
      entry('/', { shown: 1e9 }),
      { url: '/', shown: MAX_RESTORED_CARDS, scrollY: 0, programId: null },
    ],
    [
      'Infinity is not a number of cards',
      stored({ url: '/', shown: 'Infinity' }),
      { url: '/', shown: 0, scrollY: 0, programId: null },
    ],
    [
      'a program id that is not one is dropped',
      entry('/', { programId: '"><img src=x>' }),
      { url: '/', shown: 24, scrollY: 0, programId: null },
    ],
    ['off-site', entry('https://evil.example/'), null],
  ])('%s', (_label, raw, expected) => {
    expect(parseDirectoryReturn(raw, ORIGIN)).toEqual(expected);
  });

  it('round-trips what the directory stores', () => {
    const value: DirectoryReturn = {
      url: '/?near=02478&radius=50',
      shown: 72,
      scrollY: 1500,
      programId: 'harbor',
    };
    expect(parseDirectoryReturn(serializeDirectoryReturn(value), ORIGIN)).toEqual(value);
  });
});

describe('searchToRestore', () => {
  const raw = entry('/?age=Adults', { shown: 48, scrollY: 700 });
  it.each<[string, boolean, string, boolean]>([
    ['asked, same search', true, '/?age=Adults', true],
    ['asked, same search with a fragment', true, '/?age=Adults#main', true],
    ['not asked (a new visit)', false, '/?age=Adults', false],
    ['asked, another search', true, '/?age=Children', false],
    ['asked, the plain directory', true, '/', false],
  ])('%s', (_label, asked, here, restores) => {
    expect(searchToRestore(raw, asked, here, ORIGIN)).toEqual(
      restores ? { url: '/?age=Adults', shown: 48, scrollY: 700, programId: null } : null,
    );
  });
});
