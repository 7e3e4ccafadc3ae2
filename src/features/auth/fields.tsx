/**
 * Form pieces of the auth pages: labelled fields whose message sits beside them (linked with
 * aria-describedby, so it is read with the field), a password field with show/hide, and the
 * alert box of spec §8 ("Sign-in errors appear in a red box").
 */
import { useState, type ReactNode, type Ref } from 'react';
import type { Message } from './messages.ts';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-600 aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50';

export const primaryButton =
  'inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70';

export const linkButton =
  'rounded-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

type FieldProps = {
  id: string;
  label: string;
  error: Message | null | undefined;
  hint?: string | undefined;
  optional?: boolean;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
};

/** Label, control, hint and error; the control gets `aria-describedby` and `aria-invalid`. */
export function Field({ id, label, error, hint, optional, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label} {optional ? <span className="font-normal text-muted">(optional)</span> : null}
      </label>
      {children(describedBy, Boolean(error))}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800" data-field-error>
          <span className="font-semibold">{error.title}:</span> {error.description}
        </p>
      ) : null}
    </div>
  );
}

type EmailProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: Message | null | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
};

/** The sign-in forms' e-mail field (spec §5: of e-mail type, required), with its message. */
export function EmailField({ id, value, onChange, error, inputRef }: EmailProps) {
  return (
    <Field id={id} label="Email" error={error}>
      {(describedBy, invalid) => (
        <input
          ref={inputRef}
          id={id}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
          }}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
    </Field>
  );
}

type PasswordProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: Message | null | undefined;
  autoComplete: 'current-password' | 'new-password';
  hint?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
};

/** A password input with a Show/Hide toggle (spec §2). */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  error,
  autoComplete,
  hint,
  inputRef,
}: PasswordProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(describedBy, invalid) => (
        <div className="relative">
          <input
            ref={inputRef}
            id={id}
            name={id}
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete}
            required
            value={value}
            onChange={(e) => {
              onChange(e.target.value);
            }}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className={`${inputClass} pr-20`}
          />
          <button
            type="button"
            onClick={() => {
              setVisible(!visible);
            }}
            aria-pressed={visible}
            aria-controls={id}
            className="absolute inset-y-0 right-0 mt-1 rounded-r-md px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            {visible ? 'Hide' : 'Show'}
            <span className="sr-only"> password</span>
          </button>
        </div>
      )}
    </Field>
  );
}

/** The red box (role=alert is on the always-present wrapper, so a new message is announced). */
export function AlertBox({ message, children }: { message: Message | null; children?: ReactNode }) {
  return (
    <div role="alert" className="empty:hidden">
      {message ? (
        <div className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-auth-alert>
          <p className="font-semibold">{message.title}</p>
          <p className="mt-1">{message.description}</p>
          {children}
        </div>
      ) : null}
    </div>
  );
}

/** A neutral notice (role=status), e.g. "Reset Link Sent" on the sign-in form. */
export function NoticeBox({ message }: { message: Message | null }) {
  return (
    <div role="status" className="empty:hidden">
      {message ? (
        <div className="rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-ink" data-auth-notice>
          <p className="font-semibold">{message.title}</p>
          <p className="mt-1">{message.description}</p>
        </div>
      ) : null}
    </div>
  );
}
