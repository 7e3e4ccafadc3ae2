-- Families report a factual problem on a program's page ("Report an error", issue 18).
--
-- A report is what is wrong (10 to 2000 characters) and, optionally, an e-mail address for the
-- site team's answer. It is about a directory program: a program file's id or the program id a
-- listing is published as. Who may do what:
--
--   * anyone (visitors and signed-in people) sends one, through POST /api/reports only: the
--     function checks the program exists and limits the rate, then inserts as the caller (`anon`
--     or `authenticated`), without RETURNING (the caller cannot read reports back);
--   * the listing and the provider a report is about are the database's: they are derived here
--     from the listing published as `program_id`, never taken from the caller (no grant names
--     them, and the trigger sets them whatever an insert says);
--   * a provider reads the reports on its own listings (not the reporter's e-mail address: the
--     site team answers); administrators read every report, the address included
--     (private.listing_report_email), and resolve them (status and an optional note; the date and
--     the administrator are set here);
--   * nobody else reads them, and nobody deletes through the API;
--   * Supabase's Data API is refused, as on every table (20261125000200_data_api_lockdown.sql).

create table public.listing_reports (
  id uuid primary key default gen_random_uuid(),
  program_id text not null
    constraint listing_reports_program_id_check check (program_id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  -- Derived (private.prepare_listing_report): the listing published as program_id, and its provider.
  listing_id uuid references public.provider_listings (id) on delete set null,
  provider_id uuid references public.providers (id) on delete set null,
  -- Trimmed; 10 to 2000 characters; line breaks and tabs allowed, other control characters and
  -- direction overrides refused (hasControlCharacter / hasBidiControl of src/lib/schemas.ts).
  what text not null
    constraint listing_reports_what_check check (
      char_length(what) between 10 and 2000
      and what = btrim(what)
      and what !~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]'
      and what !~ '[\u202a-\u202e\u2066-\u2069]'
    ),
  -- Optional, for an answer; the one e-mail rule (isEmail of src/lib/text-rules.ts).
  email text constraint listing_reports_email_check check (private.is_email(email)),
  created_at timestamptz not null default now(),
  status text not null default 'open'
    constraint listing_reports_status_check check (status in ('open', 'resolved')),
  resolved_at timestamptz,
  -- The administrator who resolved it (never shown through the API).
  resolved_by uuid references auth.users (id) on delete set null,
  resolution_note text
    constraint listing_reports_resolution_note_check check (
      char_length(resolution_note) between 1 and 2000
      and resolution_note = btrim(resolution_note)
      and resolution_note !~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]'
      and resolution_note !~ '[\u202a-\u202e\u2066-\u2069]'
    ),
  constraint listing_reports_resolved_check check ((status = 'resolved') = (resolved_at is not null))
);
comment on table public.listing_reports is
  'Factual problems families report on a program page ("Report an error"); read by the listing''s provider and administrators, resolved by administrators.';
comment on column public.listing_reports.program_id is
  'The directory program reported: a program file''s id or the program id of a published listing.';
comment on column public.listing_reports.listing_id is
  'The listing published as program_id when the report was sent (set by the database), else null.';
comment on column public.listing_reports.provider_id is
  'That listing''s provider (set by the database): the provider who reads the report.';
comment on column public.listing_reports.email is
  'The reporter''s address for an answer, if given; read by administrators only.';

create index listing_reports_status_created_at_idx on public.listing_reports (status, created_at desc);
create index listing_reports_provider_id_created_at_idx
  on public.listing_reports (provider_id, created_at desc) where provider_id is not null;
create index listing_reports_listing_id_idx on public.listing_reports (listing_id) where listing_id is not null;
create index listing_reports_resolved_by_idx on public.listing_reports (resolved_by) where resolved_by is not null;

