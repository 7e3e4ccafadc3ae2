import { describe, expect, it } from 'vitest';
import {
  checkEmail,
  checkPassword,
  concealsAccount,
  mailError,
  MESSAGES,
  signInError,
  signUpError,
  updatePasswordError,
  type AuthErrorLike,
} from '../../../../src/lib/auth/messages.ts';

// Errors as supabase-js hands them over from the auth server (docs/local-backend.md).
const E = {
  invalid: { code: 'invalid_credentials', status: 400, message: 'Invalid login credentials' },
  unconfirmed: { code: 'email_not_confirmed', status: 400, message: 'Email not confirmed' },
  rate: { code: 'over_request_rate_limit', status: 429, message: 'Request rate limit reached' },
  mailRate: {
    code: 'over_email_send_rate_limit',
    status: 429,
    message: 'For security purposes, you can only request this after 52 seconds.',
  },
  exists: { code: 'user_already_exists', status: 422, message: 'User already registered' },
  weak: { code: 'weak_password', status: 422, message: 'Password should be at least 6 characters.' },
  same: {
    code: 'same_password',
    status: 422,
    message: 'New password should be different from the old password.',
  },
  other: { code: 'unexpected_failure', status: 500, message: 'Database is down' },
  empty: { status: 500, message: '{}' },
  network: { message: 'Failed to fetch' },
} satisfies Record<string, AuthErrorLike>;

describe('signInError (the red box)', () => {
  it.each<[string, AuthErrorLike, string, string | RegExp]>([
    [
      'wrong password',
      E.invalid,
      'Invalid Credentials',
      /^Please check your email and password and try again\./,
    ],
    [
      'unconfirmed',
      E.unconfirmed,
      'Email Not Confirmed',
      'Please check your email and click the confirmation link before signing in.',
    ],
    [
      'message only (older servers)',
      { message: 'Email not confirmed' },
      'Email Not Confirmed',
      /confirmation link/,
    ],
    [
      'rate limit',
      E.rate,
      'Too Many Attempts',
      'Too many sign-in attempts. Please wait a moment before trying again.',
    ],
    ['status 429 alone', { status: 429, message: '' }, 'Too Many Attempts', /wait a moment/],
    ['anything else: the server message', E.other, 'Sign In Error', 'Database is down'],
    ['an empty message: the fallback', E.empty, 'Sign In Error', 'There was an error signing in.'],
  ])('%s', (_, error, title, description) => {
    const message = signInError(error);
    expect(message.title).toBe(title);
    if (typeof description === 'string') expect(message.description).toBe(description);
    else expect(message.description).toMatch(description);
  });

  it('marks only Email Not Confirmed for the Resend Email action', () => {
    expect(signInError(E.unconfirmed).unconfirmed).toBe(true);
    expect(signInError(E.invalid)).not.toHaveProperty('unconfirmed');
  });
});

describe('concealsAccount: answers that would tell whether an address has an account', () => {
  const otpDisabled = { code: 'otp_disabled', status: 422, message: 'Signups not allowed for otp' };
  it.each<['signup' | 'reset' | 'magic-link' | 'resend', AuthErrorLike, boolean]>([
    ['signup', E.exists, true],
    ['signup', { message: 'User already registered' }, true],
    ['signup', E.mailRate, true],
    ['reset', E.mailRate, true],
    ['magic-link', E.mailRate, true],
    ['resend', E.mailRate, true],
    ['magic-link', otpDisabled, true],
    ['magic-link', { message: 'Signups not allowed for otp' }, true],
    // Not about the address: shown as errors.
    ['signup', E.weak, false],
    ['signup', E.rate, false],
    ['reset', E.rate, false],
    ['reset', E.other, false],
    ['magic-link', E.network, false],
  ])('%s %j → %s', (kind, error, concealed) => {
    expect(concealsAccount(kind, error)).toBe(concealed);
  });

  it('no message anywhere says an account exists', () => {
    const texts = Object.values(MESSAGES).map((m) => `${m.title} ${m.description}`);
    for (const text of texts) expect(text).not.toMatch(/already (registered|exists)|Already Exists/i);
    expect(signUpError(E.exists).description).not.toMatch(/already/i);
  });

  it('the neutral messages read the same for a known and an unknown address', () => {
    expect(MESSAGES.resetLinkSent.description).toMatch(/^If an account exists for that address/);
    expect(MESSAGES.checkEmail.description).toMatch(/^If this address can be used for a new account/);
    expect(MESSAGES.confirmationSent.description).toMatch(/^If that address is waiting for confirmation/);
  });
});

