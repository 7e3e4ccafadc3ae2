/**
 * Small pieces the admin tabs share: a term/value row, a queue's loading and filter state, a list's
 * loading/empty/error line, a decided item, and a table that stays readable on a phone.
 */
import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
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

/** One page of a paginated queue as its loader answers it. */
export interface QueuePage<T> {
  items: T[];
  /** The offset of the next page; null on the last. */
  next_offset: number | null;
}

/**
 * A paginated queue (reports, reviews), a page at a time: the filter's first page whenever the
 * filter changes (a newer answer wins over an older one), `more` appends the next page, `replace`
 * puts a decided item in its place. 401/403, and a next page that failed, go to `onFailure` (what
 * is shown stays). `focusId`: the item the focus moves to once it is on screen (the first one a
 * page added). `loadPage` must be a stable function (a module-level one).
 */
export function usePagedQueue<T extends { id: string }, F extends string>(
  loadPage: (filter: F, offset?: number) => Promise<Result<{ value: QueuePage<T> }>>,
  initial: F,
  listedUnder: (item: T, filter: F) => boolean,
  onFailure: (failure: Failure) => void,
) {
  const [filter, setFilter] = useState<F>(initial);
  const [load, setLoad] = useState<QueueLoad<T>>({ state: 'loading' });
  const [nextOffset, setNextOffset] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  // Counts the loads: an answer for an older filter (or before Try again) is dropped.
  const latest = useRef(0);
  // Shown items that left the filter's list since the last page (decided under "Open" or
  // "Waiting"): the server's list moved up that many places, so the next page starts that much
  // earlier. Asking for an item twice is harmless (it is shown once); one skipped would never be.
  const left = useRef(0);
  const moreRef = useRef<HTMLButtonElement>(null);

  const refresh = useCallback(
    async (which: F) => {
      const call = ++latest.current;
      setLoad({ state: 'loading' });
      setNextOffset(null);
      setLoadingMore(false);
      setFocusId(null);
      left.current = 0;
      const result = await loadPage(which);
      if (call !== latest.current) return;
      if (result.ok) {
        setLoad({ state: 'ready', items: result.value.items });
        setNextOffset(result.value.next_offset);
      } else if (result.kind === 'error')
        setLoad({ state: 'error', description: result.message.description });
      else onFailure(result);
    },
    [loadPage, onFailure],
  );
  useEffect(() => {
    void refresh(filter);
  }, [filter, refresh]);

  const more = async (): Promise<void> => {
    if (nextOffset === null || loadingMore || load.state !== 'ready') return;
    const call = latest.current;
    const shift = left.current;
    setLoadingMore(true);
    const result = await loadPage(filter, Math.max(0, nextOffset - shift));
    if (call !== latest.current) return;
    setLoadingMore(false);
    if (!result.ok) {
      onFailure(result);
      return;
    }
    // An item decided while this page was on its way may or may not have moved it: it counts for
    // the next page too (asked for twice rather than missed).
    left.current -= shift;
    // An item that moved between pages is shown once, as it is (its card may hold an open form).
    const shown = new Set(load.items.map((i) => i.id));
    const added = result.value.items.filter((i) => !shown.has(i.id));
    setLoad((current) =>
      current.state === 'ready' ? { state: 'ready', items: [...current.items, ...added] } : current,
    );
    setNextOffset(result.value.next_offset);
    // The focus goes to the first item added; with none, back to the button (enabled again) or,
    // when it is gone, to the last item, so it never falls back to the top of the page.
    if (added[0] !== undefined) setFocusId(added[0].id);
    else if (result.value.next_offset !== null) requestAnimationFrame(() => moreRef.current?.focus());
    else setFocusId(load.items.at(-1)?.id ?? null);
  };

  const replace = (item: T) => {
    if (load.state === 'ready') {
      const before = load.items.find((i) => i.id === item.id);
      if (before !== undefined && listedUnder(before, filter) && !listedUnder(item, filter))
        left.current += 1;
    }
    setLoad((current) =>
      current.state === 'ready'
        ? { state: 'ready', items: current.items.map((i) => (i.id === item.id ? item : i)) }
        : current,
    );
  };

  return { filter, setFilter, load, refresh, replace, nextOffset, loadingMore, more, moreRef, focusId };
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

/** One column of a {@link DataTable}: its header and how a row's value shows. */
export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Counts: right-aligned, tabular figures. */
  numeric?: boolean;
  /** Long unbroken text (e-mail addresses, ids) breaks anywhere rather than widening the page. */
  breakAll?: boolean;
  /** Short values that read badly broken (status pills, dates): one line in the wide table. */
  nowrap?: boolean;
};

const th = 'border-b border-slate-300 px-3 py-2 text-left align-bottom font-semibold';
const td = 'border-b border-slate-200 px-3 py-2 align-top';

/**
 * A table readable at every width: from the medium breakpoint a real table (its first column the
 * row headers); below it, each row is a small card (the row header as its title, the other
 * columns as term and value), so a 390 px phone neither clips text nor scrolls sideways. Only
 * one of the two is displayed, so assistive technology meets the data once.
 */
export function DataTable<T>({
  label,
  caption,
  showCaption = false,
  rows,
  rowKey,
  rowHeader,
  columns,
}: {
  /** Names the table's scrolling region and the phone list. */
  label: string;
  /** The table's caption (read by screen readers; shown above the data when `showCaption`). */
  caption: string;
  showCaption?: boolean;
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  rowHeader: Column<T>;
  columns: readonly Column<T>[];
}) {
  const cellClass = (c: Column<T>) =>
    `${td} ${c.numeric ? 'text-right tabular-nums' : ''} ${c.breakAll ? 'break-all' : 'break-words'} ${c.nowrap ? 'whitespace-nowrap' : ''}`;
  return (
    <div className="mt-3">
      {showCaption ? (
        <p className="font-semibold md:hidden" aria-hidden="true">
          {caption}
        </p>
      ) : null}
      <ul className="flex flex-col gap-2 md:hidden" aria-label={label}>
        {rows.map((row, i) => (
          <li key={rowKey(row, i)} className="rounded-md border border-slate-200 p-3 text-sm">
            <p className="font-semibold break-words">{rowHeader.cell(row)}</p>
            <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              {columns.map((c) => (
                <Fragment key={c.header}>
                  <dt className="text-muted">{c.header}</dt>
                  <dd
                    className={`min-w-0 ${c.numeric ? 'tabular-nums' : ''} ${c.breakAll ? 'break-all' : 'break-words'}`}
                  >
                    {c.cell(row)}
                  </dd>
                </Fragment>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block" role="region" aria-label={label} tabIndex={0}>
        <table className="w-full border-collapse text-sm">
          <caption className={showCaption ? 'mb-1 text-left font-semibold' : 'sr-only'}>{caption}</caption>
          <thead>
            <tr>
              {[rowHeader, ...columns].map((c) => (
                <th key={c.header} scope="col" className={`${th} ${c.numeric ? 'text-right' : ''}`}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={rowKey(row, i)}>
                <th scope="row" className={`${cellClass(rowHeader)} text-left font-medium`}>
                  {rowHeader.cell(row)}
                </th>
                {columns.map((c) => (
                  <td key={c.header} className={cellClass(c)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
