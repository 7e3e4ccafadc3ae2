import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import health from '../../netlify/functions/health.mts';
import { closeDb } from '../../netlify/functions/_shared/db.ts';
import { resetEnvForTests } from '../../netlify/functions/_shared/env.ts';
import { body, ctx } from './helpers.ts';

const original = { SUPABASE_URL: process.env['SUPABASE_URL'], DATABASE_URL: process.env['DATABASE_URL'] };
const DEAD = '127.0.0.1:9'; // the discard port: nothing listens there

afterEach(async () => {
  Object.assign(process.env, original);
  resetEnvForTests();
  await closeDb();
});

const get = () => new Request('http://localhost/api/health');

describe('GET /api/health', () => {
  it('answers 200 when the database and auth are reachable', async () => {
    const res = await health(get(), ctx());
    expect(await body(res)).toEqual({ ok: true, database: 'ok', auth: 'ok' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 naming auth when the auth server is down', async () => {
    process.env['SUPABASE_URL'] = `http://${DEAD}`;
    resetEnvForTests();
    const res = await health(get(), ctx());
    expect(res.status).toBe(503);
    expect(await body(res)).toEqual({ ok: false, database: 'ok', auth: 'unreachable' });
  });

  it('answers 503 naming the database when it is down', async () => {
    await closeDb();
    process.env['DATABASE_URL'] = `postgres://postgres:postgres@${DEAD}/postgres`;
    resetEnvForTests();
    const res = await health(get(), ctx());
    expect(res.status).toBe(503);
    expect(await body(res)).toEqual({ ok: false, database: 'unreachable', auth: 'ok' });
  });

  it('answers 503 within its timeout while the database accepts connections and never answers', async () => {
    // A Postgres that hangs (killed under load, a stuck pooler): the TCP connection opens, nothing comes back.
    const sockets: Socket[] = [];
    const blackHole = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const { port } = blackHole.address() as AddressInfo;
    try {
      await closeDb();
      process.env['DATABASE_URL'] = `postgres://postgres:postgres@127.0.0.1:${String(port)}/postgres`;
      resetEnvForTests();
      // The stated timeout is 3 s; the database driver's own connect timeout (10 s) must not decide.
      const late = new Promise<'late'>((resolve) =>
        setTimeout(() => {
          resolve('late');
        }, 6000),
      );
      const res = await Promise.race([health(get(), ctx()), late]);
      expect(res).not.toBe('late');
      if (res === 'late') return;
      expect(res.status).toBe(503);
      expect(await body(res)).toEqual({ ok: false, database: 'unreachable', auth: 'ok' });
    } finally {
      for (const s of sockets) s.destroy();
      blackHole.close();
    }
  });

  it('POST → 405', async () => {
    const res = await health(new Request('http://localhost/api/health', { method: 'POST' }), ctx());
    expect(res.status).toBe(405);
  });
});
