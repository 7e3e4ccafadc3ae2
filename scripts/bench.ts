/**
 * `npm run bench`: measures what docs/budgets.md budgets, on this machine, and prints ONE
 * table, a row per measurement (`key | what | value | budget | pass/fail`), also written to
 * `bench-results/latest.md`, with every figure in `bench-results/latest.json`
 * (`{ build, scale, pages, search, inp, api, lighthouse, budgets }`; a skipped part is `null`).
 * Figures, not tests: only the build at scale runs in `npm test` (2,000 programs, `--no-save`),
 * where it must succeed; no figure is judged there.
 *
 *   node scripts/bench.ts [--skip-build] [--skip-api] [--skip-lighthouse] [--scale N] [--only-scale]
 *   node scripts/bench.ts --only-api
 *   node scripts/bench.ts --only pages,inp
 *   node scripts/bench.ts --scale 2000 --only-scale --no-save
 *
 * - build: the real-content build in a temporary copy of the project (wall and CPU time, peak
 *   memory); `--skip-build` measures a snapshot of the current `dist/` instead
 * - scale (`--scale N`): the same with N synthetic programs added (budget at 20,000: ≤ 60 s,
 *   ≤ 2 GiB); `--only-scale` runs only that and updates the scale part of latest.json;
 *   with `--no-save` it prints the rows and writes nothing (`npm test` builds 2,000 programs
 *   this way, so a change that breaks the build at scale fails the suite)
 * - pages: per page type in Chromium, JS loaded before the first interaction and everything
 *   transferred (gzip), from a static server of the built site on a random port
 * - search: key presses and Filters clicks in Chromium on the real directory island with a
 *   synthetic index of 1,000 and 20,000 programs (scripts/lib/bench-island.ts, judged), the same
 *   with the directory code alone incl. place, radius and sorts (bench-browser-search.ts,
 *   reported), search data per fetch, ZIP/city lookup shards (bench-geo.ts); results visible at
 *   20,000 programs: event → the cards in view after a keystroke and the dialog's counts after a
 *   checkbox (judged), the cards after "Show N programs" (reported)
 * - inp: Interaction to Next Paint on a phone (390×844, CPU 4× slower) by the Event Timing API,
 *   p75 (bench-inp.ts): search keystrokes and Filters toggles at 1,000 programs, Request Info on a
 *   card and on a profile, typing in the request dialog
 * - api: scripts/bench-api.ts (its own throw-away backend and server, random ports); `--only-api`
 *   runs only that (no build, no browser) and updates the api part of latest.json
 * - lighthouse: Lighthouse 13 mobile on /, a profile, a post and /provider-login
 *
 * `--only <parts>` (comma-separated: `pages`, `search`, `inp`) runs just those browser parts on a
 * snapshot of the built site (as `--skip-build`; no API, no Lighthouse) and prints their rows
 * without writing bench-results/: a quick look while working on one figure. `--skip-build` and
 * `--only` read `$ASTRO_OUT_DIR` when it is set (where `npm run build` then writes), else dist/.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './lib/chromium.ts';
import { runGenerators } from './lib/runtime.ts';
import { scaleBuild } from './lib/bench-scale.ts';
import { startStaticServer } from './lib/bench-server.ts';
import { measurePages, type PageFigures } from './lib/bench-pages.ts';
import {
  measureSearchInBrowser,
  searchPageRoutes,
  type BrowserSearchFigures,
  type LatencyStats,
} from './lib/bench-browser-search.ts';
import { benchGeo, type GeoBench } from './lib/bench-geo.ts';
import { measureIsland, type IslandFigures } from './lib/bench-island.ts';
import { measureInp, type InpFigures, type InpStats } from './lib/bench-inp.ts';
import { lighthouse, type LighthouseScores } from './lib/bench-lighthouse.ts';
import {
  atLeast,
  atMost,
  count,
  formatTable,
  kb,
  mib,
  ms,
  notMeasured,
  report,
  seconds,
  summary,
  type BudgetRow,
} from './lib/bench-table.ts';
import type { ApiBench } from './bench-api.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1'; // no request to telemetry.astro.build (scripts/astro.ts)

const { values } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    'skip-api': { type: 'boolean', default: false },
    'skip-lighthouse': { type: 'boolean', default: false },
    scale: { type: 'string' },
    'only-scale': { type: 'boolean', default: false },
    'no-save': { type: 'boolean', default: false },
    'only-api': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});

const BROWSER_PARTS = ['pages', 'search', 'inp'] as const;
/** `--only pages,inp`: the browser parts to run alone; null runs everything. */
const onlyParts =
  values.only === undefined ? null : new Set(values.only.split(',').map((part) => part.trim()));
