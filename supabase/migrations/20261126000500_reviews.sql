-- Reviews and ratings families can trust (issue 19; docs/product-rules.md#reviews-and-ratings).
--
-- A program's rating is the average of its PUBLISHED reviews (the build computes it from this
-- table: netlify/functions/_shared/reviews.ts). Nothing else sets a rating: program files cannot,
-- and there is no other table a number could come from. What the database holds, whoever writes
-- (the functions, a person in Studio):
--
--   * program_reviews: one review per account and program (unique), written, edited and deleted
--     by its author only, checked before publication. An edit by the author sends it back to
--     `pending` (re-moderated). An administrator decides by one row change of `status`:
--     `published`, or `rejected` with one rule of the content policy (`rejection_rule`, the ids of
--     REMOVAL_RULES in src/lib/reviews.ts; a rejection without one is refused). Moderation never
--     looks at the stars: nothing here or in the functions reads `rating` to decide anything.
--   * Insiders cannot review: an administrator (the site publishes every program and moderates
--     the reviews), or a provider account whose organization publishes the program (a listing of
--     its published as the program id, live or not). Refused by private.guard_review.
--   * `sent_request` ("Sent a request through this site") is the database's: true when the
--     author's account sent a request (provider_inquiries.sender_id) to the program, re-derived at
--     every write of the review. `connected_to_program` and its note are the reviewer's own
--     disclosure ("a review by anyone connected to a program must say so"). `flags` (phone
--     numbers, e-mail and web addresses in the text) are written by the functions for the
--     moderator (reviewFlags in src/lib/reviews.ts). `sample` marks the seed's fictional demo
--     reviews ("Sample review — demo data"); no API role can write it.
--   * review_responses: one public response per review, by the provider of the program's live
--     listing (listing_publications), moderated the same way.
--   * review_reports: anyone reports a published review, with a reason; an open report puts the
--     review back in the moderator's queue, and the next decision on the review resolves it.
--   * A rejection e-mails the reviewer (or, for a response, the provider) which rule it broke,
--     through the notifications outbox, in the transaction of the decision.
--   * Anything that changes what a program page shows (a review or response published, taken
--     down, edited or deleted) asks for a rebuild.
--   * Supabase's Data API is refused, as on every table (20261125000200_data_api_lockdown.sql);
--     the API roles hold only the columns netlify/functions/reviews.mts, admin-reviews.mts and
--     provider-reviews.mts use.

-- ---- program_reviews -------------------------------------------------------------------------------

