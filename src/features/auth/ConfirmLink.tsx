/**
 * The /auth/confirm island: completes the links the auth server mails (confirmation, magic link,
 * recovery) and goes on to `next`. Three shapes arrive here (docs/local-backend.md):
 * - `?token_hash=…&type=…&next=…` — the site page link of every e-mail → `verifyOtp`;
 * - `?code=…` — the auth server's own link after verifying a PKCE request (the code verifier is in
 *   this browser's storage) → `exchangeCodeForSession`;
 * - `#access_token=…&refresh_token=…` (links of non-PKCE requests) or `#error=…` (used or expired).
 * Recovery ends on /auth?mode=update-password; everything else on `next` (default /).
 *
 * Opened without a link (`/auth/confirm`, or with only `type`/`next`), it asks for the one-time
 * code of the e-mail instead: a person reading the e-mail on their phone types the code on the
 * device where they want to sign in (`CodeEntry`).
 */
import { useEffect, useRef, useState } from 'react';
import type { EmailOtpType } from '@supabase/supabase-js';
import { flashToast } from '../../ui/toasts/flash.ts';
import { linkButton, submitButton } from '../../ui/buttons.ts';
import { MESSAGES } from '../../lib/auth/messages.ts';
import { safeNextPath, signInHrefFor } from '../../lib/auth/rules.ts';
import { getSupabase } from '../../api/session.ts';
import { updatePasswordPath } from './code.ts';
import { CodeEntry } from './CodeEntry.tsx';

type Outcome =
  | { state: 'working' }
  | { state: 'expired'; type: string | null; next: string | null }
  | { state: 'other-browser'; next: string | null }
  | { state: 'code'; type: string | null; next: string | null }
  | { state: 'invalid' };

const OTP_TYPES: readonly EmailOtpType[] = [
  'signup',
  'magiclink',
  'recovery',
  'email',
  'invite',
  'email_change',
];

async function complete(): Promise<Outcome | { state: 'done'; to: string }> {
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const type = query.get('type') ?? hash.get('type');
  const next = safeNextPath(query.get('next'), location.origin);
  const tokenHash = query.get('token_hash');
  const code = query.get('code');
  // The tokens must not stay in the address bar or the history.
  history.replaceState(null, '', '/auth/confirm');

  if (hash.get('error') || hash.get('error_code')) return { state: 'expired', type, next };
  if (!tokenHash && !code && !hash.get('access_token')) return { state: 'code', type, next };

  const client = await getSupabase();
  let recovery = type === 'recovery';
  if (tokenHash) {
    const otpType = OTP_TYPES.find((t) => t === type);
    if (!otpType) return { state: 'invalid' };
    const { error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: otpType });
    if (error) return { state: 'expired', type, next };
  } else if (code) {
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    if (error) {
      // The verifier lives in the browser that asked for the link; the link itself was used.
      return /code verifier|flow state/i.test(error.message) ||
        error.name === 'AuthPKCECodeVerifierMissingError'
        ? { state: 'other-browser', next }
        : { state: 'expired', type, next };
    }
    // supabase-js reports a recovery flow (its verifier carries the mark) at run time only.
    recovery ||= (data as { redirectType?: string | null }).redirectType === 'recovery';
  } else if (hash.get('access_token') && hash.get('refresh_token')) {
    const { error } = await client.auth.setSession({
      access_token: hash.get('access_token') ?? '',
      refresh_token: hash.get('refresh_token') ?? '',
    });
    if (error) return { state: 'expired', type, next };
  } else {
    return { state: 'invalid' };
  }

  if (recovery) return { state: 'done', to: updatePasswordPath(next, location.origin) };
  flashToast(
    type === 'signup'
      ? {
          title: 'Email Confirmed',
          description: "Welcome! Your email address is confirmed and you're signed in.",
        }
      : MESSAGES.welcome,
  );
  return { state: 'done', to: next ?? '/' };
}

export default function ConfirmLink() {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const started = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    complete()
      .then((result) => {
        if (result.state === 'done') location.replace(result.to);
        else setOutcome(result);
      })
      .catch((error: unknown) => {
        console.error(error);
        setOutcome({ state: 'expired', type: null, next: null });
      });
  }, []);

  useEffect(() => {
    if (outcome.state !== 'working') headingRef.current?.focus();
  }, [outcome]);

  const nextParam = (next: string | null) => (next ? `&next=${encodeURIComponent(next)}` : '');

  if (outcome.state === 'working') {
    return (
      <div role="status" className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-brand-800">Signing you in…</h1>
        <p className="text-muted">One moment while we check your link.</p>
      </div>
    );
  }
  if (outcome.state === 'other-browser') {
    return (
      <div className="space-y-4">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-brand-800 focus:outline-none"
        >
          Open the Link in the Same Browser
        </h1>
        <p>
          This link has been used, but we could not finish signing you in here: it was requested in another
          browser or device. If you were confirming your email address, it is confirmed now, and you can sign
          in with your password.
        </p>
        <a href={signInHrefFor(outcome.next)} className={submitButton}>
          Sign In
        </a>
        <p className="text-center text-sm">
          <a href={`/auth?mode=magic-link${nextParam(outcome.next)}`} className={linkButton}>
            Email me a new sign-in link
          </a>
        </p>
      </div>
    );
  }
  if (outcome.state === 'code') {
    const recovery = outcome.type === 'recovery';
    return (
      <div className="space-y-4">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-brand-800 focus:outline-none"
        >
          Enter the Code from Your Email
        </h1>
        <p>
          {recovery
            ? 'Our password reset email has a link and a code. Reading it on another device? Enter your email address and the code here to choose a new password on this device.'
            : 'Our sign-in and confirmation emails have a link and a code. Reading the email on another device? Enter your email address and the code here to sign in on this device.'}
        </p>
        <CodeEntry kind={recovery ? 'recovery' : 'any'} next={outcome.next} />
        <p className="text-center text-sm">
          No email, or the code has expired?{' '}
          <a
            href={recovery ? '/auth?mode=reset' : `/auth?mode=magic-link${nextParam(outcome.next)}`}
            className={linkButton}
          >
            {recovery ? 'Send a new reset link' : 'Email me a new sign-in link'}
          </a>
        </p>
      </div>
    );
  }
  if (outcome.state === 'invalid') {
    return (
      <div className="space-y-4">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-brand-800 focus:outline-none"
        >
          This Link Is Incomplete
        </h1>
        <p>Please open the link from your email again, or copy the whole address into your browser.</p>
        <a href="/auth" className={submitButton}>
          Go to Sign In
        </a>
      </div>
    );
  }
  const recovery = outcome.type === 'recovery';
  return (
    <div className="space-y-4">
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-brand-800 focus:outline-none"
      >
        This Link Has Expired
      </h1>
      <p>
        Email links work once and for one hour, and a newer email replaces an older one. It may also have been
        opened already. You can get a new one here:
      </p>
      {recovery ? (
        <a href="/auth?mode=reset" className={submitButton}>
          Send a New Reset Link
        </a>
      ) : (
        <a href={`/auth?mode=magic-link${nextParam(outcome.next)}`} className={submitButton}>
          Email Me a New Sign-in Link
        </a>
      )}
      <p className="text-center text-sm">
        {outcome.type === 'signup'
          ? 'Confirming your address? Sign in with your password and choose Resend Email. '
          : null}
        <a href={signInHrefFor(outcome.next)} className={linkButton}>
          Sign in
        </a>
      </p>
    </div>
  );
}
