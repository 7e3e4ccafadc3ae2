/**
 * The decision e-mails use the two trust facts' words (src/lib/trust.ts,
 * docs/product-rules.md#what-the-badges-mean): a verification approval makes the organization a
 * Verified provider and says a listing shows it only when one is live; a listing approval says
 * what was approved, where it is published, and what to do next.
 */
import { describe, expect, it } from 'vitest';
import { renderMail, type RenderContext } from '../../../../netlify/functions/_shared/mail-templates.ts';

const ctx: RenderContext = { siteUrl: 'https://ocd-directory.example.org', inboxEmail: 'inbox@example.org' };

/** The text body and the HTML's visible words, one string each. */
function bodies(mail: { text: string; html: string }): string[] {
  return [mail.text, mail.html.replace(/<[^>]+>/g, ' ').replace(/&#39;|&rsquo;/g, '’')];
}

describe('verificationDecision', () => {
  it.each([
    [true, 'Your published program pages show “Verified provider” with today’s date'],
    [false, 'You have no published listing yet. Once the site team has reviewed and published your listing'],
    [undefined, 'Program pages published from your listings show “Verified provider” with this date.'],
  ])('approved, live listing %s', (hasLiveListing, where) => {
    const mail = renderMail(
      'verificationDecision',
      { to: 'p@example.org', organizationName: 'Harbor House', decision: 'approved', hasLiveListing },
      ctx,
    );
    expect(mail.subject).toBe('Harbor House is now verified');
    for (const body of bodies(mail)) {
      expect(body).toContain('your organization is now a Verified provider');
      expect(body).toContain('identity, state license and documents');
      expect(body).toContain(where);
      expect(body).toContain('Verification is not endorsement');
      expect(body).not.toMatch(/Verified badge|your listing now shows|featured/i);
    }
    expect(mail.text).toContain('What the badges mean: https://ocd-directory.example.org/how-we-verify');
    expect(mail.html).toContain('href="https://ocd-directory.example.org/how-we-verify"');
  });

  it('rejected: no trust claim, the way to ask again', () => {
    const mail = renderMail(
      'verificationDecision',
      {
        to: 'p@example.org',
        organizationName: 'Harbor House',
        decision: 'rejected',
        notes: 'License expired.',
      },
      ctx,
    );
    expect(mail.subject).toBe('Your verification request for Harbor House needs updates');
    expect(mail.text).not.toContain('Verified provider');
    expect(mail.text).toContain('send updated documents');
    expect(mail.text).toContain('License expired.');
  });
});

describe('listingDecision', () => {
  const approved = {
    to: 'p@example.org',
    organizationName: 'Harbor Org',
    centerName: 'Harbor House',
  } as const;
  it.each([
    [true, null],
    [
      false,
      'Request verification from the Verification tab of your dashboard: once the site team has checked',
    ],
    [undefined, 'If your organization is not a Verified provider yet, request verification'],
  ])(
    'approved, provider verified %s: what was approved, where, and what next',
    (providerVerified, verify) => {
      const mail = renderMail(
        'listingDecision',
        { ...approved, decision: 'approved', programId: 'harbor-house', providerVerified },
        ctx,
      );
      expect(mail.subject).toBe('Your listing Harbor House is approved');
      for (const body of bodies(mail)) {
        expect(body).toContain(
          'The site team reviewed the facts of your listing “Harbor House” and approved it. It is published at https://ocd-directory.example.org/program/harbor-house at the next update of the site',
        );
        expect(body).toContain('marked “Listing reviewed” with the date of this review');
        expect(body).toContain('Keep your availability current');
        expect(body).toContain('after 30 days it shows as not confirmed');
        expect(body).toContain('Any other change to your listing is reviewed before it is published');
        if (verify === null) expect(body).not.toContain('request verification');
        else expect(body).toContain(verify);
        expect(body).not.toMatch(/Verified badge|featured/i);
      }
      expect(mail.html).toContain('<h2 style="font-size: 16px;">What to do next</h2>');
    },
  );

  it('approved without a program id yet: published at the next update, no link', () => {
    const mail = renderMail('listingDecision', { ...approved, decision: 'approved', programId: null }, ctx);
    expect(mail.text).toContain('It is published at the next update of the site');
    expect(mail.text).not.toContain('/program/');
  });

  it('rejected: no next steps about publishing', () => {
    const mail = renderMail(
      'listingDecision',
      { ...approved, decision: 'rejected', notes: 'Add the ZIP.' },
      ctx,
    );
    expect(mail.subject).toBe('Your listing Harbor House needs updates');
    expect(mail.text).not.toContain('What to do next');
    expect(mail.text).not.toContain('Listing reviewed');
    expect(mail.text).toContain('Add the ZIP.');
  });
});
