import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { $session, displayName, initSession, signInHref, signOut } from '../../api/session.ts';
import { flashToast } from '../../ui/toasts/flash.ts';
import { showToast } from '../../ui/toasts/store.ts';
import { card, RetryAlert, SectionTitle } from '../../ui/boxes.tsx';
import { dangerButton, primaryButton, secondaryBusyButton } from '../../ui/buttons.ts';
import { formatDay } from '../../ui/format.ts';
import {
  ACCOUNT_DELETED,
  ACCOUNT_PATH,
  changePassword,
  deleteAccount,
  deletionSummary,
  downloadExport,
  loadAccount,
  passwordProblem,
  removeFavourite,
  typeLabel,
  type Failure,
  type Message,
} from './account.ts';
import {
  PRIVACY_EMAIL,
  type AccountFavorite,
  type AccountRequest,
  type AccountResponse,
} from '../../api/contracts/account.ts';
import { REQUEST_STAGE_WORDS, type RequestStage } from '../../lib/request-status.ts';
import { NO_LONGER_LISTED } from '../../api/contracts/account.ts';

/**
 * Set while the account is being deleted: signing out then must not send the person to the
 * sign-in page (the page goes home with a toast instead).
 */
let deletingAccount = false;

type Load =
  { state: 'loading' } | { state: 'error'; message: Message } | { state: 'ready'; data: AccountResponse };

/** The session ended elsewhere (or the account is gone): forget it here and sign in again. */
async function signInAgain(): Promise<void> {
  try {
    await signOut();
  } catch {
    // Already unusable; the redirect is what matters.
  }
  location.replace(signInHref(ACCOUNT_PATH));
}

/**
 * /enhanced-dashboard, the family's "My Account": saved programs (with remove), the requests
 * they sent and the status each program set, change password, and the privacy policy's data
 * rights: download my data, delete my account. Signed out, it sends the person to sign in and
 * back here.
 */
export default function AccountPage() {
  const session = useStore($session);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const signedIn = session.status === 'signed-in';
  const userId = signedIn ? session.user.id : null;

  useEffect(() => {
    initSession();
  }, []);

  useEffect(() => {
    if (session.status === 'signed-out' && !deletingAccount) location.replace(signInHref(ACCOUNT_PATH));
  }, [session.status]);

  const refresh = useCallback(async () => {
    setLoad({ state: 'loading' });
    const result = await loadAccount();
    if (result.ok) setLoad({ state: 'ready', data: result.data });
    else if (result.kind === 'unauthorized') await signInAgain();
    else setLoad({ state: 'error', message: result.message });
  }, []);

  useEffect(() => {
    if (userId !== null) void refresh();
  }, [userId, refresh]);

  const onFailure = useCallback((failure: Failure) => {
    if (failure.kind === 'unauthorized') void signInAgain();
    else showToast({ ...failure.message, variant: 'destructive' });
  }, []);

  if (!signedIn) {
    return (
      <p role="status" className="text-muted">
        {session.status === 'signed-out' ? 'Taking you to sign in…' : 'Loading your account…'}
      </p>
    );
  }

  if (load.state === 'error') {
    return (
      <RetryAlert
        title={load.message.title}
        description={load.message.description}
        onRetry={() => void refresh()}
      />
    );
  }

  if (load.state === 'loading') {
    return (
      <div>
        <p role="status" className="mb-4 text-sm text-muted">
          Loading your account…
        </p>
        <div className="grid gap-6 lg:grid-cols-2" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={`${card} h-40 animate-pulse bg-slate-50`} />
          ))}
        </div>
      </div>
    );
  }

  const { data } = load;
  const setData = (next: AccountResponse) => {
    setLoad({ state: 'ready', data: next });
  };

  return (
    <div className="flex flex-col gap-6">
      <p className="text-muted">
        Signed in as <strong className="font-semibold text-ink">{displayName(session.user)}</strong>
        {data.user.email ? <> ({data.user.email})</> : null}.
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <SavedPrograms data={data} setData={setData} onFailure={onFailure} />
        <SentRequests requests={data.requests} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChangePassword email={data.user.email} />
        <YourData data={data} onFailure={onFailure} />
      </div>
    </div>
  );
}

