-- A listing's review date is its latest decision's (docs/product-rules.md#published-listings).
--
-- private.guard_listing (20261122000300) stamped `reviewed_at` / `reviewed_by` with
-- coalesce(new.x, now() / auth.uid()). On an UPDATE, `new.reviewed_at` is the previous decision's
-- date carried over, so a listing edited and approved again kept its FIRST review date and
-- reviewer, and private.publish_listing (20261126000100) copied that stale date into the
-- publication: the "Listing reviewed" badge must date the version now published.
--
-- Now a decision (the status becoming approved or rejected) is stamped now() and by the caller,
-- unless the statement sets the date or the reviewer itself (Studio, the seed). Everything else is
-- unchanged.
create or replace function private.guard_listing() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'pending' and (tg_op = 'INSERT' or old.status is distinct from 'pending') then
    new.submitted_at := now();
  end if;
  if private.may_write_protected_fields() then
    if new.status in ('approved', 'rejected') and (tg_op = 'INSERT' or old.status is distinct from new.status) then
      if tg_op = 'INSERT' then
        new.reviewed_at := coalesce(new.reviewed_at, now());
        new.reviewed_by := coalesce(new.reviewed_by, (select auth.uid()));
      else
        if new.reviewed_at is not distinct from old.reviewed_at then new.reviewed_at := now(); end if;
        if new.reviewed_by is not distinct from old.reviewed_by then new.reviewed_by := (select auth.uid()); end if;
      end if;
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
