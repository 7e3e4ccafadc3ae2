import type { ReactNode } from 'react';

/** One open accordion section of the dialog, its title in the summary with a chevron. */
export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <details open className="group border-b border-slate-200 py-2 last:border-b-0">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-md font-semibold [&::-webkit-details-marker]:hidden">
        <span>{title}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="size-5 transition-transform group-open:rotate-180"
        >
          <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
        </svg>
      </summary>
      {children}
    </details>
  );
}

/**
 * One choice: a checkbox (a radio button when `radioGroup` names its group), its label and the
 * number of programs it would give (`null` while loading, `undefined` for none shown).
 */
export function Option({
  id,
  label,
  checked,
  count,
  radioGroup,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  count: number | null | undefined;
  radioGroup?: string;
  onChange: () => void;
}) {
  return (
    <li>
      <label
        htmlFor={id}
        className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-slate-50"
      >
        <input
          id={id}
          type={radioGroup === undefined ? 'checkbox' : 'radio'}
          name={radioGroup}
          checked={checked}
          onChange={onChange}
          className="size-5 accent-brand-600"
        />
        <span className="flex-1">{label}</span>
        {count === undefined ? null : <Count count={count} />}
      </label>
    </li>
  );
}

/** A result count beside an option, or a pending mark while the data loads. */
function Count({ count }: { count: number | null }) {
  if (count === null) {
    return (
      <span className="text-sm text-muted" aria-hidden="true">
        …
      </span>
    );
  }
  return (
    <span className="text-sm text-muted tabular-nums">
      {count}
      <span className="sr-only"> {count === 1 ? 'program' : 'programs'}</span>
    </span>
  );
}
