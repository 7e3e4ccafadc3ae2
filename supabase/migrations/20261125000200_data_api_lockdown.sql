-- Nothing but the functions can touch the data.
--
-- Supabase serves the `public` schema through its Data API (PostgREST at /rest/v1, pg_graphql at
-- /graphql/v1) to anyone holding the publishable key, which every page carries. The API roles
-- `anon` and `authenticated` exist for the functions (withClaims: `set local role …`), but the
-- Data API runs statements as the very same roles, so every privilege granted for the functions
-- was also a privilege of any visitor with curl: e.g. a direct insert into provider_inquiries
-- with any provider_id and program_name appeared in that provider's dashboard, with none of the
-- function's checks (validation, limits, honeypot, e-mails).
--
-- The fix has three layers:
--   1. Production runs with the Data API disabled (docs/deploy.md, step 1; supabase/config.toml
--      `[api] enabled = false` for `supabase start`). `npm run check:deploy` calls /rest/v1 and
--      /graphql/v1 with the publishable key and fails unless both refuse.
--   2. Should it be switched on again, every table of `public` refuses the Data API's sessions
--      (restrictive policy below): PostgREST logs in as `authenticator` and then takes the API
--      role, while the functions log in as the project's own user (`postgres`; the pooler's
--      `postgres.<ref>`), and `session_user` is not changed by `set role`.
--   3. Whatever the session, the API roles hold only the privileges the functions' SQL needs
--      (column lists, audited against netlify/functions/*.mts), and the database derives what
--      the caller must not choose: the provider (and listing) an inquiry is addressed to, and
--      the name of a program published from a listing (inquiries and favourites).
-- tests/db/data-api-lockdown.test.ts proves each layer in the database; docs/security.md lists them.

-- ---- 2. The Data API's sessions are refused everywhere -------------------------------------------
-- True in a session that logged in as `authenticator`, the role Supabase's PostgREST (REST and
-- GraphQL alike) connects as. Not security definer: it reads only the caller's own session.
create function private.via_data_api() returns boolean
language sql stable parallel safe
set search_path = ''
return session_user = 'authenticator';
comment on function private.via_data_api() is
  'True when the session is Supabase''s Data API (PostgREST logs in as authenticator); the functions log in as the project''s own user.';
revoke execute on function private.via_data_api() from public;
grant execute on function private.via_data_api() to anon, authenticated, service_role;

-- Every table in `public` but an extension's (this loop covers every table of the earlier
-- migrations; tests/db/data-api-lockdown.test.ts fails for a later table without the policy).
-- Restrictive: it is ANDed with the permissive policies, so it can only take rights away.
do $$
declare
  t regclass;
begin
  for t in
    select c.oid::regclass from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and not exists (
        select 1 from pg_catalog.pg_depend d
        where d.classid = 'pg_catalog.pg_class'::regclass and d.objid = c.oid and d.deptype = 'e'
      )
    order by c.relname
  loop
    execute format('alter table %s enable row level security', t);
    execute format(
      'create policy "Only the API functions, never the Data API" on %s as restrictive for all '
      'to anon, authenticated using (not (select private.via_data_api())) '
      'with check (not (select private.via_data_api()))',
      t
    );
  end loop;
end
$$;

-- ---- private.session_is_live() --------------------------------------------------------------------
-- It answers "does session X of user Y exist?" for ANY session and user: executable by
-- `authenticated` (20261122000710), a signed-in caller could probe other people's sessions. No
-- policy calls it; its only callers are private.assume_user() (run by the functions' own
-- connection user before it takes the `authenticated` role; assume_user is not executable by the
-- API roles either) and private.delete_account() (security definer, server only). So it is simply
-- taken away from the API roles: nothing running as `authenticated` needs it.
revoke execute on function private.session_is_live(uuid, uuid) from public, anon, authenticated;
grant execute on function private.session_is_live(uuid, uuid) to service_role;

-- ---- 3a. Privileges: what the functions' SQL needs, nothing more ----------------------------------
-- Read off netlify/functions/*.mts (every statement run through withClaims). Column lists for
-- writes everywhere; for reads where a column is not the API's business. Policies that allowed
-- an operation now without a grant (e.g. "Admins delete providers") stay as a second rule but
-- are unreachable through the API: administrators do such things in Studio (as postgres).

-- user_roles: /api/me and /api/account read the caller's roles. Roles are written in Studio or
-- with `npm run admin:grant` (postgres), never through the API.
revoke all on table public.user_roles from anon, authenticated;
grant select (user_id, role) on table public.user_roles to authenticated;

-- providers: registration (/api/providers, the testing suite), the profile and contact settings
-- (/api/provider/profile), the trial of a test provider (testing suite, administrators only:
-- private.guard_provider). Verification fields are written by the verification triggers only;
-- `verified_by` (an administrator's user id) is never shown (PROVIDER_COLUMNS).
revoke all on table public.providers from anon, authenticated;
grant select (
  id, user_id, organization_name, contact_name, email, phone, website, description, location, state,
  inquiry_email, inquiry_phone, subscription_plan, subscription_status, trial_ends_at,
  verification_status, verified_at, created_at, updated_at
) on table public.providers to authenticated;
grant insert (user_id, organization_name, contact_name, email, phone) on table public.providers to authenticated;
grant update (
  organization_name, contact_name, email, phone, website, description, location, state,
  inquiry_email, inquiry_phone, subscription_plan, subscription_status, trial_ends_at
) on table public.providers to authenticated;

-- provider_listings: the listing builder (/api/provider/listings: the builder's fields, provider,
-- draft/pending) and the review (/api/admin/listings: status, notes, program id). Whole rows are
-- read (to_jsonb). Review dates and reviewers are set by private.guard_listing; nobody deletes
-- through the API.
revoke all on table public.provider_listings from anon, authenticated;
grant select on table public.provider_listings to authenticated;
grant insert (
  provider_id, status,
  center_name, description, phone, email, website, address, city, state, zip_code, age_groups,
  gender_specific, setting, capacity, avg_length, modalities, staff_ratio, medical_support, insurance,
  financial_aid, logo_url, images, accreditations, license_url, erp_hours_per_week,
  individual_sessions_per_week, specialised_clinicians_percent, outcome_measure, score_change,
  score_change_year, score_change_sample, family_sessions_per_week, family_accommodation_work,
  licence_number, licence_agency, restraint_policy, parent_contact_policy, schooling, transport_escort
) on table public.provider_listings to authenticated;
grant update (
  status, reviewer_notes, published_program_id,
  center_name, description, phone, email, website, address, city, state, zip_code, age_groups,
  gender_specific, setting, capacity, avg_length, modalities, staff_ratio, medical_support, insurance,
  financial_aid, logo_url, images, accreditations, license_url, erp_hours_per_week,
  individual_sessions_per_week, specialised_clinicians_percent, outcome_measure, score_change,
  score_change_year, score_change_sample, family_sessions_per_week, family_accommodation_work,
  licence_number, licence_agency, restraint_policy, parent_contact_policy, schooling, transport_escort
) on table public.provider_listings to authenticated;

-- listing_availability (/api/provider/listings/:id/availability): `confirmed_at` is the
-- database's (private.confirm_availability), so it is no longer in the update grant.
revoke all on table public.listing_availability from anon, authenticated;
grant select on table public.listing_availability to authenticated;
grant insert (listing_id, status, wait_weeks), update (status, wait_weeks)
  on table public.listing_availability to authenticated;

-- provider_inquiries: sent by /api/inquiries (anon or the family); read by the addressed provider
-- (dashboard), the sender (/api/account) and administrators (overview, testing suite); `status`
-- set by the provider; test inquiries removed by the testing suite. No longer writable by the
-- API roles: `listing_id` (derived below), `location` (no function sends one), and `provider_id`
-- for visitors. Signed-in callers keep `provider_id` for the testing suite's test inquiries,
-- which an administrator addresses to a test provider; for anyone else the trigger below
-- replaces it. Not readable: the status-link hash and the dates only the database uses.
revoke all on table public.provider_inquiries from anon, authenticated;
grant insert (id, program_id, type, name, email, phone, message, program_name, status_token_hash)
  on table public.provider_inquiries to anon, authenticated;
grant insert (provider_id) on table public.provider_inquiries to authenticated;
grant select (
  id, program_id, provider_id, listing_id, sender_id, type, name, email, phone, message, program_name,
  urgency, location, status, created_at, updated_at
) on table public.provider_inquiries to authenticated;
grant update (status) on table public.provider_inquiries to authenticated;
grant delete on table public.provider_inquiries to authenticated;

-- provider_verification_requests (/api/provider/verification-requests, /api/admin/…): the
-- reviewer and the date of a decision are set by private.check_verification_decision.
revoke all on table public.provider_verification_requests from anon, authenticated;
grant select (
  id, provider_id, documents_submitted, status, requested_at, reviewed_at, reviewer_notes, created_at
) on table public.provider_verification_requests to authenticated;
grant insert (provider_id, documents_submitted) on table public.provider_verification_requests to authenticated;
grant update (status, reviewer_notes) on table public.provider_verification_requests to authenticated;

-- user_favorites (/api/favorites, /api/account): `user_id` is the column default, auth.uid().
revoke all on table public.user_favorites from anon, authenticated;
grant select (user_id, program_id, program_name, created_at) on table public.user_favorites to authenticated;
grant insert (program_id, program_name) on table public.user_favorites to authenticated;
grant delete on table public.user_favorites to authenticated;

-- program_engagement (/api/engagement; read by the provider dashboard and administrators; test
-- events recorded and removed by the testing suite): unchanged.
revoke all on table public.program_engagement from anon, authenticated;
grant insert (program_id, event_type) on table public.program_engagement to anon, authenticated;
grant select, delete on table public.program_engagement to authenticated;

-- contact_messages (/api/contact): sent, never read back or deleted through the API (the site
-- inbox gets each by e-mail; administrators read them in Studio). `id` stays insertable: the
-- function may make its own id (it cannot read the row back).
revoke all on table public.contact_messages from anon, authenticated;
grant insert (id, name, email, phone, subject, message) on table public.contact_messages to anon, authenticated;

-- provider_uploads (/api/provider/uploads, the listing builder's checks, the verification queue):
-- the file's hash is the server's; nobody deletes through the API.
revoke all on table public.provider_uploads from anon, authenticated;
grant select (id, provider_id, kind, content_type, size_bytes, original_name, blob_key, created_at)
  on table public.provider_uploads to authenticated;
grant insert (id, provider_id, kind, content_type, size_bytes, sha256, original_name, blob_key)
  on table public.provider_uploads to authenticated;

-- ---- 3b. What the database derives instead of taking it from the caller ---------------------------
-- Inquiries. Before, the provider was derived only when the insert named none, so an insert
-- naming any provider_id was delivered to that provider's dashboard. Now, for the API roles
-- (anon, authenticated, administrators excepted):
--   * provider_id and listing_id are always those of the approved listing published as
--     `program_id`, or null (a program of content/programs has no provider account);
--   * program_name is the listing's centre name for such a program. The names of the program
--     files are not in the database; there the name the function took from its server-side
--     index is kept, except in a Data API session, where it is cleared (and the policy above
--     refuses that insert anyway).
-- The server's own roles (postgres: Studio and the seed; service_role) and administrators (the
-- testing suite's test inquiries, addressed to a test provider) may still name the provider.
-- The role is read from the `role` setting (`set local role` by withClaims and PostgREST alike):
-- this function runs as its owner, so current_user would say nothing about the caller.
create or replace function private.prepare_inquiry() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_trusted boolean;
  v_listing_id uuid;
  v_provider_id uuid;
  v_name text;
begin
  new.urgency := case new.type when 'call' then 'high' else 'medium' end;
  if tg_op <> 'INSERT' then
    return new;
  end if;
  new.name := btrim(new.name);
  new.email := btrim(new.email);
  v_trusted := coalesce(current_setting('role', true), 'none') not in ('anon', 'authenticated')
    or private.is_admin();
  if v_trusted and new.provider_id is not null then
    return new;
  end if;
  select l.id, l.provider_id, left(l.center_name, 200)
  into v_listing_id, v_provider_id, v_name
  from public.provider_listings l
  where l.published_program_id = new.program_id and l.status = 'approved';
  new.provider_id := v_provider_id;
  if v_trusted then
    new.listing_id := coalesce(new.listing_id, v_listing_id);
    new.program_name := coalesce(new.program_name, v_name);
  else
    new.listing_id := v_listing_id;
    if v_listing_id is not null then
      new.program_name := v_name;
    elsif private.via_data_api() then
      new.program_name := null;
    end if;
  end if;
  return new;
end;
$$;
comment on function private.prepare_inquiry() is
  'Urgency from type; for API callers the provider, listing and (listing programs) name come from the approved listing published as program_id.';
revoke execute on function private.prepare_inquiry() from public, anon, authenticated;

-- Favourites: the name of a program published from a listing is the listing's centre name,
-- whatever the insert said; a program file's name (not in the database) is the function's, and
-- is blanked in a Data API session. Security definer: families cannot read listings.
create function private.prepare_favorite() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_name text;
begin
  select left(l.center_name, 200) into v_name
  from public.provider_listings l
  where l.published_program_id = new.program_id and l.status = 'approved';
  if found then
    new.program_name := v_name;
  elsif private.via_data_api() then
    new.program_name := '';
  end if;
  return new;
end;
$$;
comment on function private.prepare_favorite() is
  'Sets a favourite''s program_name from the approved listing published as its program_id, when there is one.';
revoke execute on function private.prepare_favorite() from public, anon, authenticated;

create trigger user_favorites_prepare
  before insert on public.user_favorites
  for each row execute function private.prepare_favorite();
