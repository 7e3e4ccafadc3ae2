-- Reports cannot flood an item or the moderator's list.
--
-- Review reports (review_reports) and error reports (listing_reports) were limited per address
-- and per minute only: forty addresses could put forty open reports on one review. Now, whoever
-- writes (the functions, a person in Studio):
--
--   * a report carries its reporter (`reporter`), a key that says who sent it without naming
--     them: `account:<user id>` for a signed-in person, else `address:<HMAC-SHA-256 of the
--     sender's network>` (the IPv4 address, or the /64 an IPv6 address belongs to), computed here
--     with a secret that never leaves the database, so the stored key cannot be turned back into
--     an address. The functions send `address:<network>`; the trigger replaces it before the row
--     is written. Forgotten (null) once the report is resolved: it only serves while it is open;
--   * one open report per reporter and item (a review; a program for error reports): a second
--     one is refused with 23505 and constraint `<table>_one_open_per_reporter` (the API answers
--     200 "You already reported this");
--   * at most private.open_reports_cap() (10) open reports per item: beyond it, nothing is stored
--     but a count in `report_overflow` (the insert stores no row: the trigger returns null), which
--     the moderator sees beside the reports; it goes when no open report of the item is left;
--   * `sender_id`: the signed-in account that sent the report (derived from an `account:`
--     reporter, null when the account is gone), so the account's export includes it and its
--     deletion removes the link (20261206200300_account_data.sql).
-- Both checks run under a transaction-scoped advisory lock per item, so concurrent reports are
-- counted one after the other.

-- ---- The secret of the address keys (one row; nobody but the definer functions reads it) -----------
create table private.reporter_secret (
  id boolean primary key default true constraint reporter_secret_one_row check (id),
  secret bytea not null default extensions.gen_random_bytes(32)
);
comment on table private.reporter_secret is
  'The HMAC key of report_reporter() address keys; made once, never leaves the database.';
insert into private.reporter_secret default values;
revoke all on table private.reporter_secret from public, anon, authenticated;

create function private.open_reports_cap() returns integer
language sql immutable
set search_path = ''
as $$ select 10 $$;
comment on function private.open_reports_cap() is
  'Most open reports stored per item (a review, or a program for error reports); more are only counted.';
grant execute on function private.open_reports_cap() to anon, authenticated, service_role;

-- ---- Columns ----------------------------------------------------------------------------------------
alter table public.review_reports
  add column reporter text
    constraint review_reports_reporter_check check (reporter ~ '^(account:[0-9a-f-]{36}|address:[0-9a-f]{64})$'),
  add column sender_id uuid references auth.users (id) on delete set null;
alter table public.listing_reports
  add column reporter text
    constraint listing_reports_reporter_check check (reporter ~ '^(account:[0-9a-f-]{36}|address:[0-9a-f]{64})$'),
  add column sender_id uuid references auth.users (id) on delete set null;
comment on column public.review_reports.reporter is
  'Who sent it, without naming them (account:<user id> or address:<HMAC of the network>), while it is open.';
comment on column public.listing_reports.reporter is
  'Who sent it, without naming them (account:<user id> or address:<HMAC of the network>), while it is open.';
comment on column public.review_reports.sender_id is 'The signed-in account that sent it, if any.';
comment on column public.listing_reports.sender_id is 'The signed-in account that sent it, if any.';

create unique index review_reports_one_open_per_reporter
  on public.review_reports (review_id, reporter) where status = 'open';
create unique index listing_reports_one_open_per_reporter
  on public.listing_reports (program_id, reporter) where status = 'open';
create index review_reports_sender_id_idx on public.review_reports (sender_id) where sender_id is not null;
create index listing_reports_sender_id_idx on public.listing_reports (sender_id) where sender_id is not null;
create index listing_reports_open_program_idx on public.listing_reports (program_id) where status = 'open';

-- ---- Reports beyond the cap --------------------------------------------------------------------------
create table public.report_overflow (
  kind text not null constraint report_overflow_kind_check check (kind in ('review', 'program')),
  -- The review's id, or the program id of error reports.
  item text not null,
  reports integer not null default 1 constraint report_overflow_reports_check check (reports > 0),
  first_at timestamptz not null default now(),
  last_at timestamptz not null default now(),
  primary key (kind, item)
);
comment on table public.report_overflow is
  'Reports received beyond private.open_reports_cap() open ones per item: counted, not stored; cleared when the item has no open report left.';

revoke all on table public.report_overflow from anon, authenticated;
grant select (kind, item, reports, first_at, last_at) on table public.report_overflow to authenticated;
alter table public.report_overflow enable row level security;
create policy "Only the API functions, never the Data API" on public.report_overflow as restrictive for all
  to anon, authenticated using (not (select private.via_data_api()))
  with check (not (select private.via_data_api()));