for (const part of onlyParts ?? []) {
  if (!(BROWSER_PARTS as readonly string[]).includes(part))
    throw new Error(`--only takes ${BROWSER_PARTS.join(', ')} (comma-separated), not "${part}"`);
}
const runs = (part: (typeof BROWSER_PARTS)[number]): boolean => onlyParts === null || onlyParts.has(part);

type BuildFigures = { seconds: number; cpuSeconds: number | null; peakMiB: number | null; ok: boolean };
type ScaleFigures = Awaited<ReturnType<typeof scaleBuild>>;

interface Results {
  build: (BuildFigures & { programs: number }) | null;
  scale: ScaleFigures | null;
  pages: Record<string, PageFigures> | null;
  search: {
    /** The real directory island on the built home page with a synthetic index (judged). */
    island: Record<string, IslandFigures | null>;
    /** The directory code alone on a bench page, incl. a place, radius and sorts (reported). */
    browser: Record<string, BrowserSearchFigures>;
    indexShards: number;
    indexMaxShardGzipBytes: number;
    geo: GeoBench;
  } | null;
  /** Interaction to Next Paint on a slowed phone (bench-inp.ts); null when it could not run. */
  inp: InpFigures | null;
  api: ApiBench | null;
  lighthouse: Record<string, LighthouseScores> | null;
  budgets: BudgetRow[];
  machine: { date: string; cpus: number; loadavg: number[]; node: string; chromium: string | null };
}

const SEARCH_SIZES = [1_000, 20_000];
const KB = 1000;
const GIB = 1024;

