/**
 * A file input with its label, hint, a live status line ("Uploading…", "Uploaded: …"), an
 * optional preview, a Remove button and its message. What choosing a file does is the caller's.
 */
import type { ReactNode, Ref } from 'react';
import { described, FieldLabel } from './fields.tsx';

export function FileField({
  id,
  label,
  accept,
  hint,
  status,
  statusTestId,
  error,
  inputRef,
  onChoose,
  preview,
  removeLabel,
  onRemove,
}: {
  id: string;
  label: string;
  accept: string;
  hint: string;
  /** The status line's text ('' says nothing); the line itself is always there, so changes are announced. */
  status: string;
  statusTestId?: string | undefined;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
  onChoose: (file: File | undefined) => void;
  /** Shown under the status line, e.g. the uploaded image. */
  preview?: ReactNode;
  /** The Remove button's text; no button when null. */
  removeLabel: string | null;
  onRemove: () => void;
}) {
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} />
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-4 file:py-2 file:font-medium"
        aria-invalid={Boolean(error)}
        aria-describedby={described(id, true, Boolean(error))}
        onChange={(e) => {
          onChoose(e.target.files?.[0]);
        }}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {hint}
      </p>
      <p role="status" className="mt-1 text-sm" data-testid={statusTestId}>
        {status}
      </p>
      {preview}
      {removeLabel !== null ? (
        <button
          type="button"
          className="mt-1 rounded-sm text-sm font-medium text-brand-700 underline"
          onClick={onRemove}
        >
          {removeLabel}
        </button>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
