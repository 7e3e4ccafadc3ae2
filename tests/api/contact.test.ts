import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import contact, { config } from '../../netlify/functions/contact.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import {
  REQUIRED_HEADERS,
  adminSql,
  body,
  ctx,
  freshIp,
  jsonRequest,
  outboxFor,
  type ApiError,
} from './helpers.ts';

const sql = adminSql();
afterAll(async () => {
  await sql.end();
  await closeDb();
});

const INBOX = process.env['SITE_INBOX_EMAIL'] || 'hello@example.org';

function good(overrides: Record<string, unknown> = {}) {
  const marker = randomUUID();
  return {
    marker,
    name: 'Dana Example',
    email: `dana-${marker}@example.com`,
    phone: '(555) 010-0142',
    subject: `Question ${marker}`,
    message: 'Do you list programs for teens in Ohio?\n\nThanks <b>a lot</b>',
    ...overrides,
  };
}

function withoutMarker(payload: ReturnType<typeof good>): Record<string, unknown> {
  const { marker: _marker, ...rest } = payload;
  return rest;
}

describe('POST /api/contact', () => {
  it('stores the message, mails the site inbox and answers 201', async () => {
    const payload = good();
    const res = await contact(jsonRequest('/api/contact', withoutMarker(payload)), ctx());
    expect(res.status).toBe(201);
    for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
    expect(await body(res)).toEqual({ ok: true });

    const rows = await sql<{ name: string; email: string; phone: string | null; message: string }[]>`
      select name, email, phone, message from contact_messages where subject = ${payload.subject}`;
    expect(rows).toEqual([
      { name: payload.name, email: payload.email, phone: payload.phone, message: payload.message },
    ]);

    const mail = (await outboxFor(INBOX)).find((m) => m.subject === `Contact form: ${payload.subject}`);
    expect(mail).toBeDefined();
    expect(mail?.text).toContain(payload.email);
    expect(mail?.text).toContain('Thanks <b>a lot</b>');
    // Sender-supplied text is escaped in the HTML part.
    expect(mail?.html).toContain('Thanks &lt;b&gt;a lot&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>a lot</b>');
  });

  it('trims fields and stores a blank phone as null', async () => {
    const payload = good({ phone: '  ' });
    const res = await contact(
      jsonRequest('/api/contact', {
        ...withoutMarker(payload),
        email: `  ${payload.email}  `,
        name: ' Dana ',
      }),
      ctx(),
    );
    expect(res.status).toBe(201);
    const [row] = await sql<{ name: string; email: string; phone: string | null }[]>`
      select name, email, phone from contact_messages where subject = ${payload.subject}`;
    expect(row).toEqual({ name: 'Dana', email: payload.email, phone: null });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['missing name', { name: undefined }, 'name', 'Please fill in your name.'],
    ['blank name', { name: '   ' }, 'name', 'Please fill in your name.'],
    ['missing email', { email: undefined }, 'email', 'Please fill in your email address.'],
    ['bad email', { email: 'dana@example' }, 'email', 'Invalid Email: Please enter a valid email address.'],
    [
      'email with a space',
      { email: 'dana @example.com' },
      'email',
      'Invalid Email: Please enter a valid email address.',
    ],
    ['missing subject', { subject: '' }, 'subject', 'Please fill in a subject.'],
    ['missing message', { message: undefined }, 'message', 'Please fill in your message.'],
    [
      'a too long message',
      { message: 'x'.repeat(5001) },
      'message',
      'Message must be at most 5000 characters.',
    ],
  ])('%s → 400 with the message, nothing stored or sent', async (_label, overrides, field, message) => {
    const payload = good(overrides);
    const res = await contact(jsonRequest('/api/contact', withoutMarker(payload)), ctx());
    expect(res.status).toBe(400);
    const data = await body<ApiError>(res);
    expect(data.error.fields?.[field]).toBe(message);
    expect(data.error.message).toBe(message);
    const like = `%${payload.marker}%`;
    const rows = await sql`select 1 from contact_messages where email like ${like} or subject like ${like}`;
    expect(rows.length).toBe(0);
    const sent = await outboxFor(INBOX);
    expect(sent.filter((m) => m.text.includes(payload.marker))).toEqual([]);
  });

  describe('a plain HTML form post (no JavaScript)', () => {
    function formRequest(fields: Record<string, string>): Request {
      return new Request('http://localhost/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    }

    it('stores and mails the message, then redirects (303) to the confirmation on the contact page', async () => {
      const payload = good({ phone: '' });
      const { marker: _m, ...fields } = payload;
      const res = await contact(formRequest(fields), ctx());
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/contact#message-sent');
      for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
      const rows = await sql<{ phone: string | null }[]>`
        select phone from contact_messages where subject = ${payload.subject}`;
      // The empty optional phone field is "not given", not an empty string.
      expect(rows).toEqual([{ phone: null }]);
      const mail = (await outboxFor(INBOX)).find((m) => m.subject === `Contact form: ${payload.subject}`);
      expect(mail).toBeDefined();
    });

    it('bad input gets a 400 page that lists what to correct and stores nothing', async () => {
      const payload = good({ email: 'not-an-email', subject: '' });
      const { marker: _m, ...fields } = payload;
      const res = await contact(formRequest(fields), ctx());
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      expect(html).toContain('Please check the form');
      expect(html).toContain('Invalid Email: Please enter a valid email address.');
      expect(html).toContain('href="/contact"');
      const like = `%${payload.marker}%`;
      expect((await sql`select 1 from contact_messages where email like ${like}`).length).toBe(0);
    });
  });

  it('wrong content type → 415', async () => {
    const req = new Request('http://localhost/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(withoutMarker(good())),
    });
    expect((await contact(req, ctx())).status).toBe(415);
  });

  it('GET → 405', async () => {
    const res = await contact(new Request('http://localhost/api/contact'), ctx());
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it(`a burst over ${config.rateLimit?.windowLimit} a minute from one IP → 429`, async () => {
    const ip = freshIp();
    const limit = config.rateLimit?.windowLimit ?? 0;
    expect(limit).toBe(5);
    for (let i = 0; i < limit; i++)
      expect((await contact(jsonRequest('/api/contact', {}), ctx(ip))).status).toBe(400);
    const res = await contact(jsonRequest('/api/contact', withoutMarker(good())), ctx(ip));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
