/**
 * The /auth island: sign in (default), create an account, magic link, reset (`?mode=reset`) and
 * new password (`?mode=update-password`); docs/accounts.md#auth. `?next=` (same-site paths only)
 * is where a successful sign-in goes, and travels inside every e-mail link through /auth/confirm.
 *
 * Rendered client-only (the page shows a placeholder): the mode lives in the query string, which
 * a static page cannot see, and a form that cannot submit before hydration never puts a password
 * into a URL.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { showToast } from '../../ui/toasts/store.ts';
import { AlertBox, NoticeBox } from '../../ui/boxes.tsx';
import { linkButton, submitButton } from '../../ui/buttons.ts';
import { EmailField, Field, inputClass, PasswordField } from '../../ui/fields.tsx';
import { flashToast } from '../../ui/toasts/flash.ts';
import {
  checkEmail,
  checkPassword,
  concealsAccount,
  mailError,
  type Message,
  MESSAGES,
  signInError,
  signUpError,
  updatePasswordError,
} from '../../lib/auth/messages.ts';
import { type AuthMode, landingPath, parseAuthMode, safeNextPath } from '../../lib/auth/rules.ts';
import {
  $session,
  getSupabase,
  initSession,
  setRememberMe,
  updatePassword,
  whenSignedIn,
} from '../../api/session.ts';
import { SITE_TITLE, MIN_PASSWORD_LENGTH } from '../../lib/vocabulary.ts';
import { CodeEntry } from './CodeEntry.tsx';

const HEADINGS: Record<AuthMode, { title: string; lead: string }> = {
  signin: { title: 'Sign In', lead: 'Sign in to save programs and follow your information requests.' },
  signup: {
    title: 'Create an Account',
    lead: 'Save programs you are considering and keep track of your requests.',
  },
  'magic-link': {
    title: 'Sign In with a Magic Link',
    lead: 'We will email you a link that signs you in. No password needed.',
  },
  reset: {
    title: 'Reset Password',
    lead: 'Enter your email address and we will send you a link to choose a new password.',
  },
  'update-password': { title: 'Update Password', lead: 'Choose a new password for your account.' },
};

type Errors = { email?: Message | null; password?: Message | null };
type Sent = { kind: 'signup' | 'magic-link'; email: string } | null;

function readUrl(): { mode: AuthMode; next: string | null } {
  const params = new URLSearchParams(location.search);
  return { mode: parseAuthMode(params.get('mode')), next: safeNextPath(params.get('next'), location.origin) };
}

/** Where e-mail links land: /auth/confirm, which completes the sign-in and goes on to `next`. */
function confirmUrl(next: string, type?: 'recovery'): string {
  const params = new URLSearchParams(type ? { type, next } : { next });
  return `${location.origin}/auth/confirm?${params.toString()}`;
}

function urlFor(mode: AuthMode, next: string | null): string {
  const params = new URLSearchParams();
  if (mode !== 'signin') params.set('mode', mode);
  if (next) params.set('next', next);
  const query = params.toString();
  return `/auth${query ? `?${query}` : ''}`;
}

