/**
 * The /provider-login island (docs/accounts.md#provider-pages): "Provider Sign In" with e-mail and password
 * (show/hide) or a magic link, Remember me, Forgot password, and a link to registration. With
 * `?mode=reset` and a session (the recovery e-mail's link ends here) it is "Create New Password".
 * Every sign-in ends on /provider-dashboard, which creates a missing provider profile.
 *
 * Remember me: unticked keeps the session in sessionStorage, so it ends with the browser
 * (src/api/auth-storage.ts). The choice is made before signing in or requesting a link.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { MIN_PASSWORD_LENGTH, SITE_TITLE } from '../../lib/vocabulary.ts';
import { AlertBox, NoticeBox } from '../../ui/boxes.tsx';
import { linkButton, submitButton } from '../../ui/buttons.ts';
import { Checkbox, EmailField, PasswordField } from '../../ui/fields.tsx';
import { flashToast } from '../../ui/toasts/flash.ts';
import {
  checkEmail,
  checkPassword,
  concealsAccount,
  mailError,
  type Message,
  MESSAGES,
  signInError,
  updatePasswordError,
} from '../../lib/auth/messages.ts';
import { PROVIDER_HOME } from '../../lib/auth/rules.ts';
import {
  $session,
  getSupabase,
  initSession,
  rememberMe,
  setRememberMe,
  updatePassword as updatePasswordAndEndOthers,
} from '../../api/session.ts';
import { showToast } from '../../ui/toasts/store.ts';
import { providerConfirmUrl, providerRecoveryUrl } from './rules.ts';

type Errors = { email?: Message | null; password?: Message | null };

const isResetMode = (): boolean => new URLSearchParams(location.search).get('mode') === 'reset';

export default function ProviderLogin() {
  const session = useStore($session);
  const [resetMode] = useState(isResetMode);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [useMagicLink, setUseMagicLink] = useState(false);
  const [remember, setRemember] = useState(rememberMe);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<(Message & { unconfirmed?: true }) | null>(null);
  const [notice, setNotice] = useState<Message | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const leaving = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    initSession();
  }, []);

  const creatingPassword = resetMode && session.status === 'signed-in';
  const heading = sentTo
    ? MESSAGES.magicLinkSent.title
    : creatingPassword
      ? 'Create New Password'
      : 'Provider Sign In';

  useEffect(() => {
    document.title = `${heading} | ${SITE_TITLE}`;
    if (sentTo || creatingPassword) headingRef.current?.focus();
  }, [heading, sentTo, creatingPassword]);

  // A signed-in user not choosing a new password belongs on the dashboard.
  useEffect(() => {
    if (session.status === 'signed-in' && !resetMode && !leaving.current) {
      leaving.current = true;
      location.replace(PROVIDER_HOME);
    }
  }, [session, resetMode]);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    setNotice(null);
    try {
      await work();
    } catch (error) {
      console.error(error);
      leaving.current = false;
      setAlert({ title: 'Something Went Wrong', description: 'Please check your connection and try again.' });
    } finally {
      setBusy(false);
    }
  };

  const validate = (found: Errors): boolean => {
    setErrors(found);
    if (found.email) emailRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    return !found.email && !found.password;
  };

  const trimmed = email.trim();

  const signIn = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = { email: checkEmail(email) };
    if (!useMagicLink) found.password = checkPassword(password, 'present');
    if (!validate(found)) return;
    void run(async () => {
      const client = await getSupabase();
      setRememberMe(remember);
      if (useMagicLink) {
        const { error } = await client.auth.signInWithOtp({
          email: trimmed,
          options: { emailRedirectTo: providerConfirmUrl(location.origin), shouldCreateUser: true },
        });
        if (error && !concealsAccount('magic-link', error)) {
          setAlert(mailError('magic-link', error));
          return;
        }
        setSentTo(trimmed);
        showToast(MESSAGES.magicLinkSent);
        return;
      }
      leaving.current = true;
      const { error } = await client.auth.signInWithPassword({ email: trimmed, password });
      if (error) {
        leaving.current = false;
        setAlert(signInError(error));
        return;
      }
      flashToast(MESSAGES.welcome);
      location.assign(PROVIDER_HOME);
    });
  };

  const forgotPassword = () => {
    if (!validate({ email: checkEmail(email, MESSAGES.emailRequired) })) return;
    void run(async () => {
      const client = await getSupabase();
      setRememberMe(remember);
      const { error } = await client.auth.resetPasswordForEmail(trimmed, {
        redirectTo: providerRecoveryUrl(location.origin),
      });
      if (error && !concealsAccount('reset', error)) {
        setAlert(mailError('reset', error));
        return;
      }
      setNotice(MESSAGES.resetLinkSent);
      showToast(MESSAGES.resetLinkSent);
    });
  };

  const resend = () =>
    run(async () => {
      const client = await getSupabase();
      const { error } = await client.auth.resend({
        type: 'signup',
        email: trimmed,
        options: { emailRedirectTo: providerConfirmUrl(location.origin) },
      });
      if (error && !concealsAccount('resend', error)) {
        setAlert(mailError('resend', error));
        return;
      }
      setNotice(MESSAGES.confirmationSent);
      showToast(MESSAGES.confirmationSent);
    });

  const updatePassword = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validate({ password: checkPassword(password, 'new') })) return;
    void run(async () => {
      leaving.current = true;
      // Also signs out every other session of the account (src/api/session.ts).
      const error = await updatePasswordAndEndOthers(password);
      if (error) {
        leaving.current = false;
        setAlert(updatePasswordError(error));
        return;
      }
      flashToast(MESSAGES.passwordUpdated);
      location.assign(PROVIDER_HOME);
    });
  };

  const body = () => {
    if (sentTo) {
      return (
        <div className="space-y-4" data-auth-sent="magic-link">
          <p>
            We sent a sign-in link to <strong className="break-all">{sentTo}</strong>. Open it on this device
            to sign in to your provider dashboard. It works once, within an hour.
          </p>
          <p className="text-sm text-muted">Nothing there after a few minutes? Check your spam folder.</p>
          <p className="text-center text-sm">
            <button
              type="button"
              className={linkButton}
              onClick={() => {
                setSentTo(null);
              }}
            >
              Back to Sign In
            </button>
          </p>
        </div>
      );
    }
    if (resetMode && session.status === 'unknown') return <p>Checking your session…</p>;
    if (creatingPassword) {
      return (
        <form noValidate method="post" onSubmit={updatePassword} className="space-y-4">
          <AlertBox message={alert} />
          <PasswordField
            id="provider-new-password"
            label="New password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            inputRef={passwordRef}
            autoComplete="new-password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          />
          <button type="submit" disabled={busy} className={submitButton}>
            {busy ? 'Please wait…' : 'Update Password'}
          </button>
        </form>
      );
    }
    return (
      <form
        noValidate
        method="post"
        onSubmit={signIn}
        className="space-y-4"
        onFocus={() => void getSupabase().catch(() => undefined)}
      >
        {resetMode ? (
          <NoticeBox
            message={{
              title: 'Reset Link Needed',
              description:
                'To choose a new password, open the link from your password reset email. It works once, within an hour. Enter your email below and choose Forgot password to get a new one.',
            }}
          />
        ) : null}
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
        <EmailField
          id="provider-email"
          value={email}
          onChange={setEmail}
          error={errors.email}
          inputRef={emailRef}
        />
        {useMagicLink ? null : (
          <PasswordField
            id="provider-password"
            label="Password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            inputRef={passwordRef}
            autoComplete="current-password"
          />
        )}
        <Checkbox
          id="provider-magic-link"
          checked={useMagicLink}
          onChange={(checked) => {
            setUseMagicLink(checked);
            setErrors((current) => ({ email: current.email ?? null }));
          }}
          label="Email me a magic link instead (no password)"
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox id="provider-remember" checked={remember} onChange={setRemember} label="Remember me" />
          <button type="button" onClick={forgotPassword} disabled={busy} className={`${linkButton} text-sm`}>
            Forgot password?
          </button>
        </div>
        <button type="submit" disabled={busy} className={submitButton}>
          {busy ? 'Please wait…' : useMagicLink ? 'Send Magic Link' : 'Sign In'}
        </button>
        <div className="space-y-2 border-t border-slate-200 pt-4 text-center text-sm">
          <p>
            New to the directory?{' '}
            <a href="/provider-registration" className={linkButton}>
              Register your program
            </a>
          </p>
          <p>
            Looking for treatment?{' '}
            <a href="/auth" className={linkButton}>
              Family sign in
            </a>
          </p>
        </div>
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
        {sentTo ? null : (
          <p className="mt-2 text-muted">
            {creatingPassword
              ? 'Choose a new password for your provider account.'
              : 'Sign in to manage your program listing, inquiries and verification.'}
          </p>
        )}
      </div>
      {body()}
    </div>
  );
}
