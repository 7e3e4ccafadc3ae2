/**
 * The row-level security matrix: every table × {anon, family, provider, other provider, admin} ×
 * {select, insert, update, delete}. Each cell states its outcome precisely:
 *   rows     — select sees the target rows / the write succeeds and touches them,
 *   none     — select sees zero rows / update or delete affects zero rows,
 *   refused  — the statement fails with 42501 (no privilege, or the row violates a policy).
 * "provider" is the seed's verified demo provider (owner of the target rows unless a table says
 * otherwise); "otherProvider" is a second, unverified provider added by the tests.
 *
 * The grants are what the functions' SQL needs and nothing more (migration
 * 20261125000200_data_api_lockdown.sql), so an operation no function performs as that role is
 * `refused` for everyone, administrators included: they do such things in Studio, as postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  type Actor,
  EXTRA,
  SEED,
  type Sql,
  type Tx,
  asRole,
  connect,
  ensureFixtures,
} from './helpers.ts';

type Outcome = 'rows' | 'none' | 'refused';
type Op = 'select' | 'insert' | 'update' | 'delete';
type Expect = Record<Actor, Outcome>;
type TableCase = {
  table: string;
  /** Runs the operation; returns the rows seen (select) or rows affected (writes). */
  run: Record<Op, (tx: Tx) => Promise<number>>;
  expect: Record<Op, Expect>;
  /** Arranges a state as postgres inside the rolled-back transaction. */
  setup?: Partial<Record<Op, (tx: Tx) => Promise<unknown>>>;
};

const r = (
  anon: Outcome,
  family: Outcome,
  provider: Outcome,
  otherProvider: Outcome,
  admin: Outcome,
): Expect => ({
  anon,
  family,
  provider,
  otherProvider,
  admin,
});

const count = async (q: Promise<{ count: number }>): Promise<number> => (await q).count;
const seen = async (q: Promise<readonly unknown[]>): Promise<number> => (await q).length;

