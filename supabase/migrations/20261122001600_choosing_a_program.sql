-- Choosing a program (docs/product-rules.md#program-profiles): what a listing says about
-- treatment fidelity and youth safety, its availability with the day it was last confirmed, and
-- when a request was first answered.

-- ---- treatment fidelity and youth-safety facts: listing-builder fields, reviewed like the rest ----
alter table public.provider_listings
  add column erp_hours_per_week numeric(4, 1)
    constraint provider_listings_erp_hours_check check (erp_hours_per_week between 0 and 80),
  add column individual_sessions_per_week numeric(4, 1)
    constraint provider_listings_individual_sessions_check check (individual_sessions_per_week between 0 and 30),
  add column specialised_clinicians_percent integer
    constraint provider_listings_specialised_clinicians_check check (specialised_clinicians_percent between 0 and 100),
  add column outcome_measure text
    constraint provider_listings_outcome_measure_check check (outcome_measure in ('Y-BOCS', 'CY-BOCS', 'none')),
  add column score_change numeric(4, 1)
    constraint provider_listings_score_change_check check (score_change between -40 and 40),
  add column score_change_year integer
    constraint provider_listings_score_change_year_check check (score_change_year between 1990 and 2100),
  add column score_change_sample integer
    constraint provider_listings_score_change_sample_check check (score_change_sample between 1 and 1000000),
  add column family_sessions_per_week numeric(4, 1)
    constraint provider_listings_family_sessions_check check (family_sessions_per_week between 0 and 14),
  add column family_accommodation_work boolean,
  add column licence_number text constraint provider_listings_licence_number_check check (length(licence_number) <= 100),
  add column licence_agency text constraint provider_listings_licence_agency_check check (length(licence_agency) <= 200),
  add column restraint_policy text constraint provider_listings_restraint_policy_check check (length(restraint_policy) <= 2000),
  add column parent_contact_policy text
    constraint provider_listings_parent_contact_policy_check check (length(parent_contact_policy) <= 2000),
  add column schooling text constraint provider_listings_schooling_check check (length(schooling) <= 2000),
  add column transport_escort text constraint provider_listings_transport_escort_check check (length(transport_escort) <= 2000),
  -- A published median change comes with its year and sample size, or not at all.
  add constraint provider_listings_score_change_complete_check check (
    (score_change is null) = (score_change_year is null) and (score_change is null) = (score_change_sample is null)
  );

-- ---- availability: changed by the provider at any time, without a new review -----------------------
-- A separate row per listing, so confirming "Still accurate" never touches the reviewed listing.
create table public.listing_availability (
  listing_id uuid primary key references public.provider_listings (id) on delete cascade,
  status text not null
    constraint listing_availability_status_check check (status in ('open', 'waitlist', 'not-admitting')),
  wait_weeks integer constraint listing_availability_wait_weeks_check check (wait_weeks between 1 and 104),
  -- Set by the database on every write: the day the provider last confirmed it.
  confirmed_at timestamptz not null default now(),
  constraint listing_availability_wait_weeks_only_waitlist_check check (wait_weeks is null or status = 'waitlist')
);
comment on table public.listing_availability is
  'A listing''s availability (beds open / wait list / not admitting) and when its provider last confirmed it.';

create function private.confirm_availability() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.confirmed_at := now();
  return new;
end;
$$;
revoke execute on function private.confirm_availability() from public, anon, authenticated;

create trigger listing_availability_confirmed
  before insert or update on public.listing_availability
  for each row execute function private.confirm_availability();

revoke all on table public.listing_availability from anon, authenticated;
grant select, insert, update (status, wait_weeks, confirmed_at) on table public.listing_availability to authenticated;
alter table public.listing_availability enable row level security;

create policy "Providers read their listings' availability" on public.listing_availability
  for select to authenticated
  using (exists (select 1 from public.provider_listings l
                 where l.id = listing_id and l.provider_id = (select private.current_provider_id())));
create policy "Admins read all availability" on public.listing_availability
  for select to authenticated
  using ((select private.is_admin()));
create policy "Providers state their listings' availability" on public.listing_availability
  for insert to authenticated
  with check (exists (select 1 from public.provider_listings l
                      where l.id = listing_id and l.provider_id = (select private.current_provider_id())));
create policy "Providers confirm their listings' availability" on public.listing_availability
  for update to authenticated
  using (exists (select 1 from public.provider_listings l
                 where l.id = listing_id and l.provider_id = (select private.current_provider_id())))
  with check (exists (select 1 from public.provider_listings l
                      where l.id = listing_id and l.provider_id = (select private.current_provider_id())));

-- ---- reply times: when a request was first answered ----------------------------------------------
alter table public.provider_inquiries add column first_status_change_at timestamptz;
comment on column public.provider_inquiries.first_status_change_at is
  'When the program first changed the request''s status (its first answer); set by the database.';

-- Requests answered before this column existed: their last change is the best date there is.
update public.provider_inquiries set first_status_change_at = updated_at where status <> 'new';

create function private.stamp_first_status_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status and old.first_status_change_at is null then
    new.first_status_change_at := now();
  else
    new.first_status_change_at := old.first_status_change_at;
  end if;
  return new;
end;
$$;
revoke execute on function private.stamp_first_status_change() from public, anon, authenticated;

create trigger provider_inquiries_first_status_change
  before update on public.provider_inquiries
  for each row execute function private.stamp_first_status_change();


create index provider_inquiries_reply_idx on public.provider_inquiries (program_id, created_at)
  where first_status_change_at is not null;
