/**
 * The account messages (docs/product-rules.md#accounts), and which auth-server error gives
 * which. Pure (no supabase-js import): errors are read by their `code`/`status`/`message`, which supabase-js's AuthApiError
 * carries from the server's `{ code, error_code, msg }` (docs/local-backend.md).
 */
import { isEmail } from '../text-rules.ts';
import { MIN_PASSWORD_LENGTH } from '../vocabulary.ts';

export type Message = { title: string; description: string };

/** The fields of an auth error this module reads. */
export type AuthErrorLike = { code?: string | undefined; status?: number | undefined; message?: string };

export const MESSAGES = {
  welcome: { title: 'Welcome!', description: "You're signed in." },
  signedOut: { title: 'Signed Out', description: 'You have been signed out.' },
  invalidCredentials: {
    title: 'Invalid Credentials',
    description:
      'Please check your email and password and try again. If you have not confirmed your email address yet, or do not remember your password, you can also sign in with a magic link.',
  },
  emailNotConfirmed: {
    title: 'Email Not Confirmed',
    description: 'Please check your email and click the confirmation link before signing in.',
  },
  tooManyAttempts: {
    title: 'Too Many Attempts',
    description: 'Too many sign-in attempts. Please wait a moment before trying again.',
  },
  tooManyRequests: {
    title: 'Too Many Requests',
    description: 'Please wait a moment before trying again.',
  },
  passwordTooShort: {
    title: 'Password Too Short',
    description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  },
  checkEmail: {
    title: 'Check Your Email',
    description:
      'If this address can be used for a new account, we sent it a confirmation link. Open it to activate your account; it also signs you in.',
  },
  magicLinkSent: {
    title: 'Magic Link Sent!',
    description: 'Check your email for a sign-in link. It works once, within an hour.',
  },
  resetLinkSent: {
    title: 'Reset Link Sent',
    description: 'If an account exists for that address, we sent it a link to reset the password.',
  },
  confirmationSent: {
    title: 'Confirmation Email Sent',
    description:
      'If that address is waiting for confirmation, we sent it a new link. Please check your email.',
  },
  confirmationNotSent: {
    title: 'Confirmation Email Not Sent',
    description:
      'We could not send the confirmation email, so no account was created. Please try again in a few minutes.',
  },
  passwordUpdated: { title: 'Password Updated', description: 'Your password has been successfully updated.' },
  missingEmail: { title: 'Missing Email', description: 'Please enter your email address.' },
  emailRequired: { title: 'Email Required', description: 'Please enter your email address first.' },
  invalidEmail: { title: 'Invalid Email', description: 'Please enter a valid email address.' },
  missingPassword: { title: 'Missing Password', description: 'Please enter your password.' },
} as const satisfies Record<string, Message>;

const RATE_LIMIT_CODES = new Set(['over_request_rate_limit', 'over_email_send_rate_limit']);

function isRateLimited(error: AuthErrorLike): boolean {
  return (
    error.status === 429 || RATE_LIMIT_CODES.has(error.code ?? '') || /rate limit/i.test(error.message ?? '')
  );
}

/** The server's words, unless they are empty or an internal fallback. */
function serverText(error: AuthErrorLike, fallback: string): string {
  const text = error.message?.trim() ?? '';
  return text === '' || text === '{}' ? fallback : text;
}

/** Sign-in errors, shown in the form's red box. `unconfirmed` tells the form to offer "Resend Email". */
export function signInError(error: AuthErrorLike): Message & { unconfirmed?: true } {
  if (error.code === 'email_not_confirmed' || /email not confirmed/i.test(error.message ?? '')) {
    return { ...MESSAGES.emailNotConfirmed, unconfirmed: true };
  }
  if (error.code === 'invalid_credentials' || /invalid login credentials/i.test(error.message ?? '')) {
    return MESSAGES.invalidCredentials;
  }
  if (isRateLimited(error)) return MESSAGES.tooManyAttempts;
  return { title: 'Sign In Error', description: serverText(error, 'There was an error signing in.') };
}