export default function AuthForm() {
  const session = useStore($session);
  const [{ mode, next }, setRoute] = useState(readUrl);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fullName, setFullName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<(Message & { unconfirmed?: true }) | null>(null);
  const [notice, setNotice] = useState<Message | null>(null);
  const [sent, setSent] = useState<Sent>(null);
  const [busy, setBusy] = useState(false);
  const leaving = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    initSession();
    const onPop = () => {
      setRoute(readUrl());
      setSent(null);
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
    };
  }, []);

  useEffect(() => {
    document.title = `${HEADINGS[mode].title} | ${SITE_TITLE}`;
    // Focus follows a mode change (not the first render), so screen readers hear the new heading.
    if (moved.current) headingRef.current?.focus();
  }, [mode, sent]);

  // Someone already signed in has nothing to do here, except choosing a new password.
  useEffect(() => {
    if (session.status === 'signed-in' && mode !== 'update-password' && !leaving.current) {
      leaving.current = true;
      location.replace(next ?? landingPath(session.roles, session.user.metadata));
    }
  }, [session, mode, next]);

  /** After a sign-in: `next`, else where this person belongs (providers: their dashboard). */
  const leave = async () => {
    leaving.current = true;
    if (next) {
      location.assign(next);
      return;
    }
    const signedIn = await whenSignedIn();
    location.assign(signedIn ? landingPath(signedIn.roles, signedIn.user.metadata) : '/');
  };

  const go = (to: AuthMode, keepNotice: Message | null = null) => {
    moved.current = true;
    history.pushState(null, '', urlFor(to, next));
    setRoute({ mode: to, next });
    setErrors({});
    setAlert(null);
    setNotice(keepNotice);
    setSent(null);
    setPassword('');
  };

  /** Shows field errors and moves focus to the first invalid field; true when all are fine. */
  const validate = (found: Errors): boolean => {
    setErrors(found);
    if (found.email) emailRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    return !found.email && !found.password;
  };

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    setNotice(null);
    try {
      await work();
    } catch (error) {
      // Network failure or supabase-js not loading: say so instead of failing silently.
      console.error(error);
      setAlert({ title: 'Something Went Wrong', description: 'Please check your connection and try again.' });
    } finally {
      setBusy(false);
    }
  };

  const trimmed = email.trim();

  const resend = () =>
    run(async () => {
      const client = await getSupabase();
      const { error } = await client.auth.resend({
        type: 'signup',
        email: trimmed,
        options: { emailRedirectTo: confirmUrl(next ?? '/') },
      });
      if (error && !concealsAccount('resend', error)) {
        setAlert(mailError('resend', error));
        return;
      }
      setAlert(null);
      setNotice(MESSAGES.confirmationSent);
      showToast(MESSAGES.confirmationSent);
    });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode === 'signin') {
      if (!validate({ email: checkEmail(email), password: checkPassword(password, 'present') })) return;
      void run(async () => {
        const client = await getSupabase();
        // /auth has no "Remember me": its sessions are always remembered (src/api/auth-storage.ts).
        setRememberMe(true);
        const { error } = await client.auth.signInWithPassword({ email: trimmed, password });
        if (error) {
          setAlert(signInError(error));
          return;
        }
        leaving.current = true;
        flashToast(MESSAGES.welcome);
        await leave();
      });
    } else if (mode === 'signup') {
      if (!validate({ email: checkEmail(email), password: checkPassword(password, 'new') })) return;
      void run(async () => {
        const client = await getSupabase();
        const name = fullName.trim();
        setRememberMe(true);
        const { data, error } = await client.auth.signUp({
          email: trimmed,
          password,
          options: {
            emailRedirectTo: confirmUrl(next ?? '/'),
            ...(name ? { data: { full_name: name } } : {}),
          },
        });
        // The same "Check Your Email" whether or not the address already has an account: an
        // answer that differs (an error, or Supabase's `identities: []`) is never shown.
        if (error && !concealsAccount('signup', error)) {
          setAlert(signUpError(error));
          return;
        }
        if (data.session) {
          // Projects without e-mail confirmation sign the person in at once.
          leaving.current = true;
          flashToast({ title: 'Account Created Successfully', description: "You're signed in." });
          await leave();
          return;
        }
        moved.current = true;
        setSent({ kind: 'signup', email: trimmed });
        setPassword('');
      });
    } else if (mode === 'magic-link') {
      if (!validate({ email: checkEmail(email) })) return;
      void run(async () => {
        const client = await getSupabase();
        setRememberMe(true);
        const { error } = await client.auth.signInWithOtp({
          email: trimmed,
          options: { emailRedirectTo: confirmUrl(next ?? '/'), shouldCreateUser: true },
        });
        if (error && !concealsAccount('magic-link', error)) {
          setAlert(mailError('magic-link', error));
          return;
        }
        moved.current = true;
        setSent({ kind: 'magic-link', email: trimmed });
        showToast(MESSAGES.magicLinkSent);
      });
    } else if (mode === 'reset') {
      if (!validate({ email: checkEmail(email, MESSAGES.emailRequired) })) return;
      void run(async () => {
        const client = await getSupabase();
        const after = `/auth?${new URLSearchParams({ mode: 'update-password', ...(next ? { next } : {}) }).toString()}`;
        const { error } = await client.auth.resetPasswordForEmail(trimmed, {
          redirectTo: confirmUrl(after, 'recovery'),
        });
        if (error && !concealsAccount('reset', error)) {
          setAlert(mailError('reset', error));
          return;
        }
        showToast(MESSAGES.resetLinkSent);
        // Reset goes back to sign-in after the request.
        go('signin', MESSAGES.resetLinkSent);
      });
    } else {
      if (!validate({ password: checkPassword(password, 'new') })) return;
      void run(async () => {
        // Also signs out every other session of the account (src/api/session.ts).
        const error = await updatePassword(password);
        if (error) {
          setAlert(updatePasswordError(error));
          return;
        }
        leaving.current = true;
        flashToast(MESSAGES.passwordUpdated);
        await leave();
      });
    }
  };

  const heading = sent
    ? sent.kind === 'signup'
      ? MESSAGES.checkEmail.title
      : MESSAGES.magicLinkSent.title
    : HEADINGS[mode].title;

  const emailField = (
    <EmailField id="auth-email" value={email} onChange={setEmail} error={errors.email} inputRef={emailRef} />
  );

  const body = () => {
    if (sent) {
      return (
        <div className="space-y-4" data-auth-sent={sent.kind}>
          {sent.kind === 'signup' ? (
            <>
              <p>
                If <strong className="break-all">{sent.email}</strong> can be used for a new account, we sent
                it a confirmation link. Open it to activate your account; it also signs you in.
              </p>
              <p>
                Already have an account with this address?{' '}
                <a
                  href={urlFor('signin', next)}
                  className={linkButton}
                  onClick={(e) => {
                    e.preventDefault();
                    go('signin');
                  }}
                >
                  Sign in
                </a>{' '}
                or{' '}
                <a
                  href={urlFor('reset', next)}
                  className={linkButton}
                  onClick={(e) => {
                    e.preventDefault();
                    go('reset');
                  }}
                >
                  reset your password
                </a>
                .
              </p>
            </>
          ) : (
            <p>
              We sent a sign-in link to <strong className="break-all">{sent.email}</strong>. Open it on this
              device to sign in. It works once, within an hour.
            </p>
          )}
          <p className="text-sm text-muted">Nothing there after a few minutes? Check your spam folder.</p>
          <section aria-labelledby="auth-code-title" className="space-y-3 border-t border-slate-200 pt-4">
            <h2 id="auth-code-title" className="text-base font-semibold">
              Reading the email on another device?
            </h2>
            <p className="text-sm text-muted">
              Enter the code from the email here to{' '}
              {sent.kind === 'signup' ? 'confirm your address and ' : ''}
              sign in on this device.
            </p>
            <CodeEntry
              email={sent.email}
              kind="email"
              next={next}
              welcome={
                sent.kind === 'signup'
                  ? {
                      title: 'Email Confirmed',
                      description: "Welcome! Your email address is confirmed and you're signed in.",
                    }
                  : MESSAGES.welcome
              }
            />
          </section>
          <AlertBox message={alert} />
          <NoticeBox message={notice} />
          {sent.kind === 'signup' ? (
            <button type="button" onClick={() => void resend()} disabled={busy} className={submitButton}>
              Resend Email
            </button>
          ) : null}
          <p className="text-center text-sm">
            <button
              type="button"
              className={linkButton}
              onClick={() => {
                go('signin');
              }}
            >
              Back to Sign In
            </button>
          </p>
        </div>
      );
    }
    if (mode === 'update-password' && session.status !== 'signed-in') {
      if (session.status === 'unknown') return <p>Checking your session…</p>;
      return (
        <div className="space-y-4">
          <p>
            To choose a new password, open the link from your password reset email. The link works once and
            expires after an hour.
          </p>
          <p>
            <a
              href={urlFor('reset', next)}
              className={linkButton}
              onClick={(e) => {
                e.preventDefault();
                go('reset');
              }}
            >
              Send me a new reset link
            </a>
          </p>
        </div>
      );
    }
    return (
      <form
        noValidate
        method="post"
        onSubmit={submit}
        className="space-y-4"
        onFocus={() => void getSupabase().catch(() => undefined)}
      >
        <AlertBox message={alert}>
          {alert?.unconfirmed ? (
            <button
              type="button"
              onClick={() => void resend()}
              disabled={busy}
              className="mt-2 rounded-md border border-red-800 px-3 py-1 font-medium hover:bg-red-100"
            >
              Resend Email
            </button>
          ) : null}
        </AlertBox>
        <NoticeBox message={notice} />
        {mode === 'signup' ? (
          <Field id="auth-name" label="Your name" optional error={null}>
            {() => (
              <input
                id="auth-name"
                name="name"
                type="text"
                autoComplete="name"
                value={fullName}
                onChange={(e) => {
                  setFullName(e.target.value);
                }}
                className={inputClass}
              />
            )}
          </Field>
        ) : null}
        {mode !== 'update-password' ? emailField : null}
        {mode === 'signin' || mode === 'signup' || mode === 'update-password' ? (
          <PasswordField
            id="auth-password"
            label={mode === 'update-password' ? 'New password' : 'Password'}
            value={password}
            onChange={setPassword}
            error={errors.password}
            inputRef={passwordRef}
            autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
            hint={mode === 'signin' ? undefined : `At least ${MIN_PASSWORD_LENGTH} characters.`}
          />
        ) : null}
        {mode === 'signin' ? (
          <p className="text-right text-sm">
            <a
              href={urlFor('reset', next)}
              className={linkButton}
              onClick={(e) => {
                e.preventDefault();
                go('reset');
              }}
            >
              Forgot password?
            </a>
          </p>
        ) : null}
        <button type="submit" disabled={busy} className={submitButton}>
          {busy
            ? 'Please wait…'
            : {
                signin: 'Sign In',
                signup: 'Create Account',
                'magic-link': 'Send Magic Link',
                reset: 'Send Reset Link',
                'update-password': 'Update Password',
              }[mode]}
        </button>
        <ModeLinks mode={mode} next={next} go={go} />
      </form>
    );
  };

  return (
    <div className="space-y-6">
      <div>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-brand-800 focus:outline-none"
        >
          {heading}
        </h1>
        {sent ? null : <p className="mt-2 text-muted">{HEADINGS[mode].lead}</p>}
      </div>
      {body()}
    </div>
  );
}

