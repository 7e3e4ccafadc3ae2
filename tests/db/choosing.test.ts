/**
 * Migration 20261122001600_choosing_a_program.sql: the database, not the client, dates an
 * availability confirmation and a request's first answer; the listing facts keep their ranges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  SEED,
  type Sql,
  become,
  becomeOwner,
  connect,
  ensureFixtures,
  rolledBack,
  sqlState,
} from './helpers.ts';

let sql: Sql;
beforeAll(async () => {
  sql = connect();
  await ensureFixtures(sql);
});
afterAll(async () => {
  await sql.end();
});

describe('listing_availability', () => {
  it('confirmed_at is now() on every write and never sent by the provider; the listing is not touched', async () => {
    const result = await rolledBack(sql, async (tx) => {
      const [before] = await tx<{ status: string; updated_at: Date }[]>`
        select status, updated_at from provider_listings where id = ${SEED.approvedListing}`;
      await become(tx, ACTORS.provider);
      // The column is in no grant (data_api_lockdown): naming it is refused outright.
      const named = await sqlState(
        tx.savepoint(
          (sp) => sp`
            insert into listing_availability (listing_id, status, confirmed_at)
            values (${SEED.approvedListing}, 'open', '2020-01-01')`,
        ),
      );
      await tx`insert into listing_availability (listing_id, status) values (${SEED.approvedListing}, 'open')`;
      const [inserted] = await tx<{ fresh: boolean }[]>`
        select confirmed_at > now() - interval '1 minute' as fresh from listing_availability
        where listing_id = ${SEED.approvedListing}`;
      await becomeOwner(tx);
      // An old confirmation, as if made 40 days ago…
      await tx`alter table listing_availability disable trigger listing_availability_confirmed`;
      await tx`update listing_availability set confirmed_at = now() - interval '40 days' where listing_id = ${SEED.approvedListing}`;
      await tx`alter table listing_availability enable trigger listing_availability_confirmed`;
      // …then "Still accurate": the same status again moves the date to today.
      await become(tx, ACTORS.provider);
      await tx`update listing_availability set status = 'open' where listing_id = ${SEED.approvedListing}`;
      const [confirmed] = await tx<{ fresh: boolean }[]>`
        select confirmed_at > now() - interval '1 minute' as fresh from listing_availability
        where listing_id = ${SEED.approvedListing}`;
      await becomeOwner(tx);
      const [after] = await tx<{ status: string; updated_at: Date }[]>`
        select status, updated_at from provider_listings where id = ${SEED.approvedListing}`;
      return { named, inserted, confirmed, before, after };
    });
    expect(result.named).toBe('42501');
    expect(result.inserted?.fresh).toBe(true);
    expect(result.confirmed?.fresh).toBe(true);
    expect(result.after).toEqual(result.before);
  });

  it.each([
    [
      'an unknown status',
      `insert into listing_availability (listing_id, status) values ('${SEED.approvedListing}', 'maybe')`,
    ],
    [
      'wait weeks without a wait list',
      `insert into listing_availability (listing_id, status, wait_weeks) values ('${SEED.approvedListing}', 'open', 3)`,
    ],
    [
      'a wait of 0 weeks',
      `insert into listing_availability (listing_id, status, wait_weeks) values ('${SEED.approvedListing}', 'waitlist', 0)`,
    ],
  ])('refuses %s (23514)', async (_, statement) => {
    expect(await rolledBack(sql, (tx) => sqlState(tx.unsafe(statement)))).toBe('23514');
  });
});

describe('provider_inquiries.first_status_change_at', () => {
  it('is stamped by the first status change only, and a provider cannot write it', async () => {
    const result = await rolledBack(sql, async (tx) => {
      const [row] = await tx<{ id: string }[]>`
        insert into provider_inquiries (program_id, provider_id, type, name, email, message)
        values ('test-program-001', ${SEED.provider}, 'info', 'Alex', 'alex@example.com', 'Hi') returning id`;
      const id = row?.id ?? '';
      const read = async () =>
        (
          await tx<
            { at: Date | null }[]
          >`select first_status_change_at as at from provider_inquiries where id = ${id}`
        )[0]?.at ?? null;
      await tx`update provider_inquiries set message = 'Hi again' where id = ${id}`;
      const afterEdit = await read();
      await become(tx, ACTORS.provider);
      await tx`update provider_inquiries set status = 'contacted' where id = ${id}`;
      await becomeOwner(tx);
      const first = await read();
      await tx`select pg_sleep(0.01)`;
      await become(tx, ACTORS.provider);
      await tx`update provider_inquiries set status = 'closed' where id = ${id}`;
      await becomeOwner(tx);
      const second = await read();
      // Last: a refused statement ends the transaction.
      await become(tx, ACTORS.provider);
      const denied = await sqlState(
        tx`update provider_inquiries set first_status_change_at = null where id = ${id}`,
      );
      return { afterEdit, first, second, denied };
    });
    expect(result.afterEdit).toBe(null);
    expect(result.first).toBeInstanceOf(Date);
    expect(result.second?.getTime()).toBe(result.first?.getTime());
    expect(result.denied).toBe('42501');
  });
});

describe('provider_listings facts', () => {
  it.each([
    ['negative ERP hours', `erp_hours_per_week = -1`],
    ['a share over 100', `specialised_clinicians_percent = 101`],
    ['an unknown outcome measure', `outcome_measure = 'OCI-R'`],
    ['a score change without year and sample', `score_direction = 'fell', score_points = 10`],
    [
      'a fall of 0 points',
      `score_direction = 'fell', score_points = 0, score_change_year = 2025, score_change_sample = 40`,
    ],
    [
      'no change of 3 points',
      `score_direction = 'unchanged', score_points = 3, score_change_year = 2025, score_change_sample = 40`,
    ],
    [
      'figures from next year',
      `score_direction = 'fell', score_points = 3, score_change_year = extract(year from now())::int + 1, score_change_sample = 40`,
    ],
  ])('refuses %s (23514)', async (_, assignment) => {
    const state = await rolledBack(sql, (tx) =>
      sqlState(tx.unsafe(`update provider_listings set ${assignment} where id = '${SEED.approvedListing}'`)),
    );
    expect(state).toBe('23514');
  });

  it('accepts a complete score change', async () => {
    const state = await rolledBack(sql, (tx) =>
      sqlState(
        tx`update provider_listings set score_direction = 'fell', score_points = 10, score_change_year = 2025, score_change_sample = 40
           where id = ${SEED.approvedListing}`,
      ),
    );
    expect(state).toBe('ok');
  });
});
