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

  it('POST → 405', async () => {
    const res = await health(new Request('http://localhost/api/health', { method: 'POST' }), ctx());
    expect(res.status).toBe(405);
  });
});
