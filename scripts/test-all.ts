/**
 * `npm test`: every check in order — types, lint, unit, db, api, a build of 2,000 synthetic
 * programs, e2e — stopping at the first failure, then one summary line
 * (`tests: N passed, N failed`) that CI reads.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

// Outside test-results/: Playwright empties that folder when it starts.
const out = '.test-summary';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

type Step = { name: string; cmd: string[]; report?: string; kind?: 'vitest' | 'playwright' };
const steps: Step[] = [
  { name: 'generate', cmd: ['node', 'scripts/gen-program-index.ts'] },
  { name: 'check', cmd: ['npm', 'run', '-s', 'check'] },
  { name: 'lint', cmd: ['npm', 'run', '-s', 'lint'] },
  ...(['unit', 'db', 'api'] as const).map((project): Step => ({
    name: project,
    cmd: [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      `--reporter=json`,
      `--outputFile.json=${out}/${project}.json`,
    ],
    report: `${out}/${project}.json`,
    kind: 'vitest',
  })),
  // The build at scale (synthetic programs in a temporary copy): it must succeed, whatever it takes.
  {
    name: 'scale build',
    cmd: ['node', 'scripts/bench.ts', '--scale', '2000', '--only-scale', '--no-save'],
  },
  { name: 'e2e', cmd: ['playwright', 'test'], report: `${out}/e2e.json`, kind: 'playwright' },
];

let passed = 0;
let failed = 0;
let status = 0;
for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${step.cmd.join(' ')}`);
  const env =
    step.kind === 'playwright' ? { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: step.report } : process.env;
  const result = spawnSync(step.cmd[0] ?? '', step.cmd.slice(1), { stdio: 'inherit', env });
  if (step.report) {
    try {
      const report = JSON.parse(readFileSync(step.report, 'utf8')) as {
        numPassedTests?: number;
        numFailedTests?: number;
        stats?: { expected?: number; unexpected?: number; flaky?: number };
      };
      passed += report.numPassedTests ?? (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
      failed += report.numFailedTests ?? report.stats?.unexpected ?? 0;
    } catch {
      // No report: the step failed before running tests; its exit status says so below.
    }
  }
  if (result.status !== 0) {
    console.error(`\n✖ ${step.name} failed (exit ${result.status ?? 'signal'})`);
    status = result.status ?? 1;
    if (failed === 0) failed = 1;
    break;
  }
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(status);
