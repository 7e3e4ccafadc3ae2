/**
 * GoTrue-shaped errors: `{ code, error_code, msg }` with the status real Supabase Auth uses. `code`
 * is the string code, as GoTrue sends it when answering with `X-Supabase-Api-Version: 2024-01-01`
 * (supabase-js then reads `code`); `error_code` repeats it for older clients.
 */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  constructor(status: number, code: string, msg: string, extra: Record<string, unknown> = {}) {
    super(msg);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
  body(): Record<string, unknown> {
    return { code: this.code, error_code: this.code, msg: this.message, ...this.extra };
  }
}

export const errors = {
  validation: (msg: string) => new AuthError(400, 'validation_failed', msg),
  invalidEmail: () =>
    new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  weakPassword: (min: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  samePassword: () =>
    new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  overRequestRateLimit: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  overEmailSendRateLimit: (seconds: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
  tooManyCodeAttempts: () =>
    new AuthError(
      429,
      'over_request_rate_limit',
      'Too many wrong codes for this email address. Open the link in the email, or try a code again later.',
    ),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  badJwt: (why: string) =>
    new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`),
  noAuthorization: () =>
    new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  sessionNotFound: () =>
    new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  flowStateNotFound: () =>
    new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  flowStateExpired: () =>
    new AuthError(400, 'flow_state_expired', 'invalid flow state, flow state has expired'),
  badCodeVerifier: () =>
    new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'),
  otpDisabled: () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp'),
  notFound: () => new AuthError(404, 'not_found', 'Not found'),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method not allowed'),
  noApiKey: () => new AuthError(401, 'no_api_key', 'No API key found in request'),
  invalidApiKey: () => new AuthError(401, 'invalid_api_key', 'Invalid API key'),
};
