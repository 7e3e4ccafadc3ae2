/**
 * The GoTrue endpoints supabase-js calls (see /work/shared/reference/supabase-auth-http.md). Each
 * handler takes the parsed request and returns a status and body; errors are thrown as AuthError.
 */
import { createHash } from 'node:crypto';
import { isEmail } from '../../../src/lib/text-rules.ts';
import { AuthError, errors } from './errors.ts';
import { checkUserMetadataSize, describe } from './input.ts';
import { authMail, existingAccountMail, type AuthMailKind } from './mails.ts';
import type { CodeAttemptLimiter } from './ratelimit.ts';
import { authenticate, endSessions, refreshSession, startSession, type TokenContext } from './sessions.ts';
import {
  changePassword,
  claimMailSlot,
  consumeAuthCode,
  consumeCode,
  consumeOneTimeToken,
  createFlowState,
  createUserOnce,
  deleteUnconfirmedUser,
  dummyPasswordCheck,
  findUserByEmail,
  findUserById,
  issueAuthCode,
  issueOneTimeToken,
  markConfirmedAndSignedIn,
  mergeUserMetadata,
  passwordMatches,
  rehashAtServerCost,
  releaseMailSlot,
  sentColumnFor,
  unsavedUserJson,
  updateUnconfirmed,
  userJson,
  type UserRow,
} from './store.ts';

export type AuthContext = TokenContext & {
  siteUrl: string;
  siteTitle: string;
  allowedOrigins: ReadonlySet<string>;
  emailIntervalSeconds: number;
  otpValidSeconds: number;
  /** Wrong six-digit codes allowed per code and per address (ratelimit.ts). */
  codeAttempts: CodeAttemptLimiter;
  minPasswordLength: number;
  mailFrom: string;
  /** The operator's log (failures the answer does not detail). */
  log: (line: string) => void;
  sendMail: (message: {
    to: string;
    from: string;
    subject: string;
    text: string;
    html: string;
  }) => Promise<void>;
  /**
   * Runs `work` after the answer has gone out; works queued under the same key run one after
   * another. Errors are logged. Endpoints that must answer the same whether an address has an
   * account (`/otp`, `/recover`, `/resend`) do their lookups and mail here, so neither the answer
   * nor its timing depends on it.
   */
  background: (key: string, work: () => Promise<void>) => void;
};

export type AuthRequest = {
  query: URLSearchParams;
  body: Record<string, unknown>;
  authorization: string | undefined;
  ip: string;
  userAgent: string | undefined;
};

export type AuthResult = { status: number; body?: unknown; headers?: Record<string, string> };

/** A PKCE authorization code must be exchanged within five minutes, as in GoTrue. */
const FLOW_STATE_SECONDS = 300;

const ok = (body: unknown): AuthResult => ({ status: 200, body });

/** GoTrue decodes bodies into typed structs: a field of the wrong type fails decoding (`bad_json`). */
function wrongType(key: string, expected: string, value: unknown): AuthError {
  return new AuthError(
    400,
    'bad_json',
    `Could not parse request body as JSON: ${key} must be ${expected}, not ${describe(value)}`,
  );
}

/** A string field; absent or `null` is `undefined` (Go's zero value). */
function stringField(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrongType(key, 'a string', value);
  return value;
}

