/**
 * `npm start`: build the site (unless --no-build) and serve the production output with its
 * Netlify functions on http://localhost:8888, exactly as Netlify would route it (static files,
 * redirects with status, headers, functions). When neither SUPABASE_URL nor DATABASE_URL is set,
 * the embedded local backend (Postgres, auth, mail outbox) starts first.
 *
 *   node scripts/start.ts [--no-build] [--port 8888]
 */
import { NetlifyDev } from '@netlify/dev';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ensureBackend, notFoundRules, runGenerators } from './lib/runtime.ts';

const { values } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, port: { type: 'string', default: '8888' } },
});
const port = Number(values.port);
const root = process.cwd();

const backend = await ensureBackend({ siteUrl: `http://localhost:${port}` });
runGenerators();

if (!values['no-build'] || !existsSync(join(root, 'dist', 'index.html'))) {
  const built = spawnSync('astro', ['build'], { stdio: 'inherit', env: process.env });
  if (built.status !== 0) {
    await backend?.stop();
    process.exit(built.status ?? 1);
  }
}

const dev = new NetlifyDev({
  projectRoot: root,
  functions: { enabled: true },
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
// Apply the status of the 404 rules of netlify.toml ourselves so tests see the real behaviour.
const rules = notFoundRules(readFileSync(join(root, 'netlify.toml'), 'utf8'));
const fallback404 = join(root, 'dist', '404.html');

/** True when the build has a file for this path (Netlify serves it before any rewrite rule). */
function isBuiltPage(path: string): boolean {
  const file = join(root, 'dist', decodeURIComponent(path));
  return [file, `${file}.html`, join(file, 'index.html')].some((f) => existsSync(f) && !f.endsWith('/'));
}

const server = http.createServer((req, res) => {
  // Functions read the client IP from this header when Netlify's context has none.
  req.headers['x-nf-client-connection-ip'] = req.socket.remoteAddress ?? '127.0.0.1';
  void (async () => {
    try {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const result = await dev.handleAndIntrospectNodeRequest(req);
      let response = result?.response;
      if (!response) {
        const body = existsSync(fallback404) ? readFileSync(fallback404) : 'Not Found';
        response = new Response(body, {
          status: 404,
          headers: { 'content-type': 'text/html; charset=utf-8' },
        });
      } else if (result?.type === 'redirect' && rules.some((r) => r.test(path)) && !isBuiltPage(path)) {
        response = new Response(response.body, { status: 404, headers: response.headers });
      }
      res.statusCode = response.status;
      response.headers.forEach((value, key) => res.setHeader(key, value));
      if (response.body)
        Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(res);
      else res.end();
    } catch (error) {
      console.error(error);
      res.statusCode = 500;
      res.end('Internal Server Error');
    }
  })();
});

server.listen(port, () => {
  console.log(`\n  Site:      http://localhost:${port}`);
  if (backend) console.log(`  Mail:      ${process.env.OUTBOX_URL ?? ''}\n`);
});

async function shutdown(): Promise<void> {
  server.close();
  await dev.stop();
  await backend?.stop();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
