/**
 * Reports cannot flood an item or the moderator's list: one open report per reporter and item (a
 * second one answers 200 "You already reported this" and stores nothing), at most
 * OPEN_REPORTS_CAP open reports per item (more answer 200 and are only counted), and the
 * moderator's lists are paginated, each review with its newest few reports and the counts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reports from '../../netlify/functions/listing-reports.mts';
import adminReviews from '../../netlify/functions/admin-reviews.mts';
import reviews from '../../netlify/functions/reviews.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import {
  ADMIN_REPORTS_PAGE_SIZE,
  OPEN_REPORTS_CAP,
  REPORT_MESSAGES,
  type AdminReportsResponse,
  type ReportReceipt,
  type ReportResponse,
} from '../../src/api/contracts/reports.ts';
import {
  ADMIN_REPORTS_SHOWN,
  ADMIN_REVIEWS_PAGE_SIZE,
  type AdminReviewsResponse,
} from '../../src/api/contracts/reviews.ts';
// A random address in a network of its own: the addresses of one IPv6 /64 are one reporter.
import { uniqueIp as freshIp } from './fuzz.ts';
import { SEED, adminSql, body, confirmedUser, ctx, jsonRequest, signIn, type TestUser } from './helpers.ts';

const sql = adminSql();
let adminToken = '';
let author: TestUser;
beforeAll(async () => {
  adminToken = await signIn(SEED.admin.email, SEED.admin.password);
  author = await confirmedUser('limits-author', 'limits-pass-1');
});
afterAll(async () => {
  // The programs reported here are left below their cap for the other test files.
  await sql`update listing_reports set status = 'resolved'
            where status = 'open' and (program_id = 'mclean' or program_id like 'page-%')`;
  await sql.end();
  await closeDb();
});

/** A published review of a program of its own (the author's only review of it). */
async function publishedReview(): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into program_reviews (program_id, user_id, rating, title, body, relationship, public_name, status)
    values (${`limits-${randomUUID().slice(0, 8)}`}, ${author.id}, 3, 'Mixed',
            'Some things were good and some were not.', 'parent_or_guardian', 'A parent', 'published')
    returning id`;
  if (!row) throw new Error('no review');
  return row.id;
}

function reportReview(id: string, ip = freshIp(), token?: string): Promise<Response> {
  return reviews(
    jsonRequest(
      `/api/reviews/${id}/report`,
      { reason: 'This review names a member of staff.' },
      token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } },
    ),
    ctx(ip),
  );
}

function reportProgram(programId: string, ip = freshIp(), token?: string): Promise<Response> {
  return reports(
    jsonRequest(
      '/api/reports',
      { program_id: programId, what: 'The phone number on this page is out of date.' },
      token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } },
    ),
    ctx(ip),
  );
}

function adminGet(handler: typeof reports, path: string): Promise<Response> {
  return handler(
    new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${adminToken}` } }),
    ctx(),
  );
}

