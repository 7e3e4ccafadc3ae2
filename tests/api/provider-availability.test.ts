/**
 * PUT /api/provider/listings/:id/availability against the local backend: no token, another
 * provider, a user with no profile, bad bodies; the upsert and "Still accurate" moving the date
 * forward; the listing's status untouched; a rebuild requested for an approved listing only, and
 * coalesced (one build under way; the others wait for it); the availability in
 * GET /api/provider/listings and GET /api/provider/dashboard.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import availability, { config } from '../../netlify/functions/provider-availability.mts';
import dashboard from '../../netlify/functions/provider-dashboard.mts';
import listings from '../../netlify/functions/provider-listings.mts';
import providers from '../../netlify/functions/providers.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { resetEnvForTests } from '../../netlify/functions/_shared/env.ts';
import { AVAILABILITY_MESSAGES, PROVIDER_MESSAGES } from '../../src/lib/provider-schemas.ts';
import {
  REQUIRED_HEADERS,
  adminSql,
  body,
  confirmedUser,
  ctx,
  jsonRequest,
  type ApiError,
  type TestUser,
} from './helpers.ts';
import type { AvailabilityResponse, ListingsResponse } from '../../src/api/contracts/listings.ts';
import type { DashboardResponse, ProviderResponse } from '../../src/api/contracts/providers.ts';

const sql = adminSql();

// A build hook that records its calls (what Netlify's would receive).
const hookCalls: string[] = [];
const hook = http.createServer((req, res) => {
  hookCalls.push(req.url ?? '');
  res.writeHead(200).end('{}');
});

const PATTERN = new URLPattern({ pathname: String(config.path) });

/** Calls the handler the way the router does: `context.params` from `config.path`. */
function put(listingId: string, token?: string, payload?: unknown, method = 'PUT'): Promise<Response> {
  const url = `http://localhost/api/provider/listings/${encodeURIComponent(listingId)}/availability`;
  const match = PATTERN.exec(url);
  if (!match) throw new Error(`not routed: ${url}`);
  const params = { id: match.pathname.groups['id'] ?? '' };
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return availability(
    new Request(url, {
      method,
      headers,
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    }),
    { ...ctx(), params },
  );
}

async function register(user: TestUser, label: string): Promise<string> {
  const res = await providers(
    jsonRequest(
      '/api/providers',
      { organization_name: `${label} House`, contact_name: label, email: user.email },
      { headers: { authorization: `Bearer ${user.token}` } },
    ),
    ctx(),
  );
  expect(res.status).toBe(201);
  return (await body<ProviderResponse>(res)).provider.id;
}

async function newListing(providerId: string, status: string, name: string): Promise<string> {
  // Complete, with a program id: an approved listing must be publishable (migration 20261125000300).
  const [row] = await sql<{ id: string }[]>`
    insert into provider_listings (provider_id, center_name, description, phone, status, address, city, state,
      zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance, published_program_id)
    values (${providerId}, ${name}, 'Residential ERP.', '555-010-0100', ${status}, '1 Main St', 'Belmont', 'MA',
      '02478', ${['Adults']}, 'Co-ed', 'Residential', '30 days', ${['ERP']}, ${['Private Pay']},
      ${`avail-${randomUUID()}`}) returning id`;
  return row?.id ?? '';
}

/** The newest rebuild generation requested (0: none). */
async function generation(): Promise<number> {
  const [row] = await sql<
    { g: string }[]
  >`select coalesce(max(generation), 0)::text as g from pending_rebuild`;
  return Number(row?.g);
}

const stored = async (listingId: string) =>
  (
    await sql<{ status: string; wait_weeks: number | null; confirmed_at: Date }[]>`
      select status, wait_weeks, confirmed_at from listing_availability where listing_id = ${listingId}`
  )[0];

/** Dates a listing's availability `days` ago (with triggers off for this transaction: the trigger would date it now). */
async function ageAvailability(listingId: string, days: number): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await tx`update listing_availability set confirmed_at = now() - make_interval(days => ${days})
             where listing_id = ${listingId}`;
  });
}

