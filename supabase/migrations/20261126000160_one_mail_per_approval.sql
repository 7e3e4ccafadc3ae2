-- An approval of an unpublished or withdrawn listing puts its published version back live
-- (private.publish_listing). The provider then got two e-mails: "approved" (the decision) and
-- "published again" (the state change). The approval's e-mail says it all: a state change that
-- comes with a new review date is that approval's, and writes no e-mail of its own.
create or replace function private.notify_publication_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.state is distinct from old.state
     and not (new.state = 'live' and new.reviewed_at is distinct from old.reviewed_at) then
    insert into public.notifications (kind, provider_id, subject_id, notes)
    values (
      case new.state when 'live' then 'listing_republished' when 'unpublished' then 'listing_unpublished'
                     else 'listing_withdrawn' end,
      new.provider_id, new.listing_id, new.state_reason);
  end if;
  return null;
end;
$$;
