-- Everything tied to an account goes with it (deletion), and comes with its export.
--
-- private.delete_account() scrubbed the requests a family sent while signed in and deleted their
-- favorites and reviews, but contact messages and error reports sent by the same person kept
-- their name and e-mail address. Now:
--
--   * contact_messages.sender_id: the signed-in account that sent the message (the function
--     passes the verified token's user; private.attach_sender() keeps it only while that user
--     exists, holding the row so a deletion cannot slip in between; null for visitors);
--   * what is tied to an account: rows whose sender is the account (sender_id, or the reporter
--     key `account:<id>`), and rows sent by nobody signed in that carry the account's e-mail
--     address (compared case-insensitively): the address is the person's (the account confirmed
--     it), signed in or not. Rows another account sent are that account's;
--   * on deletion: contact messages are deleted (the site inbox has had them), with their unsent
--     e-mails; error reports keep what was wrong with the program but lose the address, the
--     sender and the reporter key; review reports lose the sender and the reporter key; requests
--     sent signed out with the account's address are scrubbed like those sent signed in; and any
--     unsent e-mail whose payload still names the address is dropped;
--   * private.resolve_listing_report() now lets a report's e-mail become null (it still cannot
--     change to another address).

-- ---- contact_messages.sender_id ----------------------------------------------------------------------
alter table public.contact_messages
  add column sender_id uuid references auth.users (id) on delete set null;
comment on column public.contact_messages.sender_id is
  'The signed-in account that sent the message (kept only while it exists), else null.';
create index contact_messages_sender_id_idx on public.contact_messages (sender_id) where sender_id is not null;
create index contact_messages_email_lower_idx on public.contact_messages (lower(email));
create index listing_reports_email_lower_idx on public.listing_reports (lower(email)) where email is not null;
create index provider_inquiries_email_lower_idx on public.provider_inquiries (lower(email))
  where email is not null and sender_id is null;

-- A sender that is not (or no longer) a user becomes null; a live one is held (KEY SHARE) until
-- the transaction ends, so the foreign key never fails on an account deleted meanwhile.
create function private.attach_sender() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.sender_id is not null then
    select u.id into new.sender_id from auth.users u where u.id = new.sender_id for key share;
  end if;
  return new;
end;
$$;
comment on function private.attach_sender() is
  'Keeps a message''s sender_id only while that user exists, holding the user row until commit.';
revoke execute on function private.attach_sender() from public, anon, authenticated;

create trigger contact_messages_attach_sender
  before insert on public.contact_messages
  for each row execute function private.attach_sender();

grant insert (sender_id) on table public.contact_messages to anon, authenticated;

-- ---- Error reports: the address may be removed ------------------------------------------------------
create or replace function private.resolve_listing_report() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.program_id is distinct from old.program_id
    or (new.listing_id is distinct from old.listing_id and new.listing_id is not null)
    or (new.provider_id is distinct from old.provider_id and new.provider_id is not null)
    or new.what is distinct from old.what
    or (new.email is distinct from old.email and new.email is not null)
    or new.created_at is distinct from old.created_at then
    raise exception 'A report''s program, text, e-mail and date cannot be changed.'
      using errcode = '42501';
  end if;
  new.resolution_note := nullif(btrim(new.resolution_note), '');
  if new.status = 'resolved' and old.status = 'open' then
    new.resolved_at := now();
    new.resolved_by := (select auth.uid());
  elsif new.status = 'resolved' then
    new.resolved_at := old.resolved_at;
    new.resolved_by := case when new.resolved_by is null then null else old.resolved_by end;
  else
    new.resolved_at := null;
    new.resolved_by := null;
  end if;
  return new;
end;
$$;
comment on function private.resolve_listing_report() is
  'Resolving a report sets resolved_at and resolved_by (once); reopening clears them; the report itself is immutable, but the listing, provider and resolver it names may be deleted (set null), and its e-mail removed (account deletion).';
revoke execute on function private.resolve_listing_report() from public, anon, authenticated;

-- ---- Deletion ------------------------------------------------------------------------------------------
-- As in 20261126000500_reviews.sql, and everything above.
create or replace function private.delete_account(p_user_id uuid, p_session_id uuid)
returns table (favorites_removed integer, requests_anonymized integer)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_favorites integer;
  v_requests integer;
  v_email text;
  v_reporter text := 'account:' || p_user_id::text;
  v_request_ids uuid[];
