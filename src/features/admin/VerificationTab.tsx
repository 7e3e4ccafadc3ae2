import { useId, useState } from 'react';
import { showToast } from '../../ui/toasts/store.ts';
import { Pill } from '../../ui/Pill.tsx';
import { card, SectionTitle } from '../../ui/boxes.tsx';
import { inputClass, labelClass } from '../../ui/fields.tsx';
import { formatDay } from '../../ui/format.ts';
import type { AdminVerificationRequest } from '../../api/contracts/admin.ts';
import {
  decideVerification,
  loadVerificationRequest,
  loadVerificationRequests,
  type Failure,
} from './api.ts';
import { ChangedSince } from './ChangedSince.tsx';
import { isChangedSinceOpened, requestChangesSinceOpened } from './changes.ts';
import { DecisionPanel } from './DecisionPanel.tsx';
import { FileButton } from './FileButton.tsx';
import { Decided, ListState, Row, useQueue } from './parts.tsx';
import {
  decisionLabel,
  uploadPath,
  VERIFICATION_FILTERS,
  verificationLabel,
  type VerificationFilter,
} from './rules.ts';

/** The verification queue: pending first; Approve / Reject with notes. */
export function VerificationTab({ onFailure }: { onFailure: (failure: Failure) => void }) {
  const filterId = useId();
  const { filter, setFilter, load, refresh, replace } = useQueue<
    AdminVerificationRequest,
    VerificationFilter
  >(loadVerificationRequests, 'pending', onFailure);

  return (
    <section className="flex flex-col gap-4" aria-labelledby="verification-queue-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SectionTitle id="verification-queue-title">Verification requests</SectionTitle>
        <div className="w-full sm:w-56">
          <label htmlFor={filterId} className={labelClass}>
            Show
          </label>
          <select
            id={filterId}
            className={inputClass}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as VerificationFilter);
            }}
          >
            {VERIFICATION_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListState
        load={load}
        empty={filter === 'pending' ? 'No verification requests are waiting.' : 'No verification requests.'}
        count={load.state === 'ready' ? load.items.length : 0}
        noun={['request', 'requests']}
        onRetry={() => void refresh(filter)}
      />
      {load.state === 'ready' && load.items.length > 0 ? (
        <ul className="flex flex-col gap-4" data-testid="verification-requests">
          {load.items.map((r) => (
            <li key={r.id}>
              <RequestCard request={r} onDecided={replace} onFailure={onFailure} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function RequestCard({
  request,
  onDecided,
  onFailure,
}: {
  request: AdminVerificationRequest;
  onDecided: (request: AdminVerificationRequest) => void;
  onFailure: (failure: Failure) => void;
}) {
  const { provider } = request;
  const [justDecided, setJustDecided] = useState(false);
  // After a decision was refused because the request changed: the version on screen then, and why.
  const [opened, setOpened] = useState<{ request: AdminVerificationRequest; message: string } | null>(null);
  const status = decisionLabel(request.status);
  const providerState = verificationLabel(provider.verification_status);
  return (
    <article className={card} aria-labelledby={`request-${request.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`request-${request.id}`} className="text-lg font-semibold break-words">
          {provider.organization_name}
        </h3>
        <Pill tone={status.tone}>{status.label}</Pill>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-0.5 sm:grid-cols-[max-content_1fr] sm:gap-y-2">
        <Row term="Contact">{provider.contact_name || 'Not given'}</Row>
        <Row term="E-mail">
          <span className="break-all">{provider.email}</span>
        </Row>
        {provider.phone ? <Row term="Phone">{provider.phone}</Row> : null}
        <Row term="Submitted">{formatDay(request.requested_at)}</Row>
        <Row term="Provider status">
          <Pill tone={providerState.tone}>{providerState.label}</Pill>
        </Row>
        <Row term="Documents listed">
          <ul className="list-disc pl-5">
            {request.documents_submitted.map((d, i) => {
              const path = uploadPath(d);
              return (
                <li key={i} className="break-words">
                  {path ? (
                    <FileButton
                      path={path}
                      name="document"
                      label={`document ${String(i + 1)}`}
                      onFailure={onFailure}
                    />
                  ) : (
                    d
                  )}
                </li>
              );
            })}
          </ul>
        </Row>
        <Row term="License files">
          {request.license_uploads.length === 0 ? (
            'None uploaded'
          ) : (
            <ul className="flex flex-col items-start gap-2">
              {request.license_uploads.map((u) => (
                <li key={u.id} className="max-w-full">
                  <FileButton
                    path={u.url}
                    name={u.original_name}
                    label={u.original_name}
                    onFailure={onFailure}
                  />
                </li>
              ))}
            </ul>
          )}
        </Row>
      </dl>
      {opened !== null ? (
        <ChangedSince
          id={request.id}
          message={opened.message}
          changes={requestChangesSinceOpened(opened.request, request)}
        />
      ) : null}
      <div className="mt-4">
        {request.status === 'pending' ? (
          <DecisionPanel
            itemName={provider.organization_name}
            revision={request.revision}
            onFailure={onFailure}
            onDecide={async (input) => {
              const result = await decideVerification(request.id, input);
              if (!result.ok) {
                if (isChangedSinceOpened(result) && result.kind === 'error') {
                  const fresh = await loadVerificationRequest(request.id);
                  if (fresh.ok) {
                    setOpened({ request, message: result.message.description });
                    onDecided(fresh.value);
                  } else onFailure(fresh);
                }
                return result;
              }
              setOpened(null);
              setJustDecided(true);
              onDecided(result.value);
              showToast(
                result.value.status === 'approved'
                  ? {
                      title: 'Verification Approved',
                      description: `${provider.organization_name} is now verified. The provider has been e-mailed.`,
                    }
                  : {
                      title: 'Verification Rejected',
                      description: `${provider.organization_name} was sent your notes by e-mail.`,
                    },
              );
              return null;
            }}
          />
        ) : (
          <Decided
            status={request.status}
            reviewedAt={request.reviewed_at}
            notes={request.reviewer_notes}
            focus={justDecided}
          />
        )}
      </div>
    </article>
  );
}
