/**
 * The e-mails about stored requests, through the `notifications` outbox (migration
 * 20261125000100_message_outbox.sql): a family's request to a program (`inquiry`), its
 * confirmation with the private status link (`inquiry_confirmation`), a contact-page message
 * (`contact`), the family's e-mail when the program changes the status of their request
 * (`inquiry_status`, queued by the database in the transaction of the change: migration
 * 20261126000400_request_follow_through.sql), and the alert to the site inbox when any outbox
 * e-mail failed its last try (`delivery_failed`); and the rejections of a review or a response
 * (`review_rejected`, `review_response_rejected`: queued by the database with the decision,
 * migration 20261126000500_reviews.sql).
 *
 * - `queueMessages(tx, …)` writes the rows inside the handler's own transaction, right after the
 *   request's row: both commit or neither does, so a stored request always has its e-mails queued.
 * - `sendMessages({ ids })` sends those rows right after the commit (the handler; best effort),
 *   and `sendMessages()` every due row (the notifications drain: scheduled, and after requests and
 *   decisions). A failed try is retried with backoff; after the last one the row is failed and a
 *   `delivery_failed` alert is queued (all decided in SQL by `private.mark_notification_failed`).
 *   A sent or failed row loses its payload (the status link's token among it).
 */
import { randomUUID } from 'node:crypto';
import { withArticle } from '../../../src/lib/articles.ts';
import { withService, type Tx } from './db.ts';
import type { TemplateData } from './mail-templates.ts';
import { sendMail } from './mailer.ts';
import { responseRejectedMail, reviewRejectedMail } from './review-queries.ts';

export type MessageKind =
  | 'inquiry'
  | 'inquiry_confirmation'
  | 'inquiry_status'
  | 'contact'
  | 'delivery_failed'
  | 'review_rejected'
  | 'review_response_rejected';

/** One e-mail to queue with a stored request; `subjectId` is that request's id. */
export type NewMessage =
  | {
      kind: 'inquiry';
      subjectId: string;
      recipient: 'program' | 'site_team';
      payload: TemplateData['inquiry'];
    }
  | {
      kind: 'inquiry_confirmation';
      subjectId: string;
      recipient: 'family';
      payload: TemplateData['inquiryConfirmation'];
    }
  | { kind: 'contact'; subjectId: string; recipient: 'site_team'; payload: TemplateData['contact'] };

/** A claimed row (the columns of `private.claim_messages`). */
export interface ClaimedMessage {
  id: string;
  kind: MessageKind;
  subject_id: string;
  recipient: string;
  payload: Record<string, unknown> | null;
  attempts: number;
}

/** What `private.mark_notification_failed` puts in a `delivery_failed` row's payload. */
interface AlertPayload {
  failed_kind: string;
  recipient: string | null;
  about: string;
  attempts: number;
  last_error: string | null;
  queued_at: string;
  message: Record<string, unknown>;
  provider: { email: string; organization_name: string } | null;
}

export interface SendResult {
  claimed: number;
  sent: number;
  failed: number;
}

/**
 * Queues `messages` in the transaction `tx` of the request they belong to, after its insert (which
 * ran as the sender, under RLS). The rest of the transaction runs as `service_role`: no API role
 * may write the outbox. Returns the new rows' ids, for `sendMessages({ ids })` after the commit.
 */
export async function queueMessages(tx: Tx, messages: readonly NewMessage[]): Promise<string[]> {
  const rows = messages.map((m) => ({
    id: randomUUID(),
    kind: m.kind,
    subject_id: m.subjectId,
    recipient: m.recipient,
    payload: m.payload,
  }));
  await tx`select set_config('role', 'service_role', true), set_config('request.jwt.claims', '', true)`;
  await tx`
    insert into public.notifications (id, kind, subject_id, recipient, payload)
    select id, kind, subject_id, recipient, payload
    from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb)
      as r(id uuid, kind text, subject_id uuid, recipient text, payload jsonb)`;
  return rows.map((r) => r.id);
}

/** How many e-mails one call sends at the same time. */
const CONCURRENCY = 4;

/**
 * Claims due request e-mails and alerts (only `ids` when given), sends each, and marks it sent or
 * failed. Never throws for a failed e-mail; throws only when the database is unreachable.
 */
export async function sendMessages(
  options: { limit?: number; ids?: readonly string[] } = {},
): Promise<SendResult> {
  const { limit = 50, ids } = options;
  if (ids?.length === 0) return { claimed: 0, sent: 0, failed: 0 };
  const claimed = await withService(
    (tx) => tx<ClaimedMessage[]>`
      select * from private.claim_messages(${limit}, ${ids ? [...ids] : null}::uuid[])`,
  );
  const result: SendResult = { claimed: claimed.length, sent: 0, failed: 0 };
  for (let i = 0; i < claimed.length; i += CONCURRENCY) {
    await Promise.all(
      claimed.slice(i, i + CONCURRENCY).map(async (m) => {
        if (await sendOne(m)) result.sent += 1;
        else result.failed += 1;
      }),
    );
  }
  return result;
}

/**
 * Sends the status e-mails the database queued for the request `inquiryId` (kind
 * `inquiry_status`), right after the status change committed. Best effort like the others: what
 * is not sent now is retried by the drain.
 */
export async function sendStatusMessages(inquiryId: string): Promise<SendResult> {
  const rows = await withService(
    (tx) => tx<{ id: string }[]>`
      select id from public.notifications
      where subject_id = ${inquiryId} and kind = 'inquiry_status' and sent_at is null and failed_at is null`,
  );
  return sendMessages({ ids: rows.map((r) => r.id) });
}

