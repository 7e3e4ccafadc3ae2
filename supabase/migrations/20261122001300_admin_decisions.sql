-- Administrator decisions on verification requests and listings, and their e-mails
-- (docs/product-rules.md#verification and docs/product-rules.md#listings-and-review).
--
-- A decision is ONE row change, whoever makes it (the /api/admin endpoints, or a person in
-- Supabase Studio): a verification request's or a listing's `status` goes from `pending` to
-- `approved` or `rejected`, with `reviewer_notes`. What follows lives here, not in a page:
--   * who decided and when: `reviewed_at` / `reviewer_id` (requests, private.check_verification_decision
--     in 0400) and `reviewed_at` / `reviewed_by` (listings, private.guard_listing in 0300);
--   * the provider's `verification_status`, `verified_at`, `verified_by`
--     (private.apply_verification_request in 0400, reused as is);
--   * NEW here: one row in the `notifications` outbox per decision, written by the triggers below.
-- The outbox is drained by the server (netlify/functions/_shared/notifications.ts: right after a
-- decision made through /api/admin, every 5 minutes by the scheduled function
-- netlify/functions/notifications-drain.mts, every minute under `npm start`): it claims rows with
-- private.claim_notifications(), sends the templated e-mail and marks each one sent.

-- ---- notifications (outbox) -----------------------------------------------------------------------
create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  kind text not null constraint notifications_kind_check check (
    kind in ('verification_approved', 'verification_rejected', 'listing_approved', 'listing_rejected')
  ),
  provider_id uuid not null references public.providers (id) on delete cascade,
  -- The decided row: a provider_verification_requests.id or a provider_listings.id (by `kind`).
  subject_id uuid not null,
  -- The reviewer's notes as they were at the decision (the e-mail quotes them).
  notes text constraint notifications_notes_check check (length(notes) <= 5000),
  created_at timestamptz not null default now(),
  -- Set by a drain that took the row; another drain skips it for 5 minutes (then it is retried).
  claimed_at timestamptz,
  -- Set once the e-mail was handed to the mail transport: the row is never sent again.
  sent_at timestamptz,
  -- How many drains took the row; after 10 it is left alone (last_error says why).
  attempts integer not null default 0 constraint notifications_attempts_check check (attempts >= 0),
  last_error text constraint notifications_last_error_check check (length(last_error) <= 2000)
);
comment on table public.notifications is
  'Outbox of e-mails about administrator decisions, written by triggers, sent by the server. No API access.';
comment on column public.notifications.subject_id is
  'The decided provider_verification_requests.id (verification_*) or provider_listings.id (listing_*).';

-- What a drain looks for: unsent rows, oldest first.
create index notifications_unsent_idx on public.notifications (created_at) where sent_at is null;
create index notifications_provider_id_idx on public.notifications (provider_id);
create index notifications_subject_id_idx on public.notifications (subject_id);

-- No policy at all: anon and authenticated (families, providers, administrators alike) neither
-- read nor write the outbox; only the owner (postgres, Studio) and service_role (the server,
-- which bypasses RLS) do. Notes reach a provider through their e-mail and the decided row itself.
revoke all on table public.notifications from anon, authenticated;
alter table public.notifications enable row level security;

-- ---- triggers: one notification per decision ---------------------------------------------------
-- After a verification request's status changes into approved or rejected. Security definer:
-- the deciding administrator has no right on the outbox. A request is decided once
-- (private.check_verification_decision refuses a second decision), so this fires once per request.
create function private.notify_verification_decision() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.status in ('approved', 'rejected') and old.status is distinct from new.status then
    insert into public.notifications (kind, provider_id, subject_id, notes)
    values ('verification_' || new.status, new.provider_id, new.id, new.reviewer_notes);
  end if;
  return null;
end;
$$;
comment on function private.notify_verification_decision() is
  'Writes the verification_approved / verification_rejected notification of a decided request.';
revoke execute on function private.notify_verification_decision() from public, anon, authenticated;

