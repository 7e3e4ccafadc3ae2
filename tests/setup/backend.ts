/**
 * Global setup of the `api` test project: the whole local backend (Postgres, auth server, mail
 * outbox) on free ports in a throw-away data directory, with relaxed request rate limits so a
 * suite's many sign-ins from 127.0.0.1 are not refused. Values reach tests through
 * `inject('supabaseUrl')` etc., and code under test through process.env (same names as
 * `LocalBackend.env`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalBlobs } from '../../scripts/lib/functions.ts';
import { startLocalBackend } from '../../supabase/local/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    supabaseUrl: string;
    anonKey: string;
    databaseUrl: string;
    outboxUrl: string;
    siteUrl: string;
    /** The backend's data directory (for tests of the lock and of persistence). */
    localDataDir: string;
    /** `NETLIFY_BLOBS_CONTEXT` of the local Blobs server (provider uploads). */
    blobsContext: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ocd-api-backend-'));
  const lines: string[] = [];
  let backend;
  try {
    backend = await startLocalBackend({
      dataDir,
      ports: { api: 0, db: 0, mail: 0 },
      rateLimits: 'relaxed',
      siteUrl: 'http://localhost:4321',
      log: (line) => lines.push(line),
    });
  } catch (err) {
    console.error(lines.slice(-40).join('\n'));
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const { env } = backend;
  Object.assign(process.env, env);
  const blobs = await startLocalBlobs(join(dataDir, 'blobs'));
  project.provide('blobsContext', blobs.context);
  project.provide('supabaseUrl', env.SUPABASE_URL);
  project.provide('anonKey', env.PUBLIC_SUPABASE_ANON_KEY);
  project.provide('databaseUrl', env.DATABASE_URL);
  project.provide('outboxUrl', env.OUTBOX_URL);
  project.provide('siteUrl', env.SITE_URL);
  project.provide('localDataDir', dataDir);
  const running = backend;
  return async () => {
    await blobs.stop();
    await running.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
