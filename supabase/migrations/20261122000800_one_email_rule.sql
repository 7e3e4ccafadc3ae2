-- One e-mail rule for the whole product, the same as `isEmail()` in src/lib/schemas.ts:
-- something@something.something, no part containing "@" or an invisible character (controls,
-- Unicode white space, zero-width and other format characters, surrogates; the list is
-- INVISIBLE_RANGES there), at most 320 characters.
--
-- The earlier checks used `~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'`. What Postgres's `\s` matches
-- depends on the database's locale provider, and it is not JavaScript's `\s`: U+0085 (NEL) is
-- space to a Unicode-aware locale and not to JavaScript, so the API accepted "a\u0085@b.co" and
-- the insert failed (a 500); no-break spaces differ the other way under glibc locales. The
-- pattern below names its characters by code point instead, so it means the same everywhere. It
-- is generated from the TypeScript rule (`EMAIL_PATTERN_SQL`), and tests/unit/schemas.test.ts
-- fails if the two differ.

create function private.is_email(value text) returns boolean
language sql immutable strict parallel safe
set search_path = ''
return length(value) <= 320
  and value ~ '^[^@\U00000000-\U00000020\U0000007F-\U000000A0\U000000AD\U0000034F\U00000600-\U00000605\U0000061C\U000006DD\U0000070F\U00000890-\U00000891\U000008E2\U0000115F-\U00001160\U00001680\U000017B4-\U000017B5\U0000180B-\U0000180F\U00002000-\U0000200F\U00002028-\U0000202F\U0000205F-\U0000206F\U00002800\U00003000\U00003164\U0000D800-\U0000DFFF\U0000FE00-\U0000FE0F\U0000FEFF\U0000FFA0\U0000FFF0-\U0000FFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]+@[^@\U00000000-\U00000020\U0000007F-\U000000A0\U000000AD\U0000034F\U00000600-\U00000605\U0000061C\U000006DD\U0000070F\U00000890-\U00000891\U000008E2\U0000115F-\U00001160\U00001680\U000017B4-\U000017B5\U0000180B-\U0000180F\U00002000-\U0000200F\U00002028-\U0000202F\U0000205F-\U0000206F\U00002800\U00003000\U00003164\U0000D800-\U0000DFFF\U0000FE00-\U0000FE0F\U0000FEFF\U0000FFA0\U0000FFF0-\U0000FFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]+\.[^@\U00000000-\U00000020\U0000007F-\U000000A0\U000000AD\U0000034F\U00000600-\U00000605\U0000061C\U000006DD\U0000070F\U00000890-\U00000891\U000008E2\U0000115F-\U00001160\U00001680\U000017B4-\U000017B5\U0000180B-\U0000180F\U00002000-\U0000200F\U00002028-\U0000202F\U0000205F-\U0000206F\U00002800\U00003000\U00003164\U0000D800-\U0000DFFF\U0000FE00-\U0000FE0F\U0000FEFF\U0000FFA0\U0000FFF0-\U0000FFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]+$';
comment on function private.is_email(text) is
  'The one e-mail rule (same as isEmail() in src/lib/schemas.ts): x@y.z without @ or invisible characters, at most 320 characters.';
-- Check constraints run with the inserting role's rights, and visitors insert e-mail addresses.
revoke execute on function private.is_email(text) from public;
grant execute on function private.is_email(text) to anon, authenticated, service_role;

alter table public.providers
  drop constraint providers_email_check,
  add constraint providers_email_check check (private.is_email(email));

-- A listing may leave its admissions address empty.
alter table public.provider_listings
  drop constraint provider_listings_email_check,
  add constraint provider_listings_email_check check (email = '' or private.is_email(email));

alter table public.provider_inquiries
  drop constraint provider_inquiries_email_check,
  add constraint provider_inquiries_email_check check (private.is_email(email));

alter table public.contact_messages
  drop constraint contact_messages_email_check,
  add constraint contact_messages_email_check check (private.is_email(email));
