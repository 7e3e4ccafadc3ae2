import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { apiFetch } from '../../api/client.ts';
import { $session, initSession, signInHref } from '../../api/session.ts';
import {
  REQUEST_DELETED,
  requestStatusPath,
  type RequestDelivery,
  type RequestStatusResponse,
} from '../../api/contracts/inquiries.ts';
import { REQUEST_STAGE_WORDS, stageSteps, type StepState } from '../../lib/request-status.ts';

type View =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'not-found' }
  | { kind: 'deleted' }
  | { kind: 'sign-in'; next: string }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; request: RequestStatusResponse };

/** How the page was opened: the e-mailed link (a token), or My Account's link (an id, signed in). */
type Opened =
  { by: 'token'; token: string } | { by: 'id'; id: string } | { by: 'nothing'; malformed: boolean };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** `/request/<token>` (one static page Netlify serves for every token) or `/request?id=<uuid>`. */
function opened(location: Pick<Location, 'pathname' | 'search'>): Opened {
  const match = /^\/request\/([^/]+)\/?$/.exec(location.pathname);
  if (match) {
    const token = match[1] ?? '';
    return TOKEN.test(token) ? { by: 'token', token } : { by: 'nothing', malformed: true };
  }
  const id = new URLSearchParams(location.search).get('id');
  if (id === null) return { by: 'nothing', malformed: false };
  return UUID.test(id) ? { by: 'id', id } : { by: 'nothing', malformed: true };
}

/** One calm sentence on how the request reached the program (or is reaching it). */
function DeliveryText({ delivery, program }: { delivery: RequestDelivery; program: string }) {
  if (delivery.state === 'forwarding') {
    return (
      <>
        We could not reach {program} by email, so our site team has your request and is forwarding it to them.
        You do not need to send it again.
      </>
    );
  }
  if (delivery.state === 'sending' || delivery.delivered_at === null) {
    return delivery.to === 'site_team' ? (
      <>
        Your request is saved. We are sending it to our site team, who will pass it on to {program}. If it
        does not go through right away, we keep trying.
      </>
    ) : (
      <>
        Your request is saved. We are sending it to {program} by email. If it does not go through right away,
        we keep trying.
      </>
    );
  }
  const when = (
    <time dateTime={delivery.delivered_at}>{dateTime.format(new Date(delivery.delivered_at))}</time>
  );
  return delivery.to === 'site_team' ? (
    <>
      Delivered to our site team on {when}. They pass your request on to {program}, which has no admissions
      email address in our directory.
    </>
  ) : (
    <>
      Delivered to {program} by email on {when}.
    </>
  );
}

const STEP_MARK: Record<StepState, { mark: string; sr: string; className: string }> = {
  current: { mark: '●', sr: ' (current)', className: 'border-brand-700 bg-brand-50 text-brand-800' },
  done: { mark: '✓', sr: ' (done)', className: 'border-slate-300 bg-white text-ink' },
  unknown: { mark: '–', sr: ' (not recorded)', className: 'border-slate-300 bg-white text-muted' },
  todo: { mark: '○', sr: ' (not yet)', className: 'border-slate-200 bg-slate-50 text-muted' },
};

async function load(open: Extract<Opened, { by: 'token' | 'id' }>, signal: AbortSignal): Promise<View> {
  const res =
    open.by === 'token'
      ? await fetch(`/api/requests/${open.token}`, { signal, cache: 'no-store' })
      : await apiFetch(`/api/requests?id=${encodeURIComponent(open.id)}`, { signal, cache: 'no-store' });
  if (res.status === 404) return { kind: 'not-found' };
  if (res.status === 410) return { kind: 'deleted' };
  if (res.status === 401 && open.by === 'id') return { kind: 'sign-in', next: requestStatusPath(open.id) };
  if (!res.ok) {
    return {
      kind: 'error',
      message:
        res.status === 429
          ? 'Too many attempts. Please wait a minute and reload this page.'
          : 'We could not load your request right now. Please reload this page in a moment.',
    };
  }
  return { kind: 'ready', request: (await res.json()) as RequestStatusResponse };
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </div>
  );
}

/**
 * The status page of one info or call request: opened from the private link of the family's
 * e-mails (`/request/<token>`, no account needed), or from My Account (`/request?id=<id>`, for the
 * signed-in sender). Shows which program, when it was sent, whether its e-mail reached the
 * program, and where it stands in the one set of words (src/lib/request-status.ts): Sent →
 * Delivered → Contacted → Closed. The link of a request deleted with its account says so.
 */