/**
 * Auth-server answers that depend on whether the address has an account, which the pages must
 * not show (account enumeration): the form reacts exactly as to a success. With e-mail
 * confirmation on, Supabase Auth answers a sign-up of a confirmed address like a new one, but:
 * - `user_already_exists` (422) still comes with confirmation off;
 * - `over_email_send_rate_limit` (429) comes only for an address that was mailed in the last
 *   minute, so for a reset, only for an address that has an account (an unknown one gets `{}`
 *   every time); the mail that was sent then is the one to use;
 * - `otp_disabled` (422) answers a magic link with `shouldCreateUser: false` for an unknown address.
 * The local auth server sends none of these for those cases (docs/local-backend.md).
 */
export function concealsAccount(
  kind: 'signup' | 'reset' | 'magic-link' | 'resend',
  error: AuthErrorLike,
): boolean {
  if (error.code === 'over_email_send_rate_limit') return true;
  if (kind === 'signup') {
    return error.code === 'user_already_exists' || /already registered/i.test(error.message ?? '');
  }
  return error.code === 'otp_disabled' || /signups not allowed/i.test(error.message ?? '');
}

/** Sign-up errors (after `concealsAccount('signup', …)`, which the caller checks first). */
export function signUpError(error: AuthErrorLike): Message {
  if (concealsAccount('signup', error)) {
    // Never say so: the form shows "Check Your Email" for these (see concealsAccount).
    return { title: 'Sign Up Error', description: 'There was an error creating your account.' };
  }
  if (error.code === 'weak_password' || /password.*(short|at least)/i.test(error.message ?? '')) {
    return MESSAGES.passwordTooShort;
  }
  if (isRateLimited(error)) return MESSAGES.tooManyAttempts;
  // Supabase Auth (and the local server) keeps nothing when the confirmation cannot be mailed.
  if (/error sending confirmation email/i.test(error.message ?? '')) return MESSAGES.confirmationNotSent;
  return {
    title: 'Sign Up Error',
    description: serverText(error, 'There was an error creating your account.'),
  };
}

/**
 * Errors of a mail request: reset link, magic link, resend (after `concealsAccount(kind, …)`,
 * which the caller checks first). A rate limit is the per-browser one here: "this address was
 * mailed a moment ago" would tell that it has an account.
 */
export function mailError(kind: 'reset' | 'magic-link' | 'resend', error: AuthErrorLike): Message {
  if (isRateLimited(error)) return MESSAGES.tooManyRequests;
  const title =
    kind === 'reset' ? 'Password Reset Error' : kind === 'resend' ? 'Resend Error' : 'Magic Link Error';
  return { title, description: serverText(error, 'Something went wrong. Please try again.') };
}

/** Errors of the new-password form. */
export function updatePasswordError(error: AuthErrorLike): Message {
  if (error.code === 'weak_password') return MESSAGES.passwordTooShort;
  if (error.code === 'same_password') {
    return {
      title: 'Password Update Failed',
      description: 'Your new password must be different from your current password.',
    };
  }
  return {
    title: 'Password Update Failed',
    description: serverText(error, 'An error occurred while updating your password.'),
  };
}

export type FieldErrors = Partial<Record<'email' | 'password', Message>>;

/**
 * Checks an e-mail field (trimmed; required, then the one e-mail rule). `required` is the
 * message for an empty field: Missing Email on sign-in, Email Required on the reset form.
 */
export function checkEmail(email: string, required: Message = MESSAGES.missingEmail): Message | null {
  const value = email.trim();
  if (value === '') return required;
  return isEmail(value) ? null : MESSAGES.invalidEmail;
}

/** Checks a password: present (sign-in) or also at least MIN_PASSWORD_LENGTH long (new passwords). */
export function checkPassword(password: string, rule: 'present' | 'new'): Message | null {
  if (password === '') return MESSAGES.missingPassword;
  if (rule === 'new' && Array.from(password).length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  return null;
}
