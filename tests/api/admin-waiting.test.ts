/**
 * What waits for an administrator, as `GET /api/admin/overview` counts it (`waiting`): pending
 * verification requests, listings pending review (new or edits), open reports and reviews to
 * check. Each count moves with a row added to its queue and back when that row is decided;
 * decided rows (approved, rejected, resolved, published) and drafts are never counted; the reviews
 * count is what the Reviews tab lists by default. Test files of this project run one at a time
 * (vitest.config.ts), so the counts move only with this file's rows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import overview from '../../netlify/functions/admin-overview.mts';
import adminReviews from '../../netlify/functions/admin-reviews.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import type { AdminOverview, AdminWaiting } from '../../src/api/contracts/admin.ts';
import type { AdminReviewsResponse } from '../../src/api/contracts/reviews.ts';
import { adminSql, body, confirmedUser, ctx, SEED, signIn } from './helpers.ts';

const sql = adminSql();
let adminToken = '';
let provider = '';
let reviewer = '';

afterAll(async () => {
  await sql.end();
  await closeDb();
});

beforeAll(async () => {
  adminToken = await signIn(SEED.admin.email, SEED.admin.password);
  const owner = await confirmedUser('waiting-provider', 'waiting-test-pass-1');
  const [row] = await sql<{ id: string }[]>`
    insert into providers (user_id, organization_name, contact_name, email)
    values (${owner.id}, 'Waiting Count House', 'Robin Waits', ${owner.email}) returning id`;
  provider = row?.id ?? '';
  reviewer = (await confirmedUser('waiting-reviewer', 'waiting-test-pass-1')).id;
});

async function waiting(token = adminToken): Promise<AdminWaiting> {
  const res = await overview(
    new Request('http://localhost/api/admin/overview', { headers: { authorization: `Bearer ${token}` } }),
    ctx(),
  );
  expect(res.status).toBe(200);
  return (await body<AdminOverview>(res)).waiting;
}

/** The same counts straight from the tables (as the database owner). */
async function counted(): Promise<AdminWaiting> {
  const [row] = await sql<AdminWaiting[]>`
    select (select count(*) from provider_verification_requests where status = 'pending')::int
             as verification_requests,
           (select count(*) from provider_listings where status = 'pending')::int as listings,
           (select count(*) from listing_reports where status = 'open')::int as reports,
           (select count(*) from program_reviews r left join review_responses s on s.review_id = r.id
            where r.status = 'pending' or s.status = 'pending'
               or exists (select 1 from review_reports o where o.review_id = r.id and o.status = 'open'))::int
             as reviews`;
  if (!row) throw new Error('no counts');
  return row;
}

async function listing(status: 'draft' | 'pending'): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into provider_listings (provider_id, center_name, description, phone, status, address, city, state,
      zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance)
    values (${provider}, ${`Waiting ${status} ${randomUUID().slice(0, 8)}`}, 'A residential OCD program.',
      '555-010-0123', ${status}, '1 Main Street', 'Belmont', 'MA', '02478', ${['Adults']}, 'Co-ed',
      'Residential', '45-60 days', ${['ERP']}, ${['Private Pay']}) returning id`;
  return row?.id ?? '';
}

describe('GET /api/admin/overview: waiting', () => {
  it('counts what the queues hold, as the tables do', async () => {
    const now = await waiting();
    expect(Object.keys(now).sort()).toEqual(['listings', 'reports', 'reviews', 'verification_requests']);
    expect(now).toEqual(await counted());
  });

  it('counts the reviews the Reviews tab lists as waiting', async () => {
    const res = await adminReviews(
      new Request('http://localhost/api/admin/reviews', {
        headers: { authorization: `Bearer ${adminToken}` },
      }),
      ctx(),
    );
    expect(res.status).toBe(200);
    const { reviews } = await body<AdminReviewsResponse>(res);
    expect((await waiting()).reviews).toBe(reviews.length);
  });

  it('moves with each queue: +1 for a pending request, a pending listing, an open report, a pending review; back once decided', async () => {
    const before = await waiting();

    const [request] = await sql<{ id: string }[]>`
      insert into provider_verification_requests (provider_id, documents_submitted)
      values (${provider}, ${['State license']}) returning id`;
    const pending = await listing('pending');
    await listing('draft'); // a draft waits for its provider, not for the site team
    const [report] = await sql<{ id: string }[]>`
      insert into listing_reports (program_id, what)
      values ('mclean', 'The admissions phone number on this page is out of date.') returning id`;
    const [review] = await sql<{ id: string }[]>`
      insert into program_reviews (program_id, user_id, rating, title, body, relationship, public_name)
      values ('mclean', ${reviewer}, 4, 'Clear about every step',
        'The team explained each step of exposure work to our whole family.', 'parent_or_guardian', 'A parent')
      returning id`;

    expect(await waiting()).toEqual({
      verification_requests: before.verification_requests + 1,
      listings: before.listings + 1,
      reports: before.reports + 1,
      reviews: before.reviews + 1,
    });

    await sql`
      update provider_verification_requests set status = 'rejected', reviewer_notes = 'Please add the license.'
      where id = ${request?.id ?? ''}`;
    await sql`
      update provider_listings set status = 'rejected', reviewer_notes = 'Please add the license.'
      where id = ${pending}`;
    await sql`
      update listing_reports set status = 'resolved', resolution_note = 'Phone corrected.'
      where id = ${report?.id ?? ''}`;
    await sql`update program_reviews set status = 'published' where id = ${review?.id ?? ''}`;

    expect(await waiting()).toEqual(before);
  });

  it('is for administrators only: a family gets 403', async () => {
    const family = await signIn(SEED.family.email, SEED.family.password);
    const res = await overview(
      new Request('http://localhost/api/admin/overview', { headers: { authorization: `Bearer ${family}` } }),
      ctx(),
    );
    expect(res.status).toBe(403);
  });
});
