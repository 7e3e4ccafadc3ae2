/**
 * The outbox of request e-mails (supabase/migrations/20261125000100_message_outbox.sql):
 *
 * - the rows are written in the transaction of the request, the way the functions do it
 *   (insert as the sender, then `service_role` for the outbox): one commits with the other, a
 *   failure of either leaves neither;
 * - no API role reads or writes the outbox or calls its functions;
 * - the retry rule: backoff of 2^attempts minutes, failed after `notification_max_attempts()`
 *   tries, then a `delivery_failed` alert without the status link; a sent or failed row has no
 *   payload; claims of two drains are disjoint and decision rows stay with claim_notifications;
 * - `private.inquiry_delivery()` tells the status page queued / sent / failed.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  OTHER,
  type Actor,
  type Claims,
  type Sql,
  type Tx,
  asRole,
  become,
  connect,
  ensureFixtures,
  sqlState,
} from './helpers.ts';

let sql: Sql;
let sql2: Sql;
/** Committed rows this file made, removed at the end. */
const inquiries: string[] = [];
const messages: string[] = [];
beforeAll(async () => {
  sql = connect();
  sql2 = connect();
  await ensureFixtures(sql);
});
afterAll(async () => {
  await sql`delete from public.notifications where id = any(${messages}::uuid[]) or subject_id = any(${messages}::uuid[])
            or subject_id = any(${inquiries}::uuid[])`;
  await sql`delete from public.provider_inquiries where id = any(${inquiries}::uuid[])`;
  await sql.end();
  await sql2.end();
});

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** The payload of a confirmation, with its status link (the secret). */
const confirmation = (token: string) => ({
  to: 'family@example.com',
  name: 'Robin',
  programName: 'Silver Creek Ranch for Young Men',
  type: 'info',
  statusUrl: `https://directory.example.org/request/${token}`,
});

/**
 * What POST /api/inquiries does in one transaction (inquiries.mts, message-outbox.ts): the
 * request as the sender, then the rest as service_role, the outbox rows. Committed.
 */
async function sendAsTheApi(
  claims: Claims,
  opts: { inquiry?: string; email?: string; kind?: string; token?: string } = {},
): Promise<{ inquiry: string; ids: string[]; token: string }> {
  const inquiry = opts.inquiry ?? randomUUID();
  const token = opts.token ?? newToken();
  const ids = [randomUUID(), randomUUID()];
  inquiries.push(inquiry);
  messages.push(...ids);
  await sql.begin(async (tx) => {
    await become(tx, claims);
    await tx`insert into public.provider_inquiries (id, program_id, type, name, email, program_name, status_token_hash)
             values (${inquiry}, 'silver-creek-ranch', 'info', 'Robin', ${opts.email ?? 'family@example.com'},
                     'Silver Creek Ranch for Young Men', ${hashOf(token)})`;
    await tx`select set_config('role', 'service_role', true), set_config('request.jwt.claims', '', true)`;
    await tx`insert into public.notifications (id, kind, subject_id, recipient, payload) values
             (${ids[0] ?? ''}, ${opts.kind ?? 'inquiry'}, ${inquiry}, 'program',
              ${JSON.stringify({ to: 'admissions@example.org', name: 'Robin' })}::text::jsonb),
             (${ids[1] ?? ''}, 'inquiry_confirmation', ${inquiry}, 'family',
              ${JSON.stringify(confirmation(token))}::text::jsonb)`;
  });
  return { inquiry, ids, token };
}

const committed = async (inquiry: string) => ({
  inquiries: (await sql`select 1 from public.provider_inquiries where id = ${inquiry}`).length,
  outbox: (await sql`select 1 from public.notifications where subject_id = ${inquiry}`).length,
});

