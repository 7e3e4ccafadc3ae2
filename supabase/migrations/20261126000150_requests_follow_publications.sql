-- Requests and favourites follow the PUBLISHED version of a listing (migration 20261126000100).
-- Until now they looked for a working copy with status 'approved'. A provider editing its live
-- listing (working copy 'pending') would have made every request to the live page arrive with no
-- provider — written, confirmed to the family, and never delivered to the program. The same three
-- functions, reading live publications: the provider and the program's name come from the
-- published version; an unpublished or withdrawn listing receives nothing (the API answers 404
-- "no longer listed" first).

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
  select s.listing_id, s.provider_id, left(s.snapshot ->> 'center_name', 200)
  into v_listing_id, v_provider_id, v_name
  from public.listing_publications s
  where s.program_id = new.program_id and s.state = 'live';
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

create or replace function private.prepare_favorite() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_name text;
begin
  select left(s.snapshot ->> 'center_name', 200) into v_name
  from public.listing_publications s
  where s.program_id = new.program_id and s.state = 'live';
  if found then
    new.program_name := v_name;
  elsif private.via_data_api() then
    new.program_name := '';
  end if;
  return new;
end;
$$;

create or replace function private.inquiry_contact(p_program_id text)
returns table (email text, phone text)
language sql stable security definer
set search_path = ''
as $$
  select coalesce(p.inquiry_email, p.email), p.inquiry_phone
  from public.listing_publications s
  join public.providers p on p.id = s.provider_id
  where s.program_id = p_program_id and s.state = 'live';
$$;
