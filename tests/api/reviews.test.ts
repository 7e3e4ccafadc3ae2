/**
 * Reviews through the API (netlify/functions/reviews.mts, admin-reviews.mts, provider-reviews.mts)
 * against the local backend: one review per account and program; a 1-star review is published
 * exactly like a 5-star one; a rejection needs a rule of the policy and tells the reviewer which;
 * the author's edit goes back to pending; "Sent a request through this site" only after a request;
 * insiders refused; the provider responds on its own program only; a report joins the queue; bad
 * bodies are 400 per field and write nothing; the export includes the reviews and the account
 * deletion deletes them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import adminReviews, { config as adminConfig } from '../../netlify/functions/admin-reviews.mts';
import inquiries from '../../netlify/functions/inquiries.mts';
import providerReviews, { config as providerConfig } from '../../netlify/functions/provider-reviews.mts';
import reviews, { config as reviewsConfig } from '../../netlify/functions/reviews.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import type { AccountExport } from '../../src/api/contracts/account.ts';
import { ADMIN_MESSAGES } from '../../src/api/contracts/admin.ts';
import { NO_PROFILE } from '../../src/api/contracts/providers.ts';
import {
  REVIEW_MESSAGES as M,
  type AdminReviewResponse,
  type AdminReviewsResponse,
  type OwnReviewResponse,
  type OwnReviewsResponse,
  type ProgramReviewsResponse,
  type ProviderResponseResponse,
  type ProviderReviewsResponse,
} from '../../src/api/contracts/reviews.ts';
import { NO_REVIEWS_YET, ratingText, removalRule } from '../../src/lib/reviews.ts';
import { uniqueIp } from './fuzz.ts';
import {
  REQUIRED_HEADERS,
  SEED,
  adminSql,
  body,
  confirmedUser,
  ctx as ctxAt,
  outboxFor,
  signIn,
  type ApiError,
  type TestUser,
  withSeenRevision,
} from './helpers.ts';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

type Handler = (req: Request, context: ReturnType<typeof ctxAt>) => Promise<Response>;

/** Calls `handler` the way Netlify routes it (its `config.path`), from a fresh IP. */
function call(
  handler: Handler,
  paths: string | string[] | undefined,
  method: string,
  path: string,
  options: { token?: string; payload?: unknown; raw?: string } = {},
): Promise<Response> {
  const url = `http://localhost${path}`;
  let params: Record<string, string> = {};
  for (const pathname of ([] as string[]).concat(paths ?? [])) {
    const match = new URLPattern({ pathname }).exec(url);
    if (match) {
      params = Object.fromEntries(
        Object.entries(match.pathname.groups).filter((e): e is [string, string] => e[1] !== undefined),
      );
      break;
    }
  }
  const headers: Record<string, string> = {};
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  const payload =
    options.raw ?? (options.payload === undefined ? undefined : JSON.stringify(options.payload));
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const req = new Request(url, { method, headers, ...(payload === undefined ? {} : { body: payload }) });
  return handler(req, { ...ctxAt(uniqueIp()), params });
}

const api = (
  method: string,
  path: string,
  options: { token?: string; payload?: unknown; raw?: string } = {},
) => call(reviews, reviewsConfig.path, method, path, options);
/** The moderator's calls; a decision carries the revision the list shows unless it names one. */
const admin = async (method: string, path: string, options: { token?: string; payload?: unknown } = {}) =>
  call(adminReviews, adminConfig.path, method, path, {
    ...options,
    ...(method === 'PATCH' ? { payload: await withSeenRevision(sql, path, options.payload) } : {}),
  });
const provider = (method: string, path: string, options: { token?: string; payload?: unknown } = {}) =>
  call(providerReviews, providerConfig.path, method, path, options);

const BODY = 'The exposure work was hard, and the staff explained every step to us and to our son.';

/** A valid review body for `programId`, with `change` applied. */
function review(programId: string, change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    program_id: programId,
    rating: 4,
    title: 'Hard work that helped',
    body: BODY,
    relationship: 'parent_or_guardian',
    stay_year: 2024,
    name_choice: 'first_name_initial',
    first_name: 'Maria',
    last_initial: 'G',
    connected_to_program: false,
    ...change,
  };
}

async function programReviews(programId: string, token?: string): Promise<ProgramReviewsResponse> {
  const res = await api('GET', `/api/programs/${programId}/reviews`, token ? { token } : {});
  expect(res.status).toBe(200);
  return body<ProgramReviewsResponse>(res);
}

