/**
 * A request a family can follow to the end: the best time to call goes to the program (its e-mail
 * and dashboard) and nowhere else; a status change by the program e-mails the family (through the
 * outbox, in the transaction of the change) with a new private link that opens the request in the
 * same words as everywhere (Sent, Delivered, Contacted, Closed); My Account links each request to
 * its status page (`/request?id=…`, for the signed-in sender only); and after the account is
 * deleted, an old status link says the request was deleted with it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import account from '../../netlify/functions/account.mts';
import inquiries from '../../netlify/functions/inquiries.mts';
import dashboard from '../../netlify/functions/provider-dashboard.mts';
import providerInquiries from '../../netlify/functions/provider-inquiries.mts';
import requests from '../../netlify/functions/requests.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import type { AccountResponse } from '../../src/api/contracts/account.ts';
import {
  REQUEST_DELETED,
  REQUEST_NOT_FOUND,
  type RequestStatusResponse,
} from '../../src/api/contracts/inquiries.ts';
import type { DashboardResponse, ProviderInquiry } from '../../src/api/contracts/providers.ts';
import { MESSAGES } from '../../src/lib/schemas.ts';
import { uniqueIp } from './fuzz.ts';
import {
  SEED,
  adminSql,
  body,
  confirmedUser,
  ctx,
  jsonRequest,
  outboxFor,
  signIn,
  type ApiError,
  type OutboxMessage,
} from './helpers.ts';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

/** The program published from the seed's approved listing: its requests go to the demo provider. */
let program: { id: string; email: string };
let providerToken: string;

beforeAll(async () => {
  const [row] = await sql<{ id: string; email: string }[]>`
    select l.published_program_id as id, coalesce(p.inquiry_email, p.email) as email
    from provider_listings l join providers p on p.id = l.provider_id
    where l.id = '55555555-5555-4555-8555-555555555555'`;
  if (!row?.id) throw new Error('the seed has no published listing');
  program = row;
  providerToken = await signIn(SEED.provider.email, SEED.provider.password);
});

function sendRequest(payload: Record<string, unknown>, token?: string): Promise<Response> {
  return inquiries(
    jsonRequest('/api/inquiries', payload, token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ctx(uniqueIp()),
  );
}

function callRequest(email: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    program_id: program.id,
    type: 'call',
    name: 'Robin Parent',
    email,
    phone: '555 010 7777',
    message: 'We would like to talk about admission.',
    ...extra,
  };
}

const statusByToken = (token: string) =>
  requests(new Request(`http://localhost/api/requests/${token}`), ctx(uniqueIp()));

