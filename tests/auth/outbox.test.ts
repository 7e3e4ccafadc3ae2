/** The mail outbox (JSON API, HTML viewer, persistence) and the one-backend-per-data-directory lock. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startLocalBackend } from '../../supabase/local/index.ts';
import { acquireLock } from '../../supabase/local/lock.ts';
import { startOutbox, type Outbox, type OutboxMessage } from '../../supabase/local/outbox.ts';

const valid = {
  to: 'Someone@Example.com',
  from: 'Site <no-reply@example.org>',
  subject: 'Hello',
  text: 'Hi there https://example.org/x',
  html: '<p>Hi</p>',
};

describe('outbox', () => {
  let dir: string;
  let outbox: Outbox;
  const post = (body: unknown): Promise<Response> =>
    fetch(`${outbox.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ocd-outbox-'));
    outbox = await startOutbox({ dataDir: dir, port: 0 });
  });
  afterEach(async () => {
    await outbox.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores a delivered message and serves it as JSON, newest first, filtered by recipient', async () => {
    const first = await post(valid);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    await post({ ...valid, to: ['other@example.com', 'third@example.com'], subject: 'Second' });
    const all = (await (await fetch(`${outbox.url}/api/messages`)).json()) as OutboxMessage[];
    expect(all.map((m) => m.subject)).toEqual(['Second', 'Hello']);
    expect(all[1]).toMatchObject({
      id,
      to: ['Someone@Example.com'],
      from: valid.from,
      text: valid.text,
      html: valid.html,
    });
    expect(typeof all[1]?.created_at).toBe('string');
    const filtered = (await (
      await fetch(`${outbox.url}/api/messages?to=someone@EXAMPLE.com`)
    ).json()) as OutboxMessage[];
    expect(filtered.map((m) => m.id)).toEqual([id]);
    const one = await fetch(`${outbox.url}/api/messages/${id}`);
    expect(((await one.json()) as OutboxMessage).subject).toBe('Hello');
    expect((await fetch(`${outbox.url}/api/messages/0000000000ffffffffffff`)).status).toBe(404);
  });

  it.each([
    ['no recipient', { ...valid, to: [] }, 'to'],
    ['bad recipient', { ...valid, to: ['nope'] }, 'to'],
    ['bad sender', { ...valid, from: 'Site <nope>' }, 'from'],
    ['no subject', { ...valid, subject: ' ' }, 'subject'],
    ['no body', { ...valid, text: '', html: '' }, 'text'],
    ['html not a string', { ...valid, html: 5 }, 'html'],
  ])('refuses a message with %s (400 naming the field)', async (_name, body, field) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields[field]).toBeTruthy();
  });

  it('shows an escaped HTML list and message page with clickable links', async () => {
    const { id } = (await (await post({ ...valid, subject: '<script>alert(1)</script>' })).json()) as {
      id: string;
    };
    const list = await fetch(`${outbox.url}/`);
    expect(list.headers.get('content-type')).toMatch(/text\/html/);
    const listHtml = await list.text();
    expect(listHtml).not.toContain('<script>alert(1)');
    expect(listHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(listHtml).toContain(`href="/messages/${id}"`);
    const page = await (await fetch(`${outbox.url}/messages/${id}`)).text();
    expect(page).toContain('<a href="https://example.org/x">https://example.org/x</a>');
    expect(page).toContain('sandbox=');
    expect(page).toMatch(/<html lang="en">/);
  });

  it('keeps messages across a restart and clears them on DELETE', async () => {
    await post(valid);
    await outbox.stop();
    outbox = await startOutbox({ dataDir: dir, port: 0 });
    expect(outbox.list()).toHaveLength(1);
    expect((await fetch(`${outbox.url}/api/messages`, { method: 'DELETE' })).status).toBe(200);
    expect(((await (await fetch(`${outbox.url}/api/messages`)).json()) as unknown[]).length).toBe(0);
  });

  it('listens on 127.0.0.1 only', () => {
    expect(new URL(outbox.url).hostname).toBe('127.0.0.1');
  });
});

describe('data directory lock', () => {
  it('refuses a second backend on the data directory in use', async () => {
    await expect(
      startLocalBackend({ dataDir: inject('localDataDir'), ports: { api: 0, db: 0, mail: 0 } }),
    ).rejects.toThrow(/already running on the data directory/);
    // The refused start must not have removed the running backend's lock.
    const lock = JSON.parse(await readFile(join(inject('localDataDir'), 'backend.lock'), 'utf8')) as {
      pid: number;
    };
    expect(Number.isInteger(lock.pid) && lock.pid > 0).toBe(true);
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ocd-lock-'));
    try {
      await writeFile(join(dir, 'backend.lock'), JSON.stringify({ pid: 2 ** 22 + 12345 }));
      const lines: string[] = [];
      const lock = await acquireLock(dir, (l) => lines.push(l));
      expect(lines.join('\n')).toMatch(/stale lock/);
      expect(JSON.parse(await readFile(join(dir, 'backend.lock'), 'utf8'))).toMatchObject({
        pid: process.pid,
      });
      await lock.release();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
