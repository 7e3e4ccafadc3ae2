/**
 * The two trust facts (src/lib/trust.ts, docs/product-rules.md#what-the-badges-mean): their
 * words, accessible names with dates, and where each badge leads. Nothing else is a badge.
 */
import { describe, expect, it } from 'vitest';
import {
  HOW_WE_VERIFY_PATH,
  reviewedLabel,
  TRUST,
  trustBadges,
  verifiedLabel,
  type TrustFacts,
} from '../../../src/lib/trust.ts';

describe('verifiedLabel and reviewedLabel', () => {
  it.each([
    ['2026-03-03', 'Verified provider, checked on March 3, 2026', 'Listing reviewed on March 3, 2026'],
    // A timestamp reads as its UTC day.
    [
      '2026-11-05T23:30:00.000Z',
      'Verified provider, checked on November 5, 2026',
      'Listing reviewed on November 5, 2026',
    ],
    [null, 'Verified provider', 'Listing reviewed'],
    [undefined, 'Verified provider', 'Listing reviewed'],
    ['', 'Verified provider', 'Listing reviewed'],
    ['2026-02-30', 'Verified provider', 'Listing reviewed'],
    ['soon', 'Verified provider', 'Listing reviewed'],
  ])('%s', (on, verified, reviewed) => {
    expect(verifiedLabel(on)).toBe(verified);
    expect(reviewedLabel(on)).toBe(reviewed);
  });
});

describe('trustBadges', () => {
  const cases: [string, TrustFacts, { text: string; label: string; href: string }[]][] = [
    ['neither fact', { verified: false }, []],
    ['an undated review is not shown', { verified: false, reviewedOn: null }, []],
    [
      'a verified provider without a known date',
      { verified: true },
      [{ text: 'Verified provider', label: 'Verified provider', href: '/how-we-verify#verified-provider' }],
    ],
    [
      'a verifiedOn without verified shows no Verified provider badge',
      { verified: false, verifiedOn: '2026-03-03', reviewedOn: '2026-11-05' },
      [
        {
          text: 'Listing reviewed',
          label: 'Listing reviewed on November 5, 2026',
          href: '/how-we-verify#listing-reviewed',
        },
      ],
    ],
    [
      'both, each with its date, in this order',
      { verified: true, verifiedOn: '2026-03-03', reviewedOn: '2026-11-05' },
      [
        {
          text: 'Verified provider',
          label: 'Verified provider, checked on March 3, 2026',
          href: '/how-we-verify#verified-provider',
        },
        {
          text: 'Listing reviewed',
          label: 'Listing reviewed on November 5, 2026',
          href: '/how-we-verify#listing-reviewed',
        },
      ],
    ],
  ];
  it.each(cases)('%s', (_name, facts, expected) => {
    const badges = trustBadges(facts);
    expect(badges.map(({ text, label, href }) => ({ text, label, href }))).toEqual(expected);
    for (const badge of badges) {
      expect(badge.href.startsWith(`${HOW_WE_VERIFY_PATH}#`)).toBe(true);
      // The tooltip starts with the accessible name and says what the fact means.
      expect(badge.title).toBe(
        `${badge.label}. ${badge.key === 'verified' ? TRUST.verified.meaning : TRUST.reviewed.meaning}`,
      );
    }
  });

  it('the words say what was checked and that neither is an endorsement; no "Featured"', () => {
    expect(TRUST.verified.meaning).toMatch(/identity, state license and documents/);
    expect(TRUST.reviewed.meaning).toMatch(/before publishing/);
    expect(TRUST.notEndorsement).toMatch(/Neither is an endorsement/);
    expect(JSON.stringify(TRUST)).not.toMatch(/featured/i);
  });
});