function ModeLinks({
  mode,
  next,
  go,
}: {
  mode: AuthMode;
  next: string | null;
  go: (mode: AuthMode) => void;
}) {
  const to = (target: AuthMode, label: string) => (
    <a
      href={urlFor(target, next)}
      className={linkButton}
      onClick={(e) => {
        e.preventDefault();
        go(target);
      }}
    >
      {label}
    </a>
  );
  if (mode === 'update-password') return null;
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4 text-center text-sm">
      {mode === 'signin' ? (
        <>
          <p>{to('magic-link', 'Email me a sign-in link instead')}</p>
          <p>
            Have a code from one of our emails?{' '}
            <a
              href={`/auth/confirm${next ? `?${new URLSearchParams({ next }).toString()}` : ''}`}
              className={linkButton}
            >
              Enter the code
            </a>
          </p>
          <p>New here? {to('signup', 'Create an account')}</p>
          <p>
            Are you a treatment provider?{' '}
            <a href="/provider-registration" className={linkButton}>
              Register your program
            </a>
          </p>
        </>
      ) : mode === 'signup' ? (
        <p>Already have an account? {to('signin', 'Sign in')}</p>
      ) : mode === 'magic-link' ? (
        <p>{to('signin', 'Sign in with a password instead')}</p>
      ) : (
        <>
          <p>
            Have the code from a reset email?{' '}
            <a
              href={`/auth/confirm?${new URLSearchParams({ type: 'recovery', ...(next ? { next } : {}) }).toString()}`}
              className={linkButton}
            >
              Enter the code
            </a>
          </p>
          <p>{to('signin', 'Back to Sign In')}</p>
        </>
      )}
    </div>
  );
}
