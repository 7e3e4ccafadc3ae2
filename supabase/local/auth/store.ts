/**
 * Users, identities, e-mail link tokens and PKCE flow state in Postgres (`auth` schema).
 * Passwords are bcrypt hashes made and checked by pgcrypto, like the seed's demo accounts.
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type postgres from 'postgres';
import type { AuthMailKind } from './mails.ts';

export type Sql = postgres.Sql;

export type UserRow = {
  id: string;
  aud: string | null;
  role: string | null;
  email: string;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  is_anonymous: boolean;
  banned_until: Date | null;
};

type IdentityRow = {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
};

const USER_COLUMNS = `id, aud, role, email, email_confirmed_at, confirmation_sent_at, recovery_sent_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous, banned_until`;

/**
 * bcrypt cost of every hash made here: GoTrue's `bcrypt.DefaultCost` (internal/crypto/password.go).
 * The seed (supabase/seed.sql) must use the same, or its accounts answer a wrong password several
 * times faster than others and can be told apart by timing.
 */
export const BCRYPT_COST = 10;

/**
 * A bcrypt salt at BCRYPT_COST that no stored hash equals: checked against when an address is
 * unknown or has no password, so those answer as slowly as a wrong password for a real account.
 */
export const DUMMY_PASSWORD_HASH = `$2a$${BCRYPT_COST}$abcdefghijklmnopqrstuu`;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * The stored digest of a six-digit code: an HMAC of the address and the code under the auth
 * server's code key (`SigningKeys.codeKey`), so a database dump cannot be searched for the code
 * (a plain hash of a million possible codes can).
 */
export function codeDigest(key: Buffer, email: string, otp: string): string {
  return createHmac('sha256', key).update(`${email.toLowerCase()}\n${otp}`).digest('hex');
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  const rows = await sql.unsafe<UserRow[]>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null and is_sso_user = false`,
    [email],
  );
  return rows[0];
}

export async function findUserById(sql: Sql, id: string): Promise<UserRow | undefined> {
  const rows = await sql.unsafe<UserRow[]>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0];
}

/** The user object GoTrue answers with (what supabase-js reads as `User`). */
export async function userJson(sql: Sql, user: UserRow): Promise<Record<string, unknown>> {
  const identities = await sql<IdentityRow[]>`
    select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
    from auth.identities where user_id = ${user.id} order by created_at`;
  return userJsonOf(user, identities);
}

/**
 * What a sign-up of a brand-new address answers, for an address that already has a confirmed
 * account: a user that does not exist (fresh ids, no confirmation, the request's metadata) with
 * the e-mail identity a new account gets, built by the same code as a real answer so the two
 * cannot drift apart. GoTrue answers this case with a fake id too, but with `identities: []`,
 * which tells an account exists; here nothing does.
 */
export function unsavedUserJson(
  email: string,
  userMetadata: Record<string, unknown>,
): Record<string, unknown> {
  const now = new Date();
  const id = randomUUID();
  const user: UserRow = {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    email_confirmed_at: null,
    confirmation_sent_at: now,
    recovery_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: userMetadata,
    created_at: now,
    updated_at: now,
    is_anonymous: false,
    banned_until: null,
  };
  const identity: IdentityRow = {
    id: randomUUID(),
    provider_id: id,
    user_id: id,
    identity_data: newIdentityData(id, email),
    provider: 'email',
    last_sign_in_at: null,
    created_at: now,
    updated_at: now,
    email,
  };
  return userJsonOf(user, [identity]);
}

function newIdentityData(userId: string, email: string): Record<string, unknown> {
  return { sub: userId, email, email_verified: false, phone_verified: false };
}

function userJsonOf(user: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email,
    email_confirmed_at: user.email_confirmed_at?.toISOString(),
    phone: '',
    confirmation_sent_at: user.confirmation_sent_at?.toISOString(),
    recovery_sent_at: user.recovery_sent_at?.toISOString(),
    confirmed_at: user.email_confirmed_at?.toISOString(),
    last_sign_in_at: user.last_sign_in_at?.toISOString(),
    app_metadata: appMetadata(user),
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: i.last_sign_in_at?.toISOString(),
      created_at: i.created_at.toISOString(),
      updated_at: i.updated_at.toISOString(),
      email: i.email ?? undefined,
    })),
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    is_anonymous: user.is_anonymous,
  };
}

/** Rows made by hand (the seed, Studio) may lack the provider keys GoTrue always writes. */
export function appMetadata(user: UserRow): Record<string, unknown> {
  return { provider: 'email', providers: ['email'], ...(user.raw_app_meta_data ?? {}) };
}

/**
 * Creates the user, or — when a concurrent request created the same address first (the unique
 * index on lower(email) refuses the second insert) — returns that user, so two simultaneous
 * sign-ups or magic-link requests for one address never end in a 500.
 */
export async function createUserOnce(
  sql: Sql,
  opts: { email: string; password: string | null; userMetadata: Record<string, unknown> },
): Promise<{ user: UserRow; created: boolean }> {
  try {
    return { user: await createUser(sql, opts), created: true };
  } catch (error) {
    if ((error as { code?: unknown }).code !== '23505') throw error;
    const existing = await findUserByEmail(sql, opts.email);
    if (existing === undefined) throw error;
    return { user: existing, created: false };
  }
}

export async function createUser(
  sql: Sql,
  opts: { email: string; password: string | null; userMetadata: Record<string, unknown> },
): Promise<UserRow> {
  return sql.begin(async (tx) => {
    const rows = await tx.unsafe<UserRow[]>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
               case when $2::text is null then '' else extensions.crypt($2::text, extensions.gen_salt('bf', ${BCRYPT_COST})) end,
               '{"provider":"email","providers":["email"]}'::jsonb, $3::text::jsonb, now(), now())
       returning ${USER_COLUMNS}`,
      [opts.email, opts.password, JSON.stringify(opts.userMetadata)],
    );
    const user = rows[0];
    if (user === undefined) throw new Error('Creating the user returned no row.');
    const identityData = newIdentityData(user.id, opts.email);
    await tx`insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
             values (${user.id}, ${user.id}, ${JSON.stringify(identityData)}::text::jsonb, 'email', now(), now())`;
    return user;
  });
}

