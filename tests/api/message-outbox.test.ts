/**
 * "A request to a program always arrives, or someone knows it did not." The e-mails of
 * POST /api/inquiries and POST /api/contact go through the `notifications` outbox
 * (supabase/migrations/20261125000100_message_outbox.sql, _shared/message-outbox.ts):
 *
 * - they are written in the same transaction as the request (an outbox that refuses the row
 *   means nothing is stored, and the answer is an error rather than a silent loss);
 * - with the mail transport down the answer is still 201 and nothing is sent; the rows stay
 *   queued, retried with backoff, and the drain delivers them once the transport is back;
 * - after the last failed try the row is failed, the site inbox gets an alert (through the
 *   outbox, never with the family's status link) and the status page says the site team is
 *   forwarding the request;
 * - the status link's token is in the outbox only until its e-mail is sent.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import contact from '../../netlify/functions/contact.mts';
import inquiries from '../../netlify/functions/inquiries.mts';
import requests from '../../netlify/functions/requests.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { resetEnvForTests } from '../../netlify/functions/_shared/env.ts';
import { sendMessages } from '../../netlify/functions/_shared/message-outbox.ts';
import { drainNotifications } from '../../netlify/functions/_shared/notifications.ts';
import { uniqueIp } from './fuzz.ts';
import { adminSql, body, ctx, jsonRequest, outboxFor, type OutboxMessage } from './helpers.ts';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const PROGRAM = {
  id: 'silver-creek-ranch',
  name: 'Silver Creek Ranch for Young Men',
  email: 'admissions@silvercreekranch.example.org',
};
const INBOX = process.env['SITE_INBOX_EMAIL'] || 'hello@example.org';

/** A port nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

const realOutbox = process.env['OUTBOX_URL'];

/** Points the mailer at a closed port: every e-mail fails, as when the mail service is down. */
async function stopMailTransport(): Promise<void> {
  process.env['OUTBOX_URL'] = `http://127.0.0.1:${String(await closedPort())}`;
  resetEnvForTests();
}

function restoreMailTransport(): void {
  if (realOutbox === undefined) Reflect.deleteProperty(process.env, 'OUTBOX_URL');
  else process.env['OUTBOX_URL'] = realOutbox;
  resetEnvForTests();
}
afterEach(restoreMailTransport);

interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  delivery: 'queued' | 'sent' | 'failed';
  attempts: number;
  payload: Record<string, unknown> | null;
  last_error: string | null;
  /** Seconds from now until the next try may start. */
  wait: number;
}

/** The outbox rows about `subject` (a request or a contact message), by kind. */
async function rowsAbout(subject: string): Promise<Record<string, OutboxRow>> {
  const rows = await sql<OutboxRow[]>`
    select id, kind, recipient, delivery, attempts, payload, last_error,
           extract(epoch from next_attempt_at - now())::float8 as wait
    from public.notifications where subject_id = ${subject}`;
  return Object.fromEntries(rows.map((r) => [r.kind, r]));
}

/** As the drain sees it after a wait: the next try of these rows is due (SQL as service_role). */
async function makeDue(ids: string[]): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`set local role service_role`;
    await tx`update public.notifications set next_attempt_at = now() - interval '1 second'
             where id = any(${ids}::uuid[])`;
  });
}

const postInquiry = (payload: Record<string, unknown>) =>
  inquiries(jsonRequest('/api/inquiries', payload), ctx(uniqueIp()));

const getStatus = async (token: string) =>
  body<{ status: string; delivery: { state: string; to: string; delivered_at: string | null } | null }>(
    await requests(new Request(`http://localhost/api/requests/${token}`), ctx(uniqueIp())),
  );

function inquiry(): Record<string, unknown> & { email: string } {
  return {
    program_id: PROGRAM.id,
    type: 'info',
    name: 'Robin Parent',
    email: `robin-${randomUUID()}@example.com`,
    message: 'Is there a bed for our son in May?',
  };
}

const mailsTo = async (to: string, marker: string): Promise<OutboxMessage[]> =>
  (await outboxFor(to)).filter((m) => m.text.includes(marker));

const tokenOf = (row: OutboxRow | undefined): string =>
  /\/request\/([A-Za-z0-9_-]{43})$/.exec(String(row?.payload?.['statusUrl']))?.[1] ?? '';

