/** The function plumbing on its own: env, limiter, body reading, templates, mailer, program index. */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProgramIndex } from '../../src/lib/content/program-index.ts';
import { env, parseEnv, resetEnvForTests } from '../../netlify/functions/_shared/env.ts';
import { HttpError, readJson } from '../../netlify/functions/_shared/http.ts';
import { escapeHtml, renderMail } from '../../netlify/functions/_shared/mail-templates.ts';
import { MailError, sendMail } from '../../netlify/functions/_shared/mailer.ts';
import { programIndex } from '../../netlify/functions/_shared/programs.ts';
import { RateLimiter, clientIp, type RateLimit } from '../../netlify/functions/_shared/rate-limit.ts';
import { TEST_PROGRAM_ID } from '../../src/lib/vocabulary.ts';
import { adminSql, outboxFor } from './helpers.ts';

/** The program files' index, as the functions load it. */
const files = await programIndex();

describe('parseEnv', () => {
  it('names every missing variable in one error', () => {
    expect(() => parseEnv({})).toThrow(
      'Invalid server environment: SUPABASE_URL (missing); DATABASE_URL (missing)',
    );
  });
  it('explains a malformed one', () => {
    expect(() => parseEnv({ SUPABASE_URL: 'http://x', DATABASE_URL: 'mysql://x' })).toThrow(
      'DATABASE_URL (DATABASE_URL must start with postgres:// or postgresql://)',
    );
  });
  it('treats empty strings as unset and fills defaults', () => {
    const e = parseEnv({
      SUPABASE_URL: 'http://127.0.0.1:54321/',
      DATABASE_URL: 'postgres://x',
      SITE_INBOX_EMAIL: '',
    });
    expect(e.SUPABASE_URL).toBe('http://127.0.0.1:54321');
    expect(e.SITE_INBOX_EMAIL).toBe('hello@example.org');
    expect(e.OUTBOX_URL).toBe('http://127.0.0.1:54324');
    expect(e.RATE_LIMIT_DISABLED).toBe(false);
  });
});