/**
 * Removes a user a sign-up just created whose confirmation could not be mailed (identities, link
 * tokens and flow state go with it); never one that was confirmed or signed in meanwhile.
 */
export async function deleteUnconfirmedUser(sql: Sql, userId: string): Promise<void> {
  await sql`delete from auth.users
            where id = ${userId} and email_confirmed_at is null and last_sign_in_at is null`;
}

/** Used when an unconfirmed address signs up again: the newest password and details win. */
export async function updateUnconfirmed(
  sql: Sql,
  userId: string,
  password: string,
  userMetadata: Record<string, unknown>,
): Promise<void> {
  await sql`update auth.users
            set encrypted_password = extensions.crypt(${password}, extensions.gen_salt('bf', ${BCRYPT_COST}::int)),
                raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || ${JSON.stringify(userMetadata)}::text::jsonb,
                updated_at = now()
            where id = ${userId}`;
}

/**
 * Sets a new password and, as GoTrue's `User.UpdatePassword` does (internal/models/user.go), ends
 * every other session of the user (their refresh tokens go with them, and their access tokens
 * fail the session check at once), retires every e-mail link token and clears the mail send
 * times. `keepSessionId` is the session that made the change; it stays signed in.
 */
export async function changePassword(
  sql: Sql,
  userId: string,
  password: string,
  keepSessionId: string,
): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`update auth.users
             set encrypted_password = extensions.crypt(${password}, extensions.gen_salt('bf', ${BCRYPT_COST}::int)),
                 confirmation_sent_at = null, recovery_sent_at = null, updated_at = now()
             where id = ${userId}`;
    await tx`delete from auth.one_time_tokens where user_id = ${userId}`;
    await tx`delete from auth.sessions where user_id = ${userId} and id <> ${keepSessionId}`;
  });
}

/** Merges metadata like GoTrue: top-level keys replace, `null` removes a key. */
export async function mergeUserMetadata(
  sql: Sql,
  userId: string,
  data: Record<string, unknown>,
): Promise<void> {
  await sql`update auth.users
            set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || ${JSON.stringify(data)}::text::jsonb)
                  - array(select e.key from jsonb_each(${JSON.stringify(data)}::text::jsonb) as e where e.value = 'null'::jsonb),
                updated_at = now()
            where id = ${userId}`;
}

