-- Provider organisations: one row per provider account (a signed-in user with a providers row).
--
-- The owner edits its profile; verification and subscription fields are written only by
-- administrators, the service role or the verification triggers (see private.guard_provider()).

create table public.providers (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  organization_name text not null
    constraint providers_organization_name_check check (length(btrim(organization_name)) between 1 and 200),
  contact_name text not null default ''
    constraint providers_contact_name_check check (length(contact_name) <= 200),
  email text not null
    constraint providers_email_check check (length(email) <= 320 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text constraint providers_phone_check check (length(phone) <= 40),
  website text constraint providers_website_check check (length(website) <= 500),
  description text constraint providers_description_check check (length(description) <= 5000),
  location text constraint providers_location_check check (length(location) <= 200),
  state text constraint providers_state_check check (length(state) <= 100),
  subscription_plan text default 'free'
    constraint providers_subscription_plan_check check (subscription_plan in ('free', 'pro')),
  subscription_status text not null default 'trial'
    constraint providers_subscription_status_check
    check (subscription_status in ('pending', 'trial', 'active', 'past_due', 'cancelled')),
  -- Trial length: 14 days (TRIAL_DAYS in src/lib/vocabulary.ts).
  trial_ends_at timestamptz default (now() + interval '14 days'),
  verification_status text not null default 'unverified'
    constraint providers_verification_status_check
    check (verification_status in ('unverified', 'pending', 'verified', 'rejected')),
  verified_at timestamptz,
  verified_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint providers_user_id_key unique (user_id),
  constraint providers_verified_fields_check
    check (verification_status <> 'verified' or verified_at is not null)
);
comment on table public.providers is
  'Provider organisations. Owners edit their profile; verification and subscription fields are admin-only.';
comment on column public.providers.verification_status is
  'unverified until a verification request is sent (then pending), verified or rejected by an administrator.';

create index providers_verification_status_created_at_idx on public.providers (verification_status, created_at desc);
create index providers_verified_by_idx on public.providers (verified_by);

create trigger providers_set_updated_at
  before update on public.providers
  for each row execute function private.set_updated_at();

-- Refuses changes to verification and subscription fields by anyone but an administrator (or
-- postgres/service_role, including the security-definer verification triggers).
create function private.guard_provider() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if private.may_write_protected_fields() then
    return new;
  end if;
  if new.verification_status is distinct from old.verification_status
    or new.verified_at is distinct from old.verified_at
    or new.verified_by is distinct from old.verified_by
    or new.subscription_plan is distinct from old.subscription_plan
    or new.subscription_status is distinct from old.subscription_status
    or new.trial_ends_at is distinct from old.trial_ends_at
  then
    raise exception 'Only an administrator can change verification or subscription fields'
      using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke execute on function private.guard_provider() from public, anon, authenticated;

create trigger providers_guard_protected_fields
  before update on public.providers
  for each row execute function private.guard_provider();

-- A providers row makes its user a provider in user_roles (the menus read roles from there).
create function private.grant_provider_role() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.user_roles (user_id, role) values (new.user_id, 'provider')
  on conflict (user_id, role) do nothing;
  return new;
end;
$$;
revoke execute on function private.grant_provider_role() from public, anon, authenticated;

create trigger providers_grant_provider_role
  after insert on public.providers
  for each row execute function private.grant_provider_role();

-- ---- privileges and policies ----------------------------------------------------------------------
revoke all on table public.providers from anon, authenticated;
grant select, delete on table public.providers to authenticated;
-- Column grants: a new row takes the default verification and subscription values.
grant insert (user_id, organization_name, contact_name, email, phone, website, description, location, state)
  on table public.providers to authenticated;
grant update (
  organization_name, contact_name, email, phone, website, description, location, state,
  subscription_plan, subscription_status, trial_ends_at, verification_status, verified_at, verified_by
) on table public.providers to authenticated;
alter table public.providers enable row level security;

create policy "Providers read their own profile" on public.providers
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins read all providers" on public.providers
  for select to authenticated
  using ((select private.is_admin()));

create policy "Signed-in users create their own provider profile" on public.providers
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Admins create provider profiles" on public.providers
  for insert to authenticated
  with check ((select private.is_admin()));

create policy "Providers update their own profile" on public.providers
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Admins update providers" on public.providers
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins delete providers" on public.providers
  for delete to authenticated
  using ((select private.is_admin()));
