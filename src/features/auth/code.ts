/**
 * The one-time code of the auth e-mails (confirmation, magic link, password reset), typed on a
 * device other than the one reading the e-mail: `/auth/confirm` and the sign-in page's "check your
 * email" step accept it with `verifyOtp({ email, token, type })`. Pure rules, no supabase-js.
 *
 * The code and the e-mail's link are one token: using either uses both. `email` verifies a
 * confirmation or a magic link, `recovery` a password reset; a page that does not know which
 * e-mail the code came from tries `email` and then `recovery`.
 */
import type { Message } from '../../lib/auth/messages.ts';

/** Digits of a code (Supabase's `otp_length` is 6 by default and may be set up to 10). */
const CODE = /^\d{6,10}$/;

export type CodeKind = 'email' | 'recovery' | 'any';
export type OtpType = 'email' | 'recovery';

export const CODE_MESSAGES = {
  missing: { title: 'Missing Code', description: 'Please enter the 6-digit code from your email.' },
  invalid: {
    title: 'Invalid Code',
    description: 'Please enter the code as it appears in your email: 6 digits.',
  },
  rejected: {
    title: 'Code Not Accepted',
    description:
      'This code is not right, was already used, or has expired. A code works once, within an hour; after 5 wrong tries it stops working, and a newer email replaces an older one. If it still fails, ask for a new email.',
  },
  tooManyTries: {
    title: 'Too Many Wrong Codes',
    description:
      'Too many wrong codes were entered for this email address. Open the link in the email instead, or try a code again in an hour.',
  },
} as const satisfies Record<string, Message>;

/** The digits of what the person typed (spaces and dashes dropped), or a message saying what is wrong. */
export function readCode(raw: string): { code: string } | { problem: Message } {
  const code = raw.replace(/[\s-]/g, '');
  if (code === '') return { problem: CODE_MESSAGES.missing };
  if (!CODE.test(code)) return { problem: CODE_MESSAGES.invalid };
  return { code };
}

/** The `verifyOtp` types to try, in order, for a code of this kind. */
export function otpTypesFor(kind: CodeKind): readonly OtpType[] {
  return kind === 'any' ? ['email', 'recovery'] : [kind];
}

/**
 * The new-password form after a recovery; `next` (where to go after it) is kept, unless it already
 * is a new-password form: /auth?mode=update-password, or /provider-login?mode=reset (the
 * provider's "Create New Password").
 */
export function updatePasswordPath(next: string | null, origin: string): string {
  if (next) {
    const url = new URL(next, origin);
    if (url.pathname === '/auth') return next;
    if (url.pathname === '/provider-login' && url.searchParams.get('mode') === 'reset') return next;
  }
  return `/auth?${new URLSearchParams({ mode: 'update-password', ...(next ? { next } : {}) }).toString()}`;
}