async function write(token: string, programId: string, change: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/reviews', { token, payload: review(programId, change) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await body<OwnReviewResponse>(res)).review;
}

async function decide(id: string, payload: unknown, path = `/api/admin/reviews/${id}`): Promise<Response> {
  return admin('PATCH', path, { token: adminToken, payload });
}

async function statusOf(id: string): Promise<string | undefined> {
  const [row] = await sql<{ status: string }[]>`select status from program_reviews where id = ${id}`;
  return row?.status;
}

let adminToken = '';
let demoProviderToken = '';
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
let pro: TestUser;
/** A program published from `pro`'s live listing, created for this file. */
let LIVE = '';
/** A program file; nobody but this file's families reviews it here. */
const FILE_PROGRAM = 'gulfview-ocd-stabilization';

beforeAll(async () => {
  [adminToken, demoProviderToken, alice, bob, carol, dave, pro] = await Promise.all([
    signIn(SEED.admin.email, SEED.admin.password),
    signIn(SEED.provider.email, SEED.provider.password),
    confirmedUser('review-alice', 'review-test-pass-1'),
    confirmedUser('review-bob', 'review-test-pass-1'),
    confirmedUser('review-carol', 'review-test-pass-1'),
    confirmedUser('review-dave', 'review-test-pass-1'),
    confirmedUser('review-pro', 'review-test-pass-1'),
  ]);
  const [p] = await sql<{ id: string }[]>`
    insert into providers (user_id, organization_name, contact_name, email)
    values (${pro.id}, 'Review Test Provider', 'Pat Pro', ${pro.email}) returning id`;
  const [listing] = await sql<{ id: string }[]>`
    insert into provider_listings (provider_id, center_name, description, phone, status, address, city, state,
      zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance)
    values (${p?.id ?? ''}, 'Review Test Residence', 'A residential OCD program.', '555-010-0123', 'pending',
      '1 Main Street', 'Belmont', 'MA', '02478', ${['Adults']}, 'Co-ed', 'Residential', '45-60 days',
      ${['ERP']}, ${['Private Pay']}) returning id`;
  LIVE = `review-test-${randomUUID().slice(0, 8)}`;
  await sql`update provider_listings set status = 'approved', published_program_id = ${LIVE} where id = ${listing?.id ?? ''}`;
});

describe('reading a program’s reviews', () => {
  it('none yet: rating null (never 0), count 0, "No reviews yet"; no viewer for a visitor', async () => {
    const page = await programReviews(LIVE);
    expect(page).toEqual({
      program_id: LIVE,
      summary: { rating: null, count: 0, distribution: [0, 0, 0, 0, 0] },
      reviews: [],
      next_offset: null,
      viewer: null,
    });
    expect(ratingText(page.summary.rating, page.summary.count).visible).toBe(NO_REVIEWS_YET);
  });

  it.each([
    ['a program that is not listed', 'no-such-program', M.unknownProgram],
    ['an id that cannot be a program', 'Not_An_Id', M.unknownProgram],
    ['the test program', 'test-program-001', M.testProgram],
  ])('%s → 404 in words', async (_, id, message) => {
    const res = await api('GET', `/api/programs/${id}/reviews`);
    expect(res.status).toBe(404);
    expect((await body<ApiError>(res)).error.message).toBe(message);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
  });
});

