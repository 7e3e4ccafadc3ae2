-- Info and call requests from families. Anyone may send one (visitors through the API as `anon`);
-- only the provider it is addressed to and administrators read it.

create table public.provider_inquiries (
  id uuid primary key default gen_random_uuid(),
  -- A directory program (content/programs/<id>); its program may have no provider account.
  program_id text constraint provider_inquiries_program_id_check check (program_id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  provider_id uuid references public.providers (id) on delete cascade,
  listing_id uuid references public.provider_listings (id) on delete set null,
  type text not null constraint provider_inquiries_type_check check (type in ('info', 'call')),
  name text not null constraint provider_inquiries_name_check check (length(btrim(name)) between 1 and 200),
  email text not null
    constraint provider_inquiries_email_check check (length(email) <= 320 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text constraint provider_inquiries_phone_check check (length(phone) <= 40),
  message text not null default '' constraint provider_inquiries_message_check check (length(message) <= 5000),
  program_name text constraint provider_inquiries_program_name_check check (length(program_name) <= 200),
  -- Set from `type` by a trigger: high for call requests, medium for info requests.
  urgency text not null default 'medium' constraint provider_inquiries_urgency_check check (urgency in ('high', 'medium')),
  location text constraint provider_inquiries_location_check check (length(location) <= 200),
  status text not null default 'new'
    constraint provider_inquiries_status_check check (status in ('new', 'contacted', 'closed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint provider_inquiries_addressed_check check (program_id is not null or provider_id is not null)
);
comment on table public.provider_inquiries is
  'Info and call requests. Anyone may send one; the addressed provider and administrators read them.';

create index provider_inquiries_provider_id_idx on public.provider_inquiries (provider_id, created_at desc);
create index provider_inquiries_provider_id_status_idx on public.provider_inquiries (provider_id, status, created_at desc);
create index provider_inquiries_program_id_idx on public.provider_inquiries (program_id, created_at desc);
create index provider_inquiries_listing_id_idx on public.provider_inquiries (listing_id);
create index provider_inquiries_created_at_idx on public.provider_inquiries (created_at desc);

create trigger provider_inquiries_set_updated_at
  before update on public.provider_inquiries
  for each row execute function private.set_updated_at();

-- Urgency follows the type whatever the client sent; an inquiry about a program published from
-- a provider's listing is addressed to that provider. Security definer: visitors cannot read
-- listings, but their inquiry must still reach the right provider.
create function private.prepare_inquiry() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.urgency := case new.type when 'call' then 'high' else 'medium' end;
  if tg_op = 'INSERT' then
    new.name := btrim(new.name);
    new.email := btrim(new.email);
    if new.provider_id is null and new.program_id is not null then
      select l.provider_id into new.provider_id
      from public.provider_listings l
      where l.published_program_id = new.program_id and l.status = 'approved';
    end if;
  end if;
  return new;
end;
$$;
revoke execute on function private.prepare_inquiry() from public, anon, authenticated;

create trigger provider_inquiries_prepare
  before insert or update on public.provider_inquiries
  for each row execute function private.prepare_inquiry();

-- ---- privileges and policies ----------------------------------------------------------------------
-- Senders cannot read back what they sent (no select for anon), so the API inserts without
-- RETURNING and makes its own id if it needs one.
revoke all on table public.provider_inquiries from anon, authenticated;
grant insert (id, program_id, provider_id, listing_id, type, name, email, phone, message, program_name, location)
  on table public.provider_inquiries to anon, authenticated;
grant select, delete on table public.provider_inquiries to authenticated;
grant update (status) on table public.provider_inquiries to authenticated;
alter table public.provider_inquiries enable row level security;

create policy "Anyone sends an inquiry" on public.provider_inquiries
  for insert to anon, authenticated
  with check (status = 'new');

create policy "Providers read inquiries addressed to them" on public.provider_inquiries
  for select to authenticated
  using (provider_id = (select private.current_provider_id()));

create policy "Admins read all inquiries" on public.provider_inquiries
  for select to authenticated
  using ((select private.is_admin()));

create policy "Providers update the status of their inquiries" on public.provider_inquiries
  for update to authenticated
  using (provider_id = (select private.current_provider_id()))
  with check (provider_id = (select private.current_provider_id()));

create policy "Admins update inquiries" on public.provider_inquiries
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins delete inquiries" on public.provider_inquiries
  for delete to authenticated
  using ((select private.is_admin()));
