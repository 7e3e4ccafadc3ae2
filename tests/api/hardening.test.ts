/**
 * Defects an outside probe found, each reproduced against the local backend: revoked sessions,
 * malformed token subjects, the auth server's keys or the database out of reach (503, not 500),
 * a killed Postgres (503, then service resumes by itself with nothing acknowledged lost), and a
 * backend lock left by a process whose pid was reused.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import contact from '../../netlify/functions/contact.mts';
import engagement from '../../netlify/functions/engagement.mts';
import health from '../../netlify/functions/health.mts';
import me from '../../netlify/functions/me.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { resetEnvForTests } from '../../netlify/functions/_shared/env.ts';
import { loadOrCreateKeys } from '../../supabase/local/auth/keys.ts';
import { acquireLock, processStartTime } from '../../supabase/local/lock.ts';
import {
  REQUIRED_HEADERS,
  SEED,
  adminSql,
  anonKey,
  body,
  ctx,
  jsonRequest,
  signIn,
  supabaseUrl,
  type ApiError,
} from './helpers.ts';

const dataDir = inject('localDataDir');
afterAll(closeDb);

const getMe = (token: string) =>
  me(new Request('http://localhost/api/me', { headers: { authorization: `Bearer ${token}` } }), ctx());

const engagementBatch = () =>
  jsonRequest('/api/engagement', { events: [{ program_id: 'mclean', event_type: 'view' }] });

async function expectUnavailable(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  for (const [name, value] of REQUIRED_HEADERS) expect(res.headers.get(name)).toBe(value);
  const { error } = await body<ApiError>(res);
  expect(error.code).toBe('unavailable');
  expect(error.message).toBe('The service is briefly unavailable. Please try again in a moment.');
}

/** A port nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Runs `fn` with some server variables changed, then puts everything back. */
async function withEnv(vars: Record<string, string>, fn: () => Promise<void>): Promise<void> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  resetEnvForTests();
  await closeDb();
  try {
    await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) Reflect.deleteProperty(process.env, k);
      else process.env[k] = v;
    }
    resetEnvForTests();
    await closeDb();
  }
}

describe('a signed-out session', () => {
  it('cannot use its access token any more (logout scope=global)', async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    expect((await getMe(token)).status).toBe(200);
    const out = await fetch(`${supabaseUrl}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(204);
    const res = await getMe(token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect((await body<ApiError>(res)).error).toEqual({
      code: 'unauthorized',
      message: 'Your session has ended. Please sign in again.',
    });
  });

  it('a local logout ends only that session', async () => {
    const [a, b] = [
      await signIn(SEED.provider.email, SEED.provider.password),
      await signIn(SEED.provider.email, SEED.provider.password),
    ];
    await fetch(`${supabaseUrl}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${a}` },
    });
    expect((await getMe(a)).status).toBe(401);
    expect((await getMe(b)).status).toBe(200);
  });
});

describe('tokens signed with the real key but malformed', () => {
  const keys = loadOrCreateKeys(join(dataDir, 'auth', 'signing-key.json'));
  const sign = async (claims: Record<string, unknown>) =>
    (await keys).sign(
      { iss: `${supabaseUrl}/auth/v1`, aud: 'authenticated', role: 'authenticated', ...claims },
      600,
    );

  it.each<[string, Record<string, unknown>]>([
    ['a subject that is not a UUID', { sub: 'not-a-uuid', session_id: randomUUID() }],
    ['a subject with SQL in it', { sub: "x' or '1'='1", session_id: randomUUID() }],
    ['no session_id', { sub: randomUUID() }],
    ['a session_id that is not a UUID', { sub: randomUUID(), session_id: 42 }],
  ])('%s → 401 invalid, never 500', async (_label, claims) => {
    const res = await getMe(await sign(claims));
    expect(res.status).toBe(401);
    expect((await body<ApiError>(res)).error.message).toBe(
      'Your session is not valid. Please sign in again.',
    );
  });

  it('a session that never existed → 401 ended', async () => {
    const sql = adminSql();
    const [user] = await sql<{ id: string }[]>`select id from auth.users where email = ${SEED.family.email}`;
    await sql.end();
    const res = await getMe(await sign({ sub: user?.id, session_id: randomUUID() }));
    expect(res.status).toBe(401);
    expect((await body<ApiError>(res)).error.message).toBe('Your session has ended. Please sign in again.');
  });
});

describe('the auth server’s keys out of reach → 503 unavailable (docs/api.md)', () => {
  it('when nothing listens at SUPABASE_URL', async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    await withEnv({ SUPABASE_URL: `http://127.0.0.1:${String(await closedPort())}` }, async () => {
      await expectUnavailable(await getMe(token));
    });
  });

  it('when the key endpoint answers 500', async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    const broken = http.createServer((_req, res) => {
      res.statusCode = 500;
      res.end('oops');
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const address = broken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await withEnv({ SUPABASE_URL: `http://127.0.0.1:${String(port)}` }, async () => {
        await expectUnavailable(await getMe(token));
      });
    } finally {
      broken.close();
    }
  });
});

describe('the database out of reach → 503 unavailable, health says which part', () => {
  it('refused connections', async () => {
    const url = `postgres://postgres:postgres@127.0.0.1:${String(await closedPort())}/postgres`;
    await withEnv({ DATABASE_URL: url }, async () => {
      await expectUnavailable(await engagement(engagementBatch(), ctx()));
      const res = await health(new Request('http://localhost/api/health'), ctx());
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ok: false, database: 'unreachable', auth: 'ok' });
    });
  });
});

describe('Postgres killed under the running backend', () => {
  it('answers 503 while it is down, recovers by itself, and loses nothing acknowledged', async () => {
    const subject = `acknowledged before the crash ${randomUUID()}`;
    const stored = await contact(
      jsonRequest('/api/contact', { name: 'Ada', email: 'ada@example.org', subject, message: 'Kept?' }),
      ctx(),
    );
    expect(stored.status).toBe(201);

    const pid = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');

    const statuses: number[] = [];
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await engagement(engagementBatch(), ctx());
      statuses.push(res.status);
      if (res.status === 503) await expectUnavailable(res);
      else await res.body?.cancel();
      if (res.status === 202 && statuses.includes(503)) break;
      if (Date.now() > deadline) throw new Error(`no recovery in 60 s: ${statuses.join(',')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // A backend whose postmaster died may finish a request or two before it notices: not a 5xx.
    expect(statuses).toContain(503);
    expect(statuses.every((s) => s === 503 || s === 202)).toBe(true);
    const newPid = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(newPid).not.toBe(pid);

    const sql = adminSql();
    try {
      expect(await sql`select 1 from contact_messages where subject = ${subject}`).toHaveLength(1);
    } finally {
      await sql.end();
    }
    expect((await health(new Request('http://localhost/api/health'), ctx())).status).toBe(200);
  }, 90_000);
});

describe('the backend lock', () => {
  it('is taken over when its pid now belongs to another, later process', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ocd-lock-'));
    try {
      // A live pid (this test process) whose recorded start time is not its own: a reused pid.
      await writeFile(join(dir, 'backend.lock'), JSON.stringify({ pid: process.pid, start: '1' }));
      const lines: string[] = [];
      const lock = await acquireLock(dir, (l) => lines.push(l));
      expect(lines.join('\n')).toContain('Taking over a stale lock');
      const owner = JSON.parse(await readFile(join(dir, 'backend.lock'), 'utf8')) as { start: string };
      expect(owner.start).toBe(processStartTime(process.pid));
      await expect(acquireLock(dir, () => undefined)).rejects.toThrow('already running');
      await lock.release();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
