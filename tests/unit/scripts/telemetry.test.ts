/**
 * No command of the project talks to a telemetry service. Astro reports usage to
 * telemetry.astro.build unless ASTRO_TELEMETRY_DISABLED is set (on a fresh machine it also prints
 * a notice), so:
 * - package.json scripts run Astro only through `node scripts/astro.ts …`, which sets it;
 * - a script that spawns `astro` (or calls Astro's programmatic build/dev/preview/sync) sets it
 *   in its own process.env, which the child inherits.
 * The detectors are tested on small examples first, so a rule cannot pass by matching nothing.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SWITCH = /process\.env\.ASTRO_TELEMETRY_DISABLED\s*=\s*['"]1['"]/;

/** The commands of one npm script (split on && || ; |), without leading `VAR=value` words. */
function commands(script: string): string[][] {
  return script
    .split(/&&|\|\||;|\|/)
    .map((part) => part.trim().split(/\s+/).filter(Boolean))
    .map((words) => {
      let i = 0;
      while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i] ?? '')) i++;
      return words.slice(i);
    })
    .filter((words) => words.length > 0);
}

/** True when an npm script runs the Astro CLI directly (not through scripts/astro.ts). */
function runsAstroDirectly(script: string): boolean {
  return commands(script).some((words) => {
    let i = 0;
    if (words[i] === 'npx' || words[i] === 'pnpx') i++;
    else if ((words[i] === 'pnpm' || words[i] === 'yarn') && words[i + 1] === 'exec') i += 2;
    else if (words[i] === 'npm' && words[i + 1] === 'exec') i += 2;
    while (words[i]?.startsWith('-')) i++;
    if (words[i] === 'node' && /astro\/bin\/astro\.mjs$/.test(words[i + 1] ?? '')) return true;
    const cmd = words[i] ?? '';
    return cmd === 'astro' || cmd.endsWith('/astro') || /node_modules\/astro\/bin\//.test(cmd);
  });
}

/** True when source code starts the Astro CLI or calls its programmatic commands. */
function startsAstro(source: string): boolean {
  // `spawn('astro', …)`, `spawnSync('npx', ['astro', …])`, `execFileSync('time', [..., 'astro', ...])`
  const spawnsIt =
    /\b(spawn|spawnSync|exec|execSync|execFile|execFileSync|fork)\s*\([^;]*?['"`](npx\s+)?astro(\s[^'"`]*)?['"`]/s.test(
      source,
    );
  const binPath = /astro\/bin\/astro\.mjs/.test(source);
  const api =
    /import\s*\{[^}]*\b(build|dev|preview|sync)\b[^}]*\}\s*from\s*['"]astro['"]/.test(source) ||
    /import\(\s*['"]astro['"]\s*\)/.test(source);
  return spawnsIt || binPath || api;
}

function filesUnder(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, ext));
    else if (ext.test(name)) out.push(path);
  }
  return out;
}

describe('detectors', () => {
  it.each([
    ['astro build', true],
    ['astro dev --host', true],
    ['node scripts/gen.ts && astro check --minimumSeverity warning', true],
    ['npx astro build', true],
    ['npm exec astro -- build', true],
    ['ASTRO_TELEMETRY_DISABLED=1 astro build', true], // POSIX-only syntax: refused too
    ['node_modules/.bin/astro build', true],
    ['node node_modules/astro/bin/astro.mjs build', true],
    ['node scripts/astro.ts build', false],
    ['node scripts/gen.ts && node scripts/astro.ts check && tsc -p x --noEmit', false],
    ['eslint . --max-warnings 0 && prettier --check .', false],
    ['playwright test', false],
  ])('npm script %j runs astro directly: %s', (script, expected) => {
    expect(runsAstroDirectly(script)).toBe(expected);
  });

  it.each([
    ["spawn('astro', ['dev'], { stdio: 'inherit' })", true],
    ["spawnSync('/usr/bin/time', ['-f', 'X', 'npx', 'astro', 'build'], {})", true],
    ["execSync('npx astro build')", true],
    ["import { build } from 'astro';", true],
    ["const { dev } = await import('astro')", true],
    ["spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'])", true],
    ["spawn(process.execPath, ['scripts/start.ts', '--no-build'])", false],
    ["import type { AstroIntegration } from 'astro';", false],
    ["// `astro build` in a comment\nconst x = 'astronaut';", false],
  ])('source %j starts astro: %s', (source, expected) => {
    expect(startsAstro(source)).toBe(expected);
  });
});

describe('Astro telemetry is off for every command', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };

  it.each(Object.entries(pkg.scripts))(
    'package.json script %s runs Astro only through scripts/astro.ts',
    (_name, script) => {
      expect(
        runsAstroDirectly(script),
        `use \`node scripts/astro.ts …\` instead of \`astro …\` in: ${script}`,
      ).toBe(false);
    },
  );

  it('the build, dev, check scripts do go through the wrapper', () => {
    expect(pkg.scripts['build']).toMatch(/node (--max-old-space-size=\d+ )?scripts\/astro\.ts build/);
    expect(pkg.scripts['dev:site']).toMatch(/node scripts\/astro\.ts dev/);
    expect(pkg.scripts['check']).toMatch(/node scripts\/astro\.ts check/);
  });

  it('scripts/astro.ts sets the switch before it loads Astro', () => {
    const source = readFileSync(join(ROOT, 'scripts', 'astro.ts'), 'utf8');
    const set = source.search(SWITCH);
    const load = source.search(/await import\(/);
    expect(set).toBeGreaterThan(-1);
    expect(load).toBeGreaterThan(set);
  });

  const sources = [
    ...filesUnder(join(ROOT, 'scripts'), /\.(ts|mts|mjs|js)$/),
    ...filesUnder(join(ROOT, 'tests', 'setup'), /\.(ts|mts|mjs|js)$/),
    join(ROOT, 'playwright.config.ts'),
    join(ROOT, 'vitest.config.ts'),
  ].filter((path) => !path.endsWith(join('scripts', 'astro.ts')));

  it('finds the scripts that start Astro (dev, start, bench)', () => {
    const starters = sources
      .filter((path) => startsAstro(readFileSync(path, 'utf8')))
      .map((p) => relative(ROOT, p));
    expect(starters).toEqual(
      expect.arrayContaining(['scripts/dev.ts', 'scripts/start.ts', 'scripts/bench.ts']),
    );
  });

  it.each(sources.map((path) => [relative(ROOT, path), path]))(
    '%s sets the switch if it starts Astro',
    (_name, path) => {
      const source = readFileSync(path, 'utf8');
      if (!startsAstro(source)) return;
      expect(source, "add process.env.ASTRO_TELEMETRY_DISABLED = '1' before starting Astro").toMatch(SWITCH);
    },
  );
});
