/**
 * The server `npm start` runs, probed as an outsider would: raw HTTP over a socket (clients
 * normalise the very paths and headers these tests need to send as they are), from loopback
 * addresses of their own so each test has its own rate-limit budget.
 */
import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

const base = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:8888');
const port = Number(base.port || 80);
test.skip(!!process.env.E2E_BASE_URL, 'probes the server that npm start runs');

/** A loopback source address no other test (or an earlier run within the minute) uses. */
function freshAddress(): string {
  const n = () => 1 + Math.floor(Math.random() * 250);
  return `127.${String(n())}.${String(n())}.${String(n())}`;
}

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
}

/** Sends `request` byte for byte and reads until the server closes or answers one response. */
function raw(request: string, opts: { from?: string; timeoutMs?: number } = {}): Promise<Raw> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: opts.from ?? '127.0.0.1' });
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer in ${String(opts.timeoutMs ?? 15_000)} ms; got: ${data.slice(0, 200)}`));
    }, opts.timeoutMs ?? 15_000);
    const finish = () => {
      clearTimeout(timer);
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      let body = rest.join('\r\n\r\n');
      if (headers['transfer-encoding'] === 'chunked') {
        let out = '';
        let at = 0;
        for (;;) {
          const eol = body.indexOf('\r\n', at);
          const size = Number.parseInt(body.slice(at, eol), 16);
          if (!size) break;
          out += body.slice(eol + 2, eol + 2 + size);
          at = eol + 2 + size + 2;
        }
        body = out;
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, ms: Date.now() - started });
    };
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('latin1');
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(data.slice(0, end))?.[1];
      const chunkedDone =
        /\r\ntransfer-encoding:\s*chunked/i.test(data.slice(0, end)) && data.endsWith('0\r\n\r\n');
      if ((length !== undefined && data.length >= end + 4 + Number(length)) || chunkedDone) {
        socket.destroy();
        finish();
      }
    });
    socket.on('close', finish);
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.write(request);
  });
}

const get = (path: string, headers: Record<string, string> = {}, from?: string) =>
  raw(
    `GET ${path} HTTP/1.1\r\nHost: ${headers.host ?? 'localhost'}\r\n${Object.entries(headers)
      .filter(([k]) => k !== 'host')
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}Connection: close\r\n\r\n`,
    from ? { from } : {},
  );

test.describe('rate limits apply through the real server', () => {
  test('/api/health: 60 a minute per address, then 429, whatever the forwarding headers say', async () => {
    const from = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      // Every request claims another client: none of these headers may buy a fresh budget.
      const res = await get(
        '/api/health',
        {
          'x-forwarded-for': `10.0.${String(i)}.1`,
          'x-nf-client-connection-ip': `10.1.${String(i)}.1`,
          host: `h${String(i)}.example`,
        },
        from,
      );
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await get('/api/health', { 'x-forwarded-for': '192.0.2.99' }, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused.body)).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many requests. Please wait a moment before trying again.',
      },
    });
    // Another visitor is unaffected.
    expect((await get('/api/health', {}, freshAddress())).status).toBe(200);
  });

  test('/api/contact: the 6th message in a minute from one address is refused', async () => {
    const from = freshAddress();
    const post = (n: number) => {
      const body = JSON.stringify({
        name: 'Rate Test',
        email: `rate.${String(n)}@example.org`,
        subject: 'Limit',
        message: `Message ${String(n)}`,
      });
      return raw(
        `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\nX-Forwarded-For: 10.9.9.${String(n)}\r\nConnection: close\r\n\r\n${body}`,
        { from },
      );
    };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(i)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

test.describe('requests refused before routing, with no internals in the answer', () => {
  test('a body shorter than its Content-Length gets a 408, not a hang', async () => {
    const res = await raw(
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":1}',
      { from: freshAddress(), timeoutMs: 12_000 },
    );
    expect(res.status).toBe(408);
    expect(res.ms).toBeLessThan(10_000);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'request_timeout' } });
  });

  test('TRACE → 405 with Allow', async () => {
    const res = await raw('TRACE / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expect(res.body).not.toMatch(/\/work|node_modules|Error|at /);
  });

  test('a malformed percent-encoding → 400 Bad Request', async () => {
    const res = await get('/program/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body.trim()).toBe('Bad Request');
  });

  test('encoded dot segments → the same 400 whether the target exists or not', async () => {
    const existing = await get('/program/%2e%2e%2f%2e%2e%2fpackage.json');
    const missing = await get('/program/%2e%2e%2f%2e%2e%2fno-such-file.json');
    const deep = await get(`/program/${'%2e%2e%2f'.repeat(12)}etc%2fpasswd`);
    for (const res of [existing, missing, deep]) {
      expect(res.status).toBe(400);
      expect(res.body.trim()).toBe('Bad Request');
    }
  });

  test('an unknown program is still the real 404 page', async () => {
    expect((await get('/program/no-such-program')).status).toBe(404);
  });
});

test('npm start listens on 127.0.0.1 only', () => {
  // From the kernel's table of listening sockets (no traffic to any other address needed).
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const listening = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A')
      .map((cols) => cols[1]?.split(':')[0]);
  expect(listening('/proc/net/tcp')).toEqual(['0100007F']);
  expect(listening('/proc/net/tcp6')).toEqual([]);
});

test('no file under dist/ contains a server secret', () => {
  // Patterns of what a secret looks like, not of code that merely names one (supabase-js checks
  // for the `sb_secret_` prefix to refuse such keys in a browser).
  const patterns = [/postgres(?:ql)?:\/\/[^\s"'`]*:[^\s"'`]*@/, /sb_secret_[A-Za-z0-9_-]{8,}/];
  const secrets = [
    'service_role_key',
    process.env.DATABASE_URL,
    process.env.RESEND_API_KEY,
    process.env.SMTP_URL,
  ].filter((s): s is string => Boolean(s));
  // The local auth server's private signing key, when this machine has one.
  try {
    const key = JSON.parse(readFileSync('.data/auth/signing-key.json', 'utf8')) as { d?: string };
    if (key.d) secrets.push(key.d);
  } catch {
    // No local backend data here (tests against another backend): the fixed patterns still apply.
  }
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk('dist');
  expect(files.length).toBeGreaterThan(20);
  const leaks = files.flatMap((file) => {
    const text = readFileSync(file, 'latin1');
    return [
      ...secrets
        .filter((secret) => text.includes(secret))
        .map((secret) => `${file}: ${secret.slice(0, 12)}…`),
      ...patterns.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: /${pattern.source}/`),
    ];
  });
  expect(leaks).toEqual([]);
});
