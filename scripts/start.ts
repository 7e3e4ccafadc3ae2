/**
 * `npm start`: build the site (unless --no-build) and serve the production output with its
 * Netlify functions on http://localhost:8888, routed as Netlify routes them (static files,
 * redirects with status, headers, functions by `config.path`). When neither SUPABASE_URL nor
 * DATABASE_URL is set, the embedded local backend (Postgres, auth, mail outbox) starts first.
 *
 *   node scripts/start.ts [--no-build] [--port 8888] [--host 127.0.0.1]
 *
 * Listens on 127.0.0.1 only unless `--host` says otherwise (e.g. `--host 0.0.0.0` to try the
 * site from a phone on the same network).
 *
 * The terminal gets a few lines ("Built 2,218 pages in 41 s — log: .data/logs/build.log") and,
 * last, a framed block with the site's address, the demo accounts and the mail outbox; the build's
 * per-page lines go to .data/logs/build.log, the backend's startup to .data/logs/start.log. Once
 * the site is ready, what happens (e-mails reaching the outbox, rebuilds) is printed as it comes.
 *
 * A change under content/ (a program, an article, a page) rebuilds the site by itself; the
 * terminal says when the new build is live. The functions' program index switches with the pages
 * (scripts/lib/local-rebuild.ts), so a new program takes requests as soon as its page is served.
 */
import { NetlifyDev } from '@netlify/dev';
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import type http from 'node:http';
import { join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { BodyError, callFunction, loadFunctions, refusal, route, startLocalBlobs } from './lib/functions.ts';
import { drainNotifications } from '../netlify/functions/_shared/notifications.ts';
import {
  currentGeneration,
  generationOf,
  recordBuildOutcome,
  startRebuildIfDue,
} from '../netlify/functions/_shared/publishing.ts';
import { guardRequest } from './lib/request-guard.ts';
import { headersForPath, staticHeadersFor, tomlHeaderRules } from './lib/static-headers.ts';
import { ensureBackend, notFoundRules, runGenerators } from './lib/runtime.ts';
import { LocalRebuilder } from './lib/local-rebuild.ts';
import { createBuildHook } from './lib/build-hook.ts';
import { createSiteServer } from './lib/site-server.ts';
import { changeReason, watchContent } from './lib/content-watch.ts';
import {
  BUILD_LOG,
  BuildOutputReader,
  buildSummary,
  duration,
  LOGS_DIR,
  readyBlock,
  START_LOG,
} from './lib/start-output.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1'; // no request to telemetry.astro.build (scripts/astro.ts)

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: '8888' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});
const port = Number(values.port);
const host = values.host;
const root = process.cwd();
const dist = resolve(root, 'dist');
const origin = `http://localhost:${port}`;

// The terminal gets a few lines and, last, the block a newcomer needs (scripts/lib/start-output.ts);
// the details of the startup go to .data/logs/start.log and the build's to .data/logs/build.log.
mkdirSync(join(root, LOGS_DIR), { recursive: true });
const startLog = createWriteStream(join(root, START_LOG));
let ready = false;
/**
 * A line of the backend or the server: into the start log, and to the terminal once the site is
 * ready (e-mails arriving in the outbox, rebuilds), except Postgres's own chatter.
 */
function note(line: string): void {
  startLog.write(`${line}\n`);
  if (ready && !line.startsWith('[postgres]')) console.log(line);
}

const backendStarted = Date.now();
const remote = existsSync('.env') || Boolean(process.env.SUPABASE_URL || process.env.DATABASE_URL);
if (!remote) console.log('Starting the local backend (Postgres, auth, mail outbox)…');
const backend = await ensureBackend({ siteUrl: origin, log: note });
console.log(
  backend
    ? `Local backend ready in ${duration(Date.now() - backendStarted)}.`
    : 'Using the backend of SUPABASE_URL / DATABASE_URL.',
);
// The functions' program index of the content about to be built (`--no-build` keeps the index
// of the build it serves, unless there is none yet).
if (
  !values['no-build'] ||
  !existsSync(join(root, 'netlify', 'functions', '_shared', 'program-index.generated.json'))
)
  try {
    runGenerators(note);
  } catch (error) {
    // A program file an editor got wrong: the lines name the file and the field.
    console.error(error instanceof Error ? error.message : String(error));
    await backend?.stop();
    process.exit(1);
  }

