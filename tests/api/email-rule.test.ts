/**
 * The one e-mail rule where mail leaves the product: the mailer refuses what the rule refuses
 * (before any transport sees it), the local outbox accepts exactly what the rule accepts, and the
 * per-address rate limit keys on the normalised address.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../netlify/functions/_shared/http.ts';
import { MailError, sendMail } from '../../netlify/functions/_shared/mailer.ts';
import { RateLimiter } from '../../netlify/functions/_shared/rate-limit.ts';
import { isEmail } from '../../src/lib/text-rules.ts';
import { EMAIL_CASES } from '../unit/lib/email-cases.ts';
import { outboxFor, outboxUrl } from './helpers.ts';

const hostile = EMAIL_CASES.filter(([, , ok]) => !ok).filter(([, value]) => value !== '');

describe('sendMail refuses what the e-mail rule refuses', () => {
  it.each(hostile)('%s: %j → MailError, nothing delivered', async (_label, to) => {
    await expect(
      sendMail('welcome', { to, contactName: 'Pat', organizationName: 'Acme' }),
    ).rejects.toBeInstanceOf(MailError);
  });

  it('refuses a hostile reply-to too (the contact form mails the site inbox, replying to the sender)', async () => {
    const subject = `Hi ${randomUUID()}`;
    const error = await sendMail('contact', {
      name: 'Sam',
      email: 'sam@example.com,victim@example.org',
      subject,
      message: 'Hello',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailError);
    expect((error as MailError).message).toMatch(/reply-to address is not a plain e-mail address/);
    const res = await fetch(`${outboxUrl}/api/messages`);
    const all = (await res.json()) as { subject: string }[];
    expect(all.filter((m) => m.subject.includes(subject))).toEqual([]);
  });

  it('still delivers an ordinary address', async () => {
    const to = `dana.o'brien+${randomUUID().slice(0, 8)}@example.org`;
    const result = await sendMail('welcome', { to, contactName: 'Pat', organizationName: 'Acme' });
    expect(result.to).toBe(to);
    expect(await outboxFor(to)).toHaveLength(1);
  });
});

describe('the local outbox accepts exactly the addresses the rule accepts', () => {
  it.each(EMAIL_CASES.filter(([, value]) => !value.includes('\u0000')))(
    '%s: %j → %s',
    async (_label, to, accepted) => {
      const res = await fetch(`${outboxUrl}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, from: 'Site <no-reply@example.org>', subject: 's', text: 't' }),
      });
      expect(res.status).toBe(accepted ? 201 : 400);
      expect(isEmail(to)).toBe(accepted);
    },
  );
});

describe('per-address rate limits key on the normalised address', () => {
  it('counts " Dana@Example.COM ", "dana@example.com" and a decomposed é as one address', async () => {
    const limiter = new RateLimiter(`norm-${randomUUID()}`, { windowLimit: 10, windowSize: 60 });
    const one = { windowLimit: 2, windowSize: 60 };
    const local = `jose${randomUUID().slice(0, 8)}`;
    const statusOf = (p: Promise<void>) =>
      p.then(
        () => 200,
        (e: unknown) => (e instanceof HttpError ? e.status : 500),
      );
    expect(await statusOf(limiter.checkKey('email', ` ${local}\u00e9@Example.COM `, one))).toBe(200);
    expect(await statusOf(limiter.checkKey('email', `${local}e\u0301@example.com`, one))).toBe(200);
    expect(await statusOf(limiter.checkKey('email', `${local.toUpperCase()}\u00c9@EXAMPLE.com`, one))).toBe(
      429,
    );
  });
});
