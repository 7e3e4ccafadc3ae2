/**
 * What waits for an administrator, as `GET /api/admin/overview` counts it (`waiting`): pending
 * verification requests, listings pending review (new or edits) and open reports. Each count
 * moves with a row added to its queue and back when that row is decided; decided rows (approved,
 * rejected, resolved) and drafts are never counted. Test files of this project run one at a time
 * (vitest.config.ts), so the counts move only with this file's rows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import overview from '../../netlify/functions/admin-overview.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import type { AdminOverview, AdminWaiting } from '../../src/api/contracts/admin.ts';
import { adminSql, body, confirmedUser, ctx, SEED, signIn } from './helpers.ts';

const sql = adminSql();
let adminToken = '';
let provider = '';

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
           (select count(*) from listing_reports where status = 'open')::int as reports`;
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
    expect(Object.keys(now).sort()).toEqual(['listings', 'reports', 'verification_requests']);
    expect(now).toEqual(await counted());
  });

  it('moves with each queue: +1 for a pending request, a pending listing, an open report; back once decided', async () => {
    const before = await waiting();

    const [request] = await sql<{ id: string }[]>`
      insert into provider_verification_requests (provider_id, documents_submitted)
      values (${provider}, ${['State license']}) returning id`;
    const pending = await listing('pending');
    await listing('draft'); // a draft waits for its provider, not for the site team
    const [report] = await sql<{ id: string }[]>`
      insert into listing_reports (program_id, what)
      values ('mclean', 'The admissions phone number on this page is out of date.') returning id`;

    expect(await waiting()).toEqual({
      verification_requests: before.verification_requests + 1,
      listings: before.listings + 1,
      reports: before.reports + 1,
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
