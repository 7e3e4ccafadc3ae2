/**
 * API benchmark: engagement ingestion throughput (and that nothing is lost), `/api/me` and
 * `/api/inquiries` latency, calling the function handlers directly against a throw-away local backend; then the
 * same endpoints through the HTTP server `npm start` runs, at 20 concurrent clients
 * (scripts/lib/bench-http.ts).
 *
 *   node scripts/bench-api.ts        # prints JSON
 *
 * The in-process rate limiter is switched off (RATE_LIMIT_DISABLED) because one IP sending
 * thousands of requests is exactly what it is there to stop.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from '@netlify/functions';
import postgres from 'postgres';
import { startLocalBackend } from '../supabase/local/index.ts';
import { ENGAGEMENT_BATCH_SIZE, ENGAGEMENT_EVENT_TYPES } from '../src/lib/vocabulary.ts';
import { benchHttp, type HttpBench } from './lib/bench-http.ts';

export interface ApiBench {
  engagementEventsPerSecond: number;
  engagementLost: number;
  meP50Ms: number;
  meP95Ms: number;
  /** POST /api/inquiries, one at a time (stored row, both e-mails to the local outbox). */
  inquiries: number;
  inquiryP50Ms: number;
  inquiryP95Ms: number;
  /**
   * The same API through the HTTP server of `npm start`, 20 concurrent clients, limiter on,
   * engagement posted in the batches the site sends (ENGAGEMENT_BATCH_SIZE events).
   */
  http: HttpBench;
  /** The same load with every engagement batch at the API's maximum (50 events). */
  httpMaxBatch: HttpBench;
}

const BATCHES = 200;
const BATCH_SIZE = 50;
const CONCURRENCY = 8;
const ME_CALLS = 300;
const INQUIRY_CALLS = 100;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

async function pool(n: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function benchApi(): Promise<ApiBench> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-api-'));
  // As root, Postgres runs as the `postgres` system user, which must be able to enter the dir.
  await chmod(dataDir, 0o755);
  const backend = await startLocalBackend({
    dataDir,
    ports: { api: 0, db: 0, mail: 0 },
    rateLimits: 'relaxed',
  });
  const { SUPABASE_URL, DATABASE_URL, SUPABASE_ANON_KEY } = backend.env;
  const saved = { ...process.env };
  Object.assign(process.env, backend.env, { RATE_LIMIT_DISABLED: 'true' });
  const { resetEnvForTests } = await import('../netlify/functions/_shared/env.ts');
  resetEnvForTests();
  const { closeDb } = await import('../netlify/functions/_shared/db.ts');
  const { default: engagement } = await import('../netlify/functions/engagement.mts');
  const { default: me } = await import('../netlify/functions/me.mts');
  const { default: inquiries } = await import('../netlify/functions/inquiries.mts');
  const { programIndex } = await import('../netlify/functions/_shared/programs.ts');
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => undefined });
  const context = { ip: '203.0.113.1', requestId: 'bench', params: {} } as unknown as Context;

  try {
    const ids = (await programIndex()).entries.map((p) => p.id);
    const batchOf = (size: number) =>
      JSON.stringify({
        events: Array.from({ length: size }, (_, i) => ({
          program_id: ids[i % ids.length],
          event_type: ENGAGEMENT_EVENT_TYPES[i % ENGAGEMENT_EVENT_TYPES.length],
        })),
      });
    const batch = batchOf(BATCH_SIZE);
    const count = async () =>
      (await sql<{ n: number }[]>`select count(*)::int as n from program_engagement`)[0]?.n ?? 0;

    // Warm the pool and the code paths before timing.
    const warm = await engagement(
      new Request('http://localhost/api/engagement', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: batch,
      }),
      context,
    );
    if (warm.status !== 202)
      throw new Error(`engagement warm-up answered ${warm.status}: ${await warm.text()}`);

    const before = await count();
    let accepted = 0;
    const started = performance.now();
    await pool(BATCHES, CONCURRENCY, async () => {
      const res = await engagement(
        new Request('http://localhost/api/engagement', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: batch,
        }),
        context,
      );
      if (res.status !== 202) throw new Error(`engagement answered ${res.status}: ${await res.text()}`);
      accepted += ((await res.json()) as { accepted: number }).accepted;
    });
    const seconds = (performance.now() - started) / 1000;
    const stored = (await count()) - before;

    const signIn = await fetch(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: SUPABASE_ANON_KEY },
      body: JSON.stringify({ email: 'family@example.org', password: 'family-demo-1' }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const meRequest = () =>
      new Request('http://localhost/api/me', { headers: { authorization: `Bearer ${token}` } });
    const first = await me(meRequest(), context);
    if (first.status !== 200) throw new Error(`/api/me answered ${first.status}: ${await first.text()}`);

    const times: number[] = [];
    for (let i = 0; i < ME_CALLS; i++) {
      const t = performance.now();
      const res = await me(meRequest(), context);
      await res.arrayBuffer();
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`/api/me answered ${res.status}`);
    }
    times.sort((a, b) => a - b);

    // Inquiries: a different sender each time (the per-address limit is 5 an hour).
    const inquiryTimes: number[] = [];
    for (let i = 0; i <= INQUIRY_CALLS; i++) {
      const t = performance.now();
      const res = await inquiries(
        new Request('http://localhost/api/inquiries', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            program_id: ids[i % ids.length],
            type: 'info',
            name: 'Bench Family',
            email: `bench-${String(i)}-${String(Date.now())}@example.org`,
            message: 'We would like to know about admissions and insurance.',
          }),
        }),
        context,
      );
      await res.arrayBuffer();
      // The first call warms the code path and the mailer; it is not counted.
      if (i > 0) inquiryTimes.push(performance.now() - t);
      if (res.status !== 201) throw new Error(`/api/inquiries answered ${res.status}`);
    }
    inquiryTimes.sort((a, b) => a - b);

    // The in-process limiter switch is for the handler loop above only; the server gets real limits.
    const serverLoad = (engagementBody: string) =>
      benchHttp({
        env: { ...backend.env, RATE_LIMIT_DISABLED: '' },
        databaseUrl: DATABASE_URL,
        accessToken: token,
        engagementBody,
      });
    const http = await serverLoad(batchOf(ENGAGEMENT_BATCH_SIZE));
    const httpMaxBatch = await serverLoad(batch);

    return {
      engagementEventsPerSecond: Math.round((BATCHES * BATCH_SIZE) / seconds),
      engagementLost: BATCHES * BATCH_SIZE - Math.min(stored, accepted),
      meP50Ms: round(percentile(times, 50), 2),
      meP95Ms: round(percentile(times, 95), 2),
      inquiries: INQUIRY_CALLS,
      inquiryP50Ms: round(percentile(inquiryTimes, 50), 2),
      inquiryP95Ms: round(percentile(inquiryTimes, 95), 2),
      http,
      httpMaxBatch,
    };
  } finally {
    await sql.end();
    await closeDb();
    resetEnvForTests();
    for (const key of Object.keys(process.env)) if (!(key in saved)) Reflect.deleteProperty(process.env, key);
    Object.assign(process.env, saved);
    await backend.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchApi(), null, 2));
}
