/**
 * Drains the `notifications` outbox (migration 20261122001300_admin_decisions.sql): the e-mails
 * about administrator decisions, written by database triggers whoever decided (/api/admin or
 * Supabase Studio).
 *
 * Called right after a decision through /api/admin, every 5 minutes by the scheduled function
 * `notifications-drain`, and every minute by `npm start`. Each call claims rows with
 * `private.claim_notifications` (two drains at once never get the same row), sends the
 * templated e-mail, and marks the row sent; a failed send is retried with backoff (2^attempts
 * minutes, capped at an hour) and failed after the last try, which alerts the site inbox
 * (migration 20261125000100_message_outbox.sql). Each drain also sends the outbox's e-mails about
 * requests and the alerts (`sendMessages`, message-outbox.ts). A listing approval also asks for a
 * rebuild, kept in `pending_rebuild` until a build containing it succeeded (publishing.ts: a failed
 * hook call or build is asked for again by a later drain).
 */
import { withService } from './db.ts';
import { sendMail } from './mailer.ts';
import { sendMessages } from './message-outbox.ts';
import { askForRebuild, requestRebuildForDecisions, type RebuildResult } from './publishing.ts';

export type NotificationKind =
  | 'verification_approved'
  | 'verification_rejected'
  | 'listing_approved'
  | 'listing_rejected'
  | 'listing_unpublished'
  | 'listing_republished'
  | 'listing_withdrawn';

/** A claimed row with what its e-mail needs (the columns of `private.claim_notifications`). */
export interface ClaimedNotification {
  id: string;
  kind: NotificationKind;
  provider_id: string;
  subject_id: string;
  notes: string | null;
  attempts: number;
  provider_email: string;
  organization_name: string;
  contact_name: string;
  center_name: string | null;
  published_program_id: string | null;
  /** The listing's published version: live, unpublished, withdrawn, or null when never published. */
  publication_state: string | null;
}

export interface DrainResult {
  claimed: number;
  sent: number;
  failed: number;
  /** Outcome of the rebuild request, when a listing approval was among the sent ones. */
  rebuild: RebuildResult | 'failed' | null;
}

/**
 * What an approval e-mail says about the two trust facts (docs/product-rules.md#what-the-badges-mean),
 * read when it is sent: is the provider a Verified provider, and does it have a live listing (only
 * then do its pages show the badge).
 */
async function providerTrust(providerId: string): Promise<{ verified: boolean; live: boolean }> {
  const [row] = await withService(
    (tx) => tx<{ verified: boolean; live: boolean }[]>`
      select p.verification_status = 'verified' as verified,
             exists (select 1 from public.listing_publications lp
                     where lp.provider_id = p.id and lp.state = 'live') as live
      from public.providers p
      where p.id = ${providerId}`,
  );
  return row ?? { verified: false, live: false };
}

/** Sends the e-mail of one notification. */
async function send(n: ClaimedNotification): Promise<void> {
  const decision = n.kind.endsWith('_approved') ? 'approved' : 'rejected';
  if (n.kind.startsWith('verification_')) {
    await sendMail('verificationDecision', {
      to: n.provider_email,
      organizationName: n.organization_name,
      decision,
      notes: n.notes,
      ...(decision === 'approved' ? { hasLiveListing: (await providerTrust(n.provider_id)).live } : {}),
    });
  } else if (
    n.kind === 'listing_unpublished' ||
    n.kind === 'listing_withdrawn' ||
    n.kind === 'listing_republished'
  ) {
    await sendMail('listingPublication', {
      to: n.provider_email,
      organizationName: n.organization_name,
      centerName: n.center_name ?? '',
      change:
        n.kind === 'listing_unpublished'
          ? 'unpublished'
          : n.kind === 'listing_withdrawn'
            ? 'withdrawn'
            : 'republished',
      reason: n.notes,
      programId: n.published_program_id,
    });
  } else {
    await sendMail('listingDecision', {
      to: n.provider_email,
      organizationName: n.organization_name,
      centerName: n.center_name ?? '',
      decision,
      notes: n.notes,
      programId: n.published_program_id,
      publishedStays: decision === 'rejected' && n.publication_state === 'live',
      ...(decision === 'approved' ? { providerVerified: (await providerTrust(n.provider_id)).verified } : {}),
    });
  }
}

/**
 * Claims up to `limit` unsent notifications, sends each, marks it sent (or records the error).
 * Never throws for a failed e-mail or build hook; throws only when the database is unreachable.
 */
export async function drainNotifications(limit = 50): Promise<DrainResult> {
  const claimed = await withService(
    (tx) => tx<ClaimedNotification[]>`select * from private.claim_notifications(${limit})`,
  );
  const result: DrainResult = { claimed: claimed.length, sent: 0, failed: 0, rebuild: null };
  for (const n of claimed) {
    try {
      await send(n);
    } catch (error) {
      result.failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[notifications] ${n.kind} ${n.id}: ${message}`);
      await withService((tx) => tx`select private.mark_notification_failed(${n.id}, ${message})`);
      continue;
    }
    await withService((tx) => tx`select private.mark_notification_sent(${n.id})`);
    result.sent += 1;
  }
  // The e-mails about requests (inquiries, contact messages) and the delivery alerts.
  const messages = await sendMessages({ limit });
  result.claimed += messages.claimed;
  result.sent += messages.sent;
  result.failed += messages.failed;
  // The directory changes whether or not the e-mails went out.
  await requestRebuildForDecisions(claimed);
  result.rebuild = await askForPendingRebuild();
  return result;
}

/**
 * Asks for a build of what is not yet published (this drain's request, one that waited for the
 * build under way or the interval, one whose hook call or build failed): `askForRebuild` in
 * publishing.ts, which starts at most one build at a time, at most once per interval, and retries a
 * failed build after its backoff. Null when everything is published.
 */
async function askForPendingRebuild(): Promise<DrainResult['rebuild']> {
  return askForRebuild();
}
