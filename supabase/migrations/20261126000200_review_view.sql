-- The review in Supabase Studio: one view with everything /admin shows for a listing decision
-- (docs/product-rules.md#published-listings). It lives in its own schema, `review`, which the Data
-- API does not expose and the API roles cannot use: only the owner (Studio) reads it. Decisions are
-- made on the tables as before, one row change each:
--   approve / reject:          update public.provider_listings set status = 'approved' | 'rejected',
--                              reviewer_notes = '…' where id = '…';
--   unpublish / republish:     update public.listing_publications set state = 'unpublished',
--                              state_reason = '…' (or state = 'live') where listing_id = '…';
create schema if not exists review;
revoke all on schema review from public, anon, authenticated;
comment on schema review is 'Views for administrators in Supabase Studio; not exposed to the API roles.';

-- The fields of a working copy that differ from its published version, as an array of
-- { field, published, proposed } (empty when they are the same or there is no published version).
create function private.listing_changes(l public.provider_listings, snapshot jsonb)
returns jsonb
language sql immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('field', c.key, 'published', snapshot -> c.key, 'proposed', c.value)
                            order by c.key), '[]'::jsonb)
  from jsonb_each(private.listing_snapshot(l)) c
  where snapshot is not null and (snapshot -> c.key) is distinct from c.value;
$$;
comment on function private.listing_changes(public.provider_listings, jsonb) is
  'Field-by-field differences between a listing''s working copy and its published snapshot.';
revoke execute on function private.listing_changes(public.provider_listings, jsonb) from public, anon, authenticated;

create view review.listings as
select
  l.id as listing_id,
  l.status as working_copy_status,
  l.center_name,
  pr.organization_name,
  pr.email as provider_email,
  pr.verification_status as provider_verification,
  pr.verified_at as provider_verified_at,
  l.submitted_at,
  l.reviewer_notes,
  pub.program_id,
  pub.state as publication_state,
  pub.state_reason as publication_reason,
  pub.reviewed_at as published_version_reviewed_at,
  private.listing_changes(l, pub.snapshot) as changes_since_published,
  (select coalesce(jsonb_agg(jsonb_build_object('kind', u.kind, 'name', u.original_name,
                                                'url', '/api/provider/uploads/' || u.id)
                             order by u.created_at), '[]'::jsonb)
   from public.provider_uploads u where u.provider_id = l.provider_id) as uploads,
  (select string_agg(p.message, ' ') from private.listing_publishing_problems(l) p) as publishing_problems,
  private.listing_snapshot(l) as working_copy,
  pub.snapshot as published_version
from public.provider_listings l
join public.providers pr on pr.id = l.provider_id
left join public.listing_publications pub on pub.listing_id = l.id
where l.status <> 'draft' or pub.listing_id is not null
order by (l.status = 'pending') desc, l.submitted_at desc nulls last;

comment on view review.listings is
  'One row per listing to review or published: the working copy, its published version and what changed. Decide on provider_listings.status / listing_publications.state.';
comment on column review.listings.working_copy_status is
  'pending: waiting for a decision (an edit of a published listing when program_id is set); approved: the working copy is what is published; rejected: not approved (the published version, if any, stays).';
comment on column review.listings.publication_state is
  'live (on the directory), unpublished (by an administrator), withdrawn (by the provider), or null when never published.';
comment on column review.listings.changes_since_published is
  'The fields of the working copy that differ from the published version: [{field, published, proposed}].';
comment on column review.listings.publishing_problems is
  'Why the working copy could not be approved now (the same sentences /admin shows); null when it can.';
comment on column review.listings.uploads is
  'The provider''s uploaded files (logo and images, license documents), opened through /api/provider/uploads/<id> by a signed-in administrator.';
revoke all on review.listings from public, anon, authenticated;
