-- Deleting a family account (privacy policy, "Your rights and choices": delete your personal
-- information), done by `DELETE /api/account` on /enhanced-dashboard.
--
-- What goes: the person's saved programs, the personal fields of the requests they sent while
-- signed in (name, e-mail, phone, message, location, and the status-link hash that tied the
-- request to their mailbox), and the auth user (its sessions, refresh tokens, identities and
-- roles go with it by their `on delete cascade`). What stays: each request as an anonymous record
-- for the program it was sent to (program, type, status, dates, urgency), so a program's history
-- and counts do not change behind its back.
--
-- A request whose personal data was removed keeps `name` and `email` null and says when in
-- `personal_data_removed_at`; the check below allows nulls only then, so nothing else can store
-- a request without a name or an address.

alter table public.provider_inquiries
  alter column name drop not null,
  alter column email drop not null,
  add column personal_data_removed_at timestamptz,
  add constraint provider_inquiries_personal_data_check check (
    case
      when personal_data_removed_at is null then name is not null and email is not null
      else name is null and email is null and phone is null and message = '' and location is null
        and sender_id is null and status_token_hash is null
    end
  );
comment on column public.provider_inquiries.personal_data_removed_at is
  'When the sender deleted their account: name, email, phone, message and location were removed then (all null/empty); null while the request still holds them.';
-- Not in any insert or update grant: only private.delete_account() (as its owner) sets it.

-- Deletes the account `p_user_id` in the caller's transaction: the caller (the API, as
-- `service_role`) passes the verified `sub` and `session_id` of the access token and nothing
-- else. Security definer because it removes the row in `auth.users`, which no API role may touch
-- (and no policy could allow: RLS cannot be put on Supabase's auth schema); callable by the
-- server alone.
--
-- Refusals (no change made):
--   UA401  the user does not exist any more, or the token's session has ended (signed out);
--   UA403  the account is a provider's or an administrator's: deleting it would cascade to a
--          provider's profile, listings and the requests families sent to them, so those
--          accounts are closed by the site team, not by this self-service function.
create function private.delete_account(p_user_id uuid, p_session_id uuid)
returns table (favorites_removed integer, requests_anonymized integer)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_favorites integer;
  v_requests integer;
begin
  -- Lock the user first: a request or favourite inserted concurrently references this row (key
  -- share lock), so it either commits before this deletion (and is scrubbed or removed below) or
  -- waits and then fails its foreign key, never leaving personal data behind.
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

  update public.provider_inquiries i
  set name = null, email = null, phone = null, message = '', location = null,
      status_token_hash = null, sender_id = null, personal_data_removed_at = now()
  where i.sender_id = p_user_id;
  get diagnostics v_requests = row_count;

  delete from public.user_favorites f where f.user_id = p_user_id;
  get diagnostics v_favorites = row_count;

  delete from auth.users u where u.id = p_user_id;

  return query select v_favorites, v_requests;
end;
$$;
comment on function private.delete_account(uuid, uuid) is
  'Deletes a family account: its favourites, the personal fields of the requests it sent (the anonymous records stay) and the auth user. Server only.';
revoke execute on function private.delete_account(uuid, uuid) from public, anon, authenticated;
grant execute on function private.delete_account(uuid, uuid) to service_role;
