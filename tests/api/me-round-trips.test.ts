/**
 * GET /api/me's short path (docs/api.md): a read-only transaction answered without waiting for
 * COMMIT (`withClaims(…, { readOnly: true })`), and tokens verified once a minute
 * (`verifyToken`'s cache). What must not change: every request is counted and a 429 still comes
 * first; the claims are set inside the transaction; a token is never taken from the cache past
 * its expiry or for another auth server; connections lost mid-request are a 503, never a 500,
 * and leave a working pool behind.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import me from '../../netlify/functions/me.mts';
import { getUser, verifyToken } from '../../netlify/functions/_shared/auth.ts';
import { closeDb, db, withClaims } from '../../netlify/functions/_shared/db.ts';
import { resetEnvForTests } from '../../netlify/functions/_shared/env.ts';
import { SEED, adminSql, body, ctx, signIn, type ApiError } from './helpers.ts';

afterAll(closeDb);
afterEach(() => {
  vi.useRealTimers();
});

const get = (token: string | undefined, context = ctx()) =>
  me(
    new Request('http://localhost/api/me', {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    }),
    context,
  );

describe('GET /api/me rate limit (120 a minute per IP)', () => {
  it('counts valid requests and answers 429 first, whatever the token', async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    const context = ctx();
    for (let i = 0; i < 120; i++) {
      const res = await get(token, context);
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    for (const sent of [token, 'not-a-jwt', undefined]) {
      const res = await get(sent, context);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await body<ApiError>(res)).error.code).toBe('rate_limited');
    }
  });

  it('counts requests without a usable token too', async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    const context = ctx();
    for (let i = 0; i < 120; i++) {
      const res = await get(i % 2 === 0 ? 'not-a-jwt' : undefined, context);
      expect(res.status).toBe(401);
      await res.body?.cancel();
    }
    expect((await get(token, context)).status).toBe(429);
  });
});

describe('withClaims', () => {
  it('serves many more concurrent requests than the pool has connections', async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    const statuses = await Promise.all(
      Array.from({ length: 60 }, async () =>
        Promise.race([
          (async () => (await get(token)).status)(),
          new Promise<number>((r) =>
            setTimeout(() => {
              r(-1);
            }, 15_000),
          ),
        ]),
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  // Settings made with set_config(…, true) last until the end of the transaction: the statement
  // sees them only because BEGIN, the setup and the statement are one transaction.
  it('runs the statement in the transaction as the user, with the claims of the token', async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    const claims = await verifyToken(token);
    const [row] = await withClaims(
      claims,
      (tx) =>
        tx<{ uid: string; role: string; sub: string }[]>`
        select auth.uid()::text as uid, current_user as role,
          current_setting('request.jwt.claims', true)::json->>'sub' as sub`,
    );
    expect(row).toMatchObject({ uid: claims.sub, role: 'authenticated', sub: claims.sub });
    // Nothing of the transaction is left on the connection afterwards.
    const after = await db()<{ role: string; claims: string | null }[]>`
      select current_user as role, nullif(current_setting('request.jwt.claims', true), '') as claims`;
    expect(after[0]).toEqual({ role: 'postgres', claims: null });
  });

  it('readOnly: the same read as the user, no write, and the pool stays whole', async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    const claims = await verifyToken(token);
    for (let i = 0; i < 20; i++) {
      const rows = await withClaims(
        claims,
        (tx) => tx<{ uid: string; ro: string }[]>`
          select auth.uid()::text as uid, current_setting('transaction_read_only') as ro`,
        { readOnly: true },
      );
      expect(rows[0]).toEqual({ uid: claims.sub, ro: 'on' });
    }
    await expect(
      withClaims(
        claims,
        (tx) => tx`insert into user_favorites (user_id, program_id) values (${claims.sub}, 'mclean')`,
        {
          readOnly: true,
        },
      ),
    ).rejects.toMatchObject({ code: '25006' });
    // Every connection came back: 10 at once all answer (the pool has 5).
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const rows = await withClaims(claims, (tx) => tx<{ one: number }[]>`select 1 as one`, {
          readOnly: true,
        });
        expect(rows[0]?.one).toBe(1);
      }),
    );
    const after = await db()<{ role: string; ro: string }[]>`
      select current_user as role, current_setting('transaction_read_only') as ro`;
    expect(after[0]).toEqual({ role: 'postgres', ro: 'off' });
  });

  it('rolls back and reports the statement’s error, leaving the connection usable', async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    const claims = await verifyToken(token);
    await expect(withClaims(claims, (tx) => tx`select 1 / 0`)).rejects.toMatchObject({ code: '22012' });
    for (let i = 0; i < 10; i++) expect((await get(token)).status).toBe(200);
  });

  it(
    'answers 503 (never 500) when its connections are killed, and then works again',
    { timeout: 60_000 },
    async () => {
      const token = await signIn(SEED.family.email, SEED.family.password);
      // Open the pool's connections and learn their backends.
      const pids = new Set<number>();
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          const [row] = await db()<{ pid: number }[]>`select pg_backend_pid() as pid, pg_sleep(0.05)`;
          if (row) pids.add(row.pid);
        }),
      );
      const admin = adminSql();
      try {
        const inFlight = Array.from({ length: 20 }, () => get(token));
        await admin`select pg_terminate_backend(pid) from unnest(${[...pids]}::int[]) as pid`;
        const statuses = await Promise.all(
          inFlight.map(async (res) =>
            Promise.race([
              (async () => (await res).status)(),
              new Promise<number>((r) =>
                setTimeout(() => {
                  r(-1);
                }, 15_000),
              ),
            ]),
          ),
        );
        // Every answer is 200 or 503 (a -1 is one not answered within 15 s); the others are listed.
        expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
        // Recovers by itself, with every connection of the pool usable again.
        const deadline = Date.now() + 20_000;
        for (;;) {
          const burst = await Promise.all(
            Array.from({ length: 20 }, async () =>
              Promise.race([
                (async () => (await get(token)).status)(),
                new Promise<number>((r) =>
                  setTimeout(() => {
                    r(-1);
                  }, 10_000),
                ),
              ]),
            ),
          );
          if (burst.every((s) => s === 200)) break;
          expect(burst.filter((s) => s !== 200 && s !== 503)).toEqual([]);
          if (Date.now() > deadline) throw new Error(`no recovery: ${burst.join(',')}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      } finally {
        await admin.end();
      }
    },
  );
});

describe('verified tokens', () => {
  it('gives each caller its own copy of the claims', async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    const first = await verifyToken(token);
    first.sub = 'changed';
    expect((await verifyToken(token)).sub).not.toBe('changed');
  });

  it('never answers from memory past the token’s expiry', async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    expect(
      (await getUser(new Request('http://x', { headers: { authorization: `Bearer ${token}` } }))).problem,
    ).toBeNull();
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp: number;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((exp + 10) * 1000);
    const result = await getUser(new Request('http://x', { headers: { authorization: `Bearer ${token}` } }));
    expect(result.problem).toBe('expired');
  });

  it('never answers from memory for another auth server', async () => {
    const token = await signIn(SEED.family.email, SEED.family.password);
    expect((await get(token)).status).toBe(200);
    const saved = process.env.SUPABASE_URL;
    process.env.SUPABASE_URL = 'http://127.0.0.1:9';
    resetEnvForTests();
    try {
      // The key endpoint of that server cannot be reached: 503, not the remembered user.
      expect((await get(token)).status).toBe(503);
    } finally {
      process.env.SUPABASE_URL = saved;
      resetEnvForTests();
    }
  });
});
