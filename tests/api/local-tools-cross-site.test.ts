/**
 * The local tools refuse requests from web pages of other sites: `npm start`'s build hook (a
 * token per start in its URL, and no cross-site `Origin`) and the mail outbox (POST/DELETE only
 * as JSON, with no foreign `Origin`). What the product itself sends still works: the functions'
 * `triggerRebuild()` through `BUILD_HOOK_URL`, the mailer's POST to the outbox. Malformed
 * percent-encoding in the outbox's paths answers 400.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBuildHook } from '../../scripts/lib/build-hook.ts';
import { sendResponse } from '../../scripts/lib/functions.ts';
import { resetEnvForTests } from '../../netlify/functions/_shared/env.ts';
import { sendMail } from '../../netlify/functions/_shared/mailer.ts';
import { generationOf, triggerRebuild } from '../../netlify/functions/_shared/publishing.ts';

const outboxUrl = inject('outboxUrl');

describe('the local build hook', () => {
  const requested: { title: string; generation: number | null }[] = [];
  const hook = createBuildHook({
    target: {
      request: (title, generation) => requested.push({ title, generation }),
      status: () => ({ building: requested.length > 0 }),
    },
    origins: [],
    generationOf,
  });
  const server = http.createServer((req, res) => {
    void sendResponse(req, res, hook.handle(req));
  });
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  });
  afterAll(async () => {
    delete process.env['BUILD_HOOK_URL'];
    resetEnvForTests();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses a plain cross-site POST (a form or fetch from another page), with or without the token', async () => {
    const attempts: [string, Record<string, string>][] = [
      ['/.local/build-hook', { origin: 'https://evil.example', 'content-type': 'text/plain' }],
      ['/.local/build-hook', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['/.local/build-hook/guessed-token', {}],
      [hook.path, { origin: 'https://evil.example', 'content-type': 'text/plain' }],
      [hook.path, { origin: 'null' }],
      [hook.path, { 'sec-fetch-site': 'cross-site' }],
      [hook.path, { 'sec-fetch-site': 'same-site', origin: 'http://localhost:4321' }],
    ];
    for (const [path, headers] of attempts) {
      const res = await fetch(`${base}${path}?trigger_title=forged`, { method: 'POST', headers, body: 'x' });
      expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
    }
    expect(requested).toEqual([]);
  });

  it('starts a build for the functions through BUILD_HOOK_URL (the per-start token)', async () => {
    expect(hook.path).toMatch(/^\/\.local\/build-hook\/[\w-]{43}$/);
    process.env['BUILD_HOOK_URL'] = `${base}${hook.path}`;
    resetEnvForTests();
    expect(await triggerRebuild('listing approved', 7)).toBe('triggered');
    expect(requested).toEqual([{ title: 'listing approved [publishing 7]', generation: 7 }]);
    // The status stays readable from this machine.
    const status = await fetch(`${base}/.local/build-hook`);
    expect(status.status).toBe(200);
  });

  it('draws a new token at each start', () => {
    const other = createBuildHook({
      target: { request: () => undefined, status: () => ({}) },
      origins: [],
      generationOf,
    });
    expect(other.path).not.toBe(hook.path);
  });
});

describe('the mail outbox', () => {
  const forged = {
    to: 'family@example.org',
    from: 'Site <no-reply@example.org>',
    subject: 'Your sign-in link',
    text: 'Sign in: https://evil.example/login',
    html: '',
  };

  const subjects = async (): Promise<string[]> => {
    const res = await fetch(`${outboxUrl}/api/messages?to=family@example.org`);
    return ((await res.json()) as { subject: string }[]).map((m) => m.subject);
  };

  it('refuses a cross-site POST (text/plain, any Origin) and a cross-site DELETE', async () => {
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example', 'content-type': 'text/plain' },
      { 'content-type': 'text/plain' },
      { origin: 'https://evil.example', 'content-type': 'application/json' },
      { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      { origin: 'http://localhost:8888', 'content-type': 'application/json' },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${outboxUrl}/api/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify(forged),
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    const wipe = await fetch(`${outboxUrl}/api/messages`, {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    });
    expect(wipe.status).toBe(403);
    expect(await subjects()).not.toContain(forged.subject);
  });

  it("still takes the mailer's messages", async () => {
    const to = `outbox-check-${String(Date.now())}@example.com`;
    const result = await sendMail('welcome', { to, contactName: 'Pat', organizationName: 'Acme' });
    expect(result.transport).toBe('outbox');
    const res = await fetch(`${outboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
    expect(((await res.json()) as unknown[]).length).toBe(1);
  });

  it('answers 400 to malformed percent-encoding in its paths', async () => {
    for (const path of ['/api/messages/%E0%A4%A', '/messages/%E0%A4%A', '/messages/%ZZ']) {
      const res = await fetch(`${outboxUrl}${path}`);
      expect(res.status, path).toBe(400);
    }
    expect((await fetch(`${outboxUrl}/api/messages/${'0'.repeat(22)}`)).status).toBe(404);
  });
});