// Approving a listing calls the build hook (netlify/functions/_shared/publishing.ts). With the local
// backend there is no Netlify build: the hook is this server, which rebuilds in the background,
// serves the new build when it is ready and records how the build ended (a failed one is retried
// by the drain and shown on /admin). Local builds cost nothing: unless set, no interval between
// them (still one at a time). A real BUILD_HOOK_URL (remote backend) is left as it is. Set before
// anything reads the server environment (it is read once).
const rebuilder = new LocalRebuilder(root, {
  log: note,
  ...(backend && {
    onOutcome: async (outcome) => {
      if (await recordBuildOutcome(outcome)) await startRebuildIfDue();
    },
  }),
});
// Its URL carries a token drawn now, so only this process can start builds (scripts/lib/build-hook.ts).
const buildHook = createBuildHook({
  target: rebuilder,
  origins: [origin, `http://127.0.0.1:${String(port)}`],
  generationOf,
});
if (backend) {
  process.env.BUILD_HOOK_URL = `http://127.0.0.1:${String(port)}${buildHook.path}`;
  process.env.REBUILD_MIN_INTERVAL_SECONDS ||= '0';
}

/**
 * `astro build`, its output into the build log: the terminal gets one line, and the warnings and
 * errors (a failed build also shows the end of the log).
 */
async function buildSite(): Promise<number> {
  console.log(`Building the site (details in ${BUILD_LOG})…`);
  const started = Date.now();
  const log = createWriteStream(join(root, BUILD_LOG));
  const reader = new BuildOutputReader();
  let tail: string[] = [];
  const child = spawn('astro', ['build'], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      log.write(chunk);
      const text = chunk.toString();
      reader.feed(text);
      tail = [...tail, ...text.split('\n')].slice(-25);
    });
  }
  const status = await new Promise<number>((resolveExit) => {
    child.on('error', (error) => {
      log.write(`${String(error)}\n`);
      tail.push(String(error));
      resolveExit(1);
    });
    child.on('close', (code) => {
      resolveExit(code ?? 1);
    });
  });
  reader.end();
  await new Promise((done) => log.end(done));
  const problems = reader.problems;
  if (status !== 0) {
    console.error(['', ...tail.filter((l) => l.trim() !== ''), ''].join('\n'));
    console.error(`The build failed (exit code ${String(status)}) — full log: ${BUILD_LOG}`);
    return status;
  }
  console.log(buildSummary(reader.pages, Date.now() - started, BUILD_LOG));
  for (const problem of problems.slice(0, 5)) console.log(`  ${problem}`);
  if (problems.length > 5) console.log(`  …and ${String(problems.length - 5)} more in ${BUILD_LOG}`);
  return 0;
}

let builtNow = false;
if (!values['no-build'] || !existsSync(join(dist, 'index.html'))) {
  // What the local database asked for so far is in this build: published once it succeeds.
  const generation = backend ? await currentGeneration().catch(() => 0) : 0;
  const status = await buildSite();
  if (status !== 0) {
    await backend?.stop();
    process.exit(status);
  }
  builtNow = true;
  if (generation > 0) await recordBuildOutcome({ generation, ok: true }).catch(() => false);
}

// Netlify Blobs (provider uploads) in .data/blobs, unless a real Blobs context is configured.
const blobs = process.env.NETLIFY_BLOBS_CONTEXT ? null : await startLocalBlobs(join(root, '.data', 'blobs'));
const functions = await loadFunctions(join(root, 'netlify', 'functions'));
// Decision e-mails waiting in the notifications outbox (e.g. decisions made in Studio): Netlify
// runs the scheduled function notifications-drain every 5 minutes; here, every minute.
const drainTimer = setInterval(() => {
  drainNotifications().catch((error: unknown) => {
    console.error('[notifications]', error);
  });
}, 60_000);
drainTimer.unref();
// Per-page headers the build wrote for Netlify (each page's CSP with its script hashes), which
// @netlify/dev does not read; re-read when a rebuild rewrites them.
const staticHeaders = staticHeadersFor(root);

// Static files, redirects and headers only: functions are served in-process (scripts/lib/functions.ts).
const dev = new NetlifyDev({
  projectRoot: root,
  functions: { enabled: false },
  redirects: { enabled: true },
  staticFiles: { enabled: true },
  headers: { enabled: true },
  blobs: { enabled: false },
  edgeFunctions: { enabled: false },
  environmentVariables: { enabled: false },
  images: { enabled: false },
  geolocation: { enabled: false },
  aiGateway: { enabled: false },
  database: { enabled: false },
  serverAddress: null,
});
await dev.start();

