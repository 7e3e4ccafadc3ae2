/** The builder's form controls, each bound to one draft field by id `<baseId>-<field>`. */
import { useId } from 'react';
import { FieldHint, FieldMessage, inputClass, labelClass } from '../ui.tsx';

/** The control's aria-describedby: its message first, then its hint. */
export function described(id: string, hint: boolean, error: boolean): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/** Every field says whether a submission needs it; a draft may be saved with any of them empty. */
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
}: {
  legend: string;
  options: readonly string[];
  labels?: Labels | undefined;
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className={labelClass}>
        {legend} <span className="font-normal text-muted">(optional)</span>
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