function objectField(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = body[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw wrongType(key, 'an object', value);
  return value as Record<string, unknown>;
}

/**
 * The metadata as it would be stored: top-level keys of `data` replace, and with `dropNulls` a
 * `null` removes the key (PUT /user). Spread and `Object.fromEntries` define own properties, so a
 * `__proto__` key stays a plain key as in jsonb instead of replacing the prototype.
 */
function mergedMetadata(
  stored: Record<string, unknown> | null,
  data: Record<string, unknown>,
  dropNulls: boolean,
): Record<string, unknown> {
  const merged = { ...(stored ?? {}), ...data };
  if (!dropNulls) return merged;
  return Object.fromEntries(
    Object.entries(merged).filter(([k]) => !(Object.hasOwn(data, k) && data[k] === null)),
  );
}

/**
 * GoTrue trims and lower-cases addresses before storing or looking them up. The address must then
 * pass the product's one e-mail rule (src/lib/text-rules.ts): a plain addr-spec, the same the API,
 * the mailer, the outbox and the database accept.
 */
function parseEmail(body: Record<string, unknown>): string {
  const raw = stringField(body, 'email');
  if (raw === undefined || raw.trim() === '') throw errors.validation('An e-mail address is required.');
  const email = raw.trim().toLowerCase();
  if (!isEmail(email)) throw errors.invalidEmail();
  return email;
}

function checkPasswordStrength(ctx: AuthContext, password: string): void {
  // Counted in code points like GoTrue; bcrypt itself only reads the first 72 bytes.
  if (Array.from(password).length < ctx.minPasswordLength) throw errors.weakPassword(ctx.minPasswordLength);
  if (Buffer.byteLength(password) > 72) throw errors.validation('Password cannot be longer than 72 bytes.');
}

type Pkce = { challenge: string; method: 's256' | 'plain' };

function parsePkce(body: Record<string, unknown>): Pkce | null {
  const challenge = body['code_challenge'];
  const method = body['code_challenge_method'];
  if (challenge === undefined || challenge === null || challenge === '') return null;
  if (typeof challenge !== 'string' || !/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) {
    throw errors.validation('code_challenge must be 43 to 128 URL-safe characters.');
  }
  const m = typeof method === 'string' ? method.toLowerCase() : '';
  if (m !== 's256' && m !== 'plain') throw errors.validation('code_challenge_method must be s256 or plain.');
  return { challenge, method: m };
}

/** Only the site's own origins may receive tokens; anything else falls back to the site URL. */
export function safeRedirect(
  ctx: Pick<AuthContext, 'siteUrl' | 'allowedOrigins'>,
  raw: string | null | undefined,
): string {
  if (raw === null || raw === undefined || raw === '') return ctx.siteUrl;
  try {
    const url = new URL(raw);
    return ctx.allowedOrigins.has(url.origin) ? url.href : ctx.siteUrl;
  } catch {
    return ctx.siteUrl;
  }
}

function redirectTo(req: AuthRequest): string | null {
  return req.query.get('redirect_to') ?? stringField(req.body, 'redirect_to') ?? null;
}

/** Takes the address's mail slot for `kind`; throws 429 when it was mailed too recently. */
async function ensureMayMail(ctx: AuthContext, user: UserRow, kind: AuthMailKind): Promise<void> {
  const wait = await claimMailSlot(ctx.sql, user.id, sentColumnFor(kind), ctx.emailIntervalSeconds);
  if (wait > 0) throw errors.overEmailSendRateLimit(wait);
}

/** For background work: takes the slot, or skips the mail quietly when it was sent too recently. */
async function mayMail(ctx: AuthContext, user: UserRow, kind: AuthMailKind): Promise<boolean> {
  return (await claimMailSlot(ctx.sql, user.id, sentColumnFor(kind), ctx.emailIntervalSeconds)) === 0;
}

/** Sends after the slot was taken; gives the slot back if the mail could not be sent. */
async function sendAuthMail(
  ctx: AuthContext,
  user: UserRow,
  kind: AuthMailKind,
  redirect: string,
  pkce: Pkce | null,
): Promise<void> {
  const flowStateId =
    pkce === null
      ? null
      : await createFlowState(ctx.sql, {
          userId: user.id,
          challenge: pkce.challenge,
          method: pkce.method,
          authMethod: kind === 'signup' ? 'email/signup' : kind,
        });
  const { otp, tokenHash } = await issueOneTimeToken(ctx.sql, {
    userId: user.id,
    kind,
    email: user.email,
    flowStateId,
    validSeconds: ctx.otpValidSeconds,
    codeKey: ctx.keys.codeKey,
  });
  const verifyUrl = `${ctx.issuer}/verify?${new URLSearchParams({ token: tokenHash, type: kind, redirect_to: redirect }).toString()}`;
  const confirmPageUrl = `${ctx.siteUrl}/auth/confirm?${new URLSearchParams({ token_hash: tokenHash, type: kind, next: redirect }).toString()}`;
  const mail = authMail({
    kind,
    siteTitle: ctx.siteTitle,
    verifyUrl,
    confirmPageUrl,
    otp,
    validMinutes: Math.round(ctx.otpValidSeconds / 60),
  });
  try {
    await ctx.sendMail({ to: user.email, from: ctx.mailFrom, ...mail });
  } catch (error) {
    await releaseMailSlot(ctx.sql, user.id, sentColumnFor(kind));
    throw error;
  }
}

/**
 * A sign-up of an address that already has a confirmed account: the owner is told by e-mail
 * (sign in, or reset the password), and the request gets what a new address gets — a user object
 * with a fresh id and one unconfirmed identity — after the same bcrypt work a new account costs.
 * The 60-second mail limit applies as it does to a repeated sign-up of an unconfirmed address.
 */
async function answerExistingAccount(
  ctx: AuthContext,
  user: UserRow,
  password: string,
  data: Record<string, unknown>,
): Promise<AuthResult> {
  checkUserMetadataSize(data);
  await dummyPasswordCheck(ctx.sql, password);
  await ensureMayMail(ctx, user, 'signup');
  const mail = existingAccountMail({
    siteTitle: ctx.siteTitle,
    signInUrl: `${ctx.siteUrl}/auth`,
    resetUrl: `${ctx.siteUrl}/auth?mode=reset`,
  });
  try {
    await ctx.sendMail({ to: user.email, from: ctx.mailFrom, ...mail });
  } catch (error) {
    await releaseMailSlot(ctx.sql, user.id, 'confirmation_sent_at');
    // The same answer as for a new address whose confirmation could not be sent.
    throw confirmationNotSent(ctx, error);
  }
  return ok(unsavedUserJson(user.email, data));
}

async function freshUserJson(ctx: AuthContext, id: string): Promise<Record<string, unknown>> {
  const user = await findUserById(ctx.sql, id);
  if (user === undefined) throw errors.userNotFound();
  return userJson(ctx.sql, user);
}

/**
 * GoTrue's answer when the confirmation e-mail cannot be sent (500 `unexpected_failure`, "Error
 * sending confirmation email"); the transport's error goes to the log.
 */
function confirmationNotSent(ctx: AuthContext, error: unknown): AuthError {
  ctx.log(`auth: a sign-up's e-mail was not sent: ${error instanceof Error ? error.message : String(error)}`);
  return new AuthError(500, 'unexpected_failure', 'Error sending confirmation email');
}

/**
 * POST /signup — with e-mail confirmation on, answers the user (no session) and mails the link.
 * When the mail cannot be sent, nothing is kept, as GoTrue does (it creates the user and sends
 * the mail in one transaction): a user this request created is deleted, an unconfirmed one signing
 * up again keeps its password and details, and the answer is 500 `unexpected_failure`
 * ("Error sending confirmation email"), so asking again later starts afresh.
 */
export async function signup(ctx: AuthContext, req: AuthRequest): Promise<AuthResult> {
  const email = parseEmail(req.body);
  const password = stringField(req.body, 'password');
  if (password === undefined || password === '') throw errors.validation('Signup requires a valid password');
  checkPasswordStrength(ctx, password);
  const data = objectField(req.body, 'data');
  const pkce = parsePkce(req.body);
  const redirect = safeRedirect(ctx, redirectTo(req));

  let user = await findUserByEmail(ctx.sql, email);
  // GoTrue answers `user_already_exists` only with confirmation off; with it on (as here and in
  // production) the answer must not tell that the address has an account.
  if (user?.email_confirmed_at != null) return answerExistingAccount(ctx, user, password, data);
  // Signing up again merges into the stored metadata (see updateUnconfirmed): the result must fit.
  checkUserMetadataSize(mergedMetadata(user?.raw_user_meta_data ?? null, data, false));
  let created = false;
  // A concurrent sign-up for the same address may create it first: then this one joins it.
  if (user === undefined)
    ({ user, created } = await createUserOnce(ctx.sql, { email, password, userMetadata: data }));
  if (user.email_confirmed_at != null) return answerExistingAccount(ctx, user, password, data);
  // Signing up again before confirming resends the link, as GoTrue does.
  await ensureMayMail(ctx, user, 'signup');
  try {
    await sendAuthMail(ctx, user, 'signup', redirect, pkce);
  } catch (error) {
    if (created) await deleteUnconfirmedUser(ctx.sql, user.id);
    throw confirmationNotSent(ctx, error);
  }
  // After the mail, so a failed one leaves the stored password as it was.
  if (!created) await updateUnconfirmed(ctx.sql, user.id, password, data);
  return ok(await freshUserJson(ctx, user.id));
}

/** POST /token?grant_type=password|refresh_token|pkce */
export async function token(ctx: AuthContext, req: AuthRequest): Promise<AuthResult> {
  const grant = req.query.get('grant_type');
  const client = { ip: req.ip, userAgent: req.userAgent };
  if (grant === 'password') {
    const email = stringField(req.body, 'email')?.trim().toLowerCase();
    const password = stringField(req.body, 'password');
    if (email === undefined || email === '' || password === undefined || password === '') {
      throw errors.validation('An e-mail address and a password are required.');
    }
    const user = await findUserByEmail(ctx.sql, email);
    if (user === undefined) {
      await dummyPasswordCheck(ctx.sql, password);
      throw errors.invalidCredentials();
    }
    if (!(await passwordMatches(ctx.sql, user.id, password))) throw errors.invalidCredentials();
    if (user.email_confirmed_at === null) throw errors.emailNotConfirmed();
    await rehashAtServerCost(ctx.sql, user.id, password);
    await markConfirmedAndSignedIn(ctx.sql, user.id, false);
    return ok(await startSession(ctx, user.id, 'password', client));
  }
  if (grant === 'refresh_token') {
    const refreshToken = stringField(req.body, 'refresh_token');
    if (refreshToken === undefined || refreshToken === '') throw errors.refreshTokenNotFound();
    return ok(await refreshSession(ctx, refreshToken));
  }
  if (grant === 'pkce') {
    const authCode = stringField(req.body, 'auth_code');
    const verifier = stringField(req.body, 'code_verifier');
    if (authCode === undefined || authCode === '' || verifier === undefined || verifier === '') {
      throw errors.validation('invalid request: both auth code and code verifier should be non-empty');
    }
    const flow = await consumeAuthCode(ctx.sql, authCode);
    if (flow?.user_id == null) throw errors.flowStateNotFound();
    if (flow.age_seconds > FLOW_STATE_SECONDS) throw errors.flowStateExpired();
    const expected =
      flow.code_challenge_method === 's256'
        ? createHash('sha256').update(verifier).digest('base64url')
        : verifier;
    if (expected !== flow.code_challenge) throw errors.badCodeVerifier();
    return ok(await startSession(ctx, flow.user_id, flow.authentication_method, client));
  }
  throw errors.validation('grant_type must be password, refresh_token or pkce.');
}

/**
 * POST /otp — magic link; an unknown address becomes a new (unconfirmed) user when create_user.
 * Answers `{}` as soon as the request is valid, whatever the address: the lookup and the mail
 * happen afterwards (AuthContext.background). An unknown address with `create_user: false` gets
 * nothing, silently — GoTrue answers it with 422 `otp_disabled`, which tells that no account
 * exists; a repeated request within the mail interval is skipped the same way instead of a 429.
 * When the mail cannot be sent, a user this request created is deleted again (as for /signup):
 * nothing is kept that the person was never told about, and asking again later starts afresh.
 */
export function otp(ctx: AuthContext, req: AuthRequest): AuthResult {
  if (req.body['phone'] !== undefined && req.body['email'] === undefined) {
    throw errors.validation('Phone sign-in is not available; use an e-mail address.');
  }
  const email = parseEmail(req.body);
  const createUserIfMissing = req.body['create_user'] !== false;
  const data = objectField(req.body, 'data');
  const pkce = parsePkce(req.body);
  const redirect = safeRedirect(ctx, redirectTo(req));
  checkUserMetadataSize(data);
  ctx.background(email, async () => {
    let user = await findUserByEmail(ctx.sql, email);
    let created = false;
    if (user === undefined) {
      if (!createUserIfMissing) return;
      ({ user, created } = await createUserOnce(ctx.sql, { email, password: null, userMetadata: data }));
    }
    // An unconfirmed address gets the confirmation link (which also signs in), as in GoTrue.
    const kind: AuthMailKind = user.email_confirmed_at === null ? 'signup' : 'magiclink';
    if (!(await mayMail(ctx, user, kind))) return;
    try {
      await sendAuthMail(ctx, user, kind, redirect, pkce);
    } catch (error) {
      if (created) await deleteUnconfirmedUser(ctx.sql, user.id);
      throw error;
    }
  });
  return ok({});
}

/**
 * POST /recover — `{}` for every valid request, known address or not, at once: the lookup and the
 * mail happen afterwards, so neither the answer nor its timing tells whether an account exists.
 * (GoTrue answers `{}` too, but only after the work, and 429 within the mail interval for known
 * addresses only.)
 */
export function recover(ctx: AuthContext, req: AuthRequest): AuthResult {
  const email = parseEmail(req.body);
  const pkce = parsePkce(req.body);
  const redirect = safeRedirect(ctx, redirectTo(req));
  ctx.background(email, async () => {
    const user = await findUserByEmail(ctx.sql, email);
    if (user === undefined) return;
    if (await mayMail(ctx, user, 'recovery')) await sendAuthMail(ctx, user, 'recovery', redirect, pkce);
  });
  return ok({});
}

/** POST /resend — sign-up confirmations (e-mail change does not exist locally); `{}` at once, like /recover. */
export function resend(ctx: AuthContext, req: AuthRequest): AuthResult {
  const type = stringField(req.body, 'type');
  if (type !== 'signup') {
    throw errors.validation(
      'Only type signup can be resent: the local auth server has no e-mail change or phone flows.',
    );
  }
  const email = parseEmail(req.body);
  const pkce = parsePkce(req.body);
  const redirect = safeRedirect(ctx, redirectTo(req));
  ctx.background(email, async () => {
    const user = await findUserByEmail(ctx.sql, email);
    if (user === undefined || user.email_confirmed_at !== null) return;
    if (await mayMail(ctx, user, 'signup')) await sendAuthMail(ctx, user, 'signup', redirect, pkce);
  });
  return ok({});
}

const VERIFY_TYPES: Record<string, AuthMailKind[]> = {
  signup: ['signup'],
  magiclink: ['magiclink'],
  recovery: ['recovery'],
  email: ['signup', 'magiclink'],
};

function verifyTypes(type: string | undefined): AuthMailKind[] {
  // Own keys only: `__proto__` or `constructor` must not reach the query as a prototype object.
  const types = type !== undefined && Object.hasOwn(VERIFY_TYPES, type) ? VERIFY_TYPES[type] : undefined;
  if (types === undefined) throw errors.validation('type must be signup, magiclink, recovery or email.');
  return types;
}

/** Uses a link token up: confirms the address and records the sign-in. */
async function useToken(ctx: AuthContext, type: string | undefined, tokenHash: string) {
  const consumed = await consumeOneTimeToken(ctx.sql, tokenHash, verifyTypes(type));
  if (consumed === null) return null;
  await markConfirmedAndSignedIn(ctx.sql, consumed.user_id, true);
  return consumed;
}

/**
 * Uses a six-digit code up. Wrong codes are counted per code and per address, whatever the IP
 * they come from (ratelimit.ts `CodeAttemptLimits`): after `perCode` wrong tries the code and its
 * link are void (403 `otp_expired`, as for any wrong or expired code: a new e-mail must be asked
 * for); after `perAddress` wrong tries within the window every code of the address answers 429
 * `over_request_rate_limit` until the window moves on (the e-mail's link still works).
 */
async function useCode(ctx: AuthContext, type: string | undefined, email: string, otp: string) {
  const types = verifyTypes(type);
  if (!ctx.codeAttempts.reserve(email)) throw errors.tooManyCodeAttempts();
  const consumed = await consumeCode(ctx.sql, {
    email,
    otp,
    types,
    codeKey: ctx.keys.codeKey,
    maxFailures: ctx.codeAttempts.limits.perCode,
  });
  if (consumed === null) return null;
  ctx.codeAttempts.refund(email);
  await markConfirmedAndSignedIn(ctx.sql, consumed.user_id, true);
  return consumed;
}

/** POST /verify — `{token_hash, type}` or `{email, token, type}` → a session. */
export async function verifyPost(ctx: AuthContext, req: AuthRequest): Promise<AuthResult> {
  const type = stringField(req.body, 'type');
  const tokenHash = stringField(req.body, 'token_hash');
  const code = stringField(req.body, 'token');
  let consumed;
  if (tokenHash !== undefined && tokenHash !== '') consumed = await useToken(ctx, type, tokenHash);
  else if (code !== undefined && code !== '')
    consumed = await useCode(ctx, type, parseEmail(req.body), code.trim());
  else throw errors.validation('Verify requires a token_hash, or an email and a token.');
  if (consumed === null) throw errors.otpExpired();
  if (consumed.flow_state_id !== null)
    await ctx.sql`delete from auth.flow_state where id = ${consumed.flow_state_id}`;
  return ok(await startSession(ctx, consumed.user_id, 'otp', { ip: req.ip, userAgent: req.userAgent }));
}

/** GET /verify — the e-mail link: 303 to redirect_to with the session in the hash, or `?code=` for PKCE. */
export async function verifyGet(ctx: AuthContext, req: AuthRequest): Promise<AuthResult> {
  const type = req.query.get('type') ?? undefined;
  const tokenHash = req.query.get('token') ?? '';
  const target = new URL(safeRedirect(ctx, req.query.get('redirect_to')));
  const consumed = tokenHash === '' ? null : await useToken(ctx, type, tokenHash);
  if (consumed === null) {
    target.hash = new URLSearchParams({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    }).toString();
    return { status: 303, headers: { location: target.href } };
  }
  if (consumed.flow_state_id !== null) {
    target.searchParams.set('code', await issueAuthCode(ctx.sql, consumed.flow_state_id));
    target.hash = '';
    return { status: 303, headers: { location: target.href } };
  }
  const session = await startSession(ctx, consumed.user_id, 'otp', { ip: req.ip, userAgent: req.userAgent });
  target.hash = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    type: consumed.token_type,
  }).toString();
  return { status: 303, headers: { location: target.href } };
}

