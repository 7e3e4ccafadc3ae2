-- Administrators read a verification request's revision through the API (their RLS transaction):
-- provider_verification_requests is readable by column (migration 20261125000200), so the column
-- added by 20261206100100 needs its own grant.
grant select (revision) on table public.provider_verification_requests to authenticated;
