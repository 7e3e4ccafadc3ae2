-- Internal tables of the local auth server (supabase/local/auth). Idempotent: applied on every
-- start after 00_bootstrap.sql. Real Supabase keeps equivalents in its own auth schema; the app
-- never reads these, only the auth server (connected as the owner) does.
-- Secrets are never stored in the clear: refresh tokens, e-mail link tokens and PKCE auth codes
-- are stored as SHA-256 hex digests, so a database dump cannot be replayed as a sign-in.

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  user_agent text,
  ip text
);
comment on table auth.sessions is 'Local auth server: one row per signed-in device; logout deletes it.';
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
-- As in Supabase Auth: when set, the session ends then (time-boxed sessions).
alter table auth.sessions add column if not exists not_after timestamptz;

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token_hash text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent_id bigint references auth.refresh_tokens (id) on delete set null,
  revoked boolean not null default false,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table auth.refresh_tokens is 'Local auth server: rotating refresh tokens (SHA-256 of the token). A revoked token reused after the grace period ends its session.';
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_parent_id_idx on auth.refresh_tokens (parent_id);

create table if not exists auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  code_challenge text not null,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  authentication_method text not null,
  auth_code_hash text unique,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table auth.flow_state is 'Local auth server: PKCE flows (code challenge, then the one-time auth code as SHA-256).';
create index if not exists flow_state_user_id_idx on auth.flow_state (user_id);

create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('signup', 'magiclink', 'recovery')),
  token_hash text not null unique,
  relates_to text not null,
  flow_state_id uuid references auth.flow_state (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
comment on table auth.one_time_tokens is 'Local auth server: e-mail link tokens (SHA-256 of the token_hash in the link); one live token per user and type.';
create index if not exists one_time_tokens_user_id_idx on auth.one_time_tokens (user_id);
-- The six-digit code is checked apart from the link: `code_hash` is an HMAC of the address and
-- the code under a key of the auth server (a dump cannot be searched for the code), and the link
-- token is random, so it cannot be computed from a guessed code. `failed_attempts` counts wrong
-- codes entered for the address while the token lives; at the limit the token is deleted.
alter table auth.one_time_tokens add column if not exists code_hash text;
alter table auth.one_time_tokens add column if not exists failed_attempts integer not null default 0;
create index if not exists one_time_tokens_relates_to_idx on auth.one_time_tokens (lower(relates_to));

revoke all on table auth.sessions, auth.refresh_tokens, auth.flow_state, auth.one_time_tokens from public;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute 'revoke all on table auth.sessions, auth.refresh_tokens, auth.flow_state, auth.one_time_tokens from anon, authenticated';
  end if;
end
$$;
