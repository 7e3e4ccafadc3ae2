-- Who sent an inquiry, and a private status link for the family.
--
-- `sender_id`: the signed-in family that sent the request (null for visitors), so their account
-- page can list their requests. Set by a trigger from `auth.uid()` of the inserting transaction,
-- never from what the client sent (the column is not in the insert grant either).
--
-- `status_token_hash`: SHA-256 (hex) of the random token of the status link `/request/<token>`
-- that the confirmation e-mail carries. Only the hash is stored; the token exists only in that
-- e-mail. `private.inquiry_status()` answers a lookup by hash with the program, type, status and
-- dates: nothing about the person.

alter table public.provider_inquiries
  add column sender_id uuid references auth.users (id) on delete set null,
  add column status_token_hash text
    constraint provider_inquiries_status_token_hash_check check (status_token_hash ~ '^[0-9a-f]{64}$')
    constraint provider_inquiries_status_token_hash_key unique;
comment on column public.provider_inquiries.sender_id is
  'The signed-in user who sent the request (auth.uid() at insert, set by a trigger); null for visitors.';
comment on column public.provider_inquiries.status_token_hash is
  'SHA-256 (hex) of the status-link token e-mailed to the sender; the token itself is never stored.';

create index provider_inquiries_sender_id_idx on public.provider_inquiries (sender_id, created_at desc)
  where sender_id is not null;

-- Runs after `provider_inquiries_prepare` (triggers fire in name order): whatever the insert said,
-- the sender is the transaction's user. Not security definer: auth.uid() reads the request's claims.
create function private.set_inquiry_sender() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.sender_id := (select auth.uid());
  return new;
end;
$$;
revoke execute on function private.set_inquiry_sender() from public, anon, authenticated;

create trigger provider_inquiries_set_sender
  before insert on public.provider_inquiries
  for each row execute function private.set_inquiry_sender();

-- The API writes the hash with the inquiry; the sender id comes from the trigger alone.
grant insert (status_token_hash) on table public.provider_inquiries to anon, authenticated;

create policy "Senders read their own inquiries" on public.provider_inquiries
  for select to authenticated
  using (sender_id = (select auth.uid()));

-- The status page: one request found by the hash of its link's token, with no personal data.
-- Security definer because no API role may read inquiries it did not address or send; callable
-- by the server alone (`GET /api/requests/:token` through withService), never by visitors.
create function private.inquiry_status(p_token_hash text)
returns table (
  program_id text,
  program_name text,
  type text,
  status text,
  created_at timestamptz,
  updated_at timestamptz
)
language sql stable security definer
set search_path = ''
as $$
  select i.program_id, i.program_name, i.type, i.status, i.created_at, i.updated_at
  from public.provider_inquiries i
  where p_token_hash ~ '^[0-9a-f]{64}$' and i.status_token_hash = p_token_hash;
$$;
comment on function private.inquiry_status(text) is
  'Status of the inquiry whose status-link token hashes to p_token_hash: program, type, status, dates; no personal data.';
revoke execute on function private.inquiry_status(text) from public, anon, authenticated;
grant execute on function private.inquiry_status(text) to service_role;
