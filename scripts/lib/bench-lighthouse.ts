/**
 * Lighthouse 13 (the devDependency) with its default mobile settings (Moto G Power emulation,
 * simulated slow 4G: nothing is actually throttled, so no request is slowed or sent elsewhere)
 * against the bench's static server, one CLI run per page in Debian's Chromium. Scores 0–100.
 */
import { spawn } from 'node:child_process';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';

export interface LighthouseScores {
  url: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** Failing audits of the four categories (score < 1), for the reader of latest.json. */
  failing: string[];
  /** Requests the page made that left the origin (should be none). */
  offOriginRequests: string[];
  error?: string;
}

interface LhResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode: string;
      title: string;
      details?: { items?: { url?: string }[] };
    }
  >;
  runtimeError?: { message: string };
}

export async function lighthouse(url: string): Promise<LighthouseScores> {
  const chromeFlags = CHROMIUM_ARGS.map((a) => (a === '--headless' ? '--headless=new' : a)).join(' ');
  const args = [
    'node_modules/lighthouse/cli/index.js',
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=${chromeFlags}`,
  ];
  const path = chromiumPath();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...(path ? { CHROME_PATH: path } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const empty = { url, performance: null, accessibility: null, bestPractices: null, seo: null, failing: [] };
  if (code !== 0)
    return { ...empty, offOriginRequests: [], error: stderr.slice(-800) || `exit ${String(code)}` };
  const lhr = JSON.parse(stdout) as LhResult;
  const score = (id: string): number | null => {
    const s = lhr.categories[id]?.score;
    return s === null || s === undefined ? null : Math.round(s * 100);
  };
  const failing = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id))
    .filter((id) => {
      const audit = lhr.audits[id];
      return (
        audit?.score !== null &&
        audit?.score !== undefined &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== 'informative'
      );
    })
    .map((id) => `${id} (${String(Math.round((lhr.audits[id]?.score ?? 0) * 100))})`);
  const origin = new URL(url).origin;
  const offOriginRequests = (lhr.audits['network-requests']?.details?.items ?? [])
    .map((item) => item.url ?? '')
    .filter((u) => u !== '' && !u.startsWith(origin) && !u.startsWith('data:'));
  return {
    url,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    failing: [...new Set(failing)],
    offOriginRequests,
    ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
  };
}
