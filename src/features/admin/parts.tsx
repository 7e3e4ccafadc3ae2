/**
 * Small pieces the admin tabs share: a term/value row, a queue's loading and filter state, a list's
 * loading/empty/error line, a decided item.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Failure, Result } from './api.ts';
import { RetryAlert } from '../../ui/boxes.tsx';
import { Pill } from '../../ui/Pill.tsx';
import { formatDay } from '../../ui/format.ts';
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

export type QueueLoad<T> =
  { state: 'loading' } | { state: 'error'; description: string } | { state: 'ready'; items: T[] };

/**
 * A review queue (verification requests, listings): loads `loadItems(filter)` whenever the filter
 * changes, hands 401/403 to `onFailure`, and `replace` puts a decided item in its place.
 */
export function useQueue<T extends { id: string }, F extends string>(
  loadItems: (filter: F) => Promise<Result<{ value: T[] }>>,
  initial: F,
  onFailure: (failure: Failure) => void,
) {
  const [filter, setFilter] = useState<F>(initial);
  const [load, setLoad] = useState<QueueLoad<T>>({ state: 'loading' });
  const refresh = useCallback(
    async (which: F) => {
      setLoad({ state: 'loading' });
      const result = await loadItems(which);
      if (result.ok) setLoad({ state: 'ready', items: result.value });
      else if (result.kind === 'error') setLoad({ state: 'error', description: result.message.description });
      else onFailure(result);
    },
    [loadItems, onFailure],
  );
  useEffect(() => {
    void refresh(filter);
  }, [filter, refresh]);
  const replace = (item: T) => {
    setLoad((current) =>
      current.state === 'ready'
        ? { state: 'ready', items: current.items.map((i) => (i.id === item.id ? item : i)) }
        : current,
    );
  };
  return { filter, setFilter, load, refresh, replace };
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
  if (load.state === 'error') return <RetryAlert description={load.description} onRetry={onRetry} />;
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
