/**
 * The request e-mails say the words of src/lib/request-status.ts: the family's status e-mail per
 * status (and delivery), links only to the site's status page, and the program's e-mail shows the
 * best time to call of a call request.
 */
import { describe, expect, it } from 'vitest';
import { renderMail, type TemplateData } from '../../../../netlify/functions/_shared/mail-templates.ts';
import type { InquiryStatus } from '../../../../src/lib/vocabulary.ts';

const ctx = { siteUrl: 'https://directory.example.org', inboxEmail: 'hello@example.org' };
const TOKEN = 'T'.repeat(43);

function statusMail(status: InquiryStatus, extra: Partial<TemplateData['inquiryStatus']> = {}) {
  return renderMail(
    'inquiryStatus',
    {
      to: 'family@example.org',
      name: 'Robin',
      programName: 'Pine Hollow',
      type: 'call',
      status,
      statusUrl: `/request/${TOKEN}`,
      ...extra,
    },
    ctx,
  );
}

describe('inquiryStatus', () => {
  it.each<[InquiryStatus, boolean, string, string]>([
    ['contacted', true, 'Your call request to Pine Hollow: Contacted', 'marked your request as Contacted'],
    ['closed', true, 'Your call request to Pine Hollow: Closed', 'marked your request as Closed'],
    ['new', true, 'Your call request to Pine Hollow: Delivered', 'changed your request back to Delivered'],
    ['new', false, 'Your call request to Pine Hollow: Sent', 'changed your request back to Sent'],
  ])('%s (delivered %s): "%s"', (status, delivered, subject, sentence) => {
    const mail = statusMail(status, { deliveredToProgram: delivered });
    expect(mail.to).toBe('family@example.org');
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(sentence);
    expect(mail.text).toContain(`${ctx.siteUrl}/request/${TOKEN}`);
    expect([...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      `${ctx.siteUrl}/request/${TOKEN}`,
    ]);
  });

  it.each([
    ['a full address elsewhere', `https://evil.example/request/${TOKEN}`],
    ['another page of the site', '/auth?next=//evil.example'],
    ['a short token', '/request/abc'],
  ])('refuses to render with %s as the link (the outbox retries, then alerts)', (_label, statusUrl) => {
    expect(() => statusMail('contacted', { statusUrl })).toThrow(/no valid status link/);
  });
});

describe('inquiry (to the program)', () => {
  const data: TemplateData['inquiry'] = {
    to: 'admissions@example.org',
    programName: 'Pine Hollow',
    type: 'call',
    name: 'Robin',
    email: 'family@example.org',
    phone: '555 010 7777',
    bestTimeToCall: 'Weekdays after 5 pm',
  };

  it('a call request shows the best time to call', () => {
    const mail = renderMail('inquiry', data, ctx);
    expect(mail.text).toContain('Best time to call: Weekdays after 5 pm');
    expect(mail.html).toContain('<th align="left" style="padding-right: 12px;">Best time to call</th>');
  });

  it('without one, or on an info request, there is no such line', () => {
    expect(renderMail('inquiry', { ...data, bestTimeToCall: null }, ctx).text).not.toContain('Best time');
    expect(renderMail('inquiry', { ...data, type: 'info' }, ctx).text).not.toContain('Best time');
  });

  it.each([
    ['info', 'Robin sent an information request through the directory.'],
    ['call', 'Robin sent a call request through the directory.'],
  ] as const)('a %s request reads "%s"', (type, sentence) => {
    const mail = renderMail('inquiry', { ...data, type }, ctx);
    expect(mail.text).toContain(sentence);
    expect(mail.html).toContain(sentence);
  });
});