describe('review reports', () => {
  it('a second report from the same address while the first is open: 200, kind words, nothing stored', async () => {
    const id = await publishedReview();
    const ip = freshIp();
    const first = await reportReview(id, ip);
    expect(first.status).toBe(201);
    expect(await body<ReportReceipt>(first)).toMatchObject({ outcome: 'stored', message: null });
    const second = await reportReview(id, ip);
    expect(second.status).toBe(200);
    expect(await body<ReportReceipt>(second)).toEqual({
      id: null,
      outcome: 'already_reported',
      message: REPORT_MESSAGES.alreadyReported,
    });
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from review_reports where review_id = ${id}`;
    expect(row?.n).toBe(1);
  });

  it('a signed-in person is one reporter from any address; the report is linked to the account', async () => {
    const id = await publishedReview();
    const reporter = await confirmedUser('limits-reporter', 'limits-pass-1');
    expect((await reportReview(id, freshIp(), reporter.token)).status).toBe(201);
    expect((await reportReview(id, freshIp(), reporter.token)).status).toBe(200);
    const rows = await sql<{ sender_id: string | null; reporter: string }[]>`
      select sender_id, reporter from review_reports where review_id = ${id}`;
    expect(rows).toEqual([{ sender_id: reporter.id, reporter: `account:${reporter.id}` }]);
  });

  it(`${String(OPEN_REPORTS_CAP)} open reports per review, the rest counted; the moderator sees the newest ${String(ADMIN_REPORTS_SHOWN)} and the counts`, async () => {
    const id = await publishedReview();
    const statuses: number[] = [];
    const outcomes: string[] = [];
    for (let i = 0; i < OPEN_REPORTS_CAP + 4; i += 1) {
      const res = await reportReview(id);
      statuses.push(res.status);
      outcomes.push((await body<ReportReceipt>(res)).outcome);
    }
    expect(statuses).toEqual([...Array<number>(OPEN_REPORTS_CAP).fill(201), 200, 200, 200, 200]);
    expect(outcomes.slice(OPEN_REPORTS_CAP)).toEqual(['counted', 'counted', 'counted', 'counted']);
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from review_reports where review_id = ${id}`;
    expect(row?.n).toBe(OPEN_REPORTS_CAP);

    const res = await adminGet(adminReviews, `/api/admin/reviews/${id}`);
    expect(res.status).toBe(200);
    const { review } = await body<{ review: AdminReviewsResponse['reviews'][number] }>(res);
    expect(review.reports).toHaveLength(ADMIN_REPORTS_SHOWN);
    expect(review).toMatchObject({
      report_count: OPEN_REPORTS_CAP,
      open_reports: OPEN_REPORTS_CAP,
      reports_not_stored: 4,
    });
    // Newest first.
    const dates = review.reports.map((r) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('the moderator’s list is paginated: pages of ADMIN_REVIEWS_PAGE_SIZE that do not overlap, next_offset', async () => {
    const ids: string[] = [];
    for (let i = 0; i < ADMIN_REVIEWS_PAGE_SIZE + 5; i += 1) {
      const [row] = await sql<{ id: string }[]>`
        insert into program_reviews (program_id, rating, title, body, relationship, public_name, sample, status)
        values (${`page-${randomUUID().slice(0, 8)}`}, 4, 'Waiting', 'A review that waits for a decision.',
                'parent_or_guardian', 'A parent', true, 'pending')
        returning id`;
      if (row) ids.push(row.id);
    }
    const seen: string[] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      const res = await adminGet(adminReviews, `/api/admin/reviews?status=pending&offset=${String(offset)}`);
      expect(res.status).toBe(200);
      const page = await body<AdminReviewsResponse>(res);
      expect(page.reviews.length).toBeLessThanOrEqual(ADMIN_REVIEWS_PAGE_SIZE);
      if (page.next_offset !== null) expect(page.reviews).toHaveLength(ADMIN_REVIEWS_PAGE_SIZE);
      seen.push(...page.reviews.map((r) => r.id));
      offset = page.next_offset;
      pages += 1;
    }
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(ids));
    const bad = await adminGet(adminReviews, '/api/admin/reviews?offset=-1');
    expect(bad.status).toBe(400);
    await sql`delete from program_reviews where id = any(${ids}::uuid[])`;
  });
});

describe('error reports', () => {
  const program = 'mclean';
  beforeAll(async () => {
    await sql`update listing_reports set status = 'resolved' where program_id = ${program} and status = 'open'`;
  });

  it('one open report per address and program; the cap per program, the rest counted', async () => {
    const ip = freshIp();
    const first = await reportProgram(program, ip);
    expect(first.status).toBe(201);
    const second = await reportProgram(program, ip);
    expect(second.status).toBe(200);
    expect(await body<ReportResponse>(second)).toEqual({
      id: null,
      outcome: 'already_reported',
      message: REPORT_MESSAGES.alreadyReported,
      program_sees_it: false,
    });
    const statuses: number[] = [];
    for (let i = 0; i < OPEN_REPORTS_CAP + 1; i += 1) statuses.push((await reportProgram(program)).status);
    expect(statuses).toEqual([...Array<number>(OPEN_REPORTS_CAP - 1).fill(201), 200, 200]);
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from listing_reports where program_id = ${program} and status = 'open'`;
    expect(row?.n).toBe(OPEN_REPORTS_CAP);
  });

  it('the admin list is paginated and says how many more reports a program received', async () => {
    // Enough open reports for two pages, spread over programs (each takes OPEN_REPORTS_CAP).
    for (let p = 0; p < Math.ceil((ADMIN_REPORTS_PAGE_SIZE + 5) / OPEN_REPORTS_CAP); p += 1) {
      const programId = `page-${randomUUID().slice(0, 8)}`;
      for (let i = 0; i < OPEN_REPORTS_CAP; i += 1)
        await sql`insert into listing_reports (program_id, what) values (${programId}, 'Something is out of date.')`;
    }
    const seen: string[] = [];
    let offset: number | null = 0;
    let pages = 0;
    let mclean: AdminReportsResponse['reports'][number] | undefined;
    while (offset !== null) {
      const res = await adminGet(reports, `/api/admin/reports?status=open&offset=${String(offset)}`);
      expect(res.status).toBe(200);
      const page = await body<AdminReportsResponse>(res);
      expect(page.reports.length).toBeLessThanOrEqual(ADMIN_REPORTS_PAGE_SIZE);
      seen.push(...page.reports.map((r) => r.id));
      mclean ??= page.reports.find((r) => r.program_id === program);
      offset = page.next_offset;
      pages += 1;
    }
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(mclean?.reports_not_stored).toBe(2);
    expect((await adminGet(reports, '/api/admin/reports?offset=x')).status).toBe(400);
  });
});
