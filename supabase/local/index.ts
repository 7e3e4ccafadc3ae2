/**
 * The embedded local backend: Postgres (54322), the auth server (54321, `/auth/v1/*`) and the
 * mail outbox (54324) — the ports of Supabase's local stack, so `supabase start` can replace it
 * without other changes. Started by `npm run dev`/`npm start` when SUPABASE_URL/DATABASE_URL are
 * unset, by `npm run backend` alone, and by the `api` test project on free ports.
 */
import { createServer } from 'node:net';
import { chmod, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mailFrom as senderOf } from '../../src/lib/mail-sender.ts';
import { MIN_PASSWORD_LENGTH, SITE_TITLE } from '../../src/lib/vocabulary.ts';
import { startAuthServer, type AuthServer } from './auth/server.ts';
import { DEFAULT_RATE_LIMITS, RELAXED_RATE_LIMITS, type RateLimits } from './auth/ratelimit.ts';
import { acquireLock } from './lock.ts';
import { startOutbox, type Outbox } from './outbox.ts';
import { startPostgres, type PostgresHandle } from './postgres.ts';

/**
 * The local publishable (anon) key. A fixed development value in Supabase's new key format rather
 * than a JWT: it carries no role and no signature, so nothing can mistake it for a credential
 * (the functions treat it as "no user"), it cannot expire, and supabase-js handles `sb_publishable_`
 * keys exactly as in production (sent as `apikey`, never as a Bearer token). It only tells the
 * local auth server that the request comes from this project; it is public by design.
 */
export const LOCAL_ANON_KEY = 'sb_publishable_local_dev_only_7Yq2mXc4RfT9vLbN3sKd';

export const DEFAULT_PORTS = { api: 54321, db: 54322, mail: 54324 } as const;

/** The seed's demo accounts (supabase/seed.sql), printed on start. */
export const DEMO_ACCOUNTS = [
  { role: 'admin', email: 'admin@example.org', password: 'admin-demo-1' },
  { role: 'provider', email: 'provider@example.org', password: 'provider-demo-1' },
  { role: 'family', email: 'family@example.org', password: 'family-demo-1' },
] as const;

export type LocalBackend = {
  env: {
    SUPABASE_URL: string;
    PUBLIC_SUPABASE_URL: string;
    PUBLIC_SUPABASE_ANON_KEY: string;
    SUPABASE_ANON_KEY: string;
    DATABASE_URL: string;
    OUTBOX_URL: string;
    SITE_URL: string;
  };
  stop: () => Promise<void>;
};

export type LocalBackendOptions = {
  /** Defaults to `.data/` at the repository root. */
  dataDir?: string;
  /** 0 picks a free port (tests). */
  ports?: { api?: number; db?: number; mail?: number };
  /** Wipes the database (re-seeded) and the outbox first. */
  reset?: boolean;
  siteUrl?: string;
  rateLimits?: 'default' | 'relaxed' | RateLimits;
  /** Seconds before the same address may get another auth e-mail; 0 = off. Default 60 (as Supabase). */
  emailIntervalSeconds?: number;
  log?: (line: string) => void;
};

const REPO_DATA_DIR = fileURLToPath(new URL('../../.data', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        resolvePort(port);
      });
    });
  });
}

export async function startLocalBackend(opts: LocalBackendOptions = {}): Promise<LocalBackend> {
  const log = opts.log ?? (() => undefined);
  const dataDir = resolve(opts.dataDir ?? REPO_DATA_DIR);
  const siteUrl = (opts.siteUrl ?? process.env['SITE_URL'] ?? 'http://localhost:4321').replace(/\/+$/, '');
  const rateLimits =
    opts.rateLimits === 'relaxed'
      ? RELAXED_RATE_LIMITS
      : opts.rateLimits === undefined || opts.rateLimits === 'default'
        ? DEFAULT_RATE_LIMITS
        : opts.rateLimits;

  const lock = await acquireLock(dataDir, log);
  const stack: (() => Promise<void>)[] = [lock.release];
  const stopAll = async (): Promise<void> => {
    for (const stop of stack.splice(0).reverse()) {
      try {
        await stop();
      } catch (err) {
        log(`Stopping the local backend: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };

  try {
    // As root, Postgres runs as the `postgres` system user, which must be able to traverse the data
    // directory (mkdtemp makes it 0700). Execute-only for others: they can pass, not list.
    if (process.getuid?.() === 0) await chmod(dataDir, 0o711);
    if (opts.reset === true) await rm(join(dataDir, 'outbox'), { recursive: true, force: true });
    const dbPort = opts.ports?.db === 0 ? await freePort() : (opts.ports?.db ?? DEFAULT_PORTS.db);
    log(
      `Starting Postgres on 127.0.0.1:${dbPort}${opts.reset === true ? ' (reset: wiping and re-seeding)' : ''}…`,
    );
    const db: PostgresHandle = await startPostgres({
      dataDir: join(dataDir, 'postgres'),
      port: dbPort,
      reset: opts.reset === true,
      seed: true,
      log: (line) => {
        log(`[postgres] ${line}`);
      },
    });
    stack.push(db.stop);

    const outbox: Outbox = await startOutbox({ dataDir, port: opts.ports?.mail ?? DEFAULT_PORTS.mail, log });
    stack.push(outbox.stop);

    // The same sender, name and address, as the functions' e-mails (src/lib/mail-sender.ts).
    const mailFrom = senderOf(process.env['MAIL_FROM']);
    const auth: AuthServer = await startAuthServer({
      databaseUrl: db.url,
      dataDir,
      port: opts.ports?.api ?? DEFAULT_PORTS.api,
      anonKey: LOCAL_ANON_KEY,
      siteUrl,
      siteTitle: SITE_TITLE,
      rateLimits,
      emailIntervalSeconds: opts.emailIntervalSeconds ?? 60,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      mailFrom,
      sendMail: async (message) => {
        await outbox.add(message);
      },
      log,
    });
    stack.push(auth.stop);

    const env: LocalBackend['env'] = {
      SUPABASE_URL: auth.url,
      PUBLIC_SUPABASE_URL: auth.url,
      PUBLIC_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
      SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
      DATABASE_URL: db.url,
      OUTBOX_URL: outbox.url,
      SITE_URL: siteUrl,
    };
    for (const line of banner(env, dataDir)) log(line);
    return { env, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

function banner(env: LocalBackend['env'], dataDir: string): string[] {
  return [
    '',
    `Local backend ready (data in ${dataDir})`,
    `  Auth API      ${env.SUPABASE_URL}/auth/v1`,
    `  Mail outbox   ${env.OUTBOX_URL}/`,
    `  DATABASE_URL  ${env.DATABASE_URL}`,
    `  Anon key      ${env.PUBLIC_SUPABASE_ANON_KEY}`,
    `  Site URL      ${env.SITE_URL}`,
    '  Demo accounts:',
    ...DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(9)} ${a.email.padEnd(22)} ${a.password}`),
    '',
  ];
}
