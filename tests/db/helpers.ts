/**
 * Shared pieces of the database tests: the demo actors of supabase/seed.sql, a second provider
 * created here, and `asRole`, which runs SQL the way the API does (a transaction that sets the
 * role and the JWT claims) and always rolls back.
 */
import postgres from 'postgres';
import { inject } from 'vitest';

export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;
/** JWT claims as Supabase Auth issues them (only what policies read), or null for a visitor. */
export type Claims = { sub: string; role: 'authenticated'; email: string } | null;

/** Fixed ids from supabase/seed.sql. */
export const SEED = {
  adminUser: '11111111-1111-4111-8111-111111111111',
  providerUser: '22222222-2222-4222-8222-222222222222',
  familyUser: '33333333-3333-4333-8333-333333333333',
  provider: '44444444-4444-4444-8444-444444444444',
  approvedListing: '55555555-5555-4555-8555-555555555555',
  approvedRequest: '66666666-6666-4666-8666-666666666666',
} as const;

/** A second, unverified provider (and its rows) that the tests add. */
export const OTHER = {
  user: '77777777-7777-4777-8777-777777777777',
  provider: '88888888-8888-4888-8888-888888888888',
  inquiry: '99999999-9999-4999-8999-999999999999',
  draftListing: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  /** A signed-up user with no role and no provider profile. */
  plainUser: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
} as const;

/** A draft listing of the demo provider and a contact message, added by the tests. */
export const EXTRA = {
  demoDraftListing: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  contactMessage: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
} as const;

export const ACTORS = {
  anon: null,
  family: { sub: SEED.familyUser, role: 'authenticated', email: 'family@example.org' },
  provider: { sub: SEED.providerUser, role: 'authenticated', email: 'provider@example.org' },
  otherProvider: { sub: OTHER.user, role: 'authenticated', email: 'other-provider@example.org' },
  admin: { sub: SEED.adminUser, role: 'authenticated', email: 'admin@example.org' },
} as const satisfies Record<string, Claims>;
export type Actor = keyof typeof ACTORS;

export function connect(url: string = inject('databaseUrl')): Sql {
  return postgres(url, { prepare: false, max: 2, onnotice: () => undefined });
}

/** Switches the current transaction to the API role for `claims`, as the functions do. */
export async function become(tx: Tx, claims: Claims): Promise<void> {
  await tx.unsafe(`set local role ${claims === null ? 'anon' : 'authenticated'}`);
  await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims ?? { role: 'anon' })}, true)`;
}

/** Back to the connection's own role (postgres) inside the transaction, e.g. to check results. */
export async function becomeOwner(tx: Tx): Promise<void> {
  await tx.unsafe('reset role');
  await tx`select set_config('request.jwt.claims', '', true)`;
}

class Rollback extends Error {
  readonly result: unknown;
  constructor(result: unknown) {
    super('rollback');
    this.result = result;
  }
}

/**
 * Runs `fn` as `claims` in a transaction that is always rolled back. `setup` runs first, as
 * postgres, in the same transaction (to arrange a state without committing it).
 */
export async function asRole<T>(
  sql: Sql,
  claims: Claims,
  fn: (tx: Tx) => Promise<T>,
  setup?: (tx: Tx) => Promise<unknown>,
): Promise<T> {
  try {
    await sql.begin(async (tx) => {
      if (setup !== undefined) await setup(tx);
      await become(tx, claims);
      throw new Rollback(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.result as T;
    throw error;
  }
  throw new Error('unreachable: the transaction always rolls back');
}

/** Runs `fn` in a transaction as postgres and rolls it back. */
export async function rolledBack<T>(sql: Sql, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    await sql.begin(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.result as T;
    throw error;
  }
  throw new Error('unreachable: the transaction always rolls back');
}

/** The SQLSTATE of a failed promise, or 'ok' when it succeeded. */
export async function sqlState(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof postgres.PostgresError) return error.code;
    throw error;
  }
}

/** Adds the second provider and the extra rows (committed; safe to call from every test file). */
export async function ensureFixtures(sql: Sql): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`
      insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
      values (${OTHER.user}, 'authenticated', 'authenticated', 'other-provider@example.org',
              extensions.crypt('other-demo-1', extensions.gen_salt('bf', 4)), now(), '{}', '{}')
      on conflict (id) do nothing`;
    await tx`
      insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
      values (${OTHER.plainUser}, 'authenticated', 'authenticated', 'plain@example.org', now(), '{}', '{}')
      on conflict (id) do nothing`;
    await tx`
      insert into public.providers (id, user_id, organization_name, contact_name, email)
      values (${OTHER.provider}, ${OTHER.user}, 'Other Test Provider', 'Olive Other', 'other-provider@example.org')
      on conflict (id) do nothing`;
    await tx`
      insert into public.provider_inquiries (id, provider_id, type, name, email, message)
      values (${OTHER.inquiry}, ${OTHER.provider}, 'info', 'Pat Example', 'pat@example.com', 'For the other provider')
      on conflict (id) do nothing`;
    await tx`
      insert into public.provider_listings (id, provider_id, center_name)
      values (${OTHER.draftListing}, ${OTHER.provider}, 'Other draft')
      on conflict (id) do nothing`;
    await tx`
      insert into public.provider_listings (id, provider_id, center_name)
      values (${EXTRA.demoDraftListing}, ${SEED.provider}, 'Demo draft')
      on conflict (id) do nothing`;
    await tx`
      insert into public.contact_messages (id, name, email, subject, message)
      values (${EXTRA.contactMessage}, 'Casey Example', 'casey@example.com', 'Listing question', 'How do I list a program?')
      on conflict (id) do nothing`;
  });
}