begin
  select lower(u.email) into v_email from auth.users u where u.id = p_user_id for update;
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

  -- Requests: sent while signed in, or sent signed out with the account's address.
  v_request_ids := array(
    select i.id from public.provider_inquiries i
    where i.sender_id = p_user_id
       or (i.sender_id is null and i.personal_data_removed_at is null and lower(i.email) = v_email));

  insert into private.removed_request_links (token_hash)
  select h from (
    select i.status_token_hash as h from public.provider_inquiries i
    where i.id = any(v_request_ids) and i.status_token_hash is not null
    union
    select l.token_hash from private.request_status_links l
    where l.inquiry_id = any(v_request_ids)
  ) hashes
  on conflict (token_hash) do nothing;
  delete from private.request_status_links l
  where l.inquiry_id = any(v_request_ids);

  update public.provider_inquiries i
  set name = null, email = null, phone = null, message = '', location = null, best_time_to_call = null,
      status_token_hash = null, sender_id = null, personal_data_removed_at = now()
  where i.id = any(v_request_ids);
  get diagnostics v_requests = row_count;

  delete from public.user_favorites f where f.user_id = p_user_id;
  get diagnostics v_favorites = row_count;

  update public.notifications n
  set payload = null, failed_at = now(), claimed_at = null,
      last_error = 'Not sent: the reviewer deleted their account first.'
  where n.kind = 'review_rejected' and n.sent_at is null and n.failed_at is null
    and n.subject_id in (select r.id from public.program_reviews r where r.user_id = p_user_id);
  delete from public.program_reviews r where r.user_id = p_user_id;

  -- Contact messages, with their unsent e-mails and the alerts about them.
  update public.notifications a
  set payload = null, failed_at = now(), claimed_at = null,
      last_error = 'Not sent: the sender deleted their account first.'
  where a.sent_at is null and a.failed_at is null
    and (a.subject_id in (
           select m.id from public.contact_messages m
           where m.sender_id = p_user_id or (m.sender_id is null and lower(m.email) = v_email))
         or a.subject_id in (
           select n.id from public.notifications n
           where n.kind = 'contact' and n.subject_id in (
             select m.id from public.contact_messages m
             where m.sender_id = p_user_id or (m.sender_id is null and lower(m.email) = v_email))));
  delete from public.contact_messages m
  where m.sender_id = p_user_id or (m.sender_id is null and lower(m.email) = v_email);

  -- Error reports keep what was wrong with the program; review reports keep their reason.
  update public.listing_reports r
  set email = null, sender_id = null, reporter = null
  where r.sender_id = p_user_id or r.reporter = v_reporter
     or (r.sender_id is null and lower(r.email) = v_email);
  update public.review_reports r
  set sender_id = null, reporter = null
  where r.sender_id = p_user_id or r.reporter = v_reporter;

  -- Any e-mail still waiting that names the address (whatever it is about) is not sent.
  if v_email is not null then
    update public.notifications n
    set payload = null, failed_at = now(), claimed_at = null,
        last_error = 'Not sent: the person deleted their account first.'
    where n.payload is not null and n.sent_at is null and n.failed_at is null
      and position(v_email in lower(n.payload::text)) > 0;
  end if;

  delete from auth.users u where u.id = p_user_id;

  return query select v_favorites, v_requests;
end;
$$;
revoke execute on function private.delete_account(uuid, uuid) from public, anon, authenticated;
grant execute on function private.delete_account(uuid, uuid) to service_role;

-- ---- Export --------------------------------------------------------------------------------------------
-- What GET /api/account/export adds to what the person reads through RLS: the contact messages,
-- error reports, review reports and signed-out requests tied to the account as above. Server
-- only (the function passes the verified token's user, after withClaims checked its session).
create function private.account_records(p_user_id uuid)
returns jsonb
language sql stable security definer
set search_path = ''
as $$
  with me as (
    select lower(u.email) as email, 'account:' || u.id::text as reporter from auth.users u where u.id = p_user_id
  )
  select jsonb_build_object(
    'contact_messages', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', m.id, 'name', m.name, 'email', m.email, 'phone', m.phone, 'subject', m.subject,
        'message', m.message, 'created_at', m.created_at) order by m.created_at desc, m.id)
      from public.contact_messages m, me
      where m.sender_id = p_user_id or (m.sender_id is null and lower(m.email) = me.email)), '[]'::jsonb),
    'error_reports', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', r.id, 'program_id', r.program_id, 'what', r.what, 'email', r.email, 'status', r.status,
        'created_at', r.created_at, 'resolved_at', r.resolved_at, 'resolution_note', r.resolution_note)
        order by r.created_at desc, r.id)
      from public.listing_reports r, me
      where r.sender_id = p_user_id or r.reporter = me.reporter
         or (r.sender_id is null and lower(r.email) = me.email)), '[]'::jsonb),
    'review_reports', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', r.id, 'review_id', r.review_id, 'reason', r.reason, 'status', r.status,
        'created_at', r.created_at, 'resolved_at', r.resolved_at) order by r.created_at desc, r.id)
      from public.review_reports r, me
      where r.sender_id = p_user_id or r.reporter = me.reporter), '[]'::jsonb),
    'requests_sent_signed_out', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', i.id, 'program_id', i.program_id, 'program_name', i.program_name, 'type', i.type,
        'status', i.status, 'name', i.name, 'email', i.email, 'phone', i.phone, 'message', i.message,
        'location', i.location, 'best_time_to_call', i.best_time_to_call, 'created_at', i.created_at)
        order by i.created_at desc, i.id)
      from public.provider_inquiries i, me
      where i.sender_id is null and i.personal_data_removed_at is null and lower(i.email) = me.email), '[]'::jsonb)
  );
$$;
comment on function private.account_records(uuid) is
  'The contact messages, error reports, review reports and signed-out requests tied to an account (its sender id or its e-mail address), for its export.';
revoke execute on function private.account_records(uuid) from public, anon, authenticated;
grant execute on function private.account_records(uuid) to service_role;
