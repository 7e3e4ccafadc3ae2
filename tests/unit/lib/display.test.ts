import { describe, expect, it } from 'vitest';
import {
  addressLine,
  cardModalities,
  formatRating,
  joinList,
  mapsSearchUrl,
  moreLabel,
  ratingTexts,
  starParts,
  telHref,
} from '../../../src/lib/display.ts';

const ALL = ['ERP', 'CBT', 'DBT', 'ACT', 'Mindfulness'];

describe('cardModalities: at most 3, then "+N more"', () => {
  it.each<[number, string[], number, string]>([
    [0, [], 0, ''],
    [1, ['ERP'], 0, ''],
    [2, ['ERP', 'CBT'], 0, ''],
    [3, ['ERP', 'CBT', 'DBT'], 0, ''],
    [4, ['ERP', 'CBT', 'DBT'], 1, '+1 more'],
    [5, ['ERP', 'CBT', 'DBT'], 2, '+2 more'],
  ])('%i modalities → %j and %i more', (count, shown, more, label) => {
    const result = cardModalities(ALL.slice(0, count), 3);
    expect(result).toEqual({ shown, more });
    expect(moreLabel(result.more)).toBe(label);
  });

  it('defaults to a maximum of 3 (MAX_CARD_MODALITIES)', () => {
    expect(cardModalities(ALL).shown).toHaveLength(3);
  });
});

describe('ratings', () => {
  it.each<[number | undefined, string | null]>([
    [undefined, null],
    [Number.NaN, null],
    [5, '5.0'],
    [4.75, '4.8'],
    [4.5, '4.5'],
    [0, '0.0'],
  ])('formatRating(%s) → %s', (value, expected) => {
    expect(formatRating(value)).toBe(expected);
  });

  it('ratingTexts has visible and spoken forms, always with the count of reviews', () => {
    expect(ratingTexts(4.8, 12)).toEqual({
      visible: '4.8 · 12 reviews',
      spoken: 'Rated 4.8 out of 5 from 12 reviews',
      hasReviews: true,
    });
    expect(ratingTexts(undefined, 0)).toEqual({
      visible: 'No reviews yet',
      spoken: 'No reviews yet',
      hasReviews: false,
    });
    // A number without reviews behind it is not a rating.
    expect(ratingTexts(4.8, undefined).visible).toBe('No reviews yet');
  });

  it.each([
    [5, { full: 5, half: 0, empty: 0 }],
    [4.6, { full: 4, half: 1, empty: 0 }],
    [4.8, { full: 5, half: 0, empty: 0 }],
    [4.2, { full: 4, half: 0, empty: 1 }],
    [0, { full: 0, half: 0, empty: 5 }],
    [7, { full: 5, half: 0, empty: 0 }],
  ])('starParts(%s)', (value, expected) => {
    expect(starParts(value)).toEqual(expected);
  });
});

describe('text helpers', () => {
  it.each<[string[], string]>([
    [[], ''],
    [['Adults'], 'Adults'],
    [['Adolescents', 'Young Adults', 'Adults'], 'Adolescents, Young Adults, Adults'],
  ])('joinList(%j)', (values, expected) => {
    expect(joinList(values)).toBe(expected);
  });

  it('addressLine and maps link encode the address', () => {
    const line = addressLine({
      street: '115 Mill St',
      city: 'Belmont',
      state: 'Massachusetts',
      zip: '02478',
    });
    expect(line).toBe('115 Mill St, Belmont, Massachusetts 02478');
    expect(mapsSearchUrl(line)).toBe(
      'https://www.google.com/maps/search/?api=1&query=115%20Mill%20St%2C%20Belmont%2C%20Massachusetts%2002478',
    );
  });

  it.each([
    ['(555) 010-0123', 'tel:+15550100123'],
    ['+44 20 7946 0000', 'tel:+442079460000'],
  ])('telHref(%s) → %s', (phone, expected) => {
    expect(telHref(phone)).toBe(expected);
  });
});