describe('signUpError', () => {
  it.each<[AuthErrorLike, string, string]>([
    [E.exists, 'Sign Up Error', 'There was an error creating your account.'],
    [E.weak, 'Password Too Short', 'Password must be at least 6 characters long.'],
    [E.rate, 'Too Many Attempts', MESSAGES.tooManyAttempts.description],
    [
      { status: 500, code: 'unexpected_failure', message: 'Error sending confirmation email' },
      'Confirmation Email Not Sent',
      MESSAGES.confirmationNotSent.description,
    ],
    [E.other, 'Sign Up Error', 'Database is down'],
  ])('%j → %s', (error, title, description) => {
    expect(signUpError(error)).toEqual({ title, description });
  });
});

describe('mailError', () => {
  it.each<['reset' | 'magic-link' | 'resend', AuthErrorLike, string, RegExp]>([
    ['reset', E.rate, 'Too Many Requests', /wait a moment/],
    ['reset', E.mailRate, 'Too Many Requests', /wait a moment/],
    ['resend', E.mailRate, 'Too Many Requests', /wait a moment/],
    ['reset', E.other, 'Password Reset Error', /Database is down/],
    ['resend', E.other, 'Resend Error', /Database is down/],
    ['magic-link', E.network, 'Magic Link Error', /Failed to fetch/],
  ])('%s %j → %s', (kind, error, title, description) => {
    const message = mailError(kind, error);
    expect(message.title).toBe(title);
    expect(message.description).toMatch(description);
  });
});

describe('updatePasswordError', () => {
  it.each<[AuthErrorLike, string, RegExp]>([
    [E.weak, 'Password Too Short', /at least 6 characters/],
    [E.same, 'Password Update Failed', /different from your current password/],
    [E.other, 'Password Update Failed', /Database is down/],
    [E.empty, 'Password Update Failed', /^An error occurred while updating your password\.$/],
  ])('%j → %s', (error, title, description) => {
    const message = updatePasswordError(error);
    expect(message.title).toBe(title);
    expect(message.description).toMatch(description);
  });
});

describe('checkEmail (trimmed)', () => {
  it.each<[string, string | null]>([
    ['', 'Missing Email'],
    ['   ', 'Missing Email'],
    ['family@example.org', null],
    ['  family@example.org  ', null],
    ['family@', 'Invalid Email'],
    ['family example.org', 'Invalid Email'],
    ['fam\u200bily@example.org', 'Invalid Email'],
  ])('%j → %s', (email, title) => {
    expect(checkEmail(email)?.title ?? null).toBe(title);
  });

  it('the reset form asks with its own words', () => {
    expect(checkEmail('', MESSAGES.emailRequired)).toEqual({
      title: 'Email Required',
      description: 'Please enter your email address first.',
    });
  });
});

describe('checkPassword', () => {
  it.each<[string, 'present' | 'new', string | null]>([
    ['', 'present', 'Missing Password'],
    ['1', 'present', null],
    ['', 'new', 'Missing Password'],
    ['12345', 'new', 'Password Too Short'],
    ['123456', 'new', null],
    // Counted in characters (code points) like the auth server, not UTF-16 units.
    ['😀😀😀', 'new', 'Password Too Short'],
    ['😀😀😀😀😀😀', 'new', null],
  ])('%j (%s) → %s', (password, rule, title) => {
    expect(checkPassword(password, rule)?.title ?? null).toBe(title);
  });
});
