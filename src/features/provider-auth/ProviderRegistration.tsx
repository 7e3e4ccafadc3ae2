/**
 * The /provider-registration island (docs/product-rules.md#provider-registration): step 1 Account Information
 * (organization, contact, e-mail, optional phone, password twice or a magic link instead), step 2
 * Complete Registration (terms required, marketing optional). Back keeps everything typed.
 *
 * Sign-up stores the provider's details as user metadata; with a session at once the profile is
 * created now (`ensureProviderProfile`) and the dashboard opens; otherwise the e-mail link
 * confirms the address and signs in on /provider-dashboard, which creates the profile then.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { registrationStep2Errors, type RuleMessage } from '../../lib/provider-rules.ts';
import { MIN_PASSWORD_LENGTH, SITE_TITLE } from '../../lib/vocabulary.ts';
import { AlertBox } from '../../ui/boxes.tsx';
import { linkButton, submitButton } from '../../ui/buttons.ts';
import { Checkbox, Field, inputClass, PasswordField } from '../../ui/fields.tsx';
import { flashToast } from '../../ui/toasts/flash.ts';
import { concealsAccount, mailError, type Message, MESSAGES } from '../../lib/auth/messages.ts';
import { PROVIDER_HOME } from '../../lib/auth/rules.ts';
import { $session, getSupabase, initSession, setRememberMe } from '../../api/session.ts';
import { ensureProviderProfile } from '../../api/providers.ts';
import {
  providerConfirmUrl,
  REGISTRATION_MESSAGES,
  registrationError,
  registrationFieldErrors,
  registrationMetadata,
  STEP1_FIELDS,
  type Step1Field,
} from './rules.ts';

const STEPS = ['Account Information', 'Complete Registration'] as const;
const SUCCESS_PATH = '/registration-success';

/** The delay before the redirect after "Account Created - Profile Setup Issue", to read the toast. */
const PROFILE_ISSUE_DELAY_MS = 2000;

type Form = {
  organizationName: string;
  contactName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  useMagicLink: boolean;
  termsAccepted: boolean;
  marketingConsent: boolean;
};

const EMPTY: Form = {
  organizationName: '',
  contactName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  useMagicLink: false,
  termsAccepted: false,
  marketingConsent: false,
};

type TextField = Exclude<Step1Field, 'password' | 'confirmPassword'>;

const TEXT_FIELDS: Record<
  TextField,
  { label: string; type: string; autoComplete: string; optional?: true; inputMode?: 'email' | 'tel' }
