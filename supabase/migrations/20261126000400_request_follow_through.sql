-- A request a family can follow to the end (docs/product-rules.md#request-statuses).
--
-- 1. `best_time_to_call`: a call request may say when to call (optional, at most 200 characters,
--    call requests only). The family writes it with the request; the program reads it in its
--    dashboard and in the request's e-mail. Like every personal field it goes when the sender
--    deletes their account.
-- 2. `delivered_at`: when the request's e-mail to the PROGRAM was handed to the mail transport
--    (the outbox's `inquiry` message to the program was sent), set by the database from the
--    outbox. With `status` it gives the one set of words of src/lib/request-status.ts:
--    Sent → Delivered → Contacted → Closed. An e-mail to the site team (a program without an
--    admissions address) is not a delivery to the program.
-- 3. A status change e-mails the family (`inquiry_status`), written to the outbox by a trigger in
--    the transaction of the change, whoever makes it (the provider's dashboard, an administrator in
--    Studio). The e-mail carries a fresh private status link: the token of the confirmation exists
--    only in the family's mailbox, so each update gets its own token, kept as a SHA-256 in
--    `private.request_status_links` and working exactly like the first one.
-- 4. After an account deletion an old status link says the request was deleted with its account:
--    the hashes of the deleted requests' links are kept, tied to nothing, in
--    `private.removed_request_links` (a hash of a random token is not personal data).

-- ---- 1 and 2: columns -----------------------------------------------------------------------------
alter table public.provider_inquiries
  add column best_time_to_call text
    constraint provider_inquiries_best_time_to_call_check check (char_length(best_time_to_call) between 1 and 200)
    constraint provider_inquiries_best_time_to_call_type_check check (best_time_to_call is null or type = 'call'),
  add column delivered_at timestamptz;
comment on column public.provider_inquiries.best_time_to_call is
  'When the family would like to be called (call requests only; optional). Removed with the sender''s account.';
comment on column public.provider_inquiries.delivered_at is
  'When the request''s e-mail to the program was handed to the mail transport (outbox); null while sending, after a failure, or when the site team passes it on. Set by the database.';

alter table public.provider_inquiries drop constraint provider_inquiries_personal_data_check;
alter table public.provider_inquiries add constraint provider_inquiries_personal_data_check check (
  case
    when personal_data_removed_at is null then name is not null and email is not null
    else name is null and email is null and phone is null and message = '' and location is null
      and sender_id is null and status_token_hash is null and best_time_to_call is null
  end
);

-- The conventions of 20261125000200_data_api_lockdown.sql: column grants for what the functions'
-- SQL needs (the restrictive "Only the API functions, never the Data API" policy is already on the
-- table). The sender writes the best time with the request; the addressed provider, the sender and
-- administrators read both columns through the existing select policies. Neither is updatable.
grant insert (best_time_to_call) on table public.provider_inquiries to anon, authenticated;
grant select (best_time_to_call, delivered_at) on table public.provider_inquiries to authenticated;

-- Requests whose e-mail to the program was already sent.
update public.provider_inquiries i
set delivered_at = d.sent_at
from (
  select n.subject_id, min(n.sent_at) as sent_at
  from public.notifications n
  where n.kind = 'inquiry' and n.recipient = 'program' and n.sent_at is not null
  group by n.subject_id
) d
where d.subject_id = i.id and i.delivered_at is null;

-- The outbox marks the program's e-mail sent → the request is delivered. Security definer: the
-- outbox is updated by the server's own functions, and the request belongs to no API role.
create function private.mark_inquiry_delivered() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.provider_inquiries i
  set delivered_at = new.sent_at
  where i.id = new.subject_id and i.delivered_at is null;
  return null;
end;
$$;
comment on function private.mark_inquiry_delivered() is
  'Sets provider_inquiries.delivered_at when the outbox sends the request''s e-mail to the program.';
revoke execute on function private.mark_inquiry_delivered() from public, anon, authenticated;

create trigger notifications_mark_inquiry_delivered
  after update of sent_at on public.notifications
  for each row
  when (new.kind = 'inquiry' and new.recipient = 'program' and new.sent_at is not null and old.sent_at is null)
  execute function private.mark_inquiry_delivered();

-- ---- 3: status links and the family's e-mail -------------------------------------------------------
create table private.request_status_links (
  token_hash text primary key constraint request_status_links_token_hash_check check (token_hash ~ '^[0-9a-f]{64}$'),
  inquiry_id uuid not null references public.provider_inquiries (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table private.request_status_links is
  'SHA-256 (hex) of the status-link tokens e-mailed to a family after the first (one per status-change e-mail); the tokens are never stored.';
create index request_status_links_inquiry_id_idx on private.request_status_links (inquiry_id);
revoke all on table private.request_status_links from public, anon, authenticated;

create table private.removed_request_links (
  token_hash text primary key constraint removed_request_links_token_hash_check check (token_hash ~ '^[0-9a-f]{64}$'),
  removed_at timestamptz not null default now()
);
comment on table private.removed_request_links is
  'Status-link hashes of requests whose sender deleted their account: the link then says so. Tied to no request.';
revoke all on table private.removed_request_links from public, anon, authenticated;

-- The request a status-link token (its hash) opens: the confirmation's link or a later one.
create function private.inquiry_by_token(p_token_hash text) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    (select i.id from public.provider_inquiries i where i.status_token_hash = p_token_hash),
    (select l.inquiry_id from private.request_status_links l where l.token_hash = p_token_hash)
  )
  where p_token_hash ~ '^[0-9a-f]{64}$';
$$;
comment on function private.inquiry_by_token(text) is
  'The inquiry whose status-link token (the confirmation''s or a status e-mail''s) hashes to p_token_hash.';
revoke execute on function private.inquiry_by_token(text) from public, anon, authenticated;
grant execute on function private.inquiry_by_token(text) to service_role;

-- Same signatures and columns as before; every link of the request now opens it.
create or replace function private.inquiry_status(p_token_hash text)
returns table (
  program_id text,
  program_name text,
  type text,
  status text,
  created_at timestamptz,
  updated_at timestamptz
)
language sql stable security definer
set search_path = ''
as $$
  select i.program_id, i.program_name, i.type, i.status, i.created_at, i.updated_at
  from public.provider_inquiries i
  where i.id = private.inquiry_by_token(p_token_hash);
$$;

create or replace function private.inquiry_delivery(p_token_hash text)
returns table (delivery text, recipient text, sent_at timestamptz, failed_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select n.delivery, n.recipient, n.sent_at, n.failed_at
  from public.notifications n
  where n.subject_id = private.inquiry_by_token(p_token_hash) and n.kind = 'inquiry'
  order by n.created_at desc
  limit 1;
$$;

-- True when the link was one of a request deleted with its sender's account.
create function private.request_link_removed(p_token_hash text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from private.removed_request_links r where r.token_hash = p_token_hash);
$$;
comment on function private.request_link_removed(text) is
  'True when p_token_hash is the status link of a request deleted with the account it was sent from.';
revoke execute on function private.request_link_removed(text) from public, anon, authenticated;
grant execute on function private.request_link_removed(text) to service_role;

-- The outbox learns the new kind.
alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (
  kind in (
    'verification_approved', 'verification_rejected', 'listing_approved', 'listing_rejected',
    'listing_unpublished', 'listing_republished', 'listing_withdrawn',
    'inquiry', 'inquiry_confirmation', 'inquiry_status', 'contact', 'delivery_failed'
  )
);
comment on column public.notifications.subject_id is
  'What the e-mail is about: the decided provider_verification_requests.id (verification_*) or provider_listings.id (listing_*), the provider_inquiries.id (inquiry, inquiry_confirmation, inquiry_status), the contact_messages.id (contact), or the notifications.id that failed (delivery_failed).';

-- Same as in 20261125000100_message_outbox.sql, with `inquiry_status`.
create or replace function private.claim_messages(p_limit integer default 20, p_ids uuid[] default null)
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
        and c.kind in ('inquiry', 'inquiry_confirmation', 'inquiry_status', 'contact', 'delivery_failed')
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

-- The program changed the status: queue the family's e-mail with a new status link, in the same
-- transaction. The payload's `statusUrl` is the site-relative path (the server adds SITE_URL when
-- it renders the e-mail); `private.mark_notification_failed` leaves it out of any alert, as it
-- does for the confirmation's. Nothing about the request's content goes in: the program's name,
-- the type and the new status only. A request whose personal data was removed has no address.
-- Security definer: the provider may update the status but not write the outbox or the links.
create function private.queue_status_email() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_token text;
begin
  if new.status is not distinct from old.status or new.email is null or new.personal_data_removed_at is not null then
    return null;
  end if;
  -- 32 random bytes, base64url without padding: the 43 characters of STATUS_TOKEN_PATTERN.
  v_token := translate(encode(extensions.gen_random_bytes(32), 'base64'), E'+/=\n', '-_');
  insert into private.request_status_links (token_hash, inquiry_id)
  values (encode(sha256(convert_to(v_token, 'UTF8')), 'hex'), new.id);
  insert into public.notifications (kind, provider_id, subject_id, recipient, payload)
  values (
    'inquiry_status', new.provider_id, new.id, 'family',
    jsonb_build_object(
      'to', new.email,
      'name', new.name,
      'programName', coalesce(new.program_name, ''),
      'type', new.type,
      'status', new.status,
      'deliveredToProgram', new.delivered_at is not null,
      'statusUrl', '/request/' || v_token
    )
  );
  return null;
end;
$$;
comment on function private.queue_status_email() is
  'Queues the family''s e-mail (inquiry_status) with a new status link when a request''s status changes.';
revoke execute on function private.queue_status_email() from public, anon, authenticated;

create trigger provider_inquiries_queue_status_email
  after update of status on public.provider_inquiries
  for each row
  when (old.status is distinct from new.status)
  execute function private.queue_status_email();

-- ---- 4: account deletion ----------------------------------------------------------------------------
-- As in 20261122001100_account_deletion.sql, and now: the best time to call goes with the other
-- personal fields, and every status link of the deleted requests (the confirmation's and the
-- status e-mails') is kept as a bare hash so that it can say what happened.
create or replace function private.delete_account(p_user_id uuid, p_session_id uuid)
returns table (favorites_removed integer, requests_anonymized integer)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_favorites integer;
  v_requests integer;
begin
  perform 1 from auth.users u where u.id = p_user_id for update;
  if not found then
    raise exception 'This account no longer exists.' using errcode = 'UA401';
  end if;
  if not private.session_is_live(p_session_id, p_user_id) then
    raise exception 'The session of this access token has ended.' using errcode = 'UA401';
  end if;
  if exists (select 1 from public.providers p where p.user_id = p_user_id)
    or exists (
      select 1 from public.user_roles r where r.user_id = p_user_id and r.role in ('admin', 'provider')
    )
  then
    raise exception 'Provider and administrator accounts are closed by the site team.'
      using errcode = 'UA403';
  end if;

  insert into private.removed_request_links (token_hash)
  select h from (
    select i.status_token_hash as h from public.provider_inquiries i
    where i.sender_id = p_user_id and i.status_token_hash is not null
    union
    select l.token_hash from private.request_status_links l
    join public.provider_inquiries i on i.id = l.inquiry_id
    where i.sender_id = p_user_id
  ) hashes
  on conflict (token_hash) do nothing;
  delete from private.request_status_links l
  using public.provider_inquiries i
  where i.id = l.inquiry_id and i.sender_id = p_user_id;

  update public.provider_inquiries i
  set name = null, email = null, phone = null, message = '', location = null, best_time_to_call = null,
      status_token_hash = null, sender_id = null, personal_data_removed_at = now()
  where i.sender_id = p_user_id;
  get diagnostics v_requests = row_count;

  delete from public.user_favorites f where f.user_id = p_user_id;
  get diagnostics v_favorites = row_count;

  delete from auth.users u where u.id = p_user_id;

  return query select v_favorites, v_requests;
end;
$$;