// The local emulator rewrites with the right page but answers 200; Netlify answers 404.
// Apply the status of the 404 rules of netlify.toml ourselves so tests see the real behavior.
const netlifyToml = readFileSync(join(root, 'netlify.toml'), 'utf8');
const rules = notFoundRules(netlifyToml);
const siteHeaderRules = tomlHeaderRules(netlifyToml);
const fallback404 = join(dist, '404.html');

/** True when the build has a file for this (guarded, decoded) path: Netlify serves it before any rewrite. */
function isBuiltPage(pathname: string): boolean {
  const file = resolve(dist, `.${pathname}`);
  if (file !== dist && !file.startsWith(dist + sep)) return false;
  return [file, `${file}.html`, join(file, 'index.html')].some((f) => {
    try {
      return statSync(f).isFile();
    } catch {
      return false;
    }
  });
}

async function answer(req: http.IncomingMessage): Promise<Response> {
  const guard = guardRequest(req.method ?? '', req.url ?? '/');
  const rawPath = (req.url ?? '/').split('?', 1)[0] ?? '/';
  if (!guard.ok) {
    return refusal(
      rawPath,
      guard.status,
      guard.message,
      guard.status === 405 ? { allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' } : {},
    );
  }
  if (buildHook.matches(rawPath)) return buildHook.handle(req);
  const match = route(functions, rawPath, req.method ?? 'GET');
  if (match) {
    try {
      return await callFunction(req, match, origin);
    } catch (error) {
      if (error instanceof BodyError)
        return refusal(rawPath, error.status, error.message, { connection: 'close' });
      throw error;
    }
  }
  const result = await dev.handleAndIntrospectNodeRequest(req);
  const response = result?.response;
  if (!response) {
    // Netlify answers an address nothing serves with 404.html and the headers of every response.
    const page = existsSync(fallback404) ? readFileSync(fallback404) : 'Not Found';
    return new Response(page, {
      status: 404,
      headers: {
        ...headersForPath(siteHeaderRules, guard.pathname),
        ...staticHeaders(guard.pathname),
        'content-type': 'text/html; charset=utf-8',
      },
    });
  }
  // Pages under a 404 catch-all rule come back as 'redirect' too: every static answer gets them.
  for (const [name, value] of Object.entries(staticHeaders(guard.pathname)))
    response.headers.set(name, value);
  if (
    result.type === 'redirect' &&
    rules.some((r) => r.test(guard.pathname)) &&
    !isBuiltPage(guard.pathname)
  ) {
    return new Response(response.body, { status: 404, headers: response.headers });
  }
  return response;
}

const server = createSiteServer(answer);

// The seed's demo accounts, for the block printed when the server listens (local backend only).
const accounts = backend ? (await import('../supabase/local/index.ts')).DEMO_ACCOUNTS : [];

// An editor's save under content/ starts a rebuild (one at a time; saves during a build are
// gathered into one more build after it).
const contentWatcher = watchContent(
  join(root, 'content'),
  (files) => {
    rebuilder.request(changeReason(files));
  },
  {
    onError: (error) => {
      note(`[rebuild] no longer watching content/ (${error.message}); restart npm start to pick up edits`);
    },
  },
);

server.listen(port, host, () => {
  note(`Functions: ${functions.map((f) => f.name).join(', ')}`);
  const block = readyBlock({
    site: origin,
    listening: host === '127.0.0.1' ? undefined : host,
    outbox: backend ? process.env.OUTBOX_URL : undefined,
    accounts,
    buildLog: builtNow ? BUILD_LOG : undefined,
    startLog: START_LOG,
  });
  console.log(['', ...block, ''].join('\n'));
  ready = true;
});

let stopping = false;
/** Stops everything, each part even when another fails, so no lock or Postgres is left behind. */
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  clearInterval(drainTimer);
  contentWatcher.close();
  rebuilder.stop();
  server.close();
  server.closeAllConnections();
  await dev.stop().catch((error: unknown) => {
    console.error('[server] stopping the static server:', error);
  });
  await blobs?.stop().catch((error: unknown) => {
    console.error('[server] stopping the blobs server:', error);
  });
  await backend?.stop();
  startLog.end();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
process.once('SIGHUP', () => void shutdown());
