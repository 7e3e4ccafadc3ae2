/**
 * The local server and the scheduled drain: `loadFunctions` routes every admin endpoint and skips
 * the scheduled function (it has no URL), and `npm start` drains the notifications outbox itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { config as drainConfig } from '../../../netlify/functions/notifications-drain.mts';
import { loadFunctions, route } from '../../../scripts/lib/functions.ts';

describe('functions under npm start', () => {
  it('routes the admin endpoints and skips the scheduled drain', async () => {
    const functions = await loadFunctions(join(process.cwd(), 'netlify', 'functions'));
    const names = functions.map((f) => f.name);
    expect(names).not.toContain('notifications-drain');
    expect(drainConfig.schedule).toBe('*/5 * * * *');
    expect(route(functions, '/api/admin/verification-requests', 'GET')?.fn.name).toBe(
      'admin-verification-requests',
    );
    expect(route(functions, '/api/admin/verification-requests/abc', 'PATCH')?.params).toEqual({ id: 'abc' });
    expect(route(functions, '/api/admin/listings/abc', 'PATCH')?.fn.name).toBe('admin-listings');
    expect(route(functions, '/api/admin/overview', 'GET')?.fn.name).toBe('admin-overview');
  });

  it('npm start drains the outbox every minute and stops doing so on shutdown', () => {
    const start = readFileSync(join(process.cwd(), 'scripts', 'start.ts'), 'utf8');
    expect(start).toMatch(/setInterval\(\(\) => \{\s*drainNotifications\(\)/);
    expect(start).toContain('}, 60_000);');
    expect(start).toContain('clearInterval(drainTimer)');
  });
});
