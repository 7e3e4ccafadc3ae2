import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EXIT_HOOK_PATCH,
  POSTGRES_PATCH,
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
