-- Listings built by providers in the dashboard's listing builder, reviewed by administrators.
-- An approved listing becomes a directory program (id `published_program_id`) at the next build.

-- The caller's providers row (a user has at most one). Security definer so policies on other
-- tables can use it without depending on the caller's rights on providers.
create function private.current_provider_id() returns uuid
language sql stable security definer
set search_path = ''
as $$
  select p.id from public.providers p where p.user_id = (select auth.uid());
$$;
comment on function private.current_provider_id() is 'The providers.id of the signed-in caller, or null.';
revoke execute on function private.current_provider_id() from public, anon;
grant execute on function private.current_provider_id() to authenticated, service_role;

create table public.provider_listings (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.providers (id) on delete cascade,
  -- Listing-builder fields; option lists repeat src/lib/vocabulary.ts.
  center_name text not null default '' constraint provider_listings_center_name_check check (length(center_name) <= 200),
  description text not null default '' constraint provider_listings_description_check check (length(description) <= 5000),
  phone text not null default '' constraint provider_listings_phone_check check (length(phone) <= 40),
  email text constraint provider_listings_email_check
    check (email = '' or (length(email) <= 320 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$')),
  website text constraint provider_listings_website_check check (length(website) <= 500),
  address text constraint provider_listings_address_check check (length(address) <= 300),
  city text constraint provider_listings_city_check check (length(city) <= 100),
  state text constraint provider_listings_state_check check (length(state) <= 100),
  zip_code text constraint provider_listings_zip_code_check check (zip_code = '' or zip_code ~ '^\d{5}(-\d{4})?$'),
  age_groups text[] not null default '{}' constraint provider_listings_age_groups_check
    check (age_groups <@ array['Children', 'Adolescents', 'Young Adults', 'Adults']),
  gender_specific text constraint provider_listings_gender_specific_check
    check (gender_specific in ('Co-ed', 'Gender-specific', 'Boys-only')),
  setting text constraint provider_listings_setting_check
    check (setting in ('Residential', 'Residential OCD Program', 'Inpatient', 'Partial Hospitalization', 'Intensive Outpatient')),
  capacity integer constraint provider_listings_capacity_check check (capacity between 1 and 10000),
  avg_length text constraint provider_listings_avg_length_check check (length(avg_length) <= 100),
  modalities text[] not null default '{}' constraint provider_listings_modalities_check
    check (modalities <@ array['ERP', 'CBT', 'DBT', 'ACT', 'Mindfulness', 'Family Therapy', 'Exposure Therapy',
                               'Group Therapy', 'Individual Therapy', 'Psychiatric Medication Management']),
  staff_ratio text constraint provider_listings_staff_ratio_check check (length(staff_ratio) <= 100),
  medical_support text constraint provider_listings_medical_support_check check (length(medical_support) <= 2000),
  insurance text[] not null default '{}' constraint provider_listings_insurance_check
    check (insurance <@ array['In-Network', 'Out-of-Network', 'Private Pay', 'Medicaid', 'Medicare']),
  financial_aid text constraint provider_listings_financial_aid_check check (length(financial_aid) <= 2000),
  logo_url text constraint provider_listings_logo_url_check check (length(logo_url) <= 1000),
  images text[] not null default '{}' constraint provider_listings_images_check check (cardinality(images) <= 20),
  accreditations text[] not null default '{}' constraint provider_listings_accreditations_check
    check (accreditations <@ array['JCAHO', 'CARF', 'State Licensed', 'Other']),
  license_url text constraint provider_listings_license_url_check check (length(license_url) <= 1000),
  -- Review workflow.
  status text not null default 'draft'
    constraint provider_listings_status_check check (status in ('draft', 'pending', 'approved', 'rejected')),
  submitted_at timestamptz,
  reviewed_at timestamptz,
  reviewed_by uuid references auth.users (id) on delete set null,
  reviewer_notes text constraint provider_listings_reviewer_notes_check check (length(reviewer_notes) <= 5000),
  published_program_id text constraint provider_listings_published_program_id_check
    check (published_program_id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- "Missing Required Information": a draft may be incomplete, a submitted listing may not.
  constraint provider_listings_submitted_complete_check check (
    status = 'draft'
    or (length(btrim(center_name)) > 0 and length(btrim(description)) > 0 and length(btrim(phone)) > 0)
  ),
  constraint provider_listings_published_program_id_key unique (published_program_id)
);
comment on table public.provider_listings is
  'Listings from the listing builder. Providers write draft/pending; administrators approve or reject.';
comment on column public.provider_listings.published_program_id is
  'Directory program id (content/programs/<id>) this listing is published as, set by an administrator.';

create index provider_listings_provider_id_idx on public.provider_listings (provider_id, created_at desc);
create index provider_listings_status_idx on public.provider_listings (status, created_at desc);
create index provider_listings_reviewed_by_idx on public.provider_listings (reviewed_by);

create trigger provider_listings_set_updated_at
  before update on public.provider_listings
  for each row execute function private.set_updated_at();

-- Providers move their listings between draft and pending only; the review fields are the
-- administrators'. A provider's edit of an approved listing sends it back for review.
create function private.guard_listing() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'pending' and (tg_op = 'INSERT' or old.status is distinct from 'pending') then
    new.submitted_at := now();
  end if;
  if private.may_write_protected_fields() then
    if new.status in ('approved', 'rejected') and (tg_op = 'INSERT' or old.status is distinct from new.status) then
      new.reviewed_at := coalesce(new.reviewed_at, now());
      new.reviewed_by := coalesce(new.reviewed_by, (select auth.uid()));
    end if;
    return new;
  end if;
  if new.status not in ('draft', 'pending') then
    raise exception 'Only an administrator can approve or reject a listing' using errcode = '42501';
  end if;
  if tg_op = 'INSERT' then
    if new.reviewed_at is not null or new.reviewed_by is not null or new.reviewer_notes is not null
      or new.published_program_id is not null then
      raise exception 'Only an administrator can set review fields' using errcode = '42501';
    end if;
  elsif new.reviewed_at is distinct from old.reviewed_at
    or new.reviewed_by is distinct from old.reviewed_by
    or new.reviewer_notes is distinct from old.reviewer_notes
    or new.published_program_id is distinct from old.published_program_id
  then
    raise exception 'Only an administrator can set review fields' using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke execute on function private.guard_listing() from public, anon, authenticated;

create trigger provider_listings_guard
  before insert or update on public.provider_listings
  for each row execute function private.guard_listing();

-- ---- privileges and policies ----------------------------------------------------------------------
-- Visitors never read listings directly: approved ones reach them as built directory pages (the
-- content loader reads them with the database owner's rights).
revoke all on table public.provider_listings from anon, authenticated;
grant select, insert, update, delete on table public.provider_listings to authenticated;
alter table public.provider_listings enable row level security;

create policy "Providers read their own listings" on public.provider_listings
  for select to authenticated
  using (provider_id = (select private.current_provider_id()));

create policy "Admins read all listings" on public.provider_listings
  for select to authenticated
  using ((select private.is_admin()));

create policy "Providers create their own listings" on public.provider_listings
  for insert to authenticated
  with check (provider_id = (select private.current_provider_id()));

create policy "Providers update their own listings" on public.provider_listings
  for update to authenticated
  using (provider_id = (select private.current_provider_id()))
  with check (provider_id = (select private.current_provider_id()));

create policy "Admins review listings" on public.provider_listings
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Providers delete their own unpublished listings" on public.provider_listings
  for delete to authenticated
  using (provider_id = (select private.current_provider_id()) and status <> 'approved');

create policy "Admins delete listings" on public.provider_listings
  for delete to authenticated
  using ((select private.is_admin()));
