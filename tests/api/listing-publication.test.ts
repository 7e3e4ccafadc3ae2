/**
 * Published snapshots through the API (docs/product-rules.md#published-listings),
 * against the local backend:
 *
 * - an edit of an approved listing (PUT /api/provider/listings/:id, submitted or saved as a
 *   draft) leaves the published version as it was for the API's program lookups
 *   (`findListedProgram`) and for the build (`selectListingsForPublishing(sql, 'published')`)
 *   until an administrator approves the edit;
 * - GET /api/admin/listings?status=published lists it with its `publication` and `uploads`;
 * - POST /api/admin/listings/:id/publication: unpublish (a reason required) and republish, 403 for
 *   non-administrators, 404 / 409 for unknown and never-published listings, hostile bodies
 *   refused with nothing written; an unpublished program takes no requests and no favorites,
 *   and its provider is e-mailed the reason;
 * - POST /api/provider/listings/:id/publication: the provider withdraws its own live listing.
 */
import type { Context } from '@netlify/functions';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import listingsAdmin, { config as adminConfig } from '../../netlify/functions/admin-listings.mts';
import favorites from '../../netlify/functions/favorites.mts';
import inquiries from '../../netlify/functions/inquiries.mts';
import providerListings, { config as listingsConfig } from '../../netlify/functions/provider-listings.mts';
import providerPublication, {
  config as publicationConfig,
  WITHDRAW_MESSAGES,
} from '../../netlify/functions/provider-publication.mts';
import providers from '../../netlify/functions/providers.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { findListedProgram, forgetPublishedListings } from '../../netlify/functions/_shared/programs.ts';
import { selectListingsForPublishing } from '../../netlify/functions/_shared/publishing.ts';
import {
  ADMIN_MESSAGES,
  type AdminListing,
  type AdminListingResponse,
  type AdminListingsResponse,
} from '../../src/api/contracts/admin.ts';
import type { ListingResponse } from '../../src/api/contracts/listings.ts';
import type { ProviderResponse } from '../../src/api/contracts/providers.ts';
import { MESSAGES } from '../../src/lib/schemas.ts';
import {
  SEED,
  adminSql,
  body,
  confirmedUser,
  ctx,
  jsonRequest,
  outboxFor,
  signIn,
  type ApiError,
  type TestUser,
  withSeenRevision,
} from './helpers.ts';

type Handler = (req: Request, context: Context) => Promise<Response>;

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const paths = (p: string | string[] | undefined) => ([] as string[]).concat(p ?? []);
const ROUTES: [Handler, string[]][] = [
  [listingsAdmin, paths(adminConfig.path)],
  [providerListings, paths(listingsConfig.path)],
  [providerPublication, paths(publicationConfig.path)],
];

/**
 * Routes `path` like Netlify does (by each function's `config.path`, the most specific first: the
 * `/publication` paths before `/:id`) and calls the handler. `payload` a string is sent as it is.
 */
