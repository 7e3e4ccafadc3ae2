/** Small pieces the admin tabs share: a term/value row, a list's loading/empty/error line, a decided item. */
import { useEffect, useRef, type ReactNode } from 'react';
import { formatDay, Pill } from '../provider-dashboard/ui.tsx';
import { decisionLabel } from './rules.ts';

/** One `<dt>`/`<dd>` pair of a definition list laid out as two columns from the small breakpoint. */
export function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-muted">{term}</dt>
      <dd className="mb-3 min-w-0 break-words sm:mb-0">{children}</dd>
    </>
  );
}

/** The line above a queue: loading, the error with Try again, nothing found, or how many. */
export function ListState({
  load,
  empty,
  count,
  noun,
  onRetry,
}: {
  load: { state: 'loading' } | { state: 'error'; description: string } | { state: 'ready' };
  empty: string;
  count: number;
  noun: [string, string];
  onRetry: () => void;
}) {
  if (load.state === 'loading')
    return (
      <p role="status" className="text-muted">
        Loading…
      </p>
    );
  if (load.state === 'error')
    return (
      <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
        <p>{load.description}</p>
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 inline-flex min-h-11 items-center rounded-md border border-red-800 bg-white px-4 py-2 font-semibold text-red-900 hover:bg-red-100"
        >
          Try again
        </button>
      </div>
    );
  return (
    <p role="status" className="text-muted">
      {count === 0 ? empty : `${String(count)} ${count === 1 ? noun[0] : noun[1]}`}
    </p>
  );
}

/** A decided request or listing: its outcome, when, and the reviewer's notes (as text). */
export function Decided({
  status,
  reviewedAt,
  notes,
  focus = false,
  children,
}: {
  status: string;
  reviewedAt: string | null;
  notes: string | null;
  /** Moves the focus here (right after the decision, whose form is gone). */
  focus?: boolean;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const label = decisionLabel(status);
  return (
    <div ref={ref} tabIndex={-1} className="rounded-md border border-slate-300 bg-slate-50 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">Decision:</span>
        <Pill tone={label.tone}>{label.label}</Pill>
        {reviewedAt ? <span className="text-muted">on {formatDay(reviewedAt)}</span> : null}
      </p>
      {children}
      {notes ? (
        <div className="mt-2">
          <p className="font-semibold">Reviewer notes</p>
          <p className="mt-1 whitespace-pre-line break-words">{notes}</p>
        </div>
      ) : null}
    </div>
  );
}