create table public.program_reviews (
  id uuid primary key default gen_random_uuid(),
  -- A program file's id or the program id of a published listing (the function checks it is listed).
  program_id text not null
    constraint program_reviews_program_id_check check (program_id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  -- The author (null only for the seed's sample reviews). Deleting the account deletes its reviews.
  user_id uuid default auth.uid() references auth.users (id) on delete cascade,
  rating smallint not null constraint program_reviews_rating_check check (rating between 1 and 5),
  -- One line, 1 to 120 characters, no control or direction-override characters (src/lib/schemas.ts).
  title text not null
    constraint program_reviews_title_check check (
      char_length(title) between 1 and 120
      and title = btrim(title)
      and title !~ '[\u0001-\u001f\u007f-\u009f]'
      and title !~ '[\u202a-\u202e\u2066-\u2069]'
    ),
  -- 20 to 4000 characters; line breaks and tabs allowed.
  body text not null
    constraint program_reviews_body_check check (
      char_length(body) between 20 and 4000
      and body = btrim(body)
      and body !~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]'
      and body !~ '[\u202a-\u202e\u2066-\u2069]'
    ),
  -- How the reviewer knows the program (RELATIONSHIPS in src/lib/reviews.ts).
  relationship text not null
    constraint program_reviews_relationship_check check (
      relationship in ('former_resident', 'parent_or_guardian', 'other_family_member', 'contacted_admissions')
    ),
  -- The year of the stay, only when there was one; 1990 to this year (the trigger checks the end).
  stay_year integer
    constraint program_reviews_stay_year_check check (
      stay_year is null or (stay_year >= 1990 and relationship <> 'contacted_admissions')
    ),
  -- "Maria G." or "A parent" (publicName in src/lib/reviews.ts); never an e-mail address.
  public_name text not null
    constraint program_reviews_public_name_check check (
      public_name = 'A parent'
      or (
        char_length(public_name) between 4 and 34
        and public_name ~ '^[^@0-9[:space:]]+( [^@0-9[:space:]]+)* [^@0-9[:space:].]\.$'
        and public_name !~ '[\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]'
      )
    ),
  -- The reviewer's own disclosure of a connection to the program, shown with the review.
  connected_to_program boolean not null default false,
  connection_note text
    constraint program_reviews_connection_note_check check (
      char_length(connection_note) between 1 and 300
      and connection_note = btrim(connection_note)
      and connection_note !~ '[\u0001-\u001f\u007f-\u009f]'
      and connection_note !~ '[\u202a-\u202e\u2066-\u2069]'
    ),
  -- Set by the database (private.guard_review).
  sent_request boolean not null default false,
  -- Set by the functions for the moderator (REVIEW_FLAGS in src/lib/reviews.ts).
  flags text[] not null default '{}'
    constraint program_reviews_flags_check check (flags <@ array['phone', 'email', 'url']::text[]),
  -- The seed's fictional demo reviews.
  sample boolean not null default false,
  status text not null default 'pending'
    constraint program_reviews_status_check check (status in ('pending', 'published', 'rejected')),
  -- The content policy's rule a rejection names (REMOVAL_RULES in src/lib/reviews.ts).
  rejection_rule text
    constraint program_reviews_rejection_rule_check check (
      rejection_rule in ('health-information', 'identifying-people', 'threats', 'spam', 'conflict-of-interest')
    ),
  moderated_at timestamptz,
  moderated_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- The author's last edit (a decision does not change it).
  updated_at timestamptz not null default now(),
  constraint program_reviews_program_user_key unique (program_id, user_id),
  constraint program_reviews_connection_check check (connected_to_program = (connection_note is not null)),
  constraint program_reviews_rejection_check check ((status = 'rejected') = (rejection_rule is not null)),
  constraint program_reviews_author_check check (user_id is not null or sample)
);
comment on table public.program_reviews is
  'Families'' reviews of programs: one per account and program, moderated against the published content policy (/review-policy) before publication; a program''s rating is the average of its published reviews.';
comment on column public.program_reviews.status is
  'pending (new or edited by its author: waiting for a moderator), published, or rejected (with rejection_rule). Decided by an administrator, never by the rating.';
comment on column public.program_reviews.rejection_rule is
  'The content policy rule a rejected review broke (src/lib/reviews.ts REMOVAL_RULES); required when rejected.';
comment on column public.program_reviews.sent_request is
  'True when the author''s account sent a request to this program through the site (set by the database): "Sent a request through this site".';
comment on column public.program_reviews.connected_to_program is
  'The reviewer says they are connected to the program (works there, owns it, was rewarded…); connection_note says how, shown with the review.';
comment on column public.program_reviews.flags is
  'Phone numbers (phone), e-mail addresses (email) and web addresses (url) found in the text, for the moderator.';
comment on column public.program_reviews.sample is
  'A fictional demo review of the seed ("Sample review — demo data"); never written through the API.';
comment on column public.program_reviews.updated_at is
  'The author''s last edit; a moderator''s decision does not change it.';

create index program_reviews_published_idx on public.program_reviews (program_id, created_at desc)
  where status = 'published';
create index program_reviews_status_created_at_idx on public.program_reviews (status, created_at);
create index program_reviews_user_id_idx on public.program_reviews (user_id);
create index program_reviews_moderated_by_idx on public.program_reviews (moderated_by) where moderated_by is not null;

-- The providers whose listings are published as `p_program_id` (live or not, and a working copy
-- that names it): the organizations that publish the program. Not secret (the program's page
-- names its provider); the review form asks it to tell a provider it cannot review its own program.
create function private.program_provider_ids(p_program_id text) returns uuid[]
language sql stable security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct x.provider_id order by x.provider_id), '{}')
  from (
    select pub.provider_id from public.listing_publications pub where pub.program_id = p_program_id
    union
    select l.provider_id from public.provider_listings l where l.published_program_id = p_program_id
  ) x;
