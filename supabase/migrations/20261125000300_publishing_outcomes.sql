-- Publishing that cannot silently fail.
--
-- 1. An approved listing is always publishable. The build turns each approved listing into a
--    directory program with the program schema (src/lib/published-listing.ts,
--    src/lib/program-schema.ts). Until now a row approved in Studio with, say, `state = 'Atlantis'`
--    was left out of the build with a log line: approved, yet a 404. Here the database refuses
--    such a row when it is approved (and any later change that would make an approved row
--    unpublishable), with the reason, for /api/admin and Studio alike: SQLSTATE 23514, constraint
--    `provider_listings_publishable`, the message in words and the fields as JSON in DETAIL.
--    The lists below are src/lib/vocabulary.ts and src/lib/geo/states.ts, written out;
--    tests/db/publishing-outcomes.test.ts fails when they differ, and checks on generated rows
--    that what the database accepts the build's schema accepts too.
--
-- 2. A decision counts as published only when a build containing it succeeded. `pending_rebuild`
--    (migration 001700) kept a request until the build hook ANSWERED; a build that then failed
--    was never retried. Now the one row keeps the whole state: the newest request (`generation`),
--    the build under way, the newest generation a successful build contained, and the last
--    failure with its retry time. The outcome is reported by whoever ran the build: the Netlify
--    deploy events (netlify/functions/publishing-events.mts) or `npm start`'s local rebuilder.
--
-- 3. Builds are coalesced: at most one build under way, started no more often than the interval
--    the server passes in (REBUILD_MIN_INTERVAL_SECONDS), with failed builds retried after a
--    growing delay. Every request in between (each availability change, each decision) only
--    raises `generation`; the next build contains them all.

-- ---- 1. publishable approved listings ------------------------------------------------------------

