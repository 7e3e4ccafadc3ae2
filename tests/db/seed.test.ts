/**
 * The seed on a fresh database is demo history, not news: its decisions (the demo provider's
 * verification, its approved listing) leave no notification to send, so a first `npm start`
 * neither e-mails "now verified" to the demo provider nor asks for a rebuild a minute after its
 * own build (the drain asks for one when a verified provider has a live listing). The decisions
 * themselves are in place: the provider is verified and its listing is live.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate } from '../../supabase/local/postgres.ts';
import { type Sql, connect, SEED } from './helpers.ts';

const FRESH = `seed_test_${String(process.pid)}`;
let admin: Sql;
let fresh: Sql;

beforeAll(async () => {
  admin = connect();
  await admin.unsafe(`drop database if exists ${FRESH}`);
  await admin.unsafe(`create database ${FRESH}`);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${FRESH}`;
  await migrate(url.toString(), { bootstrap: true, seed: true });
  fresh = connect(url.toString());
});

afterAll(async () => {
  await fresh.end();
  await admin.unsafe(`drop database if exists ${FRESH} with (force)`);
  await admin.end();
});

describe('seed.sql on a fresh database', () => {
  it('makes its decisions: the demo provider is verified, its approved listing is live', async () => {
    const [provider] = await fresh<{ verification_status: string; verified: boolean }[]>`
      select verification_status, verified_at is not null as verified from public.providers
      where id = ${SEED.provider}`;
    expect(provider).toEqual({ verification_status: 'verified', verified: true });
    const [publication] = await fresh<{ state: string }[]>`
      select state from public.listing_publications where listing_id = ${SEED.approvedListing}`;
    expect(publication?.state).toBe('live');
  });

  it('leaves no notification to send: nothing for the drain to claim, mail or rebuild for', async () => {
    const unsent = await fresh<{ kind: string }[]>`
      select kind from public.notifications where sent_at is null`;
    expect(unsent).toEqual([]);
    const claimed = await fresh<{ id: string }[]>`select id from private.claim_notifications(100)`;
    expect(claimed).toEqual([]);
  });

  it('a second run changes nothing about that', async () => {
    const url = new URL(inject('databaseUrl'));
    url.pathname = `/${FRESH}`;
    await migrate(url.toString(), { seed: true });
    const [row] = await fresh<{ n: number }[]>`
      select count(*)::int as n from public.notifications where sent_at is null`;
    expect(row?.n).toBe(0);
  });
});
