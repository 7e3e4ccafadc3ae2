/**
 * Every e-mail template, with every value a person or a program supplies drawn from hostile
 * strings: the HTML body is parsed as a mail client's browser engine would, and holds no element
 * or attribute the template did not write, one <title>, and links only to the site; subjects
 * stay on one line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  renderMail,
  type RenderContext,
  type TemplateData,
  type TemplateName,
} from '../../../../netlify/functions/_shared/mail-templates.ts';
import { hostileText, parsedElements, smuggled } from '../../../lib/hostile.ts';

const ctx: RenderContext = { siteUrl: 'https://ocd-directory.example.org', inboxEmail: 'inbox@example.org' };

/** Each template's data with its free-text values taken from `t` (addresses and links stay valid). */
type Samples = { [K in TemplateName]: (t: readonly string[]) => TemplateData[K] };
const at = (t: readonly string[], i: number) => t[i] ?? '';
const samples: Samples = {
  welcome: (t) => ({ to: 'p@example.org', contactName: at(t, 0), organizationName: at(t, 1) }),
  inquiry: (t) => ({
    to: 'admissions@example.org',
    programName: at(t, 0),
    type: 'call',
    name: at(t, 1),
    email: 'family@example.org',
    phone: at(t, 2),
    message: at(t, 3),
    bestTimeToCall: at(t, 4),
  }),
  inquiryConfirmation: (t) => ({
    to: 'family@example.org',
    name: at(t, 0),
    programName: at(t, 1),
    type: 'info',
    statusUrl: `${ctx.siteUrl}/request/abc`,
    programPhone: at(t, 2),
  }),
  inquiryStatus: (t) => ({
    to: 'family@example.org',
    name: at(t, 0),
    programName: at(t, 1),
    type: 'call',
    status: 'contacted',
    statusUrl: `/request/${'A'.repeat(43)}`,
  }),
  verificationDecision: (t) => ({
    to: 'p@example.org',
    organizationName: at(t, 0),
    decision: 'rejected',
    notes: at(t, 1),
  }),
  listingDecision: (t) => ({
    to: 'p@example.org',
    organizationName: at(t, 0),
    centerName: at(t, 1),
    decision: 'approved',
    notes: at(t, 2),
    programId: 'calm-harbor',
  }),
  listingPublication: (t) => ({
    to: 'p@example.org',
    organizationName: at(t, 0),
    centerName: at(t, 1),
    change: 'unpublished',
    reason: at(t, 2),
    programId: 'calm-harbor',
  }),
  reviewRejected: (t) => ({
    to: 'family@example.org',
    programName: at(t, 0),
    programPath: '/program/calm-harbor',
    title: at(t, 1),
    rule: { title: at(t, 2), text: at(t, 3) },
    policyPath: '/review-policy',
  }),
  reviewResponseRejected: (t) => ({
    to: 'p@example.org',
    programName: at(t, 0),
    rule: { title: at(t, 1), text: at(t, 2) },
    policyPath: '/review-policy',
  }),
  contact: (t) => ({
    name: at(t, 0),
    email: 'family@example.org',
    phone: at(t, 1),
    subject: at(t, 2),
    message: at(t, 3),
  }),
  deliveryFailed: (t) => ({
    what: at(t, 0),
    action: at(t, 1),
    details: [
      [at(t, 2), at(t, 3)],
      ['Name', at(t, 4)],
    ],
    message: at(t, 5),
    replyTo: 'family@example.org',
  }),
};

const names = Object.keys(samples) as TemplateName[];

describe.each(names)('%s with hostile values', (name) => {
  it('writes no element, attribute or link of its own from the data', () => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 8, maxLength: 8 }), (t) => {
        const data = (samples[name] as (t: readonly string[]) => TemplateData[typeof name])(t);
        const mail = renderMail(name, data as never, ctx);
        expect(mail.subject).not.toMatch(/[\r\n]/);
        const elements = parsedElements(mail.html);
        expect(smuggled(elements)).toEqual([]);
        expect(elements.filter((e) => e.name === 'title')).toHaveLength(1);
        expect(elements.filter((e) => e.name === 'meta' && 'http-equiv' in e.attributes)).toEqual([]);
        for (const link of elements.filter((e) => e.name === 'a'))
          expect(link.attributes['href']?.startsWith(`${ctx.siteUrl}/`)).toBe(true);
      }),
      { numRuns: 150, seed: 20261125 },
    );
  });
});