const TABLES: TableCase[] = [
  {
    table: 'user_roles',
    run: {
      select: (tx) => seen(tx`select role from public.user_roles where user_id = ${SEED.providerUser}`),
      insert: (tx) =>
        count(tx`insert into public.user_roles (user_id, role) values (${SEED.familyUser}, 'admin')`),
      update: (tx) =>
        count(
          tx`update public.user_roles set role = 'admin' where user_id = ${SEED.providerUser} and role = 'provider'`,
        ),
      delete: (tx) => count(tx`delete from public.user_roles where user_id = ${SEED.providerUser}`),
    },
    expect: {
      select: r('refused', 'none', 'rows', 'none', 'rows'),
      // Roles are written in Studio or by `npm run admin:grant`, never through the API.
      insert: r('refused', 'refused', 'refused', 'refused', 'refused'),
      update: r('refused', 'refused', 'refused', 'refused', 'refused'),
      delete: r('refused', 'refused', 'refused', 'refused', 'refused'),
    },
  },
  {
    table: 'providers',
    run: {
      select: (tx) => seen(tx`select id from public.providers where id = ${SEED.provider}`),
      // A providers row for the family user (who has none): registration.
      insert: (tx) =>
        count(tx`insert into public.providers (user_id, organization_name, email)
                 values (${SEED.familyUser}, 'Family Org', 'family@example.org')`),
      update: (tx) =>
        count(tx`update public.providers set description = 'Updated' where id = ${SEED.provider}`),
      delete: (tx) => count(tx`delete from public.providers where id = ${SEED.provider}`),
    },
    expect: {
      select: r('refused', 'none', 'rows', 'none', 'rows'),
      insert: r('refused', 'rows', 'refused', 'refused', 'rows'),
      update: r('refused', 'none', 'rows', 'none', 'rows'),
      delete: r('refused', 'refused', 'refused', 'refused', 'refused'),
    },
  },
  {
    table: 'provider_listings',
    run: {
      select: (tx) => seen(tx`select id from public.provider_listings where provider_id = ${SEED.provider}`),
      insert: (tx) =>
        count(
          tx`insert into public.provider_listings (provider_id, center_name) values (${SEED.provider}, 'New draft')`,
        ),
      update: (tx) =>
        count(tx`update public.provider_listings set description = 'Updated', status = 'pending'
                 where id = ${SEED.approvedListing}`),
      delete: (tx) => count(tx`delete from public.provider_listings where id = ${EXTRA.demoDraftListing}`),
    },
    expect: {
      select: r('refused', 'none', 'rows', 'none', 'rows'),
      insert: r('refused', 'refused', 'rows', 'refused', 'refused'),
      update: r('refused', 'none', 'rows', 'none', 'rows'),
      delete: r('refused', 'refused', 'refused', 'refused', 'refused'),
    },
  },
  {
    table: 'listing_availability',
    run: {
      select: (tx) =>
        seen(
          tx`select listing_id from public.listing_availability where listing_id = ${SEED.approvedListing}`,
        ),
      insert: (tx) =>
        count(
          tx`insert into public.listing_availability (listing_id, status) values (${SEED.approvedListing}, 'open')`,
        ),
      update: (tx) =>
        count(tx`update public.listing_availability set status = 'not-admitting'
                 where listing_id = ${SEED.approvedListing}`),
      delete: (tx) =>
        count(tx`delete from public.listing_availability where listing_id = ${SEED.approvedListing}`),
    },
    // The demo listing's availability, stated as postgres before each read, update and delete.
    setup: {
      select: (tx) =>
        tx`insert into public.listing_availability (listing_id, status) values (${SEED.approvedListing}, 'open')`,
      update: (tx) =>
        tx`insert into public.listing_availability (listing_id, status) values (${SEED.approvedListing}, 'open')`,
      delete: (tx) =>
        tx`insert into public.listing_availability (listing_id, status) values (${SEED.approvedListing}, 'open')`,
    },
    expect: {
      select: r('refused', 'none', 'rows', 'none', 'rows'),
      insert: r('refused', 'refused', 'rows', 'refused', 'refused'),
      update: r('refused', 'none', 'rows', 'none', 'none'),
      delete: r('refused', 'refused', 'refused', 'refused', 'refused'),
    },
  },
  {
    table: 'provider_inquiries',
    run: {
      select: (tx) => seen(tx`select id from public.provider_inquiries where provider_id = ${SEED.provider}`),
      insert: (tx) =>
        count(tx`insert into public.provider_inquiries (program_id, type, name, email, message)
                 values ('test-program-001', 'info', 'Alex Example', 'alex@example.com', 'Hello')`),
      update: (tx) =>
        count(
          tx`update public.provider_inquiries set status = 'contacted' where provider_id = ${SEED.provider}`,
        ),
      delete: (tx) => count(tx`delete from public.provider_inquiries where provider_id = ${SEED.provider}`),
    },
    expect: {
      select: r('refused', 'none', 'rows', 'none', 'rows'),
      insert: r('rows', 'rows', 'rows', 'rows', 'rows'),
      update: r('refused', 'none', 'rows', 'none', 'rows'),
      delete: r('refused', 'none', 'none', 'none', 'rows'),
    },
  },
  {
    table: 'provider_verification_requests',
    run: {
      select: (tx) =>
        seen(tx`select id from public.provider_verification_requests where provider_id = ${SEED.provider}`),
      insert: (tx) =>
        count(tx`insert into public.provider_verification_requests (provider_id, documents_submitted)
                 values (${SEED.provider}, array['State license'])`),
      update: (tx) =>
        count(tx`update public.provider_verification_requests set reviewer_notes = 'Checked'
                 where id = ${SEED.approvedRequest}`),
      delete: (tx) =>
        count(tx`delete from public.provider_verification_requests where id = ${SEED.approvedRequest}`),
    },
    setup: {
      // A verified provider may not ask again; make the demo provider unverified for this cell.
      insert: (tx) =>
        tx`update public.providers set verification_status = 'unverified', verified_at = null, verified_by = null
           where id = ${SEED.provider}`,
    },
    expect: {
      select: r('refused', 'none', 'rows', 'none', 'rows'),
      insert: r('refused', 'refused', 'rows', 'refused', 'refused'),
      update: r('refused', 'none', 'none', 'none', 'rows'),
      delete: r('refused', 'refused', 'refused', 'refused', 'refused'),
    },
  },
  {
    table: 'user_favorites',
    run: {
      select: (tx) =>
        seen(tx`select program_id from public.user_favorites where user_id = ${SEED.familyUser}`),
      // Always the caller's own: user_id is the default auth.uid() and not insertable.
      insert: (tx) =>
        count(tx`insert into public.user_favorites (program_id, program_name)
                 values ('test-program-001', 'Test Program')`),
      update: (tx) =>
        count(
          tx`update public.user_favorites set program_name = 'Renamed' where user_id = ${SEED.familyUser}`,
        ),
      delete: (tx) => count(tx`delete from public.user_favorites where user_id = ${SEED.familyUser}`),
    },
    expect: {
      select: r('refused', 'rows', 'none', 'none', 'rows'),
      insert: r('refused', 'rows', 'rows', 'rows', 'rows'),
      update: r('refused', 'refused', 'refused', 'refused', 'refused'),
      delete: r('refused', 'rows', 'none', 'none', 'none'),
    },
  },
  {
    table: 'program_engagement',
    run: {
      // test-program-001 is the demo provider's published program.
      select: (tx) =>
        seen(tx`select id from public.program_engagement where program_id = 'test-program-001'`),
      insert: (tx) =>
        count(
          tx`insert into public.program_engagement (program_id, event_type) values ('test-program-001', 'view')`,
        ),
      update: (tx) =>
        count(
          tx`update public.program_engagement set event_type = 'call_click' where program_id = 'test-program-001'`,
        ),
      delete: (tx) => count(tx`delete from public.program_engagement where program_id = 'test-program-001'`),
    },
    expect: {
      select: r('refused', 'none', 'rows', 'none', 'rows'),
      insert: r('rows', 'rows', 'rows', 'rows', 'rows'),
      update: r('refused', 'refused', 'refused', 'refused', 'refused'),
      delete: r('refused', 'none', 'none', 'none', 'rows'),
    },
  },
  {
    table: 'contact_messages',
    run: {
      select: (tx) => seen(tx`select id from public.contact_messages where id = ${EXTRA.contactMessage}`),
      insert: (tx) =>
        count(tx`insert into public.contact_messages (name, email, subject, message)
                 values ('Jamie Example', 'jamie@example.com', 'Question', 'Hello there')`),
      update: (tx) =>
        count(tx`update public.contact_messages set subject = 'Changed' where id = ${EXTRA.contactMessage}`),
      delete: (tx) => count(tx`delete from public.contact_messages where id = ${EXTRA.contactMessage}`),
    },
    expect: {
      // Sent only: the site inbox gets each by e-mail; administrators read them in Studio.
      select: r('refused', 'refused', 'refused', 'refused', 'refused'),
      insert: r('rows', 'rows', 'rows', 'rows', 'rows'),
      update: r('refused', 'refused', 'refused', 'refused', 'refused'),
      delete: r('refused', 'refused', 'refused', 'refused', 'refused'),
    },
  },
];

