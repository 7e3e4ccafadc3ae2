-- Verification requests: a provider sends a list of documents; an administrator approves or
-- rejects. The rules (docs/product-rules.md#verification) live here, not only in the dashboard:
--   * a new request only when the provider is not verified and has no pending request,
--   * sending a request makes the provider `pending`,
--   * approval makes the provider `verified` with verified_at and verified_by; rejection `rejected`.

create table public.provider_verification_requests (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.providers (id) on delete cascade,
  documents_submitted text[] not null
    constraint provider_verification_requests_documents_check check (
      cardinality(documents_submitted) between 1 and 50
      and array_position(documents_submitted, null) is null
      and '' <> all (documents_submitted)
    ),
  status text not null default 'pending'
    constraint provider_verification_requests_status_check check (status in ('pending', 'approved', 'rejected')),
  requested_at timestamptz not null default now(),
  reviewer_id uuid references auth.users (id) on delete set null,
  reviewed_at timestamptz,
  reviewer_notes text constraint provider_verification_requests_reviewer_notes_check check (length(reviewer_notes) <= 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.provider_verification_requests is
  'Verification requests of providers (documents listed by name). Approval verifies the provider.';

-- At most one pending request per provider.
create unique index provider_verification_requests_one_pending_idx
  on public.provider_verification_requests (provider_id) where status = 'pending';
create index provider_verification_requests_provider_id_idx
  on public.provider_verification_requests (provider_id, requested_at desc);
create index provider_verification_requests_status_idx
  on public.provider_verification_requests (status, requested_at desc);
create index provider_verification_requests_reviewer_id_idx
  on public.provider_verification_requests (reviewer_id);

create trigger provider_verification_requests_set_updated_at
  before update on public.provider_verification_requests
  for each row execute function private.set_updated_at();

-- Before insert: trims the document names (blank entries then fail the check), and refuses a
-- request from a verified provider or one that already has a request pending. It runs with the
-- caller's rights on purpose: it then reveals nothing about other providers (their rows are
-- invisible, and the insert policy refuses the row anyway). The row lock serialises it with a
-- concurrent approval.
create function private.check_new_verification_request() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  current_status text;
begin
  new.documents_submitted := array(select btrim(d) from unnest(new.documents_submitted) as d);
  select p.verification_status into current_status
  from public.providers p where p.id = new.provider_id
  for update;
  if current_status = 'verified' then
    raise exception 'This provider is already verified' using errcode = '23514';
  end if;
  if new.status = 'pending' and exists (
    select 1 from public.provider_verification_requests r
    where r.provider_id = new.provider_id and r.status = 'pending'
  ) then
    raise exception 'A verification request is already pending for this provider' using errcode = '23505';
  end if;
  return new;
end;
$$;
revoke execute on function private.check_new_verification_request() from public, anon, authenticated;

create trigger provider_verification_requests_check_new
  before insert on public.provider_verification_requests
  for each row execute function private.check_new_verification_request();

-- Before update: a request is decided once (pending -> approved | rejected); the decision
-- records who and when.
create function private.check_verification_decision() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.provider_id is distinct from old.provider_id then
    raise exception 'A verification request cannot move to another provider' using errcode = '23514';
  end if;
  if new.status is distinct from old.status then
    if old.status <> 'pending' then
      raise exception 'This verification request was already %', old.status using errcode = '23514';
    end if;
    new.reviewed_at := coalesce(new.reviewed_at, now());
    new.reviewer_id := coalesce(new.reviewer_id, (select auth.uid()));
  end if;
  return new;
end;
$$;
revoke execute on function private.check_verification_decision() from public, anon, authenticated;

create trigger provider_verification_requests_check_decision
  before update on public.provider_verification_requests
  for each row execute function private.check_verification_decision();

-- After insert or decision: the provider's verification_status follows its latest request.
-- Security definer: the provider's own update of these fields would be refused by guard_provider().
create function private.apply_verification_request() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and new.status = 'pending' then
    update public.providers set verification_status = 'pending' where id = new.provider_id;
  elsif tg_op = 'UPDATE' and new.status is distinct from old.status then
    if new.status = 'approved' then
      update public.providers
      set verification_status = 'verified', verified_at = coalesce(new.reviewed_at, now()), verified_by = new.reviewer_id
      where id = new.provider_id;
    elsif new.status = 'rejected' then
      update public.providers
      set verification_status = 'rejected', verified_at = null, verified_by = null
      where id = new.provider_id and verification_status <> 'verified';
    end if;
  end if;
  return null;
end;
$$;
revoke execute on function private.apply_verification_request() from public, anon, authenticated;

create trigger provider_verification_requests_apply
  after insert or update on public.provider_verification_requests
  for each row execute function private.apply_verification_request();

-- ---- privileges and policies ----------------------------------------------------------------------
revoke all on table public.provider_verification_requests from anon, authenticated;
grant select, delete on table public.provider_verification_requests to authenticated;
-- New requests are always pending with no review fields.
grant insert (provider_id, documents_submitted) on table public.provider_verification_requests to authenticated;
grant update (status, reviewer_id, reviewed_at, reviewer_notes) on table public.provider_verification_requests to authenticated;
alter table public.provider_verification_requests enable row level security;

create policy "Providers read their own verification requests" on public.provider_verification_requests
  for select to authenticated
  using (provider_id = (select private.current_provider_id()));

create policy "Admins read all verification requests" on public.provider_verification_requests
  for select to authenticated
  using ((select private.is_admin()));

create policy "Providers request their own verification" on public.provider_verification_requests
  for insert to authenticated
  with check (provider_id = (select private.current_provider_id()));

create policy "Admins decide verification requests" on public.provider_verification_requests
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins delete verification requests" on public.provider_verification_requests
  for delete to authenticated
  using ((select private.is_admin()));
