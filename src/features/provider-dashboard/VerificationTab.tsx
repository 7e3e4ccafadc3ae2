import { useId, useRef, useState, type SubmitEvent } from 'react';
import {
  verificationBadge,
  verificationDocumentsErrors,
  type VerificationBadge,
} from '../../lib/provider-rules.ts';
import { showToast } from '../../ui/toasts/store.ts';
import type { DashboardResponse, VerificationRequest } from '../../api/contracts/providers.ts';
import { requestVerification, type Failure } from './api.ts';
import { Pill, type Tone } from '../../ui/Pill.tsx';
import { badgeTone } from './badge-tone.ts';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { primaryButton, secondaryButton } from '../../ui/buttons.ts';
import { inputClass } from '../../ui/fields.tsx';
import { formatDay } from '../../ui/format.ts';
import { HOW_WE_VERIFY_PATH, TRUST } from '../../lib/trust.ts';

const EXPLANATION: Record<VerificationBadge, string> = {
  Verified: `Your organization is a ${TRUST.verified.badge}: the site team checked its identity, state license and documents. Families see “${TRUST.verified.badge}” with that date on your published programs.`,
  'Pending Review':
    'Your request is with our team. Verification takes 2–3 business days; we e-mail you when it is decided.',
  'Needs Updates':
    'Our reviewers need more from you. Read their notes below, then send a new request with the documents they ask for.',
  'Not Verified': `Send a verification request listing the documents you can provide (for example your state license and accreditation certificates). The site team checks your identity, state license and documents within 2–3 business days; once approved, your published programs show “${TRUST.verified.badge}”.`,
};

const REQUEST_LABEL: Record<VerificationRequest['status'], { label: string; tone: Tone }> = {
  pending: { label: 'Pending review', tone: 'amber' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Needs updates', tone: 'red' },
};

type Props = {
  data: DashboardResponse;
  onRequested: (request: VerificationRequest) => void;
  onFailure: (failure: Failure) => void;
};

export function VerificationTab({ data, onRequested, onFailure }: Props) {
  const status = data.verification.status;
  const badge = verificationBadge(status);
  const canRequest = status !== 'verified' && status !== 'pending';
  return (
    <div className="flex flex-col gap-6">
      <section className={card} aria-labelledby="verification-state-title">
        <SectionTitle id="verification-state-title">Verification status</SectionTitle>
        <p className="mt-3">
          <Pill tone={badgeTone(badge)}>{badge}</Pill>
        </p>
        <p className="mt-3 text-muted">{EXPLANATION[badge]}</p>
        <p className="mt-2 text-sm">
          <a href={HOW_WE_VERIFY_PATH} className="font-semibold text-brand-700 underline underline-offset-2">
            {TRUST.linkText}
          </a>
        </p>
      </section>
      {canRequest ? <RequestForm onRequested={onRequested} onFailure={onFailure} /> : null}
      <section className={card} aria-labelledby="verification-history-title">
        <SectionTitle id="verification-history-title">Your requests</SectionTitle>
        {data.verification.requests.length === 0 ? (
          <p className="mt-3 text-muted">You have not sent a verification request yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-200">
            {data.verification.requests.map((r) => (
              <li key={r.id} className="py-4">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">Sent {formatDay(r.requested_at)}</span>
                  <Pill tone={REQUEST_LABEL[r.status].tone}>{REQUEST_LABEL[r.status].label}</Pill>
                  {r.reviewed_at ? (
                    <span className="text-sm text-muted">decided {formatDay(r.reviewed_at)}</span>
                  ) : null}
                </p>
                <p className="mt-2 text-sm font-medium">Documents</p>
                <ul className="mt-1 list-disc pl-6 text-sm">
                  {r.documents_submitted.map((d, i) => (
                    <li key={i} className="break-words">
                      {d}
                    </li>
                  ))}
                </ul>
                {r.reviewer_notes ? (
                  <div className="mt-3 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm">
                    <p className="font-semibold">Reviewer notes</p>
                    <p className="mt-1 whitespace-pre-line break-words">{r.reviewer_notes}</p>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function RequestForm({
  onRequested,
  onFailure,
}: {
  onRequested: (request: VerificationRequest) => void;
  onFailure: (failure: Failure) => void;
}) {
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const [documents, setDocuments] = useState<string[]>(['']);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);

  const focusEntry = (index: number) => {
    requestAnimationFrame(() => {
      listRef.current?.querySelectorAll<HTMLInputElement>('input')[index]?.focus();
    });
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const problems = verificationDocumentsErrors(documents);
    if (problems[0]) {
      setError(problems[0].description);
      showToast({ ...problems[0], variant: 'destructive' });
      focusEntry(0);
      return;
    }
    setError(null);
    setSending(true);
    const result = await requestVerification(documents.map((d) => d.trim()).filter((d) => d !== ''));
    setSending(false);
    if (!result.ok) {
      if (result.kind === 'error' && result.fields) setError(Object.values(result.fields)[0] ?? null);
      onFailure(result);
      return;
    }
    showToast({
      title: 'Verification Request Submitted',
      description: 'We review requests within 2–3 business days and will e-mail you the outcome.',
    });
    onRequested(result.request);
  };

  return (
    <section className={card} aria-labelledby={`${baseId}-title`}>
      <SectionTitle id={`${baseId}-title`}>Request verification</SectionTitle>
      <form className="mt-3" noValidate onSubmit={(e) => void submit(e)}>
        <fieldset>
          <legend className="text-sm font-medium">Documents you can provide</legend>
          <p className="mt-1 text-sm text-muted" id={`${baseId}-hint`}>
            One per line, for example “State license #12345” or “Joint Commission certificate”. Our team will
            ask for the files.
          </p>
          <ol className="mt-3 flex flex-col gap-2" ref={listRef}>
            {documents.map((doc, index) => (
              <li key={index} className="flex items-end gap-2">
                <div className="grow">
                  <label htmlFor={`${baseId}-doc-${index}`} className="sr-only">
                    Document {index + 1}
                  </label>
                  <input
                    id={`${baseId}-doc-${index}`}
                    className={inputClass}
                    value={doc}
                    maxLength={500}
                    aria-invalid={error !== null && index === 0}
                    aria-describedby={
                      error !== null && index === 0 ? `${errorId} ${baseId}-hint` : `${baseId}-hint`
                    }
                    onChange={(e) => {
                      const next = [...documents];
                      next[index] = e.target.value;
                      setDocuments(next);
                    }}
                  />
                </div>
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={documents.length === 1}
                  aria-label={`Remove document ${index + 1}`}
                  onClick={() => {
                    setDocuments(documents.filter((_, i) => i !== index));
                    focusEntry(Math.max(0, index - 1));
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
          </ol>
          {error ? (
            <p id={errorId} className="mt-2 text-sm font-medium text-red-800" role="alert">
              {error}
            </p>
          ) : null}
        </fieldset>
        <div className="mt-4 flex flex-wrap gap-3">
          <button
            type="button"
            className={secondaryButton}
            disabled={documents.length >= 50}
            onClick={() => {
              setDocuments([...documents, '']);
              focusEntry(documents.length);
            }}
          >
            Add document
          </button>
          <button type="submit" className={primaryButton} disabled={sending} aria-busy={sending}>
            {sending ? 'Submitting…' : 'Submit verification request'}
          </button>
        </div>
      </form>
    </section>
  );
}
