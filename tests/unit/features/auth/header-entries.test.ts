/**
 * The signed-in header's links (src/features/auth/header.ts): Favorites and My Account are a
 * family's; providers and administrators get their role's links and Settings, never a family's.
 */
import { describe, expect, it } from 'vitest';
import { headerEntries } from '../../../../src/features/auth/header.ts';

const labels = (roles: string[], metadata: Record<string, unknown> = {}) => {
  const { links, roleLinks } = headerEntries(roles, metadata);
  return {
    links: links.map((l) => `${l.label} ${l.href}`),
    roleLinks: roleLinks.map((l) => `${l.label} ${l.href}`),
  };
};

describe('headerEntries', () => {
  it.each<[string, string[], Record<string, unknown>, { links: string[]; roleLinks: string[] }]>([
    [
      'a family (no role row)',
      [],
      {},
      { links: ['Favorites /favorites', 'My Account /enhanced-dashboard'], roleLinks: [] },
    ],
    [
      'a family (user role)',
      ['user'],
      { full_name: 'Sam Parent' },
      { links: ['Favorites /favorites', 'My Account /enhanced-dashboard'], roleLinks: [] },
    ],
    [
      'a provider',
      ['user', 'provider'],
      {},
      { links: [], roleLinks: ['Provider Dashboard /provider-dashboard', 'Settings /enhanced-dashboard'] },
    ],
    [
      'a provider whose profile is still to be created',
      [],
      { organization_name: 'Harbor OCD' },
      { links: [], roleLinks: ['Provider Dashboard /provider-dashboard', 'Settings /enhanced-dashboard'] },
    ],
    [
      'an administrator',
      ['admin'],
      {},
      { links: [], roleLinks: ['Admin /admin', 'Testing /testing', 'Settings /enhanced-dashboard'] },
    ],
    [
      'an administrator who is also a provider',
      ['admin', 'provider'],
      {},
      {
        links: [],
        roleLinks: [
          'Provider Dashboard /provider-dashboard',
          'Admin /admin',
          'Testing /testing',
          'Settings /enhanced-dashboard',
        ],
      },
    ],
  ])('%s', (_label, roles, metadata, expected) => {
    expect(labels(roles, metadata)).toEqual(expected);
  });

  it('never shows Favorites to a provider or an administrator', () => {
    for (const roles of [['provider'], ['admin'], ['admin', 'provider']]) {
      const { links, roleLinks } = headerEntries(roles, {});
      expect([...links, ...roleLinks].map((l) => l.label)).not.toContain('Favorites');
      expect([...links, ...roleLinks].map((l) => l.label)).not.toContain('My Account');
    }
  });
});
