/**
 * Pure rules of the provider's way in (/provider-registration, /provider-login): which message
 * goes beside which registration field, the sign-up metadata, where e-mail links lead and the
 * registration's error box. The wording comes from src/lib/provider-rules.ts (the titles)
 * and src/lib/auth/messages.ts (auth errors), so every form says the same thing.
 */
import { PROVIDER_MESSAGES, type RegistrationStep1, type RuleMessage } from '../../lib/provider-rules.ts';
import { hasVisibleText, isEmail } from '../../lib/text-rules.ts';
import { MIN_PASSWORD_LENGTH } from '../../lib/vocabulary.ts';
import { type AuthErrorLike, concealsAccount, type Message, MESSAGES } from '../../lib/auth/messages.ts';
import { PROVIDER_HOME } from '../../lib/auth/rules.ts';

export type Step1Field =
  'organizationName' | 'contactName' | 'email' | 'phone' | 'password' | 'confirmPassword';

/** The order fields appear in (focus goes to the first invalid one). */
export const STEP1_FIELDS: readonly Step1Field[] = [
  'organizationName',
  'contactName',
  'email',
  'phone',
  'password',
  'confirmPassword',
];

const missing = (what: string): RuleMessage => ({
  title: PROVIDER_MESSAGES.missingInformation.title,
  description: `Please fill in ${what}.`,
});

/**
 * Registration step 1 as messages beside the fields: the same checks and titles as
 * `registrationStep1Errors` (Missing Information, Invalid Email, Password Required, Password Too
 * Short, Passwords Don't Match), each placed on the field it is about. No password checks with a
 * magic link. Empty object: step 1 is complete.
 *
 * @example registrationFieldErrors({ organizationName: '', contactName: 'Ann', email: 'x',
 *   password: 'secret1', confirmPassword: 'secret1', useMagicLink: false })
 *   // { organizationName: Missing Information…, email: Invalid Email… }
 */
export function registrationFieldErrors(form: RegistrationStep1): Partial<Record<Step1Field, RuleMessage>> {
  const errors: Partial<Record<Step1Field, RuleMessage>> = {};
  if (!hasVisibleText(form.organizationName)) errors.organizationName = missing('your organization name');
  if (!hasVisibleText(form.contactName)) errors.contactName = missing('the contact name');
  const email = form.email.trim();
  if (!hasVisibleText(email)) errors.email = missing('your email address');
  else if (!isEmail(email)) errors.email = PROVIDER_MESSAGES.invalidEmail;
  if (!form.useMagicLink) {
    if (form.password === '') errors.password = PROVIDER_MESSAGES.passwordRequired;
    else if (Array.from(form.password).length < MIN_PASSWORD_LENGTH) {
      errors.password = PROVIDER_MESSAGES.passwordTooShort;
    }
    if (form.password !== '' && form.password !== form.confirmPassword) {
      errors.confirmPassword = PROVIDER_MESSAGES.passwordsDontMatch;
    }
  }
  return errors;
}

/** What the registration form holds when it signs up. */
export type RegistrationForm = {
  organizationName: string;
  contactName: string;
  email: string;
  phone: string;
  marketingConsent: boolean;
};

/**
 * The sign-up metadata (full_name, name, organization_name, phone), plus the consents
 * with the moment the terms were accepted. All text trimmed; `ensureProviderProfile`
 * builds the provider profile from it.
 *
 * @example registrationMetadata({ organizationName: ' Acme ', contactName: 'Ann', email: 'a@b.org',
 *   phone: '', marketingConsent: false }, new Date('2025-01-01T00:00:00Z'))
 *   // { full_name: 'Ann', name: 'Ann', organization_name: 'Acme', phone: '',
 *   //   marketing_consent: false, terms_accepted_at: '2025-01-01T00:00:00.000Z' }
 */
export function registrationMetadata(form: RegistrationForm, now: Date): Record<string, string | boolean> {
  const contact = form.contactName.trim();
  return {
    full_name: contact,
    name: contact,
    organization_name: form.organizationName.trim(),
    phone: form.phone.trim(),
    marketing_consent: form.marketingConsent,
    terms_accepted_at: now.toISOString(),
  };
}

/** `<origin>/auth/confirm?next=/provider-dashboard`: where the confirmation and magic links land. */
export function providerConfirmUrl(origin: string): string {
  return `${origin}/auth/confirm?${new URLSearchParams({ next: PROVIDER_HOME }).toString()}`;
}

/** The provider's new-password form, where a provider's recovery link ends. */
export const PROVIDER_RESET_PATH = '/provider-login?mode=reset';

/** `<origin>/auth/confirm?type=recovery&next=/provider-login?mode=reset`. */
export function providerRecoveryUrl(origin: string): string {
  return `${origin}/auth/confirm?${new URLSearchParams({ type: 'recovery', next: PROVIDER_RESET_PATH }).toString()}`;
}

export const REGISTRATION_MESSAGES = {
  registrationError: {
    title: 'Registration Error',
    description: 'There was an error creating your account. Please try again.',
  },
  profileSetupIssue: {
    title: 'Account Created - Profile Setup Issue',
    description:
      'Your account was created, but we could not set up your provider profile yet. Taking you to your dashboard, where it will be completed.',
  },
  accountCreated: { title: 'Account Created Successfully', description: "You're signed in." },
} as const satisfies Record<string, Message>;

/**
 * Sign-up errors of the registration form: Password Too Short, Invalid Email, Too Many
 * Attempts; anything else is Registration Error (the server's text is not shown: it may be
 * technical). No "Account Already Exists": that would tell who has an account, so the form goes on
 * to /registration-success for such an address (`concealsAccount`, checked first) and, should
 * such an error arrive here anyway, it is a plain Registration Error.
 */
export function registrationError(error: AuthErrorLike): Message {
  const text = error.message ?? '';
  if (concealsAccount('signup', error)) return REGISTRATION_MESSAGES.registrationError;
  if (error.code === 'weak_password' || /password.*(short|at least)/i.test(text)) {
    return MESSAGES.passwordTooShort;
  }
  if (error.code === 'email_address_invalid' || /invalid.*email|email.*invalid/i.test(text)) {
    return MESSAGES.invalidEmail;
  }
  if (error.status === 429 || error.code === 'over_request_rate_limit' || /rate limit/i.test(text)) {
    return MESSAGES.tooManyAttempts;
  }
  // Nothing was created: the confirmation e-mail could not be sent (docs/local-backend.md).
  if (/error sending confirmation email/i.test(text)) return MESSAGES.confirmationNotSent;
  return REGISTRATION_MESSAGES.registrationError;
}