describe('writing, one review per account and program', () => {
  let aliceReview = '';
  let bobReview = '';

  it('a family writes a review: 201, pending, its public name, not shown to anyone yet', async () => {
    const created = await write(alice.token, LIVE, {
      rating: 1,
      title: 'Not for us',
      first_name: 'alice',
      last_initial: 'w',
    });
    aliceReview = created.id;
    expect(created).toMatchObject({
      program_id: LIVE,
      rating: 1,
      status: 'pending',
      public_name: 'Alice W.',
      name_choice: 'first_name_initial',
      first_name: 'Alice',
      last_initial: 'W',
      sent_request: false,
      rejection: null,
      relationship_label: 'Parent or guardian of a former resident',
    });
    expect(JSON.stringify(created)).not.toContain(alice.email);
    expect((await programReviews(LIVE)).summary.count).toBe(0);
    const mine = await programReviews(LIVE, alice.token);
    expect(mine.viewer).toMatchObject({
      can_review: false,
      reason: 'already_reviewed',
      message: M.alreadyReviewed,
    });
    expect(mine.viewer?.review?.id).toBe(aliceReview);
  });

  it('a second review of the same program is 409 and writes nothing', async () => {
    const res = await api('POST', '/api/reviews', {
      token: alice.token,
      payload: review(LIVE, { rating: 5 }),
    });
    expect(res.status).toBe(409);
    expect((await body<ApiError>(res)).error.message).toBe(M.alreadyReviewed);
    const rows =
      await sql`select id, rating from program_reviews where user_id = ${alice.id} and program_id = ${LIVE}`;
    expect([...rows]).toEqual([{ id: aliceReview, rating: 1 }]);
  });

  it('a 1-star review is published exactly like a 5-star one', async () => {
    bobReview = (
      await write(bob.token, LIVE, { rating: 5, title: 'It changed our lives', name_choice: 'a_parent' })
    ).id;
    const one = await decide(aliceReview, { decision: 'publish' });
    const five = await decide(bobReview, { decision: 'publish' });
    expect([one.status, five.status]).toEqual([200, 200]);
    const [a, b] = [
      (await body<AdminReviewResponse>(one)).review,
      (await body<AdminReviewResponse>(five)).review,
    ];
    expect([a.status, b.status]).toEqual(['published', 'published']);
    expect(a.moderated_at).not.toBeNull();
    expect(b.moderated_at).not.toBeNull();
    const page = await programReviews(LIVE);
    expect(page.summary).toEqual({ rating: 3, count: 2, distribution: [1, 0, 0, 0, 1] });
    // Newest first, with the markers; never the account.
    expect(page.reviews.map((r) => [r.id, r.rating, r.public_name])).toEqual([
      [bobReview, 5, 'A parent'],
      [aliceReview, 1, 'Alice W.'],
    ]);
    expect(JSON.stringify(page)).not.toMatch(/user_id|flags|@example\.com/);
  });

  it('publishing a published review without reports changes nothing: 409', async () => {
    const res = await decide(bobReview, { decision: 'publish' });
    expect(res.status).toBe(409);
    expect((await body<ApiError>(res)).error.message).toBe(M.alreadyPublished);
  });

  it('the author’s edit goes back to pending, off the page until it is checked again', async () => {
    const res = await api('PUT', `/api/reviews/${aliceReview}`, {
      token: alice.token,
      payload: { ...review(LIVE, { rating: 2, title: 'Slow, then better' }), program_id: undefined },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await body<OwnReviewResponse>(res)).review).toMatchObject({
      status: 'pending',
      rating: 2,
      moderated_at: null,
    });
    const page = await programReviews(LIVE);
    expect(page.summary).toEqual({ rating: 5, count: 1, distribution: [1, 0, 0, 0, 0] });
    expect(page.reviews.map((r) => r.id)).toEqual([bobReview]);
    expect((await decide(aliceReview, { decision: 'publish' })).status).toBe(200);
    expect((await programReviews(LIVE)).summary).toEqual({
      rating: 3.5,
      count: 2,
      distribution: [1, 0, 0, 1, 0],
    });
  });

  it('nobody edits or deletes another’s review: 404, nothing changed', async () => {
    const edit = await api('PUT', `/api/reviews/${bobReview}`, {
      token: alice.token,
      payload: { ...review(LIVE, { rating: 1 }), program_id: undefined },
    });
    const del = await api('DELETE', `/api/reviews/${bobReview}`, { token: alice.token });
    const asAdmin = await api('DELETE', `/api/reviews/${bobReview}`, { token: adminToken });
    expect([edit.status, del.status, asAdmin.status]).toEqual([404, 404, 404]);
    const [row] = await sql`select rating, status from program_reviews where id = ${bobReview}`;
    expect(row).toEqual({ rating: 5, status: 'published' });
  });

  it('the caller’s own reviews: GET /api/reviews', async () => {
    const res = await api('GET', '/api/reviews', { token: alice.token });
    expect(res.status).toBe(200);
    const mine = await body<OwnReviewsResponse>(res);
    expect(mine.reviews.map((r) => [r.id, r.status, r.program.id, r.program.path])).toEqual([
      [aliceReview, 'published', LIVE, `/program/${LIVE}`],
    ]);
  });

  it('signed out: 401 for writing and for the own list', async () => {
    expect((await api('POST', '/api/reviews', { payload: review(LIVE) })).status).toBe(401);
    expect((await api('GET', '/api/reviews')).status).toBe(401);
  });
});