-- The controlled vocabulary and the US states the build accepts. Written out from
-- src/lib/vocabulary.ts (AGE_GROUPS, GENDER_OPTIONS, SETTINGS, MODALITIES, INSURANCE,
-- ACCREDITATIONS) and src/lib/geo/states.ts (US_STATES codes; names as `stateCode()` compares
-- them: lower case, dots and commas as spaces, plus its variants). Keep in step: the test prints
-- the array to paste when one of those lists changes.
create function private.publishing_vocabulary(p_list text) returns text[]
language sql immutable parallel safe
set search_path = ''
as $$
  select case p_list
    when 'age_groups' then array['Children', 'Adolescents', 'Young Adults', 'Adults']
    when 'gender_options' then array['Co-ed', 'Gender-specific', 'Boys-only']
    when 'settings' then array['Residential', 'Residential OCD Program', 'Inpatient', 'Partial Hospitalization',
                               'Intensive Outpatient']
    when 'modalities' then array['ERP', 'CBT', 'DBT', 'ACT', 'Mindfulness', 'Family Therapy', 'Exposure Therapy',
                                 'Group Therapy', 'Individual Therapy', 'Psychiatric Medication Management']
    when 'insurance' then array['In-Network', 'Out-of-Network', 'Private Pay', 'Medicaid', 'Medicare']
    when 'accreditations' then array['JCAHO', 'CARF', 'State Licensed', 'Other']
    when 'state_codes' then array['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL',
                                  'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE',
                                  'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD',
                                  'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'PR', 'GU', 'VI', 'AS', 'MP']
    when 'state_names' then array['alabama', 'alaska', 'arizona', 'arkansas', 'california', 'colorado',
                                  'connecticut', 'delaware', 'district of columbia', 'florida', 'georgia', 'hawaii',
                                  'idaho', 'illinois', 'indiana', 'iowa', 'kansas', 'kentucky', 'louisiana', 'maine',
                                  'maryland', 'massachusetts', 'michigan', 'minnesota', 'mississippi', 'missouri',
                                  'montana', 'nebraska', 'nevada', 'new hampshire', 'new jersey', 'new mexico',
                                  'new york', 'north carolina', 'north dakota', 'ohio', 'oklahoma', 'oregon',
                                  'pennsylvania', 'rhode island', 'south carolina', 'south dakota', 'tennessee',
                                  'texas', 'utah', 'vermont', 'virginia', 'washington', 'west virginia', 'wisconsin',
                                  'wyoming', 'puerto rico', 'guam', 'u s virgin islands', 'american samoa',
                                  'northern mariana islands', 'd c', 'virgin islands', 'us virgin islands']
  end;
$$;
comment on function private.publishing_vocabulary(text) is
  'The lists an approved listing is checked against (src/lib/vocabulary.ts, src/lib/geo/states.ts).';
revoke execute on function private.publishing_vocabulary(text) from public, anon, authenticated;

-- What an administrator reads for each problem. The first twelve are PUBLISHING_MESSAGES of
-- src/lib/published-listing.ts word for word (the test compares them), so /admin shows the same
-- sentence whichever of the two found the problem.
create function private.publishing_message(p_field text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case p_field
    when 'address' then 'Add the street address.'
    when 'city' then 'Add the city.'
    when 'state' then 'Add the state (a US state name or its two-letter code).'
    when 'zip_code' then 'Add a five-digit ZIP code.'
    when 'phone' then 'Add a US phone number with 10 digits.'
    when 'age_groups' then 'Choose at least one age group.'
    when 'modalities' then 'Choose at least one treatment modality.'
    when 'insurance' then 'Choose at least one insurance option.'
    when 'avg_length' then 'Add the average length of stay.'
    when 'gender_specific' then 'Choose who the program serves (co-ed or gender-specific).'
    when 'setting' then 'Choose the treatment setting.'
    when 'summary' then 'This listing cannot be published yet: '
    when 'center_name' then 'Add the name of the program.'
    when 'description' then 'Add a description.'
    when 'email' then 'Correct the admissions e-mail address (like name@example.org) or leave it empty.'
    when 'published_program_id' then
      'Give the listing its directory id (published_program_id: lower-case letters, digits and hyphens, e.g. harbor-house).'
    when 'accreditations' then 'Choose accreditations from the list.'
    -- 'bidi:<column>': text that reads differently from what it is.
    else 'Remove the direction-override characters from ' || replace(replace(p_field, 'bidi:', ''), '_', ' ') || '.'
  end;
$$;
comment on function private.publishing_message(text) is 'The sentence for one publishing problem of a listing.';
revoke execute on function private.publishing_message(text) from public, anon, authenticated;

-- JavaScript's String.prototype.trim(), which the build uses: white space and line terminators
-- of ECMAScript (not Postgres' btrim, which removes spaces only).
create function private.js_trim(p text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select regexp_replace(
    p,
    '^[\t\n\u000b\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\u000b\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g');
$$;
revoke execute on function private.js_trim(text) from public, anon, authenticated;

-- Whether `findState()` (src/lib/geo/states.ts) finds a state: a USPS code or a name in any case,
-- dots and commas read as spaces. Letters beyond ASCII are refused outright: Postgres and
-- JavaScript lower-case some of them differently ('İ'), and no state name has one.
create function private.is_us_state(p text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  with spaced as (
    select regexp_replace(
      coalesce(p, ''),
      '[\t\n\u000b\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]', ' ', 'g') as s
  ), t as (
    select btrim(regexp_replace(replace(lower(s), '.', ' '), '[ ,]+', ' ', 'g'), ' ') as t
    from spaced where s ~ '^[\x20-\x7e]*$'
  )
  select coalesce((
    select case when length(t) = 2 then upper(t) = any (private.publishing_vocabulary('state_codes'))
                else t = any (private.publishing_vocabulary('state_names')) end
    from t), false);
$$;
revoke execute on function private.is_us_state(text) from public, anon, authenticated;

-- What keeps a listing from being a directory program, in the order of the build's checks, as
-- (field, sentence) rows; none when it can be published. The same rules as listingToProgram()
-- for every field that can be wrong: required text present (after JavaScript's trim), a state
-- `findState` knows, a five-digit ZIP code, a 10-digit US phone number, at least one age group,
-- modality and insurance option from the vocabulary, a setting and a gender option from it, an
-- admissions e-mail the schema's e-mail rule accepts (or none), no direction-override characters
-- in shown text, and a program id. Fidelity numbers, availability and accreditations are held
-- to the schema's limits by their own check constraints (migrations 0300, 1600).
create function private.listing_publishing_problems(l public.provider_listings)
returns table (field text, message text)
language plpgsql stable
set search_path = ''
as $$
declare
  fields text[] := '{}';
  messages text[] := '{}';
  digits text := regexp_replace(coalesce(l.phone, ''), '[^0-9]', '', 'g');
  email text := private.js_trim(coalesce(l.email, ''));
  missing boolean;
  shown record;
begin
  for shown in
    select * from (values
      ('address', private.js_trim(coalesce(l.address, '')) = ''),
      ('city', private.js_trim(coalesce(l.city, '')) = ''),
      ('state', not private.is_us_state(l.state)),
      ('zip_code', private.js_trim(coalesce(l.zip_code, '')) !~ '^[0-9]{5}(-[0-9]{4})?$'),
      ('phone', not (length(digits) = 10 or (length(digits) = 11 and left(digits, 1) = '1'))),
      ('age_groups', cardinality(l.age_groups) = 0
                     or not l.age_groups <@ private.publishing_vocabulary('age_groups')),
      ('gender_specific', l.gender_specific is null
                          or not l.gender_specific = any (private.publishing_vocabulary('gender_options'))),
      ('setting', l.setting is null or not l.setting = any (private.publishing_vocabulary('settings'))),
      ('avg_length', private.js_trim(coalesce(l.avg_length, '')) = ''),
      ('modalities', cardinality(l.modalities) = 0
                     or not l.modalities <@ private.publishing_vocabulary('modalities')),
      ('insurance', cardinality(l.insurance) = 0
                    or not l.insurance <@ private.publishing_vocabulary('insurance')),
      ('accreditations', not l.accreditations <@ private.publishing_vocabulary('accreditations')),
      ('published_program_id', l.published_program_id is null),
      ('center_name', private.js_trim(coalesce(l.center_name, '')) = ''),
      ('description', private.js_trim(coalesce(l.description, '')) = ''),
      -- z.email()'s pattern (zod 4), on the trimmed address the build publishes.
      ('email', email <> '' and email !~ '^([A-Za-z0-9_''+-]+\.)*[A-Za-z0-9_''+-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$')
    ) as v (name, problem)
  loop
    if shown.problem then
      fields := fields || shown.name::text;
      messages := messages || private.publishing_message(shown.name);
    end if;
  end loop;
  -- Bidi embeddings, overrides and isolates (hasBidiControl, src/lib/schemas.ts) in shown text.
  for shown in
    select * from (values
      ('center_name', l.center_name), ('description', l.description), ('address', l.address),
      ('city', l.city), ('avg_length', l.avg_length), ('staff_ratio', l.staff_ratio),
      ('medical_support', l.medical_support), ('licence_number', l.licence_number),
      ('licence_agency', l.licence_agency), ('restraint_policy', l.restraint_policy),
      ('parent_contact_policy', l.parent_contact_policy), ('schooling', l.schooling),
      ('transport_escort', l.transport_escort)
    ) as v (name, value)
  loop
    missing := shown.name = any (fields);
    if not missing and shown.value ~ '[\u202a-\u202e\u2066-\u2069]' then
      fields := fields || shown.name::text;
      messages := messages || private.publishing_message('bidi:' || shown.name);
    end if;
  end loop;
  return query select f.name, m.message
    from unnest(fields) with ordinality as f (name, n)
    join unnest(messages) with ordinality as m (message, n) using (n)
    order by n;
end;
$$;
comment on function private.listing_publishing_problems(public.provider_listings) is
  'Why a listing could not be a directory program (field, sentence), in order; no rows when it can.';
revoke execute on function private.listing_publishing_problems(public.provider_listings)
  from public, anon, authenticated;

-- After the row is written (and after its check constraints, which give the more precise error
-- for a value out of range): an approved row must be publishable. Checked when a row becomes
-- approved, is inserted approved, or an approved row's shown fields change; an update that only
-- touches review notes or timestamps of an approved row is not held up.
create function private.check_listing_publishable() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  fields text[];
  messages text[];
begin
  if new.status <> 'approved' then return null; end if;
  if tg_op = 'UPDATE' and old.status = 'approved'
     and (to_jsonb(new) - array['reviewer_notes', 'reviewed_at', 'reviewed_by', 'submitted_at', 'updated_at',
                               'license_url', 'images'])
         = (to_jsonb(old) - array['reviewer_notes', 'reviewed_at', 'reviewed_by', 'submitted_at', 'updated_at',
                                  'license_url', 'images']) then
    return null;
  end if;
  select array_agg(p.field order by p.n), array_agg(p.message order by p.n)
  into fields, messages
  from private.listing_publishing_problems(new) with ordinality as p (field, message, n);
  if fields is null then return null; end if;
  raise exception using
    errcode = '23514',
    message = private.publishing_message('summary') || array_to_string(messages, ' '),
    detail = (select '{' || string_agg(to_json(f.name)::text || ':' || to_json(m.message)::text, ',' order by n) || '}'
              from unnest(fields) with ordinality as f (name, n)
              join unnest(messages) with ordinality as m (message, n) using (n)),
    hint = 'Correct these fields and approve the listing again, or leave it pending. The directory is built only from approved listings it can publish.',
    constraint = 'provider_listings_publishable',
    schema = 'public',
    table = 'provider_listings';
end;
$$;
comment on function private.check_listing_publishable() is
  'Refuses an approved listing the build could not publish (23514, provider_listings_publishable).';
revoke execute on function private.check_listing_publishable() from public, anon, authenticated;

create trigger provider_listings_publishable
  after insert or update on public.provider_listings
  for each row execute function private.check_listing_publishable();

-- Listings approved before this migration that the build could not publish were left out of the
-- directory (a 404 while "approved"). They go back to review, with the reason in the notes, so
-- their state says what is true; an administrator approves them again once they are complete.
update public.provider_listings l
set status = 'pending',
    reviewer_notes = left(
      coalesce(l.reviewer_notes || E'\n\n', '')
      || 'Returned to review: the directory could not publish this listing. '
      || (select string_agg(p.message, ' ') from private.listing_publishing_problems(l) p),
      5000)
where l.status = 'approved' and exists (select 1 from private.listing_publishing_problems(l));

-- ---- 2 and 3. rebuilds: requested, started, succeeded or failed ------------------------------------

alter table public.pending_rebuild
  -- When the newest request (`generation`) was made. `requested_at` stays the oldest request not
  -- yet published ("waiting since").
  add column generation_requested_at timestamptz,
  -- The newest generation a successful build contained, and when that build was reported.
  add column published_generation bigint not null default 0,
  add column published_at timestamptz,
  -- The build under way: the generation the build hook accepted, and when it was asked for.
  add column building_generation bigint,
  add column build_started_at timestamptz,
  -- A drain calling the build hook right now (two drains never call it for the same build).
  add column claimed_at timestamptz,
  -- Failed builds in a row, the newest failure, and when the next attempt may start.
  add column failures integer not null default 0 constraint pending_rebuild_failures_check check (failures >= 0),
  add column failed_generation bigint,
  add column failed_at timestamptz,
  add column build_error text constraint pending_rebuild_build_error_check check (length(build_error) <= 2000),
  add column retry_at timestamptz;
update public.pending_rebuild set generation_requested_at = requested_at;
comment on table public.pending_rebuild is
  'The directory''s publishing state (one row, no API access): the newest rebuild request, the build under way, the newest generation a successful build contained, the last failure.';
comment on column public.pending_rebuild.attempts is 'Build hook calls that failed in a row (the hook did not accept).';
comment on column public.pending_rebuild.last_error is 'Why the last build hook call failed.';

-- A request (a decision, an availability change): one more generation to publish.
create or replace function private.request_rebuild(p_reason text) returns bigint
language sql volatile security definer
set search_path = ''
as $$
  insert into public.pending_rebuild as r (reason, generation_requested_at)
  values (left(coalesce(p_reason, 'rebuild'), 200), now())
  on conflict (singleton) do update
    set reason = excluded.reason,
        generation = r.generation + 1,
        generation_requested_at = now(),
        requested_at = case when r.generation <= r.published_generation then now() else r.requested_at end
  returning generation;
$$;

-- Something not yet published (reason, newest generation, failed hook calls), or no row.
create or replace function private.pending_rebuild()
returns table (reason text, generation bigint, attempts integer)
language sql stable security definer
set search_path = ''
as $$
  select r.reason, r.generation, r.attempts from public.pending_rebuild r
  where r.generation > r.published_generation;
$$;
comment on function private.pending_rebuild() is 'The newest rebuild request not yet contained in a successful build, if any.';

-- The old meaning ("the hook answered, so it is done") is what lost failed builds.
drop function private.rebuild_done(bigint);
drop function private.rebuild_failed(text);

-- Whether a build may start now, and if so the claim for it: something unpublished, no build
-- under way (one that never reported within 30 minutes counts as lost), the last build started at
-- least p_min_interval_seconds ago, past the retry time of a failure, and no other drain calling
-- the hook (a claim is good for 2 minutes). Atomic: of two drains at once, one gets the row.
create function private.claim_rebuild(p_min_interval_seconds integer)
returns table (generation bigint, reason text)
language sql volatile security definer
set search_path = ''
as $$
  update public.pending_rebuild r
  set claimed_at = now()
  where r.generation > r.published_generation
    and (r.claimed_at is null or r.claimed_at < now() - interval '2 minutes')
    and (r.building_generation is null or r.build_started_at < now() - interval '30 minutes')
    and (r.build_started_at is null
         or r.build_started_at <= now() - make_interval(secs => greatest(0, coalesce(p_min_interval_seconds, 180))))
    and (r.retry_at is null or r.retry_at <= now())
  returning r.generation, r.reason;
$$;
comment on function private.claim_rebuild(integer) is
  'Claims the next build if one may start now (one at a time, at most one per interval, failures backed off).';
revoke execute on function private.claim_rebuild(integer) from public, anon, authenticated;
grant execute on function private.claim_rebuild(integer) to service_role;

-- The build hook accepted the claimed build of p_generation: it is under way (unless its outcome
-- was reported already, which cleared the claim).
create function private.rebuild_started(p_generation bigint) returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.pending_rebuild
  set building_generation = case when claimed_at is not null then p_generation else building_generation end,
      build_started_at = coalesce(claimed_at, now()), claimed_at = null, attempts = 0, last_error = null;
$$;
comment on function private.rebuild_started(bigint) is 'Records that the build hook accepted a build of p_generation.';
revoke execute on function private.rebuild_started(bigint) from public, anon, authenticated;
grant execute on function private.rebuild_started(bigint) to service_role;

-- The build hook did not accept (error, timeout): no build started; asked again after a minute.
create function private.rebuild_hook_failed(p_generation bigint, p_error text) returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.pending_rebuild
  set claimed_at = null, attempts = attempts + 1, last_error = left(coalesce(p_error, 'unknown error'), 2000),
      retry_at = greatest(coalesce(retry_at, now()), now() + interval '1 minute')
  where generation >= p_generation;
$$;
comment on function private.rebuild_hook_failed(bigint, text) is
  'Records a failed build hook call; a later drain asks again.';
revoke execute on function private.rebuild_hook_failed(bigint, text) from public, anon, authenticated;
grant execute on function private.rebuild_hook_failed(bigint, text) to service_role;

-- A build containing every request up to p_generation succeeded: they are published. Returns
-- whether newer requests still wait for a build.
create function private.rebuild_succeeded(p_generation bigint) returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  r public.pending_rebuild;
  more boolean;
begin
  select * into r from public.pending_rebuild for update;
  if not found or p_generation is null then return false; end if;
  if least(p_generation, r.generation) > r.published_generation then
    update public.pending_rebuild
    set published_generation = least(p_generation, r.generation), published_at = now()
    where singleton;
  end if;
  update public.pending_rebuild
  set building_generation = case when building_generation <= p_generation then null else building_generation end,
      claimed_at = null,
      failures = case when failed_generation <= p_generation then 0 else failures end,
      build_error = case when failed_generation <= p_generation then null else build_error end,
      retry_at = case when failed_generation <= p_generation then null else retry_at end,
      failed_at = case when failed_generation <= p_generation then null else failed_at end,
      failed_generation = case when failed_generation <= p_generation then null else failed_generation end
  where singleton
  returning generation > published_generation into more;
  return more;
end;
$$;
comment on function private.rebuild_succeeded(bigint) is
  'Records a successful build containing every request up to p_generation; true when newer ones wait.';
revoke execute on function private.rebuild_succeeded(bigint) from public, anon, authenticated;
grant execute on function private.rebuild_succeeded(bigint) to service_role;

-- A successful build that carried no generation (a Netlify deploy from a git push) read the
-- database after it was created: it contains every request made before p_created_at. Returns the
-- generation it published, or null when it contained nothing still pending.
create function private.rebuild_succeeded_at(p_created_at timestamptz) returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  covered bigint;
begin
  select case
           when r.generation_requested_at is not null and p_created_at >= r.generation_requested_at then r.generation
           when r.building_generation is not null and p_created_at >= r.build_started_at then r.building_generation
         end
  into covered
  from public.pending_rebuild r
  where r.generation > r.published_generation;
  if covered is not null then perform private.rebuild_succeeded(covered); end if;
  return covered;
end;
$$;
comment on function private.rebuild_succeeded_at(timestamptz) is
  'Records a successful build created at p_created_at (it contains every request made before).';
revoke execute on function private.rebuild_succeeded_at(timestamptz) from public, anon, authenticated;
grant execute on function private.rebuild_succeeded_at(timestamptz) to service_role;

-- The build of p_generation failed: what it contained is not published. Retried after 1, 2, 4, …
-- minutes (at most an hour) and never before the interval since it started.
create function private.rebuild_failed(p_generation bigint, p_error text) returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.pending_rebuild
  set failures = failures + 1,
      failed_generation = p_generation,
      failed_at = now(),
      build_error = left(coalesce(nullif(p_error, ''), 'the build failed'), 2000),
      retry_at = now() + make_interval(secs => least(3600, 60 * power(2, least(failures, 10))::integer)),
      building_generation = case when building_generation <= p_generation then null else building_generation end,
      claimed_at = null
  where p_generation > published_generation;
$$;
comment on function private.rebuild_failed(bigint, text) is
  'Records a failed build of p_generation; a later drain asks for it again after the backoff.';
revoke execute on function private.rebuild_failed(bigint, text) from public, anon, authenticated;
grant execute on function private.rebuild_failed(bigint, text) to service_role;

-- The publishing state for /admin (administrators only: 42501 for anyone else).
create function private.publishing_status()
returns table (
  pending boolean,
  generation bigint,
  published_generation bigint,
  published_at timestamptz,
  waiting_since timestamptz,
  building boolean,
  build_started_at timestamptz,
  failures integer,
  failed_at timestamptz,
  retry_at timestamptz,
  build_error text,
  hook_attempts integer,
  hook_error text
)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only administrators can read the publishing state' using errcode = '42501';
  end if;
  return query
    select r.generation > r.published_generation, r.generation, r.published_generation, r.published_at,
           case when r.generation > r.published_generation then r.requested_at end,
           r.building_generation is not null, r.build_started_at, r.failures, r.failed_at, r.retry_at,
           r.build_error, r.attempts, r.last_error
    from public.pending_rebuild r;
end;
$$;
comment on function private.publishing_status() is 'The publishing state shown on /admin (administrators only).';
revoke execute on function private.publishing_status() from public, anon;
grant execute on function private.publishing_status() to authenticated;

-- ---- requests recorded with the change ------------------------------------------------------------
-- A change to what the directory shows asks for a rebuild in its own transaction, whoever makes
-- it (the API, Studio): it cannot be committed without its request. (The notifications drain
-- also asks after each decision; one more generation changes nothing, the builds are coalesced.)
create function private.request_rebuild_for_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  reason text;
begin
  if tg_table_name = 'provider_listings' then
    if (tg_op = 'INSERT' and new.status = 'approved')
       or (tg_op = 'DELETE' and old.status = 'approved')
       or (tg_op = 'UPDATE' and (old.status = 'approved') <> (new.status = 'approved'))
       or (tg_op = 'UPDATE' and new.status = 'approved'
           and (to_jsonb(new) - array['reviewer_notes', 'reviewed_at', 'reviewed_by', 'submitted_at', 'updated_at',
                                     'license_url', 'images', 'status'])
               <> (to_jsonb(old) - array['reviewer_notes', 'reviewed_at', 'reviewed_by', 'submitted_at', 'updated_at',
                                        'license_url', 'images', 'status'])) then
      reason := 'directory listings changed';
    end if;
  elsif tg_table_name = 'listing_availability' then
    -- What the pages show: the state, the wait, and the day it was confirmed (UTC).
    if exists (select 1 from public.provider_listings l
               where l.id = coalesce(new.listing_id, old.listing_id) and l.status = 'approved')
       and (tg_op <> 'UPDATE'
            or old.status is distinct from new.status
            or old.wait_weeks is distinct from new.wait_weeks
            or (old.confirmed_at at time zone 'UTC')::date <> (new.confirmed_at at time zone 'UTC')::date) then
      reason := 'availability changed';
    end if;
  elsif tg_table_name = 'providers' then
    -- The Verified badge on the pages of the provider's published programs.
    if (old.verification_status = 'verified') <> (new.verification_status = 'verified')
       and exists (select 1 from public.provider_listings l where l.provider_id = new.id and l.status = 'approved') then
      reason := 'verification changed';
    end if;
  end if;
  if reason is not null then perform private.request_rebuild(reason); end if;
  return null;
end;
$$;
comment on function private.request_rebuild_for_change() is
  'Records a rebuild request in the transaction of a change to what the directory shows.';
revoke execute on function private.request_rebuild_for_change() from public, anon, authenticated;

create trigger provider_listings_request_rebuild
  after insert or update or delete on public.provider_listings
  for each row execute function private.request_rebuild_for_change();
create trigger listing_availability_request_rebuild
  after insert or update or delete on public.listing_availability
  for each row execute function private.request_rebuild_for_change();
create trigger providers_request_rebuild
  after update of verification_status on public.providers
  for each row execute function private.request_rebuild_for_change();
