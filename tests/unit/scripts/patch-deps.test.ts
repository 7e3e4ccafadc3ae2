import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ASTRO_PATCHES,
  EXIT_HOOK_PATCH,
  POSTGRES_PATCH,
  patchAstro,
  patchExitHook,
  patchPostgres,
} from '../../../scripts/patch-deps.mjs';

describe('postinstall patch of postgres.js (porsager/postgres#1208)', () => {
  it.each(POSTGRES_PATCH.files)('the installed %s guards nextWrite against a closed socket', (file) => {
    const text = readFileSync(join('node_modules', 'postgres', file), 'utf8');
    expect(text).toContain(POSTGRES_PATCH.marker);
    expect(text).toMatch(/function nextWrite\(fn\) \{\n.*\n\s+if \(!socket\) \{/);
    expect(text).toContain('clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null');
  });

  it('is idempotent, and refuses code it does not recognise instead of shipping it unpatched', () => {
    const dir = mkdtempSync(join(tmpdir(), 'patch-'));
    try {
      cpSync(join('node_modules', 'postgres'), dir, { recursive: true });
      expect(patchPostgres(dir)).toEqual([]);
      writeFileSync(join(dir, 'src/connection.js'), 'function nextWrite(fn) { return socket.write(chunk) }');
      expect(() => patchPostgres(dir)).toThrow('no longer contains the code to patch');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('postinstall patch of async-exit-hook (beforeExit kept no failure code)', () => {
  it('the installed hook keeps an exit code the program chose', () => {
    const text = readFileSync(join('node_modules', 'async-exit-hook', 'index.js'), 'utf8');
    expect(text).toContain(EXIT_HOOK_PATCH.marker);
    expect(text).toContain('process.exit(code || process.exitCode || 0)');
    expect(text).not.toContain('process.exit.bind(null, code)');
  });

  it('is idempotent, and refuses code it does not recognise', () => {
    const dir = mkdtempSync(join(tmpdir(), 'patch-'));
    try {
      cpSync(join('node_modules', 'async-exit-hook'), dir, { recursive: true });
      expect(patchExitHook(dir)).toEqual([]);
      writeFileSync(join(dir, 'index.js'), 'process.exit(code);');
      expect(() => patchExitHook(dir)).toThrow('no longer contains the code to patch');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('postinstall patches of Astro (work repeated for every page of a large build)', () => {
  it.each(ASTRO_PATCHES.map(([patch, , name]) => [name, patch] as const))('%s is applied', (_, patch) => {
    for (const file of patch.files) {
      expect(readFileSync(join('node_modules', 'astro', file), 'utf8')).toContain(patch.marker);
    }
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

  it('is idempotent, and refuses code it does not recognise', () => {
    const dir = mkdtempSync(join(tmpdir(), 'patch-'));
    try {
      for (const [patch] of ASTRO_PATCHES) {
        for (const file of patch.files) {
          mkdirSync(join(dir, file, '..'), { recursive: true });
          cpSync(join('node_modules', 'astro', file), join(dir, file));
        }
      }
      expect(patchAstro(dir)).toEqual([]);
      writeFileSync(join(dir, 'dist/core/encryption.js'), 'async function generateCspDigest() {}');
      expect(() => patchAstro(dir)).toThrow('no longer contains the code to patch');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
