/** When the functions' pool uses prepared statements (netlify/functions/_shared/db.ts). */
import { describe, expect, it } from 'vitest';
import { usePreparedStatements } from '../../../../netlify/functions/_shared/db.ts';

describe('usePreparedStatements', () => {
  it.each([
    ['postgres://postgres:postgres@127.0.0.1:54322/postgres', undefined, true],
    ['postgresql://postgres:pw@db.abcdefgh.supabase.co:5432/postgres', undefined, true],
    ['postgres://postgres.abcd:pw@aws-0-us-east-1.pooler.supabase.com:5432/postgres', undefined, true],
    ['postgres://postgres.abcd:pw@aws-0-us-east-1.pooler.supabase.com:6543/postgres', undefined, false],
    ['postgres://u:p@pgbouncer.internal:6432/db?pgbouncer=true', undefined, false],
    ['postgres://u:p@pgbouncer.internal:6432/db?pgbouncer=1', undefined, false],
    ['postgres://u:p@host/db?sslmode=require', undefined, true],
    ['not a url', undefined, false],
    ['postgres://u:p@host:6543/db', 'true', true],
    ['postgres://u:p@127.0.0.1:54322/db', 'false', false],
    ['postgres://u:p@127.0.0.1:54322/db', 'yes', true],
  ])('%s (DATABASE_PREPARE=%s) → %s', (url, override, expected) => {
    expect(usePreparedStatements(url, override)).toBe(expected);
  });
});
