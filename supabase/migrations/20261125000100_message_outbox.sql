-- Every e-mail about a stored request goes through the `notifications` outbox.
--
-- Before this migration POST /api/inquiries and POST /api/contact stored their row and then sent
-- their e-mails inline: a mail failure was logged and lost (the family's confirmation carried the
-- only copy of its status link, and a program published from a content file has no dashboard, so
-- its request existed only in the database). Now:
--
--   * the handler writes the outbox rows in the SAME transaction as the inquiry / contact row
--     (kinds `inquiry`, `inquiry_confirmation`, `contact`): both commit or neither does;
--   * the server sends them right after the commit and on the schedule (the notifications drain),
--     retrying with backoff: a failed try waits 2^attempts minutes (capped at an hour) before the
--     next one, and after `private.notification_max_attempts()` tries the row is `failed`;
--   * a failed row queues a `delivery_failed` alert to the site inbox (itself through the outbox)
--     with what the message said (never the family's status link), so the site team can forward
--     the request by hand;
--   * the family's status page reads the delivery of its request (`private.inquiry_delivery()`):
--     queued, sent (with the time) or failed (the site team is forwarding it).
--
-- The decision e-mails of 20261122001300_admin_decisions.sql follow the same retry rule and get
-- the same alert after the last try.
--
-- `payload` is the template data of one e-mail (addresses, what the person wrote, the status link
-- with its plaintext token). It lives only until the message is sent or has failed for good: then
-- it is set to null (the alert keeps a copy without the status link until the alert is sent).

-- ---- columns ------------------------------------------------------------------------------------
alter table public.notifications
  -- Inquiries to programs published from content files have no provider.
  alter column provider_id drop not null,
  add column recipient text constraint notifications_recipient_check check (
    recipient in ('program', 'site_team', 'family', 'provider')
  ),
  add column payload jsonb constraint notifications_payload_check check (
    jsonb_typeof(payload) = 'object' and octet_length(payload::text) <= 65536
  ),
  -- When a drain may take the row (again): now for a new row, later after a failed try.
  add column next_attempt_at timestamptz not null default now(),
  -- Set after the last failed try: the row is never tried again (last_error says why).
  add column failed_at timestamptz,
  add column delivery text generated always as (
    case when sent_at is not null then 'sent' when failed_at is not null then 'failed' else 'queued' end
  ) stored;

alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (
  kind in (
    'verification_approved', 'verification_rejected', 'listing_approved', 'listing_rejected',
    'inquiry', 'inquiry_confirmation', 'contact', 'delivery_failed'
  )
);
-- A decision is about a provider; a message about a request carries its e-mail until it is done.
alter table public.notifications add constraint notifications_shape_check check (
  case
    when kind in ('verification_approved', 'verification_rejected', 'listing_approved', 'listing_rejected')
      then provider_id is not null
    else recipient is not null and (payload is not null or sent_at is not null or failed_at is not null)
  end
);

comment on table public.notifications is
  'Outbox of every e-mail the server sends after a stored change (decisions, requests, contact messages, delivery alerts). No API access.';
comment on column public.notifications.subject_id is
  'What the e-mail is about: the decided provider_verification_requests.id (verification_*) or provider_listings.id (listing_*), the provider_inquiries.id (inquiry, inquiry_confirmation), the contact_messages.id (contact), or the notifications.id that failed (delivery_failed).';
comment on column public.notifications.recipient is
  'Who the e-mail is for (program, site_team, family, provider); null on decision rows made before 20261125000100.';
comment on column public.notifications.payload is
  'Template data of the e-mail, secrets included (the status link); set to null once the row is sent or failed.';
comment on column public.notifications.delivery is
  'queued (not sent yet, maybe retrying), sent, or failed (after the last try; an alert went to the site inbox).';

-- What a drain looks for: rows still to send whose time has come.
create index notifications_due_idx on public.notifications (next_attempt_at)
  where sent_at is null and failed_at is null;

-- ---- the retry rule -----------------------------------------------------------------------------
-- How many tries a message gets. With the backoff below the tries are about 0, 2, 6, 14 and 30
-- minutes after the first (later when the drain runs less often than that).
create function private.notification_max_attempts() returns integer
language sql immutable
set search_path = ''
as $$ select 5 $$;
comment on function private.notification_max_attempts() is
  'Tries an outbox message gets before it is failed and the site inbox is alerted.';
revoke execute on function private.notification_max_attempts() from public, anon, authenticated;
grant execute on function private.notification_max_attempts() to service_role;

-- ---- claiming -----------------------------------------------------------------------------------
-- Decision e-mails (same signature and columns as before; the rows of other kinds are left to
-- private.claim_messages). A row is taken when it is due (next_attempt_at), not failed, and not
-- claimed in the last 5 minutes (a drain that died mid-way does not lose it).
create or replace function private.claim_notifications(p_limit integer default 20)
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
        and c.failed_at is null
        and c.next_attempt_at <= now()
        and (c.claimed_at is null or c.claimed_at < now() - interval '5 minutes')
        and c.kind in ('verification_approved', 'verification_rejected', 'listing_approved', 'listing_rejected')
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

-- Messages about requests and delivery alerts: up to p_limit (1..100) due rows, oldest first, or
-- only those of p_ids (the handler sends the rows it just wrote). Same locking as above: two
-- drains (or a drain and a handler) never take the same row.
create function private.claim_messages(p_limit integer default 20, p_ids uuid[] default null)
returns table (
  id uuid,
  kind text,
  subject_id uuid,
  recipient text,
  payload jsonb,
  attempts integer
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
        and c.failed_at is null
        and c.next_attempt_at <= now()
        and (c.claimed_at is null or c.claimed_at < now() - interval '5 minutes')
        and c.kind in ('inquiry', 'inquiry_confirmation', 'contact', 'delivery_failed')
        and (p_ids is null or c.id = any(p_ids))
      order by c.created_at, c.id
      for update skip locked
      limit greatest(1, least(coalesce(p_limit, 20), 100))
    )
    returning n.*
  )
  select c.id, c.kind, c.subject_id, c.recipient, c.payload, c.attempts
  from claimed c
  order by c.created_at, c.id;