/** Sends one claimed row and records the outcome; true when it was sent. */
async function sendOne(m: ClaimedMessage): Promise<boolean> {
  try {
    await send(m);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[outbox] ${m.kind} ${m.id} (try ${String(m.attempts)}): ${message}`);
    await withService((tx) => tx`select private.mark_notification_failed(${m.id}, ${message})`);
    return false;
  }
  await withService((tx) => tx`select private.mark_notification_sent(${m.id})`);
  return true;
}

/** Renders and sends the e-mail of one row from its payload. */
async function send(m: ClaimedMessage): Promise<void> {
  const payload = m.payload;
  if (payload === null) throw new Error('The message has no payload left to send.');
  switch (m.kind) {
    case 'inquiry':
      await sendMail('inquiry', payload as unknown as TemplateData['inquiry']);
      return;
    case 'inquiry_confirmation':
      await sendMail('inquiryConfirmation', payload as unknown as TemplateData['inquiryConfirmation']);
      return;
    case 'inquiry_status':
      await sendMail('inquiryStatus', payload as unknown as TemplateData['inquiryStatus']);
      return;
    case 'contact':
      await sendMail('contact', payload as unknown as TemplateData['contact']);
      return;
    case 'delivery_failed':
      await sendMail('deliveryFailed', alertOf(payload as unknown as AlertPayload));
      return;
    // Queued by the database with a moderator's rejection (migration 20261126000500_reviews.sql).
    case 'review_rejected':
      await sendMail('reviewRejected', await reviewRejectedMail(payload));
      return;
    case 'review_response_rejected':
      await sendMail('reviewResponseRejected', await responseRejectedMail(payload));
      return;
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const DECISIONS: Record<string, string> = {
  verification_approved: 'verification approval',
  verification_rejected: 'verification decision (needs updates)',
  listing_approved: 'listing approval',
  listing_rejected: 'listing decision (needs updates)',
};

/** The alert e-mail's content for a failed row (what it would have said, never a status link). */
export function alertOf(alert: AlertPayload): TemplateData['deliveryFailed'] {
  const m = alert.message;
  const tries: [string, string][] = [
    ['Tries', String(alert.attempts)],
    ['Last error', alert.last_error ?? 'unknown'],
    ['First queued', alert.queued_at],
  ];
  const request = m['type'] === 'call' ? 'call request' : 'information request';
  const programName = text(m['programName']) ?? 'a program';
  switch (alert.failed_kind) {
    case 'inquiry':
      return {
        what: `${request} for ${programName}`,
        action:
          "A family's request could not be e-mailed. Please forward it to the program by hand and mark it contacted; the family's status page tells them the site team is forwarding it.",
        details: [
          ['Program', programName],
          ['Tried to send to', text(m['to'])],
          ['Request id', alert.about],
          ['Name', text(m['name'])],
          ['E-mail', text(m['email'])],
          ['Phone', text(m['phone'])],
          ...tries,
        ],
        message: text(m['message']),
        replyTo: text(m['email']),
      };
    case 'inquiry_confirmation':
      return {
        what: `confirmation of ${withArticle(request)} to ${programName}`,
        action:
          'The family did not get the confirmation of their request (their request itself is stored and was sent to the program separately). You may want to reach them another way.',
        details: [
          ['Program', programName],
          ['Request id', alert.about],
          ['Name', text(m['name'])],
          ['E-mail', text(m['to'])],
          ...tries,
        ],
        replyTo: text(m['to']),
      };
    case 'inquiry_status':
      return {
        what: `status update (${text(m['status']) ?? 'changed'}) of ${withArticle(request)} to ${programName}`,
        action:
          'The family was not told by email that the program changed the status of their request. Their status page shows the new status; you may want to let them know another way.',
        details: [
          ['Program', programName],
          ['Request id', alert.about],
          ['Name', text(m['name'])],
          ['E-mail', text(m['to'])],
          ...tries,
        ],
        replyTo: text(m['to']),
      };
    case 'review_rejected':
    case 'review_response_rejected':
      return {
        what: `${alert.failed_kind === 'review_rejected' ? "reviewer's" : "provider's"} notice that a ${alert.failed_kind === 'review_rejected' ? 'review' : 'response to a review'} of ${text(m['programId']) ?? 'a program'} was not published`,
        action:
          'The moderator’s decision is saved, but the author was not told by email which rule of the review policy it breaks. You may want to let them know another way.',
        details: [
          ['Program', text(m['programId'])],
          ['Rule', text(m['rule'])],
          ['E-mail', text(m['to'])],
          ['Decided row', alert.about],
          ...tries,
        ],
        replyTo: text(m['to']),
      };
    case 'contact':
      return {
        what: `contact form message "${text(m['subject']) ?? ''}"`,
        action:
          'A contact-page message could not be e-mailed to this inbox. It is stored in contact_messages.',
        details: [
          ['Message id', alert.about],
          ['Name', text(m['name'])],
          ['E-mail', text(m['email'])],
          ['Phone', text(m['phone'])],
          ['Subject', text(m['subject'])],
          ...tries,
        ],
        message: text(m['message']),
        replyTo: text(m['email']),
      };
    default:
      return {
        what: `${DECISIONS[alert.failed_kind] ?? alert.failed_kind} e-mail to ${alert.provider?.organization_name ?? 'a provider'}`,
        action:
          'An e-mail about an administrator decision could not be sent. The decision itself is saved; please let the provider know.',
        details: [
          ['Provider', alert.provider?.organization_name],
          ['E-mail', alert.provider?.email],
          ['Decided row', alert.about],
          ...tries,
        ],
        replyTo: alert.provider?.email ?? null,
      };
  }
}
