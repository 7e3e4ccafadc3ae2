/**
 * Publishing approved listings (issue 8): an approval is refused while the listing could not be a
 * directory program; once approved, the program is real for the API (engagement, favourites,
 * inquiries to its provider) before its page is built; the build reads exactly the approved
 * listings of real providers; its uploaded logo is public; the drain calls the build hook on
 * publish and on unpublish.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import listingsAdmin from '../../netlify/functions/admin-listings.mts';
import engagement from '../../netlify/functions/engagement.mts';
import favorites from '../../netlify/functions/favorites.mts';
import inquiries from '../../netlify/functions/inquiries.mts';
import programLogos from '../../netlify/functions/program-logos.mts';
import providers, { type ProviderResponse } from '../../netlify/functions/providers.mts';
import uploads, { type UploadResponse } from '../../netlify/functions/provider-uploads.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { drainNotifications } from '../../netlify/functions/_shared/notifications.ts';
import { forgetPublishedListings } from '../../netlify/functions/_shared/programs.ts';
import { readPublishedListings } from '../../src/lib/content/listing-loader.ts';
import { PUBLISHING_MESSAGES } from '../../src/lib/published-listing.ts';
import { TEST_PROGRAM_LABEL } from '../../src/lib/vocabulary.ts';
import { uniqueIp } from './fuzz.ts';
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
} from './helpers.ts';

process.env['NETLIFY_BLOBS_CONTEXT'] ??= inject('blobsContext');

const sql = adminSql();
let adminToken = '';
let owner: TestUser;
let provider = '';
let family: TestUser;

// A build hook that records its calls (what Netlify's would receive) and answers `hookStatus`.
const hookCalls: string[] = [];
let hookStatus = 200;
const hook = http.createServer((req, res) => {
  hookCalls.push(req.url ?? '');
  res.writeHead(hookStatus).end('{}');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  process.env['BUILD_HOOK_URL'] = `http://127.0.0.1:${String((hook.address() as AddressInfo).port)}/hook`;
  adminToken = await signIn(SEED.admin.email, SEED.admin.password);
  owner = await confirmedUser('publish-owner', 'publish-pass-1');
  family = await confirmedUser('publish-family', 'publish-pass-1');
  const res = await providers(
    jsonRequest(
      '/api/providers',
      { organization_name: 'Publishing Org', contact_name: 'Pat', email: owner.email },
      { headers: { authorization: `Bearer ${owner.token}` } },
    ),
    ctx(),
  );
  expect(res.status).toBe(201);
  provider = (await body<ProviderResponse>(res)).provider.id;
});
afterAll(async () => {
  delete process.env['BUILD_HOOK_URL'];
  hook.close();
  await sql.end();
  await closeDb();
});

const COMPLETE = {
  description: 'Residential ERP.\n\n<script>alert(1)</script>',
  phone: '617-555-0100',
  address: '1 Main Street',
  city: 'Belmont',
  state: 'MA',
  zip_code: '02478',
  gender_specific: 'Co-ed',
  setting: 'Residential',
  avg_length: '45-60 days',
};

async function pendingListing(name: string, fields: Partial<typeof COMPLETE> = {}): Promise<string> {
  const f = { ...COMPLETE, ...fields };
  const [row] = await sql<{ id: string }[]>`
    insert into provider_listings (provider_id, center_name, description, phone, status, address, city, state,
      zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance)
    values (${provider}, ${name}, ${f.description}, ${f.phone}, 'pending', ${f.address}, ${f.city}, ${f.state},
      ${f.zip_code}, ${['Adults']}, ${f.gender_specific}, ${f.setting}, ${f.avg_length}, ${['ERP']},
      ${['Private Pay']}) returning id`;
  return row?.id ?? '';
}

function decide(id: string, payload: unknown): Promise<Response> {
  const req = new Request(`http://localhost/api/admin/listings/${id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return listingsAdmin(req, { ...ctx(), params: { id } });
}

const track = (programId: string) =>
  engagement(
    jsonRequest('/api/engagement', { events: [{ program_id: programId, event_type: 'view' }] }),
    ctx(),
  );

const save = (programId: string) =>
  favorites(
    new Request(`http://localhost/api/favorites/${programId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${family.token}` },
    }),
    { ...ctx(), params: { programId } },
  );

describe('approval', () => {
  it('is refused (409) while the listing lacks what a program needs; it stays pending, nobody is mailed', async () => {
    const id = await pendingListing(`Incomplete ${randomUUID()}`, { city: '', zip_code: '' });
    const res = await decide(id, { status: 'approved' });
    expect(res.status).toBe(409);
    const { error } = await body<ApiError>(res);
    expect(error.fields).toEqual({ city: PUBLISHING_MESSAGES.city, zip_code: PUBLISHING_MESSAGES.zip_code });
    expect(error.message).toContain(PUBLISHING_MESSAGES.summary);
    const [row] = await sql<{ status: string }[]>`select status from provider_listings where id = ${id}`;
    expect(row?.status).toBe('pending');
    expect(await sql`select 1 from notifications where subject_id = ${id}`).toHaveLength(0);
  });
});

describe('an approved listing is a program', () => {
  const name = `Harbor Publish ${randomUUID().slice(0, 8)}`;
  let id = '';
  let programId = '';

  beforeAll(async () => {
    id = await pendingListing(name);
  });

  it('is unknown to the API before approval, known from the approval on', async () => {
    const chosen = `harbor-${randomUUID().slice(0, 8)}`;
    forgetPublishedListings();
    expect((await track(chosen)).status).toBe(400);
    expect((await save(chosen)).status).toBe(404);
    hookCalls.length = 0;
    const res = await decide(id, { status: 'approved', published_program_id: chosen });
    expect(res.status).toBe(200);
    programId = (await body<{ listing: { published_program_id: string } }>(res)).listing.published_program_id;
    expect(programId).toBe(chosen);
    // The endpoint drained the outbox right after the decision: the approval reached the build hook.
    expect(hookCalls.some((url) => url.startsWith('/hook?trigger_title='))).toBe(true);
  });

  it('accepts engagement, favourites and inquiries, which go to the provider', async () => {
    expect((await track(programId)).status).toBe(202);
    expect((await save(programId)).status).toBe(204);
    const [fav] = await sql<{ program_name: string }[]>`
      select program_name from user_favorites where user_id = ${family.id} and program_id = ${programId}`;
    expect(fav?.program_name).toBe(name);
    const email = `parent-${randomUUID()}@example.com`;
    const res = await inquiries(
      jsonRequest('/api/inquiries', {
        program_id: programId,
        type: 'info',
        name: 'Alex Parent',
        email,
        message: 'Space in March?',
      }),
      ctx(uniqueIp()),
    );
    expect(res.status).toBe(201);
    const [row] = await sql<{ provider_id: string | null; program_name: string }[]>`
      select provider_id, program_name from provider_inquiries where lower(email) = lower(${email})`;
    expect(row).toEqual({ provider_id: provider, program_name: name });
    await expect
      .poll(async () => (await outboxFor(owner.email)).some((m) => m.text.includes('Space in March?')))
      .toBe(true);
  });

  it('is read by the build with the provider text as it is; pending, rejected and test providers are not', async () => {
    const pending = await pendingListing(`Still Pending ${randomUUID().slice(0, 8)}`);
    const [testProvider] = await sql<{ id: string }[]>`
      insert into providers (user_id, organization_name, contact_name, email)
      values (${family.id}, ${TEST_PROGRAM_LABEL}, 'Test Contact', ${family.email}) returning id`;
    const [testListing] = await sql<{ id: string }[]>`
      insert into provider_listings (provider_id, center_name, description, phone, status, address, city, state,
        zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance, published_program_id)
      values (${testProvider?.id ?? ''}, 'Test Listing', 'x', '6175550100', 'pending', '1 Main', 'Belmont', 'MA',
        '02478', ${['Adults']}, 'Co-ed', 'Residential', '30 days', ${['ERP']}, ${['Private Pay']},
        ${`test-${randomUUID().slice(0, 8)}`}) returning id`;
    await sql`update provider_listings set status = 'approved' where id = ${testListing?.id ?? ''}`;
    try {
      const listed = await readPublishedListings(process.env['DATABASE_URL'] ?? '');
      const mine = listed.find((l) => l.published_program_id === programId);
      expect(mine).toMatchObject({
        center_name: name,
        description: COMPLETE.description,
        provider_verified: false,
      });
      expect(listed.some((l) => l.center_name.startsWith('Still Pending'))).toBe(false);
      expect(listed.some((l) => l.center_name === 'Test Listing')).toBe(false);
      expect(pending).not.toBe('');
    } finally {
      await sql`delete from providers where id = ${testProvider?.id ?? ''}`;
    }
  });

  it('the drain calls the build hook again when the program is taken down', async () => {
    hookCalls.length = 0;
    // Unpublished the way Studio would: a plain update.
    await sql`update provider_listings set status = 'rejected', reviewer_notes = 'Closed for now' where id = ${id}`;
    await drainNotifications();
    expect(hookCalls.length).toBeGreaterThan(0);
    forgetPublishedListings();
    expect((await track(programId)).status).toBe(400);
  });
});

describe('the build reads what families choose by', () => {
  it('availability with its confirmation day and the median reply time of real requests', async () => {
    const id = await pendingListing(`Reply House ${randomUUID().slice(0, 8)}`);
    const programId = `reply-${randomUUID().slice(0, 8)}`;
    expect((await decide(id, { status: 'approved', published_program_id: programId })).status).toBe(200);
    await sql`insert into listing_availability (listing_id, status, wait_weeks) values (${id}, 'waitlist', 3)`;
    // Answered after 1, 2, 3, 4 and 5 hours; one unanswered; one test request answered after 100 hours.
    for (const hours of [1, 2, 3, 4, 5]) {
      await sql`
        insert into provider_inquiries (program_id, type, name, email, message, program_name, created_at, first_status_change_at)
        values (${programId}, 'info', 'Alex', ${`r-${randomUUID()}@example.com`}, 'Hi', 'Reply House',
                now() - interval '2 days', now() - interval '2 days' + make_interval(hours => ${hours}))`;
    }
    await sql`
      insert into provider_inquiries (program_id, type, name, email, message, program_name, created_at)
      values (${programId}, 'info', 'Alex', ${`r-${randomUUID()}@example.com`}, 'Hi', 'Reply House', now() - interval '1 day')`;
    await sql`
      insert into provider_inquiries (program_id, type, name, email, message, program_name, created_at, first_status_change_at)
      values (${programId}, 'info', 'Test', ${`r-${randomUUID()}@example.com`}, 'Hi', ${TEST_PROGRAM_LABEL},
              now() - interval '5 days', now() - interval '1 day')`;
    const listed = await readPublishedListings(process.env['DATABASE_URL'] ?? '');
    const mine = listed.find((l) => l.published_program_id === programId);
    expect(mine?.availability_status).toBe('waitlist');
    expect(mine?.availability_wait_weeks).toBe(3);
    expect(mine?.availability_confirmed_at).toBeInstanceOf(Date);
    expect(mine?.reply_hours).toBeCloseTo(3, 5);
  });
});

describe('verification of a provider with a published program', () => {
  it('calls the build hook (the Verified badge is on its pages); without a published program it does not', async () => {
    const id = await pendingListing(`Badge House ${randomUUID().slice(0, 8)}`);
    expect(
      (await decide(id, { status: 'approved', published_program_id: `badge-${randomUUID().slice(0, 8)}` }))
        .status,
    ).toBe(200);
    const [request] = await sql<{ id: string }[]>`
      insert into provider_verification_requests (provider_id, documents_submitted)
      values (${provider}, ${['State licence']}) returning id`;
    hookCalls.length = 0;
    await sql`update provider_verification_requests set status = 'approved' where id = ${request?.id ?? ''}`;
    await drainNotifications();
    expect(hookCalls.length).toBeGreaterThan(0);

    const other = await confirmedUser('publish-unlisted', 'publish-pass-1');
    const res = await providers(
      jsonRequest(
        '/api/providers',
        { organization_name: 'Unlisted Org', contact_name: 'Sam', email: other.email },
        { headers: { authorization: `Bearer ${other.token}` } },
      ),
      ctx(),
    );
    const otherProvider = (await body<ProviderResponse>(res)).provider.id;
    const [second] = await sql<{ id: string }[]>`
      insert into provider_verification_requests (provider_id, documents_submitted)
      values (${otherProvider}, ${['State licence']}) returning id`;
    await drainNotifications();
    hookCalls.length = 0;
    await sql`update provider_verification_requests set status = 'approved' where id = ${second?.id ?? ''}`;
    const drained = await drainNotifications();
    expect(drained.claimed).toBeGreaterThan(0);
    expect(drained.rebuild).toBe(null);
    expect(hookCalls).toEqual([]);
  });
});

describe('a build hook that fails', () => {
  it('keeps the rebuild for the next drains, which call the hook again until it accepts', async () => {
    const id = await pendingListing(`Retry House ${randomUUID().slice(0, 8)}`);
    hookStatus = 503;
    hookCalls.length = 0;
    try {
      // The decision drains at once: the approval's e-mail goes out, the hook answers 503.
      const programId = `retry-${randomUUID().slice(0, 8)}`;
      expect((await decide(id, { status: 'approved', published_program_id: programId })).status).toBe(200);
      expect(hookCalls).toHaveLength(1);
      const [kept] = await sql<{ attempts: number; last_error: string }[]>`
        select attempts, last_error from pending_rebuild`;
      expect(kept).toEqual({ attempts: 1, last_error: 'Build hook answered HTTP 503' });
      // A later drain with nothing new to send asks again.
      expect((await drainNotifications()).rebuild).toBe('failed');
      expect(hookCalls).toHaveLength(2);
      hookStatus = 200;
      const drained = await drainNotifications();
      expect(drained).toMatchObject({ claimed: 0, rebuild: 'triggered' });
      expect(hookCalls).toHaveLength(3);
      expect(hookCalls[2]).toContain('trigger_title=directory+listings+changed');
      expect(await sql`select 1 from pending_rebuild`).toHaveLength(0);
      // Done: the next drain has nothing to ask for.
      expect((await drainNotifications()).rebuild).toBeNull();
      expect(hookCalls).toHaveLength(3);
    } finally {
      hookStatus = 200;
      await sql`delete from pending_rebuild`;
    }
  });
});

describe('GET /api/program-logos/:programId', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  const logo = (programId: string, method = 'GET') =>
    programLogos(new Request(`http://localhost/api/program-logos/${programId}`, { method }), {
      ...ctx(),
      params: { programId },
    });

  async function upload(): Promise<string> {
    const data = new FormData();
    data.append('kind', 'logo');
    data.append('file', new File([PNG], 'logo.png', { type: 'image/png' }));
    const res = await uploads(
      new Request('http://localhost/api/provider/uploads', {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}` },
        body: data,
      }),
      ctx(),
    );
    expect(res.status).toBe(201);
    return (await body<UploadResponse>(res)).upload.url;
  }

  it('serves the logo of an approved listing to anyone, and nothing else', async () => {
    const url = await upload();
    const id = await pendingListing(`Logo House ${randomUUID().slice(0, 8)}`);
    await sql`update provider_listings set logo_url = ${url} where id = ${id}`;
    const programId = `logo-${randomUUID().slice(0, 8)}`;
    expect((await logo(programId)).status).toBe(404);
    expect((await decide(id, { status: 'approved', published_program_id: programId })).status).toBe(200);

    const res = await logo(programId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    // Minutes, not an hour: a taken-down listing's logo must not stay in caches (then revalidated).
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await programLogos(
      new Request(`http://localhost/api/program-logos/${programId}`, { headers: { 'if-none-match': etag } }),
      { ...ctx(), params: { programId } },
    );
    expect(again.status).toBe(304);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);

    // Taken down: no longer public.
    await sql`update provider_listings set status = 'rejected', reviewer_notes = 'Paused' where id = ${id}`;
    expect((await logo(programId)).status).toBe(404);
  });

  it('404 for an unknown or malformed id; 405 for other methods', async () => {
    expect((await logo('no-such-program')).status).toBe(404);
    expect((await logo('Not_An_Id')).status).toBe(404);
    expect((await logo('mclean', 'DELETE')).status).toBe(405);
  });
});
