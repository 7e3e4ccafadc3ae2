/**
 * A request a family can follow to the end (supabase/migrations/20261126000400_request_follow_through.sql):
 * the best time to call (written by the sender, read by the addressed provider, never by anyone
 * else, call requests only), `delivered_at` set from the outbox and by nobody else, the family's
 * e-mail queued with a fresh status link in the transaction of a status change, and the links of
 * a deleted account's requests remembered as bare hashes. Every test rolls back.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  OTHER,
  SEED,
  type Claims,
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
  const [row] = await sql<{ id: string | null }[]>`
    select published_program_id as id from public.provider_listings where id = ${SEED.approvedListing}`;
  if (!row?.id) throw new Error('the seed has no published listing');
  programId = row.id;
});
afterAll(async () => {
  await sql.end();
});

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The program published from the seed's approved listing (requests to it are the demo provider's). */
let programId = '';

/**
 * A call request with a best time to call, inserted as `claims` the way the API does (no
 * RETURNING), to the demo provider's published program: addressed by the database, never by the
 * sender.
 */
async function sendCall(
  tx: Tx,
  claims: Claims,
  id = randomUUID(),
  best = 'Weekdays after 5 pm',
): Promise<string> {
  await become(tx, claims);
  await tx`insert into public.provider_inquiries (id, program_id, type, name, email, phone, program_name, best_time_to_call)
           values (${id}, ${programId}, 'call', 'Best Time Sender', 'best-time@example.com',
                   '555 010 2222', 'Demo program', ${best})`;
  await becomeOwner(tx);
  return id;
}

describe('best_time_to_call', () => {
  it('a visitor and a family write it with a call request', async () => {
    const rows = await rolledBack(sql, async (tx) => {
      const a = await sendCall(tx, ACTORS.anon);
      const b = await sendCall(tx, ACTORS.family, randomUUID(), 'Mornings, Eastern time');
      return tx<{ id: string; best_time_to_call: string; provider_id: string }[]>`
        select id, best_time_to_call, provider_id from public.provider_inquiries where id in (${a}, ${b}) order by best_time_to_call`;
    });
    expect(rows.map((r) => r.best_time_to_call)).toEqual(['Mornings, Eastern time', 'Weekdays after 5 pm']);
    expect(rows.every((r) => r.provider_id === SEED.provider)).toBe(true);
  });

  it('the addressed provider, the sender and an administrator read it; another provider and a visitor do not', async () => {
    const seen = await rolledBack(sql, async (tx) => {
      const id = await sendCall(tx, ACTORS.family);
      const read = async (claims: Claims) =>
        tx.savepoint(async (sp) => {
          await become(sp, claims);
          const rows = await sp<{ best_time_to_call: string | null }[]>`
            select best_time_to_call from public.provider_inquiries where id = ${id}`;
          await becomeOwner(sp);
          return rows.map((r) => r.best_time_to_call);
        });
      const visitor = await sqlState(
        tx.savepoint(async (sp) => {
          await become(sp, ACTORS.anon);
          await sp`select best_time_to_call from public.provider_inquiries where id = ${id}`;
        }),
      );
      return {
        provider: await read(ACTORS.provider),
        sender: await read(ACTORS.family),
        admin: await read(ACTORS.admin),
        otherProvider: await read(ACTORS.otherProvider),
        visitor,
      };
    });
    expect(seen).toEqual({
      provider: ['Weekdays after 5 pm'],
      sender: ['Weekdays after 5 pm'],
      admin: ['Weekdays after 5 pm'],
      otherProvider: [],
      visitor: '42501',
    });
  });

  it('nobody changes it after sending, not even the addressed provider', async () => {
    const states = await rolledBack(sql, async (tx) => {
      const id = await sendCall(tx, ACTORS.family);
      const update = (claims: Claims) =>
        sqlState(
          tx.savepoint(async (sp) => {
            await become(sp, claims);
            await sp`update public.provider_inquiries set best_time_to_call = 'Never' where id = ${id}`;
          }),
        );
      return [await update(ACTORS.provider), await update(ACTORS.family), await update(ACTORS.admin)];
    });
    expect(states).toEqual(['42501', '42501', '42501']);
  });

  it.each([
    ['an info request', 'info', 'Any time', '23514'],
    ['an empty text', 'call', '', '23514'],
    ['201 characters', 'call', 'x'.repeat(201), '23514'],
    ['200 characters', 'call', 'x'.repeat(200), 'ok'],
  ])('the database refuses it on %s (%s)', async (_label, type, value, expected) => {
    const state = await asRole(sql, ACTORS.anon, (tx) =>
      sqlState(tx`insert into public.provider_inquiries (program_id, type, name, email, phone, best_time_to_call)
                  values ('mclean', ${type}, 'Checked', 'checked@example.com', '555 010 3333', ${value})`),
    );
    expect(state).toBe(expected);
  });
});

