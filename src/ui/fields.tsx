/**
 * Form fields: a label, the control, a hint and a message, linked with aria-describedby so the
 * message is read with the field. Ids: the hint is `<id>-hint`, the message `<id>-error`.
 */
import { useId, useState, type ReactNode, type Ref } from 'react';
import type { Message } from './boxes.tsx';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-600 aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50';
export const labelClass = 'text-sm font-medium';

/** A field's message as a line of text, linked to its control with aria-describedby. */
export function FieldMessage({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800" data-field-error>
      {message}
    </p>
  );
}

/** A field's hint, linked to its control with aria-describedby. */
export function FieldHint({ id, hint }: { id: string; hint: string | null | undefined }) {
  if (!hint) return null;
  return (
    <p id={id} className="mt-1 text-sm text-muted">
      {hint}
    </p>
  );
}

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

/** The sign-in forms' e-mail field (of e-mail type, required), with its message. */
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

/** A password input with a Show/Hide toggle. */
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

/** The control's aria-describedby: its message first, then its hint. */
export function described(id: string, hint: boolean, error: boolean): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/** A label that says whether a submission needs the field (a draft may be saved with it empty). */
export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean | undefined;
}) {
  return (
    <label htmlFor={htmlFor} className={labelClass}>
      {label}{' '}
      {required ? (
        <span className="font-normal text-muted">(required to submit)</span>
      ) : (
        <span className="font-normal text-muted">(optional)</span>
      )}
    </label>
  );
}

function FieldFoot({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <>
      <FieldHint id={`${id}-hint`} hint={hint} />
      <FieldMessage id={`${id}-error`} message={error} />
    </>
  );
}

type TextControl = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean | undefined;
  hint?: string | undefined;
};

export function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  required,
  hint,
  maxLength,
  type = 'text',
  placeholder,
  inputMode,
  autoComplete,
}: TextControl & {
  maxLength: number;
  type?: 'text' | 'tel' | 'email' | 'url' | undefined;
  placeholder?: string | undefined;
  inputMode?: 'numeric' | 'decimal' | 'text' | undefined;
  autoComplete?: string | undefined;
}) {
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        id={id}
        type={type}
        className={inputClass}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        inputMode={inputMode}
        autoComplete={autoComplete ?? 'off'}
        aria-invalid={Boolean(error)}
        aria-describedby={described(id, Boolean(hint), Boolean(error))}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />
      <FieldFoot id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextArea({
  id,
  label,
  value,
  onChange,
  error,
  required,
  hint,
  rows,
  maxLength,
}: TextControl & { rows: number; maxLength?: number | undefined }) {
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <textarea
        id={id}
        className={inputClass}
        rows={rows}
        value={value}
        maxLength={maxLength}
        aria-invalid={Boolean(error)}
        aria-describedby={described(id, Boolean(hint), Boolean(error))}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />
      <FieldFoot id={id} hint={hint} error={error} />
    </div>
  );
}

/** Option labels where they differ from the stored value. */
type Labels = Readonly<Partial<Record<string, string>>>;

export function Select({
  id,
  label,
  options,
  labels,
  value,
  onChange,
  hint,
}: {
  id: string;
  label: string;
  options: readonly string[];
  labels?: Labels | undefined;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
}) {
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} />
      <select
        id={id}
        className={inputClass}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      >
        <option value="">Not specified</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels?.[o] ?? o}
          </option>
        ))}
      </select>
      <FieldHint id={`${id}-hint`} hint={hint} />
    </div>
  );
}

export function Checkboxes({
  legend,
  options,
  labels,
  value,
  onChange,
  required = false,
}: {
  legend: string;
  options: readonly string[];
  labels?: Labels | undefined;
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** At least one must be ticked before the form is sent: said beside the legend. */
  required?: boolean;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className={labelClass}>
        {legend}{' '}
        <span className="font-normal text-muted">{required ? '(required to submit)' : '(optional)'}</span>
      </legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option, i) => (
          <label
            key={option}
            htmlFor={`${id}-${i}`}
            className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3 py-2"
          >
            <input
              id={`${id}-${i}`}
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={value.includes(option)}
              onChange={(e) => {
                // Ticked options keep the list's order, whatever order they were ticked in.
                onChange(
                  e.target.checked
                    ? options.filter((o) => o === option || value.includes(o))
                    : value.filter((v) => v !== option),
                );
              }}
            />
            {labels?.[option] ?? option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A checkbox with its label beside it and, like the text fields, its message below. */
type CheckboxProps = {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  required?: boolean;
  error?: Message | null;
  inputRef?: Ref<HTMLInputElement>;
};

export function Checkbox({ id, label, checked, onChange, required, error, inputRef }: CheckboxProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          ref={inputRef}
          id={id}
          type="checkbox"
          checked={checked}
          required={required}
          onChange={(e) => {
            onChange(e.target.checked);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-600"
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800" data-field-error>
          <span className="font-semibold">{error.title}:</span> {error.description}
        </p>
      ) : null}
    </div>
  );
}
