/**
 * Dependency patches: `patch-package` applies patches/<name>+<version>.patch at `postinstall`,
 * reviewable diffs against the published packages, each for a defect with no fixed release yet
 * (what and why: patches/README.md). These checks keep the mechanism whole (each patch's package
 * pinned to the version it was made for, the installed files patched) and the fixes in place.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

interface PackageJson {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides: Record<string, unknown>;
}
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson;

/** The patch files, each with its package, version and the files it changes with their added lines. */
const PATCHES = readdirSync('patches')
  .filter((name) => name.endsWith('.patch'))
  .map((file) => {
    const [, name = '', version = ''] = /^(.+)\+([^+]+)\.patch$/.exec(file) ?? [];
    const text = readFileSync(join('patches', file), 'utf8');
    const files = text
      .split(/^diff --git /m)
      .slice(1)
      .map((section) => ({
        path: /^\+\+\+ b\/(.+)$/m.exec(section)?.[1] ?? '',
        added: section
          .split('\n')
          .filter((line) => line.startsWith('+') && !line.startsWith('+++'))
          .map((line) => line.slice(1)),
      }));
    return { file, name: name.replaceAll('+', '/'), version, files };
  });

/** The text of an installed file of a package. */
const installed = (name: string, file: string): string =>
  readFileSync(join('node_modules', name, file), 'utf8');

describe('dependency patches through patch-package', () => {
  it('postinstall runs patch-package, a devDependency', () => {
    expect(pkg.scripts['postinstall']).toBe('patch-package');
    expect(pkg.devDependencies['patch-package']).toBeDefined();
  });

  it('patches postgres, async-exit-hook and astro', () => {
    expect(PATCHES.map((p) => p.name).sort()).toEqual(['astro', 'async-exit-hook', 'postgres']);
  });

  it.each(PATCHES.map((p) => [p.file, p] as const))(
    '%s: its package is pinned to that version, installed at it, and patched',
    (_, patch) => {
      const pinned =
        pkg.dependencies[patch.name] ?? pkg.devDependencies[patch.name] ?? pkg.overrides[patch.name];
      expect(pinned).toBe(patch.version);
      const installedVersion = (JSON.parse(installed(patch.name, 'package.json')) as { version: string })
        .version;
      expect(installedVersion).toBe(patch.version);
      expect(patch.files.length).toBeGreaterThan(0);
      for (const { path, added } of patch.files) {
        const prefix = `node_modules/${patch.name}/`;
        expect(path.startsWith(prefix)).toBe(true);
        const text = installed(patch.name, path.slice(prefix.length));
        for (const line of added) expect(text).toContain(line);
      }
    },
  );
});

describe('postgres.js: a deferred write on a closed connection (porsager/postgres#1208)', () => {
  it.each(['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js'])(
    'the installed %s guards nextWrite against a closed socket',
    (file) => {
      const text = installed('postgres', file);
      expect(text).toMatch(/function nextWrite\(fn\) \{\n.*\n\s+if \(!socket\) \{/);
      expect(text).toContain("error(Errors.connection('CONNECTION_CLOSED', options))");
      expect(text).toContain('clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null');
    },
  );
});

describe('async-exit-hook: beforeExit kept no failure code', () => {
  it('the installed hook keeps an exit code the program chose', () => {
    const text = installed('async-exit-hook', 'index.js');
    expect(text).toContain('process.exit(code || process.exitCode || 0)');
    expect(text).not.toContain('process.exit.bind(null, code)');
  });
});

describe('Astro: work repeated for every page of a large build', () => {
  it.each([
    ['dist/content/vite-plugin-content-virtual-mod.js', '/* patched: prerender reads the data store file */'],
    ['dist/core/encryption.js', '/* patched: remembered CSP digests */'],
    ['dist/core/build/generate.js', '/* patched: each output folder made once */'],
  ])('the installed %s is patched', (file, marker) => {
    expect(installed('astro', file)).toContain(marker);
  });

  it('a remembered CSP digest is the digest: the same base64 SHA-256 Astro computed, for each input', async () => {
    const file = pathToFileURL(join(process.cwd(), 'node_modules/astro/dist/core/encryption.js')).href;
    const { generateCspDigest } = (await import(/* @vite-ignore */ file)) as {
      generateCspDigest: (data: string, algorithm: 'SHA-256') => Promise<string>;
    };
    const sha = (data: string) => `sha256-${createHash('sha256').update(data).digest('base64')}`;
    for (const data of ['body{margin:0}', 'body{margin:1px}', 'body{margin:0}', '']) {
      expect(await generateCspDigest(data, 'SHA-256')).toBe(sha(data));
    }
  });
});
