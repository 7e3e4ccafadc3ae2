/**
 * The build gives each program the rating of its published reviews (withReviews in
 * src/lib/content/listing-loader.ts): the average and count, the distribution, the sample count and
 * the newest reviews; without published reviews no rating at all, whatever the entry held before.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ProgramReviewData } from '../../../../netlify/functions/_shared/reviews.ts';
import { withReviews } from '../../../../src/lib/content/listing-loader.ts';
import { programSchema } from '../../../../src/lib/program-schema.ts';

const source = readFileSync('content/programs/tidemark-ocd-residential.md', 'utf8');
const file = programSchema.parse(parse(/^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? ''));

const published: ProgramReviewData = {
  summary: { rating: 4.6, count: 12, distribution: [9, 2, 0, 1, 0] },
  sampleCount: 0,
  reviews: [],
};

describe('withReviews', () => {
  it('a program with published reviews gets their rating, count and distribution', () => {
    const data = withReviews(file, published);
    expect(data).toMatchObject({
      rating: 4.6,
      reviewCount: 12,
      ratingDistribution: [9, 2, 0, 1, 0],
      sampleReviewCount: 0,
    });
    expect(data.name).toBe(file.name);
  });

  it.each<[string, ProgramReviewData | undefined]>([
    ['no published reviews', undefined],
    [
      'an empty summary',
      { summary: { rating: null, count: 0, distribution: [0, 0, 0, 0, 0] }, sampleCount: 0, reviews: [] },
    ],
  ])('%s: no rating (never 0), "No reviews yet", even over an earlier build’s rating', (_, reviews) => {
    const before = withReviews(file, published);
    const data = withReviews(before, reviews);
    expect('rating' in data).toBe(false);
    expect(data).toMatchObject({ reviewCount: 0, ratingDistribution: [0, 0, 0, 0, 0], reviews: [] });
  });
});