describe('the outbox rows are written in the transaction of the request', () => {
  it.each([
    ['a visitor', ACTORS.anon],
    ['a signed-in family', ACTORS.family],
  ] as const)('for %s: the request and its two e-mails commit together', async (_label, claims) => {
    const { inquiry } = await sendAsTheApi(claims);
    expect(await committed(inquiry)).toEqual({ inquiries: 1, outbox: 2 });
  });

  it('an outbox row that is refused takes the request with it', async () => {
    const inquiry = randomUUID();
    await expect(sendAsTheApi(ACTORS.anon, { inquiry, kind: 'no_such_kind' })).rejects.toMatchObject({
      code: '23514',
    });
    expect(await committed(inquiry)).toEqual({ inquiries: 0, outbox: 0 });
  });

  it('a request that is refused leaves no outbox row', async () => {
    const inquiry = randomUUID();
    await expect(sendAsTheApi(ACTORS.anon, { inquiry, email: 'not an address' })).rejects.toMatchObject({
      code: '23514',
    });
    expect(await committed(inquiry)).toEqual({ inquiries: 0, outbox: 0 });
  });

  it('the sender itself cannot write the outbox: only the server role after the insert can', async () => {
    const state = await asRole(sql, ACTORS.anon, (tx) =>
      sqlState(tx`insert into public.notifications (kind, subject_id, recipient, payload)
                  values ('contact', ${randomUUID()}, 'site_team', '{"name":"x"}')`),
    );
    expect(state).toBe('42501');
  });
});

describe('no API role reaches the outbox', () => {
  it.each(['anon', 'family', 'provider', 'admin'] as Actor[])(
    '%s cannot read, write, claim, mark or look up deliveries',
    async (actor) => {
      const row = randomUUID();
      const as = (query: (tx: Tx) => Promise<unknown>) => sqlState(asRole(sql, ACTORS[actor], query));
      expect({
        select: await as((tx) => tx`select payload from public.notifications`),
        insert: await as(
          (tx) => tx`insert into public.notifications (kind, subject_id, recipient, payload)
                     values ('contact', ${row}, 'site_team', '{"name":"x"}')`,
        ),
        update: await as((tx) => tx`update public.notifications set payload = null`),
        delete: await as((tx) => tx`delete from public.notifications`),
        claim: await as((tx) => tx`select * from private.claim_messages(10, null)`),
        sent: await as((tx) => tx`select private.mark_notification_sent(${row})`),
        failed: await as((tx) => tx`select private.mark_notification_failed(${row}, 'x')`),
        delivery: await as((tx) => tx`select * from private.inquiry_delivery(${hashOf(newToken())})`),
        max: await as((tx) => tx`select private.notification_max_attempts()`),
      }).toEqual({
        select: '42501',
        insert: '42501',
        update: '42501',
        delete: '42501',
        claim: '42501',
        sent: '42501',
        failed: '42501',
        delivery: '42501',
        max: '42501',
      });
    },
  );
});

