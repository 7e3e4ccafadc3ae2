/** The four panels of the testing suite: overview, provider testing, user flow, data. */
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { ENGAGEMENT_EVENT_TYPES, type EngagementEventType } from '../../lib/vocabulary.ts';
import { Pill } from '../../ui/Pill.tsx';
import { card } from '../../ui/boxes.tsx';
import { dangerButton, primaryButton, secondaryBusyButton, secondaryButton } from '../../ui/buttons.ts';
import { inputClass, labelClass } from '../../ui/fields.tsx';
import { formatDay, formatDayTime } from '../../ui/format.ts';
import { showToast } from '../../ui/toasts/store.ts';
import {
  cleanupTestData,
  createTestProvider,
  submitTestInquiry,
  TEST_MESSAGES,
  trackTestEngagement,
  type Failure,
  type Message,
  type TestInquiryInput,
} from './api.ts';
import type {
  TestEngagementEvent,
  TestInquiry,
  TestProvider,
  TestToolsOverview,
} from '../../api/contracts/test-tools.ts';
import { countOf, shownEvents } from './tabs.ts';

/** The test program's details, from content/programs/test-program-001.md at build time. */
export type TestProgram = {
  id: string;
  name: string;
  location: string;
  state: string;
  setting: string;
  lengthOfStay: string;
  ageGroups: string[];
  modalities: string[];
  path: string;
};

const heading = 'text-xl font-semibold text-brand-800';
// The events table: every row's cells start at the same x, whatever their text.
const eventTh = 'border-b border-slate-300 py-2 pr-3 text-left align-bottom font-semibold';
const eventTd = 'border-b border-slate-200 py-2 pr-3 text-left align-top';
const subheading = 'text-lg font-semibold text-ink';