describe('an inquiry while the mail transport is down', () => {
  it('is answered 201 with nothing sent; the drain sends both e-mails once the transport is back', async () => {
    await stopMailTransport();
    const payload = inquiry();
    const res = await postInquiry(payload);
    expect(res.status).toBe(201);
    const { id, routed } = await body<{ id: string; routed: string }>(res);
    expect(routed).toBe('program');
    expect(await outboxFor(payload.email)).toEqual([]);
    expect(await mailsTo(PROGRAM.email, payload.email)).toEqual([]);
    expect(await sql`select 1 from provider_inquiries where id = ${id}`).toHaveLength(1);

    // Both e-mails are queued, tried once (right after the request), and wait ~2 minutes.
    const queued = await rowsAbout(id);
    expect(Object.keys(queued).sort()).toEqual(['inquiry', 'inquiry_confirmation']);
    for (const row of Object.values(queued)) {
      expect(row).toMatchObject({ delivery: 'queued', attempts: 1 });
      expect(row.last_error).toMatch(/Mail \(\w+ via outbox\) failed/);
      expect(row.wait).toBeGreaterThan(100);
      expect(row.wait).toBeLessThanOrEqual(120);
    }
    expect(queued['inquiry']?.recipient).toBe('program');
    const token = tokenOf(queued['inquiry_confirmation']);
    expect(token).toHaveLength(43);
    expect(await getStatus(token)).toMatchObject({
      status: 'new',
      delivery: { state: 'sending', to: 'program', delivered_at: null },
    });

    // Not due yet: a drain now leaves them alone.
    restoreMailTransport();
    await drainNotifications();
    expect(await outboxFor(payload.email)).toEqual([]);

    await makeDue(Object.values(queued).map((r) => r.id));
    await drainNotifications();
    const [toProgram, ...moreToProgram] = await mailsTo(PROGRAM.email, payload.email);
    expect(moreToProgram).toEqual([]);
    expect(toProgram?.subject).toBe(`New information request for ${PROGRAM.name}`);
    const [confirmation, ...moreConfirmations] = await outboxFor(payload.email);
    expect(moreConfirmations).toEqual([]);
    expect(confirmation?.text).toContain(`/request/${token}`);

    const sent = await rowsAbout(id);
    for (const row of Object.values(sent)) expect(row).toMatchObject({ delivery: 'sent', payload: null });
    // The plaintext token is gone from the outbox once its e-mail is sent.
    expect(await sql`select 1 from public.notifications where payload::text like ${`%${token}%`}`).toEqual(
      [],
    );
    const status = await getStatus(token);
    expect(status.delivery).toMatchObject({ state: 'delivered', to: 'program' });
    expect(Date.parse(status.delivery?.delivered_at ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // Each e-mail once: another due drain sends nothing again.
    await makeDue(Object.values(sent).map((r) => r.id));
    await drainNotifications();
    expect(await outboxFor(payload.email)).toHaveLength(1);
    expect(await mailsTo(PROGRAM.email, payload.email)).toHaveLength(1);
  });

  it('after the last failed try: failed, the site inbox is alerted through the outbox, and the status page says the site team is forwarding it', async () => {
    await stopMailTransport();
    const payload = inquiry();
    const res = await postInquiry(payload);
    expect(res.status).toBe(201);
    const { id } = await body<{ id: string }>(res);
    const first = await rowsAbout(id);
    const token = tokenOf(first['inquiry_confirmation']);
    const ids = Object.values(first).map((r) => r.id);
    const [{ max } = { max: 0 }] = await sql<
      { max: number }[]
    >`select private.notification_max_attempts() as max`;
    expect(max).toBe(5);

    // Each further try fails too; the wait before the next one doubles (2, 4, 8, 16 minutes).
    for (let attempt = 2; attempt <= max; attempt++) {
      await makeDue(ids);
      expect(await sendMessages({ ids })).toEqual({ claimed: 2, sent: 0, failed: 2 });
      const rows = await rowsAbout(id);
      for (const row of [rows['inquiry'], rows['inquiry_confirmation']]) {
        expect(row?.attempts).toBe(attempt);
        if (attempt < max) {
          expect(row?.delivery).toBe('queued');
          expect(row?.wait).toBeGreaterThan(60 * 2 ** attempt - 20);
          expect(row?.wait).toBeLessThanOrEqual(60 * 2 ** attempt);
        }
      }
      expect(await getStatus(token)).toMatchObject({
        delivery: { state: attempt < max ? 'sending' : 'forwarding', to: 'program', delivered_at: null },
      });
    }
    const failed = await rowsAbout(id);
    for (const kind of ['inquiry', 'inquiry_confirmation'])
      expect(failed[kind]).toMatchObject({ delivery: 'failed', attempts: max, payload: null });
    // Failed for good: no more tries.
    await makeDue(ids);
    expect(await sendMessages({ ids })).toEqual({ claimed: 0, sent: 0, failed: 0 });

    // One alert per failed e-mail, queued for the site team, without the status link.
    const alerts = await sql<{ id: string; subject_id: string; delivery: string; payload: unknown }[]>`
      select id, subject_id, delivery, payload from public.notifications
      where kind = 'delivery_failed' and subject_id = any(${ids}::uuid[])`;
    expect(alerts.map((a) => a.subject_id).sort()).toEqual([...ids].sort());
    expect(alerts.every((a) => a.delivery === 'queued')).toBe(true);
    expect(JSON.stringify(alerts)).not.toContain(token);
    expect(JSON.stringify(alerts)).toContain(payload.email);

    // The transport is back: the alerts go out with the next drain, once each.
    restoreMailTransport();
    await drainNotifications();
    const inbox = await mailsTo(INBOX, payload.email);
    const forward = inbox.filter(
      (m) => m.subject === `Not delivered: information request for ${PROGRAM.name}`,
    );
    expect(forward).toHaveLength(1);
    expect(forward[0]?.text).toContain('Please forward it to the program');
    expect(forward[0]?.text).toContain(PROGRAM.email);
    expect(forward[0]?.text).toContain('Is there a bed for our son in May?');
    expect(forward[0]?.text).toContain(id);
    expect(inbox.filter((m) => m.subject.startsWith('Not delivered: confirmation of'))).toHaveLength(1);
    expect(inbox.some((m) => m.text.includes(token) || m.html.includes(token))).toBe(false);
    expect(
      (
        await sql`select delivery from public.notifications where id = any(${alerts.map((a) => a.id)}::uuid[])`
      ).map((r) => r['delivery'] as string),
    ).toEqual(['sent', 'sent']);
    // Neither the family nor the program got the request itself.
    expect(await outboxFor(payload.email)).toEqual([]);
    expect(await mailsTo(PROGRAM.email, payload.email)).toEqual([]);
    expect((await getStatus(token)).delivery?.state).toBe('forwarding');
  });
});

describe('a contact message while the mail transport is down', () => {
  const message = () => {
    const marker = randomUUID();
    return {
      marker,
      body: {
        name: 'Dana Example',
        email: `dana-${marker}@example.com`,
        subject: `Outbox ${marker}`,
        message: 'Do you list programs in Maine?',
      },
    };
  };
  const post = (payload: unknown) => contact(jsonRequest('/api/contact', payload), ctx(uniqueIp()));

  it('is answered 201 with nothing sent; the drain delivers it once the transport is back', async () => {
    await stopMailTransport();
    const m = message();
    expect((await post(m.body)).status).toBe(201);
    const [stored] = await sql<
      { id: string }[]
    >`select id from contact_messages where subject = ${m.body.subject}`;
    expect(stored).toBeDefined();
    expect(await mailsTo(INBOX, m.marker)).toEqual([]);
    const queued = (await rowsAbout(stored?.id ?? ''))['contact'];
    expect(queued).toMatchObject({ delivery: 'queued', attempts: 1, recipient: 'site_team' });

    restoreMailTransport();
    await makeDue([queued?.id ?? '']);
    await drainNotifications();
    const mails = await mailsTo(INBOX, m.marker);
    expect(mails.map((x) => x.subject)).toEqual([`Contact form: ${m.body.subject}`]);
    expect((await rowsAbout(stored?.id ?? ''))['contact']).toMatchObject({ delivery: 'sent', payload: null });
  });
});

describe('the request and its e-mails are one transaction', () => {
  /** Makes the outbox refuse rows whose payload names `name` (as a broken outbox would). */
  async function withOutboxRefusing(name: string, fn: () => Promise<void>): Promise<void> {
    const constraint = `test_refuse_${randomUUID().replaceAll('-', '')}`;
    await sql.unsafe(
      `alter table public.notifications add constraint ${constraint} check (payload->>'name' is distinct from '${name}')`,
    );
    try {
      await fn();
    } finally {
      await sql.unsafe(`alter table public.notifications drop constraint ${constraint}`);
    }
  }

  it('an inquiry whose e-mails cannot be queued is not stored either (and the answer says it failed)', async () => {
    const payload = { ...inquiry(), name: `Refused ${randomUUID().slice(0, 8)}` };
    await withOutboxRefusing(payload.name, async () => {
      const res = await postInquiry(payload);
      expect(res.status).toBe(500);
    });
    expect(await sql`select 1 from provider_inquiries where email = ${payload.email}`).toEqual([]);
    expect(await outboxFor(payload.email)).toEqual([]);
  });

  it('a contact message whose e-mail cannot be queued is not stored either', async () => {
    const name = `Refused ${randomUUID().slice(0, 8)}`;
    const subject = `Refused ${randomUUID()}`;
    await withOutboxRefusing(name, async () => {
      const res = await contact(
        jsonRequest('/api/contact', { name, email: 'refused@example.com', subject, message: 'Hello' }),
        ctx(uniqueIp()),
      );
      expect(res.status).toBe(500);
    });
    expect(await sql`select 1 from contact_messages where subject = ${subject}`).toEqual([]);
  });
});
