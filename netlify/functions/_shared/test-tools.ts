/**
 * What the internal testing suite's API (/api/test-tools/*, netlify/functions/test-tools.mts)
 * and the admin overview share: how test data is recognised, so that it is listed by the one and
 * kept out of the totals of the other.
 *
 * Test data is
 * - a test provider: a providers row whose e-mail is `test-provider-<ms>-<hex>@test-provider.invalid`
 *   (made only by `private.create_test_user`, which refuses any other address);
 * - a test inquiry: one about the test program (`program_id` test-program-001, or `program_name`
 *   the test label), or one addressed to a test provider;
 * - test engagement: events of the test program (`program_id` test-program-001).
 */
import { randomBytes } from 'node:crypto';
import type { PendingQuery, Row } from 'postgres';
import {
  TEST_PROGRAM_ID,
  TEST_PROGRAM_LABEL,
  TEST_PROVIDER_TRIAL_DAYS,
} from '../../../src/lib/vocabulary.ts';
import type { Tx } from './db.ts';

export { TEST_PROGRAM_ID, TEST_PROGRAM_LABEL, TEST_PROVIDER_TRIAL_DAYS };

/** RFC 2606 reserves `.invalid`: nothing can be delivered to a test provider's address. */
export const TEST_PROVIDER_EMAIL_DOMAIN = 'test-provider.invalid';
/** A LIKE pattern matching every test provider's e-mail (it holds no `_`, LIKE's other wildcard). */
export const TEST_PROVIDER_EMAIL_LIKE = `test-provider-%@${TEST_PROVIDER_EMAIL_DOMAIN}`;

/** The fixed details of every test provider (the testing suite's Provider Testing tab). */
export const TEST_PROVIDER = {
  contactName: 'Test Provider Contact',
  organizationName: TEST_PROGRAM_LABEL,
  phone: '(555) 010-0100',
} as const;

/**
 * A new, timestamped test provider address: the creation time in milliseconds, then four random
 * hex digits so two creations in the same millisecond still differ.
 *
 * @example testProviderEmail(1763840000000) // 'test-provider-1763840000000-3fa9@test-provider.invalid'
 */
export function testProviderEmail(now = Date.now()): string {
  return `test-provider-${String(now)}-${randomBytes(2).toString('hex')}@${TEST_PROVIDER_EMAIL_DOMAIN}`;
}

/** True for a test provider's address (the same rule as the SQL below). */
export function isTestProviderEmail(email: string): boolean {
  return /^test-provider-[0-9a-z-]{1,80}@test-provider\.invalid$/.test(email);
}

type Fragment = PendingQuery<Row[]>;

/** `<alias>.email` is a test provider's (a SQL fragment for a `where`). */
export function isTestProviderSql(tx: Tx, alias: string): Fragment {
  return tx`${tx(alias)}.email like ${TEST_PROVIDER_EMAIL_LIKE}`;
}

/** The inquiry `<alias>` is test data (a SQL fragment for a `where`). */
export function isTestInquirySql(tx: Tx, alias: string): Fragment {
  return tx`(
    ${tx(alias)}.program_id is not distinct from ${TEST_PROGRAM_ID}
    or ${tx(alias)}.program_name is not distinct from ${TEST_PROGRAM_LABEL}
    or exists (
      select 1 from providers tp
      where tp.id = ${tx(alias)}.provider_id and tp.email like ${TEST_PROVIDER_EMAIL_LIKE}
    )
  )`;
}
