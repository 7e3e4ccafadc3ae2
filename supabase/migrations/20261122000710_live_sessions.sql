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

-- The first statement of every API transaction made for a signed-in user: refuses an ended
-- session with SQLSTATE UA401 (the API answers 401), else takes the `authenticated` role and the
-- verified claims for this transaction only. Because it raises instead of returning a flag, the
-- API can send the request's own statements right behind it without waiting (pipelined): when
-- it fails, the transaction is aborted and nothing after it runs. Not security definer: a
-- definer function may not change the role.
create function private.assume_user(p_session_id uuid, p_user_id uuid, p_claims text) returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  if not private.session_is_live(p_session_id, p_user_id) then
    raise exception 'The session of this access token has ended.' using errcode = 'UA401';
  end if;
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', p_claims, true);
end;
$$;
comment on function private.assume_user(uuid, uuid, text) is
  'Starts an API transaction as a signed-in user: 401 (UA401) for an ended session, else role authenticated with the claims.';
revoke execute on function private.assume_user(uuid, uuid, text) from public, anon, authenticated;
grant execute on function private.assume_user(uuid, uuid, text) to service_role;
