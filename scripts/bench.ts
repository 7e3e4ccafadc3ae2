import { chromiumLaunchOptions } from './lib/chromium.ts';
/**
 * `npm run bench`: measures what DESIGN.md budgets, on this machine, and prints a table plus
 * `bench-results/latest.json`. Figures, not pass/fail: these machines are noisy.
 *
 *   node scripts/bench.ts [--skip-build] [--skip-api] [--scale 20000] [--only-scale]
 *
 * - build: wall time and peak memory of `astro build`
 * - html: bytes (raw and gzip) per page type
 * - js: gzip bytes of JavaScript loaded by Chromium before the first interaction, per page type
 * - search: per-keystroke filter+sort time at 1,000 and 20,000 programs (median, p95)
 * - api: engagement ingestion (events/s, lost) and /api/me p50/p95 on the local backend
 * - --scale N: builds N synthetic program pages in a temporary copy and reports time and memory
 *   (`--only-scale` skips everything else; BENCH_KEEP=1 keeps the copy)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { runGenerators } from './lib/runtime.ts';
import { syntheticPrograms, timeKeystrokes } from './lib/bench-search.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1'; // no request to telemetry.astro.build (scripts/astro.ts)

const { values } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    'skip-api': { type: 'boolean', default: false },
    scale: { type: 'string' },
    'only-scale': { type: 'boolean', default: false },
  },
});

const report: Record<string, unknown> = {};
const dist = 'dist';

function timedBuild(cwd: string): {
  seconds: number;
  cpuSeconds: number | null;
  peakMiB: number | null;
  ok: boolean;
} {
  const start = performance.now();
  // CPU time (user + system) as well as wall time: on a shared machine it varies less.
  const result = spawnSync('/usr/bin/time', ['-f', 'PEAK_KB=%M CPU=%U+%S', 'npx', 'astro', 'build'], {
    cwd,
    encoding: 'utf8',
    // The heap cap of `npm run build` (package.json): Node otherwise lets the heap grow lazily far
    // past the ~0.5 GB that is live at 20,000 programs.
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=1536`.trim() },
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = (performance.now() - start) / 1000;
  const peak = /PEAK_KB=(\d+)/.exec(result.stderr)?.[1];
  const cpu = /CPU=([\d.]+)\+([\d.]+)/.exec(result.stderr);
  if (result.status !== 0) console.error(result.stdout.slice(-4000), result.stderr.slice(-4000));
  return {
    seconds: round(seconds, 1),
    cpuSeconds: cpu ? round(Number(cpu[1]) + Number(cpu[2]), 1) : null,
    peakMiB: peak ? round(Number(peak) / 1024, 0) : null,
    ok: result.status === 0,
  };
}

// ---- only the build at scale (`--scale N --only-scale`) ----
if (values['only-scale']) {
  if (!values.scale) throw new Error('--only-scale needs --scale N');
  const { scaleBuild } = await import('./lib/bench-scale.ts');
  const scale = await scaleBuild(Number(values.scale), timedBuild);
  console.log(JSON.stringify({ scale }, null, 2));
  process.exit(scale.ok ? 0 : 1);
}

// ---- build ----
if (!values['skip-build']) {
  runGenerators();
  report.build = timedBuild(process.cwd());
}

// ---- HTML sizes per page type ----
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
function pageType(path: string): string {
  const rel = relative(dist, path);
  if (rel === 'index.html') return 'home';
  if (rel.startsWith('program/')) return 'profile';
  if (rel === 'mclean.html') return 'mclean';
  if (rel === 'blog.html') return 'blog list';
  if (rel.startsWith('blog/')) return 'blog post';
  return 'other';
}
const htmlFiles = walk(dist).filter((f) => extname(f) === '.html');
const htmlByType: Record<string, { pages: number; maxBytes: number; maxGzipBytes: number }> = {};
for (const file of htmlFiles) {
  const body = readFileSync(file);
  const type = pageType(file);
  const entry = (htmlByType[type] ??= { pages: 0, maxBytes: 0, maxGzipBytes: 0 });
  entry.pages += 1;
  entry.maxBytes = Math.max(entry.maxBytes, body.length);
  entry.maxGzipBytes = Math.max(entry.maxGzipBytes, gzipSync(body).length);
}
report.html = htmlByType;

// ---- JS loaded before the first interaction, measured in Chromium ----
const server = http.createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const candidates = [join(dist, path), join(dist, `${path}.html`), join(dist, path, 'index.html')];
  const file = candidates.find((c) => {
    try {
      return statSync(c).isFile();
    } catch {
      return false;
    }
  });
  if (!file) {
    res.statusCode = 404;
    res.end();
    return;
  }
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.json': 'application/json',
  };
  res.setHeader('content-type', types[extname(file)] ?? 'application/octet-stream');
  res.end(readFileSync(file));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const firstProfile = htmlFiles
  .map((f) => relative(dist, f))
  .find((f) => f.startsWith('program/'))
  ?.replace(/\.html$/, '');
const firstPost = htmlFiles
  .map((f) => relative(dist, f))
  .find((f) => f.startsWith('blog/'))
  ?.replace(/\.html$/, '');
const pages: Record<string, string> = {
  home: '/',
  ...(firstProfile ? { profile: `/${firstProfile}` } : {}),
  mclean: '/mclean',
  'blog list': '/blog',
  ...(firstPost ? { 'blog post': `/${firstPost}` } : {}),
  contact: '/contact',
};
const browser = await chromium.launch(chromiumLaunchOptions());
const js: Record<string, { requests: number; gzipBytes: number }> = {};
for (const [type, path] of Object.entries(pages)) {
  const page = await browser.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
  });
  await page.goto(origin + path, { waitUntil: 'networkidle' });
  const loaded = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
  const inline = await page.evaluate(() =>
    Array.from(document.querySelectorAll('script:not([src])'))
      .filter((s) => !s.getAttribute('type') || s.getAttribute('type') === 'module')
      .map((s) => s.textContent)
      .join('\n'),
  );
  js[type] = {
    requests: loaded.length,
    gzipBytes: loaded.reduce((sum, b) => sum + gzipSync(b).length, 0) + gzipSync(inline).length,
  };
  await page.close();
}
await browser.close();
server.close();
report.jsBeforeInteraction = js;

// ---- search per keystroke ----
const search: Record<string, Awaited<ReturnType<typeof timeKeystrokes>>> = {};
for (const size of [1_000, 20_000]) search[String(size)] = await timeKeystrokes(syntheticPrograms(size));
report.search = search;

// ---- API ----
if (!values['skip-api']) {
  const { benchApi } = await import('./bench-api.ts');
  report.api = await benchApi();
}

// ---- optional: build at scale ----
if (values.scale) {
  const { scaleBuild } = await import('./lib/bench-scale.ts');
  report.scale = await scaleBuild(Number(values.scale), timedBuild);
}

mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/latest.json', JSON.stringify(report, null, 2));
console.log(JSON.stringify(report, null, 2));

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
