/**
 * The provider profile behind a provider account: created from the sign-up metadata the
 * registration form stores (docs/product-rules.md#provider-registration).
 *
 * Registration calls `ensureProviderProfile` when sign-up returns a session at once; otherwise
 * (e-mail confirmation first) the provider dashboard calls it when it finds no profile after a
 * sign-in. `POST /api/providers` is idempotent (200 with the existing profile), so calling it
 * until it succeeds means a profile that failed to be created is created later, never lost and
 * never duplicated.
 *
 * @example
 * const outcome = await ensureProviderProfile(session.user); // 'created' | 'exists' | 'not-provider' | 'failed'
 */
import { apiFetch } from './client.ts';
import type { ProviderProfileBody } from './contracts/providers.ts';
import type { SessionUser } from './session.ts';

export type EnsureOutcome = 'exists' | 'created' | 'not-provider' | 'failed';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The `POST /api/providers` body for a user whose sign-up metadata names an organization
 * (trimmed), or null for anyone else (a family account). The contact name is
 * `full_name`, else `name`; the phone is left out when blank.
 *
 * @example providerProfileBody({ id: 'u1', email: 'ann@acme.org',
 *   metadata: { organization_name: ' Acme ', full_name: 'Ann' } })
 *   // { organization_name: 'Acme', contact_name: 'Ann', email: 'ann@acme.org' }
 */
export function providerProfileBody(user: SessionUser): ProviderProfileBody | null {
  const organization = text(user.metadata['organization_name']);
  if (organization === '') return null;
  const phone = text(user.metadata['phone']);
  return {
    organization_name: organization,
    contact_name: text(user.metadata['full_name']) || text(user.metadata['name']),
    email: text(user.email),
    ...(phone ? { phone } : {}),
  };
}

/**
 * Creates the signed-in user's provider profile when their metadata says they registered as a
 * provider and none exists yet. Never throws: 'failed' covers network errors, 4xx and 5xx (the
 * next sign-in tries again).
 */
export async function ensureProviderProfile(user: SessionUser): Promise<EnsureOutcome> {
  const body = providerProfileBody(user);
  if (!body) return 'not-provider';
  try {
    const res = await apiFetch('/api/providers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status === 201) return 'created';
    if (res.status === 200) return 'exists';
    console.warn(`POST /api/providers answered ${res.status}`);
    return 'failed';
  } catch (error) {
    console.warn('Could not create the provider profile', error);
    return 'failed';
  }
}
