/**
 * A decision is about the version the administrator read (migration
 * 20261206100100_decision_revisions.sql, docs/api.md#admin-api): every moderation decision names
 * the `revision` it was made on; an edit made after the item was opened refuses the decision with
 * 409 ("… changed after you opened it — review the new version") and nothing unseen is published,
 * also when the edit races the decision; a decision that names no version is refused with 400.
 * What is published is exactly the version approved: the snapshot keeps its revision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminListings from '../../netlify/functions/admin-listings.mts';
import adminReviews from '../../netlify/functions/admin-reviews.mts';
import adminRequests from '../../netlify/functions/admin-verification-requests.mts';
import providerListings from '../../netlify/functions/provider-listings.mts';
import providerReviews from '../../netlify/functions/provider-reviews.mts';
import providers from '../../netlify/functions/providers.mts';
import reviews from '../../netlify/functions/reviews.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { ADMIN_MESSAGES, type AdminListingResponse } from '../../src/api/contracts/admin.ts';
import type { ProviderResponse } from '../../src/api/contracts/providers.ts';
import { REVIEW_MESSAGES as M, type AdminReviewResponse } from '../../src/api/contracts/reviews.ts';
import { uniqueIp } from './fuzz.ts';
import { adminSql, body, confirmedUser, ctx, SEED, signIn, type ApiError, type TestUser } from './helpers.ts';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

type Handler = (req: Request, context: ReturnType<typeof ctx>) => Promise<Response>;

/** Calls `handler` with `params` as the router would set them. */
function call(
  handler: Handler,
  method: string,
  path: string,
  token: string,
  payload?: unknown,
  params: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return handler(
    new Request(`http://localhost${path}`, {
      method,
      headers,
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    }),
    { ...ctx(uniqueIp()), params },
  );
}

let adminToken = '';
let owner: TestUser;
let family: TestUser;
let providerId = '';

/** What the provider first sends, and the edit made while the administrator has it open. */
const CALM = {
  center_name: 'Quiet Harbor Residence',
  description: 'A calm residential program for adults with OCD. Daily ERP with a coach.',
  phone: '(555) 010-0177',
  address: '1 Main Street',
  city: 'Belmont',
  state: 'MA',
  zip_code: '02478',
  age_groups: ['Adults'],
  gender_specific: 'Co-ed',
  setting: 'Residential',
  avg_length: '45-60 days',
  modalities: ['ERP'],
  insurance: ['Private Pay'],
};
const UNSEEN = {
  ...CALM,
  phone: '(555) 010-0666',
  description: 'Guaranteed cure in 7 days. Call our sales line now.',
};

beforeAll(async () => {
  [adminToken, owner, family] = await Promise.all([
    signIn(SEED.admin.email, SEED.admin.password),
    confirmedUser('versions-owner', 'versions-test-pass-1'),
    confirmedUser('versions-family', 'versions-test-pass-1'),
  ]);
  const res = await providers(
    new Request('http://localhost/api/providers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ organization_name: 'Versions House', contact_name: 'Val', email: owner.email }),
    }),
    ctx(),
  );
  expect(res.status).toBe(201);
  providerId = (await body<ProviderResponse>(res)).provider.id;
});

/** A listing the provider submitted through the API (pending). */
async function submitted(): Promise<string> {
  const res = await call(providerListings, 'POST', '/api/provider/listings', owner.token, CALM);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await body<{ listing: { id: string } }>(res)).listing.id;
}

/** The listing as /admin shows it (GET /api/admin/listings/:id). */
async function opened(id: string): Promise<AdminListingResponse['listing']> {
  const res = await call(adminListings, 'GET', `/api/admin/listings/${id}`, adminToken, undefined, { id });
  expect(res.status).toBe(200);
  return (await body<AdminListingResponse>(res)).listing;
}

const approve = (id: string, revision: number | undefined) =>
  call(
    adminListings,
    'PATCH',
    `/api/admin/listings/${id}`,
    adminToken,
    { status: 'approved', published_program_id: `versions-${id.slice(0, 8)}`, revision },
    { id },
  );

async function publication(id: string) {
  const [row] = await sql<{ snapshot: { phone?: string; description?: string; revision?: number } }[]>`
    select snapshot from listing_publications where listing_id = ${id}`;
  return row;
}

async function notificationsOf(id: string): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`select count(*)::int as n from notifications where subject_id = ${id}`;
  return row?.n ?? 0;
}

