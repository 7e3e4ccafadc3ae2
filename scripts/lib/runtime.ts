/** Shared by `npm start`, `npm run dev` and `npm run bench`: the backend and the generated files. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

type Backend = { stop: () => Promise<void> };

/**
 * Starts the embedded local backend unless SUPABASE_URL or DATABASE_URL points elsewhere, and
 * exports its settings to process.env so the build (PUBLIC_*) and the functions see them.
 */
export async function ensureBackend(opts: {
  siteUrl: string;
  /** Where the backend's lines go; by default the terminal, without Postgres's own chatter. */
  log?: (line: string) => void;
}): Promise<Backend | null> {
  // A developer's `.env` (see .env.example) points the project at other services.
  if (existsSync('.env')) process.loadEnvFile('.env');
  if (process.env.SUPABASE_URL || process.env.DATABASE_URL) {
    process.env.PUBLIC_SUPABASE_URL ??= process.env.SUPABASE_URL;
    process.env.SITE_URL ??= opts.siteUrl;
    return null;
  }
  const { startLocalBackend } = await import('../../supabase/local/index.ts');
  // Postgres's own chatter stays out of the terminal; `npm run backend` shows it when needed.
  const backend = await startLocalBackend({
    siteUrl: opts.siteUrl,
    // The browser tests sign in many times a minute from one address (playwright.config.ts).
    rateLimits: process.env.LOCAL_AUTH_RATE_LIMITS === 'relaxed' ? 'relaxed' : 'default',
    log:
      opts.log ??
      ((line) => {
        if (!line.startsWith('[postgres]')) console.log(line);
      }),
  });
  Object.assign(process.env, backend.env);
  return backend;
}

/**
 * Writes the files that are generated from content (the server-side program index). With `log`,
 * the generator's output goes there instead of the terminal (and into the error when it fails).
 */
export function runGenerators(log?: (line: string) => void): void {
  const result = spawnSync(process.execPath, ['scripts/gen-program-index.ts'], {
    stdio: log ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  // Captured only with `log` (inherited output is not captured).
  const output = log ? `${result.stdout}${result.stderr}`.trimEnd() : '';
  if (log && output !== '') for (const line of output.split('\n')) log(line);
  if (result.status !== 0)
    throw new Error(`Generating the program index failed${output === '' ? '' : `:\n${output}`}`);
}

/** The `from` patterns of netlify.toml redirects that answer 404, as regular expressions. */
export function notFoundRules(toml: string): RegExp[] {
  const blocks = toml.split(/\[\[redirects\]\]/).slice(1);
  return blocks
    .filter((block) => /status\s*=\s*404\b/.test(block))
    .map((block) => /from\s*=\s*"([^"]+)"/.exec(block)?.[1])
    .filter((from): from is string => Boolean(from))
    .map((from) => {
      const escaped = from.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      // A trailing splat also matches the bare folder (`/program/*` matches `/program`).
      const splat = escaped.endsWith('/*');
      const body = (splat ? escaped.slice(0, -2) : escaped).replace(/\*/g, '.*');
      return new RegExp(`^${body}${splat ? '(?:/.*)?' : ''}$`);
    });
}
