/**
 * "Enter the code from your email": the auth e-mails carry a one-time code with their link, for a
 * person who reads the e-mail on another device (a phone) than the one they want to sign in on.
 * Used by /auth/confirm (opened without a link: any e-mail's code) and by the sign-in page after a
 * magic link or a sign-up (that e-mail's code, its address already known). `verifyOtp({ email,
 * token, type })` signs in (a recovery code opens the new-password form); rules in `code.ts`.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { getSupabase } from '../../api/session.ts';
import { checkEmail, MESSAGES, type Message } from '../../lib/auth/messages.ts';
import { AlertBox } from '../../ui/boxes.tsx';
import { submitButton } from '../../ui/buttons.ts';
import { EmailField, Field, inputClass } from '../../ui/fields.tsx';
import { flashToast } from '../../ui/toasts/flash.ts';
import { CODE_MESSAGES, otpTypesFor, readCode, updatePasswordPath, type CodeKind } from './code.ts';

type Props = {
  /** The address the e-mail went to, when the page knows it (then no e-mail field is shown). */
  email?: string | undefined;
  kind: CodeKind;
  /** Where to go once signed in (a same-site path), else home. */
  next: string | null;
  /** What the welcome toast says after a confirmation or a magic link. */
  welcome?: Message | undefined;
};

export function CodeEntry({ email: knownEmail, kind, next, welcome = MESSAGES.welcome }: Props) {
  const id = useId();
  const [email, setEmail] = useState(knownEmail ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: Message | null; code?: Message | null }>({});
  const [alert, setAlert] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const address = (knownEmail ?? email).trim();
    const emailProblem = knownEmail === undefined ? checkEmail(address) : null;
    const read = readCode(code);
    const codeProblem = 'problem' in read ? read.problem : null;
    // A field's problem is said once, at the field; the alert is for the rest.
    setErrors({ email: emailProblem, code: codeProblem });
    setAlert(null);
    if (emailProblem) {
      emailRef.current?.focus();
      return;
    }
    if (!('code' in read)) {
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const client = await getSupabase();
      for (const type of otpTypesFor(kind)) {
        const { error } = await client.auth.verifyOtp({ email: address, token: read.code, type });
        if (!error) {
          if (type === 'recovery') location.replace(updatePasswordPath(next, location.origin));
          else {
            flashToast(welcome);
            location.replace(next ?? '/');
          }
          return;
        }
        if (error.status === 429) {
          // The server's cap on wrong codes for the address, or its per-device request limit.
          setAlert(
            /wrong codes/i.test(error.message) ? CODE_MESSAGES.tooManyTries : MESSAGES.tooManyAttempts,
          );
          setBusy(false);
          return;
        }
      }
      setErrors({ code: CODE_MESSAGES.rejected });
      codeRef.current?.focus();
    } catch (error) {
      console.error(error);
      setAlert({
        title: 'Could Not Check the Code',
        description: 'Please check your connection and try again.',
      });
    }
    setBusy(false);
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" data-code-entry>
      <AlertBox message={alert} />
      {knownEmail === undefined ? (
        <EmailField
          id={`${id}-email`}
          value={email}
          onChange={setEmail}
          error={errors.email}
          inputRef={emailRef}
        />
      ) : null}
      <Field id={`${id}-code`} label="Code from the email" error={errors.code} hint="6 digits.">
        {(describedBy, invalid) => (
          <input
            ref={codeRef}
            id={`${id}-code`}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            spellCheck={false}
            required
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
            }}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className={`${inputClass} tracking-widest`}
          />
        )}
      </Field>
      <button type="submit" disabled={busy} aria-busy={busy} className={submitButton}>
        {busy ? 'Checking…' : 'Continue with This Code'}
      </button>
    </form>
  );
}
