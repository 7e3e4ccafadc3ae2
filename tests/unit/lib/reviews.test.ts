/** The rules of reviews and ratings (src/lib/reviews.ts), table-driven. */
import { describe, expect, it } from 'vitest';
import {
  A_PARENT,
  distributionRows,
  hadStay,
  isPublicName,
  isRemovalRule,
  KEPT_RULES,
  NO_REVIEWS_YET,
  publicName,
  publicNameParts,
  ratingSortKey,
  ratingSummary,
  ratingText,
  RELATIONSHIP_LABELS,
  RELATIONSHIPS,
  REMOVAL_RULE_IDS,
  REMOVAL_RULES,
  removalRule,
  reviewFlags,
  reviewIneligibility,
  roundedAverage,
  stayYearProblem,
  summaryOfDistribution,
  type IneligibleReason,
  type RatingDistribution,
  type Relationship,
  type ReviewFlag,
  type StayYearProblem,
} from '../../../src/lib/reviews.ts';
import { sortPrograms } from '../../../src/lib/directory/rules.ts';

/** Ratings from counts per star, e.g. { 5: 2, 4: 1 } → [5, 5, 4]. */
function stars(counts: Record<number, number>): number[] {
  return Object.entries(counts).flatMap(([star, n]) => Array.from({ length: n }, () => Number(star)));
}

describe('ratingSummary: the average of published reviews, rounded to one decimal, with the count', () => {
  it.each<[string, number[], number | null, number, RatingDistribution]>([
    ['no reviews: null, never 0', [], null, 0, [0, 0, 0, 0, 0]],
    ['one 1-star review', [1], 1, 1, [0, 0, 0, 0, 1]],
    ['one 5-star review', [5], 5, 1, [1, 0, 0, 0, 0]],
    ['5, 4, 5 → 4.67 → 4.7', [5, 4, 5], 4.7, 3, [2, 1, 0, 0, 0]],
    ['5, 4 → 4.5 exactly', [5, 4], 4.5, 2, [1, 1, 0, 0, 0]],
    [
      '4.45 rounds half up to 4.5 (no binary fraction in the way)',
      stars({ 5: 11, 4: 9 }),
      4.6,
      20,
      [11, 9, 0, 0, 0],
    ],
    ['4.25 → 4.3', [5, 4, 4, 4], 4.3, 4, [1, 3, 0, 0, 0]],
    ['4.24 → 4.2', stars({ 5: 6, 4: 19 }), 4.2, 25, [6, 19, 0, 0, 0]],
    ['1 and 5 → 3.0', [1, 5], 3, 2, [1, 0, 0, 0, 1]],
    ['every star once → 3.0', [1, 2, 3, 4, 5], 3, 5, [1, 1, 1, 1, 1]],
    ['values outside 1–5 or not whole are ignored', [0, 6, 4.5, Number.NaN, 3], 3, 1, [0, 0, 1, 0, 0]],
  ])('%s', (_, ratings, rating, count, distribution) => {
    expect(ratingSummary(ratings)).toEqual({ rating, count, distribution });
  });

  it('a distribution gives the same summary as the ratings it counts', () => {
    for (const ratings of [[], [5, 4, 5], [1, 1, 2], [5, 5, 5, 5, 4, 3, 1]]) {
      const summary = ratingSummary(ratings);
      expect(summaryOfDistribution(summary.distribution)).toEqual(summary);
    }
  });

  it.each<[number, number, number | null]>([
    [0, 0, null],
    [9, 2, 4.5],
    [89, 20, 4.5],
    [14, 3, 4.7],
    [13, 3, 4.3],
    [7, 5, 1.4],
  ])('roundedAverage(%d, %d) → %s', (sum, count, expected) => {
    expect(roundedAverage(sum, count)).toBe(expected);
  });
});

