/**
 * Account deletion (supabase/migrations/20261122001100_account_deletion.sql):
 * `private.delete_account(user, session)` removes a family's favourites, scrubs the personal
 * fields of the requests they sent (keeping the anonymous record), deletes the auth user, and
 * refuses ended sessions, unknown users, providers and administrators without changing anything.
 * Only the server (`service_role`) may call it. Every test runs in a rolled-back transaction.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  OTHER,
  SEED,
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

const HASH = 'a'.repeat(64);

/** A new family user with a live session, two favourites and two requests sent while signed in. */
async function family(tx: Tx, label: string): Promise<{ user: string; session: string; email: string }> {
  const user = randomUUID();
  const session = randomUUID();
  const email = `${label}-${user.slice(0, 8)}@example.com`;
  await tx`insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
           values (${user}, 'authenticated', 'authenticated', ${email}, now(), '{}', '{}')`;
  await tx`insert into auth.sessions (id, user_id) values (${session}, ${user})`;
  await tx`insert into public.user_roles (user_id, role) values (${user}, 'user')`;
  const claims = { sub: user, role: 'authenticated' as const, email };
  await become(tx, claims);
  await tx`insert into public.user_favorites (program_id, program_name) values ('mclean', 'McLean'), ('silver-creek-ranch', 'Silver Creek')`;
  await tx`insert into public.provider_inquiries (program_id, type, name, email, phone, message, program_name, status_token_hash)
           values ('mclean', 'call', ${`${label} Sender`}, ${email}, '(555) 010-0199', 'Please call my daughter''s mother', 'McLean', ${label === 'first' ? HASH : null}),
                  ('silver-creek-ranch', 'info', ${`${label} Sender`}, ${email}, null, '', 'Silver Creek', null)`;
  await becomeOwner(tx);
  // No API role writes `location` (no function sends one); the seed and Studio can.
  await tx`update public.provider_inquiries set location = 'Boston' where sender_id = ${user} and program_id = 'mclean'`;
  return { user, session, email };
}

async function asService<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  await tx.unsafe('set local role service_role');
  try {
    return await fn();
  } finally {
    await becomeOwner(tx);
  }
}

/** Calls the function as the server in a savepoint (undone with its role on failure); its SQLSTATE. */
function asServiceState(tx: Tx, user: string, session: string): Promise<string> {
  return sqlState(
    tx.savepoint(async (sp) => {
      await sp.unsafe('set local role service_role');
      await sp`select * from private.delete_account(${user}, ${session})`;
      await sp.unsafe('reset role');
    }),
  );
}

interface InquiryRow {
  program_id: string;
  type: string;
  status: string;
  urgency: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string;
  location: string | null;
  sender_id: string | null;
  status_token_hash: string | null;
  personal_data_removed_at: Date | null;
}

const inquiriesOf = (tx: Tx, ids: readonly string[]) => tx<InquiryRow[]>`
  select program_id, type, status, urgency, name, email, phone, message, location, sender_id,
         status_token_hash, personal_data_removed_at
  from public.provider_inquiries where id = any(${ids}::uuid[]) order by program_id`;