describe('RateLimiter (counts in Postgres, shared by every instance)', () => {
  const limit: RateLimit = { windowLimit: 3, windowSize: 10, aggregateBy: ['ip', 'domain'] };
  const statusOf = async (p: Promise<void>): Promise<number> =>
    p.then(
      () => 200,
      (error: unknown) => (error instanceof HttpError ? error.status : 500),
    );
  it('allows windowLimit hits per window per IP, then a 429 with Retry-After', async () => {
    const ip = `203.0.113.${String(Math.floor(Math.random() * 200) + 1)}`;
    const name = `t-${randomUUID()}`;
    // Two limiter objects: as two function instances (or two local invocations) would have.
    const [a, b] = [new RateLimiter(name, limit), new RateLimiter(name, limit)];
    const statuses = [];
    for (const limiter of [a, b, a, b]) statuses.push(await statusOf(limiter.check({ ip })));
    expect(statuses).toEqual([200, 200, 200, 429]);
    const error = await a.check({ ip }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(Number((error as HttpError).headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number((error as HttpError).headers['retry-after'])).toBeLessThanOrEqual(10);
    // Another address has its own budget.
    expect(await statusOf(a.check({ ip: '203.0.113.250' }))).toBe(200);
  });
  it('keys per e-mail address case-insensitively, never storing the address', async () => {
    const limiter = new RateLimiter(`k-${randomUUID()}`, limit);
    const email = `Person.${randomUUID()}@Example.org`;
    const one = { windowLimit: 1, windowSize: 60 };
    expect(await statusOf(limiter.checkKey('email', email, one))).toBe(200);
    expect(await statusOf(limiter.checkKey('email', email.toLowerCase(), one))).toBe(429);
    const sql = adminSql();
    try {
      const rows = await sql`select key from private.rate_limits where key like ${`${limiter.name}:%`}`;
      expect(rows).toHaveLength(1);
      expect(String(rows[0]?.key)).not.toContain('xample');
    } finally {
      await sql.end();
    }
  });
  it('refuses a config without a limit', () => {
    expect(() => new RateLimiter('x', undefined)).toThrow('has no rateLimit');
  });
  it('does not count the addresses in RATE_LIMIT_EXEMPT_IPS (browser tests), and only those', async () => {
    process.env['RATE_LIMIT_EXEMPT_IPS'] = ' 192.0.2.7 , 192.0.2.8';
    resetEnvForTests();
    try {
      const limiter = new RateLimiter(`x-${randomUUID()}`, {
        windowLimit: 1,
        windowSize: 60,
        aggregateBy: ['ip'],
      });
      for (let i = 0; i < 3; i++) expect(await statusOf(limiter.check({ ip: '192.0.2.7' }))).toBe(200);
      expect(await statusOf(limiter.check({ ip: '192.0.2.9' }))).toBe(200);
      expect(await statusOf(limiter.check({ ip: '192.0.2.9' }))).toBe(429);
    } finally {
      Reflect.deleteProperty(process.env, 'RATE_LIMIT_EXEMPT_IPS');
      resetEnvForTests();
    }
  });
  it.each<[string, string | undefined, string]>([
    ['context.ip', '1.1.1.1', '1.1.1.1'],
    ['trimmed', ' 1.1.1.1 ', '1.1.1.1'],
    ['else unknown (headers are never read)', undefined, 'unknown'],
  ])('clientIp: %s', (_l, ip, expected) => {
    expect(clientIp(ip === undefined ? undefined : { ip })).toBe(expected);
  });
});

describe('readJson', () => {
  // Bytes, not a string: a string body would make Request add `text/plain;charset=UTF-8` itself.
  const req = (type: string | null, text: string) =>
    new Request('http://localhost/', {
      method: 'POST',
      headers: type ? { 'content-type': type } : {},
      body: new TextEncoder().encode(text),
    });
  it.each([
    ['application/json', false, 'ok'],
    ['application/json; charset=utf-8', false, 'ok'],
    ['text/plain;charset=UTF-8', true, 'ok'],
    ['text/plain;charset=UTF-8', false, 415],
    [null, true, 415],
    ['text/html', true, 415],
  ] as const)('%s (text/plain allowed: %s) → %s', async (type, allowTextPlain, expected) => {
    const result = await readJson(req(type, '{"a":1}'), { allowTextPlain }).then(
      () => 'ok',
      (e: unknown) => (e instanceof HttpError ? e.status : 'other'),
    );
    expect(result).toBe(expected);
  });
});

describe('mail templates', () => {
  const ctx = { siteUrl: 'https://directory.example.org', inboxEmail: 'inbox@example.org' };
  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
  it('welcome speaks of the 14-day trial and links the dashboard', () => {
    const m = renderMail(
      'welcome',
      { to: 'p@example.org', contactName: 'Pat', organizationName: 'Acme <Care>' },
      ctx,
    );
    expect(m.subject).toContain('14-day free trial');
    // The one money story: listing and verification free, the plan's price once billing opens.
    expect(m.text).toContain('Being listed and being verified are free');
    expect(m.text).toContain('$499 a month once billing opens');
    expect(m.text).toContain('https://directory.example.org/provider-dashboard');
    expect(m.html).toContain('Acme &lt;Care&gt;');
  });
  it('inquiry goes to the program, replies go to the family, and the subject is one line', () => {
    const m = renderMail(
      'inquiry',
      {
        to: 'a@p.example.org',
        programName: 'X\r\nBcc: evil@example.org',
        type: 'call',
        name: 'Sam',
        email: 's@example.com',
        phone: null,
        message: '',
      },
      ctx,
    );
    expect(m.to).toBe('a@p.example.org');
    expect(m.replyTo).toBe('s@example.com');
    expect(m.subject).toBe('New call request for X Bcc: evil@example.org');
    expect(m.text).not.toContain('Phone');
  });
  it.each(['approved', 'rejected'] as const)('verification decision: %s', (decision) => {
    const m = renderMail(
      'verificationDecision',
      { to: 'p@example.org', organizationName: 'Acme', decision, notes: 'See <notes>' },
      ctx,
    );
    expect(m.subject).toContain(decision === 'approved' ? 'is now verified' : 'needs updates');
    expect(m.html).toContain('See &lt;notes&gt;');
  });
  it('contact goes to the site inbox', () => {
    const m = renderMail(
      'contact',
      { name: 'D', email: 'd@example.com', subject: 'Hi', message: 'Hello' },
      ctx,
    );
    expect(m.to).toBe('inbox@example.org');
    expect(m.subject).toBe('Contact form: Hi');
  });
});

describe('sendMail through the local outbox', () => {
  afterEach(() => {
    resetEnvForTests();
  });
  it('delivers a rendered template', async () => {
    const to = `provider-${randomUUID()}@example.org`;
    const result = await sendMail('welcome', { to, contactName: 'Pat', organizationName: 'Acme' });
    expect(result.transport).toBe('outbox');
    expect(result.to).toBe(to);
    const [message] = await outboxFor(to);
    expect(message?.subject).toBe(result.subject);
    expect(message?.from).toBe(env().MAIL_FROM);
  });
  it('throws a MailError when the transport fails', async () => {
    const saved = process.env['OUTBOX_URL'];
    process.env['OUTBOX_URL'] = 'http://127.0.0.1:9';
    resetEnvForTests();
    try {
      await expect(
        sendMail('welcome', { to: 'x@example.org', contactName: 'P', organizationName: 'A' }),
      ).rejects.toBeInstanceOf(MailError);
    } finally {
      process.env['OUTBOX_URL'] = saved;
    }
  });
});

describe('program index', () => {
  it('builds entries from frontmatter, sorted, with nulls for missing contacts', () => {
    const index = buildProgramIndex([
      { id: 'b', source: '---\nname: B\ntest: true\nemail: b@example.org\n---\nBody' },
      { id: 'a', source: '---\nname: A\nprofilePath: /a\nphone: (555) 010-0100\n---\n' },
    ]);
    expect(index).toEqual([
      { id: 'a', name: 'A', email: null, phone: '(555) 010-0100', test: false, profilePath: '/a' },
      { id: 'b', name: 'B', email: 'b@example.org', phone: null, test: true, profilePath: null },
    ]);
  });
  it.each([
    ['no frontmatter', 'name: A', 'no frontmatter'],
    ['no name', '---\nemail: a@example.org\n---\n', 'name is missing'],
    ['a list', '---\n- a\n---\n', 'not a YAML mapping'],
  ])('rejects %s', (_l, source, message) => {
    expect(() => buildProgramIndex([{ id: 'x', source }])).toThrow(message);
  });
  it('the generated index knows the content, including the flagged test program', () => {
    expect(files.has('tidemark-ocd-residential')).toBe(true);
    expect(files.find(TEST_PROGRAM_ID)?.test).toBe(true);
    expect(files.has('nope')).toBe(false);
  });
});
