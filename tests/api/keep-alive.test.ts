/**
 * Keep-alive load on the local servers: `npm start`'s site server (scripts/lib/site-server.ts), the
 * auth server and the mail outbox. 20 clients each send bursts of requests on kept-alive sockets
 * and, between bursts, leave their sockets idle for 5.95–6.05 s — the moment Node's default
 * keep-alive (5 s, closed after 5 s + 1 s of grace) shuts them — like clients that keep idle
 * sockets without reading the server's `Keep-Alive` hint (Go, Python, browsers). With the default,
 * about a quarter of the requests sent then end in "socket hang up" or ECONNRESET; with
 * SERVER_TIMEOUTS (65 s) none does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSiteServer } from '../../scripts/lib/site-server.ts';
import { SERVER_TIMEOUTS } from '../../supabase/local/http.ts';

/** Keeps idle sockets 30 s whatever the server's `Keep-Alive: timeout=…` says. */
class HintIgnoringAgent extends http.Agent {
  override keepSocketAlive(socket: Socket): boolean {
    socket.setKeepAlive(true, 1000);
    socket.unref();
    socket.setTimeout(30_000);
    return true;
  }
}

type Tally = {
  ok: number;
  statuses: Record<string, number>;
  errors: Record<string, number>;
  hints: Set<string>;
};

function get(url: string, agent: http.Agent, tally: Tally, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        const status = String(res.statusCode);
        tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
        tally.hints.add(String(res.headers['keep-alive']));
        tally.ok += 1;
        resolve();
      });
    });
    req.on('error', (error) => {
      tally.errors[error.message] = (tally.errors[error.message] ?? 0) + 1;
      resolve();
    });
  });
}

/** 20 clients × (`rounds` + 1) bursts of `burst` requests, idle about 6 s between bursts. */
async function load(url: string, burst: number, headers: Record<string, string> = {}): Promise<Tally> {
  const tally: Tally = { ok: 0, statuses: {}, errors: {}, hints: new Set() };
  const rounds = 3;
  await Promise.all(
    Array.from({ length: 20 }, async (_, client) => {
      const agent = new HintIgnoringAgent({ keepAlive: true, maxSockets: 2 });
      for (let round = 0; round <= rounds; round++) {
        await Promise.all(Array.from({ length: burst }, () => get(url, agent, tally, headers)));
        if (round === rounds) break;
        const idle = 5950 + ((client * 7 + round * 23) % 100);
        await new Promise((resolve) => setTimeout(resolve, idle));
      }
      agent.destroy();
    }),
  );
  return tally;
}

const site = createSiteServer(() =>
  Promise.resolve(new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } })),
);
let siteUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${String((site.address() as AddressInfo).port)}/api/health`;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

describe('keep-alive under load', () => {
  it('keeps connections open longer than clients idle, headers timeout above it', () => {
    expect(SERVER_TIMEOUTS.keepAliveTimeout).toBeGreaterThanOrEqual(65_000);
    expect(SERVER_TIMEOUTS.headersTimeout).toBeGreaterThan(SERVER_TIMEOUTS.keepAliveTimeout);
    expect(site.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveTimeout);
    expect(site.headersTimeout).toBe(SERVER_TIMEOUTS.headersTimeout);
  });

  it('answers every request of 20 keep-alive clients: no socket hang up', { timeout: 60_000 }, async () => {
    const [siteTally, authTally, outboxTally] = await Promise.all([
      load(siteUrl, 30),
      load(`${inject('supabaseUrl')}/auth/v1/health`, 8),
      load(`${inject('outboxUrl')}/api/messages?to=nobody-keep-alive@example.com`, 8),
    ]);
    for (const [name, tally, expected] of [
      ['site', siteTally, 20 * 4 * 30],
      ['auth', authTally, 20 * 4 * 8],
      ['outbox', outboxTally, 20 * 4 * 8],
    ] as const) {
      expect(tally.errors, name).toEqual({});
      expect(tally.statuses, name).toEqual({ '200': expected });
      expect([...tally.hints], name).toEqual(['timeout=65']);
    }
  });
});