create policy "Admins read report counts" on public.report_overflow
  for select to authenticated
  using ((select private.is_admin()));

-- ---- On insert: the reporter's key, one open report each, the cap -------------------------------------
-- Runs after `<table>_prepare` (trigger names sort so): the report is known to be acceptable.
create function private.limit_reports() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_kind text;
  v_item text;
  v_open integer;
  v_duplicate boolean;
begin
  -- Each branch names only its own table's columns (plpgsql resolves a field when it runs).
  if tg_table_name = 'review_reports' then
    v_kind := 'review';
    v_item := new.review_id::text;
  else
    v_kind := 'program';
    v_item := new.program_id;
  end if;
  if new.reporter like 'address:%' and new.reporter !~ '^address:[0-9a-f]{64}$' then
    new.reporter := 'address:' || encode(extensions.hmac(
      convert_to(substr(new.reporter, 9), 'UTF8'),
      (select s.secret from private.reporter_secret s),
      'sha256'), 'hex');
  end if;
  new.sender_id := null;
  if new.reporter ~ '^account:[0-9a-f-]{36}$' then
    -- Held until the transaction ends, so a deletion of the account cannot slip in between.
    select u.id into new.sender_id from auth.users u where u.id = substr(new.reporter, 9)::uuid for key share;
  end if;

  perform pg_advisory_xact_lock(hashtextextended(tg_table_name || ':' || v_item, 0));
  if tg_table_name = 'review_reports' then
    select count(*), coalesce(bool_or(r.reporter = new.reporter), false) into v_open, v_duplicate
    from public.review_reports r where r.review_id = new.review_id and r.status = 'open';
  else
    select count(*), coalesce(bool_or(r.reporter = new.reporter), false) into v_open, v_duplicate
    from public.listing_reports r where r.program_id = new.program_id and r.status = 'open';
  end if;
  if v_duplicate then
    raise exception 'This reporter already has an open report on it.'
      using errcode = '23505', constraint = tg_table_name || '_one_open_per_reporter',
            schema = 'public', table = tg_table_name;
  end if;
  if v_open >= private.open_reports_cap() then
    insert into public.report_overflow as o (kind, item) values (v_kind, v_item)
    on conflict (kind, item) do update set reports = o.reports + 1, last_at = now();
    return null;
  end if;
  return new;
end;
$$;
comment on function private.limit_reports() is
  'A new report: the reporter''s key (an address HMAC), its account, one open report per reporter and item, at most open_reports_cap() open per item (more are counted in report_overflow).';
revoke execute on function private.limit_reports() from public, anon, authenticated;

create trigger review_reports_zz_limit
  before insert on public.review_reports
  for each row execute function private.limit_reports();
create trigger listing_reports_zz_limit
  before insert on public.listing_reports
  for each row execute function private.limit_reports();

-- ---- Once resolved: the reporter is forgotten; the count goes with the last open report --------------
create function private.forget_reporter() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'resolved' then
    new.reporter := null;
  end if;
  return new;
end;
$$;
revoke execute on function private.forget_reporter() from public, anon, authenticated;

create trigger review_reports_zz_forget_reporter
  before update of status on public.review_reports
  for each row execute function private.forget_reporter();
create trigger listing_reports_zz_forget_reporter
  before update of status on public.listing_reports
  for each row execute function private.forget_reporter();

create function private.clear_report_overflow() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'review_reports' then
    if not exists (select 1 from public.review_reports r where r.review_id = old.review_id and r.status = 'open') then
      delete from public.report_overflow o where o.kind = 'review' and o.item = old.review_id::text;
    end if;
  elsif not exists (select 1 from public.listing_reports r where r.program_id = old.program_id and r.status = 'open') then
    delete from public.report_overflow o where o.kind = 'program' and o.item = old.program_id;
  end if;
  return null;
end;
$$;
revoke execute on function private.clear_report_overflow() from public, anon, authenticated;

create trigger review_reports_clear_overflow
  after update of status or delete on public.review_reports
  for each row execute function private.clear_report_overflow();
create trigger listing_reports_clear_overflow
  after update of status or delete on public.listing_reports
  for each row execute function private.clear_report_overflow();

-- ---- Privileges --------------------------------------------------------------------------------------
-- The functions send the reporter with the report (as `anon`, without RETURNING, as before).
grant insert (reporter) on table public.review_reports to anon, authenticated;
grant insert (reporter) on table public.listing_reports to anon, authenticated;