/** GET /user */
export async function getUser(ctx: AuthContext, req: AuthRequest): Promise<AuthResult> {
  const claims = await authenticate(ctx, req.authorization);
  return ok(await freshUserJson(ctx, claims.sub));
}

/**
 * PUT /user — password change (not the same as the current one; every other session of the user
 * ends) and user_metadata.
 */
export async function updateUser(ctx: AuthContext, req: AuthRequest): Promise<AuthResult> {
  const claims = await authenticate(ctx, req.authorization);
  const user = await findUserById(ctx.sql, claims.sub);
  if (user === undefined) throw errors.userNotFound();
  const email = stringField(req.body, 'email');
  if (email !== undefined && email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw errors.validation('Changing the e-mail address is not available on the local auth server.');
  }
  const password = stringField(req.body, 'password');
  const data = objectField(req.body, 'data');
  checkUserMetadataSize(mergedMetadata(user.raw_user_meta_data, data, true));
  if (password !== undefined) {
    checkPasswordStrength(ctx, password);
    if (await passwordMatches(ctx.sql, user.id, password)) throw errors.samePassword();
  }
  // Ends the user's other sessions, as GoTrue does: a stolen session does not survive a new password.
  if (password !== undefined) await changePassword(ctx.sql, user.id, password, claims.session_id);
  if (Object.keys(data).length > 0) await mergeUserMetadata(ctx.sql, user.id, data);
  return ok(await freshUserJson(ctx, user.id));
}

/** POST /logout?scope=global|local|others → 204. */
export async function logout(ctx: AuthContext, req: AuthRequest): Promise<AuthResult> {
  const scope = req.query.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw errors.validation('scope must be global, local or others.');
  }
  const claims = await authenticate(ctx, req.authorization);
  await endSessions(ctx.sql, claims, scope);
  return { status: 204 };
}

export function settings(ctx: AuthContext): AuthResult {
  return ok({
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: false,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    password_min_length: ctx.minPasswordLength,
  });
}
