-- Contact settings of a provider, and the files providers upload for their listings.
--
-- `providers.inquiry_email` / `inquiry_phone`: where the requests families send about a program
-- published from the provider's listing go (the `inquiry` e-mail), and the phone number the
-- family's confirmation e-mail shows. Null means "use the profile's e-mail" / "the program's
-- phone". The owner edits them (column grants below); `private.inquiry_contact()` hands them to
-- the server alone, so a visitor sending an inquiry never reads a providers row.
--
-- `provider_uploads`: metadata of a logo or licence file a provider uploaded. The bytes live in
-- the Netlify Blobs store `provider-uploads` under `blob_key`; the API checks type, content and
-- size before anything is written. Only the owner and administrators read a row (and so the
-- file, which the API serves only after reading its row through RLS).

-- ---- providers: contact settings --------------------------------------------------------------
alter table public.providers
  add column inquiry_email text
    constraint providers_inquiry_email_check check (private.is_email(inquiry_email)),
  add column inquiry_phone text
    constraint providers_inquiry_phone_check check (length(btrim(inquiry_phone)) between 1 and 40);
comment on column public.providers.inquiry_email is
  'Where inquiries about the provider''s published programs are e-mailed; null: the profile e-mail.';
comment on column public.providers.inquiry_phone is
  'The phone shown to families in inquiry confirmations; null: the program''s own phone.';

-- The owner (and administrators, by policy) may set them; nothing else changes about the grants.
grant insert (inquiry_email, inquiry_phone), update (inquiry_email, inquiry_phone)
  on table public.providers to authenticated;

-- Where the `inquiry` e-mail about a directory program goes, when the program was published from
-- an approved provider listing: the provider's inquiry address (else its profile address) and
-- its inquiry phone (null when not set). No row for any other program. Security definer because
-- visitors send inquiries and may not read providers or listings; executable by the server alone
-- (`withService` in netlify/functions/inquiries.mts), never by an API caller.
create function private.inquiry_contact(p_program_id text)
returns table (email text, phone text)
language sql stable security definer
set search_path = ''
as $$
  select coalesce(p.inquiry_email, p.email), p.inquiry_phone
  from public.provider_listings l
  join public.providers p on p.id = l.provider_id
  where l.published_program_id = p_program_id and l.status = 'approved';
$$;
comment on function private.inquiry_contact(text) is
  'Inquiry e-mail and phone of the provider whose approved listing is published as program p_program_id.';
revoke execute on function private.inquiry_contact(text) from public, anon, authenticated;
grant execute on function private.inquiry_contact(text) to service_role;

-- ---- provider_uploads -----------------------------------------------------------------------------
create table public.provider_uploads (
  id uuid primary key default gen_random_uuid(),
  provider_id uuid not null references public.providers (id) on delete cascade,
  kind text not null constraint provider_uploads_kind_check check (kind in ('logo', 'license')),
  content_type text not null constraint provider_uploads_content_type_check
    check (content_type in ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
  size_bytes integer not null
    -- 5 MB (MAX_UPLOAD_BYTES in src/lib/provider-schemas.ts).
    constraint provider_uploads_size_bytes_check check (size_bytes between 1 and 5242880),
  sha256 text not null constraint provider_uploads_sha256_check check (sha256 ~ '^[0-9a-f]{64}$'),
  original_name text not null default ''
    constraint provider_uploads_original_name_check check (length(original_name) <= 255),
  blob_key text not null
    constraint provider_uploads_blob_key_check check (blob_key ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}$')
    constraint provider_uploads_blob_key_key unique,
  created_at timestamptz not null default now(),
  -- A logo is an image; a licence is a PDF or a photo of one.
  constraint provider_uploads_kind_content_type_check check (
    (kind = 'logo' and content_type in ('image/png', 'image/jpeg', 'image/webp'))
    or (kind = 'license' and content_type in ('application/pdf', 'image/png', 'image/jpeg'))
  )
);
comment on table public.provider_uploads is
  'Logo and licence files of providers (bytes in the Netlify Blobs store provider-uploads). Owner and admins only.';

create index provider_uploads_provider_id_idx on public.provider_uploads (provider_id, created_at desc);

revoke all on table public.provider_uploads from anon, authenticated;
grant select, delete on table public.provider_uploads to authenticated;
grant insert (id, provider_id, kind, content_type, size_bytes, sha256, original_name, blob_key)
  on table public.provider_uploads to authenticated;
alter table public.provider_uploads enable row level security;

create policy "Providers read their own uploads" on public.provider_uploads
  for select to authenticated
  using (provider_id = (select private.current_provider_id()));

create policy "Admins read all uploads" on public.provider_uploads
  for select to authenticated
  using ((select private.is_admin()));

create policy "Providers upload their own files" on public.provider_uploads
  for insert to authenticated
  with check (provider_id = (select private.current_provider_id()));

create policy "Providers delete their own uploads" on public.provider_uploads
  for delete to authenticated
  using (provider_id = (select private.current_provider_id()));
