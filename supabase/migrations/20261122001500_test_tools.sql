-- The internal testing suite (/comprehensive-testing, docs/product-rules.md#testing-suite)
-- creates REAL test provider accounts: an auth user and a providers row. The API reaches the auth server only with
-- the publishable key and holds no service-role key (see docs/deploy.md), so the auth user is
-- created here, in the administrator's own `withClaims` transaction, the way the local auth
-- server's createUser() and Supabase Auth store one (auth.users plus its e-mail identity).
--
-- Why not `POST /auth/v1/signup`: it mails a confirmation to the test address (a fake one), which
-- Supabase's e-mail limits and bounce checks punish. Why not `POST /auth/v1/admin/users`: that
-- needs the secret key the functions deliberately do without.
--
-- Safety: callable by administrators only (checked here, again, with private.is_admin()), and it
-- only ever makes addresses of the reserved test domain (`test-provider-…@test-provider.invalid`,
-- RFC 2606 `.invalid`: no mail can be delivered there), so it cannot create or take over an
-- account for a real address. The account has no password and an unconfirmed address: nobody
-- can sign in with it.

create function private.create_test_user(p_email text, p_metadata jsonb) returns uuid
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_id uuid := pg_catalog.gen_random_uuid();
begin
  if not private.is_admin() then
    raise exception 'Only administrators can create test accounts.' using errcode = '42501';
  end if;
  if p_email is null or p_email !~ '^test-provider-[0-9a-z-]{1,80}@test-provider\.invalid$' then
    raise exception 'A test account needs a test-provider-…@test-provider.invalid address.'
      using errcode = '22023';
  end if;

  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password,
    confirmation_token, recovery_token, email_change_token_new, email_change,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at
  ) values (
    '00000000-0000-0000-0000-000000000000', v_id, 'authenticated', 'authenticated', p_email, '',
    '', '', '', '',
    '{"provider": "email", "providers": ["email"], "test_account": true}'::jsonb,
    coalesce(p_metadata, '{}'::jsonb), now(), now()
  );
  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  values (
    v_id::text, v_id,
    jsonb_build_object('sub', v_id::text, 'email', p_email, 'email_verified', false, 'phone_verified', false),
    'email', now(), now()
  );
  return v_id;
end;
$$;
comment on function private.create_test_user(text, jsonb) is
  'Testing suite: an auth user for a test provider (test-provider-…@test-provider.invalid only, no password). Administrators only.';
revoke execute on function private.create_test_user(text, jsonb) from public, anon;
grant execute on function private.create_test_user(text, jsonb) to authenticated;
