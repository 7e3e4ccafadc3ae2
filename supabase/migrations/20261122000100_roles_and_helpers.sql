-- Roles and the helpers every later migration uses.
--
-- `user_roles` says who is an administrator (and, for the menus, who is a provider). Nobody but
-- an administrator (or the service role / postgres, e.g. Supabase Studio) can write it.
-- `private.is_admin()` is the one place policies ask "is the caller an administrator?".

create schema if not exists private;
comment on schema private is 'Helpers for policies and triggers; not exposed through the API.';
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- ---- user_roles ---------------------------------------------------------------------------------
create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null constraint user_roles_role_check check (role in ('admin', 'provider', 'user')),
  created_at timestamptz not null default now(),
  constraint user_roles_user_id_role_key unique (user_id, role)
);
comment on table public.user_roles is 'Roles of signed-in users (admin, provider, user). Written only by administrators.';

-- ---- private.is_admin() ---------------------------------------------------------------------------
-- Security definer so that policies on user_roles itself can call it without recursing into RLS.
create function private.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = (select auth.uid()) and r.role = 'admin'
  );
$$;
comment on function private.is_admin() is 'True when the signed-in caller has the admin role in user_roles.';
revoke execute on function private.is_admin() from public, anon;
grant execute on function private.is_admin() to authenticated, service_role;

-- True for anyone who is not an API caller (postgres, service_role, Studio) and for administrators.
-- Guard triggers use it to let those through; nested ifs keep `anon` from needing is_admin().
create function private.may_write_protected_fields() returns boolean
language plpgsql stable
set search_path = ''
as $$
begin
  if current_user = 'anon' then
    return false;
  end if;
  if current_user = 'authenticated' then
    return private.is_admin();
  end if;
  return true;
end;
$$;
revoke execute on function private.may_write_protected_fields() from public, anon;
grant execute on function private.may_write_protected_fields() to authenticated, service_role;

-- ---- updated_at -----------------------------------------------------------------------------------
create function private.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke execute on function private.set_updated_at() from public, anon, authenticated;

-- ---- user_roles: privileges and policies ----------------------------------------------------------
revoke all on table public.user_roles from anon, authenticated;
grant select, insert, update, delete on table public.user_roles to authenticated;
alter table public.user_roles enable row level security;

create policy "Users read their own roles" on public.user_roles
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins read all roles" on public.user_roles
  for select to authenticated
  using ((select private.is_admin()));

create policy "Admins grant roles" on public.user_roles
  for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins change roles" on public.user_roles
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins revoke roles" on public.user_roles
  for delete to authenticated
  using ((select private.is_admin()));