$$;
comment on function private.program_provider_ids(text) is
  'The providers whose listings are (or were) published as a program id: its publishing organizations.';
revoke execute on function private.program_provider_ids(text) from public, anon;
grant execute on function private.program_provider_ids(text) to authenticated, service_role;

-- The account of `p_user_id` may not review `p_program_id`: 'administrator', 'insider' (its
-- provider publishes the program), or null (reviewIneligibility in src/lib/reviews.ts).
create function private.review_refusal(p_user_id uuid, p_program_id text) returns text
language sql stable security definer
set search_path = ''
as $$
  select case
    when exists (select 1 from public.user_roles r where r.user_id = p_user_id and r.role = 'admin')
      then 'administrator'
    when exists (
      select 1 from public.providers p
      where p.user_id = p_user_id and p.id = any(private.program_provider_ids(p_program_id))
    ) then 'insider'
  end;
$$;
comment on function private.review_refusal(uuid, text) is
  'Why an account may not review a program: administrator, insider (its organization publishes it), or null.';
revoke execute on function private.review_refusal(uuid, text) from public, anon, authenticated;
grant execute on function private.review_refusal(uuid, text) to service_role;

-- True when the account sent a request to the program through the site.
create function private.sent_request_to(p_user_id uuid, p_program_id text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select p_user_id is not null and exists (
    select 1 from public.provider_inquiries i where i.sender_id = p_user_id and i.program_id = p_program_id
  );
$$;
revoke execute on function private.sent_request_to(uuid, text) from public, anon, authenticated;

-- Who writes what. API callers (the `role` setting is anon or authenticated; this function runs
-- as its owner) are held to: a new review is the caller's own, pending, not a sample; only its
-- author changes its content, and that sends it back to pending; only an administrator decides
-- (private.decide_review); nobody moves a review to another program or account. Everyone,
-- Studio included, is held to the insider rule and to the year of stay. `sent_request` is
-- re-derived at every write.
create function private.guard_review() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_api boolean := coalesce(current_setting('role', true), 'none') in ('anon', 'authenticated');
  v_uid uuid := (select auth.uid());
  v_refusal text;
  v_content boolean;
begin
  if tg_op = 'INSERT' then
    if v_api then
      if v_uid is null or new.user_id is distinct from v_uid then
        raise exception 'Sign in to write a review.' using errcode = '42501';
      end if;
      new.status := 'pending';
      new.rejection_rule := null;
      new.moderated_at := null;
      new.moderated_by := null;
      new.sample := false;
      new.created_at := now();
      new.updated_at := now();
    end if;
    v_content := true;
  else
    if new.id is distinct from old.id or new.program_id is distinct from old.program_id
       or new.user_id is distinct from old.user_id or new.sample is distinct from old.sample
       or new.created_at is distinct from old.created_at then
      if v_api then
        raise exception 'A review''s program, author and date cannot be changed.' using errcode = '42501';
      end if;
    end if;
    v_content := new.rating is distinct from old.rating or new.title is distinct from old.title
      or new.body is distinct from old.body or new.relationship is distinct from old.relationship
      or new.stay_year is distinct from old.stay_year or new.public_name is distinct from old.public_name
      or new.connected_to_program is distinct from old.connected_to_program
      or new.connection_note is distinct from old.connection_note or new.flags is distinct from old.flags;
    if v_content and v_api then
      if v_uid is null or v_uid is distinct from old.user_id then
        raise exception 'Only its author can edit a review.' using errcode = '42501';
      end if;
      -- The edit is checked again before it is shown.
      new.status := 'pending';
      new.rejection_rule := null;
      new.moderated_at := null;
      new.moderated_by := null;
      new.updated_at := now();
    end if;
  end if;

  if v_content and new.user_id is not null then
    v_refusal := private.review_refusal(new.user_id, new.program_id);
    if v_refusal = 'administrator' then
      raise exception 'Administrators moderate reviews and cannot write them.'
        using errcode = '42501', constraint = 'program_reviews_insider_check',
              schema = 'public', table = 'program_reviews';
    elsif v_refusal = 'insider' then
      raise exception 'A provider cannot review a program its organization publishes.'
        using errcode = '42501', constraint = 'program_reviews_insider_check',
              schema = 'public', table = 'program_reviews';
    end if;
  end if;
  if new.stay_year > extract(year from now())::integer then
    raise exception 'Enter a year from 1990 to %.', extract(year from now())::integer
      using errcode = '23514', constraint = 'program_reviews_stay_year_check',
            schema = 'public', table = 'program_reviews', column = 'stay_year';
  end if;
  new.sent_request := private.sent_request_to(new.user_id, new.program_id);
  return new;
end;
$$;
comment on function private.guard_review() is
  'Own pending reviews only; an author''s edit is re-moderated; insiders refused; sent_request derived.';
revoke execute on function private.guard_review() from public, anon, authenticated;

-- A decision: any UPDATE that writes `status` or `rejection_rule` (even to the same value: "keep
-- published" after a report). Only an administrator (or Studio) decides, and an API caller only
-- publishes or rejects. It is stamped with the date and the administrator; a decision other than
-- a rejection clears the rule. Runs before private.guard_review (trigger names sort so).
create function private.decide_review() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_api boolean := coalesce(current_setting('role', true), 'none') in ('anon', 'authenticated');
begin
  if v_api then
    if not private.is_admin() then
      raise exception 'Only an administrator decides on a review.' using errcode = '42501';
    end if;
    if new.status not in ('published', 'rejected') then
      raise exception 'A decision publishes or rejects.' using errcode = '23514',
        constraint = tg_table_name || '_status_check', schema = 'public', table = tg_table_name;
    end if;
  end if;
  if new.status <> 'rejected' then new.rejection_rule := null; end if;
  if new.status = 'pending' then
    new.moderated_at := null;
    new.moderated_by := null;
  else
    new.moderated_at := now();
    new.moderated_by := (select auth.uid());
  end if;
  return new;
end;
$$;
comment on function private.decide_review() is
  'Stamps a moderator''s decision on a review or response (administrators only through the API).';
revoke execute on function private.decide_review() from public, anon, authenticated;

create trigger program_reviews_a_decide
  before update of status, rejection_rule on public.program_reviews
  for each row execute function private.decide_review();
create trigger program_reviews_guard
  before insert or update on public.program_reviews
  for each row execute function private.guard_review();

-- ---- review_responses ------------------------------------------------------------------------------

create table public.review_responses (
  id uuid primary key default gen_random_uuid(),
  review_id uuid not null references public.program_reviews (id) on delete cascade,
  -- The provider of the program's live listing when the response was written (set by the database).
  provider_id uuid not null references public.providers (id) on delete cascade,
  body text not null
    constraint review_responses_body_check check (
      char_length(body) between 1 and 2000
      and body = btrim(body)
      and body !~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]'
      and body !~ '[\u202a-\u202e\u2066-\u2069]'
    ),
  status text not null default 'pending'
    constraint review_responses_status_check check (status in ('pending', 'published', 'rejected')),
  rejection_rule text
    constraint review_responses_rejection_rule_check check (
      rejection_rule in ('health-information', 'identifying-people', 'threats', 'spam', 'conflict-of-interest')
    ),
  moderated_at timestamptz,
  moderated_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint review_responses_review_id_key unique (review_id),
  constraint review_responses_rejection_check check ((status = 'rejected') = (rejection_rule is not null))
);
comment on table public.review_responses is
  'The program''s one public response to a review, by the provider of its live listing; moderated like reviews.';
comment on column public.review_responses.provider_id is
  'The provider whose live listing is published as the review''s program (set by the database).';

create index review_responses_provider_id_idx on public.review_responses (provider_id);
create index review_responses_status_idx on public.review_responses (status) where status = 'pending';
create index review_responses_moderated_by_idx on public.review_responses (moderated_by) where moderated_by is not null;

-- A response is by the provider of the live listing published as the review's program, to a
-- published review; only that provider edits it (back to pending) and only an administrator
-- decides on it. Security definer: providers cannot read other providers' publications.
create function private.guard_review_response() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_api boolean := coalesce(current_setting('role', true), 'none') in ('anon', 'authenticated');
  v_provider uuid;
  v_review_status text;
begin
  if tg_op = 'INSERT' then
    select r.status, (select pub.provider_id from public.listing_publications pub
                      where pub.program_id = r.program_id and pub.state = 'live')
    into v_review_status, v_provider
    from public.program_reviews r where r.id = new.review_id;
    if v_provider is null or (v_api and v_provider is distinct from private.current_provider_id()) then
      raise exception 'Only the provider of the program''s live listing can respond to its reviews.'
        using errcode = '42501', constraint = 'review_responses_provider_check',
              schema = 'public', table = 'review_responses';
    end if;
    if v_review_status is distinct from 'published' then
      raise exception 'Only a published review can be answered.'
        using errcode = '23514', constraint = 'review_responses_review_check',
              schema = 'public', table = 'review_responses';
    end if;
    new.provider_id := v_provider;
    if v_api then
      new.status := 'pending';
      new.rejection_rule := null;
      new.moderated_at := null;
      new.moderated_by := null;
      new.created_at := now();
      new.updated_at := now();
    end if;
    return new;
  end if;
  if v_api and (new.id is distinct from old.id or new.review_id is distinct from old.review_id
                or new.provider_id is distinct from old.provider_id or new.created_at is distinct from old.created_at) then
    raise exception 'A response''s review, provider and date cannot be changed.' using errcode = '42501';
  end if;
  if new.body is distinct from old.body and v_api then
    if old.provider_id is distinct from private.current_provider_id() then
      raise exception 'Only the program''s provider can edit its response.' using errcode = '42501';
    end if;
    new.status := 'pending';
    new.rejection_rule := null;
    new.moderated_at := null;
    new.moderated_by := null;
    new.updated_at := now();
  end if;
  return new;
end;
$$;
comment on function private.guard_review_response() is
  'A response: by the live listing''s provider, to a published review; its edit is re-moderated.';
revoke execute on function private.guard_review_response() from public, anon, authenticated;

create trigger review_responses_a_decide
  before update of status, rejection_rule on public.review_responses
  for each row execute function private.decide_review();
create trigger review_responses_guard
  before insert or update on public.review_responses
  for each row execute function private.guard_review_response();

-- ---- review_reports --------------------------------------------------------------------------------

create table public.review_reports (
  id uuid primary key default gen_random_uuid(),
  review_id uuid not null references public.program_reviews (id) on delete cascade,
  -- Why the review breaks the policy: 10 to 1000 characters; line breaks allowed. Names nobody:
  -- reports are stored without the reporter's account.
  reason text not null
    constraint review_reports_reason_check check (
      char_length(reason) between 10 and 1000
      and reason = btrim(reason)
      and reason !~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]'
      and reason !~ '[\u202a-\u202e\u2066-\u2069]'
    ),
  status text not null default 'open'
    constraint review_reports_status_check check (status in ('open', 'resolved')),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid references auth.users (id) on delete set null,
  constraint review_reports_resolved_check check ((status = 'resolved') = (resolved_at is not null))
);
comment on table public.review_reports is
  'Reports of published reviews (anyone, with a reason); an open report puts the review in the moderator''s queue until the next decision on it.';

