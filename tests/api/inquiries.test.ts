/**
 * POST /api/inquiries and GET /api/requests/:token: requests are stored and e-mailed (to the
 * program and a confirmation with the status link to the family); every refusal has its exact
 * status and stores and sends nothing; the status link follows the program's updates.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import inquiries, { config, MAX_BODY_BYTES, PER_EMAIL } from '../../netlify/functions/inquiries.mts';
import requests, { config as requestsConfig } from '../../netlify/functions/requests.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { renderMail } from '../../netlify/functions/_shared/mail-templates.ts';
import { MESSAGES } from '../../src/lib/schemas.ts';
import { uniqueIp } from './fuzz.ts';
import {
  REQUIRED_HEADERS,
  SEED,
  adminSql,
  body,
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

const PROGRAM = {
  id: 'silver-creek-ranch',
  name: 'Silver Creek Ranch for Young Men',
  email: 'admissions@silvercreekranch.example.org',
};
const NO_EMAIL = {
  id: 'magnolia-terrace-ocd',
  name: 'Magnolia Terrace OCD Residence',
  phone: '(555) 010-0109',
};
const INBOX = process.env['SITE_INBOX_EMAIL'] || 'hello@example.org';
const SITE_URL = process.env['SITE_URL'] ?? '';

/** A valid request with a unique sender address (per-address limits are shared through Postgres). */
function good(overrides: Record<string, unknown> = {}): Record<string, unknown> & { email: string } {
  const email = `alex-${randomUUID()}@example.com`;
  return {
    program_id: PROGRAM.id,
    type: 'info',
    name: 'Alex Parent',
    email,
    message: 'Do you have space in March?\n\nThanks <b>a lot</b>',
    ...overrides,
  };
}

const post = (payload: unknown, init: RequestInit = {}, ip = uniqueIp()) =>
  inquiries(jsonRequest('/api/inquiries', payload, init), ctx(ip));

const getStatus = (token: string, ip = uniqueIp()) =>
  requests(new Request(`http://localhost/api/requests/${token}`), ctx(ip));

interface Row {
  id: string;
  program_id: string;
  provider_id: string | null;
  type: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  program_name: string;
  urgency: string;
  status: string;
  sender_id: string | null;
  status_token_hash: string | null;
}

const rowsFor = (email: string) =>
  sql<Row[]>`select * from provider_inquiries where lower(email) = lower(${email}) order by created_at`;

/** Mails to `to` whose text mentions `marker` (e.g. the sender's unique address). */
async function mailsTo(to: string, marker: string): Promise<OutboxMessage[]> {
  return (await outboxFor(to)).filter((m) => m.text.includes(marker));
}

