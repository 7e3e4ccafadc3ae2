/**
 * The auth e-mails (confirmation, magic link, recovery): plain text plus simple, accessible HTML.
 * Each carries two ways in: the auth server's own link (`/auth/v1/verify?token=…`), and the site's
 * `/auth/confirm?token_hash=…&type=…` page, which Supabase recommends because a link scanner that
 * opens the e-mail cannot use the token up there. The six-digit code is the same token, for a
 * person who reads the e-mail on another device: the site's /auth/confirm page (and the sign-in
 * page's "check your email" step) accepts it with `verifyOtp({ email, token, type })`.
 */
import { escapeHtml } from '../outbox.ts';

export type AuthMailKind = 'signup' | 'magiclink' | 'recovery';

export type AuthMail = { subject: string; text: string; html: string };

const COPY: Record<
  AuthMailKind,
  { subject: string; intro: string; action: string; ignore: string; codeGoal: string }
> = {
  signup: {
    subject: 'Confirm your e-mail address',
    intro: 'Thanks for signing up. Please confirm your e-mail address to activate your account.',
    action: 'Confirm my e-mail address',
    ignore: 'If you did not sign up, you can ignore this e-mail; no account will be activated.',
    codeGoal: 'confirm your address and sign in',
  },
  magiclink: {
    subject: 'Your sign-in link',
    intro: 'Use this link to sign in. It works once.',
    action: 'Sign in',
    ignore: 'If you did not ask to sign in, you can ignore this e-mail.',
    codeGoal: 'sign in',
  },
  recovery: {
    subject: 'Reset your password',
    intro:
      'We received a request to reset the password of your account. Use this link to choose a new one. It works once.',
    action: 'Reset my password',
    ignore:
      'If you did not ask for a password reset, you can ignore this e-mail; your password stays the same.',
    codeGoal: 'choose a new password',
  },
};

export function authMail(opts: {
  kind: AuthMailKind;
  siteTitle: string;
  verifyUrl: string;
  confirmPageUrl: string;
  otp: string;
  validMinutes: number;
}): AuthMail {
  const copy = COPY[opts.kind];
  const subject = `${copy.subject} – ${opts.siteTitle}`;
  const validity = `The link and the code are valid for ${opts.validMinutes} minutes.`;
  // Short enough to type on the other device: the page asks for the address and the code.
  const codePage = `${new URL(opts.confirmPageUrl).origin}/auth/confirm`;
  const codeLead = `Reading this on another device? On the device where you want to ${copy.codeGoal}, open ${codePage} and enter this code:`;
  const text = [
    copy.intro,
    '',
    `${copy.action}:`,
    opts.verifyUrl,
    '',
    'If that link does not work, open this page of the site instead:',
    opts.confirmPageUrl,
    '',
    `${codeLead} ${opts.otp}`,
    '',
    validity,
    copy.ignore,
    '',
    `— ${opts.siteTitle}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#111;background:#fff">
<main style="max-width:36rem;margin:0 auto;padding:1rem">
<h1 style="font-size:1.25rem">${e(copy.subject)}</h1>
<p>${e(copy.intro)}</p>
<p><a href="${e(opts.verifyUrl)}" style="display:inline-block;padding:.6rem 1rem;background:#1d4ed8;color:#fff;text-decoration:underline;border-radius:.25rem">${e(copy.action)}</a></p>
<p>If that link does not work, <a href="${e(opts.confirmPageUrl)}">open this page of the site instead</a>.</p>
<p>${e(codeLead)} <strong>${e(opts.otp)}</strong></p>
<p>${e(validity)} ${e(copy.ignore)}</p>
<p>— ${e(opts.siteTitle)}</p>
</main></body></html>`;
  return { subject, text, html };
}

/**
 * The e-mail a sign-up of an address that already has an account sends instead of a confirmation:
 * the sign-up answers exactly as for a new address (so the form cannot tell who has an account),
 * and only the owner of the address learns that it has one, with the ways back in.
 */
export function existingAccountMail(opts: {
  siteTitle: string;
  signInUrl: string;
  resetUrl: string;
}): AuthMail {
  const heading = 'You already have an account';
  const subject = `${heading} – ${opts.siteTitle}`;
  const intro =
    'Someone, probably you, tried to create an account with this e-mail address. You already have one, so no new account was made.';
  const ignore = 'If it was not you, you can ignore this e-mail: nothing about your account has changed.';
  const text = [
    intro,
    '',
    'Sign in:',
    opts.signInUrl,
    '',
    'Forgot your password? Choose a new one:',
    opts.resetUrl,
    '',
    ignore,
    '',
    `— ${opts.siteTitle}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#111;background:#fff">
<main style="max-width:36rem;margin:0 auto;padding:1rem">
<h1 style="font-size:1.25rem">${e(heading)}</h1>
<p>${e(intro)}</p>
<p><a href="${e(opts.signInUrl)}" style="display:inline-block;padding:.6rem 1rem;background:#1d4ed8;color:#fff;text-decoration:underline;border-radius:.25rem">Sign in</a></p>
<p>Forgot your password? <a href="${e(opts.resetUrl)}">Choose a new one</a>.</p>
<p>${e(ignore)}</p>
<p>— ${e(opts.siteTitle)}</p>
</main></body></html>`;
  return { subject, text, html };
}