let owner: TestUser;
let other: TestUser;
let nobody: TestUser;
let ownerProvider = '';
let pending = '';
let approved = '';
let theirs = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  process.env['BUILD_HOOK_URL'] = `http://127.0.0.1:${String((hook.address() as AddressInfo).port)}/hook`;
  resetEnvForTests();
  [owner, other, nobody] = await Promise.all([
    confirmedUser('avail-owner', 'avail-pass-1'),
    confirmedUser('avail-other', 'avail-pass-1'),
    confirmedUser('avail-nobody', 'avail-pass-1'),
  ]);
  ownerProvider = await register(owner, 'Owner');
  const otherProvider = await register(other, 'Other');
  pending = await newListing(ownerProvider, 'pending', 'Owner Pending');
  approved = await newListing(ownerProvider, 'approved', 'Owner Approved');
  theirs = await newListing(otherProvider, 'approved', 'Other Approved');
});
afterAll(async () => {
  delete process.env['BUILD_HOOK_URL'];
  resetEnvForTests();
  hook.close();
  await sql.end();
  await closeDb();
});
beforeEach(async () => {
  hookCalls.length = 0;
  // No build under way and none recently: the next request may start one.
  await sql`delete from pending_rebuild`;
});

describe('PUT /api/provider/listings/:id/availability', () => {
  it('401 without a token, nothing stored', async () => {
    const res = await put(pending, undefined, { status: 'open' });
    expect(res.status).toBe(401);
    expect((await body<ApiError>(res)).error.code).toBe('unauthorized');
    expect(await stored(pending)).toBeUndefined();
  });

  it("404 for another provider's listing, an unknown or malformed id, and without a profile", async () => {
    for (const [id, token] of [
      [theirs, owner.token],
      [randomUUID(), owner.token],
      ['not-a-uuid', owner.token],
      [pending, other.token],
      [pending, nobody.token],
    ] as const) {
      const res = await put(id, token, { status: 'open' });
      expect(res.status, id).toBe(404);
      expect((await body<ApiError>(res)).error).toEqual({
        code: 'not_found',
        message: PROVIDER_MESSAGES.listingNotFound,
      });
    }
    expect(await stored(theirs)).toBeUndefined();
    expect(await stored(pending)).toBeUndefined();
    expect(hookCalls).toEqual([]);
  });

  it.each([
    [
      'wait weeks with "open"',
      { status: 'open', wait_weeks: 3 },
      'wait_weeks',
      AVAILABILITY_MESSAGES.waitWeeksOnlyWaitlist,
    ],
    [
      'wait weeks with "not-admitting"',
      { status: 'not-admitting', wait_weeks: 2 },
      'wait_weeks',
      AVAILABILITY_MESSAGES.waitWeeksOnlyWaitlist,
    ],
    ['0 weeks', { status: 'waitlist', wait_weeks: 0 }, 'wait_weeks', AVAILABILITY_MESSAGES.waitWeeks],
    ['105 weeks', { status: 'waitlist', wait_weeks: 105 }, 'wait_weeks', AVAILABILITY_MESSAGES.waitWeeks],
    ['2.5 weeks', { status: 'waitlist', wait_weeks: 2.5 }, 'wait_weeks', AVAILABILITY_MESSAGES.waitWeeks],
    ['weeks as text', { status: 'waitlist', wait_weeks: '3' }, 'wait_weeks', AVAILABILITY_MESSAGES.waitWeeks],
    ['an unknown status', { status: 'full' }, 'status', AVAILABILITY_MESSAGES.status],
    ['no status', {}, 'status', AVAILABILITY_MESSAGES.status],
    ['a confirmed_at (set by the database)', { status: 'open', confirmed_at: '2020-01-01' }, '_', null],
  ])('400 for %s, nothing stored', async (_label, payload, field, message) => {
    const res = await put(pending, owner.token, payload);
    expect(res.status).toBe(400);
    const { error } = await body<ApiError>(res);
    expect(error.code).toBe('invalid_input');
    expect(Object.keys(error.fields ?? {})).toContain(field);
    if (message) {
      expect(error.message).toBe(message);
      expect(error.fields?.[field]).toBe(message);
    }
    expect(await stored(pending)).toBeUndefined();
  });

  it('405 for another method', async () => {
    const res = await put(pending, owner.token, undefined, 'GET');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('PUT');
  });

  it('stores a wait list, then "Still accurate" moves the date forward and keeps the rest', async () => {
    const res = await put(pending, owner.token, { status: 'waitlist', wait_weeks: 3 });
    expect(res.status).toBe(200);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    const first = (await body<AvailabilityResponse>(res)).availability;
    expect(first).toMatchObject({ status: 'waitlist', wait_weeks: 3 });
    expect(Math.abs(Date.parse(first.confirmed_at) - Date.now())).toBeLessThan(60_000);

    // Pretend the last confirmation was 40 days ago.
    await ageAvailability(pending, 40);
    const old = await stored(pending);
    expect(Date.now() - (old?.confirmed_at.getTime() ?? 0)).toBeGreaterThan(39 * 86_400_000);

    const again = await put(pending, owner.token, { status: 'waitlist', wait_weeks: 3 });
    expect(again.status).toBe(200);
    const second = (await body<AvailabilityResponse>(again)).availability;
    expect(second).toMatchObject({ status: 'waitlist', wait_weeks: 3 });
    expect(Date.parse(second.confirmed_at)).toBeGreaterThan(old?.confirmed_at.getTime() ?? Infinity);
    expect(Math.abs(Date.parse(second.confirmed_at) - Date.now())).toBeLessThan(60_000);
    const row = await stored(pending);
    expect(row).toMatchObject({ status: 'waitlist', wait_weeks: 3 });
    expect(Number(row?.confirmed_at.getTime())).toBe(Date.parse(second.confirmed_at));
  });

  it('a change of status clears the wait; the listing itself stays as it was (no new review)', async () => {
    const [before] =
      await sql`select status, submitted_at, updated_at from provider_listings where id = ${pending}`;
    const res = await put(pending, owner.token, { status: 'open', wait_weeks: null });
    expect(res.status).toBe(200);
    expect((await body<AvailabilityResponse>(res)).availability).toMatchObject({
      status: 'open',
      wait_weeks: null,
    });
    const [after] =
      await sql`select status, submitted_at, updated_at from provider_listings where id = ${pending}`;
    expect(after).toEqual(before);
    // Not published: no rebuild.
    expect(hookCalls).toEqual([]);
    expect(await generation()).toBe(0);
  });

  it('an approved listing stays approved and the site is rebuilt when what it shows changes', async () => {
    const [before] = await sql`
      select status, submitted_at, reviewed_at, updated_at from provider_listings where id = ${approved}`;
    const res = await put(approved, owner.token, { status: 'not-admitting' });
    expect(res.status).toBe(200);
    expect(await generation()).toBe(1);
    expect(hookCalls).toEqual([`/hook?trigger_title=availability+changed+%5Bpublishing+1%5D`]);
    // The same state again the same day: dated again, but the pages would not change.
    const again = await put(approved, owner.token, { status: 'not-admitting' });
    expect(again.status).toBe(200);
    expect(await generation()).toBe(1);
    // "Still accurate" on an old confirmation: the date on the pages moves, so a rebuild request
    // (published by the next build: one is under way).
    await ageAvailability(approved, 40);
    const still = await put(approved, owner.token, { status: 'not-admitting' });
    expect(still.status).toBe(200);
    expect(await generation()).toBe(2);
    // A change of state: another request, in the same next build.
    const changed = await put(approved, owner.token, { status: 'waitlist', wait_weeks: 2 });
    expect(changed.status).toBe(200);
    expect(await generation()).toBe(3);
    expect(hookCalls).toHaveLength(1);
    await put(approved, owner.token, { status: 'not-admitting' });
    const [after] = await sql`
      select status, submitted_at, reviewed_at, updated_at from provider_listings where id = ${approved}`;
    expect(after).toEqual(before);
    expect(after?.['status']).toBe('approved');
  });

  it('the availability is in GET /api/provider/listings and the dashboard, null where never stated', async () => {
    const fresh = await newListing(ownerProvider, 'pending', 'Owner Fresh');
    const res = await listings(
      new Request('http://localhost/api/provider/listings', {
        headers: { authorization: `Bearer ${owner.token}` },
      }),
      ctx(),
    );
    expect(res.status).toBe(200);
    const data = await body<ListingsResponse>(res);
    const byId = new Map(data.listings.map((l) => [l.id, l]));
    expect(byId.get(fresh)?.availability).toBeNull();
    expect(byId.get(pending)?.availability).toMatchObject({ status: 'open', wait_weeks: null });
    expect(byId.get(approved)?.availability).toMatchObject({ status: 'not-admitting', wait_weeks: null });
    expect(Date.parse(byId.get(approved)?.availability?.confirmed_at ?? '')).toBeGreaterThan(
      Date.now() - 60_000,
    );
    const dash = await dashboard(
      new Request('http://localhost/api/provider/dashboard', {
        headers: { authorization: `Bearer ${owner.token}` },
      }),
      ctx(),
    );
    expect((await body<DashboardResponse>(dash)).listings).toEqual(data.listings);
  });
});