describe('delivered_at', () => {
  it('no API role writes it', async () => {
    const states = await rolledBack(sql, async (tx) => {
      const id = await sendCall(tx, ACTORS.anon);
      const insert = sqlState(
        tx.savepoint(async (sp) => {
          await become(sp, ACTORS.anon);
          await sp`insert into public.provider_inquiries (program_id, type, name, email, delivered_at)
                   values ('mclean', 'info', 'Forger', 'forger@example.com', now())`;
        }),
      );
      const update = (claims: Claims) =>
        sqlState(
          tx.savepoint(async (sp) => {
            await become(sp, claims);
            await sp`update public.provider_inquiries set delivered_at = now() where id = ${id}`;
          }),
        );
      return [await insert, await update(ACTORS.provider), await update(ACTORS.admin)];
    });
    expect(states).toEqual(['42501', '42501', '42501']);
  });

  it("is set when the outbox sends the request's e-mail to the program, not to the site team", async () => {
    const result = await rolledBack(sql, async (tx) => {
      const toProgram = await sendCall(tx, ACTORS.anon);
      const toSiteTeam = await sendCall(tx, ACTORS.anon);
      const confirmationOnly = await sendCall(tx, ACTORS.anon);
      await tx`insert into public.notifications (kind, subject_id, recipient, payload) values
                 ('inquiry', ${toProgram}, 'program', '{"to":"a@example.org"}'),
                 ('inquiry', ${toSiteTeam}, 'site_team', '{"to":"b@example.org"}'),
                 ('inquiry_confirmation', ${confirmationOnly}, 'family', '{"to":"c@example.org"}')`;
      const before = await tx<{ delivered_at: Date | null }[]>`
        select delivered_at from public.provider_inquiries where id = ${toProgram}`;
      const ids = await tx<
        { id: string }[]
      >`select id from public.notifications where subject_id in (${toProgram}, ${toSiteTeam}, ${confirmationOnly})`;
      for (const { id } of ids) await tx`select private.mark_notification_sent(${id})`;
      const after = await tx<{ id: string; delivered_at: Date | null }[]>`
        select id, delivered_at from public.provider_inquiries where id in (${toProgram}, ${toSiteTeam}, ${confirmationOnly})`;
      return { before: before[0]?.delivered_at, after: new Map(after.map((r) => [r.id, r.delivered_at])) };
    });
    expect(result.before).toBeNull();
    const ids = [...result.after.keys()];
    expect(ids).toHaveLength(3);
    const delivered = [...result.after.values()].filter((v) => v !== null);
    expect(delivered).toHaveLength(1);
  });
});

describe('a status change e-mails the family', () => {
  interface Queued {
    kind: string;
    recipient: string;
    provider_id: string | null;
    payload: Record<string, unknown>;
  }

  it('in the same transaction, with a new status link that opens the request', async () => {
    const result = await rolledBack(sql, async (tx) => {
      const id = await sendCall(tx, ACTORS.anon);
      await become(tx, ACTORS.provider);
      const changed = await tx`update public.provider_inquiries set status = 'contacted' where id = ${id}`;
      await becomeOwner(tx);
      const queued = await tx<Queued[]>`
        select kind, recipient, provider_id, payload from public.notifications
        where subject_id = ${id} and kind = 'inquiry_status'`;
      const statusUrl = queued[0]?.payload['statusUrl'];
      const url = typeof statusUrl === 'string' ? statusUrl : '';
      const token = /^\/request\/([A-Za-z0-9_-]{43})$/.exec(url)?.[1] ?? '';
      await tx.unsafe('set local role service_role');
      const status = await tx`select * from private.inquiry_status(${hashOf(token)})`;
      await becomeOwner(tx);
      return { changed: changed.count, queued, token, status };
    });
    expect(result.changed).toBe(1);
    expect(result.queued).toHaveLength(1);
    expect(result.queued[0]).toMatchObject({
      kind: 'inquiry_status',
      recipient: 'family',
      provider_id: SEED.provider,
      payload: {
        to: 'best-time@example.com',
        name: 'Best Time Sender',
        type: 'call',
        status: 'contacted',
        deliveredToProgram: false,
      },
    });
    // Nothing the family wrote beyond their name and address: no phone, message or best time.
    expect(Object.keys(result.queued[0]?.payload ?? {}).sort()).toEqual([
      'deliveredToProgram',
      'name',
      'programName',
      'status',
      'statusUrl',
      'to',
      'type',
    ]);
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.status).toHaveLength(1);
    expect(result.status[0]).toMatchObject({ status: 'contacted', type: 'call' });
  });

  it('one e-mail per change: none when the status stays the same or another column changes', async () => {
    const counts = await rolledBack(sql, async (tx) => {
      const id = await sendCall(tx, ACTORS.anon);
      const count = async () =>
        Number(
          (
            await tx<{ n: string }[]>`
              select count(*) as n from public.notifications where subject_id = ${id} and kind = 'inquiry_status'`
          )[0]?.n,
        );
      await tx`update public.provider_inquiries set status = 'new' where id = ${id}`;
      const same = await count();
      await tx`update public.provider_inquiries set location = 'Boston' where id = ${id}`;
      const other = await count();
      await tx`update public.provider_inquiries set status = 'closed' where id = ${id}`;
      await tx`update public.provider_inquiries set status = 'new' where id = ${id}`;
      return { same, other, twoChanges: await count() };
    });
    expect(counts).toEqual({ same: 0, other: 0, twoChanges: 2 });
  });

  it('a provider cannot write the outbox or the links itself, and a refused change queues nothing', async () => {
    const result = await rolledBack(sql, async (tx) => {
      await become(tx, ACTORS.provider);
      const outbox = await sqlState(
        tx.savepoint(
          (sp) => sp`insert into public.notifications (kind, subject_id, recipient, payload)
                     values ('inquiry_status', ${OTHER.inquiry}, 'family', '{"to":"x@example.org"}')`,
        ),
      );
      const links = await sqlState(tx.savepoint((sp) => sp`select * from private.request_status_links`));
      // Another provider's request: RLS hides it, so nothing changes and nothing is queued.
      const changed =
        await tx`update public.provider_inquiries set status = 'closed' where id = ${OTHER.inquiry}`;
      await becomeOwner(tx);
      const queued =
        await tx`select id from public.notifications where subject_id = ${OTHER.inquiry} and kind = 'inquiry_status'`;
      return { outbox, links, changed: changed.count, queued: queued.length };
    });
    expect(result).toEqual({ outbox: '42501', links: '42501', changed: 0, queued: 0 });
  });
});

