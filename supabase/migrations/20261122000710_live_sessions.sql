-- Is the session an access token was issued for still alive?
--
-- An access token stays valid for its whole lifetime (an hour) even after the person signs out
-- everywhere, because it is checked by signature alone. Supabase Auth deletes the session row on
-- sign-out (and on `scope=global`, every session of the user), and its tokens carry the session's
-- id in `session_id`; the API functions ask this function in the same statement that sets the
-- request's role, so a revoked session is refused at once, at no extra round trip.
-- Security definer: the API roles cannot read auth.sessions themselves.

create function private.session_is_live(p_session_id uuid, p_user_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from auth.sessions s
    where s.id = p_session_id and s.user_id = p_user_id
      and (s.not_after is null or s.not_after > now())
  );
$$;
comment on function private.session_is_live(uuid, uuid) is
  'True while the auth session (session_id claim of an access token) exists for that user and has not expired.';
revoke execute on function private.session_is_live(uuid, uuid) from public, anon;
grant execute on function private.session_is_live(uuid, uuid) to authenticated, service_role;