create index review_reports_review_id_idx on public.review_reports (review_id);
create index review_reports_open_idx on public.review_reports (review_id) where status = 'open';
create index review_reports_resolved_by_idx on public.review_reports (resolved_by) where resolved_by is not null;

-- A new report: about a published review, open, dated now. Security definer: visitors cannot
-- read reviews' statuses through this table.
create function private.prepare_review_report() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.program_reviews r where r.id = new.review_id and r.status = 'published') then
    raise exception 'Only a published review can be reported.'
      using errcode = '23514', constraint = 'review_reports_review_check',
            schema = 'public', table = 'review_reports';
  end if;
  new.reason := btrim(new.reason);
  new.status := 'open';
  new.created_at := now();
  new.resolved_at := null;
  new.resolved_by := null;
  return new;
end;
$$;
revoke execute on function private.prepare_review_report() from public, anon, authenticated;

create trigger review_reports_prepare
  before insert on public.review_reports
  for each row execute function private.prepare_review_report();

-- ---- After a decision: reports resolved, the author told ---------------------------------------------
alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (
  kind in (
    'verification_approved', 'verification_rejected', 'listing_approved', 'listing_rejected',
    'listing_unpublished', 'listing_republished', 'listing_withdrawn',
    'inquiry', 'inquiry_confirmation', 'inquiry_status', 'contact', 'delivery_failed',
    'review_rejected', 'review_response_rejected'
  )
);
comment on column public.notifications.subject_id is
  'What the e-mail is about: the decided provider_verification_requests.id (verification_*) or provider_listings.id (listing_*), the provider_inquiries.id (inquiry, inquiry_confirmation, inquiry_status), the contact_messages.id (contact), the program_reviews.id (review_rejected) or review_responses.id (review_response_rejected), or the notifications.id that failed (delivery_failed).';

