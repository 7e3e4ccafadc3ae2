-- One spelling throughout, US English: "license". The two youth-safety columns of 20261122001600
-- were spelled the British way; the code, the API and the pages now say license_number and
-- license_agency. A rename keeps the data, the column grants and the checks (whose names follow).
alter table public.provider_listings rename column licence_number to license_number;
alter table public.provider_listings rename column licence_agency to license_agency;
alter table public.provider_listings
  rename constraint provider_listings_licence_number_check to provider_listings_license_number_check;
alter table public.provider_listings
  rename constraint provider_listings_licence_agency_check to provider_listings_license_agency_check;

-- private.listing_publishing_problems (20261125000300) names the two columns in its body: the same
-- function, with the new names (a function body is read when it runs, not when it is created).
create or replace function private.listing_publishing_problems(l public.provider_listings)
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
      ('medical_support', l.medical_support), ('license_number', l.license_number),
      ('license_agency', l.license_agency), ('restraint_policy', l.restraint_policy),
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
