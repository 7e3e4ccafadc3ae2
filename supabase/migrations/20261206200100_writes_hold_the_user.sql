-- A write cannot outlive its user (a request racing account deletion answers 401, never 500).
--
-- private.assume_user() checked that the token's session was live and went on; a deletion of the
-- account committed between that check and the write's own foreign-key check (e.g. PUT
-- /api/favorites during DELETE /api/account) made the insert fail with 23503 on
-- user_favorites_user_id_fkey, a 500. Now a transaction that may write first takes a KEY SHARE
-- lock on the user's row in auth.users, then checks the session:
--
--   * a deletion already under way (private.delete_account() locks the row FOR UPDATE first)
--     makes the write wait for it; once it commits the row is gone, the session with it, and the
--     request is refused with UA401 (the API answers 401) before anything of it runs;
--   * a write that took the lock first makes the deletion wait until the write has committed;
--     the deletion then removes what the write stored along with the rest of the account.
--
-- Read-only transactions cannot lock rows and need not: they store nothing that could point at
-- a user who is gone.
create or replace function private.assume_user(p_session_id uuid, p_user_id uuid, p_claims text) returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  if current_setting('transaction_read_only') = 'off' then
    perform 1 from auth.users u where u.id = p_user_id for key share;
  end if;
  if not private.session_is_live(p_session_id, p_user_id) then
    raise exception 'The session of this access token has ended.' using errcode = 'UA401';
  end if;
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', p_claims, true);
end;
$$;
comment on function private.assume_user(uuid, uuid, text) is
  'Starts an API transaction as a signed-in user: holds the user''s row against deletion for a transaction that may write, 401 (UA401) for an ended session, else role authenticated with the claims.';
revoke execute on function private.assume_user(uuid, uuid, text) from public, anon, authenticated;
grant execute on function private.assume_user(uuid, uuid, text) to service_role;