> = {
  organizationName: { label: 'Organization name', type: 'text', autoComplete: 'organization' },
  contactName: { label: 'Contact name', type: 'text', autoComplete: 'name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { label: 'Phone', type: 'tel', autoComplete: 'tel', optional: true, inputMode: 'tel' },
};

export default function ProviderRegistration() {
  const session = useStore($session);
  const [step, setStep] = useState<1 | 2>(1);
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Step1Field, RuleMessage>>>({});
  const [termsError, setTermsError] = useState<RuleMessage | null>(null);
  const [alert, setAlert] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const leaving = useRef(false);
  const moved = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const refs = useRef<Partial<Record<Step1Field, HTMLInputElement | null>>>({});

  useEffect(() => {
    initSession();
  }, []);

  useEffect(() => {
    document.title = `Provider Registration: ${STEPS[step - 1]} | ${SITE_TITLE}`;
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  // A signed-in provider has registered already; the dashboard is where they belong.
  useEffect(() => {
    if (session.status === 'signed-in' && !leaving.current && !busy) {
      leaving.current = true;
      location.replace(PROVIDER_HOME);
    }
  }, [session, busy]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    // A field being corrected no longer shows its old message (it is checked again on Continue).
    if ((STEP1_FIELDS as readonly string[]).includes(key)) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== key)));
    }
  };

  const continueToStep2 = () => {
    const found = registrationFieldErrors(form);
    setErrors(found);
    const first = STEP1_FIELDS.find((field) => found[field]);
    if (first) {
      refs.current[first]?.focus();
      return;
    }
    setAlert(null);
    moved.current = true;
    setStep(2);
  };

  const back = () => {
    moved.current = true;
    setTermsError(null);
    setAlert(null);
    setStep(1);
  };

  const register = async () => {
    const client = await getSupabase();
    const email = form.email.trim();
    const metadata = registrationMetadata(form, new Date());
    const emailRedirectTo = providerConfirmUrl(location.origin);
    // A new provider stays signed in, as on /auth (only /provider-login offers "Remember me").
    setRememberMe(true);

    if (form.useMagicLink) {
      const { error } = await client.auth.signInWithOtp({
        email,
        options: { emailRedirectTo, shouldCreateUser: true, data: metadata },
      });
      if (error && !concealsAccount('magic-link', error)) {
        setAlert(mailError('magic-link', error));
        return;
      }
      leaving.current = true;
      flashToast(MESSAGES.magicLinkSent);
      location.assign(SUCCESS_PATH);
      return;
    }

    const { data, error } = await client.auth.signUp({
      email,
      password: form.password,
      options: { emailRedirectTo, data: metadata },
    });
    // An address that already has an account goes on exactly like a new one (the e-mail tells
    // its owner): an answer that differs (an error, or Supabase's `identities: []`) is never shown.
    if (error && !concealsAccount('signup', error)) {
      setAlert(registrationError(error));
      return;
    }
    leaving.current = true;
    if (!data.session || !data.user) {
      location.assign(SUCCESS_PATH);
      return;
    }
    // Projects without e-mail confirmation sign in at once: create the profile now.
    const outcome = await ensureProviderProfile({
      id: data.user.id,
      email: data.user.email ?? email,
      metadata: { ...data.user.user_metadata },
    });
    if (outcome === 'failed') {
      setAlert(REGISTRATION_MESSAGES.profileSetupIssue);
      setTimeout(() => {
        location.assign(PROVIDER_HOME);
      }, PROFILE_ISSUE_DELAY_MS);
      return;
    }
    flashToast(REGISTRATION_MESSAGES.accountCreated);
    location.assign(PROVIDER_HOME);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (step === 1) {
      continueToStep2();
      return;
    }
    const [termsProblem] = registrationStep2Errors({ termsAccepted: form.termsAccepted });
    setTermsError(termsProblem ?? null);
    if (termsProblem) {
      termsRef.current?.focus();
      return;
    }
    setBusy(true);
    setAlert(null);
    register()
      .catch((error: unknown) => {
        console.error(error);
        leaving.current = false;
        setAlert({
          title: 'Something Went Wrong',
          description: 'Please check your connection and try again.',
        });
      })
      .finally(() => {
        setBusy(false);
      });
  };

  const textField = (field: TextField) => {
    const spec = TEXT_FIELDS[field];
    const id = `reg-${field}`;
    return (
      <Field id={id} label={spec.label} optional={spec.optional ?? false} error={errors[field]}>
        {(describedBy, invalid) => (
          <input
            ref={(node) => {
              refs.current[field] = node;
            }}
            id={id}
            name={field}
            type={spec.type}
            autoComplete={spec.autoComplete}
            inputMode={spec.inputMode}
            required={!spec.optional}
            value={form[field]}
            onChange={(e) => {
              set(field, e.target.value);
            }}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className={inputClass}
          />
        )}
      </Field>
    );
  };

  const stepOne = (
    <>
      {textField('organizationName')}
      {textField('contactName')}
      {textField('email')}
      {textField('phone')}
      <Checkbox
        id="reg-magic-link"
        checked={form.useMagicLink}
        onChange={(checked) => {
          set('useMagicLink', checked);
          if (checked) setErrors(({ password: _p, confirmPassword: _c, ...rest }) => rest);
        }}
        label="Email me a sign-in link instead of choosing a password"
      />
      {form.useMagicLink ? null : (
        <>
          <PasswordField
            id="reg-password"
            label="Password"
            value={form.password}
            onChange={(value) => {
              set('password', value);
            }}
            error={errors.password}
            inputRef={(node) => {
              refs.current.password = node;
            }}
            autoComplete="new-password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          />
          <PasswordField
            id="reg-confirm-password"
            label="Confirm password"
            value={form.confirmPassword}
            onChange={(value) => {
              set('confirmPassword', value);
            }}
            error={errors.confirmPassword}
            inputRef={(node) => {
              refs.current.confirmPassword = node;
            }}
            autoComplete="new-password"
          />
        </>
      )}
      <button type="submit" className={submitButton}>
        Continue
      </button>
    </>
  );

  const stepTwo = (
    <>
      <dl className="space-y-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium">Organization:</dt>
          <dd className="break-all">{form.organizationName.trim()}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium">Contact:</dt>
          <dd className="break-all">{form.contactName.trim()}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium">Email:</dt>
          <dd className="break-all">{form.email.trim()}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium">Sign-in:</dt>
          <dd>{form.useMagicLink ? 'Magic link by email' : 'Password'}</dd>
        </div>
      </dl>
      <Checkbox
        id="reg-terms"
        inputRef={termsRef}
        checked={form.termsAccepted}
        required
        error={termsError}
        onChange={(checked) => {
          set('termsAccepted', checked);
          if (checked) setTermsError(null);
        }}
        label={
          <>
            I accept the{' '}
            <a href="/terms-of-service" className={linkButton} target="_blank" rel="noopener">
              terms of service
            </a>{' '}
            and the{' '}
            <a href="/privacy-policy" className={linkButton} target="_blank" rel="noopener">
              privacy policy
            </a>
            <span className="sr-only"> (links open in a new tab)</span>
          </>
        }
      />
      <Checkbox
        id="reg-marketing"
        checked={form.marketingConsent}
        onChange={(checked) => {
          set('marketingConsent', checked);
        }}
        label={
          <>
            Send me occasional product news and tips for providers{' '}
            <span className="text-muted">(optional)</span>
          </>
        }
      />
      <p className="text-sm text-muted">
        Your 14-day free trial starts today. No card needed; verification takes 2-3 business days.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <button
          type="button"
          onClick={back}
          disabled={busy}
          className="inline-flex w-full items-center justify-center rounded-md border border-slate-400 px-4 py-2.5 font-semibold text-ink hover:bg-slate-50 sm:w-auto"
        >
          Back
        </button>
        <button type="submit" disabled={busy} className={submitButton}>
          {busy ? 'Please wait…' : form.useMagicLink ? 'Register and Send Link' : 'Create Account'}
        </button>
      </div>
    </>
  );

  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm font-medium text-brand-700">
          Step {step} of {STEPS.length}
        </p>
        <h1
          ref={headingRef}
          id="reg-heading"
          tabIndex={-1}
          className="mt-1 text-2xl font-bold tracking-tight text-brand-800 focus:outline-none"
        >
          {STEPS[step - 1]}
        </h1>
        <p className="mt-2 text-sm">
          Already registered?{' '}
          <a href="/provider-login" className={linkButton}>
            Provider sign in
          </a>
        </p>
        <p className="mt-2 text-muted">
          {step === 1
            ? 'Create your provider account to list your residential OCD program.'
            : 'Review your details and accept the terms to finish.'}
        </p>
        <ol className="mt-4 grid grid-cols-2 gap-2" aria-label="Registration steps">
          {STEPS.map((label, index) => (
            <li
              key={label}
              aria-current={index + 1 === step ? 'step' : undefined}
              className={`border-t-4 pt-1 text-xs font-medium ${index + 1 <= step ? 'border-brand-600 text-brand-800' : 'border-slate-200 text-muted'}`}
            >
              {label}
            </li>
          ))}
        </ol>
      </div>
      <form
        noValidate
        method="post"
        onSubmit={submit}
        aria-labelledby="reg-heading"
        className="space-y-4"
        onFocus={() => void getSupabase().catch(() => undefined)}
      >
        <AlertBox message={alert} />
        {step === 1 ? stepOne : stepTwo}
      </form>
    </div>
  );
}
