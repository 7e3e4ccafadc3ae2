/** A checkbox with its label beside it and, like the text fields (auth/fields.tsx), its message below. */
import type { ReactNode, Ref } from 'react';
import type { RuleMessage } from '../../lib/provider-rules.ts';

type CheckboxProps = {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  required?: boolean;
  error?: RuleMessage | null;
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