/** An account without a password (made by a magic link) spends a dummy check, like an unknown address. */
export async function passwordMatches(sql: Sql, userId: string, password: string): Promise<boolean> {
  const rows = await sql<{ ok: boolean | null }[]>`
    select extensions.crypt(${password}, h.hash) = h.hash and h.has_password as ok
    from (select coalesce(nullif(encrypted_password, ''), ${DUMMY_PASSWORD_HASH}) as hash,
                 coalesce(encrypted_password, '') <> '' as has_password
          from auth.users where id = ${userId}) as h`;
  return rows[0]?.ok === true;
}

/** Spends about the same time as a real check, so unknown addresses cannot be told apart by timing. */
export async function dummyPasswordCheck(sql: Sql, password: string): Promise<void> {
  await sql`select extensions.crypt(${password}, ${DUMMY_PASSWORD_HASH}) as x`;
}

/**
 * After a successful sign-in, re-hashes a password stored at another cost (older seeds, imports),
 * as GoTrue's `User.Authenticate` does (internal/models/user.go), so the account stops standing out.
 */
export async function rehashAtServerCost(sql: Sql, userId: string, password: string): Promise<void> {
  await sql`update auth.users
            set encrypted_password = extensions.crypt(${password}, extensions.gen_salt('bf', ${BCRYPT_COST}::int))
            where id = ${userId}
              and substring(encrypted_password from '^[$]2[abxy]?[$]([0-9][0-9])[$]')::int <> ${BCRYPT_COST}::int`;
}

export async function markConfirmedAndSignedIn(sql: Sql, userId: string, confirm: boolean): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`update auth.users
             set email_confirmed_at = case when ${confirm} then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
                 last_sign_in_at = now(), updated_at = now()
             where id = ${userId}`;
    await tx`update auth.identities
             set last_sign_in_at = now(), updated_at = now(),
                 identity_data = case when ${confirm} then identity_data || '{"email_verified":true}'::jsonb else identity_data end
             where user_id = ${userId} and provider = 'email'`;
  });
}

export type SentColumn = 'confirmation_sent_at' | 'recovery_sent_at';

/** GoTrue keeps the last send time on the user row and uses it for the per-address mail limit. */
export function sentColumnFor(kind: AuthMailKind): SentColumn {
  return kind === 'signup' ? 'confirmation_sent_at' : 'recovery_sent_at';
}

/**
 * Takes the address's mail slot: records now as the last send time unless the previous send was
 * less than `intervalSeconds` ago. Returns 0 when taken, else the seconds left. One statement, so
 * two requests at once cannot both take it (and both mail).
 */
export async function claimMailSlot(
  sql: Sql,
  userId: string,
  column: SentColumn,
  intervalSeconds: number,
): Promise<number> {
  const rows = await sql.unsafe<{ wait: number }[]>(
    `with claimed as (
       update auth.users set ${column} = now(), updated_at = now()
       where id = $1 and (${column} is null or ${column} <= now() - make_interval(secs => $2))
       returning 0 as wait)
     select wait from claimed
     union all
     select greatest(1, ceil(extract(epoch from ${column} + make_interval(secs => $2) - now())))::int as wait
     from auth.users where id = $1 and not exists (select 1 from claimed)`,
    [userId, Math.max(0, intervalSeconds)],
  );
  return rows[0]?.wait ?? 0;
}

/** Gives the slot back after a mail could not be sent, so asking again works at once. */
export async function releaseMailSlot(sql: Sql, userId: string, column: SentColumn): Promise<void> {
  await sql.unsafe(`update auth.users set ${column} = null where id = $1`, [userId]);
}

/**
 * Issues a fresh link token (replacing any earlier one of the same kind); returns the code and the
 * link's token. GoTrue derives the link token from the code (sha224 of address and code), so
 * whoever knows the address can turn each guessed code into a link; here the link token is random
 * (224 bits, the same 56 hex digits) and the code is stored apart as `codeDigest`, so every code
 * guess goes through the counted code check (consumeCode).
 */
export async function issueOneTimeToken(
  sql: Sql,
  opts: {
    userId: string;
    kind: AuthMailKind;
    email: string;
    flowStateId: string | null;
    validSeconds: number;
    codeKey: Buffer;
  },
): Promise<{ otp: string; tokenHash: string }> {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const tokenHash = randomBytes(28).toString('hex');
  await sql.begin(async (tx) => {
    await tx`delete from auth.one_time_tokens where user_id = ${opts.userId} and token_type = ${opts.kind}`;
    await tx`insert into auth.one_time_tokens (user_id, token_type, token_hash, code_hash, relates_to, flow_state_id, expires_at)
             values (${opts.userId}, ${opts.kind}, ${sha256(tokenHash)}, ${codeDigest(opts.codeKey, opts.email, otp)},
                     ${opts.email}, ${opts.flowStateId}, now() + make_interval(secs => ${opts.validSeconds}))`;
  });
  return { otp, tokenHash };
}