$$;
comment on function private.claim_messages(integer, uuid[]) is
  'Claims due request and alert e-mails for one drain (never the same row to two drains at once).';
revoke execute on function private.claim_messages(integer, uuid[]) from public, anon, authenticated;
grant execute on function private.claim_messages(integer, uuid[]) to service_role;

-- ---- outcome of one try -------------------------------------------------------------------------
-- Sent: never again, and the payload (the status link's token among it) is gone.
create or replace function private.mark_notification_sent(p_id uuid) returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.notifications set sent_at = now(), last_error = null, payload = null
  where id = p_id and sent_at is null;
$$;

-- Failed: the error is kept, the claim released, and the next try waits 2^attempts minutes
-- (capped at an hour). After the last try the row is failed, its payload goes (without the status
-- link) into a `delivery_failed` alert to the site inbox, and its own payload is cleared. An alert
-- that fails for good raises no further alert.
create or replace function private.mark_notification_failed(p_id uuid, p_error text) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  n public.notifications;
begin
  update public.notifications c
  set last_error = left(coalesce(p_error, 'unknown error'), 2000),
      claimed_at = null,
      next_attempt_at = now() + least(interval '1 minute' * power(2, c.attempts), interval '1 hour'),
      failed_at = case when c.attempts >= private.notification_max_attempts() then now() end
  where c.id = p_id and c.sent_at is null and c.failed_at is null
  returning c.* into n;
  if n.id is null or n.failed_at is null then
    return;
  end if;
  if n.kind <> 'delivery_failed' then
    insert into public.notifications (kind, provider_id, subject_id, recipient, payload)
    values (
      'delivery_failed', n.provider_id, n.id, 'site_team',
      jsonb_build_object(
        'failed_kind', n.kind,
        'recipient', n.recipient,
        'about', n.subject_id,
        'attempts', n.attempts,
        'last_error', n.last_error,
        'queued_at', n.created_at,
        'message', coalesce(n.payload, '{}'::jsonb) - 'statusUrl',
        'provider', (
          select jsonb_build_object('email', p.email, 'organization_name', p.organization_name)
          from public.providers p where p.id = n.provider_id
        )
      )
    );
  end if;
  update public.notifications set payload = null where id = n.id;
end;
$$;
comment on function private.mark_notification_failed(uuid, text) is
  'Records a failed try: retried after a backoff, or failed after the last try (then the site inbox is alerted).';

-- ---- the status page ----------------------------------------------------------------------------
-- How the request of a status link reached the program: the delivery of its `inquiry` e-mail
-- (queued, sent, failed), who it went to (the program, or the site team when the program has no
-- address) and when. No row for requests sent before this migration.
create function private.inquiry_delivery(p_token_hash text)
returns table (delivery text, recipient text, sent_at timestamptz, failed_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select n.delivery, n.recipient, n.sent_at, n.failed_at
  from public.provider_inquiries i
  join public.notifications n on n.subject_id = i.id and n.kind = 'inquiry'
  where p_token_hash ~ '^[0-9a-f]{64}$' and i.status_token_hash = p_token_hash
  order by n.created_at desc
  limit 1;
$$;
comment on function private.inquiry_delivery(text) is
  'Delivery of the request whose status-link token hashes to p_token_hash: queued, sent or failed, to whom, when.';
revoke execute on function private.inquiry_delivery(text) from public, anon, authenticated;
grant execute on function private.inquiry_delivery(text) to service_role;

-- ---- account deletion ---------------------------------------------------------------------------
-- private.delete_account() scrubs the requests a family sent (personal_data_removed_at). Their
-- e-mails still waiting in the outbox carry the same data in their payload: they are dropped
-- (failed, payload cleared, no alert), and so are queued alerts about them.
create function private.forget_queued_messages() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.personal_data_removed_at is not null and old.personal_data_removed_at is null then
    update public.notifications a
    set payload = null, failed_at = now(), claimed_at = null,
        last_error = 'Not sent: the sender deleted their account first.'
    where a.sent_at is null and a.failed_at is null
      and (a.subject_id = new.id
           or a.subject_id in (select n.id from public.notifications n where n.subject_id = new.id));
  end if;
  return null;
end;
$$;
comment on function private.forget_queued_messages() is
  'Drops the unsent outbox e-mails (and their alerts) of a request whose personal data was removed.';
revoke execute on function private.forget_queued_messages() from public, anon, authenticated;

create trigger provider_inquiries_forget_messages
  after update of personal_data_removed_at on public.provider_inquiries
  for each row execute function private.forget_queued_messages();
