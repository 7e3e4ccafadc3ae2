import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  displayName,
  parseAuthMode,
  safeNextPath,
  signInHrefFor,
  type NamedUser,
} from '../../../../src/lib/auth/rules.ts';

const user = (email: string | null, metadata: Record<string, unknown> = {}): NamedUser => ({
  email,
  metadata,
});

describe('displayName (full_name, else the e-mail local part, else Account)', () => {
  it.each<[string, NamedUser, string]>([
    ['full_name wins', user('sam@example.org', { full_name: 'Sam Rivera' }), 'Sam Rivera'],
    ['full_name is trimmed', user('sam@example.org', { full_name: '  Sam Rivera ' }), 'Sam Rivera'],
    ['blank full_name falls back to the e-mail', user('sam@example.org', { full_name: '   ' }), 'sam'],
    ['a non-string full_name is ignored', user('sam@example.org', { full_name: 42 }), 'sam'],
    ['name metadata alone is not the rule', user('sam@example.org', { name: 'Sammy' }), 'sam'],
    ['local part of the e-mail', user('jo.doe+ocd@example.org', {}), 'jo.doe+ocd'],
    ['the last @ separates the domain', user('"a@b"@example.org', {}), '"a@b"'],
    ['no e-mail', user(null, {}), 'Account'],
    ['an e-mail without a local part', user('@example.org', {}), 'Account'],
    ['no user at all', null, 'Account'],
  ])('%s', (_, input, expected) => {
    expect(displayName(input)).toBe(expected);
  });
});

describe('parseAuthMode: signin by default, reset, update-password, signup and magic-link', () => {
  it.each<[string | null | undefined, string]>([
    [null, 'signin'],
    [undefined, 'signin'],
    ['', 'signin'],
    ['signin', 'signin'],
    ['reset', 'reset'],
    ['update-password', 'update-password'],
    ['signup', 'signup'],
    ['magic-link', 'magic-link'],
    [' Reset ', 'reset'],
    ['UPDATE-PASSWORD', 'update-password'],
    ['login', 'signin'],
    ['reset-password', 'signin'],
    ['__proto__', 'signin'],
  ])('%j → %s', (raw, expected) => {
    expect(parseAuthMode(raw)).toBe(expected);
  });
});

const ORIGIN = 'http://localhost:8888';

describe('safeNextPath: only same-site targets are followed', () => {
  it.each<[string | null | undefined, string | null]>([
    // honoured
    ['/', '/'],
    ['/favorites', '/favorites'],
    ['/program/silver-creek-ranch?tab=info#contact', '/program/silver-creek-ranch?tab=info#contact'],
    ['/blog/a%20b', '/blog/a%20b'],
    [' /favorites ', '/favorites'],
    [`${ORIGIN}/favorites?x=1`, '/favorites?x=1'],
    // the e-mails' next is the full redirect_to, itself /auth/confirm?next=…: unwrapped
    [`${ORIGIN}/auth/confirm?next=%2Ffavorites`, '/favorites'],
    ['/auth/confirm?next=%2Fauth%3Fmode%3Dupdate-password', '/auth?mode=update-password'],
    ['/auth/confirm', '/'],
    ['/auth?mode=update-password&next=%2Ffavorites', '/auth?mode=update-password&next=%2Ffavorites'],
    // refused
    [null, null],
    [undefined, null],
    ['', null],
    ['favorites', null],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['/x\n/y', null],
    ['/x\t/y', null],
    ['/x\u0000', null],
    ['https://evil.example/favorites', null],
    ['http://localhost:4321/favorites', null],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    // paths that normalise to `//host`, which a browser reads as another host
    ['/.//evil.example', null],
    ['/..//evil.example', null],
    ['/%2e//evil.example', null],
    ['/%2E%2E//evil.example/x?y#z', null],
    ['/././/evil.example', null],
    [`${ORIGIN}//evil.example`, null],
    [`${ORIGIN}/.//evil.example`, null],
    ['/auth/confirm?next=%2F.%2F%2Fevil.example', null],
    // dot segments that stay on the site are normalised
    ['/blog/../favorites', '/favorites'],
    ['/%2e/favorites', '/favorites'],
    // back to the sign-in form would only loop
    ['/auth', null],
    ['/auth?mode=reset', null],
    ['/auth/', null],
    [`${ORIGIN}/auth/confirm?next=${encodeURIComponent('https://evil.example/')}`, null],
    [
      `/auth/confirm?next=${encodeURIComponent(`/auth/confirm?next=${encodeURIComponent('/auth/confirm?next=%2Fauth%2Fconfirm%3Fnext%3D%252Fx')}`)}`,
      null,
    ],
  ])('%j → %j', (raw, expected) => {
    expect(safeNextPath(raw, ORIGIN)).toBe(expected);
  });

  it('refuses absolute URLs when no origin is known', () => {
    expect(safeNextPath(`${ORIGIN}/favorites`)).toBeNull();
  });

  // Whatever `next` holds, what the function returns lands on the site when the browser follows
  // it from the page that read it (location.assign resolves against the current URL).
  const PIECES = [
    '/',
    '//',
    '\\',
    '.',
    '..',
    '%2e',
    '%2E',
    '%2f',
    '%5c',
    'evil.example',
    ':',
    '@',
    '?',
    '#',
    '&next=',
    'http:',
    'https:',
    ORIGIN,
    'localhost:8888',
    '/auth/confirm?next=',
    'javascript:',
    ' ',
    '\t',
    'a',
    '%00',
    '%09',
  ];
  it('always resolves to the site origin (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => parts.join('')),
        (next) => {
          const safe = safeNextPath(next, ORIGIN);
          if (safe === null) return;
          expect(safe.startsWith('/') && !safe.startsWith('//')).toBe(true);
          expect(new URL(safe, `${ORIGIN}/auth?next=x`).origin).toBe(ORIGIN);
          expect(new URL(safe, `${ORIGIN}/auth/confirm`).origin).toBe(ORIGIN);
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('signInHrefFor', () => {
  it.each<[string | null | undefined, string]>([
    ['/program/silver-creek-ranch?x=1', '/auth?next=%2Fprogram%2Fsilver-creek-ranch%3Fx%3D1'],
    ['/favorites', '/auth?next=%2Ffavorites'],
    ['/', '/auth'],
    [undefined, '/auth'],
    ['https://evil.example/', '/auth'],
    ['/auth?mode=reset', '/auth'],
  ])('%j → %s', (next, expected) => {
    expect(signInHrefFor(next)).toBe(expected);
  });
});