describe('a rejection needs a rule of the policy, and the reviewer is told which', () => {
  it('without a rule, or with something that is not one, 400; with one, rejected and e-mailed', async () => {
    const carolReview = (
      await write(carol.token, LIVE, { rating: 3, first_name: 'Carol', last_initial: 'S' })
    ).id;
    const none = await decide(carolReview, { decision: 'reject' });
    expect(none.status).toBe(400);
    expect((await body<ApiError>(none)).error.fields?.['rule']).toBe(M.ruleMissing);
    const lowRating = await decide(carolReview, { decision: 'reject', rule: 'low-rating' });
    expect(lowRating.status).toBe(400);
    expect(await statusOf(carolReview)).toBe('pending');

    const rejected = await decide(carolReview, { decision: 'reject', rule: 'identifying-people' });
    expect(rejected.status).toBe(200);
    expect((await body<AdminReviewResponse>(rejected)).review).toMatchObject({
      status: 'rejected',
      rejection_rule: 'identifying-people',
    });
    const mails = await outboxFor(carol.email);
    const mail = mails.find((m) => m.subject.includes('was not published'));
    expect(mail?.subject).toBe('Your review of Review Test Residence was not published');
    expect(mail?.text).toContain(removalRule('identifying-people')?.title);
    expect(mail?.text).toMatch(/\/review-policy/);
    const own = await programReviews(LIVE, carol.token);
    expect(own.viewer?.review?.rejection?.id).toBe('identifying-people');
    expect((await decide(carolReview, { decision: 'reject', rule: 'identifying-people' })).status).toBe(409);
  });

  it('only administrators decide: 403 for a family, 401 signed out', async () => {
    const id =
      (await sql<{ id: string }[]>`select id from program_reviews where program_id = ${LIVE} limit 1`)[0]
        ?.id ?? '';
    const family = await admin('PATCH', `/api/admin/reviews/${id}`, {
      token: bob.token,
      payload: { decision: 'publish' },
    });
    expect(family.status).toBe(403);
    expect((await body<ApiError>(family)).error.message).toBe(ADMIN_MESSAGES.notAdmin);
    expect((await admin('GET', '/api/admin/reviews', { token: bob.token })).status).toBe(403);
    expect((await admin('GET', '/api/admin/reviews')).status).toBe(401);
    expect((await admin('GET', '/api/admin/reviews?status=nope', { token: adminToken })).status).toBe(400);
  });
});