function SavedPrograms({
  data,
  setData,
  onFailure,
}: {
  data: AccountResponse;
  setData: (data: AccountResponse) => void;
  onFailure: (failure: Failure) => void;
}) {
  const headingId = useId();
  const [removing, setRemoving] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLDivElement>(null);

  const focusAfter = useRef<number | null>(null);

  // Keep keyboard users in place once a row is gone: focus the Remove button now at its index
  // (or the last one), or the section when none is left.
  useEffect(() => {
    const index = focusAfter.current;
    if (index === null) return;
    focusAfter.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else headingRef.current?.focus();
  }, [data.favorites]);

  const remove = async (favorite: AccountFavorite, index: number) => {
    // One at a time. The buttons stay enabled (aria-disabled), so the focused one keeps focus.
    if (removing !== null) return;
    setRemoving(favorite.program_id);
    const failure = await removeFavourite(favorite.program_id);
    setRemoving(null);
    if (failure) {
      onFailure(failure);
      return;
    }
    const rest = data.favorites.filter((f) => f.program_id !== favorite.program_id);
    focusAfter.current = index;
    setData({ ...data, favorites: rest });
    const name = favorite.program_name || favorite.program_id;
    showToast({ title: 'Removed from Favorites', description: `${name} was removed from your favorites.` });
  };

  return (
    <section aria-labelledby={headingId} className={card}>
      <div ref={headingRef} tabIndex={-1} className="flex items-baseline justify-between gap-4 outline-none">
        <SectionTitle id={headingId}>Saved programs</SectionTitle>
        {data.favorites.length > 0 ? (
          <a href="/favorites" className="text-sm font-medium text-brand-700 underline underline-offset-2">
            View as cards
          </a>
        ) : null}
      </div>
      {data.favorites.length === 0 ? (
        <p className="mt-3 text-muted">
          You have not saved any programs yet. Select the heart on a program to save it.{' '}
          <a href="/" className="font-medium text-brand-700 underline underline-offset-2">
            Browse programs
          </a>
        </p>
      ) : (
        <ul ref={listRef} className="mt-3 divide-y divide-slate-200" data-testid="saved-programs">
          {data.favorites.map((favorite, index) => {
            const name = favorite.program_name || favorite.program_id;
            return (
              <li key={favorite.program_id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  {favorite.program_path ? (
                    <a
                      href={favorite.program_path}
                      className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                    >
                      {name}
                    </a>
                  ) : (
                    <span className="font-medium break-words">{name}</span>
                  )}
                  <p className="text-sm text-muted">
                    Saved {formatDay(favorite.created_at)}
                    {!favorite.program_listed ? ` · ${NO_LONGER_LISTED}` : ''}
                  </p>
                </div>
                <button
                  type="button"
                  data-remove
                  aria-disabled={removing !== null}
                  onClick={() => void remove(favorite, index)}
                  className={`${secondaryBusyButton} shrink-0 text-sm`}
                >
                  {removing === favorite.program_id ? 'Removing…' : 'Remove'}
                  <span className="sr-only"> {name} from your favorites</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const STAGE_CLASS: Record<RequestStage, string> = {
  sent: 'bg-amber-100 text-amber-950',
  delivered: 'bg-sky-100 text-sky-950',
  contacted: 'bg-green-100 text-green-900',
  closed: 'bg-slate-200 text-slate-800',
};

function SentRequests({ requests }: { requests: readonly AccountRequest[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={card}>
      <SectionTitle id={headingId}>Your requests</SectionTitle>
      {requests.length === 0 ? (
        <p className="mt-3 text-muted">
          Information and call requests you send while signed in appear here, with the status the program
          gives them.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            Requests you sent while signed in: Sent, Delivered to the program, Contacted, Closed. We email you
            when the program changes the status.
          </p>
          <ul className="mt-3 divide-y divide-slate-200" data-testid="sent-requests">
            {requests.map((request) => {
              const name = request.program_name ?? request.program_id ?? 'A program';
              const words = REQUEST_STAGE_WORDS[request.stage];
              return (
                <li
                  key={request.id}
                  className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3"
                >
                  <div className="min-w-0">
                    {request.program_path ? (
                      <a
                        href={request.program_path}
                        className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                      >
                        {name}
                      </a>
                    ) : (
                      <span className="font-medium break-words">{name}</span>
                    )}
                    {!request.program_listed ? (
                      <p className="text-sm text-muted">{NO_LONGER_LISTED}</p>
                    ) : null}
                    <p className="text-sm text-muted">
                      {typeLabel(request.type)}, sent{' '}
                      <time dateTime={request.created_at}>{formatDay(request.created_at)}</time>
                    </p>
                  </div>
                  <div className="flex flex-col items-start gap-1 text-sm sm:items-end">
                    <p>
                      <span className="sr-only">Status: </span>
                      <span
                        className={`inline-flex rounded-full px-2.5 py-0.5 font-semibold ${STAGE_CLASS[request.stage]}`}
                        title={words.family}
                        data-status={request.stage}
                      >
                        {words.label}
                      </span>
                    </p>
                    <a
                      href={request.status_path}
                      className="font-medium text-brand-700 underline underline-offset-2"
                      data-status-link
                    >
                      See status<span className="sr-only"> of your request to {name}</span>
                    </a>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

function ChangePassword({ email }: { email: string | null }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [problem, setProblem] = useState<Message | null>(null);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const tooShort = passwordProblem(password);
    if (tooShort) {
      setProblem(tooShort);
      inputRef.current?.focus();
      return;
    }
    setSaving(true);
    setProblem(null);
    const failure = await changePassword(password);
    setSaving(false);
    if (failure) {
      setProblem(failure);
      showToast({ ...failure, variant: 'destructive' });
      inputRef.current?.focus();
      return;
    }
    setPassword('');
    setVisible(false);
    showToast({ title: 'Password Updated', description: 'Your password has been successfully updated.' });
  };

  const errorId = `${id}-error`;
  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <SectionTitle id={`${id}-title`}>Change password</SectionTitle>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-3 flex flex-col gap-3">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value={email ?? ''} />
        <div>
          <label htmlFor={`${id}-password`} className="text-sm font-medium">
            New password
          </label>
          <div className="relative">
            <input
              ref={inputRef}
              id={`${id}-password`}
              name="new-password"
              type={visible ? 'text' : 'password'}
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
              }}
              aria-invalid={problem !== null}
              aria-describedby={`${problem ? `${errorId} ` : ''}${id}-hint`}
              className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 pr-20 text-ink shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50"
            />
            <button
              type="button"
              onClick={() => {
                setVisible(!visible);
              }}
              aria-pressed={visible}
              aria-controls={`${id}-password`}
              className="absolute inset-y-0 right-0 mt-1 rounded-r-md px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              {visible ? 'Hide' : 'Show'}
              <span className="sr-only"> password</span>
            </button>
          </div>
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
            At least 6 characters.
          </p>
          <div role="alert" className="empty:hidden">
            {problem ? (
              <p id={errorId} className="mt-1 text-sm font-medium text-red-800" data-field-error>
                <span className="font-semibold">{problem.title}:</span> {problem.description}
              </p>
            ) : null}
          </div>
        </div>
        <div>
          <button type="submit" disabled={saving} className={primaryButton}>
            {saving ? 'Updating…' : 'Update Password'}
          </button>
        </div>
      </form>
    </section>
  );
}

function YourData({ data, onFailure }: { data: AccountResponse; onFailure: (failure: Failure) => void }) {
  const id = useId();
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<Message | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const deletable = !data.roles.includes('provider') && !data.roles.includes('admin');

  const download = async () => {
    setDownloading(true);
    const failure = await downloadExport();
    setDownloading(false);
    if (failure) onFailure(failure);
    else showToast({ title: 'Download Started', description: 'Your data is being saved as a JSON file.' });
  };

  const open = () => {
    setProblem(null);
    dialogRef.current?.showModal();
  };
  const close = () => {
    if (!deleting) dialogRef.current?.close();
  };

  const confirm = async () => {
    setDeleting(true);
    setProblem(null);
    deletingAccount = true;
    const failure = await deleteAccount();
    if (failure === null) {
      flashToast(ACCOUNT_DELETED);
      location.assign('/');
      return;
    }
    deletingAccount = false;
    setDeleting(false);
    if (failure.kind === 'unauthorized') void signInAgain();
    else setProblem(failure.message);
  };

  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <SectionTitle id={`${id}-title`}>Your data</SectionTitle>
      <p className="mt-1 text-sm text-muted">
        Our{' '}
        <a href="/privacy-policy" className="font-medium text-brand-700 underline underline-offset-2">
          Privacy Policy
        </a>{' '}
        lets you see and delete the information we hold about you.
      </p>

      <h3 className="mt-4 font-semibold">Download my data</h3>
      <p className="mt-1 text-sm text-muted">
        A JSON file with your account, your saved programs and the requests you sent, with the details you
        gave.
      </p>
      <button
        type="button"
        onClick={() => void download()}
        disabled={downloading}
        className={`${secondaryBusyButton} mt-2`}
      >
        {downloading ? 'Preparing…' : 'Download my data'}
      </button>

      <h3 className="mt-6 font-semibold">Delete my account</h3>
      {deletable ? (
        <>
          <p className="mt-1 text-sm text-muted">
            Removes your account and your personal details for good. This cannot be undone.
          </p>
          <button type="button" onClick={open} className={`${dangerButton} mt-2`}>
            Delete my account…
          </button>
        </>
      ) : (
        <p className="mt-1 text-sm text-muted">
          Provider and administrator accounts are closed by our team. Write to{' '}
          <a
            href={`mailto:${PRIVACY_EMAIL}`}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {PRIVACY_EMAIL}
          </a>{' '}
          and we will close yours.
        </p>
      )}

      <dialog
        ref={dialogRef}
        aria-labelledby={`${id}-dialog-title`}
        aria-describedby={`${id}-dialog-intro`}
        onCancel={(event) => {
          if (deleting) event.preventDefault();
        }}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) close();
        }}
        className="m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-slate-900/60"
      >
        <div className="flex flex-col gap-4 p-5 sm:p-6" aria-busy={deleting}>
          <h2 id={`${id}-dialog-title`} className="text-xl font-semibold">
            Delete your account?
          </h2>
          <div id={`${id}-dialog-intro`}>
            <p>This removes, for good:</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="deletion-summary">
              {deletionSummary(data).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-muted">
              Programs you contacted already received your request by email; ask them directly to delete their
              copy. You can download your data first.
            </p>
          </div>
          <div role="alert" className="empty:hidden">
            {problem ? (
              <div className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
                <p className="font-semibold">{problem.title}</p>
                <p className="mt-1">{problem.description}</p>
              </div>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" onClick={close} disabled={deleting} className={secondaryBusyButton}>
              Cancel
            </button>
            <button type="button" onClick={() => void confirm()} disabled={deleting} className={dangerButton}>
              {deleting ? 'Deleting…' : 'Delete my account'}
            </button>
          </div>
        </div>
      </dialog>
    </section>
  );
}