-- A decision on a review resolves its open reports. A rejection queues the reviewer's e-mail with
-- the rule (once per rejection: rejecting a rejected review again under the same rule sends
-- nothing). The payload holds only what the e-mail says: the address, the program id, the title
-- and the rule (the server adds the program's name and the rule's words when it sends).
create function private.after_review_decision() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_email text;
begin
  if new.status = 'pending' then return null; end if;
  update public.review_reports
  set status = 'resolved', resolved_at = now(), resolved_by = (select auth.uid())
  where review_id = new.id and status = 'open';
  if new.status = 'rejected' and new.user_id is not null
     and (old.status is distinct from 'rejected' or old.rejection_rule is distinct from new.rejection_rule) then
    select u.email into v_email from auth.users u where u.id = new.user_id;
    if v_email is not null then
      insert into public.notifications (kind, subject_id, recipient, payload)
      values ('review_rejected', new.id, 'family', jsonb_build_object(
        'to', v_email, 'programId', new.program_id, 'title', new.title, 'rule', new.rejection_rule));
    end if;
  end if;
  return null;
end;
$$;
revoke execute on function private.after_review_decision() from public, anon, authenticated;

create trigger program_reviews_decided
  after update of status, rejection_rule on public.program_reviews
  for each row execute function private.after_review_decision();

