-- A report's resolution is a decision like the others: it names the version of the report the
-- administrator read. A report's text never changes, but its state does (resolved here, reopened
-- in Studio), so every change of the row gives it a new revision from the same sequence as the
-- other moderated rows (private.bump_revision with no workflow columns: only `revision` itself is
-- left out of the comparison). An administrator who opened the report before another resolved
-- and reopened it is told it changed, not allowed to close what they never saw reopened.

alter table public.listing_reports add column revision integer;
update public.listing_reports set revision = nextval('private.content_revisions');
alter table public.listing_reports alter column revision set not null;
comment on column public.listing_reports.revision is
  'Version of the report (a new one on every change); a resolution names the one the administrator read.';

create trigger listing_reports_zz_revision
  before insert or update on public.listing_reports
  for each row execute function private.bump_revision('revision');

-- Administrators and providers read reports by column (migration 20261126000300).
grant select (revision) on table public.listing_reports to authenticated;
