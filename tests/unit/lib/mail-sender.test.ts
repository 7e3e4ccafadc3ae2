/**
 * One sender name per mailbox (src/lib/mail-sender.ts): the functions' e-mails, the local auth
 * e-mails and the registration pages take the address from the same MAIL_FROM, and every e-mail
 * carries the site's name, whatever name MAIL_FROM was given.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../netlify/functions/_shared/env.ts';
import {
  DEFAULT_MAIL_FROM_ADDRESS,
  MAIL_SENDER_NAME,
  mailFrom,
  mailFromAddress,
} from '../../../src/lib/mail-sender.ts';
import { SITE_TITLE } from '../../../src/lib/vocabulary.ts';

const REQUIRED = { SUPABASE_URL: 'http://127.0.0.1:54321', DATABASE_URL: 'postgres://x' };

describe('the sender of every e-mail', () => {
  it('is named after the site', () => {
    expect(MAIL_SENDER_NAME).toBe(SITE_TITLE);
  });

  it.each([
    [undefined, DEFAULT_MAIL_FROM_ADDRESS],
    ['', DEFAULT_MAIL_FROM_ADDRESS],
    ['   ', DEFAULT_MAIL_FROM_ADDRESS],
    ['hello@ocd-directory.org', 'hello@ocd-directory.org'],
    ['  hello@ocd-directory.org  ', 'hello@ocd-directory.org'],
    ['OCD Residential Treatment Directory <hello@ocd-directory.org>', 'hello@ocd-directory.org'],
    ['Another Name <team@ocd-directory.org>', 'team@ocd-directory.org'],
    ['"Quoted, Name" < team@ocd-directory.org >', 'team@ocd-directory.org'],
    ['Name only <>', DEFAULT_MAIL_FROM_ADDRESS],
  ])('MAIL_FROM %j sends from %s, as "%s"', (configured, address) => {
    expect(mailFromAddress(configured)).toBe(address);
    expect(mailFrom(configured)).toBe(`${SITE_TITLE} <${address}>`);
  });

  it.each([
    [undefined, `${SITE_TITLE} <no-reply@example.org>`],
    ['Another Name <team@ocd-directory.org>', `${SITE_TITLE} <team@ocd-directory.org>`],
  ])('the functions’ mailer with MAIL_FROM %j sends as %s', (configured, from) => {
    const e = parseEnv({ ...REQUIRED, ...(configured === undefined ? {} : { MAIL_FROM: configured }) });
    expect(e.MAIL_FROM).toBe(from);
  });

  // The other senders read the same function: the local auth server and both registration pages.
  it.each([
    ['supabase/local/index.ts', /senderOf\(process\.env\['MAIL_FROM'\]\)/],
    ['src/pages/provider-registration.astro', /mailFromAddress\(process\.env\['MAIL_FROM'\]\)/],
    ['src/pages/registration-success.astro', /mailFromAddress\(process\.env\['MAIL_FROM'\]\)/],
  ])('%s takes its sender from src/lib/mail-sender.ts', (file, use) => {
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(use);
    expect(text).not.toMatch(/<no-reply@|OCD Residential Directory/);
  });
});
