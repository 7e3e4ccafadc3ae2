-- A rebuild of the static directory that was asked for and not yet confirmed by the build hook.
--
-- The notifications drain asks for a rebuild when a decision changes what the directory lists
-- (a listing approved or taken down, a verification of a provider with a published program). If
-- the build hook fails or times out, the request stays here and every later drain (the scheduled
-- one runs every few minutes, locally `npm start`'s too) calls the hook again until it answers,
-- so a publishing decision is never lost to one failed call.
--
-- One row at most. `generation` grows with each request: a drain clears only the generation it
-- called the hook for, so a request made while that call was under way is kept.
create table public.pending_rebuild (
  singleton boolean primary key default true check (singleton),
  reason text not null,
  generation bigint not null default 1,
  requested_at timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text
);
comment on table public.pending_rebuild is
  'A directory rebuild asked for and not yet accepted by the build hook (at most one row; no API access).';
revoke all on table public.pending_rebuild from anon, authenticated;
alter table public.pending_rebuild enable row level security;

-- Asks for a rebuild (or asks again, with the newest reason); returns the generation to clear.
create function private.request_rebuild(p_reason text) returns bigint
language sql volatile security definer
set search_path = ''
as $$
  insert into public.pending_rebuild as r (reason) values (left(coalesce(p_reason, 'rebuild'), 200))
  on conflict (singleton) do update
    set reason = excluded.reason, generation = r.generation + 1
  returning generation;
$$;
comment on function private.request_rebuild(text) is 'Records that the directory needs a rebuild.';
revoke execute on function private.request_rebuild(text) from public, anon, authenticated;
grant execute on function private.request_rebuild(text) to service_role;

-- The pending request, if any (reason, generation, attempts so far).
create function private.pending_rebuild()
returns table (reason text, generation bigint, attempts integer)
language sql stable security definer
set search_path = ''
as $$
  select r.reason, r.generation, r.attempts from public.pending_rebuild r;
$$;
comment on function private.pending_rebuild() is 'The rebuild still to ask the build hook for, if any.';
revoke execute on function private.pending_rebuild() from public, anon, authenticated;
grant execute on function private.pending_rebuild() to service_role;

-- The hook accepted the request of p_generation: it is done, unless a newer one came meanwhile.
create function private.rebuild_done(p_generation bigint) returns void
language sql volatile security definer
set search_path = ''
as $$
  delete from public.pending_rebuild where generation = p_generation;
$$;
comment on function private.rebuild_done(bigint) is 'Clears a rebuild request the build hook accepted.';
revoke execute on function private.rebuild_done(bigint) from public, anon, authenticated;
grant execute on function private.rebuild_done(bigint) to service_role;

-- The hook failed: the request stays for the next drain, with the error.
create function private.rebuild_failed(p_error text) returns void
language sql volatile security definer
set search_path = ''
as $$
  update public.pending_rebuild
  set attempts = attempts + 1, last_error = left(coalesce(p_error, 'unknown error'), 2000);
$$;
comment on function private.rebuild_failed(text) is 'Records a failed build hook call; the next drain tries again.';
revoke execute on function private.rebuild_failed(text) from public, anon, authenticated;
grant execute on function private.rebuild_failed(text) to service_role;
