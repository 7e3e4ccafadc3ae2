-- "Sent a request through this site" shows the date of the request.
--
-- The marker (program_reviews.sent_request) could be earned by a throwaway request sent a second
-- before the review. program_reviews.sent_request_on is the day (UTC) of the author's first
-- request to the program, derived with the marker at every write of the review, so readers see
-- "Sent a request through this site on March 3, 2026" and can judge. Only the day: never the
-- request, its type or its time.

alter table public.program_reviews add column sent_request_on date;
comment on column public.program_reviews.sent_request_on is
  'The day (UTC) of the author''s first request to the program through the site, shown with the "Sent a request through this site" marker; null without one (set by the database).';

-- The day of the first request `p_user_id` sent to `p_program_id`, or null.
create function private.first_request_on(p_user_id uuid, p_program_id text) returns date
language sql stable security definer
set search_path = ''
as $$
  select (min(i.created_at) at time zone 'UTC')::date
  from public.provider_inquiries i
  where p_user_id is not null and i.sender_id = p_user_id and i.program_id = p_program_id;
$$;
comment on function private.first_request_on(uuid, text) is
  'The day (UTC) of the first request an account sent to a program through the site, or null.';
revoke execute on function private.first_request_on(uuid, text) from public, anon, authenticated;

-- After private.guard_review (trigger names sort so), which derives sent_request: the day goes
-- with it. Security definer: authors cannot read every request.
create function private.stamp_sent_request_on() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.sent_request_on := case when new.sent_request then private.first_request_on(new.user_id, new.program_id) end;
  return new;
end;
$$;
revoke execute on function private.stamp_sent_request_on() from public, anon, authenticated;

create trigger program_reviews_sent_request_on
  before insert or update on public.program_reviews
  for each row execute function private.stamp_sent_request_on();

update public.program_reviews r
set sent_request_on = private.first_request_on(r.user_id, r.program_id)
where r.sent_request;

grant select (sent_request_on) on table public.program_reviews to anon, authenticated;