create function private.after_response_decision() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_email text;
  v_program text;
begin
  if new.status = 'rejected'
     and (old.status is distinct from 'rejected' or old.rejection_rule is distinct from new.rejection_rule) then
    select p.email into v_email from public.providers p where p.id = new.provider_id;
    select r.program_id into v_program from public.program_reviews r where r.id = new.review_id;
    insert into public.notifications (kind, provider_id, subject_id, recipient, payload)
    values ('review_response_rejected', new.provider_id, new.id, 'provider', jsonb_build_object(
      'to', v_email, 'programId', v_program, 'rule', new.rejection_rule));
  end if;
  return null;
end;
$$;
revoke execute on function private.after_response_decision() from public, anon, authenticated;

create trigger review_responses_decided
  after update of status, rejection_rule on public.review_responses
  for each row execute function private.after_response_decision();

-- Same as in 20261126000400_request_follow_through.sql, with the two review kinds.
create or replace function private.claim_messages(p_limit integer default 20, p_ids uuid[] default null)
returns table (
  id uuid,
  kind text,
  subject_id uuid,
  recipient text,
  payload jsonb,
  attempts integer
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
        and c.kind in ('inquiry', 'inquiry_confirmation', 'inquiry_status', 'contact', 'delivery_failed',
                       'review_rejected', 'review_response_rejected')
        and (p_ids is null or c.id = any(p_ids))
      order by c.created_at, c.id
      for update skip locked
      limit greatest(1, least(coalesce(p_limit, 20), 100))
    )
    returning n.*
  )
  select c.id, c.kind, c.subject_id, c.recipient, c.payload, c.attempts
  from claimed c
  order by c.created_at, c.id;
$$;

