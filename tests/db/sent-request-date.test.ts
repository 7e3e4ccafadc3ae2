/**
 * program_reviews.sent_request_on (supabase/migrations/20261206200400_sent_request_date.sql): the
 * UTC day of the author's first request to the program, set with the "Sent a request through
 * this site" marker by the database, readable by everyone with a published review.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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

async function family(tx: Tx): Promise<{ sub: string; role: 'authenticated'; email: string }> {
  const id = randomUUID();
  const email = `dated-${id.slice(0, 8)}@example.com`;
  await tx`insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
           values (${id}, 'authenticated', 'authenticated', ${email}, now(), '{}', '{}')`;
  return { sub: id, role: 'authenticated', email };
}

const REVIEW = {
  rating: 4,
  title: 'Clear answers',
  body: 'Admissions answered every question we had.',
  relationship: 'contacted_admissions',
  public_name: 'A parent',
};

describe('sent_request_on', () => {
  it('is the day of the first request when there is one, null without', async () => {
    const result = await rolledBack(sql, async (tx) => {
      const me = await family(tx);
      await become(tx, me);
      await tx`insert into public.provider_inquiries (program_id, type, name, email, program_name)
               values ('mclean', 'info', 'Dana', ${me.email}, 'McLean')`;
      await becomeOwner(tx);
      // The first request was months before the review; a second one just before it.
      await tx`update public.provider_inquiries set created_at = '2026-03-03T23:30:00Z' where sender_id = ${me.sub}`;
      await become(tx, me);
      await tx`insert into public.provider_inquiries (program_id, type, name, email, program_name)
               values ('mclean', 'call', 'Dana', ${me.email}, 'McLean')`;
      await tx`insert into public.program_reviews ${tx({ ...REVIEW, program_id: 'mclean' })}`;
      await tx`insert into public.program_reviews ${tx({ ...REVIEW, program_id: 'silver-creek-ranch' })}`;
      await becomeOwner(tx);
      return tx<{ program_id: string; sent_request: boolean; sent_request_on: string | null }[]>`
        select program_id, sent_request, sent_request_on::text as sent_request_on
        from public.program_reviews where user_id = ${me.sub} order by program_id`;
    });
    expect(result).toEqual([
      { program_id: 'mclean', sent_request: true, sent_request_on: '2026-03-03' },
      { program_id: 'silver-creek-ranch', sent_request: false, sent_request_on: null },
    ]);
  });

  it('visitors read it with a published review; no API role writes it', async () => {
    const rows = await asRole(
      sql,
      null,
      (tx) => tx`select sent_request_on from public.program_reviews where status = 'published' limit 1`,
    );
    expect(Array.isArray(rows)).toBe(true);
    const refused = await sqlState(
      asRole(sql, null, (tx) => tx`update public.program_reviews set sent_request_on = '2020-01-01'`),
    );
    expect(refused).toBe('42501');
  });
});
