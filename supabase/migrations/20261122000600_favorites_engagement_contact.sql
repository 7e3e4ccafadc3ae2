-- Families' saved programs, anonymous engagement counts, and contact-page messages.

-- ---- user_favorites -------------------------------------------------------------------------------
create table public.user_favorites (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  program_id text not null constraint user_favorites_program_id_check check (program_id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  program_name text not null default '' constraint user_favorites_program_name_check check (length(program_name) <= 200),
  created_at timestamptz not null default now(),
  constraint user_favorites_user_id_program_id_key unique (user_id, program_id)
);
comment on table public.user_favorites is 'Programs a signed-in user saved (one row per user and program).';
create index user_favorites_user_id_created_at_idx on public.user_favorites (user_id, created_at desc);

revoke all on table public.user_favorites from anon, authenticated;
grant select, delete on table public.user_favorites to authenticated;
grant insert (user_id, program_id, program_name) on table public.user_favorites to authenticated;
alter table public.user_favorites enable row level security;

create policy "Users read their own favourites" on public.user_favorites
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins read all favourites" on public.user_favorites
  for select to authenticated
  using ((select private.is_admin()));

create policy "Users save their own favourites" on public.user_favorites
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users remove their own favourites" on public.user_favorites
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- ---- program_engagement ---------------------------------------------------------------------------
-- Privacy: a program id, an event type and a time. No user id, no IP address, nothing else.
create table public.program_engagement (
  id uuid primary key default gen_random_uuid(),
  program_id text not null constraint program_engagement_program_id_check check (program_id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  event_type text not null
    constraint program_engagement_event_type_check check (event_type in ('view', 'website_click', 'call_click', 'info_request')),
  created_at timestamptz not null default now()
);
comment on table public.program_engagement is
  'Anonymous engagement events (program id, type, time). Deliberately no user id or IP address.';
comment on column public.program_engagement.created_at is 'The "timestamp" of spec §3.';
create index program_engagement_program_id_created_at_idx on public.program_engagement (program_id, created_at desc);

revoke all on table public.program_engagement from anon, authenticated;
grant insert (program_id, event_type) on table public.program_engagement to anon, authenticated;
grant select, delete on table public.program_engagement to authenticated;
alter table public.program_engagement enable row level security;

create policy "Anyone records engagement events" on public.program_engagement
  for insert to anon, authenticated
  with check (event_type in ('view', 'website_click', 'call_click', 'info_request'));

create policy "Providers read engagement with their published programs" on public.program_engagement
  for select to authenticated
  using (program_id in (
    select l.published_program_id from public.provider_listings l
    where l.provider_id = (select private.current_provider_id()) and l.published_program_id is not null
  ));

create policy "Admins read all engagement" on public.program_engagement
  for select to authenticated
  using ((select private.is_admin()));

create policy "Admins delete engagement" on public.program_engagement
  for delete to authenticated
  using ((select private.is_admin()));

-- ---- contact_messages -----------------------------------------------------------------------------
create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint contact_messages_name_check check (length(btrim(name)) between 1 and 200),
  email text not null
    constraint contact_messages_email_check check (length(email) <= 320 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text constraint contact_messages_phone_check check (length(phone) <= 40),
  subject text not null constraint contact_messages_subject_check check (length(btrim(subject)) between 1 and 200),
  message text not null constraint contact_messages_message_check check (length(btrim(message)) between 1 and 5000),
  created_at timestamptz not null default now()
);
comment on table public.contact_messages is 'Messages from the contact page; read by administrators only.';
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

revoke all on table public.contact_messages from anon, authenticated;
grant insert (id, name, email, phone, subject, message) on table public.contact_messages to anon, authenticated;
grant select, delete on table public.contact_messages to authenticated;
alter table public.contact_messages enable row level security;

create policy "Anyone sends a contact message" on public.contact_messages
  for insert to anon, authenticated
  with check (length(btrim(message)) > 0);

create policy "Admins read contact messages" on public.contact_messages
  for select to authenticated
  using ((select private.is_admin()));

create policy "Admins delete contact messages" on public.contact_messages
  for delete to authenticated
  using ((select private.is_admin()));
