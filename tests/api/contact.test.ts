import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import contact, { config, PER_EMAIL } from '../../netlify/functions/contact.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { INVISIBLE_RANGES, isEmail } from '../../src/lib/schemas.ts';
import { uniqueIp } from './fuzz.ts';
import {
  REQUIRED_HEADERS,
  adminSql,
  body,
  ctx as ctxAt,
  jsonRequest,
  outboxFor,
  type ApiError,
} from './helpers.ts';

// Addresses unique across test files: the limiter's counts are shared through Postgres.
const freshIp = uniqueIp;
const ctx = (ip = uniqueIp()) => ctxAt(ip);

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

  describe('hardening: text the database cannot store or a person cannot see', () => {
    it.each<[string, Record<string, unknown>, string, string]>([
      ['NUL in the name', { name: 'a\u0000b' }, 'name', 'Name must not contain control characters.'],
      [
        'NUL in the subject',
        { subject: 's\u0000' },
        'subject',
        'Subject must not contain control characters.',
      ],
      [
        'NUL in the message',
        { message: 'm\u0000' },
        'message',
        'Message must not contain control characters.',
      ],
      ['NUL in the phone', { phone: '555\u00000142' }, 'phone', 'Phone must not contain control characters.'],
      [
        'NUL in the e-mail',
        { email: 'a\u0000b@b.co' },
        'email',
        'Invalid Email: Please enter a valid email address.',
      ],
      // Accepted by JavaScript's \s-based pattern, refused by Postgres's \s (a C1 control, NEL).
      [
        'U+0085 in the e-mail',
        { email: 'a\u0085@b.co' },
        'email',
        'Invalid Email: Please enter a valid email address.',
      ],
      [
        'a zero-width space in the e-mail',
        { email: 'a\u200b@b.co' },
        'email',
        'Invalid Email: Please enter a valid email address.',
      ],
      [
        'a C1 control in the name',
        { name: 'Dana\u009bExample' },
        'name',
        'Name must not contain control characters.',
      ],
      [
        'a newline in the subject',
        { subject: 'Hi\nBcc: x@y.z' },
        'subject',
        'Subject must not contain control characters.',
      ],
      [
        'a lone surrogate in the message',
        { message: 'hi \ud800 there' },
        'message',
        'Message contains text that is not valid Unicode.',
      ],
      ['a name of zero-width spaces', { name: '\u200b\u200b' }, 'name', 'Please fill in your name.'],
      [
        'a name of joiners and a BOM',
        { name: '\u200d\u200c\ufeff\u2060' },
        'name',
        'Please fill in your name.',
      ],
      [
        'a subject of invisible format characters',
        { subject: '\u2062\u00ad\u034f' },
        'subject',
        'Please fill in a subject.',
      ],
      [
        'a message of Hangul fillers and spaces',
        { message: '\u3164 \u115f\n\u2800' },
        'message',
        'Please fill in your message.',
      ],
    ])('%s → 400 naming the field, nothing stored', async (_label, overrides, field, message) => {
      const payload = good(overrides);
      const res = await contact(jsonRequest('/api/contact', withoutMarker(payload)), ctx());
      expect(res.status).toBe(400);
      const data = await body<ApiError>(res);
      expect(data.error.code).toBe('invalid_input');
      expect(data.error.fields?.[field]).toBe(message);
      const like = `%${payload.marker}%`;
      const rows = await sql`select 1 from contact_messages where email like ${like} or subject like ${like}`;
      expect(rows.length).toBe(0);
    });

    it('a message keeps its ordinary newlines, tabs and carriage returns', async () => {
      const payload = good({ message: 'Line one\r\n\tindented\nline three' });
      const res = await contact(jsonRequest('/api/contact', withoutMarker(payload)), ctx());
      expect(res.status).toBe(201);
      const [row] = await sql<{ message: string }[]>`
        select message from contact_messages where subject = ${payload.subject}`;
      expect(row?.message).toBe(payload.message);
    });

    it('an international address and a name with a joiner are still welcome', async () => {
      const marker = randomUUID();
      const payload = good({ name: 'Nasrin Karimi\u200c-zadeh 👩‍👧', email: `josé-${marker}@bücher.example` });
      const res = await contact(jsonRequest('/api/contact', withoutMarker(payload)), ctx());
      expect(res.status).toBe(201);
    });
  });

  it('a JSON body with bytes that are not UTF-8 → 400, nothing stored', async () => {
    const payload = good();
    const text = JSON.stringify(withoutMarker(payload));
    const bytes = new TextEncoder().encode(text);
    const at = text.indexOf('Dana');
    const req = new Request('http://localhost/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array([...bytes.slice(0, at), 0xff, 0xfe, ...bytes.slice(at)]),
    });
    const res = await contact(req, ctx());
    expect(res.status).toBe(400);
    expect((await body<ApiError>(res)).error.message).toBe('The body is not valid UTF-8 text.');
    const like = `%${payload.marker}%`;
    expect((await sql`select 1 from contact_messages where subject like ${like}`).length).toBe(0);
  });

  describe('the database checks the same e-mail rule', () => {
    it('every e-mail check constraint calls private.is_email()', async () => {
      const rows = await sql<{ table: string; def: string }[]>`
        select conrelid::regclass::text as table, pg_get_constraintdef(oid) as def
        from pg_constraint
        where contype = 'c' and conname like '%email%' and connamespace = 'public'::regnamespace`;
      expect(rows.map((r) => r.table).sort()).toEqual([
        'contact_messages',
        'listing_reports', // the reporter's optional address (migration 20261126000300)
        'provider_inquiries',
        'provider_listings',
        'providers',
        'providers', // inquiry_email (migration 20261122001200)
      ]);
      for (const row of rows) expect(row.def).toMatch(/private\.is_email\((inquiry_)?email\)/);
    });

    it('refuses "a\\u0085@b.co" itself, even from a superuser', async () => {
      await expect(
        sql`insert into contact_messages (name, email, subject, message) values ('a', ${'a\u0085@b.co'}, 's', 'm')`,
      ).rejects.toMatchObject({ code: '23514', constraint_name: 'contact_messages_email_check' });
    });

    it('agrees with isEmail() on 400 generated addresses around every range boundary', async () => {
      // Postgres text cannot hold NUL or surrogates; everything else is fair game.
      const storable = (c: number) => c > 0 && (c < 0xd800 || c > 0xdfff) && c <= 0x10ffff;
      const edges = INVISIBLE_RANGES.flatMap(([a, b]) => [a - 1, a, b, b + 1]).filter(storable);
      const unit = fc.oneof(
        { arbitrary: fc.constantFrom(...edges).map((c) => String.fromCodePoint(c)), weight: 3 },
        { arbitrary: fc.constantFrom('a', 'Z', '9', '-', 'é', '😀', '\\'), weight: 3 },
        { arbitrary: fc.constantFrom('@', '.'), weight: 1 },
        {
          arbitrary: fc
            .integer({ min: 1, max: 0x10ffff })
            .filter(storable)
            .map((c) => String.fromCodePoint(c)),
          weight: 1,
        },
      );
      const part = fc.string({ unit, minLength: 0, maxLength: 6 });
      const address = fc.oneof(
        fc.tuple(part, part, part).map(([l, d, t]) => `${l}@${d}.${t}`),
        fc.string({ unit, maxLength: 12 }),
        fc.integer({ min: 300, max: 330 }).map((n) => `${'a'.repeat(n - 6)}@b.com`),
      );
      const samples = fc.sample(address, 400);
      const rows = await sql<{ value: string; ok: boolean }[]>`
        select value, private.is_email(value) as ok from unnest(${samples}::text[]) as value`;
      const disagree = rows.filter((r) => r.ok !== isEmail(r.value)).map((r) => JSON.stringify(r.value));
      expect(disagree).toEqual([]);
      // The sample must hold both verdicts, or it proves little.
      expect(new Set(rows.map((r) => r.ok))).toEqual(new Set([true, false]));
    });
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

    /** A form post must get a page a person can read back, whatever went wrong. */
    async function expectHtmlPage(res: Response, status: number, text: string): Promise<void> {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
      const html = await res.text();
      expect(html).toContain('<!doctype html>');
      expect(html).toContain(text);
      expect(html).toContain('href="/contact"');
    }

    it('a NUL in a field → the 400 page naming the field, nothing stored', async () => {
      const payload = good({ name: 'a\u0000b' });
      const { marker: _m, ...fields } = payload;
      await expectHtmlPage(
        await contact(formRequest(fields), ctx()),
        400,
        'Name must not contain control characters.',
      );
      const like = `%${payload.marker}%`;
      expect((await sql`select 1 from contact_messages where email like ${like}`).length).toBe(0);
    });

    it('percent-escaped bytes that are not UTF-8 → the 400 page, not U+FFFD stored', async () => {
      const payload = good();
      const { marker: _m, ...fields } = payload;
      // %ED%A0%80 is an encoded surrogate half; URLSearchParams alone would decode it to U+FFFD.
      const req = new Request('http://localhost/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `${new URLSearchParams(fields).toString()}%ED%A0%80`,
      });
      await expectHtmlPage(await contact(req, ctx()), 400, 'The form is not valid UTF-8 text.');
      const like = `%${payload.marker}%`;
      expect((await sql`select 1 from contact_messages where email like ${like}`).length).toBe(0);
    });

    it('a body over 64 KB → the 413 page', async () => {
      const { marker: _m, ...fields } = good({ message: 'x'.repeat(70_000) });
      await expectHtmlPage(await contact(formRequest(fields), ctx()), 413, 'too long');
    });

    it('a multipart form (another enctype) → the 415 page', async () => {
      const { marker: _m, ...fields } = good();
      const data = new FormData();
      for (const [key, value] of Object.entries(fields)) data.set(key, value);
      const req = new Request('http://localhost/api/contact', { method: 'POST', body: data });
      await expectHtmlPage(await contact(req, ctx()), 415, 'could not be read');
    });

    it('a browser navigation posting text/plain (enctype="text/plain") → the 415 page', async () => {
      const req = new Request('http://localhost/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'sec-fetch-mode': 'navigate' },
        body: 'name=Dana',
      });
      await expectHtmlPage(await contact(req, ctx()), 415, 'could not be read');
    });

    it('over the rate limit → the 429 page with Retry-After', async () => {
      const ip = freshIp();
      const { marker: _m, ...fields } = good({ email: 'not-an-email' });
      for (let i = 0; i < (config.rateLimit?.windowLimit ?? 0); i++)
        expect((await contact(formRequest(fields), ctx(ip))).status).toBe(400);
      const res = await contact(formRequest(fields), ctx(ip));
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      await expectHtmlPage(res, 429, 'Too many messages');
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

  it(`more than ${String(PER_EMAIL.windowLimit)} messages an hour from one e-mail address → 429, from any IP`, async () => {
    const email = `same-sender-${randomUUID()}@example.com`;
    const count = async () =>
      (await sql<{ n: number }[]>`select count(*)::int as n from contact_messages where email = ${email}`)[0]
        ?.n;
    for (let i = 0; i < PER_EMAIL.windowLimit; i++) {
      const res = await contact(jsonRequest('/api/contact', withoutMarker(good({ email }))), ctx());
      expect(res.status).toBe(201);
    }
    // Another IP, the address in other letter case: still the same sender.
    const res = await contact(
      jsonRequest('/api/contact', withoutMarker(good({ email: email.toUpperCase() }))),
      ctx(),
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(await count()).toBe(PER_EMAIL.windowLimit);
  });
});