export function OverviewPanel({ data, program }: { data: TestToolsOverview; program: TestProgram }) {
  const stats: [string, string | number][] = [
    ['Test Providers', data.counts.providers],
    ['Test Inquiries', data.counts.inquiries],
    ['Test Engagements', data.counts.engagement],
    ['Status', data.status],
  ];
  return (
    <div className="flex flex-col gap-6">
      <h2 className="sr-only">Overview</h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {stats.map(([label, value]) => (
          <div key={label} className={card}>
            <dt className="text-sm font-medium text-muted">{label}</dt>
            <dd className="mt-1 text-3xl font-bold text-ink" data-testid={`count-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <section className={card} aria-labelledby="test-program-title">
        <h3 id="test-program-title" className={subheading}>
          Test Program
        </h3>
        <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {(
            [
              ['Program ID', program.id],
              ['Name', program.name],
              ['Location', `${program.location}, ${program.state}`],
              ['Setting', program.setting],
              ['Length of Stay', program.lengthOfStay],
              ['Age Groups', program.ageGroups.join(', ')],
              ['Modalities', program.modalities.join(', ')],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm font-medium text-muted">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <a href={program.path} target="_blank" rel="noopener" className={`${primaryButton} mt-4`}>
          Open Test Profile
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </section>
    </div>
  );
}

function VerificationBadge({ status }: { status: TestProvider['verification_status'] }) {
  return <Pill tone={status === 'verified' ? 'green' : 'slate'}>{status}</Pill>;
}

export function ProvidersPanel({
  providers,
  onFailure,
  onCreated,
}: {
  providers: TestProvider[];
  onFailure: (failure: Failure) => void;
  onCreated: (provider: TestProvider) => void;
}) {
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    const result = await createTestProvider();
    setBusy(false);
    if (!result.ok) {
      onFailure(result);
      return;
    }
    showToast(TEST_MESSAGES.providerCreated(result.provider.email));
    onCreated(result.provider);
  };
  return (
    <div className="flex flex-col gap-6">
      <section className={card} aria-labelledby="create-provider-title">
        <h2 id="create-provider-title" className={heading}>
          Create Test Provider
        </h2>
        <p className="mt-2 text-muted">
          Creates a real provider account: organization “Test Program - DO NOT DISPLAY LIVE”, a fixed contact
          name and phone, a timestamped <code>test-provider-…@test-provider.invalid</code> address (no mail
          can reach it, nobody can sign in with it) and a 30-day trial.
        </p>
        <button
          type="button"
          className={`${primaryButton} mt-4`}
          disabled={busy}
          onClick={() => void create()}
        >
          {busy ? 'Creating…' : 'Create Test Provider'}
        </button>
      </section>
      <section className={card} aria-labelledby="test-providers-title">
        <h2 id="test-providers-title" className={heading}>
          Test Providers ({providers.length})
        </h2>
        {providers.length === 0 ? (
          <p className="mt-2 text-muted">No test providers yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200" aria-label="Test providers">
            {providers.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-start justify-between gap-2 py-3"
                data-test-provider
              >
                <div className="min-w-0">
                  <p className="font-semibold">{p.organization_name}</p>
                  <p className="text-sm break-all text-muted">{p.email}</p>
                  <p className="text-sm text-muted">
                    {p.contact_name} · {p.phone ?? 'no phone'} · {p.subscription_status}, trial until{' '}
                    {formatDay(p.trial_ends_at)}
                  </p>
                </div>
                <VerificationBadge status={p.verification_status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const DEFAULT_INQUIRY: TestInquiryInput = {
  name: 'Test User',
  email: 'test.user@example.org',
  phone: '(555) 010-0123',
  message: 'This is a test inquiry from the internal testing suite.',
};

const INQUIRY_FIELDS: { key: keyof TestInquiryInput; label: string; type: string; auto: string }[] = [
  { key: 'name', label: 'Name', type: 'text', auto: 'off' },
  { key: 'email', label: 'Email', type: 'email', auto: 'off' },
  { key: 'phone', label: 'Phone', type: 'tel', auto: 'off' },
];

export function UserFlowPanel({
  data,
  onFailure,
  onInquiry,
  onEvent,
}: {
  data: TestToolsOverview;
  onFailure: (failure: Failure) => void;
  onInquiry: (inquiry: TestInquiry) => void;
  onEvent: (event: TestEngagementEvent) => void;
}) {
  const [form, setForm] = useState<TestInquiryInput>(DEFAULT_INQUIRY);
  const [sending, setSending] = useState(false);
  const [tracking, setTracking] = useState<EngagementEventType | null>(null);
  const { shown, more } = shownEvents(data.engagement, data.counts.engagement);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setSending(true);
    const result = await submitTestInquiry(form);
    setSending(false);
    if (!result.ok) {
      onFailure(result);
      return;
    }
    showToast(TEST_MESSAGES.inquirySubmitted);
    onInquiry(result.inquiry);
  };

  const track = async (type: EngagementEventType) => {
    setTracking(type);
    const result = await trackTestEngagement(type);
    setTracking(null);
    if (!result.ok) {
      onFailure(result);
      return;
    }
    showToast(TEST_MESSAGES.engagementTracked(type));
    onEvent(result.event);
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section className={card} aria-labelledby="test-inquiry-title">
          <h2 id="test-inquiry-title" className={heading}>
            Test Inquiry
          </h2>
          <p className="mt-2 text-sm text-muted">
            Stored for the newest test provider, about the test program. Not e-mailed.
          </p>
          <form className="mt-3 flex flex-col gap-3" onSubmit={(e) => void submit(e)}>
            {INQUIRY_FIELDS.map((field) => (
              <div key={field.key}>
                <label htmlFor={`test-inquiry-${field.key}`} className={labelClass}>
                  {field.label}
                </label>
                <input
                  id={`test-inquiry-${field.key}`}
                  type={field.type}
                  autoComplete={field.auto}
                  className={inputClass}
                  value={form[field.key]}
                  onChange={(e) => {
                    setForm({ ...form, [field.key]: e.target.value });
                  }}
                />
              </div>
            ))}
            <div>
              <label htmlFor="test-inquiry-message" className={labelClass}>
                Message
              </label>
              <textarea
                id="test-inquiry-message"
                rows={3}
                className={inputClass}
                value={form.message}
                onChange={(e) => {
                  setForm({ ...form, message: e.target.value });
                }}
              />
            </div>
            <button type="submit" className={primaryButton} disabled={sending}>
              {sending ? 'Submitting…' : 'Submit Test Inquiry'}
            </button>
          </form>
        </section>
        <section className={card} aria-labelledby="test-engagement-title">
          <h2 id="test-engagement-title" className={heading}>
            Test Engagement
          </h2>
          <p className="mt-2 text-sm text-muted">
            Records one event for <code>test-program-001</code>.
          </p>
          <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {ENGAGEMENT_EVENT_TYPES.map((type) => (
              <button
                key={type}
                type="button"
                className={secondaryButton}
                disabled={tracking !== null}
                onClick={() => void track(type)}
              >
                Track {type}
              </button>
            ))}
          </div>
        </section>
      </div>

      <section className={card} aria-labelledby="test-inquiries-title">
        <h2 id="test-inquiries-title" className={heading}>
          Test Inquiries ({data.counts.inquiries})
        </h2>
        {data.inquiries.length === 0 ? (
          <p className="mt-2 text-muted">No test inquiries.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200" aria-label="Test inquiries">
            {data.inquiries.map((i) => (
              <li
                key={i.id}
                className="flex flex-wrap items-start justify-between gap-2 py-3"
                data-test-inquiry
              >
                <div className="min-w-0">
                  <p className="font-semibold">{i.name ?? '(removed)'}</p>
                  <p className="text-sm break-all text-muted">{i.email ?? ''}</p>
                  <p className="text-sm text-muted">
                    {i.type === 'call' ? 'Call request' : 'Info request'} · {i.program_name ?? i.program_id}
                  </p>
                </div>
                <Pill tone={i.status === 'new' ? 'blue' : 'slate'}>{i.status}</Pill>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={card} aria-labelledby="test-events-title">
        <h2 id="test-events-title" className={heading}>
          Test Engagement Events ({data.counts.engagement})
        </h2>
        {shown.length === 0 ? (
          <p className="mt-2 text-muted">No test engagement events.</p>
        ) : (
          <>
            <div
              className="mt-3 overflow-x-auto"
              role="region"
              aria-label="Test engagement events"
              tabIndex={0}
            >
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">Test engagement events, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col" className={eventTh}>
                      Event
                    </th>
                    <th scope="col" className={eventTh}>
                      Program id
                    </th>
                    <th scope="col" className={eventTh}>
                      Time
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((e) => (
                    <tr key={e.id} data-test-event>
                      <th scope="row" className={`${eventTd} font-semibold`}>
                        {e.event_type}
                      </th>
                      <td className={`${eventTd} break-all`}>
                        <code>{e.program_id}</code>
                      </td>
                      <td className={`${eventTd} text-muted`}>{formatDayTime(e.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {more > 0 ? (
              <p className="mt-2 text-sm text-muted" data-testid="events-more">
                and {more} more
              </p>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

export function DataPanel({
  counts,
  onFailure,
  onCleaned,
}: {
  counts: { inquiries: number; engagement: number };
  onFailure: (failure: Failure) => void;
  onCleaned: () => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Message | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  const open = () => {
    setProblem(null);
    dialogRef.current?.showModal();
  };
  const close = () => {
    if (!busy) dialogRef.current?.close();
  };

  const cleanup = async () => {
    setBusy(true);
    setProblem(null);
    const result = await cleanupTestData();
    setBusy(false);
    if (!result.ok) {
      // Said in the dialog, which stays open to try again; signing in again or a refusal leave it.
      if (result.kind === 'error') {
        setProblem(result.message);
        return;
      }
      dialogRef.current?.close();
      onFailure(result);
      return;
    }
    dialogRef.current?.close();
    showToast(TEST_MESSAGES.cleanedUp);
    onCleaned();
  };

  return (
    <div className="flex flex-col gap-6">
      <section className={card} aria-labelledby="cleanup-title">
        <h2 id="cleanup-title" className={heading}>
          Clean Up Test Data
        </h2>
        <p className="mt-2 text-muted">
          Deletes every test inquiry and every engagement event of the test program. Test provider accounts
          and the test program profile are kept.
        </p>
        <button type="button" className={`${dangerButton} mt-4`} onClick={open}>
          Delete Test Inquiries and Engagement…
        </button>
        <dialog
          ref={dialogRef}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-intro`}
          onCancel={(event) => {
            if (busy) event.preventDefault();
          }}
          onClick={(event) => {
            // A click on the backdrop lands on the dialog element itself.
            if (event.target === event.currentTarget) close();
          }}
          className="m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-slate-900/60"
        >
          <div className="flex flex-col gap-4 p-5 sm:p-6" aria-busy={busy}>
            <h2 id={`${id}-title`} className="text-xl font-semibold">
              Delete the test data?
            </h2>
            <div id={`${id}-intro`}>
              <p>This deletes, for good:</p>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="cleanup-summary">
                <li>{countOf(counts.inquiries, 'test inquiry', 'test inquiries')}</li>
                <li>
                  {countOf(counts.engagement, 'engagement event', 'engagement events')} of the test program
                </li>
              </ul>
              <p className="mt-3 text-sm text-muted">
                Test provider accounts and the test program profile are kept.
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
              <button type="button" onClick={close} disabled={busy} className={secondaryBusyButton}>
                Cancel
              </button>
              <button type="button" onClick={() => void cleanup()} disabled={busy} className={dangerButton}>
                {busy ? 'Deleting…' : 'Delete test data'}
              </button>
            </div>
          </div>
        </dialog>
      </section>
      <section className={card} aria-labelledby="admin-notes-title">
        <h2 id="admin-notes-title" className={heading}>
          Admin Access
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-muted">
          <li>
            Only administrators can open this page and use <code>/api/test-tools/*</code>; the server checks
            the role in the database on every request. Others see “Not allowed”.
          </li>
          <li>
            Test data never reaches the public directory, search, the sitemap or the admin overview totals.
          </li>
          <li>
            Test providers are real accounts with an unreachable <code>.invalid</code> address and no
            password; an administrator removes them from the database if ever needed.
          </li>
          <li>
            To make another person an administrator: <code>npm run admin:grant -- person@example.org</code>.
          </li>
        </ul>
      </section>
    </div>
  );
}