export default function RequestStatus() {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [open, setOpen] = useState<Opened | null>(null);
  const session = useStore($session);

  useEffect(() => {
    const found = opened(window.location);
    setOpen(found);
    if (found.by === 'nothing') setView({ kind: found.malformed ? 'not-found' : 'missing' });
    if (found.by === 'id') initSession();
  }, []);

  // A token opens the page for anyone; an id only once the session is known (and again when the
  // person signs in or out in another tab).
  const sessionKey = session.status === 'signed-in' ? session.user.id : session.status;
  useEffect(() => {
    if (open === null || open.by === 'nothing') return;
    if (open.by === 'id' && sessionKey === 'unknown') return;
    if (open.by === 'id' && sessionKey === 'signed-out') {
      setView({ kind: 'sign-in', next: requestStatusPath(open.id) });
      return;
    }
    const controller = new AbortController();
    setView({ kind: 'loading' });
    load(open, controller.signal)
      .then(setView)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not load the request status', error);
        setView({
          kind: 'error',
          message: 'We could not reach the site. Check your connection and reload this page.',
        });
      });
    return () => {
      controller.abort();
    };
  }, [open, sessionKey]);

  if (view.kind === 'loading') {
    return (
      <p role="status" className="text-muted">
        Loading your request…
      </p>
    );
  }
  if (view.kind === 'missing' || view.kind === 'not-found') {
    return (
      <Notice title="Request Not Found">
        <p className="mt-2">
          {view.kind === 'missing'
            ? 'Open this page from the link in the confirmation email we sent you after your request.'
            : open?.by === 'id'
              ? 'We could not find this request among the requests you sent while signed in to this account.'
              : 'We could not find this request. Please check that you opened the whole link from your confirmation email.'}
        </p>
        <a href="/" className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-2">
          Return to Directory
        </a>
      </Notice>
    );
  }
  if (view.kind === 'deleted') {
    return (
      <Notice title="Request Deleted">
        <p className="mt-2" data-testid="request-deleted">
          {REQUEST_DELETED}
        </p>
        <p className="mt-2">
          Its personal details were removed at the sender’s request. The program keeps only an anonymous
          record that a request was made. If you still need help, you can send a new request from the
          program’s page.
        </p>
        <a href="/" className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-2">
          Return to Directory
        </a>
      </Notice>
    );
  }
  if (view.kind === 'sign-in') {
    return (
      <Notice title="Sign In to See This Request">
        <p className="mt-2">
          This page shows a request you sent while signed in. Sign in with the same account to see where it
          stands, or open the private link in the confirmation email we sent you.
        </p>
        <a
          href={signInHref(view.next)}
          className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-2"
        >
          Sign in
        </a>
      </Notice>
    );
  }
  if (view.kind === 'error') {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-5 text-red-900">
        <h2 className="text-lg font-semibold">Could Not Load Your Request</h2>
        <p className="mt-2">{view.message}</p>
      </div>
    );
  }

  const { request } = view;
  const programName = request.program.name ?? 'The program';
  const delivery = request.delivery;
  const deliveredToProgram = delivery?.state === 'delivered' && delivery.to === 'program';
  const words = REQUEST_STAGE_WORDS[request.stage];
  return (
    <div className="flex flex-col gap-6">
      <p className="text-muted" data-testid="request-opened-by">
        {open?.by === 'id'
          ? 'You see this request because you sent it while signed in to this account.'
          : 'Keep this page’s link to yourself: anyone with it can see the status of your request. You do not need an account.'}
      </p>
      <dl className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">Program</dt>
          <dd className="font-semibold break-words">
            {request.program.id !== null ? (
              <a
                href={`/program/${request.program.id}`}
                className="text-brand-700 underline underline-offset-2"
              >
                {programName}
              </a>
            ) : (
              programName
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Request</dt>
          <dd className="font-semibold">
            {request.type === 'call' ? 'Call request' : 'Information request'}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">Sent</dt>
          <dd className="font-semibold">
            <time dateTime={request.created_at}>{dateTime.format(new Date(request.created_at))}</time>
          </dd>
        </div>
      </dl>

      <section aria-labelledby="request-status-heading">
        <h2 id="request-status-heading" className="text-xl font-semibold">
          Status:{' '}
          <span data-testid="request-status" data-stage={request.stage}>
            {words.label}
          </span>
        </h2>
        <ol className="mt-4 grid gap-2 sm:grid-cols-4" aria-label="Progress of your request">
          {stageSteps(request.stage, deliveredToProgram).map(({ stage, state }) => (
            <li
              key={stage}
              aria-current={state === 'current' ? 'step' : undefined}
              data-step={stage}
              data-state={state}
              className={`flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium ${STEP_MARK[state].className}`}
            >
              <span aria-hidden="true">{STEP_MARK[state].mark}</span>
              {REQUEST_STAGE_WORDS[stage].label}
              <span className="sr-only">{STEP_MARK[state].sr}</span>
            </li>
          ))}
        </ol>
        {delivery ? (
          <p className="mt-4" data-testid="request-delivery" data-state={delivery.state}>
            <DeliveryText delivery={delivery} program={request.program.name ?? 'the program'} />
          </p>
        ) : null}
        {request.stage === 'sent' && delivery !== null ? null : <p className="mt-4">{words.family}</p>}
        {request.updated_at !== request.created_at ? (
          <p className="mt-2 text-sm text-muted">
            Last updated{' '}
            <time dateTime={request.updated_at}>{dateTime.format(new Date(request.updated_at))}</time>.
          </p>
        ) : null}
      </section>
    </div>
  );
}
