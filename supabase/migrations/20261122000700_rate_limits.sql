-- Request rate limits whose counts every function instance shares.
--
-- A function's memory starts empty in each instance (and, under a local dev server, in each
-- invocation), so an in-memory counter never fires. Netlify's edge enforces each function's
-- `config.rateLimit` per IP in production; this table enforces the same numbers everywhere (the
-- local server included) and holds the limits the edge cannot express, such as per e-mail address.
-- Keys are built by the functions: `<limiter>:ip:<address>` or `<limiter>:email:<sha-256>` (an
-- e-mail address is never stored here in clear).

-- Unlogged: counters need no crash safety (a crash forgets the current minute's counts, which
-- is harmless), and skipping the write-ahead log keeps the limiter from adding a second fsync
-- to every request.
create unlogged table private.rate_limits (
  key text primary key constraint rate_limits_key_length check (length(key) <= 200),
  window_start timestamptz not null,
  hits integer not null
);
comment on table private.rate_limits is 'Fixed-window request counters for the API rate limits, one row per limiter and client key.';
revoke all on table private.rate_limits from public, anon, authenticated, service_role;

-- Counts one request against `p_key` and answers 0 when it is within `p_limit` requests per
-- `p_window_seconds`, else the seconds until the window ends (for Retry-After). One statement,
-- so two concurrent requests can never both take the last slot.
create function private.rate_limit_hit(p_key text, p_limit integer, p_window_seconds integer)
returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_start timestamptz;
  v_hits integer;
  v_window interval := make_interval(secs => p_window_seconds);
begin
  insert into private.rate_limits as r (key, window_start, hits)
  values (p_key, clock_timestamp(), 1)
  on conflict (key) do update set
    window_start = case when r.window_start <= clock_timestamp() - v_window then clock_timestamp() else r.window_start end,
    hits = case when r.window_start <= clock_timestamp() - v_window then 1 else r.hits + 1 end
  returning window_start, hits into v_start, v_hits;

  -- Now and then, forget windows that ended long ago, so the table stays the size of the last day.
  if random() < 0.001 then
    delete from private.rate_limits where window_start < clock_timestamp() - interval '1 day';
  end if;

  if v_hits <= p_limit then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from (v_start + v_window - clock_timestamp()))))::integer;
end;
$$;
comment on function private.rate_limit_hit(text, integer, integer) is
  'Counts one request for a rate-limit key; 0 when allowed, else seconds to wait. Called by the API functions.';
revoke execute on function private.rate_limit_hit(text, integer, integer) from public, anon, authenticated;
grant execute on function private.rate_limit_hit(text, integer, integer) to service_role;