function timedBuild(cwd: string): BuildFigures {
  const start = performance.now();
  // CPU time (user + system) as well as wall time: on a shared machine it varies less.
  const result = spawnSync('/usr/bin/time', ['-f', 'PEAK_KB=%M CPU=%U+%S', 'npx', 'astro', 'build'], {
    cwd,
    encoding: 'utf8',
    // The heap cap of `npm run build` (package.json): Node otherwise lets the heap grow lazily far
    // past the ~0.5 GB that is live at 20,000 programs.
    env: {
      ...process.env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=1536`.trim(),
    },
    maxBuffer: 256 * 1024 * 1024,
  });
  const secs = (performance.now() - start) / 1000;
  const peak = /PEAK_KB=(\d+)/.exec(result.stderr)?.[1];
  const cpu = /CPU=([\d.]+)\+([\d.]+)/.exec(result.stderr);
  if (result.status !== 0) console.error(result.stdout.slice(-4000), result.stderr.slice(-4000));
  return {
    seconds: round(secs, 1),
    cpuSeconds: cpu ? round(Number(cpu[1]) + Number(cpu[2]), 1) : null,
    peakMiB: peak ? round(Number(peak) / 1024, 0) : null,
    ok: result.status === 0,
  };
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function progress(message: string): void {
  console.error(`bench: ${message}`);
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

function buildRows(build: Results['build']): BudgetRow[] {
  if (!build) return [notMeasured('build', 'real-content build', '--skip-build')];
  if (!build.ok) return [{ ...report('build', 'real-content build', 'FAILED'), pass: false }];
  const what = `build, ${String(build.programs)} programs`;
  return [
    report('build.time', `${what}: wall time`, seconds(build.seconds)),
    report(
      'build.cpu',
      `${what}: CPU time (user + system)`,
      build.cpuSeconds === null ? '?' : seconds(build.cpuSeconds),
    ),
    report('build.peak', `${what}: peak memory (RSS)`, build.peakMiB === null ? '?' : mib(build.peakMiB)),
  ];
}

function scaleRows(scale: ScaleFigures | null, requested: number | null): BudgetRow[] {
  if (!scale) return [notMeasured('scale', 'build at scale', requested === null ? 'no --scale N' : 'failed')];
  const what = `build, ${count(scale.programs)} synthetic + real programs`;
  if (!scale.ok) return [{ ...report('scale', what, 'FAILED'), pass: false }];
  // The budget is stated for 20,000 programs; other sizes are reported against nothing.
  const judged = scale.programs === 20_000;
  const judge = (
    key: string,
    label: string,
    value: number | null,
    limit: number,
    fmt: (n: number) => string,
  ) =>
    value === null
      ? notMeasured(key, label, 'no /usr/bin/time')
      : judged
        ? atMost(key, label, value, limit, fmt)
        : report(key, label, fmt(value));
  return [
    judge('scale.time', `${what}: wall time`, scale.seconds, 45, seconds),
    // CPU time (user + system) varies less than wall time on a shared machine.
    judge('scale.cpu', `${what}: CPU time (user + system)`, scale.cpuSeconds, 50, seconds),
    judge('scale.peak', `${what}: peak memory`, scale.peakMiB, 1.8 * GIB, mib),
    atMost(
      'scale.searchFetch',
      `${what}: search data per fetch (largest shard, gzip)`,
      scale.maxShardGzipBytes,
      150 * KB,
      kb,
    ),
    report('scale.homeHtml', `${what}: home HTML (gzip)`, kb(scale.homeHtmlGzipBytes)),
  ];
}

const JS_BUDGETS: Record<string, number> = {
  home: 90 * KB,
  profile: 20 * KB,
  'blog post': 20 * KB,
  // Measured signed out: the island, then the sign-in page it sends the visitor to.
  'provider-dashboard': 80 * KB,
};

function pageRows(pages: Results['pages'], why: string): BudgetRow[] {
  if (!pages) return [notMeasured('pages', 'page weights in Chromium', why)];
  const rows: BudgetRow[] = [];
  for (const [type, p] of Object.entries(pages)) {
    const key = `pages.${type.replace(/\s+/g, '-')}`;
    const path = p.path.length > 28 ? `${p.path.slice(0, 27)}…` : p.path;
    const label = `${type} ${path}${p.status === 200 ? '' : ` (HTTP ${String(p.status)})`}`;
    const jsWhat = `${label}: JS before first interaction (gzip, ${String(p.jsRequests)} files)`;
    const limit = JS_BUDGETS[type];
    rows.push(
      limit === undefined
        ? report(`${key}.js`, jsWhat, kb(p.jsGzipBytes))
        : atMost(`${key}.js`, jsWhat, p.jsGzipBytes, limit, kb),
    );
    rows.push(
      report(
        `${key}.total`,
        `${label}: all transferred (gzip, ${String(p.requests)} requests)`,
        kb(p.transferredBytes),
      ),
    );
  }
  const offOrigin = Object.values(pages).flatMap((p) => p.offOriginRequests);
  rows.push(
    atMost('pages.offOrigin', 'requests leaving the site, all pages above', offOrigin.length, 0, count),
  );
  return rows;
}

function searchRows(search: Results['search']): BudgetRow[] {
  if (!search) return [notMeasured('search', 'search in Chromium', 'failed')];
  const rows: BudgetRow[] = [];
  const tagOf = (size: string): string => (Number(size) >= 1000 ? `${String(Number(size) / 1000)}k` : size);
  const both = (st: LatencyStats): string => `${ms(st.medianMs)} / ${ms(st.p95Ms)}`;
  for (const [size, island] of Object.entries(search.island)) {
    const n = `${count(Number(size))} programs`;
    const tag = tagOf(size);
    if (!island) {
      rows.push({
        ...notMeasured(`search.${tag}`, `${n}: directory island`, 'failed, see the log'),
        pass: false,
      });
      continue;
    }
    for (const [kind, label] of [
      ['keystroke', 'directory island, per keystroke'],
      ['facetToggle', 'directory island, per checkbox in Filters'],
    ] as const) {
      const st = island[kind];
      rows.push(
        atMost(
          `search.${tag}.${kind}.median`,
          `${n}: ${label}, median of ${String(st.samples)}`,
          st.medianMs,
          16,
          ms,
        ),
      );
      rows.push(atMost(`search.${tag}.${kind}.p95`, `${n}: ${label}, p95`, st.p95Ms, 50, ms));
    }
    // Results visible: from the event to what shows the results changing. A change (a key, a
    // checkbox) is judged at 20,000 programs; "Show N programs" is reported: closing a modal dialog
    // makes the whole page interactive again, a style recalculation of every element (~20 ms
    // here) before the cards, which are committed in the same task.
    for (const [kind, key, label, judged] of [
      ['keystrokeCards', 'keystroke', 'cards in view changed after a keystroke', true],
      ['facetToggleCounts', 'facetToggleCounts', "Filters dialog's counts changed after a checkbox", true],
      ['filtersShowCards', 'filtersShow', 'cards in view changed after "Show N programs" in Filters', false],
    ] as const) {
      const st = island[kind];
      const what = `${n}: ${label}, median of ${String(st.samples)} (p95 ${ms(st.p95Ms)})`;
      const row = `search.${tag}.visible.${key}`;
      rows.push(
        judged && Number(size) === 20_000
          ? atMost(row, what, st.medianMs, 16, ms)
          : report(row, what, ms(st.medianMs)),
      );
    }
    rows.push(
      report(`search.${tag}.load`, `${n}: directory island, focus → all ${n} loaded`, ms(island.loadMs)),
    );
    const lib = search.browser[size];
    if (!lib) continue;
    const code = `${n}: directory code alone`;
    rows.push(
      report(`search.${tag}.code.keystroke`, `${code}, per keystroke, median / p95`, both(lib.keystroke)),
    );
    rows.push(
      report(
        `search.${tag}.code.facetToggle`,
        `${code}, per filter toggle + counts, median / p95`,
        both(lib.facetToggle),
      ),
    );
    rows.push(
      report(
        `search.${tag}.code.near`,
        `${code}, a place set (Distance sort, 250 mi), median / p95`,
        both(lib.near),
      ),
    );
    rows.push(report(`search.${tag}.code.sort`, `${code}, a sort choice, median / p95`, both(lib.sort)));
    rows.push(
      report(
        `search.${tag}.code.prepare`,
        `${code}, sort + search text when the data arrives`,
        ms(lib.prepareMs),
      ),
    );
  }
  rows.push(
    atMost(
      'search.fetch',
      `search data per fetch, real content (largest of ${String(search.indexShards)} shards, gzip)`,
      search.indexMaxShardGzipBytes,
      150 * KB,
      kb,
    ),
  );
  const g = search.geo;
  rows.push(
    atMost(
      'search.geo.zipBytes',
      `ZIP lookup: bytes per lookup (largest of ${String(g.zipShards)} shards, gzip)`,
      g.zipShardMaxGzipBytes,
      20 * KB,
      kb,
    ),
  );
  rows.push(
    atMost(
      'search.geo.cityBytes',
      `City, ST lookup: bytes per lookup (largest of ${String(g.cityShards)} shards, gzip)`,
      g.cityShardMaxGzipBytes,
      20 * KB,
      kb,
    ),
  );
  rows.push(
    report(
      'search.geo.time',
      `ZIP / city lookup: parse shard + resolve, median of ${String(g.lookups)} (Node)`,
      ms(g.lookupMedianMs),
    ),
  );
  return rows;
}

function inpRows(inp: InpFigures | null): BudgetRow[] {
  if (!inp)
    return [
      { ...notMeasured('inp', 'Interaction to Next Paint, phone', 'failed, see the log'), pass: false },
    ];
  const phone = `phone ${inp.viewport}, CPU ${String(inp.cpuSlowdown)}× slower`;
  const rows: BudgetRow[] = [];
  const judge = (key: string, label: string, st: InpStats | null, part: string): void => {
    const what = `${phone}: ${label}, INP p75`;
    if (!st || st.interactions === 0) {
      const why = inp.errors.find((e) => e.startsWith(`${part}:`)) ?? 'no interactions';
      rows.push({ ...notMeasured(key, what, why.slice(0, 80), '≤ 100 ms'), pass: false });
      return;
    }
    const under = st.underThreshold > 0 ? `, ${String(st.underThreshold)} under 16 ms` : '';
    rows.push(
      atMost(key, `${what} of ${String(st.interactions)} (worst ${ms(st.maxMs)}${under})`, st.p75Ms, 100, ms),
    );
  };
  const n = `${count(inp.programs)} programs`;
  judge('inp.home.keystroke', `home, ${n}, search keystroke`, inp.homeKeystroke, 'home keystrokes');
  judge(
    'inp.home.facetToggle',
    `home, ${n}, checkbox in Filters`,
    inp.homeFacetToggle,
    'home Filters toggles',
  );
  judge('inp.home.requestInfo', `home, a card's Request Info`, inp.homeRequestInfo, 'home Request Info');
  judge('inp.profile.requestInfo', 'profile, Request Info', inp.profileRequestInfo, 'profile Request Info');
  judge(
    'inp.profile.dialogTyping',
    'profile, typing in the request dialog',
    inp.dialogTyping,
    'typing in the dialog',
  );
  const shown = (s: InpFigures['homeDialogShownMs']): string =>
    s ? `${ms(s.medianMs)} / ${ms(s.p95Ms)}` : 'not measured';
  // Judged on the slower median of the two (both within 50 ms); a part not measured fails it.
  const home = inp.homeDialogShownMs;
  const profile = inp.profileDialogShownMs;
  const slower = home && profile ? Math.max(home.medianMs, profile.medianMs) : null;
  rows.push({
    ...report(
      'inp.requestInfo.shown',
      `${phone}: Request Info click → dialog open, home card / profile, median / p95`,
      `${shown(home)}; ${shown(profile)}`,
    ),
    budget: `median ≤ ${ms(50)}`,
    pass: slower !== null && slower <= 50,
  });
  return rows;
}

function apiRows(api: ApiBench | null, why: string): BudgetRow[] {
  if (!api) return [notMeasured('api', 'API on the local backend', why)];
  return [
    atLeast(
      'api.engagement.rate',
      'engagement ingestion, events/s (50-event batches, 8 concurrent, handler)',
      api.engagementEventsPerSecond,
      2000,
      count,
    ),
    atMost('api.engagement.lost', 'engagement events lost', api.engagementLost, 0, count),
    atMost(
      'api.inquiry.p95',
      `POST /api/inquiries p95 of ${String(api.inquiries)} (handler; p50 ${ms(api.inquiryP50Ms)})`,
      api.inquiryP95Ms,
      50,
      ms,
    ),
    atMost(
      'api.me.p50',
      `GET /api/me p50 through npm start, ${String(api.http.clients)} clients (p95 ${ms(api.http.meP95Ms)})`,
      api.http.meP50Ms,
      20,
      ms,
    ),
    report('api.me.handler', 'GET /api/me handler p50 / p95', `${ms(api.meP50Ms)} / ${ms(api.meP95Ms)}`),
    report(
      'api.http.engagement',
      `POST /api/engagement through npm start p50 / p95 (${String(api.http.clients)} clients)`,
      `${ms(api.http.engagementP50Ms)} / ${ms(api.http.engagementP95Ms)}`,
    ),
    atMost(
      'api.http.failures',
      `unexpected statuses through npm start (${count(api.http.requests + api.httpMaxBatch.requests)} requests)`,
      api.http.failures + api.httpMaxBatch.failures,
      0,
      count,
    ),
    report(
      'api.http.memory',
      'npm start RSS before → after the load; most Postgres connections',
      `${String(api.http.serverRssStartMb)} → ${String(api.http.serverRssEndMb)} MB; ${String(api.http.maxDbConnections)}`,
    ),
    report(
      'api.http.cpu',
      'CPU per request during that load: npm start / its Postgres backends / load generator',
      `${ms(api.http.serverCpuMsPerRequest)} / ${ms(api.http.dbCpuMsPerRequest)} / ${ms(api.http.clientCpuMsPerRequest)}`,
    ),
  ];
}

function lighthouseRows(results: Results['lighthouse'], why: string): BudgetRow[] {
  if (!results) return [notMeasured('lighthouse', 'Lighthouse mobile', why)];
  const rows: BudgetRow[] = [];
  for (const [type, r] of Object.entries(results)) {
    const key = `lighthouse.${type.replace(/\s+/g, '-')}`;
    if (r.error && r.performance === null) {
      rows.push({
        ...notMeasured(key, `Lighthouse ${type}`, r.error.split('\n')[0]?.slice(0, 80) ?? 'error'),
        pass: false,
      });
      continue;
    }
    const score = (name: string, value: number | null, limit: number): BudgetRow =>
      value === null
        ? notMeasured(`${key}.${name}`, `Lighthouse mobile ${type}: ${name}`, 'no score')
        : atLeast(`${key}.${name}`, `Lighthouse mobile ${type}: ${name}`, value, limit, String);
    rows.push(score('performance', r.performance, 98));
    rows.push(score('accessibility', r.accessibility, 100));
    rows.push(score('bestPractices', r.bestPractices, 100));
    rows.push(score('seo', r.seo, 100));
  }
  return rows;
}

function footer(results: Results, extra: string[] = []): string[] {
  const m = results.machine;
  return [
    summary(results.budgets),
    `Measured ${m.date} on ${String(m.cpus)} CPUs shared with other work (load average ${m.loadavg.map((l) => l.toFixed(2)).join(' / ')} at the end): times are noisy, compare runs with care.`,
    `Node ${m.node}${m.chromium ? `, ${m.chromium}` : ''}. KB = 1,000 bytes. Budgets from docs/budgets.md; "—" = reported only.`,
    ...extra,
  ];
}

function writeResults(results: Results, notes: string[] = []): void {
  results.machine.loadavg = loadavg().map((l) => round(l, 2));
  const table = formatTable(results.budgets, footer(results, notes));
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync('bench-results/latest.md', `# npm run bench\n\n\`\`\`text\n${table}\n\`\`\`\n`);
  console.log(table);
}

function machine(): Results['machine'] {
  const version = spawnSync(chromiumLaunchOptions().executablePath ?? 'chromium', ['--version'], {
    encoding: 'utf8',
  });
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cpus: cpus().length,
    loadavg: [],
    node: process.version,
    chromium: version.status === 0 ? version.stdout.trim() : null,
  };
}

// ---------------------------------------------------------------------------------------------
// --only-scale: the build at scale alone, merged into the last full results
// ---------------------------------------------------------------------------------------------

const requestedScale = values.scale === undefined ? null : Number(values.scale);
if (values['only-scale']) {
  if (requestedScale === null) throw new Error('--only-scale needs --scale N');
  progress(`building ${String(requestedScale)} synthetic programs in a temporary copy…`);
  const scale = await scaleBuild(requestedScale, timedBuild);
  if (values['no-save']) {
    console.log(formatTable(scaleRows(scale, requestedScale), []));
    process.exit(scale.ok ? 0 : 1);
  }
  const previous: Partial<Results> = existsSync('bench-results/latest.json')
    ? (JSON.parse(readFileSync('bench-results/latest.json', 'utf8')) as Partial<Results>)
    : {};
  const results: Results = {
    build: previous.build ?? null,
    scale,
    pages: previous.pages ?? null,
    search: previous.search ?? null,
    inp: previous.inp ?? null,
    api: previous.api ?? null,
    lighthouse: previous.lighthouse ?? null,
    budgets: [],
    machine: machine(),
  };
  const others = (previous.budgets ?? []).filter((r) => !r.key.startsWith('scale'));
  const firstAfterBuild = others.findIndex((r) => !r.key.startsWith('build'));
  const at = firstAfterBuild === -1 ? others.length : firstAfterBuild;
  results.budgets = [...others.slice(0, at), ...scaleRows(scale, requestedScale), ...others.slice(at)];
  writeResults(results, [
    `This run: --only-scale ${String(requestedScale)}; the other rows are from the previous full run (${previous.machine?.date ?? 'unknown date'}).`,
  ]);
  process.exit(scale.ok ? 0 : 1);
}

// ---------------------------------------------------------------------------------------------
// --only-api: the API bench alone, merged into the last full results
// ---------------------------------------------------------------------------------------------

if (values['only-api']) {
  progress('API on a throw-away local backend…');
  const api = await runApiBench();
  const previous: Partial<Results> = existsSync('bench-results/latest.json')
    ? (JSON.parse(readFileSync('bench-results/latest.json', 'utf8')) as Partial<Results>)
    : {};
  const results: Results = {
    build: previous.build ?? null,
    scale: previous.scale ?? null,
    pages: previous.pages ?? null,
    search: previous.search ?? null,
    inp: previous.inp ?? null,
    api,
    lighthouse: previous.lighthouse ?? null,
    budgets: [],
    machine: machine(),
  };
  const others = (previous.budgets ?? []).filter((r) => !r.key.startsWith('api'));
  const firstAfterApi = others.findIndex((r) => r.key.startsWith('lighthouse'));
  const at = firstAfterApi === -1 ? others.length : firstAfterApi;
  results.budgets = [...others.slice(0, at), ...apiRows(api, 'failed, see above'), ...others.slice(at)];
  writeResults(results, [
    `This run: --only-api; the other rows are from the previous full run (${previous.machine?.date ?? 'unknown date'}).`,
  ]);
  process.exit(api ? 0 : 1);
}

// ---------------------------------------------------------------------------------------------
// The full run
// ---------------------------------------------------------------------------------------------

const results: Results = {
  build: null,
  scale: null,
  pages: null,
  search: null,
  inp: null,
  api: null,
  lighthouse: null,
  budgets: [],
  machine: machine(),
};
const notes: string[] = [];

// The site measured below: our own build, or a snapshot of dist/ (others rebuild it at any time).
const site = mkdtempSync(join(tmpdir(), 'ocd-bench-site-'));
try {
  const realPrograms = readdirSync('content/programs').filter((f) => f.endsWith('.md')).length;
  const builtSite = process.env.ASTRO_OUT_DIR ?? 'dist';
  if (!values['skip-build'] && onlyParts === null) {
    progress('building the real content in a temporary copy…');
    runGenerators();
    const built = await scaleBuild(0, timedBuild, { keepDist: site });
    results.build = {
      seconds: built.seconds,
      cpuSeconds: built.cpuSeconds,
      peakMiB: built.peakMiB,
      ok: built.ok,
      programs: realPrograms,
    };
    if (!built.ok) throw new Error('the build failed (its output is above)');
  } else {
    if (!existsSync(join(builtSite, 'index.html')))
      throw new Error(`--skip-build needs a built ${builtSite}/ (npm run build)`);
    cpSync(builtSite, site, { recursive: true });
    notes.push(`--skip-build: pages, search data and Lighthouse measured on a copy of ${builtSite}/.`);
  }
  if (onlyParts === null) results.budgets.push(...buildRows(results.build));

  if (requestedScale !== null && onlyParts === null) {
    progress(`building ${String(requestedScale)} synthetic programs in a temporary copy…`);
    results.scale = await scaleBuild(requestedScale, timedBuild);
  }
  if (onlyParts === null) results.budgets.push(...scaleRows(results.scale, requestedScale));

  // ---- pages and search, in Chromium, against a static server of the site ----
  const server = await startStaticServer(site, await searchPageRoutes());
  const browser = await chromium.launch(chromiumLaunchOptions());
  const programIds = readdirSync(join(site, 'program'))
    .filter((f) => f.endsWith('.html'))
    .map((f) => f.replace(/\.html$/, ''))
    .sort();
  const post = readdirSync(join(site, 'blog'))
    .filter((f) => f.endsWith('.html'))
    .sort()[0]
    ?.replace(/\.html$/, '');
  const profile = programIds[0] ?? 'missing';
  const paths: Record<string, string> = {
    home: '/',
    profile: `/program/${profile}`,
    'blog post': `/blog/${post ?? 'missing'}`,
    auth: '/auth',
    'provider-login': '/provider-login',
    'provider-dashboard': '/provider-dashboard',
    compare: `/compare?ids=${programIds.slice(0, 3).join(',')}`,
  };
  try {
    if (runs('pages')) {
      progress('pages in Chromium…');
      results.pages = await measurePages(browser, server.origin, paths);
      results.budgets.push(...pageRows(results.pages, ''));
    }

    if (runs('search')) await measureSearch();
    if (runs('inp')) {
      progress('Interaction to Next Paint on a slowed phone…');
      results.inp = await measureInp(browser, site, paths['profile'] ?? '/').catch((error: unknown) => {
        console.error('bench: Interaction to Next Paint could not be measured:', error);
        return null;
      });
      for (const error of results.inp?.errors ?? []) console.error(`bench: INP, ${error}`);
      results.budgets.push(...inpRows(results.inp));
    }
  } finally {
    await browser.close();
  }

  /** Search in Chromium (the island and the directory code), the index's shards, ZIP/city lookups. */
  async function measureSearch(): Promise<void> {
    const island: Record<string, IslandFigures | null> = {};
    const browserSearch: Record<string, BrowserSearchFigures> = {};
    for (const size of SEARCH_SIZES) {
      progress(`search in Chromium over ${String(size)} programs…`);
      island[String(size)] = await measureIsland(browser, site, size).catch((error: unknown) => {
        console.error(`bench: the directory island could not be measured at ${String(size)}:`, error);
        return null;
      });
      browserSearch[String(size)] = await measureSearchInBrowser(browser, server.origin, size);
    }
    const shardDir = join(site, 'directory-index');
    const shards = readdirSync(shardDir).map((f) => gzipSync(readFileSync(join(shardDir, f))).length);
    progress('ZIP and city lookups…');
    results.search = {
      island,
      browser: browserSearch,
      indexShards: shards.length,
      indexMaxShardGzipBytes: Math.max(0, ...shards),
      geo: await benchGeo(),
    };
    results.budgets.push(...searchRows(results.search));
  }

  // --only: the browser parts asked for, nothing else.
  if (onlyParts === null) {
    // ---- API: its own backend and server on random ports (no shared port, so no lock) ----
    if (!values['skip-api']) {
      progress('API on a throw-away local backend…');
      results.api = await runApiBench();
    }
    results.budgets.push(...apiRows(results.api, values['skip-api'] ? '--skip-api' : 'failed, see above'));

    // ---- Lighthouse ----
    if (!values['skip-lighthouse']) {
      results.lighthouse = {};
      for (const type of ['home', 'profile', 'blog post', 'provider-login']) {
        progress(`Lighthouse ${type}…`);
        results.lighthouse[type] = await lighthouse(server.origin + (paths[type] ?? '/'));
      }
      const offOrigin = Object.values(results.lighthouse).flatMap((r) => r.offOriginRequests);
      results.budgets.push(...lighthouseRows(results.lighthouse, ''));
      results.budgets.push(
        atMost(
          'lighthouse.offOrigin',
          'requests leaving the site during the Lighthouse runs',
          offOrigin.length,
          0,
          count,
        ),
      );
    } else {
      results.budgets.push(...lighthouseRows(null, '--skip-lighthouse'));
    }
  }
  await server.close();
} finally {
  rmSync(site, { recursive: true, force: true });
}

if (onlyParts === null) writeResults(results, notes);
else
  console.log(
    formatTable(results.budgets, [`--only ${[...onlyParts].join(',')}: not written to bench-results/.`]),
  );

/** scripts/bench-api.ts in its own process (its backend's memory and handles stay there). */
async function runApiBench(): Promise<ApiBench | null> {
  const child = spawn(process.execPath, ['scripts/bench-api.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  // The result is the last top-level JSON object printed (the backend may log before it).
  const start = stdout.startsWith('{') ? 0 : stdout.lastIndexOf('\n{\n') + 1;
  if (code !== 0 || start < 0) {
    console.error(`bench-api exited with ${String(code)}:\n${stdout.slice(-2000)}`);
    return null;
  }
  try {
    return JSON.parse(stdout.slice(start)) as ApiBench;
  } catch {
    console.error(`bench-api printed no result:\n${stdout.slice(-2000)}`);
    return null;
  }
}
