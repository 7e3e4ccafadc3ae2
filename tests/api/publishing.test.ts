/**
 * Publishing approved listings (docs/product-rules.md#publishing): an approval is refused while the listing could not be a
 * directory program; once approved, the program is real for the API (engagement, favourites,
 * inquiries to its provider) before its page is built; the build reads exactly the approved
 * listings of real providers; its uploaded logo is public; the drain calls the build hook on
 * publish and on unpublish.
 *
 * Publishing that cannot silently fail (migration 20261125000300): the database refuses an
 * approval the build could not publish (409 with the reason); a decision is published only once a
 * build containing it succeeded (a failed build is retried after its backoff, and /admin says so);
 * twelve availability changes start one build, and the next one after the interval.
 *
 * The fake build hook below answers like Netlify's; each test starts from a clean publishing state
 * and reports the outcome of the builds it starts (`buildEnds`), as Netlify's deploy events do.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import listingsAdmin from '../../netlify/functions/admin-listings.mts';
import adminOverview from '../../netlify/functions/admin-overview.mts';
import availability from '../../netlify/functions/provider-availability.mts';
import publishingEvents from '../../netlify/functions/publishing-events.mts';
import engagement from '../../netlify/functions/engagement.mts';
import favorites from '../../netlify/functions/favorites.mts';
import inquiries from '../../netlify/functions/inquiries.mts';
import programLogos from '../../netlify/functions/program-logos.mts';
import providers from '../../netlify/functions/providers.mts';
import uploads from '../../netlify/functions/provider-uploads.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { resetEnvForTests } from '../../netlify/functions/_shared/env.ts';
import { drainNotifications } from '../../netlify/functions/_shared/notifications.ts';
import { forgetPublishedListings } from '../../netlify/functions/_shared/programs.ts';
import { generationOf, recordBuildOutcome } from '../../netlify/functions/_shared/publishing.ts';
import { publishingView } from '../../src/features/admin/rules.ts';
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
  withSeenRevision,
} from './helpers.ts';
import type { AdminOverview } from '../../src/api/contracts/admin.ts';
import type { ProviderResponse, UploadResponse } from '../../src/api/contracts/providers.ts';

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

/** The generation a hook call asked for (`trigger_title` ends with `[publishing <n>]`). */
function generationOfCall(url: string | undefined): number {
  const generation = generationOf(new URL(url ?? '/', 'http://hook').searchParams.get('trigger_title'));
  if (generation === null) throw new Error(`no generation in ${String(url)}`);
  return generation;
}

/** The build the last hook call started ends, reported as the deploy events report it. */
async function buildEnds(ok: boolean, error = 'astro build exited 1'): Promise<void> {
  await recordBuildOutcome({ generation: generationOfCall(hookCalls.at(-1)), ok, error });
}

/** Builds may start back to back (0), or at most once per `seconds`. */
function buildInterval(seconds: number): void {
  process.env['REBUILD_MIN_INTERVAL_SECONDS'] = String(seconds);
  resetEnvForTests();
}

beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  process.env['BUILD_HOOK_URL'] = `http://127.0.0.1:${String((hook.address() as AddressInfo).port)}/hook`;
  buildInterval(0);
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
// A clean publishing state: no build under way, no failure, nothing waiting.
beforeEach(async () => {
  await sql`delete from pending_rebuild`;
  hookCalls.length = 0;
  hookStatus = 200;
});
afterAll(async () => {
  delete process.env['BUILD_HOOK_URL'];
  delete process.env['REBUILD_MIN_INTERVAL_SECONDS'];
  resetEnvForTests();
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

/** The admin's decision on `id`, made on the revision the list shows (unless `payload` names one). */
async function decide(id: string, payload: unknown): Promise<Response> {
  const path = `/api/admin/listings/${id}`;
  const req = new Request(`http://localhost${path}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(await withSeenRevision(sql, path, payload)),
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
    // A number in the provider's contact settings is never shown as the program's (one admissions
    // phone per program, src/lib/admissions-phone.ts).
    await sql`update providers set inquiry_phone = '(555) 010-0177' where id = ${provider}`;
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
    // The family's confirmation offers the phone the program's profile shows: its published listing's.
    await expect.poll(async () => (await outboxFor(email)).length).toBe(1);
    const [confirmation] = await outboxFor(email);
    expect(confirmation?.text).toContain('call ' + name + ' at (617) 555-0100.');
    expect(confirmation?.text).not.toContain('010-0177');
    await sql`update providers set inquiry_phone = null where id = ${provider}`;
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
    // Unpublished the way Studio would: a plain update of the published version's state.
    await sql`update listing_publications set state = 'unpublished', state_reason = 'Closed for now' where listing_id = ${id}`;
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
      values (${provider}, ${['State license']}) returning id`;
    await buildEnds(true);
    hookCalls.length = 0;
    await sql`update provider_verification_requests set status = 'approved' where id = ${request?.id ?? ''}`;
    await drainNotifications();
    expect(hookCalls.length).toBeGreaterThan(0);
    await buildEnds(true);

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
      values (${otherProvider}, ${['State license']}) returning id`;
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
  it('keeps the rebuild for the next drains, which call the hook again (after a minute) until it accepts', async () => {
    const id = await pendingListing(`Retry House ${randomUUID().slice(0, 8)}`);
    hookStatus = 503;
    // The decision drains at once: the approval's e-mail goes out, the hook answers 503.
    const programId = `retry-${randomUUID().slice(0, 8)}`;
    expect((await decide(id, { status: 'approved', published_program_id: programId })).status).toBe(200);
    expect(hookCalls).toHaveLength(1);
    const [kept] = await sql<{ attempts: number; last_error: string }[]>`
      select attempts, last_error from pending_rebuild`;
    expect(kept).toEqual({ attempts: 1, last_error: 'Build hook answered HTTP 503' });
    // Not in a tight loop: asked again a minute later.
    expect((await drainNotifications()).rebuild).toBe('waiting');
    await sql`update pending_rebuild set retry_at = now()`;
    expect((await drainNotifications()).rebuild).toBe('failed');
    expect(hookCalls).toHaveLength(2);
    hookStatus = 200;
    await sql`update pending_rebuild set retry_at = now()`;
    const drained = await drainNotifications();
    expect(drained).toMatchObject({ rebuild: 'triggered' });
    expect(hookCalls).toHaveLength(3);
    expect(hookCalls[2]).toMatch(/trigger_title=directory\+listings\+changed\+%5Bpublishing\+\d+%5D$/);
    // Accepted is not published: it stays pending until the build succeeded.
    expect((await drainNotifications()).rebuild).toBe('waiting');
    await buildEnds(true);
    expect(await sql`select 1 from private.pending_rebuild()`).toHaveLength(0);
    // Done: the next drain has nothing to ask for.
    expect((await drainNotifications()).rebuild).toBeNull();
    expect(hookCalls).toHaveLength(3);
  });
});

const overview = async (): Promise<AdminOverview> => {
  const res = await adminOverview(
    new Request('http://localhost/api/admin/overview', {
      headers: { authorization: `Bearer ${adminToken}` },
    }),
    ctx(),
  );
  expect(res.status).toBe(200);
  return body<AdminOverview>(res);
};

/** A Netlify deploy event of the production site for `title`. */
function deployEvent(
  title: string,
  extra: { context?: string; errorMessage?: string; createdAt?: string } = {},
) {
  return {
    site: {
      id: 'site',
      name: 'ocd',
      url: 'https://ocd.example',
      adminUrl: 'https://app.netlify.com/sites/ocd',
    },
    deploy: {
      id: `deploy-${randomUUID().slice(0, 8)}`,
      siteId: 'site',
      buildId: 'build',
      state: extra.errorMessage ? 'error' : 'ready',
      errorMessage: extra.errorMessage ?? null,
      url: 'https://ocd.example',
      sslUrl: 'https://ocd.example',
      permalinkUrl: 'https://ocd.example',
      adminUrl: 'https://app.netlify.com/sites/ocd',
      context: extra.context ?? 'production',
      branch: 'main',
      commitRef: null,
      commitUrl: null,
      commitMessage: null,
      committer: null,
      title,
      createdAt: extra.createdAt ?? new Date().toISOString(),
      publishedAt: null,
      time: 30,
      manual: false,
      framework: 'astro',
    },
  };
}

describe('a build that fails after the hook accepted', () => {
  it('is not published: retried by a later drain after its backoff, and /admin says so', async () => {
    const id = await pendingListing(`Flaky House ${randomUUID().slice(0, 8)}`);
    const programId = `flaky-${randomUUID().slice(0, 8)}`;
    expect((await decide(id, { status: 'approved', published_program_id: programId })).status).toBe(200);
    expect(hookCalls).toHaveLength(1);
    const title = new URL(hookCalls[0] ?? '', 'http://hook').searchParams.get('trigger_title') ?? '';
    const generation = generationOfCall(hookCalls[0]);

    // A deploy preview failing says nothing about the live site.
    await publishingEvents.deployFailed(deployEvent(title, { context: 'deploy-preview', errorMessage: 'x' }));
    expect((await overview()).publishing).toMatchObject({ pending: true, building: true, failures: 0 });

    // Netlify: the production deploy of that build failed.
    await publishingEvents.deployFailed(
      deployEvent(title, { errorMessage: 'Build script returned non-zero exit code: 2' }),
    );
    const failed = (await overview()).publishing;
    expect(failed).toMatchObject({
      pending: true,
      building: false,
      failures: 1,
      error: 'Build script returned non-zero exit code: 2',
    });
    expect(Date.parse(failed.retry_at ?? '') - Date.parse(failed.failed_at ?? '')).toBe(60_000);
    const view = publishingView(failed, (iso) => (iso ? 'TIME' : ''));
    expect(view).toMatchObject({ tone: 'red', label: 'Publishing failed at TIME — retrying' });

    // Before the backoff has passed, drains wait; after it, one asks for the build again.
    expect((await drainNotifications()).rebuild).toBe('waiting');
    expect(hookCalls).toHaveLength(1);
    await sql`update pending_rebuild set retry_at = now() - interval '1 second'`;
    expect((await drainNotifications()).rebuild).toBe('triggered');
    expect(hookCalls).toHaveLength(2);
    expect(generationOfCall(hookCalls[1])).toBeGreaterThanOrEqual(generation);

    // The retry's deploy succeeds: published, the failure is gone from /admin.
    const retryTitle = new URL(hookCalls[1] ?? '', 'http://hook').searchParams.get('trigger_title') ?? '';
    await publishingEvents.deploySucceeded(deployEvent(retryTitle));
    expect((await overview()).publishing).toMatchObject({
      pending: false,
      building: false,
      failures: 0,
      error: null,
    });
    expect((await drainNotifications()).rebuild).toBeNull();
    expect(hookCalls).toHaveLength(2);
  });

  it('a production deploy from a git push publishes what was asked for before it was created', async () => {
    await sql`select private.request_rebuild('directory listings changed')`;
    await publishingEvents.deploySucceeded(
      deployEvent('Fix a typo', { createdAt: new Date(Date.now() - 3_600_000).toISOString() }),
    );
    expect((await overview()).publishing.pending).toBe(true);
    await publishingEvents.deploySucceeded(deployEvent('Fix a typo'));
    expect((await overview()).publishing.pending).toBe(false);
  });
});

describe('the database refuses an approval the build could not publish', () => {
  it("state 'Atlantis': 409 with the reason, the listing stays pending, nobody is mailed, nothing is built", async () => {
    const id = await pendingListing(`Atlantis House ${randomUUID().slice(0, 8)}`, { state: 'Atlantis' });
    const res = await decide(id, {
      status: 'approved',
      published_program_id: `atl-${randomUUID().slice(0, 8)}`,
    });
    expect(res.status).toBe(409);
    const { error } = await body<ApiError>(res);
    expect(error.message).toBe(PUBLISHING_MESSAGES.summary + PUBLISHING_MESSAGES.state);
    expect(error.fields).toEqual({ state: PUBLISHING_MESSAGES.state });
    const [row] = await sql<{ status: string }[]>`select status from provider_listings where id = ${id}`;
    expect(row?.status).toBe('pending');
    expect(await sql`select 1 from notifications where subject_id = ${id}`).toHaveLength(0);
    expect(hookCalls).toEqual([]);
  });

  it('a direction override anywhere in the description (the schema reads only its first paragraph): 409', async () => {
    const id = await pendingListing(`Bidi House ${randomUUID().slice(0, 8)}`, {
      description: 'Residential ERP.\n\nCall \u202e0010-555-716\u202c today.',
    });
    const res = await decide(id, {
      status: 'approved',
      published_program_id: `bidi-${randomUUID().slice(0, 8)}`,
    });
    expect(res.status).toBe(409);
    const { error } = await body<ApiError>(res);
    expect(error.fields).toEqual({
      description: 'Remove the direction-override characters from description.',
    });
    expect(error.message).toContain(PUBLISHING_MESSAGES.summary);
  });
});

describe('availability changes are coalesced', () => {
  it('twelve changes start one build; the next one, after the interval, publishes them all', async () => {
    buildInterval(180);
    try {
      const listingOwner = await confirmedUser('publish-avail', 'publish-pass-1');
      const res = await providers(
        jsonRequest(
          '/api/providers',
          { organization_name: 'Availability Org', contact_name: 'Ava', email: listingOwner.email },
          { headers: { authorization: `Bearer ${listingOwner.token}` } },
        ),
        ctx(),
      );
      const ownerProvider = (await body<ProviderResponse>(res)).provider.id;
      const [listing] = await sql<{ id: string }[]>`
        insert into provider_listings (provider_id, center_name, description, phone, status, address, city, state,
          zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance, published_program_id)
        values (${ownerProvider}, 'Coalesce House', 'Residential ERP.', '617-555-0100', 'approved', '1 Main St',
          'Belmont', 'MA', '02478', ${['Adults']}, 'Co-ed', 'Residential', '30 days', ${['ERP']}, ${['Private Pay']},
          ${`coalesce-${randomUUID().slice(0, 8)}`}) returning id`;
      const listingId = listing?.id ?? '';
      // Published a while ago (Studio approval): nothing waiting, no build for 10 minutes.
      await sql`delete from pending_rebuild`;
      const put = (payload: unknown) =>
        availability(
          new Request(`http://localhost/api/provider/listings/${listingId}/availability`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${listingOwner.token}`, 'content-type': 'application/json' },
            body: JSON.stringify(payload),
          }),
          { ...ctx(), params: { id: listingId } },
        );
      const states = [
        { status: 'open' },
        { status: 'waitlist', wait_weeks: 2 },
        { status: 'not-admitting' },
        { status: 'waitlist', wait_weeks: 3 },
      ];
      for (let i = 0; i < 12; i += 1) expect((await put(states[i % states.length])).status).toBe(200);
      // One build, for the first change; the other eleven wait for it.
      expect(hookCalls).toHaveLength(1);
      expect(hookCalls[0]).toContain('trigger_title=availability+changed+%5Bpublishing+');
      const [pending] = await sql<{ generation: string; building_generation: string }[]>`
        select generation::text, building_generation::text from pending_rebuild`;
      expect(Number(pending?.generation) - Number(pending?.building_generation)).toBe(11);

      // The build succeeds; within the interval the drains start nothing.
      await buildEnds(true);
      expect((await drainNotifications()).rebuild).toBe('waiting');
      expect(hookCalls).toHaveLength(1);
      // Once the interval has passed, the next drain starts one build with all of them.
      await sql`update pending_rebuild set build_started_at = build_started_at - interval '181 seconds'`;
      expect((await drainNotifications()).rebuild).toBe('triggered');
      expect(hookCalls).toHaveLength(2);
      expect(generationOfCall(hookCalls[1])).toBe(Number(pending?.generation));
      await buildEnds(true);
      expect((await drainNotifications()).rebuild).toBeNull();
    } finally {
      buildInterval(0);
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
    await sql`update listing_publications set state = 'unpublished', state_reason = 'Paused' where listing_id = ${id}`;
    expect((await logo(programId)).status).toBe(404);
  });

  it('404 for an unknown or malformed id; 405 for other methods', async () => {
    expect((await logo('no-such-program')).status).toBe(404);
    expect((await logo('Not_An_Id')).status).toBe(404);
    expect((await logo('mclean', 'DELETE')).status).toBe(405);
  });
});
