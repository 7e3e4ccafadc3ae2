-- A moderation decision is about one version of what it decides. Each row a moderator decides on
-- carries `revision`: a number from one sequence for all of them, given at insert and replaced on
-- every change of what the moderator reads (never by the decision itself, never by a client). A
-- decision names the revision it was made on (the API refuses it with 409 when the row has a newer
-- one); a row deleted and written again (a provider's response) gets a number never used before,
-- so an old decision cannot match it.
--
-- The published versions record where they came from: a listing's snapshot keeps the listing's
-- `revision` (private.listing_snapshot copies every content column), and a review or response
-- keeps `decided_revision`, the revision its last decision was made on.

create sequence private.content_revisions as integer;
comment on sequence private.content_revisions is
  'Revisions of moderated rows (provider_listings, provider_verification_requests, program_reviews, review_responses, listing_publications).';

-- Before insert or update, after every other trigger of the row (its trigger names sort last):
-- a new row gets the next revision; an update gets one when a column outside TG_ARGV (the
-- workflow columns: status, who decided and when, notes) changed, else keeps the old one.
-- Security definer: clients never touch the sequence, and what they send for `revision` is
-- overwritten.
create function private.bump_revision() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.revision := nextval('private.content_revisions');
  elsif (to_jsonb(new) - tg_argv) is distinct from (to_jsonb(old) - tg_argv) then
    new.revision := nextval('private.content_revisions');
  else
    new.revision := old.revision;
  end if;
  return new;
end;
$$;
comment on function private.bump_revision() is
  'Gives a row a new revision when a column other than the workflow ones named as arguments changes.';
revoke execute on function private.bump_revision() from public, anon, authenticated;

-- A review's or response's decision (moderated_at set by private.decide_review) records the
-- revision it was made on; back to pending clears it.
create function private.stamp_decided_revision() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'pending' then
    new.decided_revision := null;
  elsif tg_op = 'INSERT' or new.moderated_at is distinct from old.moderated_at then
    new.decided_revision := new.revision;
  else
    new.decided_revision := old.decided_revision;
  end if;
  return new;
end;
$$;
comment on function private.stamp_decided_revision() is
  'Records on a review or response the revision its latest decision was about.';
revoke execute on function private.stamp_decided_revision() from public, anon, authenticated;

-- Existing rows get distinct revisions (the volatile default is evaluated per row); new ones get
-- theirs from the trigger, so the columns keep no default.
alter table public.provider_listings
  add column revision integer not null default nextval('private.content_revisions');
alter table public.provider_listings alter column revision drop default;
comment on column public.provider_listings.revision is
  'Version of the listing''s content; a decision names the one the administrator read. Kept in the published snapshot.';

alter table public.provider_verification_requests
  add column revision integer not null default nextval('private.content_revisions');
alter table public.provider_verification_requests alter column revision drop default;
comment on column public.provider_verification_requests.revision is
  'Version of the request; a decision names the one the administrator read.';

alter table public.listing_publications
  add column revision integer not null default nextval('private.content_revisions');
alter table public.listing_publications alter column revision drop default;
comment on column public.listing_publications.revision is
  'Version of the published version (snapshot, program id, state); an unpublish or republish names the one read.';

alter table public.program_reviews
  add column revision integer not null default nextval('private.content_revisions'),
  add column decided_revision integer;
alter table public.program_reviews alter column revision drop default;
update public.program_reviews set decided_revision = revision where status <> 'pending';
comment on column public.program_reviews.revision is
  'Version of the review''s content; a decision names the one the moderator read.';
comment on column public.program_reviews.decided_revision is
  'The revision the latest decision was made on (null while pending): what is published is that version.';

alter table public.review_responses
  add column revision integer not null default nextval('private.content_revisions'),
  add column decided_revision integer;
alter table public.review_responses alter column revision drop default;
update public.review_responses set decided_revision = revision where status <> 'pending';
comment on column public.review_responses.revision is
  'Version of the response''s text; a decision names the one the moderator read.';
comment on column public.review_responses.decided_revision is
  'The revision the latest decision was made on (null while pending): what is published is that version.';

create trigger provider_listings_zz_revision
  before insert or update on public.provider_listings
  for each row execute function private.bump_revision(
    'revision', 'status', 'submitted_at', 'reviewed_at', 'reviewed_by', 'reviewer_notes',
    'published_program_id', 'created_at', 'updated_at');
create trigger provider_verification_requests_zz_revision
  before insert or update on public.provider_verification_requests
  for each row execute function private.bump_revision(
    'revision', 'status', 'reviewer_id', 'reviewed_at', 'reviewer_notes', 'created_at', 'updated_at');
create trigger listing_publications_zz_revision
  before insert or update on public.listing_publications
  for each row execute function private.bump_revision('revision');
create trigger program_reviews_zz_revision
  before insert or update on public.program_reviews
  for each row execute function private.bump_revision(
    'revision', 'decided_revision', 'status', 'rejection_rule', 'moderated_at', 'moderated_by',
    'sent_request', 'created_at', 'updated_at');
create trigger program_reviews_zzz_decided_revision
  before insert or update on public.program_reviews
  for each row execute function private.stamp_decided_revision();
create trigger review_responses_zz_revision
  before insert or update on public.review_responses
  for each row execute function private.bump_revision(
    'revision', 'decided_revision', 'status', 'rejection_rule', 'moderated_at', 'moderated_by',
    'created_at', 'updated_at');
create trigger review_responses_zzz_decided_revision
  before insert or update on public.review_responses
  for each row execute function private.stamp_decided_revision();

-- Administrators read the revisions through the API (their RLS transaction); provider_listings,
-- provider_verification_requests and listing_publications are readable by table already.
grant select (revision, decided_revision) on table public.program_reviews to authenticated;
grant select (revision, decided_revision) on table public.review_responses to authenticated;
