import { describe, expect, it } from 'vitest';
import { registrationStep1Errors, type RegistrationStep1 } from '../../../../src/lib/provider-rules.ts';
import {
  providerConfirmUrl,
  providerRecoveryUrl,
  registrationError,
  registrationFieldErrors,
  registrationMetadata,
} from '../../../../src/features/provider-auth/rules.ts';
import { safeNextPath } from '../../../../src/lib/auth/rules.ts';

const valid: RegistrationStep1 = {
  organizationName: 'Harbor OCD',
  contactName: 'Dana Reyes',
  email: 'dana@harbor.example.org',
  password: 'secret1',
  confirmPassword: 'secret1',
  useMagicLink: false,
};

describe('registrationFieldErrors (step 1, beside the fields)', () => {
  it.each<[string, Partial<RegistrationStep1>, Record<string, string>]>([
    ['complete', {}, {}],
    [
      'everything empty',
      { organizationName: '', contactName: ' ', email: '', password: '', confirmPassword: '' },
      {
        organizationName: 'Missing Information',
        contactName: 'Missing Information',
        email: 'Missing Information',
        password: 'Password Required',
      },
    ],
    ['invalid e-mail', { email: 'not-an-address' }, { email: 'Invalid Email' }],
    ['e-mail with spaces around is fine', { email: '  dana@harbor.example.org ' }, {}],
    ['short password', { password: '12345', confirmPassword: '12345' }, { password: 'Password Too Short' }],
    ['mismatch', { confirmPassword: 'secret2' }, { confirmPassword: "Passwords Don't Match" }],
    [
      'short and mismatched',
      { password: '12345', confirmPassword: '' },
      { password: 'Password Too Short', confirmPassword: "Passwords Don't Match" },
    ],
    ['magic link skips the passwords', { useMagicLink: true, password: '', confirmPassword: 'x' }, {}],
  ])('%s', (_label, change, expected) => {
    const form = { ...valid, ...change };
    const found = registrationFieldErrors(form);
    expect(Object.fromEntries(Object.entries(found).map(([field, m]) => [field, m.title]))).toEqual(expected);
    // The same verdict and titles as the shared rule (src/lib/provider-rules.ts).
    const shared = new Set(registrationStep1Errors(form).map((m) => m.title));
    const mine = new Set(Object.values(found).map((m) => m.title));
    if (form.password === '' && !form.useMagicLink && form.confirmPassword !== '') {
      // The shared rule also reports a mismatch against an empty password; beside the fields,
      // Password Required says enough.
      shared.delete("Passwords Don't Match");
    }
    expect(mine).toEqual(shared);
  });
});

describe('registrationMetadata', () => {
  it('trims and records the consents', () => {
    expect(
      registrationMetadata(
        {
          organizationName: ' Harbor OCD ',
          contactName: ' Dana ',
          email: 'x',
          phone: ' 555-0100 ',
          marketingConsent: true,
        },
        new Date('2025-01-02T03:04:05Z'),
      ),
    ).toEqual({
      full_name: 'Dana',
      name: 'Dana',
      organization_name: 'Harbor OCD',
      phone: '555-0100',
      marketing_consent: true,
      terms_accepted_at: '2025-01-02T03:04:05.000Z',
    });
  });
});

describe('e-mail link targets', () => {
  const origin = 'https://dir.example.org';
  it('confirmation and magic links end on the dashboard', () => {
    const url = providerConfirmUrl(origin);
    expect(url).toBe('https://dir.example.org/auth/confirm?next=%2Fprovider-dashboard');
    expect(safeNextPath(url, origin)).toBe('/provider-dashboard');
  });
  it('recovery ends on the provider new-password form', () => {
    const url = providerRecoveryUrl(origin);
    expect(new URL(url).searchParams.get('type')).toBe('recovery');
    expect(safeNextPath(url, origin)).toBe('/provider-login?mode=reset');
  });
});

describe('registrationError', () => {
  it.each([
    // Never "Account Already Exists" (the form goes on as for a new address: concealsAccount).
    [{ code: 'user_already_exists', message: 'User already registered' }, 'Registration Error'],
    [{ message: 'This email is already registered' }, 'Registration Error'],
    [{ code: 'weak_password', message: 'Password should be at least 6 characters' }, 'Password Too Short'],
    [{ code: 'email_address_invalid', message: 'Email address is invalid' }, 'Invalid Email'],
    [{ status: 429, message: 'Too many' }, 'Too Many Attempts'],
    [{ code: 'over_email_send_rate_limit', message: '' }, 'Registration Error'],
    [{ status: 500, message: 'Database error saving new user' }, 'Registration Error'],
    [{ status: 500, message: 'Error sending confirmation email' }, 'Confirmation Email Not Sent'],
    [{ message: '' }, 'Registration Error'],
  ])('%o → %s', (error, title) => {
    expect(registrationError(error).title).toBe(title);
  });
  it('Registration Error says to try again, not the server text', () => {
    expect(registrationError({ message: 'pq: relation missing' }).description).toBe(
      'There was an error creating your account. Please try again.',
    );
  });
});