create trigger provider_verification_requests_notify
  after update of status on public.provider_verification_requests
  for each row execute function private.notify_verification_decision();

-- After a listing's status changes into approved or rejected. A listing edited by its provider
-- goes back to pending (private.guard_listing), so a later decision is a new decision with its
-- own notification. Inserting an already-approved listing (the seed) notifies nobody.
create function private.notify_listing_decision() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.status in ('approved', 'rejected') and old.status is distinct from new.status then
    insert into public.notifications (kind, provider_id, subject_id, notes)
    values ('listing_' || new.status, new.provider_id, new.id, new.reviewer_notes);
  end if;
  return null;
end;
$$;
comment on function private.notify_listing_decision() is
  'Writes the listing_approved / listing_rejected notification of a decided listing.';
revoke execute on function private.notify_listing_decision() from public, anon, authenticated;

create trigger provider_listings_notify
  after update of status on public.provider_listings
  for each row execute function private.notify_listing_decision();

-- ---- draining -----------------------------------------------------------------------------------
-- Takes up to p_limit (1..100) unsent notifications for one drain and returns them with what the
-- e-mail needs. `for update skip locked` plus the claim itself make two drains running at the
-- same time take disjoint rows: a row locked by one is skipped by the other, and a row claimed
-- in the last 5 minutes is not taken again (after that it is, so a drain that died mid-way does
-- not lose it). Each claim counts an attempt; rows with 10 attempts are left for an operator.
create function private.claim_notifications(p_limit integer default 20)
returns table (
  id uuid,
  kind text,
  provider_id uuid,
  subject_id uuid,
  notes text,
  attempts integer,
  provider_email text,
  organization_name text,
  contact_name text,
  center_name text,
  published_program_id text
)
language sql volatile security definer
set search_path = ''
as $$
  with claimed as (
    update public.notifications n
    set claimed_at = now(), attempts = n.attempts + 1
    where n.id in (
      select c.id from public.notifications c
      where c.sent_at is null
        and (c.claimed_at is null or c.claimed_at < now() - interval '5 minutes')
        and c.attempts < 10
      order by c.created_at, c.id
      for update skip locked
      limit greatest(1, least(coalesce(p_limit, 20), 100))
    )
    returning n.*
  )
  select c.id, c.kind, c.provider_id, c.subject_id, c.notes, c.attempts,
         p.email, p.organization_name, p.contact_name, l.center_name, l.published_program_id
  from claimed c
  join public.providers p on p.id = c.provider_id
  left join public.provider_listings l on l.id = c.subject_id and c.kind like 'listing_%'
  order by c.id;
$$;
comment on function private.claim_notifications(integer) is
  'Claims up to p_limit unsent notifications for one drain (never the same row to two drains at once).';
revoke execute on function private.claim_notifications(integer) from public, anon, authenticated;
grant execute on function private.claim_notifications(integer) to service_role;

-- The e-mail of a claimed notification was sent: it is never sent again.
create function private.mark_notification_sent(p_id uuid) returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.notifications set sent_at = now(), last_error = null
  where id = p_id and sent_at is null;
$$;
comment on function private.mark_notification_sent(uuid) is 'Marks a claimed notification as sent.';
revoke execute on function private.mark_notification_sent(uuid) from public, anon, authenticated;
grant execute on function private.mark_notification_sent(uuid) to service_role;

-- Sending failed: the error is kept and the claim stays, so the row is retried by a drain after
-- the 5-minute claim has expired (not in a tight loop by the drain that just failed).
create function private.mark_notification_failed(p_id uuid, p_error text) returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.notifications set last_error = left(coalesce(p_error, 'unknown error'), 2000)
  where id = p_id and sent_at is null;
$$;
comment on function private.mark_notification_failed(uuid, text) is
  'Records why sending a claimed notification failed; it is retried after its claim expires.';
revoke execute on function private.mark_notification_failed(uuid, text) from public, anon, authenticated;
grant execute on function private.mark_notification_failed(uuid, text) to service_role;
