/**
 * Sessions, rotating refresh tokens and access tokens. Reuse detection is kept simple: a revoked
 * refresh token presented again within the 10-second grace period (two tabs refreshing at once)
 * rotates from the session's current token; later, it ends the whole session.
 */
import type { SigningKeys } from './keys.ts';
import { errors } from './errors.ts';
import { appMetadata, findUserById, randomToken, sha256, userJson, type Sql, type UserRow } from './store.ts';

const REUSE_GRACE_SECONDS = 10;

export type SessionJson = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
};

export type TokenContext = { sql: Sql; keys: SigningKeys; issuer: string; accessTokenSeconds: number };

async function insertRefreshToken(
  sql: Sql,
  userId: string,
  sessionId: string,
  parentId: string | null,
): Promise<string> {
  const token = randomToken(24);
  await sql`insert into auth.refresh_tokens (token_hash, user_id, session_id, parent_id)
            values (${sha256(token)}, ${userId}, ${sessionId}, ${parentId})`;
  return token;
}

async function sessionJson(
  ctx: TokenContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  method: string,
): Promise<SessionJson> {
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await ctx.keys.sign(
    {
      iss: ctx.issuer,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      phone: '',
      app_metadata: appMetadata(user),
      user_metadata: user.raw_user_meta_data ?? {},
      aal: 'aal1',
      amr: [{ method, timestamp: now }],
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    ctx.accessTokenSeconds,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ctx.accessTokenSeconds,
    expires_at: now + ctx.accessTokenSeconds,
    refresh_token: refreshToken,
    user: await userJson(ctx.sql, user),
  };
}

/** Starts a session for a user who just proved who they are (`method`: password, otp, pkce…). */
export async function startSession(
  ctx: TokenContext,
  userId: string,
  method: string,
  client: { ip: string; userAgent: string | undefined },
): Promise<SessionJson> {
  const user = await findUserById(ctx.sql, userId);
  if (user === undefined) throw errors.userNotFound();
  const rows = await ctx.sql<{ id: string }[]>`
    insert into auth.sessions (user_id, user_agent, ip) values (${userId}, ${client.userAgent ?? null}, ${client.ip})
    returning id`;
  const sessionId = rows[0]?.id;
  if (sessionId === undefined) throw new Error('Creating the session returned no row.');
  const refreshToken = await insertRefreshToken(ctx.sql, userId, sessionId, null);
  return sessionJson(ctx, user, sessionId, refreshToken, method);
}

type RefreshRow = {
  id: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  revoked_seconds_ago: number | null;
};

export async function refreshSession(ctx: TokenContext, refreshToken: string): Promise<SessionJson> {
  const { sql } = ctx;
  const result = await sql.begin(async (tx) => {
    const rows = await tx<RefreshRow[]>`
      select id::text, user_id, session_id, revoked,
             extract(epoch from now() - revoked_at)::float8 as revoked_seconds_ago
      from auth.refresh_tokens where token_hash = ${sha256(refreshToken)} for update`;
    const row = rows[0];
    if (row === undefined) throw errors.refreshTokenNotFound();
    let parentId = row.id;
    if (row.revoked) {
      if ((row.revoked_seconds_ago ?? Infinity) > REUSE_GRACE_SECONDS) {
        // A stolen and already-rotated token: end the session so neither party can continue.
        await tx`delete from auth.sessions where id = ${row.session_id}`;
        return { error: errors.refreshTokenAlreadyUsed() } as const;
      }
      const active = await tx<{ id: string }[]>`
        select id::text from auth.refresh_tokens
        where session_id = ${row.session_id} and not revoked order by id desc limit 1 for update`;
      const current = active[0];
      if (current === undefined) throw errors.refreshTokenNotFound();
      parentId = current.id;
    }
    await tx`update auth.refresh_tokens set revoked = true, revoked_at = now() where id = ${parentId}`;
    await tx`update auth.sessions set refreshed_at = now(), updated_at = now() where id = ${row.session_id}`;
    const token = await insertRefreshToken(tx as unknown as Sql, row.user_id, row.session_id, parentId);
    return { userId: row.user_id, sessionId: row.session_id, token } as const;
  });
  if ('error' in result) throw result.error;
  const user = await findUserById(sql, result.userId);
  if (user === undefined) throw errors.refreshTokenNotFound();
  return sessionJson(ctx, user, result.sessionId, result.token, 'token_refresh');
}

export type Claims = { sub: string; session_id: string };

/** Verifies a bearer access token and that its session still exists (sign-out ends it at once). */
export async function authenticate(ctx: TokenContext, authorization: string | undefined): Promise<Claims> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (match?.[1] === undefined) throw errors.noAuthorization();
  let payload;
  try {
    payload = await ctx.keys.verify(match[1], ctx.issuer);
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw errors.badJwt(
      code === 'ERR_JWT_EXPIRED'
        ? 'token has invalid claims: token is expired'
        : 'token is malformed or its signature is invalid',
    );
  }
  const sub = payload.sub;
  const sessionId = payload['session_id'];
  if (typeof sub !== 'string' || typeof sessionId !== 'string')
    throw errors.badJwt('token has no sub or session_id');
  const rows = await ctx.sql<
    { n: number }[]
  >`select 1 as n from auth.sessions where id = ${sessionId} and user_id = ${sub}`;
  if (rows.length === 0) throw errors.sessionNotFound();
  return { sub, session_id: sessionId };
}

export async function endSessions(
  sql: Sql,
  claims: Claims,
  scope: 'global' | 'local' | 'others',
): Promise<void> {
  if (scope === 'local') await sql`delete from auth.sessions where id = ${claims.session_id}`;
  else if (scope === 'others')
    await sql`delete from auth.sessions where user_id = ${claims.sub} and id <> ${claims.session_id}`;
  else await sql`delete from auth.sessions where user_id = ${claims.sub}`;
}