describe('distributionRows: the bars from 5 to 1 stars', () => {
  it.each<[RatingDistribution, number[], number[]]>([
    [
      [0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
    ],
    [
      [2, 1, 0, 0, 1],
      [2, 1, 0, 0, 1],
      [50, 25, 0, 0, 25],
    ],
    [
      [1, 1, 1, 0, 0],
      [1, 1, 1, 0, 0],
      [33, 33, 33, 0, 0],
    ],
    [
      [0, 0, 0, 0, 7],
      [0, 0, 0, 0, 7],
      [0, 0, 0, 0, 100],
    ],
  ])('%j → counts %j, percents %j', (distribution, counts, percents) => {
    const rows = distributionRows(distribution);
    expect(rows.map((r) => r.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(rows.map((r) => r.count)).toEqual(counts);
    expect(rows.map((r) => r.percent)).toEqual(percents);
  });
});

describe('ratingText: the rating with its count, or "No reviews yet"', () => {
  it.each<[number | null | undefined, number | null | undefined, string, string]>([
    [4.6, 12, '4.6 · 12 reviews', 'Rated 4.6 out of 5 from 12 reviews'],
    [5, 1, '5.0 · 1 review', 'Rated 5.0 out of 5 from 1 review'],
    [1, 2, '1.0 · 2 reviews', 'Rated 1.0 out of 5 from 2 reviews'],
    [4.65, 3, '4.7 · 3 reviews', 'Rated 4.7 out of 5 from 3 reviews'],
    [null, 0, NO_REVIEWS_YET, NO_REVIEWS_YET],
    [undefined, undefined, NO_REVIEWS_YET, NO_REVIEWS_YET],
    // A rating without a count is never shown as a number (an old, invented rating).
    [4.9, 0, NO_REVIEWS_YET, NO_REVIEWS_YET],
    [4.9, undefined, NO_REVIEWS_YET, NO_REVIEWS_YET],
    [null, 3, NO_REVIEWS_YET, NO_REVIEWS_YET],
    [Number.NaN, 3, NO_REVIEWS_YET, NO_REVIEWS_YET],
  ])('%s with %s reviews → "%s"', (rating, count, visible, spoken) => {
    const text = ratingText(rating, count);
    expect(text.visible).toBe(visible);
    expect(text.spoken).toBe(spoken);
    expect(text.hasReviews).toBe(visible !== NO_REVIEWS_YET);
  });
});

describe('the rating sort: highest first, more reviews first among equals, programs without reviews last', () => {
  const programs = [
    { name: 'Aspen', rating: undefined, reviewCount: 0 },
    { name: 'Birch', rating: 4.6, reviewCount: 3 },
    { name: 'Cedar', rating: 4.6, reviewCount: 12 },
    { name: 'Dogwood', rating: 1, reviewCount: 1 },
    { name: 'Elm', rating: 5, reviewCount: 1 },
    { name: 'Fir', rating: undefined, reviewCount: 0 },
  ];

  it('sortPrograms(…, "rating") orders by ratingSortKey, ties by name', () => {
    expect(sortPrograms(programs, 'rating').map((p) => p.name)).toEqual([
      'Elm',
      'Cedar',
      'Birch',
      'Dogwood',
      'Aspen',
      'Fir',
    ]);
  });

  it('with no reviews anywhere it is the name order', () => {
    const none = programs.map((p) => ({ name: p.name, rating: undefined, reviewCount: 0 }));
    expect(sortPrograms(none, 'rating').map((p) => p.name)).toEqual([
      'Aspen',
      'Birch',
      'Cedar',
      'Dogwood',
      'Elm',
      'Fir',
    ]);
  });

  it.each<
    [
      number | null | undefined,
      number | null | undefined,
      number | null | undefined,
      number | null | undefined,
    ]
  >([
    [5, 1, 4.9, 100],
    [4.6, 12, 4.6, 3],
    [1, 1, undefined, 0],
    [1, 1, null, 0],
    [2, 4, 4.9, 0], // a rating without reviews is no rating
  ])('%s (%s reviews) sorts before %s (%s reviews)', (r1, c1, r2, c2) => {
    expect(ratingSortKey(r1, c1)).toBeLessThan(ratingSortKey(r2, c2));
  });
});

describe('who may review a program', () => {
  type Account = Parameters<typeof reviewIneligibility>[0];
  const base: Account = {
    signedIn: true,
    roles: ['user'],
    providerId: null,
    programProviderIds: [],
    hasReviewed: false,
  };
  it.each<[string, Partial<Account>, IneligibleReason | null]>([
    ['a family account', {}, null],
    ['a new account without a role', { roles: [] }, null],
    ['a family account that already reviewed it', { hasReviewed: true }, 'already_reviewed'],
    ['signed out', { signedIn: false }, 'signed_out'],
    ['an administrator', { roles: ['admin'] }, 'administrator'],
    ['an administrator who is also a family', { roles: ['user', 'admin'] }, 'administrator'],
    [
      'the provider publishing the program',
      { roles: ['provider'], providerId: 'p1', programProviderIds: ['p1'] },
      'insider',
    ],
    [
      'one of two providers publishing it',
      { roles: ['provider'], providerId: 'p2', programProviderIds: ['p1', 'p2'] },
      'insider',
    ],
    [
      'a provider reviewing another organization’s program',
      { roles: ['provider'], providerId: 'p2', programProviderIds: ['p1'] },
      null,
    ],
    [
      'a provider reviewing a program file (no provider)',
      { roles: ['provider'], providerId: 'p2', programProviderIds: [] },
      null,
    ],
    [
      'an insider who already reviewed it is refused as an insider',
      { providerId: 'p1', programProviderIds: ['p1'], hasReviewed: true },
      'insider',
    ],
  ])('%s → %s', (_, change, expected) => {
    expect(reviewIneligibility({ ...base, ...change })).toBe(expected);
  });
});

describe('how the reviewer knows the program, and the year of the stay', () => {
  it('four relationships, in the form’s order, with the spec’s words', () => {
    expect(RELATIONSHIPS.map((r) => RELATIONSHIP_LABELS[r])).toEqual([
      'Former resident',
      'Parent or guardian of a former resident',
      'Other family member',
      'Contacted admissions only',
    ]);
    expect(RELATIONSHIPS.filter(hadStay)).toEqual([
      'former_resident',
      'parent_or_guardian',
      'other_family_member',
    ]);
  });

  const now = new Date('2026-11-26T12:00:00Z');
  it.each<[Relationship, number | null | undefined, StayYearProblem | null]>([
    ['former_resident', undefined, null],
    ['former_resident', null, null],
    ['former_resident', 1990, null],
    ['former_resident', 2026, null],
    ['parent_or_guardian', 2019, null],
    ['other_family_member', 2024, null],
    ['former_resident', 1989, 'out_of_range'],
    ['former_resident', 2027, 'out_of_range'],
    ['former_resident', 2020.5, 'not_whole'],
    ['contacted_admissions', 2024, 'no_stay'],
    ['contacted_admissions', null, null],
  ])('%s, stay year %s → %s', (relationship, year, problem) => {
    expect(stayYearProblem(relationship, year, now)).toBe(problem);
  });
});

describe('the public name: first name + initial, or "A parent" — never the e-mail', () => {
  it.each<[string, Parameters<typeof publicName>[0], string | null]>([
    [
      'first name and initial',
      { choice: 'first_name_initial', firstName: 'Maria', lastInitial: 'G' },
      'Maria G.',
    ],
    ['capitalized', { choice: 'first_name_initial', firstName: 'maria', lastInitial: 'g' }, 'Maria G.'],
    [
      'an initial typed with its period',
      { choice: 'first_name_initial', firstName: 'Sam', lastInitial: 'K.' },
      'Sam K.',
    ],
    [
      'a hyphenated name',
      { choice: 'first_name_initial', firstName: 'Anne-Marie', lastInitial: 'L' },
      'Anne-Marie L.',
    ],
    [
      'two first names',
      { choice: 'first_name_initial', firstName: 'Mary Ann', lastInitial: 'T' },
      'Mary Ann T.',
    ],
    ['letters of any script', { choice: 'first_name_initial', firstName: 'Zoë', lastInitial: 'Ø' }, 'Zoë Ø.'],
    ['spaces around', { choice: 'first_name_initial', firstName: '  Li  ', lastInitial: ' W ' }, 'Li W.'],
    ['"A parent"', { choice: 'a_parent' }, A_PARENT],
    [
      '"A parent" ignores a name typed before',
      { choice: 'a_parent', firstName: 'Maria', lastInitial: 'G' },
      A_PARENT,
    ],
    [
      'an e-mail address as the first name',
      { choice: 'first_name_initial', firstName: 'maria@example.org', lastInitial: 'G' },
      null,
    ],
    ['digits', { choice: 'first_name_initial', firstName: 'Maria2', lastInitial: 'G' }, null],
    ['no first name', { choice: 'first_name_initial', firstName: '', lastInitial: 'G' }, null],
    ['no initial', { choice: 'first_name_initial', firstName: 'Maria' }, null],
    ['a whole last name', { choice: 'first_name_initial', firstName: 'Maria', lastInitial: 'Garcia' }, null],
    [
      'a first name over 30 characters',
      { choice: 'first_name_initial', firstName: 'A'.repeat(31), lastInitial: 'G' },
      null,
    ],
    ['a web address', { choice: 'first_name_initial', firstName: 'www.example.org', lastInitial: 'G' }, null],
  ])('%s → %s', (_, input, expected) => {
    expect(publicName(input)).toBe(expected);
    if (expected !== null) expect(isPublicName(expected)).toBe(true);
  });

  it.each([
    ['Maria G.', { choice: 'first_name_initial', firstName: 'Maria', lastInitial: 'G' }],
    ['Mary Ann T.', { choice: 'first_name_initial', firstName: 'Mary Ann', lastInitial: 'T' }],
    [A_PARENT, { choice: 'a_parent', firstName: '', lastInitial: '' }],
  ])('publicNameParts(%s) fills the form back', (name, parts) => {
    expect(publicNameParts(name)).toEqual(parts);
  });

  it.each(['maria@example.org G.', 'Maria', 'Maria 2.', ''])('%s is not a public name', (name) => {
    expect(isPublicName(name)).toBe(false);
  });
});

describe('reviewFlags: contact details for the moderator', () => {
  it.each<[string, string, ReviewFlag[]]>([
    ['plain text', 'The staff were kind and the exposure work was hard but it helped.', []],
    [
      'years and ages are not phone numbers',
      'We stayed 2019-2021; my son was 15 and 16. It cost 12000 dollars.',
      [],
    ],
    ['a US phone number', 'Call me on 555-010-0199 if you want to talk.', ['phone']],
    ['a phone number with brackets', 'Admissions (555) 010-0142 never called back.', ['phone']],
    ['a phone number with dots', 'Ring 555.010.0199 anytime', ['phone']],
    ['ten digits', 'my number 5550100199', ['phone']],
    ['a seven-digit local number', 'call 555-0123 after six', ['phone']],
    ['an international number', 'reach me at +44 20 7946 0958', ['phone']],
    ['an e-mail address', 'Write to me: parent@example.org', ['email']],
    ['an e-mail address written out', 'reach me at maria at example dot com', ['email']],
    ['an e-mail address with (at)', 'maria(at)example.org please', ['email']],
    ['a web address', 'More at https://example.org/story', ['url']],
    ['www.', 'See www.example for details', ['url']],
    ['a bare domain', 'I wrote about it on mystory.org', ['url']],
    ['an e-mail is not also a web address', 'parent@example.com', ['email']],
    ['all three', 'Call 555-010-0199, mail a@b.org or see example.com', ['phone', 'email', 'url']],
  ])('%s → %j', (_, text, flags) => {
    expect(reviewFlags(text)).toEqual(flags);
  });

  it('reads the title and the text together', () => {
    expect(reviewFlags('Call 555-010-0199', 'Nothing else here.', null, undefined)).toEqual(['phone']);
  });
});

describe('the content policy', () => {
  it('removes exactly the five kinds the spec names, each with an id, a title and a text', () => {
    expect(REMOVAL_RULE_IDS).toEqual([
      'health-information',
      'identifying-people',
      'threats',
      'spam',
      'conflict-of-interest',
    ]);
    for (const rule of REMOVAL_RULES) {
      expect(rule.title.length).toBeGreaterThan(0);
      expect(rule.text.length).toBeGreaterThan(20);
      expect(removalRule(rule.id)).toBe(rule);
    }
  });

  it('never removes a low rating, criticism or a complaint', () => {
    expect(KEPT_RULES.map((r) => r.id)).toEqual(['low-rating', 'criticism', 'complaint']);
    for (const kept of KEPT_RULES) expect(isRemovalRule(kept.id)).toBe(false);
  });

  it.each<[unknown, boolean]>([
    ['spam', true],
    ['threats', true],
    ['low-rating', false],
    ['negative', false],
    ['', false],
    [null, false],
    [1, false],
  ])('isRemovalRule(%j) → %s', (id, expected) => {
    expect(isRemovalRule(id)).toBe(expected);
  });
});