describe('sending, retrying and giving up', () => {
  type Claimed = { id: string; kind: string; payload: Record<string, unknown> | null; attempts: number };
  const claim = async (db: Sql, ids: string[] | null, limit = 100): Promise<Claimed[]> =>
    db.begin(async (tx) => {
      await tx`set local role service_role`;
      return tx<Claimed[]>`select * from private.claim_messages(${limit}, ${ids}::uuid[])`;
    });
  const asServer = (query: (tx: Tx) => Promise<unknown>) =>
    sql.begin(async (tx) => {
      await tx`set local role service_role`;
      return query(tx);
    });
  const state = async (id: string) => {
    const [row] = await sql<
      {
        delivery: string;
        attempts: number;
        payload: unknown;
        claimed: boolean;
        wait: number;
        last_error: string | null;
      }[]
    >`select delivery, attempts, payload, claimed_at is not null as claimed, last_error,
             round(extract(epoch from next_attempt_at - now()))::int as wait
      from public.notifications where id = ${id}`;
    return row;
  };
  const delivery = async (token: string) =>
    (
      await sql.begin(async (tx) => {
        await tx`set local role service_role`;
        return tx<{ delivery: string; recipient: string; sent: boolean; failed: boolean }[]>`
          select delivery, recipient, sent_at is not null as sent, failed_at is not null as failed
          from private.inquiry_delivery(${hashOf(token)})`;
      })
    )[0];

  it('a sent row loses its payload (the status link) and is never claimed again', async () => {
    const { ids, token } = await sendAsTheApi(ACTORS.anon);
    expect(await delivery(token)).toEqual({
      delivery: 'queued',
      recipient: 'program',
      sent: false,
      failed: false,
    });
    const claimed = await claim(sql, ids);
    expect(claimed.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(claimed.find((c) => c.kind === 'inquiry_confirmation')?.payload?.['statusUrl']).toContain(token);
    for (const id of ids) await asServer((tx) => tx`select private.mark_notification_sent(${id})`);
    for (const id of ids) expect(await state(id)).toMatchObject({ delivery: 'sent', payload: null });
    expect(await sql`select 1 from public.notifications where payload::text like ${`%${token}%`}`).toEqual(
      [],
    );
    await sql`update public.notifications set claimed_at = null, next_attempt_at = now() where id = any(${ids}::uuid[])`;
    expect(await claim(sql, ids)).toEqual([]);
    expect(await delivery(token)).toEqual({
      delivery: 'sent',
      recipient: 'program',
      sent: true,
      failed: false,
    });
  });

  it('a failed try waits 2^attempts minutes; after the last try the row is failed and the site team alerted', async () => {
    const { ids, token } = await sendAsTheApi(ACTORS.anon);
    const [confirmationId] = ids.slice(1);
    const [{ max } = { max: 0 }] = await sql<
      { max: number }[]
    >`select private.notification_max_attempts() as max`;
    expect(max).toBe(5);
    for (let attempt = 1; attempt <= max; attempt++) {
      expect((await claim(sql, ids)).map((c) => c.attempts)).toEqual([attempt, attempt]);
      // Claimed: no other drain takes them meanwhile.
      expect(await claim(sql2, ids)).toEqual([]);
      for (const id of ids)
        await asServer((tx) => tx`select private.mark_notification_failed(${id}, 'SMTP down')`);
      const row = await state(confirmationId ?? '');
      if (attempt < max) {
        expect(row).toMatchObject({
          delivery: 'queued',
          attempts: attempt,
          claimed: false,
          last_error: 'SMTP down',
        });
        expect(row?.wait).toBeGreaterThanOrEqual(Math.min(60 * 2 ** attempt, 3600) - 2);
        expect(row?.wait).toBeLessThanOrEqual(Math.min(60 * 2 ** attempt, 3600));
        // Not due yet.
        expect(await claim(sql, ids)).toEqual([]);
        expect(await delivery(token)).toMatchObject({ delivery: 'queued' });
        await sql`update public.notifications set next_attempt_at = now() where id = any(${ids}::uuid[])`;
      }
    }
    for (const id of ids)
      expect(await state(id)).toMatchObject({ delivery: 'failed', attempts: max, payload: null });
    await sql`update public.notifications set next_attempt_at = now() where id = any(${ids}::uuid[])`;
    expect(await claim(sql, ids)).toEqual([]);
    expect(await delivery(token)).toEqual({
      delivery: 'failed',
      recipient: 'program',
      sent: false,
      failed: true,
    });

    // One alert per failed row, for the site team, with what it said but not the status link.
    const alerts = await sql<
      { id: string; subject_id: string; recipient: string; payload: Record<string, unknown> }[]
    >`
      select id, subject_id, recipient, payload from public.notifications
      where kind = 'delivery_failed' and subject_id = any(${ids}::uuid[])`;
    messages.push(...alerts.map((a) => a.id));
    expect(alerts.map((a) => a.subject_id).sort()).toEqual([...ids].sort());
    expect(alerts.every((a) => a.recipient === 'site_team')).toBe(true);
    const alert = alerts.find((a) => a.subject_id === confirmationId)?.payload;
    expect(alert).toMatchObject({
      failed_kind: 'inquiry_confirmation',
      recipient: 'family',
      attempts: max,
      last_error: 'SMTP down',
      message: { to: 'family@example.com', name: 'Robin' },
    });
    expect(JSON.stringify(alerts)).not.toContain(token);

    // An alert that fails for good raises no alert of its own.
    const alertIds = alerts.map((a) => a.id);
    for (let attempt = 1; attempt <= max; attempt++) {
      await sql`update public.notifications set next_attempt_at = now() where id = any(${alertIds}::uuid[])`;
      expect(await claim(sql, alertIds)).toHaveLength(2);
      for (const id of alertIds)
        await asServer((tx) => tx`select private.mark_notification_failed(${id}, 'down')`);
    }
    expect(await sql`select 1 from public.notifications where subject_id = any(${alertIds}::uuid[])`).toEqual(
      [],
    );
    for (const id of alertIds) expect(await state(id)).toMatchObject({ delivery: 'failed', payload: null });
  });

  it('two drains at the same time get disjoint rows; decision rows are left to claim_notifications', async () => {
    const sent = await Promise.all([1, 2, 3].map(() => sendAsTheApi(ACTORS.anon)));
    const ids = sent.flatMap((s) => s.ids);
    let first: Claimed[] = [];
    let second: Claimed[] = [];
    await sql.begin(async (tx) => {
      await tx`set local role service_role`;
      first = await tx<Claimed[]>`select * from private.claim_messages(2, ${ids}::uuid[])`;
      // While the first drain's transaction still holds its rows locked:
      second = await claim(sql2, ids);
    });
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(ids.length - 2);
    expect(new Set([...first, ...second].map((c) => c.id)).size).toBe(ids.length);

    // A decision notification is not a message, and messages are not decisions.
    const [decision] = await sql<{ id: string }[]>`
      insert into public.notifications (kind, provider_id, subject_id)
      values ('listing_rejected', ${OTHER.provider}, ${OTHER.draftListing}) returning id`;
    messages.push(decision?.id ?? '');
    expect(await claim(sql, [decision?.id ?? ''])).toEqual([]);
    await sql`update public.notifications set claimed_at = null where id = any(${ids}::uuid[])`;
    const decisions = await sql.begin(async (tx) => {
      await tx`set local role service_role`;
      return tx<{ id: string }[]>`select id from private.claim_notifications(100)`;
    });
    expect(decisions.map((d) => d.id)).toContain(decision?.id);
    expect(decisions.some((d) => ids.includes(d.id))).toBe(false);
  });

  it('a family that deletes its account: its queued e-mails and their alerts are dropped with their data', async () => {
    const { inquiry, ids } = await sendAsTheApi(ACTORS.family);
    const [alert] = await sql<{ id: string }[]>`
      insert into public.notifications (kind, subject_id, recipient, payload)
      values ('delivery_failed', ${ids[0] ?? ''}, 'site_team', '{"message":{"name":"Robin"}}') returning id`;
    messages.push(alert?.id ?? '');
    // As private.delete_account() scrubs a request.
    await sql`update public.provider_inquiries
              set name = null, email = null, phone = null, message = '', location = null,
                  status_token_hash = null, sender_id = null, personal_data_removed_at = now()
              where id = ${inquiry}`;
    for (const id of [...ids, alert?.id ?? ''])
      expect(await state(id)).toMatchObject({ delivery: 'failed', payload: null });
    expect(await claim(sql, [...ids, alert?.id ?? ''])).toEqual([]);
  });

  it('a message row needs a recipient and, until it is done, its payload', async () => {
    const insert = (recipient: string | null, payload: string | null) =>
      sqlState(
        sql.begin(
          (tx) => tx`insert into public.notifications (kind, subject_id, recipient, payload)
                     values ('contact', ${randomUUID()}, ${recipient}, ${payload}::text::jsonb)`,
        ),
      );
    expect(await insert(null, '{"name":"x"}')).toBe('23514');
    expect(await insert('site_team', null)).toBe('23514');
    expect(await insert('nobody', '{"name":"x"}')).toBe('23514');
    expect(await insert('site_team', '"not an object"')).toBe('23514');
    expect(await insert('site_team', JSON.stringify({ big: 'x'.repeat(70_000) }))).toBe('23514');
  });
});