async function call(
  method: string,
  path: string,
  token?: string,
  payload?: unknown,
  contentType = 'application/json',
): Promise<Response> {
  const url = `http://localhost${path}`;
  // A decision carries the revision the admin's list shows, unless it names one.
  if (method !== 'GET') payload = await withSeenRevision(sql, path, payload);
  const candidates = ROUTES.flatMap(([handler, list]) => list.map((p) => [handler, p] as const)).sort(
    (a, b) => b[1].length - a[1].length,
  );
  for (const [handler, pathname] of candidates) {
    const match = new URLPattern({ pathname }).exec(url);
    if (!match) continue;
    const params = Object.fromEntries(
      Object.entries(match.pathname.groups).filter((e): e is [string, string] => e[1] !== undefined),
    );
    const headers: Record<string, string> = {};
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (payload !== undefined) headers['content-type'] = contentType;
    const req = new Request(url, {
      method,
      headers,
      ...(payload === undefined
        ? {}
        : { body: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
    return handler(req, { ...ctx(), params });
  }
  throw new Error(`not routed: ${path}`);
}

let adminToken = '';
let owner: TestUser;
let other: TestUser;
let family: TestUser;
let ownerProvider = '';

async function register(user: TestUser, organization: string): Promise<string> {
  const res = await providers(
    jsonRequest(
      '/api/providers',
      { organization_name: organization, contact_name: 'Pat Publisher', email: user.email },
      { headers: { authorization: `Bearer ${user.token}` } },
    ),
    ctx(),
  );
  expect(res.status).toBe(201);
  return (await body<ProviderResponse>(res)).provider.id;
}

/** A complete listing body, as the builder submits it. */
const suffix = randomUUID().slice(0, 8);
const PUBLISHED_NAME = `Juniper Ridge ${suffix}`;
const EDITED_NAME = `Juniper Ridge Renamed ${suffix}`;
const FULL = {
  center_name: PUBLISHED_NAME,
  description: 'A residential ERP program for adults.',
  phone: '(555) 010-0199',
  email: 'admissions@juniper.example.org',
  website: 'https://juniper.example.org',
  address: '100 Example Road',
  city: 'Bend',
  state: 'Oregon',
  zip_code: '97701',
  age_groups: ['Adults'],
  gender_specific: 'Co-ed',
  setting: 'Residential',
  capacity: 12,
  avg_length: '45-90 days',
  modalities: ['ERP', 'CBT'],
  insurance: ['Private Pay'],
  accreditations: ['State Licensed'],
  erp_hours_per_week: 15,
};

/** Submits a new listing for `token`; returns its id. */
async function submit(token: string, fields: Record<string, unknown>): Promise<string> {
  const res = await call('POST', '/api/provider/listings', token, fields);
  expect(res.status).toBe(201);
  return (await body<ListingResponse>(res)).listing.id;
}

/** The administrator approves (as /admin does); returns the listing. */
async function approve(id: string, programId?: string): Promise<AdminListing> {
  const res = await call('PATCH', `/api/admin/listings/${id}`, adminToken, {
    status: 'approved',
    ...(programId ? { published_program_id: programId } : {}),
  });
  expect(res.status).toBe(200);
  return (await body<AdminListingResponse>(res)).listing;
}

const publicationRow = async (id: string) =>
  (
    await sql<{ state: string; state_reason: string | null; snapshot: Record<string, unknown> }[]>`
      select state, state_reason, snapshot from listing_publications where listing_id = ${id}`
  )[0];

const notificationCount = async (id: string): Promise<number> =>
  Number(
    (await sql<{ n: string }[]>`select count(*) as n from notifications where subject_id = ${id}`)[0]?.n,
  );

/** What the API's program lookups answer now (without the minute's memory). */
async function listedName(programId: string): Promise<string | undefined> {
  forgetPublishedListings();
  return (await findListedProgram(programId))?.name;
}

/** What the build reads for `programId` now. */
async function built(programId: string) {
  const rows = await selectListingsForPublishing(sql, 'published');
  return rows.find((r) => r.published_program_id === programId);
}

const programId = `juniper-${suffix}`;
let listingId = '';

beforeAll(async () => {
  [adminToken, owner, other, family] = await Promise.all([
    signIn(SEED.admin.email, SEED.admin.password),
    confirmedUser('pub-owner', 'publication-pass-1'),
    confirmedUser('pub-other', 'publication-pass-1'),
    confirmedUser('pub-family', 'publication-pass-1'),
  ]);
  ownerProvider = await register(owner, `Publication Owner ${suffix}`);
  await register(other, `Publication Other ${suffix}`);
  listingId = await submit(owner.token, FULL);
  const approved = await approve(listingId, programId);
  expect(approved.publication).toMatchObject({ program_id: programId, state: 'live' });
});

describe('an edit of an approved listing waits for review; the published version stays', () => {
  it('a submitted edit: the lookups and the build keep the published name and text until the edit is approved', async () => {
    expect(await listedName(programId)).toBe(PUBLISHED_NAME);

    const res = await call('PUT', `/api/provider/listings/${listingId}`, owner.token, {
      ...FULL,
      center_name: EDITED_NAME,
      description: 'Now with a family week every month.',
    });
    expect(res.status).toBe(200);
    const { listing } = await body<ListingResponse>(res);
    expect(listing).toMatchObject({ status: 'pending', center_name: EDITED_NAME });
    expect(listing.publication).toMatchObject({ program_id: programId, state: 'live' });
    expect(listing.publication?.snapshot).toMatchObject({ center_name: PUBLISHED_NAME });

    expect(await listedName(programId)).toBe(PUBLISHED_NAME);
    expect(await built(programId)).toMatchObject({
      center_name: PUBLISHED_NAME,
      description: FULL.description,
    });
  });

  it('a draft save of the edit changes nothing published either', async () => {
    const res = await call('PUT', `/api/provider/listings/${listingId}`, owner.token, {
      ...FULL,
      center_name: `${EDITED_NAME} draft`,
      draft: true,
    });
    expect(res.status).toBe(200);
    expect((await body<ListingResponse>(res)).listing.status).toBe('draft');
    expect(await listedName(programId)).toBe(PUBLISHED_NAME);
    expect((await built(programId))?.center_name).toBe(PUBLISHED_NAME);
    // Submitted again, as the provider would after the draft.
    const again = await call('PUT', `/api/provider/listings/${listingId}`, owner.token, {
      ...FULL,
      center_name: EDITED_NAME,
      description: 'Now with a family week every month.',
    });
    expect(again.status).toBe(200);
  });

  it('GET /api/admin/listings?status=published lists it with the publication (the snapshot) and uploads', async () => {
    const res = await call('GET', '/api/admin/listings?status=published', adminToken);
    expect(res.status).toBe(200);
    const { listings } = await body<AdminListingsResponse>(res);
    const mine = listings.find((l) => l.id === listingId);
    expect(mine).toBeDefined();
    expect(mine).toMatchObject({ status: 'pending', center_name: EDITED_NAME });
    expect(mine?.publication).toMatchObject({ program_id: programId, state: 'live', state_reason: null });
    expect(mine?.publication?.snapshot).toMatchObject({
      center_name: PUBLISHED_NAME,
      description: FULL.description,
    });
    // The working copy differs from what is published: the admin compares the two.
    expect(mine?.publication?.snapshot['center_name']).not.toBe(mine?.center_name);
    expect(mine?.uploads).toEqual([]);
    // Every listed item is live; a never-approved listing is not among them.
    expect(listings.every((l) => l.publication?.state === 'live')).toBe(true);
  });

  it('approving the edit publishes the new name and text', async () => {
    const approved = await approve(listingId);
    expect(approved.publication?.snapshot).toMatchObject({ center_name: EDITED_NAME });
    expect(await listedName(programId)).toBe(EDITED_NAME);
    expect(await built(programId)).toMatchObject({
      center_name: EDITED_NAME,
      description: 'Now with a family week every month.',
    });
  });
});

const decide = (id: string, payload: unknown, token = adminToken, contentType?: string) =>
  call('POST', `/api/admin/listings/${id}/publication`, token, payload, contentType);

describe('POST /api/admin/listings/:id/publication', () => {
  it('403 for a family and for the provider itself; 401 without a token; nothing written', async () => {
    const before = await notificationCount(listingId);
    for (const token of [family.token, owner.token]) {
      const res = await decide(listingId, { action: 'unpublish', reason: 'Mine' }, token);
      expect(res.status).toBe(403);
    }
    expect((await decide(listingId, { action: 'unpublish', reason: 'x' }, '')).status).toBe(401);
    expect(await publicationRow(listingId)).toMatchObject({ state: 'live' });
    expect(await notificationCount(listingId)).toBe(before);
  });

  it('400 without a reason, with the field message', async () => {
    for (const payload of [
      { action: 'unpublish' },
      { action: 'unpublish', reason: '' },
      { action: 'unpublish', reason: ' \n ' },
    ]) {
      const res = await decide(listingId, payload);
      expect(res.status).toBe(400);
      const { error } = await body<ApiError>(res);
      expect(error.fields?.['reason']).toBe(ADMIN_MESSAGES.reasonRequired);
      expect(error.message).toBe(ADMIN_MESSAGES.reasonRequired);
    }
    expect(await publicationRow(listingId)).toMatchObject({ state: 'live' });
  });

  it.each([
    ['not JSON', '{"action": "unpublish", "reason": ', 'application/json'],
    ['plain text', 'unpublish', 'text/plain'],
    ['an array', [{ action: 'unpublish', reason: 'x' }], 'application/json'],
    ['null', 'null', 'application/json'],
    ['an unknown action', { action: 'delete', reason: 'x' }, 'application/json'],
    ['an extra key', { action: 'unpublish', reason: 'Closed', state: 'live' }, 'application/json'],
    [
      'a snapshot smuggled in',
      { action: 'republish', snapshot: { center_name: 'Forged' } },
      'application/json',
    ],
    ['a reason that is not text', { action: 'unpublish', reason: 42 }, 'application/json'],
    [
      'a direction override in the reason',
      { action: 'unpublish', reason: 'Closed \u202etxet' },
      'application/json',
    ],
    [
      'a control character in the reason',
      { action: 'unpublish', reason: 'Closed\u0007' },
      'application/json',
    ],
    ['a 3000-character reason', { action: 'unpublish', reason: 'x'.repeat(3000) }, 'application/json'],
  ])('%s: 4xx, never 5xx, nothing written', async (_, payload, contentType) => {
    const before = { pub: await publicationRow(listingId), notes: await notificationCount(listingId) };
    const res = await decide(listingId, payload, adminToken, contentType);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const { error } = await body<ApiError>(res);
    expect(error.message.length).toBeGreaterThan(0);
    expect(await publicationRow(listingId)).toEqual(before.pub);
    expect(await notificationCount(listingId)).toBe(before.notes);
  });

  it('404 for an unknown id and for one that is not an id', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await decide(id, { action: 'unpublish', reason: 'Closed' });
      expect(res.status).toBe(404);
      expect((await body<ApiError>(res)).error.message).toBe(ADMIN_MESSAGES.listingNotFound);
    }
  });

  it('409 for a listing that was never published', async () => {
    const pending = await submit(other.token, { ...FULL, center_name: `Never Published ${suffix}` });
    for (const payload of [{ action: 'unpublish', reason: 'Closed' }, { action: 'republish' }]) {
      const res = await decide(pending, payload);
      expect(res.status).toBe(409);
      expect((await body<ApiError>(res)).error.message).toBe(ADMIN_MESSAGES.neverPublished);
    }
    expect(await publicationRow(pending)).toBeUndefined();
  });

  it('409 when republishing a live listing', async () => {
    const res = await decide(listingId, { action: 'republish' });
    expect(res.status).toBe(409);
    expect((await body<ApiError>(res)).error.message).toBe(ADMIN_MESSAGES.alreadyLive);
  });

  const REASON = 'The state license on file expired in October.';

  it('unpublishes with a reason: 200, unpublished, the reason kept; a second unpublish is 409', async () => {
    const res = await decide(listingId, { action: 'unpublish', reason: `  ${REASON}  ` });
    expect(res.status).toBe(200);
    const { listing } = await body<AdminListingResponse>(res);
    expect(listing.publication).toMatchObject({
      program_id: programId,
      state: 'unpublished',
      state_reason: REASON,
    });
    const [n] = await sql<{ kind: string; notes: string }[]>`
      select kind, notes from notifications where subject_id = ${listingId} and kind = 'listing_unpublished'`;
    expect(n).toEqual({ kind: 'listing_unpublished', notes: REASON });

    const again = await decide(listingId, { action: 'unpublish', reason: 'Again' });
    expect(again.status).toBe(409);
    expect((await body<ApiError>(again)).error.message).toBe(ADMIN_MESSAGES.notLive('unpublished'));
    expect(await publicationRow(listingId)).toMatchObject({ state: 'unpublished', state_reason: REASON });
  });

  it('the provider is e-mailed that the listing was unpublished, with the reason', async () => {
    await expect
      .poll(async () => (await outboxFor(owner.email)).find((m) => m.subject.includes('was unpublished')), {
        timeout: 10_000,
      })
      .toBeDefined();
    const mail = (await outboxFor(owner.email)).find((m) => m.subject.includes('was unpublished'));
    expect(mail?.subject).toBe(`Your listing ${EDITED_NAME} was unpublished`);
    expect(mail?.text).toContain(REASON);
    expect(mail?.html).toContain(REASON);
  });

  it('an unpublished program is gone for the API: no lookups, the build leaves it out', async () => {
    expect(await listedName(programId)).toBeUndefined();
    expect(await built(programId)).toBeUndefined();
    const res = await call('GET', '/api/admin/listings?status=published', adminToken);
    const { listings } = await body<AdminListingsResponse>(res);
    expect(listings.some((l) => l.id === listingId)).toBe(false);
  });

  it('POST /api/inquiries for it: 404 "no longer listed", nothing stored', async () => {
    forgetPublishedListings();
    const email = `parent-${randomUUID()}@example.com`;
    const res = await inquiries(
      jsonRequest('/api/inquiries', {
        program_id: programId,
        type: 'info',
        name: 'Alex Parent',
        email,
        message: 'Is there space in March?',
      }),
      ctx(),
    );
    expect(res.status).toBe(404);
    const { error } = await body<ApiError>(res);
    expect(error.message).toBe(MESSAGES.programNoLongerListed);
    expect(error.fields).toEqual({ program_id: MESSAGES.programNoLongerListed });
    expect(await sql`select 1 from provider_inquiries where lower(email) = lower(${email})`).toHaveLength(0);
  });

  it('PUT /api/favorites for it: 404 "no longer listed"; DELETE still removes it', async () => {
    forgetPublishedListings();
    const favorite = (method: string) =>
      favorites(
        new Request(`http://localhost/api/favorites/${programId}`, {
          method,
          headers: { authorization: `Bearer ${family.token}` },
        }),
        { ...ctx(), params: { programId } },
      );
    const put = await favorite('PUT');
    expect(put.status).toBe(404);
    expect((await body<ApiError>(put)).error.message).toBe(MESSAGES.programNoLongerListed);
    expect(
      await sql`select 1 from user_favorites where user_id = ${family.id} and program_id = ${programId}`,
    ).toHaveLength(0);
    expect((await favorite('DELETE')).status).toBe(204);
  });

  it('republishes: 200, live again, the reason cleared; the provider is told', async () => {
    const res = await decide(listingId, { action: 'republish' });
    expect(res.status).toBe(200);
    const { listing } = await body<AdminListingResponse>(res);
    expect(listing.publication).toMatchObject({ state: 'live', state_reason: null });
    expect(await listedName(programId)).toBe(EDITED_NAME);
    expect((await built(programId))?.center_name).toBe(EDITED_NAME);
    await expect
      .poll(
        async () => (await outboxFor(owner.email)).some((m) => m.subject.includes('is published again')),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
  });
});

const withdraw = (id: string, payload: unknown, token = owner.token) =>
  call('POST', `/api/provider/listings/${id}/publication`, token, payload);

describe('POST /api/provider/listings/:id/publication', () => {
  it("404 for another provider's listing (and an unknown one), nothing written", async () => {
    for (const id of [listingId, randomUUID(), 'not-an-id']) {
      const res = await withdraw(id, { action: 'withdraw' }, other.token);
      expect(res.status).toBe(404);
    }
    expect((await withdraw(listingId, { action: 'withdraw' }, '')).status).toBe(401);
    expect(await publicationRow(listingId)).toMatchObject({ state: 'live' });
  });

  it.each([
    ['no action', {}],
    ['an administrator action', { action: 'unpublish', reason: 'x' }],
    ['republish', { action: 'republish' }],
    ['an extra key', { action: 'withdraw', state: 'live' }],
    ['a reason that is not text', { action: 'withdraw', reason: ['x'] }],
    ['a direction override in the reason', { action: 'withdraw', reason: 'Closing \u202e' }],
    ['a 3000-character reason', { action: 'withdraw', reason: 'x'.repeat(3000) }],
    ['not an object', 'withdraw'],
  ])('400 for %s, nothing written', async (_, payload) => {
    const before = await notificationCount(listingId);
    const res = await withdraw(listingId, typeof payload === 'string' ? JSON.stringify(payload) : payload);
    expect(res.status).toBe(400);
    expect((await body<ApiError>(res)).error.message.length).toBeGreaterThan(0);
    expect(await publicationRow(listingId)).toMatchObject({ state: 'live' });
    expect(await notificationCount(listingId)).toBe(before);
  });

  it('409 for its own listing that was never published', async () => {
    const pending = await submit(owner.token, { ...FULL, center_name: `Second Listing ${suffix}` });
    const res = await withdraw(pending, { action: 'withdraw' });
    expect(res.status).toBe(409);
    expect((await body<ApiError>(res)).error.message).toBe(WITHDRAW_MESSAGES.notLive);
  });

  it('withdraws its own live listing: 200, withdrawn, the program gone; a second withdrawal is 409', async () => {
    const res = await withdraw(listingId, { action: 'withdraw', reason: 'Closing for renovation' });
    expect(res.status).toBe(200);
    const { listing } = await body<ListingResponse>(res);
    expect(listing.id).toBe(listingId);
    expect(listing.publication).toMatchObject({
      program_id: programId,
      state: 'withdrawn',
      state_reason: 'Closing for renovation',
    });
    const [row] = await sql<{ state_changed_by: string; provider_id: string }[]>`
      select state_changed_by, provider_id from listing_publications where listing_id = ${listingId}`;
    expect(row).toEqual({ state_changed_by: owner.id, provider_id: ownerProvider });
    expect(await listedName(programId)).toBeUndefined();
    expect(await built(programId)).toBeUndefined();

    const again = await withdraw(listingId, { action: 'withdraw' });
    expect(again.status).toBe(409);
    expect((await body<ApiError>(again)).error.message).toBe(WITHDRAW_MESSAGES.notLive);
    await expect
      .poll(async () => (await outboxFor(owner.email)).some((m) => m.subject.includes('was withdrawn')), {
        timeout: 10_000,
      })
      .toBe(true);
  });
});
