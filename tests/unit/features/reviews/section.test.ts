/**
 * The profile's Reviews section (src/features/reviews/ProgramReviews.tsx) as the build renders it
 * (no session yet): the rating with its count or "No reviews yet", the distribution in words, the
 * reviews newest first with their markers and the program's response, "Report this review",
 * "How reviews work", and "Write a review" as a link to sign in and back. A reviewer's words stay
 * text.
 */
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PublicReview } from '../../../../src/api/contracts/reviews.ts';
import ProgramReviews, {
  type ProgramReviewsProps,
} from '../../../../src/features/reviews/ProgramReviews.tsx';
import { ratingSummary, REVIEW_POLICY_PATH } from '../../../../src/lib/reviews.ts';
import { hostileText, parsedElements, smuggled } from '../../../lib/hostile.ts';

function review(overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    program_id: 'harbor-house',
    rating: 5,
    title: 'They gave our son his life back',
    body: 'Daily exposure work, honest updates every Friday, and a plan for home.',
    relationship: 'parent_or_guardian',
    relationship_label: 'Parent or guardian of a former resident',
    stay_year: 2024,
    public_name: 'Maria G.',
    connected_to_program: false,
    connection_note: null,
    sent_request: true,
    sent_request_on: '2026-03-03',
    sample: false,
    created_at: '2026-10-05T12:00:00Z',
    updated_at: '2026-10-05T12:00:00Z',
    response: null,
    ...overrides,
  };
}

const ONE_STAR = review({
  id: '00000000-0000-4000-8000-000000000002',
  rating: 1,
  title: 'Nobody called us back',
  body: 'We waited three weeks for an answer about the admission date.',
  relationship: 'contacted_admissions',
  relationship_label: 'Contacted admissions only',
  stay_year: null,
  public_name: 'A parent',
  sent_request: false,
  sent_request_on: null,
  connected_to_program: true,
  connection_note: 'I worked there until 2023.',
  created_at: '2026-11-01T12:00:00Z',
  response: {
    body: 'We are sorry: please call our director.',
    created_at: '2026-11-03T12:00:00Z',
    updated_at: '2026-11-03T12:00:00Z',
  },
});

function html(props: Partial<ProgramReviewsProps> = {}): string {
  return renderToStaticMarkup(
    createElement(ProgramReviews, {
      programId: 'harbor-house',
      programName: 'Harbor House',
      programPath: '/program/harbor-house',
      summary: ratingSummary([]),
      reviews: [],
      ...props,
    }),
  );
}

/** The page's text as a person reads it (tags dropped, entities decoded). */
function text(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('ProgramReviews as built', () => {
  it('says "No reviews yet", never a zero, and still offers to write one', () => {
    const out = html();
    const words = text(out);
    expect(words).toContain('No reviews yet');
    expect(words).not.toMatch(/\b0\.0\b|0 reviews/);
    const els = parsedElements(out);
    const write = els.find((e) => e.name === 'a' && e.text === 'Write a review');
    expect(write?.attributes['href']).toBe(
      `/auth?next=${encodeURIComponent('/program/harbor-house#write-a-review')}`,
    );
    expect(els.find((e) => e.name === 'section')?.attributes['id']).toBe('reviews');
    expect(els.find((e) => e.name === 'h2')?.text).toBe('Reviews');
  });

  it('shows the rating with its count, the distribution in words, and the policy link', () => {
    const summary = ratingSummary([5, 5, 4, 5, 1]);
    const words = text(html({ summary, reviews: [ONE_STAR, review()] }));
    expect(words).toContain('4.0 · 5 reviews');
    expect(words).toContain('Rated 4.0 out of 5 from 5 reviews');
    expect(words).toContain('5 stars: 3 reviews (60%)');
    expect(words).toContain('4 stars: 1 review (20%)');
    expect(words).toContain('3 stars: 0 reviews (0%)');
    expect(words).toContain('1 star: 1 review (20%)');
    const link = parsedElements(html({ summary, reviews: [review()] })).find(
      (e) => e.name === 'a' && e.text === 'How reviews work',
    );
    expect(link?.attributes['href']).toBe(REVIEW_POLICY_PATH);
  });

  it('lists the reviews in the order given (newest first), each with its markers and response', () => {
    const out = html({ summary: ratingSummary([1, 5]), reviews: [ONE_STAR, review()] });
    const words = text(out);
    expect(words.indexOf('Nobody called us back')).toBeLessThan(
      words.indexOf('They gave our son his life back'),
    );
    // The 1-star review: no request marker, its disclosed connection, the program's response.
    expect(words).toContain('1 out of 5 stars');
    expect(words).toContain('A parent · Contacted admissions only · Written in November 2026');
    expect(words).toContain('Connected to this program: I worked there until 2023.');
    expect(words).toContain('Response from the program We are sorry: please call our director.');
    // The 5-star review: the marker, the year of the stay.
    expect(words).toContain(
      'Maria G. · Parent or guardian of a former resident · Stay in 2024 · Written in October 2026',
    );
    expect(words.match(/Sent a request through this site/g)).toHaveLength(1);
    const articles = parsedElements(out).filter((e) => e.name === 'article');
    expect(articles.map((a) => a.attributes['aria-labelledby'])).toEqual([
      `review-${ONE_STAR.id}`,
      `review-${review().id}`,
    ]);
    // One Report button per review, named after it (one name, no stray space before the colon).
    expect(
      parsedElements(out)
        .filter((e) => e.name === 'button' && e.attributes['aria-label']?.startsWith('Report'))
        .map((b) => b.attributes['aria-label']),
    ).toEqual([
      'Report this review: “Nobody called us back” by A parent',
      'Report this review: “They gave our son his life back” by Maria G.',
    ]);
  });

  it('marks sample reviews and says what they are', () => {
    const words = text(html({ summary: ratingSummary([4]), reviews: [review({ sample: true, rating: 4 })] }));
    expect(words).toContain('Sample review — demo data');
    expect(words).toContain('are fictional examples');
  });

  it('offers more reviews when the build carried only the newest', () => {
    const summary = ratingSummary([5, 5, 5]);
    expect(text(html({ summary, reviews: [review()] }))).toContain('Show more reviews');
    expect(text(html({ summary: ratingSummary([5]), reviews: [review()] }))).not.toContain(
      'Show more reviews',
    );
  });

  it("keeps a reviewer's and a program's words as text", () => {
    fc.assert(
      fc.property(hostileText, hostileText, hostileText, (title, body, response) => {
        const out = html({
          summary: ratingSummary([3]),
          reviews: [
            review({
              title,
              body,
              public_name: 'A parent',
              connected_to_program: true,
              connection_note: title,
              response: {
                body: response,
                created_at: '2026-11-03T12:00:00Z',
                updated_at: '2026-11-03T12:00:00Z',
              },
            }),
          ],
        });
        expect(smuggled(parsedElements(out))).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });
});