function statusLinkIn(mail: OutboxMessage | undefined): string {
  const match = /\/request\/([A-Za-z0-9_-]{43})\b/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no status link in: ${mail?.text ?? '(no mail)'}`);
  return match[1];
}

async function expectNothingStored(email: string): Promise<void> {
  expect(await rowsFor(email)).toEqual([]);
  expect(await outboxFor(email)).toEqual([]);
  expect(await mailsTo(PROGRAM.email, email)).toEqual([]);
  expect(await mailsTo(INBOX, email)).toEqual([]);
}

describe('POST /api/inquiries', () => {
  it('an info request: stored, e-mailed to the program and confirmed to the family with a status link', async () => {
    const payload = good();
    const res = await post(payload);
    expect(res.status).toBe(201);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    const data = await body<{ id: string; routed: string }>(res);
    expect(data.routed).toBe('program');

    const [row, ...more] = await rowsFor(payload.email);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      id: data.id,
      program_id: PROGRAM.id,
      program_name: PROGRAM.name,
      type: 'info',
      name: 'Alex Parent',
      phone: null,
      message: payload.message,
      urgency: 'medium',
      status: 'new',
      sender_id: null,
      provider_id: null,
    });

    const [toProgram, ...moreToProgram] = await mailsTo(PROGRAM.email, payload.email);
    expect(moreToProgram).toEqual([]);
    expect(toProgram?.subject).toBe(`New information request for ${PROGRAM.name}`);
    expect(toProgram?.text).toContain('Thanks <b>a lot</b>');
    expect(toProgram?.html).toContain('Thanks &lt;b&gt;a lot&lt;/b&gt;');

    const [confirmation, ...moreConfirmations] = await outboxFor(payload.email);
    expect(moreConfirmations).toEqual([]);
    expect(confirmation?.subject).toBe(`Your information request to ${PROGRAM.name}`);
    expect(confirmation?.text).toContain(`${SITE_URL}/request/`);
    const token = statusLinkIn(confirmation);
    // Only the hash is stored; the token itself is nowhere in the row.
    expect(row?.status_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    // The program's copy does not carry the family's private link.
    expect(toProgram?.text).not.toContain(token);
  });

  it('a call request has urgency high and keeps the phone', async () => {
    const payload = good({ type: 'call', phone: ' (555) 010-2233 ', message: undefined });
    const res = await post(payload);
    expect(res.status).toBe(201);
    const [row] = await rowsFor(payload.email);
    expect(row).toMatchObject({ type: 'call', urgency: 'high', phone: '(555) 010-2233', message: '' });
    const [mail] = await mailsTo(PROGRAM.email, payload.email);
    expect(mail?.subject).toBe(`New call request for ${PROGRAM.name}`);
    expect(mail?.text).toContain('Phone: (555) 010-2233');
    expect((await outboxFor(payload.email))[0]?.subject).toBe(`Your call request to ${PROGRAM.name}`);
  });

  it("a signed-in family's request is linked to their account (sender_id from the token)", async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    const payload = good();
    const res = await post(payload, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(201);
    const [row] = await rowsFor(payload.email);
    const [family] = await sql<
      { id: string }[]
    >`select id from auth.users where email = ${SEED.family.email}`;
    expect(row?.sender_id).toBe(family?.id);
  });

  it('a program without an admissions address: stored for the site team, who get the e-mail', async () => {
    const payload = good({ program_id: NO_EMAIL.id });
    const res = await post(payload);
    expect(res.status).toBe(201);
    expect((await body<{ routed: string }>(res)).routed).toBe('site_team');
    expect(await rowsFor(payload.email)).toHaveLength(1);
    const [mail] = await mailsTo(INBOX, payload.email);
    expect(mail?.subject).toBe(
      `New information request for ${NO_EMAIL.name} (no admissions address on file)`,
    );
    const [confirmation] = await outboxFor(payload.email);
    expect(confirmation?.text).toContain('our team will pass your request on');
    expect(confirmation?.text).toContain(NO_EMAIL.phone);
  });

  it("a request about a program published from a provider's listing is addressed to that provider", async () => {
    const payload = good({ program_id: 'test-program-001' });
    expect((await post(payload)).status).toBe(201);
    const [row] = await rowsFor(payload.email);
    expect(row?.provider_id).toBe('44444444-4444-4444-8444-444444444444');
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['missing name', { name: undefined }, 'name', MESSAGES.inquiryMissing],
    ['blank name', { name: ' \u200b ' }, 'name', MESSAGES.inquiryMissing],
    ['missing e-mail', { email: undefined }, 'email', MESSAGES.inquiryMissing],
    ['bad e-mail', { email: 'alex@example' }, 'email', MESSAGES.invalidEmail],
    ['a call without a phone', { type: 'call', phone: '  ' }, 'phone', MESSAGES.callPhoneMissing],
    ['a phone without digits', { type: 'call', phone: 'call me' }, 'phone', MESSAGES.invalidPhone],
    ['unknown program', { program_id: 'no-such-program' }, 'program_id', 'Unknown program.'],
    ['honeypot filled', { fax: '555 0100' }, 'fax', MESSAGES.honeypot],
    ['an unknown type', { type: 'visit' }, 'type', 'Type must be one of: info, call.'],
    ['an extra field', { urgency: 'high' }, '_', 'Unrecognized key: "urgency"'],
    [
      'a 5,001-character message',
      { message: 'x'.repeat(5001) },
      'message',
      'Message must be at most 5000 characters.',
    ],
  ])('%s → 400 with the message; nothing stored or sent', async (_label, overrides, field, message) => {
    const marker = `refused-${randomUUID()}@example.com`;
    const payload = good({ ...overrides });
    // Keep a traceable address even when the case removes or breaks the e-mail.
    const email = 'email' in overrides ? marker : payload.email;
    const sent = { ...payload, ...('email' in overrides ? {} : { email }) };
    const res = await post(sent);
    expect(res.status).toBe(400);
    const data = await body<ApiError>(res);
    if (field === '_') expect(Object.values(data.error.fields ?? {})[0]).toMatch(/urgency/);
    else expect(data.error.fields?.[field]).toBe(message);
    await expectNothingStored(email);
    if (typeof overrides['email'] === 'string') await expectNothingStored(overrides['email']);
  });

  it('a 51 KB message → 413; nothing stored or sent', async () => {
    const payload = good({ message: 'x'.repeat(51 * 1024) });
    const res = await post(payload);
    expect(res.status).toBe(413);
    expect((await body<ApiError>(res)).error.code).toBe('payload_too_large');
    expect(MAX_BODY_BYTES).toBeLessThan(51 * 1024);
    await expectNothingStored(payload.email);
  });

  it('not JSON → 415, another method → 405, an invalid token → 401; nothing stored', async () => {
    const payload = good();
    const form = await inquiries(
      new Request('http://localhost/api/inquiries', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(payload as Record<string, string>).toString(),
      }),
      ctx(uniqueIp()),
    );
    expect(form.status).toBe(415);
    const get = await inquiries(new Request('http://localhost/api/inquiries'), ctx(uniqueIp()));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const badToken = await post(payload, { headers: { authorization: 'Bearer not-a-token' } });
    expect(badToken.status).toBe(401);
    await expectNothingStored(payload.email);
  });

  it(`a burst from one IP: the ${String(config.rateLimit?.windowLimit)} allowed, then 429 and nothing stored`, async () => {
    const ip = uniqueIp();
    const limit = config.rateLimit?.windowLimit ?? 0;
    for (let i = 0; i < limit; i++) expect((await post(good({ name: '' }), {}, ip)).status).toBe(400);
    const payload = good();
    const res = await post(payload, {}, ip);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await body<ApiError>(res)).error.message).toBe(
      'Too many requests. Please wait a moment before trying again.',
    );
    await expectNothingStored(payload.email);
    // Another address is not affected.
    expect((await post(good())).status).toBe(201);
  });

  it(`one e-mail address from many IPs: ${String(PER_EMAIL.windowLimit)} an hour, then 429 and nothing more stored`, async () => {
    const email = `burst-${randomUUID()}@example.com`;
    for (let i = 0; i < PER_EMAIL.windowLimit; i++) {
      // Letter case does not make a new address.
      const res = await post(good({ email: i % 2 ? email.toUpperCase() : email }));
      expect(res.status).toBe(201);
    }
    const res = await post(good({ email }));
    expect(res.status).toBe(429);
    expect((await body<ApiError>(res)).error.message).toMatch(/several requests from this email address/);
    expect(await rowsFor(email)).toHaveLength(PER_EMAIL.windowLimit);
  });
});

describe('GET /api/requests/:token', () => {
  async function sendOne(): Promise<{ token: string; id: string; email: string }> {
    const payload = good({ type: 'call', phone: '555 010 4444' });
    const res = await post(payload);
    expect(res.status).toBe(201);
    const { id } = await body<{ id: string }>(res);
    return { token: statusLinkIn((await outboxFor(payload.email))[0]), id, email: payload.email };
  }

  it('shows the program, type, date and status, nothing personal, and follows status changes', async () => {
    const { token, id, email } = await sendOne();
    const res = await getStatus(token);
    expect(res.status).toBe(200);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    const data = await body<Record<string, unknown>>(res);
    expect(data).toEqual({
      program: { id: PROGRAM.id, name: PROGRAM.name },
      type: 'call',
      status: 'new',
      stage: 'delivered',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      delivery: {
        state: 'delivered',
        to: 'program',
        delivered_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      },
    });
    expect(JSON.stringify(data)).not.toContain(email);
    expect(JSON.stringify(data)).not.toContain('555 010 4444');

    for (const status of ['contacted', 'closed']) {
      await sql`update provider_inquiries set status = ${status} where id = ${id}`;
      expect((await body<{ status: string }>(await getStatus(token))).status).toBe(status);
    }
  });

  it.each([
    ['an unknown token', 'A'.repeat(43)],
    ['a token one character short', 'B'.repeat(42)],
    ['the hash instead of the token', 'c'.repeat(64)],
    ['garbage', '%27%20or%201%3D1--'],
  ])('%s → 404 with the same message', async (_label, token) => {
    const res = await getStatus(token);
    expect(res.status).toBe(404);
    const data = await body<ApiError>(res);
    expect(data.error.code).toBe('not_found');
    expect(data.error.message).toMatch(/could not find this request/);
  });

  it('a stored hash does not work as a token', async () => {
    const { id } = await sendOne();
    const [row] = await sql<
      { h: string }[]
    >`select status_token_hash as h from provider_inquiries where id = ${id}`;
    expect((await getStatus(row?.h ?? '')).status).toBe(404);
  });

  it('answers only GET', async () => {
    const res = await requests(
      new Request(`http://localhost/api/requests/${'A'.repeat(43)}`, { method: 'DELETE' }),
      ctx(uniqueIp()),
    );
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });

  it(`is rate limited per IP (${String(requestsConfig.rateLimit?.windowLimit)} a minute)`, async () => {
    const ip = uniqueIp();
    const limit = requestsConfig.rateLimit?.windowLimit ?? 0;
    for (let i = 0; i < limit; i++) expect((await getStatus('A'.repeat(43), ip)).status).toBe(404);
    expect((await getStatus('A'.repeat(43), ip)).status).toBe(429);
  });
});