describe('listings: the edit against the approval', () => {
  it('an edit after the listing was opened: 409 in words, nothing published; the new version is then approved as read', async () => {
    const id = await submitted();
    const read = await opened(id);
    expect(read.phone).toBe('(555) 010-0177');

    const edit = await call(providerListings, 'PUT', `/api/provider/listings/${id}`, owner.token, UNSEEN, {
      id,
    });
    expect(edit.status, await edit.clone().text()).toBe(200);

    const refused = await approve(id, read.revision);
    expect(refused.status).toBe(409);
    expect((await body<ApiError>(refused)).error).toEqual({
      code: 'conflict',
      message: ADMIN_MESSAGES.listingChanged,
      fields: { revision: ADMIN_MESSAGES.listingChanged },
    });
    expect(await publication(id)).toBeUndefined();
    expect(await notificationsOf(id)).toBe(0);
    const [row] = await sql<{ status: string }[]>`select status from provider_listings where id = ${id}`;
    expect(row?.status).toBe('pending');

    // The administrator reads the new version, and approves that one.
    const again = await opened(id);
    expect(again.revision).toBeGreaterThan(read.revision);
    expect(again.phone).toBe('(555) 010-0666');
    const ok = await approve(id, again.revision);
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect((await publication(id))?.snapshot).toMatchObject({
      revision: again.revision,
      phone: '(555) 010-0666',
      description: UNSEEN.description,
    });
  });

  it('an edit committed while the approval waits for the row: 409, the unseen text never published', async () => {
    const id = await submitted();
    const read = await opened(id);
    let decision: Promise<Response> | undefined;
    // The edit holds the row while the approval arrives: the approval waits for it (select … for
    // update), then finds the newer revision. Without the check in the same transaction it would
    // publish the edit.
    await sql.begin(async (tx) => {
      await tx`update provider_listings set phone = ${UNSEEN.phone}, description = ${UNSEEN.description} where id = ${id}`;
      decision = approve(id, read.revision);
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    const res = await (decision as Promise<Response>);
    expect(res.status).toBe(409);
    expect((await body<ApiError>(res)).error.message).toBe(ADMIN_MESSAGES.listingChanged);
    expect(await publication(id)).toBeUndefined();
  });

  it('an approval committed first publishes what was read; the edit after it waits for review', async () => {
    const id = await submitted();
    const read = await opened(id);
    expect((await approve(id, read.revision)).status).toBe(200);
    const edit = await call(providerListings, 'PUT', `/api/provider/listings/${id}`, owner.token, UNSEEN, {
      id,
    });
    expect(edit.status).toBe(200);
    expect((await publication(id))?.snapshot).toMatchObject({
      revision: read.revision,
      phone: '(555) 010-0177',
    });
    const unpublish = (revision: number | undefined) =>
      call(
        adminListings,
        'POST',
        `/api/admin/listings/${id}/publication`,
        adminToken,
        { action: 'unpublish', reason: 'Checking a complaint.', revision },
        { id },
      );
    const shown = await opened(id);
    expect(shown.publication?.revision).toEqual(expect.any(Number));
    const stale = await unpublish((shown.publication?.revision ?? 0) - 1);
    expect(stale.status).toBe(409);
    expect((await body<ApiError>(stale)).error.message).toBe(ADMIN_MESSAGES.publicationChanged);
    expect((await unpublish(shown.publication?.revision)).status).toBe(200);
  });
});

const REVIEW_BODY = 'The exposure work was hard, and the staff explained every step to us and to our son.';
const review = (programId: string, change: Record<string, unknown> = {}) => ({
  program_id: programId,
  rating: 4,
  title: 'Hard work that helped',
  body: REVIEW_BODY,
  relationship: 'parent_or_guardian',
  stay_year: 2024,
  name_choice: 'first_name_initial',
  first_name: 'Maria',
  last_initial: 'G',
  connected_to_program: false,
  ...change,
});

/** A program published from the owner's live listing. */
async function liveProgram(): Promise<string> {
  const id = await submitted();
  const read = await opened(id);
  expect((await approve(id, read.revision)).status).toBe(200);
  return `versions-${id.slice(0, 8)}`;
}

async function adminReview(id: string): Promise<AdminReviewResponse['review']> {
  const res = await call(adminReviews, 'GET', `/api/admin/reviews/${id}`, adminToken);
  expect(res.status).toBe(200);
  return (await body<AdminReviewResponse>(res)).review;
}

const decideReview = (id: string, payload: Record<string, unknown>, response = false) =>
  call(adminReviews, 'PATCH', `/api/admin/reviews/${id}${response ? '/response' : ''}`, adminToken, payload);

describe('reviews and responses: the edit against the decision', () => {
  it('a review edited after it was opened: 409, still pending and not public; the new version is then published', async () => {
    const program = await liveProgram();
    const created = await call(reviews, 'POST', '/api/reviews', family.token, review(program));
    expect(created.status, await created.clone().text()).toBe(201);
    const id = (await body<{ review: { id: string } }>(created)).review.id;
    const read = await adminReview(id);

    const edited = await call(
      reviews,
      'PUT',
      `/api/reviews/${id}`,
      family.token,
      (({ program_id: _, ...rest }) => rest)(
        review(program, { body: 'Guaranteed cure in 7 days. Call our sales line now.' }),
      ),
    );
    expect(edited.status, await edited.clone().text()).toBe(200);

    const refused = await decideReview(id, { decision: 'publish', revision: read.revision });
    expect(refused.status).toBe(409);
    expect((await body<ApiError>(refused)).error).toEqual({
      code: 'conflict',
      message: M.reviewChanged,
      fields: { revision: M.reviewChanged },
    });
    const [row] = await sql<{ status: string; decided_revision: number | null }[]>`
      select status, decided_revision from program_reviews where id = ${id}`;
    expect(row).toEqual({ status: 'pending', decided_revision: null });
    const page = await call(reviews, 'GET', `/api/programs/${program}/reviews`, family.token);
    expect((await body<{ reviews: { id: string }[] }>(page)).reviews.map((r) => r.id)).not.toContain(id);

    const now = await adminReview(id);
    expect(now.body).toContain('Guaranteed cure');
    const ok = await decideReview(id, { decision: 'publish', revision: now.revision });
    expect(ok.status).toBe(200);
    const [published] = await sql<{ status: string; decided_revision: number | null }[]>`
      select status, decided_revision from program_reviews where id = ${id}`;
    expect(published).toEqual({ status: 'published', decided_revision: now.revision });
  });

  it('a response edited after it was opened (also while the decision waits): 409, the edit stays pending', async () => {
    const program = await liveProgram();
    const created = await call(reviews, 'POST', '/api/reviews', family.token, review(program));
    const id = (await body<{ review: { id: string } }>(created)).review.id;
    expect(
      (await decideReview(id, { decision: 'publish', revision: (await adminReview(id)).revision })).status,
    ).toBe(200);
    const respond = (text: string) =>
      call(providerReviews, 'PUT', `/api/provider/reviews/${id}/response`, owner.token, { body: text });
    expect((await respond('Thank you for writing; we have changed how we answer calls.')).status).toBe(201);
    const read = (await adminReview(id)).response;
    expect(read?.status).toBe('pending');

    expect((await respond('The reviewer is lying and we will see them in court.')).status).toBe(200);
    const refused = await decideReview(id, { decision: 'publish', revision: read?.revision }, true);
    expect(refused.status).toBe(409);
    expect((await body<ApiError>(refused)).error.message).toBe(M.responseChanged);

    // The same race with the edit holding the row while the decision arrives.
    const current = (await adminReview(id)).response;
    let decision: Promise<Response> | undefined;
    await sql.begin(async (tx) => {
      await tx`update review_responses set body = 'Edited again while it was being decided.' where review_id = ${id}`;
      decision = decideReview(id, { decision: 'publish', revision: current?.revision }, true);
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    expect((await (decision as Promise<Response>)).status).toBe(409);
    const [row] = await sql<
      { status: string }[]
    >`select status from review_responses where review_id = ${id}`;
    expect(row?.status).toBe('pending');
  });
});

describe('a decision without a version', () => {
  it('is refused with 400 on every decision endpoint, and nothing changes', async () => {
    const id = await submitted();
    const [request] = await sql<{ id: string }[]>`
      insert into provider_verification_requests (provider_id, documents_submitted)
      values (${providerId}, ${['State license']}) returning id`;
    const requestId = request?.id ?? '';
    const cases: [Handler, string, string, Record<string, unknown>, string][] = [
      [
        adminListings,
        'PATCH',
        `/api/admin/listings/${id}`,
        { status: 'approved' },
        ADMIN_MESSAGES.revisionRequired,
      ],
      [
        adminListings,
        'PATCH',
        `/api/admin/listings/${id}`,
        { status: 'rejected', reviewer_notes: 'No.', revision: '1' },
        ADMIN_MESSAGES.revisionRequired,
      ],
      [
        adminListings,
        'POST',
        `/api/admin/listings/${id}/publication`,
        { action: 'unpublish', reason: 'Checking.' },
        ADMIN_MESSAGES.revisionRequired,
      ],
      [
        adminRequests,
        'PATCH',
        `/api/admin/verification-requests/${requestId}`,
        { status: 'approved' },
        ADMIN_MESSAGES.revisionRequired,
      ],
      [adminReviews, 'PATCH', `/api/admin/reviews/${id}`, { decision: 'publish' }, M.revisionRequired],
      [
        adminReviews,
        'PATCH',
        `/api/admin/reviews/${id}/response`,
        { decision: 'publish' },
        M.revisionRequired,
      ],
    ];
    for (const [handler, method, path, payload, message] of cases) {
      const params = { id: path.split('/')[4] ?? '' };
      const res = await call(handler, method, path, adminToken, payload, params);
      expect(res.status, path).toBe(400);
      expect((await body<ApiError>(res)).error.fields?.['revision'], path).toBe(message);
    }
    const [listing] = await sql<{ status: string }[]>`select status from provider_listings where id = ${id}`;
    const [req] = await sql<{ status: string }[]>`
      select status from provider_verification_requests where id = ${requestId}`;
    expect([listing?.status, req?.status]).toEqual(['pending', 'pending']);
    expect(await notificationsOf(id)).toBe(0);
  });
});