describe('links of a deleted account', () => {
  it('every link of its requests is remembered as removed and opens nothing', async () => {
    const result = await rolledBack(sql, async (tx) => {
      const user = randomUUID();
      const session = randomUUID();
      await tx`insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
               values (${user}, 'authenticated', 'authenticated', ${`gone-${user.slice(0, 8)}@example.com`}, now(), '{}', '{}')`;
      await tx`insert into auth.sessions (id, user_id) values (${session}, ${user})`;
      const first = 'f'.repeat(43);
      const id = randomUUID();
      await become(tx, { sub: user, role: 'authenticated', email: 'gone@example.com' });
      await tx`insert into public.provider_inquiries (id, program_id, type, name, email, phone, best_time_to_call, status_token_hash)
               values (${id}, 'mclean', 'call', 'Gone Sender', 'gone@example.com', '555 010 4444', 'Evenings', ${hashOf(first)})`;
      await becomeOwner(tx);
      await tx`update public.provider_inquiries set status = 'contacted' where id = ${id}`;
      const [queued] = await tx<{ url: string }[]>`
        select payload->>'statusUrl' as url from public.notifications where subject_id = ${id} and kind = 'inquiry_status'`;
      const second = (queued?.url ?? '').slice('/request/'.length);
      await tx.unsafe('set local role service_role');
      const opensBefore = await tx`select * from private.inquiry_status(${hashOf(second)})`;
      await tx`select * from private.delete_account(${user}, ${session})`;
      const removed = await Promise.all(
        [first, second, 'g'.repeat(43)].map(async (t) => {
          const [row] = await tx<
            { removed: boolean }[]
          >`select private.request_link_removed(${hashOf(t)}) as removed`;
          return row?.removed;
        }),
      );
      const opensAfter = await Promise.all(
        [first, second].map((t) => tx`select * from private.inquiry_status(${hashOf(t)})`),
      );
      await becomeOwner(tx);
      const [row] = await tx<{ best_time_to_call: string | null; personal_data_removed_at: Date | null }[]>`
        select best_time_to_call, personal_data_removed_at from public.provider_inquiries where id = ${id}`;
      const links = await tx`select 1 from private.request_status_links where inquiry_id = ${id}`;
      return {
        opensBefore: opensBefore.length,
        removed,
        opensAfter: opensAfter.map((r) => r.length),
        row,
        links: links.length,
      };
    });
    expect(result.opensBefore).toBe(1);
    expect(result.removed).toEqual([true, true, false]);
    expect(result.opensAfter).toEqual([0, 0]);
    expect(result.row?.best_time_to_call).toBeNull();
    expect(result.row?.personal_data_removed_at).not.toBeNull();
    expect(result.links).toBe(0);
  });

  it.each(['anon', 'authenticated'] as const)(
    'the lookups are the server’s alone: %s may not call them',
    async (role) => {
      const states = await asRole(sql, role === 'anon' ? null : ACTORS.family, async (tx) => [
        await sqlState(tx.savepoint((sp) => sp`select private.request_link_removed(${'a'.repeat(64)})`)),
        await sqlState(tx.savepoint((sp) => sp`select private.inquiry_by_token(${'a'.repeat(64)})`)),
        await sqlState(tx.savepoint((sp) => sp`select * from private.removed_request_links`)),
      ]);
      expect(states).toEqual(['42501', '42501', '42501']);
    },
  );
});