describe('"Sent a request through this site"', () => {
  it('marks the review of an account that sent a request to the program, and only that', async () => {
    const sent = await inquiries(
      new Request('http://localhost/api/inquiries', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${dave.token}` },
        body: JSON.stringify({ program_id: LIVE, type: 'info', name: 'Dave Example', email: dave.email }),
      }),
      ctxAt(uniqueIp()),
    );
    expect(sent.status).toBe(201);
    const created = await write(dave.token, LIVE, { first_name: 'Dave', last_initial: 'E' });
    expect(created.sent_request).toBe(true);
    expect((await decide(created.id, { decision: 'publish' })).status).toBe(200);
    const page = await programReviews(LIVE);
    const byId = new Map(page.reviews.map((r) => [r.id, r.sent_request]));
    expect(byId.get(created.id)).toBe(true);
    expect([...byId.values()].filter((v) => v)).toHaveLength(1);
  });
});

describe('insiders cannot review', () => {
  it('the provider publishing the program: 403, nothing written', async () => {
    const res = await api('POST', '/api/reviews', { token: pro.token, payload: review(LIVE) });
    expect(res.status).toBe(403);
    expect((await body<ApiError>(res)).error.message).toBe(M.insider);
    const view = await programReviews(LIVE, pro.token);
    expect(view.viewer).toMatchObject({ can_review: false, reason: 'insider', message: M.insider });
  });

  it('an administrator: 403 on any program, nothing written', async () => {
    const res = await api('POST', '/api/reviews', { token: adminToken, payload: review(FILE_PROGRAM) });
    expect(res.status).toBe(403);
    expect((await body<ApiError>(res)).error.message).toBe(M.administrator);
    const rows =
      await sql`select id from program_reviews where user_id = ${'11111111-1111-4111-8111-111111111111'}`;
    expect(rows).toHaveLength(0);
  });
});

describe('the provider’s response', () => {
  it('the provider of the live listing responds (pending, then published with the review); others cannot', async () => {
    const [target] = await sql<{ id: string }[]>`
      select id from program_reviews where program_id = ${LIVE} and status = 'published' order by created_at limit 1`;
    const id = target?.id ?? '';
    const other = await provider('PUT', `/api/provider/reviews/${id}/response`, {
      token: demoProviderToken,
      payload: { body: 'Not ours to answer.' },
    });
    expect(other.status).toBe(403);
    expect((await body<ApiError>(other)).error.message).toBe(M.notYourProgram);
    const family = await provider('PUT', `/api/provider/reviews/${id}/response`, {
      token: bob.token,
      payload: { body: 'I am not a provider.' },
    });
    expect(family.status).toBe(404);
    expect((await body<ApiError>(family)).error.message).toBe(NO_PROFILE);

    const res = await provider('POST', `/api/provider/reviews/${id}/response`, {
      token: pro.token,
      payload: { body: 'Thank you for writing; we have changed how we answer calls.' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await body<ProviderResponseResponse>(res)).response.status).toBe('pending');
    expect((await programReviews(LIVE)).reviews.find((r) => r.id === id)?.response).toBeNull();

    expect((await decide(id, { decision: 'publish' }, `/api/admin/reviews/${id}/response`)).status).toBe(200);
    const shown = (await programReviews(LIVE)).reviews.find((r) => r.id === id);
    expect(shown?.response?.body).toBe('Thank you for writing; we have changed how we answer calls.');

    const list = await provider('GET', '/api/provider/reviews', { token: pro.token });
    expect(list.status).toBe(200);
    const mine = await body<ProviderReviewsResponse>(list);
    expect(mine.reviews.find((r) => r.id === id)?.response?.status).toBe('published');
    const demo = await body<ProviderReviewsResponse>(
      await provider('GET', '/api/provider/reviews', { token: demoProviderToken }),
    );
    expect(demo.reviews.map((r) => r.program.id)).not.toContain(LIVE);
  });
});

describe('reports join the queue', () => {
  it('anyone reports a published review with a reason; the admin sees it waiting; keeping it resolves the report', async () => {
    const [target] = await sql<{ id: string }[]>`
      select id from program_reviews where program_id = ${LIVE} and status = 'published' order by created_at desc limit 1`;
    const id = target?.id ?? '';
    const empty = await api('POST', `/api/reviews/${id}/report`, { payload: { reason: '' } });
    expect(empty.status).toBe(400);
    expect((await body<ApiError>(empty)).error.fields?.['reason']).toBe(M.reportReasonMissing);
    const res = await api('POST', `/api/reviews/${id}/report`, {
      payload: { reason: 'It names a member of staff.' },
    });
    expect(res.status).toBe(201);

    const waiting = await body<AdminReviewsResponse>(
      await admin('GET', '/api/admin/reviews', { token: adminToken }),
    );
    const queued = waiting.reviews.find((r) => r.id === id);
    expect(queued).toMatchObject({ status: 'published', open_reports: 1 });
    expect(queued?.reports[0]?.reason).toBe('It names a member of staff.');
    const kept = await decide(id, { decision: 'publish' });
    expect(kept.status).toBe(200);
    expect((await body<AdminReviewResponse>(kept)).review.open_reports).toBe(0);
  });

  it('a review that is not published cannot be reported: 404, nothing stored', async () => {
    const [rejected] = await sql<{ id: string }[]>`
      select id from program_reviews where program_id = ${LIVE} and status = 'rejected' limit 1`;
    for (const id of [rejected?.id ?? '', randomUUID(), 'not-a-uuid']) {
      const res = await api('POST', `/api/reviews/${id}/report`, {
        payload: { reason: 'This should not be stored.' },
      });
      expect(res.status).toBe(404);
    }
    const stored = await sql`select id from review_reports where reason = 'This should not be stored.'`;
    expect(stored).toHaveLength(0);
  });
});

describe('the moderator’s queue shows flags and markers', () => {
  it('a review with a phone number and a web address is flagged; a provider account is named as one', async () => {
    const created = await write(demoProviderToken, FILE_PROGRAM, {
      body: `${BODY} Call me on 555-010-0199 or see www.example.org for more.`,
    });
    const res = await admin('GET', '/api/admin/reviews?status=pending', { token: adminToken });
    const queued = (await body<AdminReviewsResponse>(res)).reviews.find((r) => r.id === created.id);
    expect(queued).toMatchObject({ flags: ['phone', 'url'], author_is_provider: true, sent_request: false });
    expect(queued?.program).toMatchObject({ id: FILE_PROGRAM, path: `/program/${FILE_PROGRAM}` });
  });
});

describe('bad bodies: 400 with the field’s message, nothing written', () => {
  const year = new Date().getUTCFullYear();
  it.each<[string, Record<string, unknown>, string, string]>([
    ['no rating', { rating: undefined }, 'rating', M.ratingMissing],
    ['6 stars', { rating: 6 }, 'rating', M.ratingMissing],
    ['half a star', { rating: 4.5 }, 'rating', M.ratingMissing],
    ['no title', { title: '   ' }, 'title', M.titleMissing],
    ['a title of 121 characters', { title: 'x'.repeat(121) }, 'title', M.titleTooLong],
    ['a title on two lines', { title: 'One\nTwo' }, 'title', M.titleControl],
    ['a text of 19 characters', { body: 'x'.repeat(19) }, 'body', M.bodyTooShort],
    ['a text of 4001 characters', { body: 'x'.repeat(4001) }, 'body', M.bodyTooLong],
    ['a direction override in the text', { body: `${BODY}\u202e` }, 'body', M.bodyBidi],
    ['no relationship', { relationship: undefined }, 'relationship', M.relationshipMissing],
    ['an unknown relationship', { relationship: 'neighbor' }, 'relationship', M.relationshipMissing],
    [
      'a year without a stay',
      { relationship: 'contacted_admissions', stay_year: 2024 },
      'stay_year',
      M.stayYearNoStay,
    ],
    ['a year to come', { stay_year: year + 1 }, 'stay_year', `Enter a year from 1990 to ${String(year)}.`],
    ['an e-mail as the first name', { first_name: 'maria@example.org' }, 'first_name', M.firstNameInvalid],
    ['a whole last name', { last_initial: 'Garcia' }, 'last_initial', M.lastInitialInvalid],
    [
      'connected without saying how',
      { connected_to_program: true },
      'connection_note',
      M.connectionNoteMissing,
    ],
    ['no connection answer', { connected_to_program: undefined }, 'connected_to_program', M.connectedMissing],
    ['an unknown field', { status: 'published' }, 'status', ''],
  ])('%s → 400 on %s', async (_, change, field, message) => {
    const before = await sql`select count(*)::int as n from program_reviews`;
    const res = await api('POST', '/api/reviews', {
      token: carol.token,
      payload: review(FILE_PROGRAM, change),
    });
    expect(res.status).toBe(400);
    const error = (await body<ApiError>(res)).error;
    if (message) expect(error.fields?.[field]).toBe(message);
    else expect(JSON.stringify(error)).toContain(field);
    const after = await sql`select count(*)::int as n from program_reviews`;
    expect(after).toEqual(before);
  });

  it('a body over 32 KB is 413 in words', async () => {
    const res = await api('POST', '/api/reviews', {
      token: carol.token,
      raw: JSON.stringify(review(FILE_PROGRAM, { body: 'x'.repeat(40_000) })),
    });
    expect(res.status).toBe(413);
    expect((await body<ApiError>(res)).error.message).toBe(M.tooLarge);
  });
});

describe('a family’s data', () => {
  it('the export includes the family’s reviews; deleting the account deletes them and the rating follows', async () => {
    const before = (await programReviews(LIVE)).summary;
    const exported = await account(
      new Request('http://localhost/api/account/export', {
        headers: { authorization: `Bearer ${alice.token}` },
      }),
      ctxAt(uniqueIp()),
    );
    expect(exported.status).toBe(200);
    const data = (await exported.json()) as AccountExport;
    expect(data.reviews.map((r) => [r.program_id, r.status, r.rating, r.program_name])).toEqual([
      [LIVE, 'published', 2, 'Review Test Residence'],
    ]);
    const deleted = await account(
      new Request('http://localhost/api/account', {
        method: 'DELETE',
        headers: { authorization: `Bearer ${alice.token}` },
      }),
      ctxAt(uniqueIp()),
    );
    expect(deleted.status).toBe(204);
    expect(await sql`select id from program_reviews where user_id = ${alice.id}`).toHaveLength(0);
    const after = (await programReviews(LIVE)).summary;
    expect(after.count).toBe(before.count - 1);
    expect(after.distribution[3]).toBe(before.distribution[3] - 1);
  });
});
