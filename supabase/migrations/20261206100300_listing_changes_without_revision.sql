-- Studio's review.listings lists the fields an edit changes (migration 20261126000200). Since
-- 20261206100100 a listing and its snapshot carry `revision`, which every edit changes: it names
-- the version, it is not a field that changed, so the comparison leaves it out.
create or replace function private.listing_changes(l public.provider_listings, snapshot jsonb)
returns jsonb
language sql immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('field', c.key, 'published', snapshot -> c.key, 'proposed', c.value)
                            order by c.key), '[]'::jsonb)
  from jsonb_each(private.listing_snapshot(l) - 'revision') c
  where snapshot is not null and (snapshot -> c.key) is distinct from c.value;
$$;
comment on function private.listing_changes(public.provider_listings, jsonb) is
  'Field-by-field differences between a listing''s working copy and its published snapshot (not its revision).';
revoke execute on function private.listing_changes(public.provider_listings, jsonb) from public, anon, authenticated;