describe('the functions as Netlify reads them', () => {
  const zisiEntry = import.meta.resolve('@netlify/zip-it-and-ship-it');
  const parserUrl = new URL('./runtimes/node/in_source_config/index.js', zisiEntry);

  it.each([
    ['inquiries', ['/api/inquiries'], config],
    ['requests', ['/api/requests/:token', '/api/requests'], requestsConfig],
  ] as const)('%s.mts: v2, path and rate limit are literal', async (name, path, cfg) => {
    const { parseSource } = (await import(parserUrl.href)) as {
      parseSource: (
        source: string,
        options: { functionName: string },
      ) => { config: { path?: string[]; rateLimit?: unknown }; runtimeAPIVersion: number };
    };
    const source = await readFile(new URL(`../../netlify/functions/${name}.mts`, import.meta.url), 'utf8');
    const parsed = parseSource(source, { functionName: name });
    expect(parsed.runtimeAPIVersion).toBe(2);
    expect(parsed.config.path).toEqual(path);
    expect(parsed.config.rateLimit).toEqual(cfg.rateLimit);
  });
});

describe('mail templates', () => {
  const renderCtx = { siteUrl: 'https://directory.example.org', inboxEmail: 'hello@example.org' };

  it('the confirmation escapes what the family typed and keeps the subject on one line', () => {
    const m = renderMail(
      'inquiryConfirmation',
      {
        to: 'f@example.com',
        name: '<script>x</script>',
        programName: 'A\r\nBcc: evil@example.org',
        type: 'info',
        statusUrl: 'https://directory.example.org/request/tok"en',
      },
      renderCtx,
    );
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;');
    expect(m.html).toContain('href="https://directory.example.org/request/tok&quot;en"');
  });
});