export type ConsumedToken = { user_id: string; token_type: AuthMailKind; flow_state_id: string | null };

/**
 * Uses up a link token. `types` lists the stored kinds the requested `type` may match (`email`
 * covers sign-up and magic link, as in GoTrue). Expired tokens are deleted too and give `null`.
 */
export async function consumeOneTimeToken(
  sql: Sql,
  tokenHash: string,
  types: AuthMailKind[],
): Promise<ConsumedToken | null> {
  const rows = await sql<(ConsumedToken & { live: boolean })[]>`
    delete from auth.one_time_tokens
    where token_hash = ${sha256(tokenHash)} and token_type in ${sql(types)}
    returning user_id, token_type, flow_state_id, expires_at > now() as live`;
  const row = rows[0];
  return row?.live === true
    ? { user_id: row.user_id, token_type: row.token_type, flow_state_id: row.flow_state_id }
    : null;
}

/**
 * Uses up the token whose code the person typed, or counts a wrong code against every live token
 * of the address of those types: a token that reaches `maxFailures` wrong codes is deleted, so its
 * code (and its link) no longer work and a new e-mail must be asked for. The check and the count
 * single statements, and the check requires fewer than `maxFailures` (Postgres re-checks it on a
 * row another request just counted against), so concurrent guesses get no more than
 * `maxFailures` wrong tries per code even before the void token is deleted.
 */
export async function consumeCode(
  sql: Sql,
  opts: { email: string; otp: string; types: AuthMailKind[]; codeKey: Buffer; maxFailures: number },
): Promise<ConsumedToken | null> {
  const digest = codeDigest(opts.codeKey, opts.email, opts.otp);
  const rows = await sql<ConsumedToken[]>`
    delete from auth.one_time_tokens
    where lower(relates_to) = lower(${opts.email}) and token_type in ${sql(opts.types)}
      and code_hash = ${digest} and expires_at > now() and failed_attempts < ${opts.maxFailures}
    returning user_id, token_type, flow_state_id`;
  if (rows[0] !== undefined) return rows[0];
  await sql`
    update auth.one_time_tokens set failed_attempts = failed_attempts + 1
    where lower(relates_to) = lower(${opts.email}) and token_type in ${sql(opts.types)}`;
  // A separate statement: a row updated in a statement's CTE cannot be deleted by that statement.
  await sql`
    delete from auth.one_time_tokens
    where lower(relates_to) = lower(${opts.email}) and token_type in ${sql(opts.types)}
      and (failed_attempts >= ${opts.maxFailures} or expires_at <= now())`;
  return null;
}

export async function createFlowState(
  sql: Sql,
  opts: { userId: string; challenge: string; method: 's256' | 'plain'; authMethod: string },
): Promise<string> {
  const rows = await sql<{ id: string }[]>`
    insert into auth.flow_state (user_id, code_challenge, code_challenge_method, authentication_method)
    values (${opts.userId}, ${opts.challenge}, ${opts.method}, ${opts.authMethod}) returning id`;
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('Creating the PKCE flow state returned no row.');
  return id;
}

export async function issueAuthCode(sql: Sql, flowStateId: string): Promise<string> {
  const code = randomToken(24);
  await sql`update auth.flow_state set auth_code_hash = ${sha256(code)}, auth_code_issued_at = now() where id = ${flowStateId}`;
  return code;
}

export type FlowState = {
  user_id: string | null;
  code_challenge: string;
  code_challenge_method: 's256' | 'plain';
  authentication_method: string;
  age_seconds: number;
};

/** Takes the flow state an auth code belongs to; the code works once whatever happens next. */
export async function consumeAuthCode(sql: Sql, code: string): Promise<FlowState | undefined> {
  const rows = await sql<FlowState[]>`
    delete from auth.flow_state where auth_code_hash = ${sha256(code)}
    returning user_id, code_challenge, code_challenge_method, authentication_method,
              extract(epoch from now() - auth_code_issued_at)::float8 as age_seconds`;
  return rows[0];
}
