/**
 * Global setup of the `db` test project: a throw-away Postgres on a free port, with the
 * migrations and seed applied. Tests read its URL with `inject('databaseUrl')`.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../supabase/local/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** A port the OS says is free right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = await mkdtemp(join(tmpdir(), 'ocd-db-test-'));
  // When tests run as root, the server runs as the `postgres` system user and must reach the dir.
  await chmod(root, 0o755);
  const db = await startPostgres({ dataDir: join(root, 'data'), port: await freePort(), reset: true });
  project.provide('databaseUrl', db.url);
  return async () => {
    await db.stop();
    await rm(root, { recursive: true, force: true });
  };
}
