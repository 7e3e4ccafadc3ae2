/**
 * The database's e-mail rule (`private.is_email()`, migration 20261125000400_email_rule) and the
 * TypeScript one (`isEmail()`, src/lib/text-rules.ts) give the same verdict on the table of cases
 * in tests/unit/lib/email-cases.ts, and a check constraint refuses what the rule refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isEmail } from '../../src/lib/text-rules.ts';
import { EMAIL_CASES } from '../unit/lib/email-cases.ts';
import { connect, rolledBack, sqlState, type Sql } from './helpers.ts';

let sql: Sql;
beforeAll(() => {
  sql = connect();
});
afterAll(async () => {
  await sql.end();
});

/** Postgres text cannot hold U+0000: those cases are for the TypeScript side only. */
const storable = EMAIL_CASES.filter(([, value]) => !value.includes('\u0000'));

describe('private.is_email() agrees with isEmail()', () => {
  it.each(storable)('%s: %j → %s', async (_label, value, expected) => {
    const [row] = await sql<{ ok: boolean }[]>`select private.is_email(${value}) as ok`;
    expect(row?.ok).toBe(expected);
    expect(isEmail(value)).toBe(expected);
  });

  it('agrees on the length limit, counted in code points', async () => {
    const values = [
      `${'a'.repeat(EMAIL_MAX_LENGTH - 6)}@b.com`,
      `${'a'.repeat(EMAIL_MAX_LENGTH - 5)}@b.com`,
      `${'𝒶'.repeat(EMAIL_MAX_LENGTH - 6)}@b.com`,
    ];
    const rows = await sql<{ value: string; ok: boolean }[]>`
      select value, private.is_email(value) as ok from unnest(${values}::text[]) as value`;
    expect(rows.map((r) => r.ok)).toEqual(values.map(isEmail));
    expect(rows.map((r) => r.ok)).toEqual([true, false, true]);
  });

  it('a check constraint refuses a hostile address even from a superuser', async () => {
    const state = await sqlState(
      rolledBack(
        sql,
        (tx) =>
          tx`insert into public.contact_messages (name, email, subject, message)
             values ('a', ${'n1<victim@x.com>'}, 's', 'm')`,
      ),
    );
    expect(state).toBe('23514');
  });
});