function statusById(id: string, token?: string): Promise<Response> {
  return requests(
    new Request(`http://localhost/api/requests?id=${encodeURIComponent(id)}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
    ctx(uniqueIp()),
  );
}

function patchStatus(id: string, status: string): Promise<Response> {
  const req = new Request(`http://localhost/api/provider/inquiries/${id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${providerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  return providerInquiries(req, Object.assign(ctx(uniqueIp()), { params: { id } }));
}

function tokenIn(mail: OutboxMessage | undefined): string {
  const match = /\/request\/([A-Za-z0-9_-]{43})\b/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no status link in: ${mail?.text ?? '(no mail)'}`);
  return match[1];
}

/** The family's mails whose subject matches, newest first (the outbox lists newest first). */
async function familyMails(email: string, subject: RegExp): Promise<OutboxMessage[]> {
  return (await outboxFor(email)).filter((m) => subject.test(m.subject));
}

describe('the best time to call', () => {
  it('is stored with a call request and shown to the program: its e-mail and its dashboard', async () => {
    const email = `best-time-${randomUUID()}@example.com`;
    const res = await sendRequest(callRequest(email, { best_time_to_call: '  Weekdays after 5 pm ET ' }));
    expect(res.status).toBe(201);
    const { id } = await body<{ id: string }>(res);

    const [row] = await sql<{ best_time_to_call: string | null }[]>`
      select best_time_to_call from provider_inquiries where id = ${id}`;
    expect(row?.best_time_to_call).toBe('Weekdays after 5 pm ET');

    const toProgram = (await outboxFor(program.email)).find((m) => m.text.includes(email));
    expect(toProgram?.text).toContain('Best time to call: Weekdays after 5 pm ET');
    expect(toProgram?.html).toContain('Best time to call');

    const dash = await dashboard(
      new Request('http://localhost/api/provider/dashboard', {
        headers: { authorization: `Bearer ${providerToken}` },
      }),
      ctx(uniqueIp()),
    );
    expect(dash.status).toBe(200);
    const seen = (await body<DashboardResponse>(dash)).inquiries.find((i) => i.id === id);
    expect(seen).toMatchObject({ best_time_to_call: 'Weekdays after 5 pm ET', type: 'call' });
  });

  it('is not in what the family receives or the status page', async () => {
    const email = `best-time-private-${randomUUID()}@example.com`;
    expect((await sendRequest(callRequest(email, { best_time_to_call: 'Mornings only' }))).status).toBe(201);
    const [confirmation] = await outboxFor(email);
    expect(confirmation?.text).not.toContain('Mornings only');
    const status = await statusByToken(tokenIn(confirmation));
    expect(status.status).toBe(200);
    expect(JSON.stringify(await body<unknown>(status))).not.toContain('Mornings');
  });

  it.each([
    ['an info request', { type: 'info', best_time_to_call: 'Mornings' }, MESSAGES.bestTimeCallOnly],
    [
      '201 characters',
      { best_time_to_call: 'x'.repeat(201) },
      'Best time to call must be at most 200 characters.',
    ],
    [
      'a control character',
      { best_time_to_call: 'Mornings\u0007' },
      'Best time to call must not contain control characters.',
    ],
  ])('%s → 400 with its message; nothing stored', async (_label, extra, message) => {
    const email = `best-time-refused-${randomUUID()}@example.com`;
    const res = await sendRequest(callRequest(email, extra));
    expect(res.status).toBe(400);
    expect((await body<ApiError>(res)).error.fields?.['best_time_to_call']).toBe(message);
    expect(await sql`select id from provider_inquiries where email = ${email}`).toHaveLength(0);
  });

  it('an empty best time is simply not given', async () => {
    const email = `best-time-empty-${randomUUID()}@example.com`;
    const res = await sendRequest(callRequest(email, { best_time_to_call: '   ' }));
    expect(res.status).toBe(201);
    const { id } = await body<{ id: string }>(res);
    const [row] = await sql<{ best_time_to_call: string | null }[]>`
      select best_time_to_call from provider_inquiries where id = ${id}`;
    expect(row?.best_time_to_call).toBeNull();
  });
});

describe('a status change e-mails the family', () => {
  it('through the outbox, with a new link; both links show the same word', async () => {
    const email = `status-mail-${randomUUID()}@example.com`;
    const res = await sendRequest(callRequest(email, { best_time_to_call: 'Evenings' }));
    expect(res.status).toBe(201);
    const { id } = await body<{ id: string }>(res);
    const firstToken = tokenIn((await outboxFor(email))[0]);

    const before = await body<RequestStatusResponse>(await statusByToken(firstToken));
    expect(before).toMatchObject({ status: 'new', stage: 'delivered' });

    const changed = await patchStatus(id, 'contacted');
    expect(changed.status).toBe(200);
    const { inquiry } = await body<{ inquiry: ProviderInquiry }>(changed);
    expect(inquiry).toMatchObject({ id, status: 'contacted', best_time_to_call: 'Evenings' });
    expect(inquiry.delivered_at).not.toBeNull();

    const [mail, ...others] = await familyMails(email, /: Contacted$/);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe(`Your call request to ${inquiry.program_name ?? ''}: Contacted`);
    expect(mail?.text).toContain('marked your request as Contacted');
    // Nothing of what the family wrote: no message, phone or best time.
    for (const secret of ['admission', '555 010 7777', 'Evenings']) expect(mail?.text).not.toContain(secret);
    // Links only to the site.
    for (const href of [...(mail?.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? ''))
      expect(href.startsWith(`${process.env['SITE_URL'] ?? ''}/request/`)).toBe(true);

    const secondToken = tokenIn(mail);
    expect(secondToken).not.toBe(firstToken);
    for (const token of [firstToken, secondToken]) {
      const seen = await body<RequestStatusResponse>(await statusByToken(token));
      expect(seen).toMatchObject({ status: 'contacted', stage: 'contacted' });
    }

    const [queued] = await sql<{ delivery: string; recipient: string; payload: unknown }[]>`
      select delivery, recipient, payload from notifications where subject_id = ${id} and kind = 'inquiry_status'`;
    // Sent right after the change; the payload (with its link) is gone once sent.
    expect(queued).toEqual({ delivery: 'sent', recipient: 'family', payload: null });
  });

  it('no e-mail when the status does not change', async () => {
    const email = `status-same-${randomUUID()}@example.com`;
    const { id } = await body<{ id: string }>(await sendRequest(callRequest(email)));
    expect((await patchStatus(id, 'new')).status).toBe(200);
    expect(
      await sql`select id from notifications where subject_id = ${id} and kind = 'inquiry_status'`,
    ).toHaveLength(0);
    expect(await familyMails(email, /: (Sent|Delivered|Contacted|Closed)$/)).toEqual([]);
  });
});

describe('My Account → the status page of each request', () => {
  it('the account lists each request with its word and its /request?id= page, which only the sender opens', async () => {
    const family = await confirmedUser('follow-family', 'family-pass-1');
    const other = await confirmedUser('follow-other', 'family-pass-1');
    const res = await sendRequest(callRequest(family.email), family.token);
    expect(res.status).toBe(201);
    const { id } = await body<{ id: string }>(res);

    const mine = await account(
      new Request('http://localhost/api/account', { headers: { authorization: `Bearer ${family.token}` } }),
      ctx(uniqueIp()),
    );
    const data = await body<AccountResponse>(mine);
    expect(data.requests).toHaveLength(1);
    expect(data.requests[0]).toMatchObject({
      id,
      status: 'new',
      stage: 'delivered',
      status_path: `/request?id=${id}`,
    });

    const own = await statusById(id, family.token);
    expect(own.status).toBe(200);
    expect(await body<RequestStatusResponse>(own)).toMatchObject({
      type: 'call',
      status: 'new',
      stage: 'delivered',
      delivery: { state: 'delivered', to: 'program' },
    });

    const notTheirs = await statusById(id, other.token);
    expect(notTheirs.status).toBe(404);
    expect((await body<ApiError>(notTheirs)).error.message).toBe(REQUEST_NOT_FOUND);
    expect((await statusById(id)).status).toBe(401);
    expect((await statusById('not-a-uuid', family.token)).status).toBe(404);
  });
});

describe('after the account is deleted', () => {
  it('an old status link says the request was deleted with the account it was sent from', async () => {
    const family = await confirmedUser('follow-deleted', 'family-pass-1');
    const res = await sendRequest(callRequest(family.email), family.token);
    const { id } = await body<{ id: string }>(res);
    const firstToken = tokenIn((await outboxFor(family.email))[0]);
    expect((await patchStatus(id, 'contacted')).status).toBe(200);
    const secondToken = tokenIn((await familyMails(family.email, /: Contacted$/))[0]);

    const deleted = await account(
      new Request('http://localhost/api/account', {
        method: 'DELETE',
        headers: { authorization: `Bearer ${family.token}` },
      }),
      ctx(uniqueIp()),
    );
    expect(deleted.status).toBe(204);

    for (const token of [firstToken, secondToken]) {
      const gone = await statusByToken(token);
      expect(gone.status).toBe(410);
      const data = await body<ApiError>(gone);
      expect(data.error.message).toBe(REQUEST_DELETED);
      expect(JSON.stringify(data)).not.toContain(family.email);
    }
    // A link nobody ever had is still simply not found.
    expect((await statusByToken('Z'.repeat(43))).status).toBe(404);
  });
});
