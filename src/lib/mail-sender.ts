/**
 * Who the product's e-mails come from, defined once for every sender: the functions' mailer
 * (netlify/functions/_shared/env.ts), the local auth server (supabase/local/index.ts), Supabase's
 * auth e-mails in production (docs/deploy.md: the same name and address in its SMTP settings) and
 * the registration pages, which tell a new provider which address to look for. One mailbox, one
 * name: every e-mail carries the site's name, `MAIL_SENDER_NAME`; only the address is configured
 * (`MAIL_FROM`, a bare address or "Name <address>", whose name is not used).
 */
import { SITE_TITLE } from './vocabulary.ts';

/** The display name of every e-mail the product sends. */
export const MAIL_SENDER_NAME = SITE_TITLE;

/** The sending address when `MAIL_FROM` is not set (the local backend, tests). */
export const DEFAULT_MAIL_FROM_ADDRESS = 'no-reply@example.org';

/** The address of a configured `MAIL_FROM` ("Name <a@b>" or "a@b"); the default when unset. */
export function mailFromAddress(configured: string | undefined): string {
  const text = configured?.trim() ?? '';
  if (text === '') return DEFAULT_MAIL_FROM_ADDRESS;
  return (/<([^<>]*)>\s*$/.exec(text)?.[1] ?? text).trim() || DEFAULT_MAIL_FROM_ADDRESS;
}

/** The From header of every e-mail: "OCD Residential Treatment Directory <address>". */
export function mailFrom(configured: string | undefined): string {
  return `${MAIL_SENDER_NAME} <${mailFromAddress(configured)}>`;
}
