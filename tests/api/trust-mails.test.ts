/**
 * The decision e-mails say what the two trust facts mean for this provider, read when they are
 * sent (docs/product-rules.md#what-the-badges-mean): a verification approval makes the
 * organization a Verified provider and says its pages show the badge only when it has a live
 * listing; a listing approval says where it is published and asks an unverified provider to
 * request verification. Decisions are made as in Studio (a plain UPDATE), then the outbox drained.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { drainNotifications } from '../../netlify/functions/_shared/notifications.ts';
import { adminSql, confirmedUser, outboxFor } from './helpers.ts';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

async function provider(prefix: string): Promise<{ id: string; email: string; name: string }> {
  const owner = await confirmedUser(prefix, 'trust-mails-pass-1');
  const name = `Trust ${prefix} ${randomUUID().slice(0, 6)}`;
  const [row] = await sql<{ id: string }[]>`
    insert into providers (user_id, organization_name, contact_name, email)
    values (${owner.id}, ${name}, 'Robin Trust', ${owner.email}) returning id`;
  return { id: row?.id ?? '', email: owner.email, name };
}

async function verify(providerId: string): Promise<void> {
  const [request] = await sql<{ id: string }[]>`
    insert into provider_verification_requests (provider_id, documents_submitted)
    values (${providerId}, ${['State license']}) returning id`;
  await sql`update provider_verification_requests set status = 'approved' where id = ${request?.id ?? ''}`;
}

async function approvedListing(providerId: string, centerName: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into provider_listings (provider_id, center_name, description, phone, status, address, city, state,
      zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance)
    values (${providerId}, ${centerName}, 'A residential OCD program.', '555-010-0123', 'pending',
      '1 Main Street', 'Belmont', 'MA', '02478', ${['Adults']}, 'Co-ed', 'Residential', '45-60 days',
      ${['ERP']}, ${['Private Pay']}) returning id`;
  // Studio names the directory id itself (the API derives one from the name).
  const programId = `trust-mails-${randomUUID().slice(0, 8)}`;
  await sql`
    update provider_listings set status = 'approved', published_program_id = ${programId}
    where id = ${row?.id ?? ''}`;
  return programId;
}

async function mail(to: string, subject: RegExp): Promise<string> {
  await drainNotifications();
  const found = (await outboxFor(to)).find((m) => subject.test(m.subject));
  expect(found, `an e-mail to ${to} about ${subject.source}`).toBeDefined();
  return found?.text ?? '';
}

describe('verification approved', () => {
  it('without a live listing: a Verified provider, and no page shows it yet', async () => {
    const p = await provider('no-listing');
    await verify(p.id);
    const text = await mail(p.email, /is now verified$/);
    expect(text).toContain('your organization is now a Verified provider');
    expect(text).toContain('identity, state license and documents');
    expect(text).toContain('You have no published listing yet.');
    expect(text).not.toMatch(/Your published program pages show|Verified badge/);
    expect(text).toMatch(/What the badges mean: \S+\/how-we-verify/);
  });

  it('with a live listing: its pages show it after the next update; the listing e-mail asked for verification', async () => {
    const p = await provider('live-listing');
    const programId = await approvedListing(p.id, `${p.name} Residence`);
    expect(programId).not.toBe('');
    const listingText = await mail(p.email, /is approved$/);
    expect(listingText).toContain(`/program/${programId} at the next update of the site`);
    expect(listingText).toContain('marked “Listing reviewed” with the date of this review');
    expect(listingText).toContain('Request verification from the Verification tab of your dashboard');
    expect(listingText).toContain('Keep your availability current');

    await verify(p.id);
    const text = await mail(p.email, /is now verified$/);
    expect(text).toContain('your organization is now a Verified provider');
    expect(text).toContain('Your published program pages show “Verified provider”');
    expect(text).not.toContain('You have no published listing yet.');
  });

  it('a verified provider’s listing approval does not ask for verification again', async () => {
    const p = await provider('verified-first');
    await verify(p.id);
    await mail(p.email, /is now verified$/);
    await approvedListing(p.id, `${p.name} Lodge`);
    const text = await mail(p.email, /is approved$/);
    expect(text).not.toMatch(/request verification/i);
    expect(text).toContain('Keep your availability current');
  });
});
