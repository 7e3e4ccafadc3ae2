-- Trustworthy listings (docs/product-rules.md#published-listings):
--
-- 1. A published listing is a SNAPSHOT of what an administrator approved (`listing_publications`).
--    `provider_listings` stays the provider's working copy: editing it (a pending revision), saving
--    a draft of it, or having the edit rejected never touches what families read. The build, the
--    directory and the API's program lookups read only live publications. Approving the working
--    copy replaces the snapshot.
-- 2. A publication is taken down as ONE row change, whoever makes it (/api/admin, /api/provider or
--    a person in Studio): `state` goes from `live` to `unpublished` (an administrator, with a
--    reason) or `withdrawn` (its provider), and back to `live` (an administrator). The trigger
--    below records who and when, writes the provider's e-mail into the outbox and asks for a
--    rebuild, in the same transaction.
-- 3. Facts families compare get plausible ranges (src/lib/listing-ranges.ts, the same table the
--    builder and the API use), and the outcome is asked so that a sign cannot invert it:
--    "the median score fell / rose / did not change by N points" instead of a signed change.
-- 4. The builder's new fields (clinical approach, highlights, team composition) and gender
--    options a girls' or women's program can choose.

-- ---- 3. outcomes and ranges ---------------------------------------------------------------------

alter table public.provider_listings
  add column score_direction text
    constraint provider_listings_score_direction_check check (score_direction in ('fell', 'rose', 'unchanged')),
  add column score_points numeric(4, 1)
    constraint provider_listings_score_points_check check (score_points between 0 and 40);

-- The signed median change becomes a direction and a size. A negative change was a fall (the
-- builder said so), a positive one a rise; that is how the pages showed them, so nothing a family
-- read changes meaning here. Providers who meant the opposite now answer an unambiguous question.
update public.provider_listings
set score_direction = case when score_change < 0 then 'fell' when score_change > 0 then 'rose' else 'unchanged' end,
    score_points = abs(score_change)
where score_change is not null;

alter table public.provider_listings drop constraint provider_listings_score_change_complete_check;
alter table public.provider_listings drop column score_change;

-- Values outside the new, narrower ranges cannot be facts (a 10,000-bed residence, a sample of a
-- million patients): they are cleared, with the whole outcome when its sample goes.
update public.provider_listings set capacity = null where capacity > 500;
update public.provider_listings
set score_direction = null, score_points = null, score_change_year = null, score_change_sample = null
where score_change_sample > 10000 or score_change_year > extract(year from now())::integer;

-- The builder's inputs step by halves; older values are rounded to the nearest half.
update public.provider_listings
set erp_hours_per_week = round(erp_hours_per_week * 2) / 2,
    individual_sessions_per_week = round(individual_sessions_per_week * 2) / 2,
    family_sessions_per_week = round(family_sessions_per_week * 2) / 2,
    score_points = round(score_points * 2) / 2;
update public.provider_listings set score_direction = 'unchanged' where score_points = 0;

alter table public.provider_listings drop constraint provider_listings_capacity_check;
alter table public.provider_listings
  add constraint provider_listings_capacity_check check (capacity between 1 and 500);
alter table public.provider_listings drop constraint provider_listings_score_change_sample_check;
alter table public.provider_listings
  add constraint provider_listings_score_change_sample_check check (score_change_sample between 1 and 10000);
-- Halves at most, as the builder's inputs step.
alter table public.provider_listings
  add constraint provider_listings_steps_check check (
    erp_hours_per_week * 2 = trunc(erp_hours_per_week * 2)
    and individual_sessions_per_week * 2 = trunc(individual_sessions_per_week * 2)
    and family_sessions_per_week * 2 = trunc(family_sessions_per_week * 2)
    and score_points * 2 = trunc(score_points * 2)
  );
-- An outcome is published whole or not at all: direction, size, year and sample together.
alter table public.provider_listings
  add constraint provider_listings_score_complete_check check (
    (score_direction is null) = (score_points is null)
    and (score_direction is null) = (score_change_year is null)
    and (score_direction is null) = (score_change_sample is null)
    and (score_direction is distinct from 'unchanged' or score_points = 0)
    and (score_direction not in ('fell', 'rose') or score_points > 0)
  );

-- Figures cannot be from a year that has not come (a check constraint cannot read the clock).
create function private.check_listing_dates() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.score_change_year > extract(year from now())::integer then
    raise exception 'Enter a year from 1990 to %.', extract(year from now())::integer
      using errcode = '23514', constraint = 'provider_listings_score_change_year_check',
            schema = 'public', table = 'provider_listings', column = 'score_change_year';
  end if;
  return new;
end;
$$;
revoke execute on function private.check_listing_dates() from public, anon, authenticated;
create trigger provider_listings_dates
  before insert or update of score_change_year on public.provider_listings
  for each row execute function private.check_listing_dates();

-- ---- 4. new fields and options -------------------------------------------------------------------

-- The length of the longest text of an array (0 for none): a check constraint cannot hold a subquery.
create function private.longest_text(p text[]) returns integer
language sql immutable parallel safe
set search_path = ''
as $$ select coalesce(max(length(x)), 0) from unnest(p) as x $$;
revoke execute on function private.longest_text(text[]) from public, anon;
grant execute on function private.longest_text(text[]) to authenticated, service_role;

alter table public.provider_listings
  add column clinical_approach text
    constraint provider_listings_clinical_approach_check check (length(clinical_approach) <= 2000),
  add column program_highlights text[] not null default '{}'
    constraint provider_listings_program_highlights_check check (
      cardinality(program_highlights) <= 8
      and array_position(program_highlights, null) is null
      and private.longest_text(program_highlights) <= 160
    ),
  add column team_composition text
    constraint provider_listings_team_composition_check check (length(team_composition) <= 2000);

alter table public.provider_listings drop constraint provider_listings_gender_specific_check;
alter table public.provider_listings
  add constraint provider_listings_gender_specific_check
    check (gender_specific in ('Co-ed', 'Gender-specific', 'Boys-only', 'Girls-only', 'Men-only', 'Women-only'));

-- The publishing check's lists (20261125000300), with the new gender options.
create or replace function private.publishing_vocabulary(p_list text) returns text[]
language sql immutable parallel safe
set search_path = ''
as $$
  select case p_list
    when 'age_groups' then array['Children', 'Adolescents', 'Young Adults', 'Adults']
    when 'gender_options' then array['Co-ed', 'Gender-specific', 'Boys-only', 'Girls-only', 'Men-only', 'Women-only']
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

-- The API roles write the new columns like the other builder fields (20261125000200's grants).
grant insert (score_direction, score_points, clinical_approach, program_highlights, team_composition)
  on table public.provider_listings to authenticated;
grant update (score_direction, score_points, clinical_approach, program_highlights, team_composition)
  on table public.provider_listings to authenticated;

-- ---- 1. published snapshots ---------------------------------------------------------------------

create table public.listing_publications (
  listing_id uuid primary key references public.provider_listings (id) on delete cascade,
  provider_id uuid not null references public.providers (id) on delete cascade,
  program_id text not null
    constraint listing_publications_program_id_check check (program_id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  -- The listing's columns as approved: every column of provider_listings but the working copy's
  -- review workflow (private.listing_snapshot). The build reads them back with
  -- jsonb_populate_record(null::public.provider_listings, snapshot).
  snapshot jsonb not null constraint listing_publications_snapshot_check check (jsonb_typeof(snapshot) = 'object'),
  -- When the version now published was approved (the "Listing reviewed" date), and by whom.
  reviewed_at timestamptz not null default now(),
  reviewed_by uuid references auth.users (id) on delete set null,
  first_published_at timestamptz not null default now(),
  state text not null default 'live'
    constraint listing_publications_state_check check (state in ('live', 'unpublished', 'withdrawn')),
  -- Why it is not live (required when an administrator unpublished it); null while live.
  state_reason text constraint listing_publications_state_reason_check check (length(state_reason) <= 2000),
  state_changed_at timestamptz not null default now(),
  state_changed_by uuid references auth.users (id) on delete set null,
  constraint listing_publications_program_id_key unique (program_id),
  constraint listing_publications_reason_check check (
    case state
      when 'live' then state_reason is null
      when 'unpublished' then length(btrim(coalesce(state_reason, ''))) > 0
      else true
    end
  )
);
comment on table public.listing_publications is
  'The published version of each listing: what the directory shows, changed only by an approval (snapshot) or a take-down (state).';
comment on column public.listing_publications.snapshot is
  'The listing as approved (provider_listings columns without status, submitted_at, reviewed_*, reviewer_notes, created_at, updated_at).';
comment on column public.listing_publications.state is
  'live (on the directory), unpublished (by an administrator, with a reason) or withdrawn (by its provider).';

create index listing_publications_provider_id_idx on public.listing_publications (provider_id);
create index listing_publications_live_idx on public.listing_publications (program_id) where state = 'live';
create index listing_publications_reviewed_by_idx on public.listing_publications (reviewed_by);
create index listing_publications_state_changed_by_idx on public.listing_publications (state_changed_by);

-- What a snapshot keeps of a listing row.
create function private.listing_snapshot(l public.provider_listings) returns jsonb
language sql immutable
set search_path = ''
as $$
  select to_jsonb(l) - array['status', 'submitted_at', 'reviewed_at', 'reviewed_by', 'reviewer_notes',
                             'created_at', 'updated_at'];
$$;
comment on function private.listing_snapshot(public.provider_listings) is
  'The columns of a listing a publication keeps (the facts, not the review workflow).';
revoke execute on function private.listing_snapshot(public.provider_listings) from public, anon, authenticated;

-- After a listing row is written approved: its snapshot replaces the published version. A new
-- approval (the status became approved) puts the publication live again, with the decision's date;
-- an administrator's in-place correction of an approved row (Studio) replaces the snapshot and
-- counts as a review, without changing whether it is live. Security definer: nobody writes
-- publications' snapshots directly.
create function private.publish_listing() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  snap jsonb;
  decided boolean;
begin
  -- Without a program id the row is refused by provider_listings_publishable, which runs next.
  if new.status <> 'approved' or new.published_program_id is null then return null; end if;
  decided := tg_op = 'INSERT' or old.status is distinct from 'approved';
  snap := private.listing_snapshot(new);
  insert into public.listing_publications as p
    (listing_id, provider_id, program_id, snapshot, reviewed_at, reviewed_by, first_published_at,
     state, state_reason, state_changed_at, state_changed_by)
  values
    (new.id, new.provider_id, new.published_program_id, snap, coalesce(new.reviewed_at, now()), new.reviewed_by,
     coalesce(new.reviewed_at, now()), 'live', null, now(), new.reviewed_by)
  on conflict (listing_id) do update
    set snapshot = excluded.snapshot,
        program_id = excluded.program_id,
        provider_id = excluded.provider_id,
        reviewed_at = case when decided then excluded.reviewed_at else now() end,
        reviewed_by = case when decided then excluded.reviewed_by else (select auth.uid()) end,
        state = case when decided then 'live' else p.state end,
        state_reason = case when decided then null else p.state_reason end,
        state_changed_at = case when decided and p.state <> 'live' then now() else p.state_changed_at end,
        state_changed_by = case when decided and p.state <> 'live' then excluded.reviewed_by else p.state_changed_by end
    where decided or p.snapshot is distinct from excluded.snapshot or p.program_id is distinct from excluded.program_id;
  return null;
end;
$$;
comment on function private.publish_listing() is
  'Writes the published version (snapshot) of a listing when it is approved.';
revoke execute on function private.publish_listing() from public, anon, authenticated;

create trigger provider_listings_publish
  after insert or update on public.provider_listings
  for each row execute function private.publish_listing();

-- Listings approved before this migration are published as they are.
insert into public.listing_publications
  (listing_id, provider_id, program_id, snapshot, reviewed_at, reviewed_by, first_published_at, state_changed_at)
select l.id, l.provider_id, l.published_program_id, private.listing_snapshot(l),
       coalesce(l.reviewed_at, l.updated_at), l.reviewed_by, coalesce(l.reviewed_at, l.updated_at), now()
from public.provider_listings l
where l.status = 'approved' and l.published_program_id is not null;

-- A take-down or a republication: who may make which change, and who made it when. Snapshots,
-- program ids and review dates are the approval's (private.publish_listing, security definer,
-- runs as the table owner); everything else a person changes is the state and its reason.
create function private.guard_publication() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  is_owner_role boolean := current_user not in ('authenticated', 'anon');
  admin boolean := is_owner_role or private.is_admin();
begin
  if current_user = 'anon' then
    raise exception 'Not allowed' using errcode = '42501';
  end if;
  if not is_owner_role and (
       new.listing_id is distinct from old.listing_id or new.provider_id is distinct from old.provider_id
       or new.program_id is distinct from old.program_id or new.snapshot is distinct from old.snapshot
       or new.reviewed_at is distinct from old.reviewed_at or new.reviewed_by is distinct from old.reviewed_by
       or new.first_published_at is distinct from old.first_published_at) then
    raise exception 'Only an approval changes what a publication shows' using errcode = '42501';
  end if;
  if new.state is distinct from old.state then
    if new.state = 'unpublished' and not admin then
      raise exception 'Only an administrator can unpublish a listing' using errcode = '42501';
    end if;
    if new.state = 'live' and not admin then
      raise exception 'Only an administrator can publish a listing again' using errcode = '42501';
    end if;
    if new.state = 'withdrawn' and old.state <> 'live' then
      raise exception 'Only a live listing can be withdrawn' using errcode = '23514',
        constraint = 'listing_publications_state_check';
    end if;
    if new.state = 'unpublished' and old.state <> 'live' then
      raise exception 'Only a live listing can be unpublished' using errcode = '23514',
        constraint = 'listing_publications_state_check';
    end if;
    if new.state = 'live' then new.state_reason := null; end if;
    new.state_changed_at := now();
    new.state_changed_by := (select auth.uid());
  elsif new.state_reason is distinct from old.state_reason and not admin then
    raise exception 'Only an administrator can change the reason' using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke execute on function private.guard_publication() from public, anon, authenticated;

create trigger listing_publications_guard
  before update on public.listing_publications
  for each row execute function private.guard_publication();

-- ---- the provider's e-mail about a take-down or republication -------------------------------------
alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (
  kind in (
    'verification_approved', 'verification_rejected', 'listing_approved', 'listing_rejected',
    'listing_unpublished', 'listing_republished', 'listing_withdrawn',
    'inquiry', 'inquiry_confirmation', 'contact', 'delivery_failed'
  )
);
alter table public.notifications drop constraint notifications_shape_check;
alter table public.notifications add constraint notifications_shape_check check (
  case
    when kind in ('verification_approved', 'verification_rejected', 'listing_approved', 'listing_rejected',
                  'listing_unpublished', 'listing_republished', 'listing_withdrawn')
      then provider_id is not null
    else recipient is not null and (payload is not null or sent_at is not null or failed_at is not null)
  end
);

create function private.notify_publication_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.state is distinct from old.state then
    insert into public.notifications (kind, provider_id, subject_id, notes)
    values (
      case new.state when 'live' then 'listing_republished' when 'unpublished' then 'listing_unpublished'
                     else 'listing_withdrawn' end,
      new.provider_id, new.listing_id, new.state_reason);
  end if;
  return null;
end;
$$;
comment on function private.notify_publication_change() is
  'Writes the provider''s e-mail when a publication is unpublished, withdrawn or republished.';
revoke execute on function private.notify_publication_change() from public, anon, authenticated;

create trigger listing_publications_notify
  after update of state on public.listing_publications
  for each row execute function private.notify_publication_change();

-- The decision e-mails' claim now also says whether the listing has a publication and its state
-- (an edit that was not approved leaves the published version live; the e-mail says so).
drop function private.claim_notifications(integer);
create function private.claim_notifications(p_limit integer default 20)
returns table (
  id uuid,
  kind text,
  provider_id uuid,
  subject_id uuid,
  notes text,
  attempts integer,
  provider_email text,
  organization_name text,
  contact_name text,
  center_name text,
  published_program_id text,
  publication_state text
)
language sql volatile security definer
set search_path = ''
as $$
  with claimed as (
    update public.notifications n
    set claimed_at = now(), attempts = n.attempts + 1
    where n.id in (
      select c.id from public.notifications c
      where c.sent_at is null
        and c.failed_at is null
        and c.next_attempt_at <= now()
        and (c.claimed_at is null or c.claimed_at < now() - interval '5 minutes')
        and c.kind in ('verification_approved', 'verification_rejected', 'listing_approved', 'listing_rejected',
                       'listing_unpublished', 'listing_republished', 'listing_withdrawn')
      order by c.created_at, c.id
      for update skip locked
      limit greatest(1, least(coalesce(p_limit, 20), 100))
    )
    returning n.*
  )
  select c.id, c.kind, c.provider_id, c.subject_id, c.notes, c.attempts,
         p.email, p.organization_name, p.contact_name,
         coalesce(pub.snapshot ->> 'center_name', l.center_name),
         coalesce(pub.program_id, l.published_program_id), pub.state
  from claimed c
  join public.providers p on p.id = c.provider_id
  left join public.provider_listings l on l.id = c.subject_id and c.kind like 'listing_%'
  left join public.listing_publications pub on pub.listing_id = c.subject_id and c.kind like 'listing_%'
  order by c.id;
$$;
comment on function private.claim_notifications(integer) is
  'Claims up to p_limit due decision e-mails for one drain (never the same row to two drains at once).';
revoke execute on function private.claim_notifications(integer) from public, anon, authenticated;
grant execute on function private.claim_notifications(integer) to service_role;

-- ---- rebuilds follow publications, not working copies ---------------------------------------------
-- What the directory shows changes when a publication is written, changes state or is deleted,
-- when a live listing's availability changes, and when the provider of a live listing is verified
-- or loses it. An edit, a draft or a rejected edit of a working copy changes nothing published.
create or replace function private.request_rebuild_for_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  reason text;
begin
  if tg_table_name = 'listing_publications' then
    if (tg_op = 'INSERT' and new.state = 'live')
       or (tg_op = 'DELETE' and old.state = 'live')
       or (tg_op = 'UPDATE' and (old.state = 'live' or new.state = 'live')
           and (old.state is distinct from new.state or old.snapshot is distinct from new.snapshot
                or old.program_id is distinct from new.program_id
                or old.reviewed_at::date is distinct from new.reviewed_at::date)) then
      reason := 'directory listings changed';
    end if;
  elsif tg_table_name = 'listing_availability' then
    if exists (select 1 from public.listing_publications p
               where p.listing_id = coalesce(new.listing_id, old.listing_id) and p.state = 'live')
       and (tg_op <> 'UPDATE'
            or old.status is distinct from new.status
            or old.wait_weeks is distinct from new.wait_weeks
            or (old.confirmed_at at time zone 'UTC')::date <> (new.confirmed_at at time zone 'UTC')::date) then
      reason := 'availability changed';
    end if;
  elsif tg_table_name = 'providers' then
    if ((old.verification_status = 'verified') <> (new.verification_status = 'verified')
        or old.verified_at::date is distinct from new.verified_at::date)
       and exists (select 1 from public.listing_publications p where p.provider_id = new.id and p.state = 'live') then
      reason := 'verification changed';
    end if;
  end if;
  if reason is not null then perform private.request_rebuild(reason); end if;
  return null;
end;
$$;

drop trigger provider_listings_request_rebuild on public.provider_listings;
create trigger listing_publications_request_rebuild
  after insert or update or delete on public.listing_publications
  for each row execute function private.request_rebuild_for_change();
drop trigger providers_request_rebuild on public.providers;
create trigger providers_request_rebuild
  after update of verification_status, verified_at on public.providers
  for each row execute function private.request_rebuild_for_change();

-- ---- deleting a working copy ---------------------------------------------------------------------
-- A provider deletes its own listings that are not on the directory; a live one is withdrawn first.
drop policy "Providers delete their own unpublished listings" on public.provider_listings;
create policy "Providers delete their own unpublished listings" on public.provider_listings
  for delete to authenticated
  using (
    provider_id = (select private.current_provider_id()) and status <> 'approved'
    and not exists (select 1 from public.listing_publications p where p.listing_id = id and p.state = 'live')
  );

-- ---- privileges and policies ----------------------------------------------------------------------
-- Read by the provider (its own) and administrators; the state and its reason are the only
-- columns a person writes. Rows are written by private.publish_listing (security definer).
revoke all on table public.listing_publications from anon, authenticated;
grant select on table public.listing_publications to authenticated;
grant update (state, state_reason) on table public.listing_publications to authenticated;
alter table public.listing_publications enable row level security;

create policy "Only the API functions, never the Data API" on public.listing_publications
  as restrictive for all
  to anon, authenticated using (not (select private.via_data_api()))
  with check (not (select private.via_data_api()));

create policy "Providers read their own publications" on public.listing_publications
  for select to authenticated
  using (provider_id = (select private.current_provider_id()));

create policy "Admins read all publications" on public.listing_publications
  for select to authenticated
  using ((select private.is_admin()));

create policy "Providers withdraw their own publications" on public.listing_publications
  for update to authenticated
  using (provider_id = (select private.current_provider_id()))
  with check (provider_id = (select private.current_provider_id()) and state = 'withdrawn');

create policy "Admins unpublish and republish" on public.listing_publications
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
