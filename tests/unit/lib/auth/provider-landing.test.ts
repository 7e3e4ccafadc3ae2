import { describe, expect, it } from 'vitest';
import { isProviderAccount, landingPath, PROVIDER_HOME } from '../../../../src/lib/auth/rules.ts';

describe('isProviderAccount / landingPath (a sign-in without next)', () => {
  it.each<[string, string[], Record<string, unknown>, boolean]>([
    ['the provider role', ['provider'], {}, true],
    ['provider among other roles', ['user', 'provider'], {}, true],
    ['registered as a provider, profile not created yet', [], { organization_name: 'Acme OCD' }, true],
    ['a family', ['user'], { full_name: 'Robin' }, false],
    ['an admin only', ['admin'], {}, false],
    ['blank organization name', [], { organization_name: '  ' }, false],
    ['organization name not text', [], { organization_name: 7 }, false],
  ])('%s', (_label, roles, metadata, provider) => {
    expect(isProviderAccount(roles, metadata)).toBe(provider);
    expect(landingPath(roles, metadata)).toBe(provider ? PROVIDER_HOME : '/');
  });

  it('the provider home is the dashboard', () => {
    expect(PROVIDER_HOME).toBe('/provider-dashboard');
  });
});
