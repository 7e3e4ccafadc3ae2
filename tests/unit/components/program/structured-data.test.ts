/**
 * The profile's JSON-LD claims no trust beyond the two facts (docs/product-rules.md#what-the-badges-mean):
 * the page's `lastReviewed` is the "Listing reviewed" day; "Verified provider" has no schema.org
 * term and is not claimed; no endorsement or "featured"; a rating and reviews only from the program's
 * published reviews, never from demo data.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { programJsonLd } from '../../../../src/components/program/structured-data.ts';
import type { PublicReview } from '../../../../src/api/contracts/reviews.ts';
import { programSchema } from '../../../../src/lib/program-schema.ts';

const source = readFileSync('content/programs/tidemark-ocd-residential.md', 'utf8');
const file = parse(/^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '') as Record<string, unknown>;
const site = new URL('https://ocd-directory.example.org');

function jsonLd(change: Record<string, unknown>) {
  const data = programSchema.parse({ ...file, ...change });
  return programJsonLd(site, '/program/tidemark-ocd-residential', data);
}

describe('programJsonLd', () => {
  it.each([
    [
      'reviewed: the page names its last review by the site',
      { verified: true, verifiedOn: '2026-03-03', reviewedOn: '2026-11-05' },
      {
        '@type': 'WebPage',
        '@id': 'https://ocd-directory.example.org/program/tidemark-ocd-residential',
        url: 'https://ocd-directory.example.org/program/tidemark-ocd-residential',
        lastReviewed: '2026-11-05',
        reviewedBy: { '@type': 'Organization', name: 'OCD Residential Treatment Directory' },
      },
    ],
    [
      'no review date: the page URL only',
      { verified: false, verifiedOn: undefined, reviewedOn: undefined },
      'https://ocd-directory.example.org/program/tidemark-ocd-residential',
    ],
  ])('%s', (_name, change, page) => {
    const ld = jsonLd(change);
    expect(ld['mainEntityOfPage']).toEqual(page);
    const text = JSON.stringify(ld);
    expect(text).not.toMatch(/verif|endorse|featured|aggregateRating|award/i);
    expect(text).not.toContain('2026-03-03');
  });
});

describe('programJsonLd: ratings only from published reviews', () => {
  const review = (id: string, rating: number, sample = false): PublicReview => ({
    id,
    program_id: 'tidemark-ocd-residential',
    rating,
    title: `Title ${id}`,
    body: 'The exposure work was hard, and the staff explained every step to us.',
    relationship: 'parent_or_guardian',
    relationship_label: 'Parent or guardian of a former resident',
    stay_year: 2024,
    public_name: 'Maria G.',
    connected_to_program: false,
    connection_note: null,
    sent_request: true,
    sent_request_on: '2026-03-03',
    sample,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    response: null,
  });
  const withReviews = (reviews: PublicReview[], rating: number | undefined, sampleReviewCount = 0) => ({
    ...programSchema.parse(file),
    ...(rating === undefined ? {} : { rating }),
    reviewCount: reviews.length,
    sampleReviewCount,
    reviews,
  });

  it('published reviews: AggregateRating with the count, and each Review with its stars and public name', () => {
    const ld = programJsonLd(
      site,
      '/program/tidemark-ocd-residential',
      withReviews([review('a', 5), review('b', 2)], 3.5),
    );
    expect(ld['aggregateRating']).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 3.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld['review']).toEqual([
      expect.objectContaining({
        '@type': 'Review',
        name: 'Title a',
        datePublished: '2026-11-20',
        author: { '@type': 'Person', name: 'Maria G.' },
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      }),
      expect.objectContaining({
        name: 'Title b',
        reviewRating: { '@type': 'Rating', ratingValue: 2, bestRating: 5, worstRating: 1 },
      }),
    ]);
  });

  it.each([
    ['no published reviews', withReviews([], undefined)],
    ['demo reviews among them (sample data)', withReviews([review('a', 5, true), review('b', 4)], 4.5, 1)],
  ])('%s: no rating, no reviews', (_, data) => {
    const ld = programJsonLd(site, '/program/tidemark-ocd-residential', data);
    expect(JSON.stringify(ld)).not.toMatch(/aggregateRating|"review"|Rating/);
  });
});
