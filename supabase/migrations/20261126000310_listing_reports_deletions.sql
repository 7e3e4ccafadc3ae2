-- A report outlives what it was about (20261126000300_listing_reports.sql).
--
-- private.resolve_listing_report() refused every change of a report's listing, provider or
-- resolver, which also refused the foreign keys' own `on delete set null`: deleting a listing
-- with reports (Studio, tests), a provider (its account deleted) or the administrator who resolved
-- one failed with "A report's program, text, e-mail and date cannot be changed." Those columns
-- may now become null (the row they named is gone); they still cannot point anywhere else, and
-- what was reported, about which program, by which address and when never changes.
create or replace function private.resolve_listing_report() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.program_id is distinct from old.program_id
    or (new.listing_id is distinct from old.listing_id and new.listing_id is not null)
    or (new.provider_id is distinct from old.provider_id and new.provider_id is not null)
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
    -- Kept, unless the administrator's account is gone (`on delete set null`).
    new.resolved_by := case when new.resolved_by is null then null else old.resolved_by end;
  else
    new.resolved_at := null;
    new.resolved_by := null;
  end if;
  return new;
end;
$$;
comment on function private.resolve_listing_report() is
  'Resolving a report sets resolved_at and resolved_by (once); reopening clears them; the report itself is immutable, but the listing, provider and resolver it names may be deleted (set null).';
revoke execute on function private.resolve_listing_report() from public, anon, authenticated;