-- ---- What the database derives --------------------------------------------------------------------
-- On insert: the listing and provider from the listing published as program_id (whatever the
-- insert said), the text trimmed, a blank address null, and a new report is open. Security
-- definer: visitors cannot read listings.
create function private.prepare_listing_report() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  select l.id, l.provider_id into new.listing_id, new.provider_id
  from public.provider_listings l
  where l.published_program_id = new.program_id;
  if not found then
    new.listing_id := null;
    new.provider_id := null;
  end if;
  new.what := btrim(new.what);
  new.email := nullif(btrim(new.email), '');
  new.status := 'open';
  new.resolved_at := null;
  new.resolved_by := null;
  new.resolution_note := null;
  new.created_at := now();
  return new;
end;
$$;
comment on function private.prepare_listing_report() is
  'A new report: listing and provider from the listing published as program_id, trimmed text, open.';
revoke execute on function private.prepare_listing_report() from public, anon, authenticated;

create trigger listing_reports_prepare
  before insert on public.listing_reports
  for each row execute function private.prepare_listing_report();

-- On update: resolving stamps the date and the administrator once; reopening (Studio) clears them.
-- The note is trimmed, a blank one null. What was reported, and about what, never changes.
create function private.resolve_listing_report() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.program_id is distinct from old.program_id
    or new.listing_id is distinct from old.listing_id
    or new.provider_id is distinct from old.provider_id
    or new.what is distinct from old.what
    or new.email is distinct from old.email
    or new.created_at is distinct from old.created_at then
    raise exception 'A report''s program, text, e-mail and date cannot be changed.'
      using errcode = '42501';
  end if;
  new.resolution_note := nullif(btrim(new.resolution_note), '');
  if new.status = 'resolved' and old.status = 'open' then
    new.resolved_at := now();
    new.resolved_by := (select auth.uid());
  elsif new.status = 'resolved' then
    new.resolved_at := old.resolved_at;
    new.resolved_by := old.resolved_by;
  else
    new.resolved_at := null;
    new.resolved_by := null;
  end if;
  return new;
end;
$$;
comment on function private.resolve_listing_report() is
  'Resolving a report sets resolved_at and resolved_by (once); reopening clears them; the report itself is immutable.';
revoke execute on function private.resolve_listing_report() from public, anon, authenticated;

create trigger listing_reports_resolve
  before update on public.listing_reports
  for each row execute function private.resolve_listing_report();

-- ---- The reporter's address, for administrators only ----------------------------------------------
-- Column privileges cannot tell an administrator from a provider (both are `authenticated`), so
-- `email` is not readable by the API roles; the admin list reads it through this function.
create function private.listing_report_email(p_id uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select r.email from public.listing_reports r where r.id = p_id and private.is_admin();
$$;
comment on function private.listing_report_email(uuid) is
  'The e-mail address a report was sent with, for an administrator; null for anyone else.';
revoke execute on function private.listing_report_email(uuid) from public, anon;
grant execute on function private.listing_report_email(uuid) to authenticated, service_role;

-- ---- Privileges (what netlify/functions/listing-reports.mts runs) ----------------------------------
revoke all on table public.listing_reports from anon, authenticated;
grant insert (id, program_id, what, email) on table public.listing_reports to anon, authenticated;
grant select (id, program_id, listing_id, provider_id, what, created_at, status, resolved_at, resolution_note)
  on table public.listing_reports to authenticated;
grant update (status, resolution_note) on table public.listing_reports to authenticated;

-- ---- Row-level security ---------------------------------------------------------------------------
alter table public.listing_reports enable row level security;

create policy "Only the API functions, never the Data API" on public.listing_reports as restrictive for all
  to anon, authenticated using (not (select private.via_data_api()))
  with check (not (select private.via_data_api()));

create policy "Anyone reports an error on a program" on public.listing_reports
  for insert to anon, authenticated
  with check (status = 'open' and resolved_at is null);

create policy "Providers read reports on their listings" on public.listing_reports
  for select to authenticated
  using (provider_id = (select private.current_provider_id()));

create policy "Admins read all reports" on public.listing_reports
  for select to authenticated
  using ((select private.is_admin()));

create policy "Admins resolve reports" on public.listing_reports
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