-- ---- Rebuilds ------------------------------------------------------------------------------------------
-- What a program page shows changes when a review or a response is published, taken down (a
-- rejection, an author's edit sending it back to pending, a deletion), or a published one changes.
create function private.request_rebuild_for_review() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_shown_before boolean := false;
  v_shown_after boolean := false;
begin
  if tg_table_name = 'program_reviews' then
    v_shown_before := tg_op <> 'INSERT' and old.status = 'published';
    v_shown_after := tg_op <> 'DELETE' and new.status = 'published';
    if v_shown_before or v_shown_after then
      if tg_op <> 'UPDATE' or v_shown_before <> v_shown_after
         or (to_jsonb(old) - array['flags', 'moderated_at', 'moderated_by', 'rejection_rule', 'status'])
            is distinct from (to_jsonb(new) - array['flags', 'moderated_at', 'moderated_by', 'rejection_rule', 'status']) then
        perform private.request_rebuild('reviews changed');
      end if;
    end if;
  else
    v_shown_before := tg_op <> 'INSERT' and old.status = 'published';
    v_shown_after := tg_op <> 'DELETE' and new.status = 'published';
    if (v_shown_before or v_shown_after)
       and exists (select 1 from public.program_reviews r
                   where r.id = coalesce(new.review_id, old.review_id) and r.status = 'published')
       and (tg_op <> 'UPDATE' or v_shown_before <> v_shown_after or old.body is distinct from new.body) then
      perform private.request_rebuild('review responses changed');
    end if;
  end if;
  return null;
end;
$$;
comment on function private.request_rebuild_for_review() is
  'Asks for a rebuild when a published review or response appears, changes or goes.';
revoke execute on function private.request_rebuild_for_review() from public, anon, authenticated;

create trigger program_reviews_request_rebuild
  after insert or update or delete on public.program_reviews
  for each row execute function private.request_rebuild_for_review();
create trigger review_responses_request_rebuild
  after insert or update or delete on public.review_responses
  for each row execute function private.request_rebuild_for_review();

-- ---- Account deletion ------------------------------------------------------------------------------------
-- As in 20261126000400_request_follow_through.sql, and now: the family's reviews are deleted
-- (their program's rating is recomputed at the next build, which the deletion asks for), with the
-- unsent e-mails about them (a rejection carries the address).
create or replace function private.delete_account(p_user_id uuid, p_session_id uuid)
returns table (favorites_removed integer, requests_anonymized integer)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_favorites integer;
  v_requests integer;
begin
  perform 1 from auth.users u where u.id = p_user_id for update;
  if not found then
    raise exception 'This account no longer exists.' using errcode = 'UA401';
  end if;
  if not private.session_is_live(p_session_id, p_user_id) then
    raise exception 'The session of this access token has ended.' using errcode = 'UA401';
  end if;
  if exists (select 1 from public.providers p where p.user_id = p_user_id)
    or exists (
      select 1 from public.user_roles r where r.user_id = p_user_id and r.role in ('admin', 'provider')
    )
  then
    raise exception 'Provider and administrator accounts are closed by the site team.'
      using errcode = 'UA403';
  end if;

  insert into private.removed_request_links (token_hash)
  select h from (
    select i.status_token_hash as h from public.provider_inquiries i
    where i.sender_id = p_user_id and i.status_token_hash is not null
    union
    select l.token_hash from private.request_status_links l
    join public.provider_inquiries i on i.id = l.inquiry_id
    where i.sender_id = p_user_id
  ) hashes
  on conflict (token_hash) do nothing;
  delete from private.request_status_links l
  using public.provider_inquiries i
  where i.id = l.inquiry_id and i.sender_id = p_user_id;

  update public.provider_inquiries i
  set name = null, email = null, phone = null, message = '', location = null, best_time_to_call = null,
      status_token_hash = null, sender_id = null, personal_data_removed_at = now()
  where i.sender_id = p_user_id;
  get diagnostics v_requests = row_count;

  delete from public.user_favorites f where f.user_id = p_user_id;
  get diagnostics v_favorites = row_count;

  update public.notifications n
  set payload = null, failed_at = now(), claimed_at = null,
      last_error = 'Not sent: the reviewer deleted their account first.'
  where n.kind = 'review_rejected' and n.sent_at is null and n.failed_at is null
    and n.subject_id in (select r.id from public.program_reviews r where r.user_id = p_user_id);
  delete from public.program_reviews r where r.user_id = p_user_id;

  delete from auth.users u where u.id = p_user_id;

  return query select v_favorites, v_requests;
end;
$$;

-- ---- Privileges (what the functions run) ----------------------------------------------------------------
-- program_reviews: anyone reads published reviews (GET /api/programs/:id/reviews runs as the
-- caller); the author writes, edits and deletes their own; administrators read everything and
-- decide (status, rule). `user_id` is read only to find the caller's own review, `flags` and the
-- moderation columns by the author and administrators (the public list never selects them).
revoke all on table public.program_reviews from anon, authenticated;
grant select (
  id, program_id, rating, title, body, relationship, stay_year, public_name, connected_to_program,
  connection_note, sent_request, sample, status, created_at, updated_at
) on table public.program_reviews to anon, authenticated;
grant select (user_id, flags, rejection_rule, moderated_at) on table public.program_reviews to authenticated;
grant insert (
  id, program_id, rating, title, body, relationship, stay_year, public_name, connected_to_program,
  connection_note, flags
) on table public.program_reviews to authenticated;
grant update (
  rating, title, body, relationship, stay_year, public_name, connected_to_program, connection_note, flags,
  status, rejection_rule
) on table public.program_reviews to authenticated;
grant delete on table public.program_reviews to authenticated;

-- review_responses: read with published reviews by anyone; the provider writes, edits and
-- deletes its own; administrators decide.
revoke all on table public.review_responses from anon, authenticated;
grant select (id, review_id, provider_id, body, status, created_at, updated_at)
  on table public.review_responses to anon, authenticated;
grant select (rejection_rule, moderated_at) on table public.review_responses to authenticated;
grant insert (id, review_id, body) on table public.review_responses to authenticated;
grant update (body, status, rejection_rule) on table public.review_responses to authenticated;
grant delete on table public.review_responses to authenticated;

-- review_reports: sent by anyone (as `anon`, without RETURNING), read by administrators. Resolved
-- by private.after_review_decision only.
revoke all on table public.review_reports from anon, authenticated;
grant insert (id, review_id, reason) on table public.review_reports to anon, authenticated;
grant select (id, review_id, reason, status, created_at, resolved_at) on table public.review_reports to authenticated;

-- ---- Row-level security ------------------------------------------------------------------------------------
alter table public.program_reviews enable row level security;
alter table public.review_responses enable row level security;
alter table public.review_reports enable row level security;

create policy "Only the API functions, never the Data API" on public.program_reviews as restrictive for all
  to anon, authenticated using (not (select private.via_data_api()))
  with check (not (select private.via_data_api()));
create policy "Only the API functions, never the Data API" on public.review_responses as restrictive for all
  to anon, authenticated using (not (select private.via_data_api()))
  with check (not (select private.via_data_api()));
create policy "Only the API functions, never the Data API" on public.review_reports as restrictive for all
  to anon, authenticated using (not (select private.via_data_api()))
  with check (not (select private.via_data_api()));

create policy "Everyone reads published reviews" on public.program_reviews
  for select to anon, authenticated
  using (status = 'published');
create policy "Authors read their own reviews" on public.program_reviews
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Admins read all reviews" on public.program_reviews
  for select to authenticated
  using ((select private.is_admin()));
create policy "Families write their own reviews" on public.program_reviews
  for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'pending' and not sample);
create policy "Authors edit their own reviews" on public.program_reviews
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "Admins decide on reviews" on public.program_reviews
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
create policy "Authors delete their own reviews" on public.program_reviews
  for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "Everyone reads published responses" on public.review_responses
  for select to anon, authenticated
  using (status = 'published');
create policy "Providers read their own responses" on public.review_responses
  for select to authenticated
  using (provider_id = (select private.current_provider_id()));
create policy "Admins read all responses" on public.review_responses
  for select to authenticated
  using ((select private.is_admin()));
create policy "Providers respond to reviews of their programs" on public.review_responses
  for insert to authenticated
  with check (provider_id = (select private.current_provider_id()) and status = 'pending');
create policy "Providers edit their own responses" on public.review_responses
  for update to authenticated
  using (provider_id = (select private.current_provider_id()))
  with check (provider_id = (select private.current_provider_id()));
create policy "Admins decide on responses" on public.review_responses
  for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));
create policy "Providers delete their own responses" on public.review_responses
  for delete to authenticated
  using (provider_id = (select private.current_provider_id()));

create policy "Anyone reports a published review" on public.review_reports
  for insert to anon, authenticated
  with check (status = 'open' and resolved_at is null);
create policy "Admins read all review reports" on public.review_reports
  for select to authenticated
  using ((select private.is_admin()));
