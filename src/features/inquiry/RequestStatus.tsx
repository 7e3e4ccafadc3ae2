import { useEffect, useState } from 'react';
import type { RequestDelivery, RequestStatusResponse } from '../../api/contracts/inquiries.ts';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../lib/vocabulary.ts';

type View =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'not-found' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; request: RequestStatusResponse };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const STEPS: Record<InquiryStatus, { label: string; text: string }> = {
  new: {
    label: 'Sent',
    text: 'The program has your request. Admissions teams usually reply within a few business days.',
  },
  contacted: {
    label: 'Contacted',
    text: 'The program says it has contacted you. Check your email (and spam folder) and your phone.',
  },
  closed: {
    label: 'Closed',
    text: 'The program has closed this request. If you still need help, you can send a new request from its page.',
  },
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

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

/** The token of `/request/<token>` (the page is one static file that Netlify serves for every token). */
function tokenFromPath(pathname: string): string | null {
  const match = /^\/request\/([^/]+)\/?$/.exec(pathname);
  const token = match?.[1] ?? '';
  return TOKEN.test(token) ? token : null;
}

/**
 * The status page of one info or call request, opened from the link in the family's
 * confirmation e-mail. Reads `GET /api/requests/<token>`; shows which program, when it was
 * sent, whether its e-mail reached the program (sending, delivered with the time, or forwarded
 * by the site team after every try failed) and where it stands (new, contacted, closed).
 */
export default function RequestStatus() {
  const [view, setView] = useState<View>({ kind: 'loading' });

  useEffect(() => {
    const token = tokenFromPath(window.location.pathname);
    if (token === null) {
      setView({ kind: window.location.pathname.startsWith('/request/') ? 'not-found' : 'missing' });
      return;
    }
    const controller = new AbortController();
    void (async () => {
      try {
        const res = await fetch(`/api/requests/${token}`, { signal: controller.signal, cache: 'no-store' });
        if (res.status === 404) {
          setView({ kind: 'not-found' });
          return;
        }
        if (!res.ok) {
          setView({
            kind: 'error',
            message:
              res.status === 429
                ? 'Too many attempts. Please wait a minute and reload this page.'
                : 'We could not load your request right now. Please reload this page in a moment.',
          });
          return;
        }
        setView({ kind: 'ready', request: (await res.json()) as RequestStatusResponse });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('Could not load the request status', error);
        setView({
          kind: 'error',
          message: 'We could not reach the site. Check your connection and reload this page.',
        });
      }
    })();
    return () => {
      controller.abort();
    };
  }, []);

  if (view.kind === 'loading') {
    return (
      <p role="status" className="text-muted">
        Loading your request…
      </p>
    );
  }
  if (view.kind === 'missing' || view.kind === 'not-found') {
    return (
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-amber-950">
        <h2 className="text-lg font-semibold">Request Not Found</h2>
        <p className="mt-2">
          {view.kind === 'missing'
            ? 'Open this page from the link in the confirmation email we sent you after your request.'
            : 'We could not find this request. Please check that you opened the whole link from your confirmation email.'}
        </p>
        <a href="/" className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-2">
          Return to Directory
        </a>
      </div>
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
  const current = INQUIRY_STATUSES.indexOf(request.status);
  const programName = request.program.name ?? 'The program';
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">Program</dt>
          <dd className="font-semibold">
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
          Status: <span data-testid="request-status">{STEPS[request.status].label}</span>
        </h2>
        <ol className="mt-4 grid gap-2 sm:grid-cols-3">
          {INQUIRY_STATUSES.map((status, index) => {
            const done = index <= current;
            return (
              <li
                key={status}
                aria-current={index === current ? 'step' : undefined}
                className={`flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium ${
                  index === current
                    ? 'border-brand-700 bg-brand-50 text-brand-800'
                    : done
                      ? 'border-slate-300 bg-white text-ink'
                      : 'border-slate-200 bg-slate-50 text-muted'
                }`}
              >
                <span aria-hidden="true">{done ? '✓' : '○'}</span>
                {STEPS[status].label}
                <span className="sr-only">{done ? ' (done)' : ' (not yet)'}</span>
              </li>
            );
          })}
        </ol>
        {request.delivery ? (
          <p className="mt-4" data-testid="request-delivery" data-state={request.delivery.state}>
            <DeliveryText delivery={request.delivery} program={request.program.name ?? 'the program'} />
          </p>
        ) : null}
        <p className="mt-4">
          {request.status === 'new' && request.delivery !== null && request.delivery.state !== 'delivered'
            ? 'Admissions teams usually reply within a few business days of receiving a request.'
            : STEPS[request.status].text}
        </p>
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
