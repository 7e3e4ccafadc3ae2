/**
 * Published reviews as the build reads them (src/lib/content/listing-loader.ts): for every program
 * with at least one published review, the rating of all of them (average rounded to one decimal,
 * count, distribution from 5 to 1 stars), how many are the seed's sample reviews, and the newest
 * REVIEWS_IN_PAGE with their published responses. A program's rating comes from here and nowhere
 * else (docs/product-rules.md#reviews-and-ratings): program files cannot set one.
 *
 * Runs as the build's own database user (no RLS); it reads only what the public list shows, never
 * the author's account, the flags or the moderation columns. The API's queries are in
 * review-queries.ts.
 */
import type postgres from 'postgres';
import type { PublicReview } from '../../../src/api/contracts/reviews.ts';
import {
  RATING_MAX,
  RELATIONSHIP_LABELS,
  REVIEWS_IN_PAGE,
  summaryOfDistribution,
  type RatingDistribution,
  type RatingSummary,
  type Relationship,
} from '../../../src/lib/reviews.ts';

/** What the build adds to a program from its published reviews. */
export interface ProgramReviewData {
  summary: RatingSummary;
  /** Published reviews that are the seed's fictional demo reviews (JSON-LD leaves such ratings out). */
  sampleCount: number;
  /** The newest published reviews (at most REVIEWS_IN_PAGE), newest first, with their responses. */
  reviews: PublicReview[];
}

/** A published review row with its published response (or nulls), as both the build and the API select it. */
export interface PublicReviewRow {
  id: string;
  program_id: string;
  rating: number;
  title: string;
  body: string;
  relationship: Relationship;
  stay_year: number | null;
  public_name: string;
  connected_to_program: boolean;
  connection_note: string | null;
  sent_request: boolean;
  /** `YYYY-MM-DD` (selected as text). */
  sent_request_on: string | null;
  sample: boolean;
  created_at: Date;
  updated_at: Date;
  response_body: string | null;
  response_created_at: Date | null;
  response_updated_at: Date | null;
}

/** The row as the public list answers it. */
export function toPublicReview(r: PublicReviewRow): PublicReview {
  return {
    id: r.id,
    program_id: r.program_id,
    rating: r.rating,
    title: r.title,
    body: r.body,
    relationship: r.relationship,
    relationship_label: RELATIONSHIP_LABELS[r.relationship],
    stay_year: r.stay_year,
    public_name: r.public_name,
    connected_to_program: r.connected_to_program,
    connection_note: r.connection_note,
    sent_request: r.sent_request,
    sent_request_on: r.sent_request_on,
    sample: r.sample,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    response:
      r.response_body === null || r.response_created_at === null
        ? null
        : {
            body: r.response_body,
            created_at: r.response_created_at.toISOString(),
            updated_at: (r.response_updated_at ?? r.response_created_at).toISOString(),
          },
  };
}

/** The distribution (5 to 1 stars) of rows of `rating, n`. */
export function distributionOf(rows: readonly { rating: number; n: number }[]): RatingDistribution {
  const counts = [0, 0, 0, 0, 0];
  for (const { rating, n } of rows) {
    const i = RATING_MAX - rating;
    if (i >= 0 && i < counts.length) counts[i] = (counts[i] ?? 0) + n;
  }
  return counts as unknown as RatingDistribution;
}

/** Every program's published reviews, by program id (programs without any are absent). */
export async function readPublishedReviews(sql: postgres.ISql): Promise<Map<string, ProgramReviewData>> {
  const counts = await sql<{ program_id: string; rating: number; n: number; samples: number }[]>`
    select program_id, rating, count(*)::integer as n, count(*) filter (where sample)::integer as samples
    from public.program_reviews
    where status = 'published'
    group by program_id, rating`;
  const rows = await sql<(PublicReviewRow & { rn: number })[]>`
    select * from (
      select r.id, r.program_id, r.rating, r.title, r.body, r.relationship, r.stay_year, r.public_name,
             r.connected_to_program, r.connection_note, r.sent_request, r.sent_request_on::text, r.sample,
             r.created_at, r.updated_at,
             s.body as response_body, s.created_at as response_created_at, s.updated_at as response_updated_at,
             row_number() over (partition by r.program_id order by r.created_at desc, r.id) as rn
      from public.program_reviews r
      left join public.review_responses s on s.review_id = r.id and s.status = 'published'
      where r.status = 'published'
    ) x
    where x.rn <= ${REVIEWS_IN_PAGE}
    order by x.program_id, x.rn`;
  const byProgram = new Map<string, ProgramReviewData>();
  for (const [programId, group] of Map.groupBy(counts, (c) => c.program_id)) {
    byProgram.set(programId, {
      summary: summaryOfDistribution(distributionOf(group)),
      sampleCount: group.reduce((a, c) => a + c.samples, 0),
      reviews: [],
    });
  }
  for (const row of rows) byProgram.get(row.program_id)?.reviews.push(toPublicReview(row));
  return byProgram;
}