describe('private.delete_account()', () => {
  it('removes the favourites, scrubs the requests (the anonymous records stay) and deletes the user', async () => {
    const result = await rolledBack(sql, async (tx) => {
      const me = await family(tx, 'first');
      const other = await family(tx, 'second');
      // The same person, earlier, as a visitor with the account's address: scrubbed as well
      // (20261206200300_account_data.sql).
      await become(tx, null);
      await tx`insert into public.provider_inquiries (program_id, type, name, email, program_name)
               values ('mclean', 'info', 'Visitor Me', ${me.email}, 'McLean')`;
      await becomeOwner(tx);
      const mine = (
        await tx<{ id: string }[]>`select id from public.provider_inquiries where sender_id = ${me.user}`
      ).map((r) => r.id);
      await tx`update public.provider_inquiries set status = 'contacted' where id = ${mine[0] ?? ''}`;
      const before = await inquiriesOf(tx, mine);

      const counts = await asService(
        tx,
        () => tx`select * from private.delete_account(${me.user}, ${me.session})`,
      );
      return {
        me,
        other,
        before,
        counts,
        after: await inquiriesOf(tx, mine),
        users: await tx<{ id: string }[]>`select id from auth.users where id in (${me.user}, ${other.user})`,
        sessions: await tx`select id from auth.sessions where user_id = ${me.user}`,
        roles: await tx`select role from public.user_roles where user_id = ${me.user}`,
        favourites: await tx<{ user_id: string }[]>`
          select user_id from public.user_favorites where user_id in (${me.user}, ${other.user})`,
        othersRequests: await tx<{ name: string | null; email: string | null }[]>`
          select name, email from public.provider_inquiries where name in ('second Sender', 'Visitor Me')`,
      };
    });

    expect(result.counts).toEqual([{ favorites_removed: 2, requests_anonymized: 3 }]);
    expect(result.after).toHaveLength(2);
    for (const [i, row] of result.after.entries()) {
      const was = result.before[i];
      expect(row).toMatchObject({
        program_id: was?.program_id,
        type: was?.type,
        status: was?.status,
        urgency: was?.urgency,
        name: null,
        email: null,
        phone: null,
        message: '',
        location: null,
        sender_id: null,
        status_token_hash: null,
      });
      expect(row.personal_data_removed_at).toBeInstanceOf(Date);
    }
    expect(result.after.map((r) => r.status).sort()).toEqual(['contacted', 'new']);
    expect(JSON.stringify(result.after)).not.toMatch(/first Sender|555|daughter|Boston|@example\.com/);
    expect(result.users.map((u) => u.id)).toEqual([result.other.user]);
    expect(result.sessions).toEqual([]);
    expect(result.roles).toEqual([]);
    expect(result.favourites.map((f) => f.user_id)).toEqual([result.other.user, result.other.user]);
    expect(result.othersRequests).toHaveLength(2);
    expect(result.othersRequests.every((r) => r.name !== null && r.email !== null)).toBe(true);
  });

  it('refuses an ended session or an unknown user (UA401) and changes nothing', async () => {
    const states = await rolledBack(sql, async (tx) => {
      const me = await family(tx, 'ended');
      const ended = await asServiceState(tx, me.user, randomUUID());
      const unknown = await asServiceState(tx, randomUUID(), me.session);
      const [left] = await tx<{ users: number; favourites: number; named: number }[]>`
        select (select count(*)::int from auth.users where id = ${me.user}) as users,
               (select count(*)::int from public.user_favorites where user_id = ${me.user}) as favourites,
               (select count(*)::int from public.provider_inquiries where sender_id = ${me.user} and name is not null) as named`;
      return { ended, unknown, left };
    });
    expect(states).toEqual({ ended: 'UA401', unknown: 'UA401', left: { users: 1, favourites: 2, named: 2 } });
  });

  it.each([
    ['a provider', SEED.providerUser],
    ['an administrator', SEED.adminUser],
    ['a provider without a role row', OTHER.user],
  ])('refuses %s (UA403) and keeps everything', async (_label, user) => {
    const result = await rolledBack(sql, async (tx) => {
      const session = randomUUID();
      await tx`insert into auth.sessions (id, user_id) values (${session}, ${user})`;
      await tx`delete from public.user_roles where user_id = ${OTHER.user}`;
      const state = await asServiceState(tx, user, session);
      const [left] = await tx<
        { users: number }[]
      >`select count(*)::int as users from auth.users where id = ${user}`;
      return { state, left };
    });
    expect(result).toEqual({ state: 'UA403', left: { users: 1 } });
  });

  it.each(['anon', 'authenticated'] as const)('cannot be called as %s', async (role) => {
    const state = await asRole(sql, role === 'anon' ? null : ACTORS.family, (tx) =>
      sqlState(tx`select * from private.delete_account(${SEED.familyUser}, ${randomUUID()})`),
    );
    expect(state).toBe('42501');
  });
});

describe('provider_inquiries personal data', () => {
  it('nobody can send a request without a name or e-mail address', async () => {
    const states = await asRole(sql, null, async (tx) => [
      await sqlState(
        tx.savepoint(
          (sp) => sp`insert into public.provider_inquiries (program_id, type, name, email)
                    values ('mclean', 'info', null, 'x@example.com')`,
        ),
      ),
      await sqlState(
        tx.savepoint(
          (sp) => sp`insert into public.provider_inquiries (program_id, type, name, email)
                    values ('mclean', 'info', 'No Address', null)`,
        ),
      ),
    ]);
    expect(states).toEqual(['23514', '23514']);
  });

  it('an API role cannot mark a request as scrubbed', async () => {
    const states = await asRole(sql, ACTORS.admin, async (tx) => [
      await sqlState(
        tx.savepoint((sp) => sp`update public.provider_inquiries set personal_data_removed_at = now()`),
      ),
      await sqlState(
        tx.savepoint(
          (
            sp,
          ) => sp`insert into public.provider_inquiries (program_id, type, name, email, personal_data_removed_at)
                    values ('mclean', 'info', 'X', 'x@example.com', now())`,
        ),
      ),
    ]);
    expect(states).toEqual(['42501', '42501']);
  });

  it('a scrubbed request holds no personal field (the check refuses a half-scrubbed row)', async () => {
    const state = await rolledBack(sql, (tx) =>
      sqlState(tx`update public.provider_inquiries set personal_data_removed_at = now(), phone = null
                  where program_id = 'test-program-001'`),
    );
    expect(state).toBe('23514');
  });

  it('a provider still updates the status of a scrubbed request addressed to it', async () => {
    const status = await asRole(
      sql,
      ACTORS.provider,
      async (tx) => {
        await tx`update public.provider_inquiries set status = 'closed' where name is null`;
        return tx<{ status: string; name: string | null }[]>`
          select status, name from public.provider_inquiries where name is null`;
      },
      async (tx) => {
        await tx`update public.provider_inquiries
                 set name = null, email = null, phone = null, message = '', location = null,
                     sender_id = null, status_token_hash = null, personal_data_removed_at = now()
                 where program_id = 'test-program-001' and status = 'new'`;
      },
    );
    expect(status).toEqual([{ status: 'closed', name: null }]);
  });
});
