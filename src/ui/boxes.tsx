/** Cards, section titles and the message boxes (error, notice, load failure with Try again). */
import type { ReactNode } from 'react';
import { retryButton } from './buttons.ts';

/** What a box or a field message says: a short title and a sentence. */
export type Message = { title: string; description: string };

/** A white card around one section of a page. */
export const card = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

export function SectionTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-xl font-semibold text-brand-800">
      {children}
    </h2>
  );
}

/** The red error box of a form (role=alert is on the always-present wrapper, so a new message is announced). */
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

/** What could not be loaded, with a Try again button (the title line is left out when absent). */
export function RetryAlert({
  title,
  description,
  onRetry,
}: {
  title?: string | undefined;
  description: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
      {title === undefined ? (
        <p>{description}</p>
      ) : (
        <>
          <p className="font-semibold">{title}</p>
          <p className="mt-1">{description}</p>
        </>
      )}
      <button type="button" onClick={onRetry} className={retryButton}>
        Try again
      </button>
    </div>
  );
}
