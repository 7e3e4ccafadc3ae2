/**
 * The API measured the way a visitor meets it: through the HTTP server that `npm start` runs
 * (`scripts/start.ts`, functions loaded in-process), at 20 concurrent clients.
 *
 * Each client connects from its own loopback address (127.0.0.11, .12, …), so each has its own
 * rate-limit budget exactly as 20 visitors would, and the limiter's database round trip is part
 * of what is measured. Reported: latency per request kind, failures (any status other than the
 * expected one), the server's memory before and after, and the most Postgres connections seen.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import postgres from 'postgres';

export interface HttpBench {
  clients: number;
  requests: number;
  failures: number;
  engagementP50Ms: number;
  engagementP95Ms: number;
  meP50Ms: number;
  meP95Ms: number;
  healthP50Ms: number;
  healthP95Ms: number;
  serverRssStartMb: number;
  serverRssEndMb: number;
  maxDbConnections: number;
  /**
   * CPU time per request during the load (user + system, all request kinds together): the
   * server process, the Postgres backends of its connections, and this load generator. On a
   * shared machine these move far less than wall-clock latency, so they show whether a change
   * removed work.
   */
  serverCpuMsPerRequest: number;
  dbCpuMsPerRequest: number;
  clientCpuMsPerRequest: number;
}

const CLIENTS = 20;
/** Per client and kind; well under each endpoint's per-minute limit per address. */
const ROUNDS = 30;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${String(pid)}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
}

const TICK_MS = 1000 / 100; // USER_HZ: /proc times are in clock ticks of 10 ms on Linux

/** User + system CPU of a process in ms (0 once it is gone). */
function cpuMs(pid: number): number {
  try {
    // Fields after the command name, which is in parentheses and may contain spaces.
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function request(
  agent: http.Agent,
  port: number,
  opts: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, agent, method: opts.method, path: opts.path, headers: opts.headers },
      (res) => {
        res.resume();
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * Starts `scripts/start.ts --no-build` against the given backend (env), runs the load, stops it.
 * `accessToken` is a signed-in user's token for `/api/me`; `engagementBody` a valid batch.
 */
export async function benchHttp(opts: {
  env: Record<string, string>;
  databaseUrl: string;
  accessToken: string;
  engagementBody: string;
}): Promise<HttpBench> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.ts', '--no-build', '--port', String(port)], {
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const sql = postgres(opts.databaseUrl, { max: 1, onnotice: () => undefined });
  let maxDbConnections = 0;
  const sampling = { on: true };
  const sampler = (async () => {
    while (sampling.on) {
      const [row] = await sql<
        { n: number }[]
      >`select count(*)::int as n from pg_stat_activity where backend_type = 'client backend'`;
      maxDbConnections = Math.max(maxDbConnections, row?.n ?? 0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    const probe = new http.Agent({ keepAlive: false });
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
      const ok = await request(probe, port, { method: 'GET', path: '/api/health' }).catch(() => null);
      if (ok?.status === 200) break;
      if (i > 600) throw new Error(`npm start did not answer /api/health in 60 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = child.pid ?? 0;
    const serverRssStartMb = rssMb(pid);
    // The Postgres backends serving the server's pool (not this sampler's own connection).
    const backends = async () =>
      (
        await sql<{ pid: number }[]>`
          select pid from pg_stat_activity
          where backend_type = 'client backend' and pid <> pg_backend_pid()`
      ).map((row) => row.pid);
    const dbCpu = new Map<number, number>((await backends()).map((p) => [p, cpuMs(p)]));
    const serverCpuStart = cpuMs(pid);
    const clientCpuStart = process.cpuUsage();

    const times = { engagement: [] as number[], me: [] as number[], health: [] as number[] };
    let failures = 0;
    let requests = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        // One connection pool per visitor, from its own loopback address.
        const agent = new http.Agent({
          keepAlive: true,
          maxSockets: 1,
          localAddress: `127.0.0.${String(11 + c)}`,
        });
        for (let round = 0; round < ROUNDS; round++) {
          const results = [
            [
              'engagement',
              202,
              await request(agent, port, {
                method: 'POST',
                path: '/api/engagement',
                headers: { 'content-type': 'application/json' },
                body: opts.engagementBody,
              }),
            ],
            [
              'me',
              200,
              await request(agent, port, {
                method: 'GET',
                path: '/api/me',
                headers: { authorization: `Bearer ${opts.accessToken}` },
              }),
            ],
            ['health', 200, await request(agent, port, { method: 'GET', path: '/api/health' })],
          ] as const;
          for (const [kind, expected, result] of results) {
            requests += 1;
            times[kind].push(result.ms);
            if (result.status !== expected) failures += 1;
          }
        }
        agent.destroy();
      }),
    );
    const serverCpuMs = cpuMs(pid) - serverCpuStart;
    const clientCpu = process.cpuUsage(clientCpuStart);
    let dbCpuMs = 0;
    for (const p of await backends()) dbCpuMs += cpuMs(p) - (dbCpu.get(p) ?? 0);
    const serverRssEndMb = rssMb(pid);
    const stat = (list: number[]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return [Math.round(percentile(sorted, 50) * 10) / 10, Math.round(percentile(sorted, 95) * 10) / 10];
    };
    const [engagementP50Ms = 0, engagementP95Ms = 0] = stat(times.engagement);
    const [meP50Ms = 0, meP95Ms = 0] = stat(times.me);
    const [healthP50Ms = 0, healthP95Ms = 0] = stat(times.health);
    return {
      clients: CLIENTS,
      requests,
      failures,
      engagementP50Ms,
      engagementP95Ms,
      meP50Ms,
      meP95Ms,
      healthP50Ms,
      healthP95Ms,
      serverRssStartMb,
      serverRssEndMb,
      maxDbConnections,
      serverCpuMsPerRequest: Math.round((serverCpuMs / requests) * 100) / 100,
      dbCpuMsPerRequest: Math.round((dbCpuMs / requests) * 100) / 100,
      clientCpuMsPerRequest: Math.round(((clientCpu.user + clientCpu.system) / 1000 / requests) * 100) / 100,
    };
  } finally {
    sampling.on = false;
    await sampler.catch(() => undefined);
    await sql.end();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}
