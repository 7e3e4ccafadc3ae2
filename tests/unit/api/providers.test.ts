import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../src/api/session.ts';
import { ensureProviderProfile, providerProfileBody } from '../../../src/api/providers.ts';

const user = (metadata: Record<string, unknown>, email: string | null = 'ann@acme.org'): SessionUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email,
  metadata,
});

describe('providerProfileBody', () => {
  it.each([
    ['no metadata', {}, null],
    ['blank organization', { organization_name: '   ', full_name: 'Ann' }, null],
    ['organization not text', { organization_name: 42 }, null],
    [
      'full_name wins over name, all trimmed',
      { organization_name: ' Acme OCD ', full_name: ' Ann Lee ', name: 'Other', phone: ' 555-0100 ' },
      { organization_name: 'Acme OCD', contact_name: 'Ann Lee', email: 'ann@acme.org', phone: '555-0100' },
    ],
    [
      'name when full_name is blank; blank phone left out',
      { organization_name: 'Acme', full_name: ' ', name: 'Ann', phone: '  ' },
      { organization_name: 'Acme', contact_name: 'Ann', email: 'ann@acme.org' },
    ],
  ])('%s', (_label, metadata, expected) => {
    expect(providerProfileBody(user(metadata))).toEqual(expected);
  });
});

describe('ensureProviderProfile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const provider = user({ organization_name: 'Acme', full_name: 'Ann' });

  it.each([
    [201, 'created'],
    [200, 'exists'],
    [400, 'failed'],
    [401, 'failed'],
    [500, 'failed'],
  ] as const)('answers %i → %s', async (status, outcome) => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status })));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(ensureProviderProfile(provider)).resolves.toBe(outcome);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/providers');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      organization_name: 'Acme',
      contact_name: 'Ann',
      email: 'ann@acme.org',
    });
  });

  it('a network error is failed, not thrown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(ensureProviderProfile(provider)).resolves.toBe('failed');
  });

  it('a family account is not-provider and calls nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(ensureProviderProfile(user({ full_name: 'Robin' }))).resolves.toBe('not-provider');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