const OPS: Op[] = ['select', 'insert', 'update', 'delete'];
const CELLS = TABLES.flatMap((t) =>
  OPS.flatMap((op) =>
    (Object.keys(ACTORS) as Actor[]).map((actor) => ({
      table: t.table,
      op,
      actor,
      outcome: t.expect[op][actor],
      t,
    })),
  ),
);

let sql: Sql;
beforeAll(async () => {
  sql = connect();
  await ensureFixtures(sql);
});
afterAll(async () => {
  await sql.end();
});

/** The outcome, or a description of an unexpected error (which then fails the cell). */
async function observe(t: TableCase, op: Op, actor: Actor): Promise<string> {
  try {
    const n = await asRole(sql, ACTORS[actor], (tx) => t.run[op](tx), t.setup?.[op]);
    return n > 0 ? 'rows' : 'none';
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === '42501' ? 'refused' : `error ${code ?? ''}: ${(error as Error).message}`;
  }
}

describe('RLS matrix', () => {
  it('covers every public table', async () => {
    const tables = await sql<{ name: string }[]>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`;
    // provider_uploads has its own matrix: tests/db/provider-uploads-rls.test.ts; notifications and
    // pending_rebuild (no access for any API role) are covered by tests/db/admin-decisions.test.ts;
    // listing_reports by tests/db/listing-reports.test.ts; listing_publications by
    // tests/db/listing-publications.test.ts; program_reviews, review_responses and review_reports
    // by tests/db/reviews.test.ts; report_overflow by tests/db/report-limits.test.ts.
    const elsewhere = [
      'listing_publications',
      'listing_reports',
      'notifications',
      'pending_rebuild',
      'program_reviews',
      'provider_uploads',
      'report_overflow',
      'review_reports',
      'review_responses',
    ];
    expect(tables.map((t) => t.name)).toEqual([...TABLES.map((t) => t.table), ...elsewhere].sort());
  });

  it.each(CELLS)('$table: $actor $op → $outcome', async ({ t, op, actor, outcome }) => {
    expect(await observe(t, op, actor)).toBe(outcome);
  });
});
