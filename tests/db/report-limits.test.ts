/**
 * Report limits (supabase/migrations/20261206200200_report_limits.sql): one open report per
 * reporter and item, at most private.open_reports_cap() open reports per item (more are counted
 * in report_overflow, not stored), address keys stored as an HMAC, the reporter forgotten once
 * resolved, and report_overflow readable by administrators only. Every test is rolled back.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_REPORTS_CAP } from '../../src/api/contracts/reports.ts';
import {
  ACTORS,
  OTHER,
  type Sql,
  type Tx,
  asRole,
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

/** A published review nobody reported yet. */
async function review(tx: Tx): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into public.program_reviews (program_id, user_id, rating, title, body, relationship, public_name, status)
    values (${`limits-${randomUUID().slice(0, 8)}`}, ${OTHER.plainUser}, 4, 'Kind staff',
            'The staff explained every step of the program.', 'parent_or_guardian', 'A parent', 'published')
    returning id`;
  if (!row) throw new Error('no review');
  return row.id;
}

/** Inserts a review report as a visitor, as the function does; how many rows were stored. */
async function reportReview(tx: Tx, reviewId: string, reporter: string): Promise<number> {
  await become(tx, null);
  const result = await tx`
    insert into public.review_reports (review_id, reason, reporter)
    values (${reviewId}, 'This review names a staff member.', ${reporter})`;
  await becomeOwner(tx);
  return result.count;
}

async function reportProgram(tx: Tx, programId: string, reporter: string): Promise<number> {
  await become(tx, null);
  const result = await tx`
    insert into public.listing_reports (program_id, what, reporter)
    values (${programId}, 'The phone number is out of date.', ${reporter})`;
  await becomeOwner(tx);
  return result.count;
}

describe('one open report per reporter and item', () => {
  it('a second report of the same review by the same reporter is refused (23505), another reporter’s is not', async () => {
    const outcome = await rolledBack(sql, async (tx) => {
      const id = await review(tx);
      await reportReview(tx, id, 'address:192.0.2.10');
      const again = await sqlState(
        tx.savepoint(async (sp) => {
          await become(sp, null);
          await sp`insert into public.review_reports (review_id, reason, reporter)
                   values (${id}, 'Another reason for the same review.', 'address:192.0.2.10')`;
        }),
      );
      await becomeOwner(tx);
      const other = await reportReview(tx, id, 'address:192.0.2.11');
      const [n] = await tx<
        { n: number }[]
      >`select count(*)::int as n from public.review_reports where review_id = ${id}`;
      return { again, other, n: n?.n };
    });
    expect(outcome).toEqual({ again: '23505', other: 1, n: 2 });
  });

  it('the same holds for error reports on a program, per program', async () => {
    const outcome = await rolledBack(sql, async (tx) => {
      const program = `limits-${randomUUID().slice(0, 8)}`;
      await reportProgram(tx, program, `account:${OTHER.plainUser}`);
      const again = await sqlState(
        tx.savepoint(async (sp) => {
          await become(sp, null);
          await sp`insert into public.listing_reports (program_id, what, reporter)
                   values (${program}, 'Something else is wrong here.', ${`account:${OTHER.plainUser}`})`;
        }),
      );
      await becomeOwner(tx);
      const elsewhere = await reportProgram(tx, `${program}-b`, `account:${OTHER.plainUser}`);
      const [row] = await tx<{ sender_id: string | null }[]>`
        select sender_id from public.listing_reports where program_id = ${program}`;
      return { again, elsewhere, sender: row?.sender_id };
    });
    expect(outcome).toEqual({ again: '23505', elsewhere: 1, sender: OTHER.plainUser });
  });

  it('a resolved report frees its reporter (the key is forgotten) and the next one is stored', async () => {
    const outcome = await rolledBack(sql, async (tx) => {
      const id = await review(tx);
      await reportReview(tx, id, 'address:192.0.2.20');
      await tx`update public.program_reviews set status = 'published' where id = ${id}`;
      const [resolved] = await tx<{ status: string; reporter: string | null }[]>`
        select status, reporter from public.review_reports where review_id = ${id}`;
      const again = await reportReview(tx, id, 'address:192.0.2.20');
      return { resolved, again };
    });
    expect(outcome).toEqual({ resolved: { status: 'resolved', reporter: null }, again: 1 });
  });
});

describe('the cap per item', () => {
  it(`stores ${String(OPEN_REPORTS_CAP)} open reports, then counts the rest; a decision clears the count`, async () => {
    const outcome = await rolledBack(sql, async (tx) => {
      const id = await review(tx);
      const stored: number[] = [];
      for (let i = 0; i < OPEN_REPORTS_CAP + 3; i += 1)
        stored.push(await reportReview(tx, id, `address:198.51.100.${String(i)}`));
      const [count] = await tx<
        { n: number }[]
      >`select count(*)::int as n from public.review_reports where review_id = ${id}`;
      const [overflow] = await tx<{ reports: number }[]>`
        select reports from public.report_overflow where kind = 'review' and item = ${id}`;
      await tx`update public.program_reviews set status = 'published' where id = ${id}`;
      const [cleared] = await tx<{ n: number }[]>`
        select count(*)::int as n from public.report_overflow where kind = 'review' and item = ${id}`;
      return { stored, count: count?.n, overflow: overflow?.reports, cleared: cleared?.n };
    });
    expect(outcome.stored).toEqual([...Array<number>(OPEN_REPORTS_CAP).fill(1), 0, 0, 0]);
    expect(outcome).toMatchObject({ count: OPEN_REPORTS_CAP, overflow: 3, cleared: 0 });
  });

  it('private.open_reports_cap() is OPEN_REPORTS_CAP', async () => {
    const [row] = await sql<{ cap: number }[]>`select private.open_reports_cap() as cap`;
    expect(row?.cap).toBe(OPEN_REPORTS_CAP);
  });

  it('error reports: the cap is per program, and resolving the last open one clears the count', async () => {
    const outcome = await rolledBack(sql, async (tx) => {
      const program = `limits-${randomUUID().slice(0, 8)}`;
      for (let i = 0; i < OPEN_REPORTS_CAP + 2; i += 1)
        await reportProgram(tx, program, `address:203.0.113.${String(i)}`);
      const [before] = await tx<{ reports: number }[]>`
        select reports from public.report_overflow where kind = 'program' and item = ${program}`;
      await tx`update public.listing_reports set status = 'resolved' where program_id = ${program}`;
      const [after] = await tx<{ n: number }[]>`
        select count(*)::int as n from public.report_overflow where kind = 'program' and item = ${program}`;
      return { before: before?.reports, after: after?.n };
    });
    expect(outcome).toEqual({ before: 2, after: 0 });
  });
});

describe('address keys', () => {
  it('are stored as an HMAC of the network, never the address itself', async () => {
    const keys = await rolledBack(sql, async (tx) => {
      const id = await review(tx);
      await reportReview(tx, id, 'address:192.0.2.30');
      const [row] = await tx<
        { reporter: string }[]
      >`select reporter from public.review_reports where review_id = ${id}`;
      const program = `limits-${randomUUID().slice(0, 8)}`;
      await reportProgram(tx, program, 'address:192.0.2.30');
      const [same] = await tx<
        { reporter: string }[]
      >`select reporter from public.listing_reports where program_id = ${program}`;
      return [row?.reporter, same?.reporter];
    });
    expect(keys[0]).toMatch(/^address:[0-9a-f]{64}$/);
    expect(keys[0]).not.toContain('192.0.2.30');
    expect(keys[1]).toBe(keys[0]);
  });

  it('the secret is unreadable by the API roles', async () => {
    for (const actor of ['anon', 'family', 'admin'] as const) {
      const state = await sqlState(
        asRole(sql, ACTORS[actor], (tx) => tx`select secret from private.reporter_secret`),
      );
      expect(state).toBe('42501');
    }
  });
});

describe('report_overflow privileges', () => {
  const setup = async (tx: Tx) => {
    await tx`insert into public.report_overflow (kind, item, reports) values ('program', 'mclean', 4)`;
  };
  it.each([
    ['anon', 'refused'],
    ['family', 'none'],
    ['provider', 'none'],
    ['admin', 'rows'],
  ] as const)('%s reads: %s', async (actor, expected) => {
    let outcome: string;
    try {
      const rows = await asRole(
        sql,
        ACTORS[actor],
        (tx) => tx`select kind, item, reports from public.report_overflow`,
        setup,
      );
      outcome = rows.length > 0 ? 'rows' : 'none';
    } catch (error) {
      outcome = (error as { code?: string }).code === '42501' ? 'refused' : String(error);
    }
    expect(outcome).toBe(expected);
  });

  it.each(['anon', 'family', 'admin'] as const)('%s cannot write it', async (actor) => {
    const state = await sqlState(
      asRole(
        sql,
        ACTORS[actor],
        (tx) => tx`insert into public.report_overflow (kind, item) values ('program', 'x')`,
      ),
    );
    expect(state).toBe('42501');
  });
});
